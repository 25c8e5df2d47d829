import { describe, expect, it } from "vitest";
import { amzDate, EMPTY_PAYLOAD_SHA256, sha256Hex, signV4 } from "./s3-signature";

describe("AWS Signature Version 4", () => {
  it("matches AWS's S3 example: GET /test.txt from examplebucket with a Range header", () => {
    // https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html (Example: GET Object)
    const signed = signV4(
      {
        method: "GET",
        url: "https://examplebucket.s3.amazonaws.com/test.txt",
        headers: {
          Host: "examplebucket.s3.amazonaws.com",
          Range: "bytes=0-9",
          "x-amz-content-sha256": EMPTY_PAYLOAD_SHA256,
          "x-amz-date": "20130524T000000Z",
        },
        payloadHash: EMPTY_PAYLOAD_SHA256,
      },
      { accessKeyId: "AKIAIOSFODNN7EXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY" },
      { region: "us-east-1", service: "s3", date: "20130524T000000Z" },
    );
    expect(sha256Hex(signed.canonicalRequest)).toBe("7344ae5b7ee6c3e7e6b0fe0640412a37625d1fbfff95c48bbb2dc43964946972");
    expect(signed.signature).toBe("f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41");
    expect(signed.authorization).toBe(
      "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request," +
        "SignedHeaders=host;range;x-amz-content-sha256;x-amz-date," +
        "Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
    );
  });

  it("matches the SigV4 test suite's get-vanilla-query-order-key-case (query sorted by key)", () => {
    const signed = signV4(
      {
        method: "GET",
        url: "https://example.amazonaws.com/?Param2=value2&Param1=value1",
        headers: { Host: "example.amazonaws.com", "X-Amz-Date": "20150830T123600Z" },
        payloadHash: EMPTY_PAYLOAD_SHA256,
      },
      { accessKeyId: "AKIDEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY" },
      { region: "us-east-1", service: "service", date: "20150830T123600Z" },
    );
    expect(signed.canonicalRequest.split("\n")[2]).toBe("Param1=value1&Param2=value2");
    expect(signed.signature).toBe("b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500");
  });

  it("formats x-amz-date without separators or milliseconds", () => {
    expect(amzDate(new Date("2015-08-30T12:36:00.123Z"))).toBe("20150830T123600Z");
  });
});
