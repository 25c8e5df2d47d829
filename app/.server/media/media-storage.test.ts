import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { LocalMediaStorage, S3MediaStorage } from "./media-storage";
import { parseEnv } from "../env";
import { sha256Hex } from "./s3-signature";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "aurore-media-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const KEY = "products/1735689600000-abcdefgh12345678.webp";

describe("LocalMediaStorage", () => {
  const storage = new LocalMediaStorage(root);

  it("puts, reads and deletes a file under the uploads folder", async () => {
    const bytes = new Uint8Array([1, 2, 3, 4]);
    await storage.put(KEY, bytes, "image/webp");
    expect(fs.readFileSync(path.join(root, KEY))).toEqual(Buffer.from(bytes));
    const read = await storage.get(KEY);
    expect(read?.contentType).toBe("image/webp");
    expect([...read!.data]).toEqual([1, 2, 3, 4]);
    // No temporary file left behind.
    expect(fs.readdirSync(path.join(root, "products"))).toEqual([path.basename(KEY)]);
    await storage.delete(KEY);
    expect(fs.existsSync(path.join(root, KEY))).toBe(false);
    expect(await storage.get(KEY)).toBeNull();
    // Deleting again is not an error.
    await storage.delete(KEY);
  });

  it("never overwrites an existing file", async () => {
    await storage.put(KEY, new Uint8Array([9]), "image/webp");
    await expect(storage.put(KEY, new Uint8Array([8]), "image/webp")).rejects.toThrow();
    expect([...(await storage.get(KEY))!.data]).toEqual([9]);
    await storage.delete(KEY);
  });

  it("refuses any key that is not one of ours (no path traversal)", async () => {
    fs.writeFileSync(path.join(root, "secret.txt"), "secret");
    for (const key of [
      "../secret.txt",
      "products/../../etc/passwd",
      "/etc/passwd",
      "products/x.webp",
      "products/1735689600000-abcdefgh12345678.svg",
    ]) {
      await expect(storage.get(key)).rejects.toThrow(/Invalid media key/);
      await expect(storage.delete(key)).rejects.toThrow(/Invalid media key/);
      await expect(storage.put(key, new Uint8Array([1]), "image/webp")).rejects.toThrow(/Invalid media key/);
    }
    expect(fs.readFileSync(path.join(root, "secret.txt"), "utf8")).toBe("secret");
  });
});

describe("S3MediaStorage", () => {
  type Call = { url: string; method: string; headers: Record<string, string>; body?: Buffer };
  function fakeS3(status: number, body = "") {
    const calls: Call[] = [];
    const fetchImpl = (async (url: string, init: RequestInit) => {
      calls.push({
        url,
        method: String(init.method),
        headers: init.headers as Record<string, string>,
        body: init.body as Buffer | undefined,
      });
      return new Response(status === 204 ? null : body, { status, headers: { "content-type": "image/webp" } });
    }) as unknown as typeof fetch;
    return { calls, fetchImpl };
  }
  const config = {
    endpoint: "https://s3.example.test",
    bucket: "product-images",
    region: "eu-west-3",
    credentials: { accessKeyId: "AKIDEXAMPLE", secretAccessKey: "secret" },
    pathStyle: true,
    now: () => new Date("2025-01-02T03:04:05Z"),
  };

  it("PUTs a signed object with its hash, type and cache control", async () => {
    const { calls, fetchImpl } = fakeS3(200);
    const storage = new S3MediaStorage({ ...config, fetch: fetchImpl });
    await storage.put(KEY, new Uint8Array([1, 2, 3]), "image/webp");
    expect(calls).toHaveLength(1);
    const call = calls[0];
    expect(call.method).toBe("PUT");
    expect(call.url).toBe(`https://s3.example.test/product-images/${KEY}`);
    expect(call.headers["x-amz-content-sha256"]).toBe(sha256Hex(new Uint8Array([1, 2, 3])));
    expect(call.headers["x-amz-date"]).toBe("20250102T030405Z");
    expect(call.headers["cache-control"]).toBe("public, max-age=3600");
    expect(call.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/20250102\/eu-west-3\/s3\/aws4_request,SignedHeaders=cache-control;content-type;host;x-amz-content-sha256;x-amz-date,Signature=[0-9a-f]{64}$/,
    );
  });

  it("uses virtual-hosted URLs when path style is off, maps 404 to null and tolerates deleting a missing object", async () => {
    const { calls, fetchImpl } = fakeS3(404);
    const storage = new S3MediaStorage({ ...config, pathStyle: false, fetch: fetchImpl });
    expect(await storage.get(KEY)).toBeNull();
    await storage.delete(KEY);
    expect(calls.map((c) => [c.method, c.url])).toEqual([
      ["GET", `https://product-images.s3.example.test/${KEY}`],
      ["DELETE", `https://product-images.s3.example.test/${KEY}`],
    ]);
  });

  it("throws when the bucket refuses a write", async () => {
    const { fetchImpl } = fakeS3(403, "AccessDenied");
    await expect(new S3MediaStorage({ ...config, fetch: fetchImpl }).put(KEY, new Uint8Array([1]), "image/webp")).rejects.toThrow(/403/);
  });
});

describe("S3 configuration", () => {
  it("stops the boot when S3_BUCKET is set without its endpoint and keys", () => {
    expect(() => parseEnv({ S3_BUCKET: "product-images" })).toThrow(/S3_ENDPOINT is required when S3_BUCKET is set/);
    const env = parseEnv({
      S3_BUCKET: "product-images",
      S3_ENDPOINT: "https://s3.example.test",
      S3_ACCESS_KEY_ID: "a",
      S3_SECRET_ACCESS_KEY: "b",
    });
    expect([env.S3_REGION, env.S3_FORCE_PATH_STYLE]).toEqual(["us-east-1", "true"]);
  });
});
