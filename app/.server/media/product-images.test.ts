import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { fileTypeFromBuffer } from "file-type";
import { LocalMediaStorage } from "./media-storage";
import {
  droppedImages,
  newProductImageKey,
  processProductImage,
  readBodyWithLimit,
  storeProductImage,
  uploadKeyOf,
} from "./product-images";
import { IMAGE_TOO_LARGE_MESSAGE, IMAGE_TYPE_MESSAGE } from "~/domain/catalog/admin-product-form.schema";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "aurore-images-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

function png(width: number, height: number, withMetadata = false): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 160 } } }).png();
  return (withMetadata ? image.withExif({ IFD0: { Copyright: "Secret Studio", Artist: "Jane Doe" } }) : image).toBuffer();
}

describe("processProductImage", () => {
  it("accepts a PNG by its content whatever its name says, and answers a WebP inside 800x800", async () => {
    // The bytes are a PNG; the upload was named photo.jpg: only the bytes count.
    const result = await processProductImage(await png(1600, 1000));
    expect((await fileTypeFromBuffer(result.data))?.mime).toBe("image/webp");
    const meta = await sharp(result.data).metadata();
    expect([meta.width, meta.height]).toEqual([800, 500]);
    expect([result.width, result.height]).toEqual([800, 500]);
  });

  it("never enlarges a small image and keeps a portrait inside the box", async () => {
    const small = await processProductImage(await png(300, 200));
    expect([small.width, small.height]).toEqual([300, 200]);
    const portrait = await processProductImage(
      await sharp({ create: { width: 900, height: 1800, channels: 3, background: "#fff" } })
        .jpeg()
        .toBuffer(),
    );
    expect([portrait.width, portrait.height]).toEqual([400, 800]);
  });

  it("strips the metadata", async () => {
    const source = await png(400, 400, true);
    expect((await sharp(source).metadata()).exif).toBeDefined();
    const result = await processProductImage(source);
    const meta = await sharp(result.data).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(result.data.includes(Buffer.from("Secret Studio"))).toBe(false);
  });

  it("refuses a text file named .png, a GIF and a corrupt PNG with the spec's message", async () => {
    const text = Buffer.from("Ceci n'est pas une image, juste du texte renommé en photo.png\n".repeat(20));
    await expect(processProductImage(text)).rejects.toMatchObject({
      kind: "unsupported_media_type",
      code: "unsupported_image",
      message: IMAGE_TYPE_MESSAGE,
    });
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#000" } })
      .gif()
      .toBuffer();
    await expect(processProductImage(gif)).rejects.toMatchObject({
      kind: "unsupported_media_type",
      code: "unsupported_image",
      message: IMAGE_TYPE_MESSAGE,
    });
    const truncated = (await png(500, 500)).subarray(0, 200);
    await expect(processProductImage(truncated)).rejects.toMatchObject({
      kind: "unsupported_media_type",
      code: "unsupported_image",
      message: IMAGE_TYPE_MESSAGE,
    });
  });

  it("refuses 6 MB with the spec's message", async () => {
    const big = Buffer.alloc(6 * 1024 * 1024, 1);
    (await png(10, 10)).copy(big);
    await expect(processProductImage(big)).rejects.toMatchObject({
      kind: "too_large",
      code: "image_too_large",
      message: IMAGE_TOO_LARGE_MESSAGE,
    });
  });
});

describe("readBodyWithLimit", () => {
  it("refuses a declared Content-Length above 5 MB before reading", async () => {
    let pulled = 0;
    const body = new ReadableStream({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(1024));
      },
    });
    const request = new Request("http://x/upload", {
      method: "POST",
      body,
      headers: { "content-length": String(6 * 1024 * 1024) },
      duplex: "half",
    } as RequestInit);
    await expect(readBodyWithLimit(request)).rejects.toMatchObject({
      kind: "too_large",
      code: "image_too_large",
      message: IMAGE_TOO_LARGE_MESSAGE,
    });
    expect(pulled).toBeLessThanOrEqual(1);
  });

  it("stops an endless body at the limit instead of buffering it", async () => {
    let sent = 0;
    const body = new ReadableStream({
      pull(controller) {
        sent += 64 * 1024;
        controller.enqueue(new Uint8Array(64 * 1024));
      },
    });
    const request = new Request("http://x/upload", { method: "POST", body, duplex: "half" } as RequestInit);
    await expect(readBodyWithLimit(request)).rejects.toMatchObject({
      kind: "too_large",
      code: "image_too_large",
      message: IMAGE_TOO_LARGE_MESSAGE,
    });
    expect(sent).toBeLessThan(6 * 1024 * 1024);
  });

  it("reads a body under the limit whole", async () => {
    const bytes = await png(20, 20);
    const result = await readBodyWithLimit(new Request("http://x/upload", { method: "POST", body: new Uint8Array(bytes) }));
    expect(Buffer.from(result).equals(bytes)).toBe(true);
  });
});

describe("storeProductImage", () => {
  it("stores the re-encoded image under products/ with a timestamp and random name", async () => {
    const storage = new LocalMediaStorage(root);
    const before = Date.now();
    const stored = await storeProductImage(await png(1200, 1200), storage);
    expect(stored.ok).toBe(true);
    if (!stored.ok) return;
    expect(stored.url).toMatch(/^\/media\/uploads\/products\/\d{13}-[a-z0-9]{16}\.webp$/);
    expect(Number(stored.key.slice(9, 22))).toBeGreaterThanOrEqual(before);
    const file = fs.readFileSync(path.join(root, stored.key));
    expect((await sharp(file).metadata()).format).toBe("webp");
    expect(uploadKeyOf(stored.url)).toBe(stored.key);
    expect(newProductImageKey()).not.toBe(newProductImageKey());
  });

  it("knows our upload URLs from any other address", () => {
    expect(uploadKeyOf("/media/art/perfume/aa00aa/bb00bb/1.svg")).toBeNull();
    expect(uploadKeyOf("https://cdn.example/products/1.webp")).toBeNull();
    expect(uploadKeyOf("/media/uploads/products/../../secret.webp")).toBeNull();
    expect(droppedImages(["/a", "/b", null], ["/b", "/c"])).toEqual(["/a"]);
  });
});
