import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LocalMediaStorage, S3MediaStorage } from "./media-storage";
import { parseEnv } from "../env";

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

describe("S3MediaStorage (AWS SDK) against a fake S3 server", () => {
  type Seen = { method: string; path: string; authorization: string; contentType?: string; cacheControl?: string };
  const objects = new Map<string, { data: Buffer; contentType: string }>();
  const seen: Seen[] = [];
  let refuseWrites = false;
  let server: http.Server;
  let endpoint = "";

  // A bucket in memory: path-style URLs /<bucket>/<key>, refuses unsigned requests like S3 does.
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        const url = new URL(req.url ?? "/", "http://localhost");
        const path = decodeURIComponent(url.pathname);
        seen.push({
          method: req.method ?? "",
          path,
          authorization: String(req.headers.authorization ?? ""),
          contentType: req.headers["content-type"],
          cacheControl: req.headers["cache-control"],
        });
        const xmlError = (status: number, code: string) => {
          res.writeHead(status, { "content-type": "application/xml" });
          res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`);
        };
        if (
          !/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-west-3\/s3\/aws4_request, ?SignedHeaders=[a-z0-9;-]+, ?Signature=[0-9a-f]{64}$/.test(
            String(req.headers.authorization),
          )
        ) {
          return xmlError(403, "SignatureDoesNotMatch");
        }
        if (req.method === "PUT") {
          if (refuseWrites) return xmlError(403, "AccessDenied");
          objects.set(path, { data: Buffer.concat(chunks), contentType: String(req.headers["content-type"]) });
          res.writeHead(200, { etag: '"x"' });
          return res.end();
        }
        if (req.method === "GET") {
          const object = objects.get(path);
          if (!object) return xmlError(404, "NoSuchKey");
          res.writeHead(200, { "content-type": object.contentType, "content-length": object.data.length });
          return res.end(object.data);
        }
        if (req.method === "DELETE") {
          objects.delete(path);
          res.writeHead(204);
          return res.end();
        }
        xmlError(405, "MethodNotAllowed");
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  const make = () =>
    new S3MediaStorage({
      endpoint,
      bucket: "product-images",
      region: "eu-west-3",
      credentials: { accessKeyId: "AKIDEXAMPLE", secretAccessKey: "secret" },
      pathStyle: true,
    });

  it("uploads a signed object with its type and cache control, reads it back and deletes it", async () => {
    const storage = make();
    try {
      const bytes = new Uint8Array([1, 2, 3, 250]);
      await storage.put(KEY, bytes, "image/webp");
      const put = seen.at(-1)!;
      expect(put).toMatchObject({
        method: "PUT",
        path: `/product-images/${KEY}`,
        contentType: "image/webp",
        cacheControl: "public, max-age=3600",
      });
      expect(put.authorization).toMatch(/^AWS4-HMAC-SHA256 /);
      expect([...objects.get(`/product-images/${KEY}`)!.data]).toEqual([1, 2, 3, 250]);

      const read = await storage.get(KEY);
      expect(seen.at(-1)).toMatchObject({ method: "GET", path: `/product-images/${KEY}` });
      expect(read?.contentType).toBe("image/webp");
      expect([...read!.data]).toEqual([1, 2, 3, 250]);

      await storage.delete(KEY);
      expect(seen.at(-1)).toMatchObject({ method: "DELETE", path: `/product-images/${KEY}` });
      expect(objects.has(`/product-images/${KEY}`)).toBe(false);
      // A missing object reads as null, and deleting it again is not an error.
      expect(await storage.get(KEY)).toBeNull();
      await storage.delete(KEY);
    } finally {
      storage.destroy();
    }
  });

  it("throws when the bucket refuses a write, and never sends a key that is not one of ours", async () => {
    const storage = make();
    refuseWrites = true;
    try {
      await expect(storage.put(KEY, new Uint8Array([1]), "image/webp")).rejects.toThrow(/AccessDenied/);
      const before = seen.length;
      await expect(storage.get("../secret.txt")).rejects.toThrow(/Invalid media key/);
      await expect(storage.delete("products/../../x.webp")).rejects.toThrow(/Invalid media key/);
      expect(seen.length).toBe(before);
    } finally {
      refuseWrites = false;
      storage.destroy();
    }
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
