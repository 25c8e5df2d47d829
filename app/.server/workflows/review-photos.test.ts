/**
 * Review photos belong to their uploader (docs/decisions/037-reviews.md): a photo goes in a review
 * only from the account that uploaded it, and once; deleting a review deletes only the files of
 * the photos it owns; photos no review took within a day are swept; uploads are limited per
 * account (so many an hour, so many pending bytes) with a French 429, even when they race.
 * Runs on PGlite too (the per-account lock).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/support/db";
import { createShopper, pickProducts, type TestShopper } from "../../../tests/support/shoppers";
import { placeOrderWithStatus } from "../../../tests/support/orders-db";
import type { DatabaseHandle } from "../db/client";
import { reviewPhotos, reviews } from "../db/schema";
import { LocalMediaStorage, setMediaStorage } from "../media/media-storage";
import { SimulatedPaymentProvider } from "../modules/payments/payment-provider";
import { createReview } from "../modules/reviews/reviews.service";
import { isDomainError } from "~/domain/errors";
import { ReviewCreateSchema } from "~/domain/reviews/reviews";
import { REVIEW_MESSAGES, REVIEW_PHOTO_PENDING_MAX_BYTES, REVIEW_PHOTO_UPLOADS_PER_HOUR } from "~/domain/reviews/review-rules";
import { deleteOwnReviewWithRating } from "./reviews";
import { sweepAbandonedReviewPhotos, uploadReviewPhoto } from "./review-photos";

let handle: DatabaseHandle;
let admin: string;
let provider: SimulatedPaymentProvider;
let root: string;
let png: Uint8Array;

beforeAll(async () => {
  handle = await createTestDatabase();
  provider = new SimulatedPaymentProvider(handle.db, `test-${randomUUID()}`);
  admin = (await createShopper(handle.db, { name: "Admin" })).id;
  root = fs.mkdtempSync(path.join(os.tmpdir(), "aurore-review-photos-"));
  setMediaStorage(new LocalMediaStorage(root));
  png = new Uint8Array(
    await sharp({ create: { width: 40, height: 30, channels: 3, background: "#c9a36b" } })
      .png()
      .toBuffer(),
  );
});
afterAll(async () => {
  setMediaStorage(undefined);
  fs.rmSync(root, { recursive: true, force: true });
  await handle?.close();
});

const fileExists = (url: string) => fs.existsSync(path.join(root, url.slice("/media/uploads/".length)));
const upload = (userId: string) => uploadReviewPhoto(handle.db, userId, async () => png);
const review = (photos: string[]) =>
  ReviewCreateSchema.parse({ rating: 5, title: "Superbe", body: "Un parfum qui tient toute la journée.", photos });

async function deliveredBuyer(productId: string): Promise<TestShopper> {
  const shopper = await createShopper(handle.db);
  await placeOrderWithStatus(handle.db, { provider, shopper, productId, adminId: admin });
  return shopper;
}

async function refusal(run: Promise<unknown>): Promise<{ kind: string; code: string; message: string; details?: unknown }> {
  try {
    await run;
  } catch (error) {
    if (isDomainError(error)) return { kind: error.kind, code: error.code, message: error.message, details: error.details };
    throw error;
  }
  throw new Error("expected a refusal");
}

const reviewsOf = async (userId: string) => handle.db.select({ id: reviews.id }).from(reviews).where(eq(reviews.userId, userId));

describe("a photo is its uploader's", () => {
  it("refuses another account's photo in a review, writes nothing, and a deleted review takes only its own photos", async () => {
    const [product] = await pickProducts(handle.db, 1, 50);
    const owner = await deliveredBuyer(product.id);
    const thief = await deliveredBuyer(product.id);
    const theirs = await upload(owner.id);
    const mine = await upload(thief.id);

    // The probe's path: the other photo's URL in one's own review, then delete the review.
    const refused = await refusal(createReview(handle.db, thief.id, product.id, review([mine.url, theirs.url])));
    expect(refused).toMatchObject({ kind: "invalid", code: "photo_not_owned", message: REVIEW_MESSAGES.photoNotOwned });
    expect(await reviewsOf(thief.id)).toEqual([]);
    // Nothing half-written: the thief's own photo is still free for their next try.
    const [stillFree] = await handle.db.select().from(reviewPhotos).where(eq(reviewPhotos.key, mine.key));
    expect(stillFree).toMatchObject({ reviewId: null, attachedAt: null, userId: thief.id });

    const written = await createReview(handle.db, thief.id, product.id, review([mine.url]));
    await createReview(handle.db, owner.id, product.id, review([theirs.url]));
    await deleteOwnReviewWithRating(handle.db, thief.id, written.id);
    expect(fileExists(mine.url)).toBe(false);
    expect(fileExists(theirs.url)).toBe(true);
    expect(await handle.db.select().from(reviewPhotos).where(eq(reviewPhotos.key, mine.key))).toEqual([]);
  });

  it("puts a photo in one review only, and refuses an address that is not an upload of the shop", async () => {
    const [product] = await pickProducts(handle.db, 1, 50);
    const shopper = await deliveredBuyer(product.id);
    const photo = await upload(shopper.id);
    await createReview(handle.db, shopper.id, product.id, review([photo.url]));
    const [other] = (await pickProducts(handle.db, 2, 50)).filter((p) => p.id !== product.id);
    const buyer = await deliveredBuyer(other.id);
    // Even its owner cannot show it twice (a second review, here of another buyer's account).
    expect(await refusal(createReview(handle.db, buyer.id, other.id, review([photo.url])))).toMatchObject({ code: "photo_not_owned" });
    const never = "/media/uploads/reviews/1790000000000-abcdefghijklmnop.webp";
    expect(await refusal(createReview(handle.db, buyer.id, other.id, review([never])))).toMatchObject({ code: "photo_not_owned" });
    expect(await reviewsOf(buyer.id)).toEqual([]);
  });
});

describe("photos no review took", () => {
  it("are removed after a day, rows and files; attached and recent ones stay", async () => {
    const [product] = await pickProducts(handle.db, 1, 50);
    const shopper = await deliveredBuyer(product.id);
    const old = await upload(shopper.id);
    const recent = await upload(shopper.id);
    const kept = await upload(shopper.id);
    await createReview(handle.db, shopper.id, product.id, review([kept.url]));
    const dayAndAnHourAgo = sql`now() - interval '25 hours'`;
    await handle.db.update(reviewPhotos).set({ createdAt: dayAndAnHourAgo }).where(eq(reviewPhotos.key, old.key));
    await handle.db.update(reviewPhotos).set({ createdAt: dayAndAnHourAgo }).where(eq(reviewPhotos.key, kept.key));

    const swept = await sweepAbandonedReviewPhotos(handle.db);
    expect(swept.removed).toBeGreaterThanOrEqual(1);
    expect([fileExists(old.url), fileExists(recent.url), fileExists(kept.url)]).toEqual([false, true, true]);
    const left = await handle.db.select({ key: reviewPhotos.key }).from(reviewPhotos).where(eq(reviewPhotos.userId, shopper.id));
    expect(left.map((r) => r.key).sort()).toEqual([recent.key, kept.key].sort());
  });
});

describe("upload limits per account", () => {
  it(`refuses the upload past ${REVIEW_PHOTO_UPLOADS_PER_HOUR} an hour with a French 429 and a wait, before the body is read`, async () => {
    const shopper = await createShopper(handle.db);
    for (let i = 0; i < REVIEW_PHOTO_UPLOADS_PER_HOUR; i++) await upload(shopper.id);
    let bodyRead = false;
    const refused = await refusal(
      uploadReviewPhoto(handle.db, shopper.id, async () => {
        bodyRead = true;
        return png;
      }),
    );
    expect(refused).toMatchObject({ kind: "rate_limited", code: "too_many_photo_uploads", message: REVIEW_MESSAGES.tooManyPhotoUploads });
    expect((refused.details as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(3000);
    expect(bodyRead).toBe(false);
    // Another account is not held back by this one.
    await upload((await createShopper(handle.db)).id);
  });

  it("refuses a photo past the pending total and removes its file", async () => {
    const shopper = await createShopper(handle.db);
    const first = await upload(shopper.id);
    await handle.db
      .update(reviewPhotos)
      .set({ bytes: REVIEW_PHOTO_PENDING_MAX_BYTES - 10 })
      .where(eq(reviewPhotos.key, first.key));
    const before = fs.readdirSync(path.join(root, "reviews")).length;
    const refused = await refusal(upload(shopper.id));
    expect(refused).toMatchObject({ kind: "rate_limited", code: "too_many_pending_photos", message: REVIEW_MESSAGES.tooManyPendingPhotos });
    expect(fs.readdirSync(path.join(root, "reviews")).length).toBe(before);
    const rows = await handle.db.select().from(reviewPhotos).where(eq(reviewPhotos.userId, shopper.id));
    expect(rows.map((r) => r.key)).toEqual([first.key]);
  });

  it("lets exactly the free places through when uploads race", async () => {
    const shopper = await createShopper(handle.db);
    for (let i = 0; i < REVIEW_PHOTO_UPLOADS_PER_HOUR - 2; i++) await upload(shopper.id);
    const filesBefore = fs.readdirSync(path.join(root, "reviews")).length;
    const outcomes = await Promise.allSettled(Array.from({ length: 6 }, () => upload(shopper.id)));
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(2);
    for (const o of outcomes) if (o.status === "rejected") expect(o.reason).toMatchObject({ code: "too_many_photo_uploads" });
    const rows = await handle.db.select().from(reviewPhotos).where(eq(reviewPhotos.userId, shopper.id));
    expect(rows).toHaveLength(REVIEW_PHOTO_UPLOADS_PER_HOUR);
    const files = new Set(fs.readdirSync(path.join(root, "reviews")).map((f) => `reviews/${f}`));
    for (const row of rows) expect(files.has(row.key)).toBe(true);
    // The refused uploads' files are gone: only the two that passed were added.
    expect(files.size).toBe(filesBefore + 2);
  });
});
