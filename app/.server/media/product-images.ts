/**
 * Product images uploaded from the back-office: the real type is read from the bytes (the name
 * and the declared type are not trusted), the size is capped while the body is read, and every
 * image is re-encoded (fits 800x800, never enlarged, WebP quality 80, metadata dropped) before
 * it is stored, so what the shop serves is always an image it produced itself.
 */
import { randomBytes } from "node:crypto";
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import { eq, or, sql } from "drizzle-orm";
import type { Executor } from "../db/client";
import { products, productVariants } from "../db/schema";
import { DomainError, invalid } from "~/domain/errors";
import { getMediaStorage, isMediaKey, type MediaStorage } from "./media-storage";
import {
  IMAGE_TOO_LARGE_MESSAGE,
  IMAGE_TYPE_MESSAGE,
  PRODUCT_IMAGE_MAX_BYTES,
  PRODUCT_IMAGE_MAX_SIDE,
  PRODUCT_IMAGE_QUALITY,
  PRODUCT_IMAGE_TYPES,
} from "~/domain/catalog/admin-product-form.schema";
import { log } from "../logger";

export const UPLOADS_URL_PREFIX = "/media/uploads/";
/** A decompression bomb (a tiny PNG of 100k x 100k pixels) is refused before it is decoded. */
const MAX_INPUT_PIXELS = 50_000_000;

/*
 * A refused upload is thrown as a domain error: `image_too_large` (too_large) or
 * `unsupported_image` (unsupported_media_type, or invalid for a request without a body).
 */
const imageTooLarge = () => new DomainError("too_large", "image_too_large", IMAGE_TOO_LARGE_MESSAGE);
const unsupportedImage = () => new DomainError("unsupported_media_type", "unsupported_image", IMAGE_TYPE_MESSAGE);

export type ProcessedImage = { data: Buffer; width: number; height: number };

/**
 * Reads a request body up to `limit` bytes: a Content-Length above it is refused before
 * reading, and a body that grows past it (chunked, or a lying header) is cut off there.
 */
export async function readBodyWithLimit(request: Request, limit: number = PRODUCT_IMAGE_MAX_BYTES): Promise<Uint8Array> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limit) throw imageTooLarge();
  if (!request.body) throw invalid("unsupported_image", IMAGE_TYPE_MESSAGE);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => {});
      throw imageTooLarge();
    }
    chunks.push(value);
  }
  const data = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    data.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return data;
}

/** Checks and re-encodes an uploaded image (spec back-office §5 image file, §9 limits). */
export async function processProductImage(bytes: Uint8Array): Promise<ProcessedImage> {
  if (bytes.byteLength > PRODUCT_IMAGE_MAX_BYTES) throw imageTooLarge();
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !(PRODUCT_IMAGE_TYPES as readonly string[]).includes(type.mime)) throw unsupportedImage();
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      // Applies the EXIF orientation before the metadata is dropped (sharp keeps none by default).
      .rotate()
      .resize(PRODUCT_IMAGE_MAX_SIDE, PRODUCT_IMAGE_MAX_SIDE, { fit: "inside", withoutEnlargement: true })
      .webp({ quality: PRODUCT_IMAGE_QUALITY })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch {
    // Right signature, unreadable content (truncated, corrupt, too many pixels).
    throw unsupportedImage();
  }
}

/** "<folder>/<ms timestamp>-<16 random [a-z0-9]>.webp" (spec §3: timestamp and random part). */
export function newImageKey(folder: "products" | "reviews", now: number = Date.now()): string {
  const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
  const random = [...randomBytes(16)].map((b) => alphabet[b % alphabet.length]).join("");
  return `${folder}/${String(now).padStart(13, "0")}-${random}.webp`;
}

export function newProductImageKey(now: number = Date.now()): string {
  return newImageKey("products", now);
}

export function uploadUrlOf(key: string): string {
  return `${UPLOADS_URL_PREFIX}${key}`;
}

/**
 * The storage key of one of our uploaded product images' URL, or null for any other address
 * (review photos included: the product form never names nor deletes them).
 */
export function uploadKeyOf(url: string | null | undefined, folder: "products" | "reviews" = "products"): string | null {
  if (!url || !url.startsWith(UPLOADS_URL_PREFIX)) return null;
  const key = url.slice(UPLOADS_URL_PREFIX.length);
  return isMediaKey(key) && key.startsWith(`${folder}/`) ? key : null;
}

/** A customer's review photo: checked and re-encoded like a product image, stored under reviews/. */
export async function storeReviewPhoto(bytes: Uint8Array, storage: MediaStorage = getMediaStorage()): Promise<StoredProductImage> {
  const processed = await processProductImage(bytes);
  const key = newImageKey("reviews");
  await storage.put(key, processed.data, "image/webp");
  return { ok: true, url: uploadUrlOf(key), key, width: processed.width, height: processed.height, bytes: processed.data.byteLength };
}

/** Deletes review photos' files by their keys (once no review holds them); failures are logged. */
export async function removeReviewPhotoFiles(keys: readonly string[], storage: MediaStorage = getMediaStorage()): Promise<void> {
  for (const key of keys) {
    if (!isMediaKey(key) || !key.startsWith("reviews/")) continue;
    await storage.delete(key).catch((error) => log.error({ err: error, key }, "media: could not delete a file"));
  }
}

export type StoredProductImage = { ok: true; url: string; key: string; width: number; height: number; bytes: number };

/** Validates, re-encodes and stores an upload; answers its public URL. */
export async function storeProductImage(bytes: Uint8Array, storage: MediaStorage = getMediaStorage()): Promise<StoredProductImage> {
  const processed = await processProductImage(bytes);
  const key = newProductImageKey();
  await storage.put(key, processed.data, "image/webp");
  return { ok: true, url: uploadUrlOf(key), key, width: processed.width, height: processed.height, bytes: processed.data.byteLength };
}

/** Whether a product still shows this image (main image or gallery). */
async function isReferenced(db: Executor, url: string): Promise<boolean> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(or(eq(products.imageUrl, url), sql`${url} = ANY(${products.images})`))
    .limit(1);
  if (row) return true;
  // A variant's own pictures count too (decision 025).
  const [variant] = await db
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(sql`${url} = ANY(${productVariants.images})`)
    .limit(1);
  return Boolean(variant);
}

/**
 * Deletes the stored files of these URLs that no product uses any more (call it after the
 * transaction that dropped them has committed). Addresses that are not our uploads are ignored.
 * A failed deletion is logged, never thrown: the product change has already happened.
 */
export async function removeUnreferencedProductImages(
  db: Executor,
  urls: readonly (string | null | undefined)[],
  storage: MediaStorage = getMediaStorage(),
): Promise<string[]> {
  const removed: string[] = [];
  for (const url of new Set(urls)) {
    const key = uploadKeyOf(url);
    if (!key || !url) continue;
    try {
      if (await isReferenced(db, url)) continue;
      await storage.delete(key);
      removed.push(url);
    } catch (error) {
      log.error({ err: error, key }, "media: could not delete a file");
    }
  }
  return removed;
}

/** The upload URLs in `before` that are not in `after` (images removed by an edit). */
export function droppedImages(before: readonly (string | null)[], after: readonly (string | null)[]): string[] {
  const kept = new Set(after.filter(Boolean));
  return [...new Set(before.filter((u): u is string => Boolean(u) && !kept.has(u)))];
}
