/**
 * AWS Signature Version 4 with node:crypto, for the S3-compatible media storage (no SDK: one
 * PUT, GET and DELETE do not justify a dependency). Follows
 * https://docs.aws.amazon.com/IAM/latest/UserGuide/create-signed-request.html; the tests check it
 * against AWS's published example vectors.
 */
import { createHash, createHmac } from "node:crypto";

export type SigV4Credentials = { accessKeyId: string; secretAccessKey: string };

export type SigV4Request = {
  method: string;
  url: string;
  /** Headers to sign (names in any case). Host is taken from the URL when absent. */
  headers: Record<string, string>;
  /** Hex SHA-256 of the body (S3 also wants it in x-amz-content-sha256). */
  payloadHash: string;
};

export type SigV4Signed = {
  authorization: string;
  canonicalRequest: string;
  stringToSign: string;
  signature: string;
};

export const EMPTY_PAYLOAD_SHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

export function sha256Hex(data: string | Uint8Array): string {
  return createHash("sha256").update(data).digest("hex");
}

function hmac(key: string | Buffer, data: string): Buffer {
  return createHmac("sha256", key).update(data, "utf8").digest();
}

/** RFC 3986 encoding as SigV4 wants it (unreserved characters left alone). */
function encodeRfc3986(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** "20150830T123600Z" for a date. */
export function amzDate(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

export function signingKey(secretAccessKey: string, day: string, region: string, service: string): Buffer {
  const kDate = hmac(`AWS4${secretAccessKey}`, day);
  const kRegion = hmac(kDate, region);
  const kService = hmac(kRegion, service);
  return hmac(kService, "aws4_request");
}

/**
 * Signs a request. `date` is the x-amz-date value ("YYYYMMDDTHHMMSSZ"); the caller sends the same
 * value in the x-amz-date header (and it must be among `headers` to be signed).
 */
export function signV4(
  request: SigV4Request,
  credentials: SigV4Credentials,
  scope: { region: string; service: string; date: string },
): SigV4Signed {
  const url = new URL(request.url);
  const headers = new Map<string, string>();
  for (const [name, value] of Object.entries(request.headers)) {
    headers.set(name.toLowerCase(), value.trim().replace(/\s+/g, " "));
  }
  if (!headers.has("host")) headers.set("host", url.host);
  const signedNames = [...headers.keys()].sort();
  const canonicalHeaders = signedNames.map((n) => `${n}:${headers.get(n)}\n`).join("");
  const signedHeaders = signedNames.join(";");

  // S3 paths are encoded once, segment by segment (keys are already plain here).
  const canonicalUri =
    url.pathname
      .split("/")
      .map((segment) => encodeRfc3986(decodeURIComponent(segment)))
      .join("/") || "/";
  const canonicalQuery = [...url.searchParams.entries()]
    .map(([k, v]) => [encodeRfc3986(k), encodeRfc3986(v)] as const)
    .sort(([ak, av], [bk, bv]) => (ak < bk ? -1 : ak > bk ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");

  const canonicalRequest = [
    request.method.toUpperCase(),
    canonicalUri,
    canonicalQuery,
    canonicalHeaders,
    signedHeaders,
    request.payloadHash,
  ].join("\n");
  const day = scope.date.slice(0, 8);
  const credentialScope = `${day}/${scope.region}/${scope.service}/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", scope.date, credentialScope, sha256Hex(canonicalRequest)].join("\n");
  const signature = createHmac("sha256", signingKey(credentials.secretAccessKey, day, scope.region, scope.service))
    .update(stringToSign, "utf8")
    .digest("hex");
  return {
    authorization: `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${credentialScope},SignedHeaders=${signedHeaders},Signature=${signature}`,
    canonicalRequest,
    stringToSign,
    signature,
  };
}
