import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../../tests/support/db";
import { createShopper, pickProducts, type TestShopper } from "../../../../tests/support/shoppers";
import { placeOrderWithStatus, type OrderStatusAfter } from "../../../../tests/support/orders-db";
import { settled } from "../../../../tests/support/domain-result";
import { storedView, wordStoredNotification } from "../../../../tests/support/notification-wording";
import type { DatabaseHandle } from "../../db/client";
import { notifications, products, productVariants } from "../../db/schema";
import { SimulatedPaymentProvider } from "../payments/payment-provider";
import { receiveReturn, requestReturn } from "../../workflows/returns";
import {
  deleteOwnReviewWithRating,
  publishReviewWithRating,
  rejectReviewWithRating,
  reportReviewWithRating,
} from "../../workflows/reviews";
import { ReviewCreateSchema, ReviewInputSchema, ReviewListQuerySchema } from "~/domain/reviews/reviews";
import { REVIEW_MESSAGES, REVIEW_REPORT_THRESHOLD } from "~/domain/reviews/review-rules";
import { countReviewsByStatus } from "../reporting/dashboard.service";
import {
  answerReview,
  createReview,
  listProductReviews,
  listReviewsForAdmin,
  reviewableVariants,
  updateOwnReview,
  voteHelpful,
} from "./reviews.service";

let handle: DatabaseHandle;
let admin: string;
let provider: SimulatedPaymentProvider;

beforeAll(async () => {
  handle = await createTestDatabase();
  provider = new SimulatedPaymentProvider(handle.db, `test-${randomUUID()}`);
  admin = (await createShopper(handle.db, { name: "Admin" })).id;
});
afterAll(async () => {
  await handle?.close();
});

const review = (input: Record<string, unknown> = {}) =>
  ReviewCreateSchema.parse({ rating: 4, title: "Très agréable", body: "Texture fondante, tient toute la journée.", ...input });

const buy = (shopper: TestShopper, productId: string, status: OrderStatusAfter = "delivered") =>
  placeOrderWithStatus(handle.db, { provider, shopper, productId, adminId: admin, status });

async function ratingOf(productId: string) {
  const [row] = await handle.db
    .select({ rating: products.rating, count: products.reviewCount })
    .from(products)
    .where(eq(products.id, productId));
  return row;
}

async function freshProduct() {
  const [p] = await pickProducts(handle.db, 1, 50);
  // The demo's generated reviews are not this test's: start from a product's published set as it is.
  return p;
}

describe("who may review", () => {
  it("lets a delivered buyer review once per variant, and nobody else", async () => {
    const product = await freshProduct();
    const buyer = await createShopper(handle.db);
    const stranger = await createShopper(handle.db);
    const waiting = await createShopper(handle.db);
    const cancelled = await createShopper(handle.db);
    await buy(buyer, product.id);
    await buy(waiting, product.id, "shipped");
    await buy(cancelled, product.id, "cancelled");

    for (const who of [stranger, waiting, cancelled]) {
      expect(await settled(createReview(handle.db, who.id, product.id, review()))).toMatchObject({
        ok: false,
        status: 403,
        code: "not_a_buyer",
        message: REVIEW_MESSAGES.notBuyer,
      });
      expect(await reviewableVariants(handle.db, who.id, product.id)).toEqual([]);
    }
    expect(await reviewableVariants(handle.db, buyer.id, product.id)).toHaveLength(1);
    const written = await createReview(handle.db, buyer.id, product.id, review({ title: "<script>alert(1)</script>Top" }));
    expect(written).toMatchObject({ status: "pending", verified: true, author: "Marie C.", title: "<script>alert(1)</script>Top" });
    expect(await settled(createReview(handle.db, buyer.id, product.id, review()))).toMatchObject({
      ok: false,
      status: 409,
      code: "review_exists",
    });
    expect(await reviewableVariants(handle.db, buyer.id, product.id)).toEqual([]);
    // Twice at the same moment: one review.
    const other = await createShopper(handle.db);
    await buy(other, product.id);
    const both = await Promise.all([1, 2].map(() => settled(createReview(handle.db, other.id, product.id, review()))));
    expect(both.filter((r) => r.ok)).toHaveLength(1);
    expect(await settled(createReview(handle.db, buyer.id, randomUUID(), review()))).toMatchObject({ ok: false, status: 404 });
  });

  it("excludes a line returned in full", async () => {
    const product = await freshProduct();
    const shopper = await createShopper(handle.db);
    const order = await buy(shopper, product.id);
    const ret = await requestReturn(handle.db, {
      userId: shopper.id,
      orderId: order.id,
      body: { lines: [{ order_item_id: order.items[0].id, quantity: 1 }], reason: "not_suited", confirm_unopened: true },
    });
    await receiveReturn(handle.db, {
      returnId: ret.id,
      body: { lines: [{ return_item_id: ret.items[0].id, accepted: true }] },
      actorUserId: admin,
      provider,
    });
    expect(await settled(createReview(handle.db, shopper.id, product.id, review()))).toMatchObject({ ok: false, status: 403 });
  });

  it("refuses a rating of 0 or 6, a 20,000-character text and an unknown skin type, in French", () => {
    for (const bad of [{ rating: 0 }, { rating: 6 }, { rating: 3.5 }]) {
      const parsed = ReviewInputSchema.safeParse({ title: "Bien", body: "Un texte assez long.", ...bad });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0].message).toBe("Choisissez une note de 1 à 5 étoiles");
    }
    const long = ReviewInputSchema.safeParse({ rating: 5, title: "Bien", body: "x".repeat(20_000) });
    expect(long.error?.issues[0].message).toBe("Votre avis ne doit pas dépasser 3000 caractères");
    expect(
      ReviewInputSchema.safeParse({ rating: 5, title: "Bien", body: "Un texte assez long.", skin_type: "verte" }).error?.issues[0].message,
    ).toBe("Type de peau inconnu");
    expect(ReviewInputSchema.parse({ rating: "4", title: "Bien", body: "Un texte assez long.", skin_type: "" })).toMatchObject({
      rating: 4,
    });
    expect(ReviewListQuerySchema.safeParse({ sort: "random" }).success).toBe(false);
  });
});

describe("moderation and the product's rating", () => {
  it("publishes, answers, rejects and deletes, keeping the average and count to published reviews", async () => {
    const product = await freshProduct();
    const start = await listProductReviews(handle.db, product.id, ReviewListQuerySchema.parse({}));
    const [alice, bob] = [await createShopper(handle.db), await createShopper(handle.db)];
    await buy(alice, product.id);
    await buy(bob, product.id);
    const a = await createReview(handle.db, alice.id, product.id, review({ rating: 5 }));
    const b = await createReview(
      handle.db,
      bob.id,
      product.id,
      review({ rating: 1, title: "Déçue", body: "Irritation dès la première application." }),
    );
    // Pending reviews do not count.
    expect(await ratingOf(product.id)).toEqual({ rating: start.summary.average, count: start.summary.count });

    await publishReviewWithRating(handle.db, a.id, admin);
    await publishReviewWithRating(handle.db, b.id, admin);
    const sum = start.summary.average * start.summary.count; // close enough for the demo's set when it is empty
    const page = await listProductReviews(handle.db, product.id, ReviewListQuerySchema.parse({ sort: "rating_asc" }));
    expect(page.summary.count).toBe(start.summary.count + 2);
    expect(page.summary.distribution[1]).toBe(start.summary.distribution[1] + 1);
    expect(page.reviews[0]).toMatchObject({ rating: 1, title: "Déçue", verified: true });
    expect(await ratingOf(product.id)).toEqual({ rating: page.summary.average, count: page.summary.count });
    if (start.summary.count === 0) expect(page.summary.average).toBe(3);
    expect(sum).toBeGreaterThanOrEqual(0);
    // The author is told.
    const told = await handle.db.select().from(notifications).where(eq(notifications.userId, alice.id));
    expect(told.map((n) => n.title)).toContain("Votre avis est publié");
    const published = told.find((n) => n.messageKey === "reviewPublished")!;
    expect(published.params).toEqual({ title: "Très agréable" });
    expect(wordStoredNotification("fr", storedView(published))).toEqual({ title: published.title, message: published.message });
    expect(wordStoredNotification("en", storedView(published)).title).toBe("Your review has been published");

    // Moderated: no longer editable by its author, still deletable.
    expect(await settled(updateOwnReview(handle.db, alice.id, a.id, { rating: 2 }))).toMatchObject({
      ok: false,
      status: 409,
      code: "review_moderated",
    });
    expect(await settled(answerReview(handle.db, a.id, "Merci Marie !"))).toMatchObject({ ok: true, shop_answer: "Merci Marie !" });
    expect(await settled(publishReviewWithRating(handle.db, a.id, admin))).toMatchObject({ ok: false, status: 409 });

    await rejectReviewWithRating(handle.db, b.id, "offensive", admin);
    const [rejected] = await handle.db.select().from(notifications).where(eq(notifications.userId, bob.id));
    expect(rejected).toMatchObject({
      title: "Votre avis n'a pas été publié",
      messageKey: "reviewRejected",
      params: { title: "Déçue", reason: "offensive" },
    });
    expect(wordStoredNotification("fr", storedView(rejected))).toEqual({ title: rejected.title, message: rejected.message });
    expect(wordStoredNotification("en", storedView(rejected)).message).toBe(
      "Your review “Déçue” was not published: Abusive, discriminatory or defamatory remarks. You can delete it and write a new one that follows our rules (/avis-clients).",
    );
    expect((await ratingOf(product.id)).count).toBe(start.summary.count + 1);
    expect(await settled(answerReview(handle.db, b.id, "x"))).toMatchObject({ ok: false, status: 409, code: "review_not_published" });
    expect(await settled(deleteOwnReviewWithRating(handle.db, bob.id, a.id))).toMatchObject({ ok: false, status: 404 });
    await deleteOwnReviewWithRating(handle.db, alice.id, a.id);
    expect(await ratingOf(product.id)).toEqual({ rating: start.summary.average, count: start.summary.count });
    const counts = await countReviewsByStatus(handle.db);
    expect(counts.rejected).toBeGreaterThanOrEqual(1);
    const listed = await listReviewsForAdmin(handle.db, { status: "rejected", productId: product.id });
    expect(listed.reviews.map((r) => [r.id, r.rejection_reason])).toEqual([[b.id, "offensive"]]);
    // The search finds words of the title (or of the product's name), wildcards taken literally.
    expect(
      (await listReviewsForAdmin(handle.db, { search: "déç", productId: product.id, status: "rejected" })).reviews.map((r) => r.id),
    ).toEqual([b.id]);
    expect((await listReviewsForAdmin(handle.db, { search: "%", productId: product.id })).reviews).toEqual([]);
  });

  it("counts every review when many are published at the same moment", async () => {
    const product = await freshProduct();
    const start = await listProductReviews(handle.db, product.id, ReviewListQuerySchema.parse({}));
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const shopper = await createShopper(handle.db);
      await buy(shopper, product.id);
      ids.push((await createReview(handle.db, shopper.id, product.id, review({ rating: (i % 5) + 1 }))).id);
    }
    await Promise.all(ids.map((id) => publishReviewWithRating(handle.db, id, admin)));
    const page = await listProductReviews(handle.db, product.id, ReviewListQuerySchema.parse({}));
    expect(page.summary.count).toBe(start.summary.count + 6);
    expect(await ratingOf(product.id)).toEqual({ rating: page.summary.average, count: page.summary.count });
  });
});

describe("votes and reports", () => {
  it("counts one 'Utile' per account, never the author's, and sends a review back to moderation after enough reports", async () => {
    const product = await freshProduct();
    const author = await createShopper(handle.db);
    await buy(author, product.id);
    const r = await createReview(handle.db, author.id, product.id, review());
    expect(await settled(voteHelpful(handle.db, author.id, r.id))).toMatchObject({ ok: false, status: 404 }); // not published yet
    await publishReviewWithRating(handle.db, r.id, admin);
    const fan = await createShopper(handle.db);
    const votes = await Promise.all(Array.from({ length: 100 }, () => voteHelpful(handle.db, fan.id, r.id)));
    expect(votes.filter((v) => v.counted)).toHaveLength(1);
    expect(await settled(voteHelpful(handle.db, author.id, r.id))).toMatchObject({ ok: false, status: 403, code: "own_review" });
    const page = await listProductReviews(handle.db, product.id, ReviewListQuerySchema.parse({ sort: "helpful" }));
    expect(page.reviews.find((x) => x.id === r.id)?.helpful_count).toBe(1);

    const countBefore = (await ratingOf(product.id)).count;
    for (let i = 0; i < REVIEW_REPORT_THRESHOLD; i++) {
      const reporter = await createShopper(handle.db);
      // The same account twice counts once.
      expect(await reportReviewWithRating(handle.db, reporter.id, r.id, "Faux avis")).toEqual({ counted: true });
      if (i < REVIEW_REPORT_THRESHOLD - 1) {
        expect(await reportReviewWithRating(handle.db, reporter.id, r.id, "Faux avis")).toEqual({ counted: false });
      }
    }
    const back = (await listReviewsForAdmin(handle.db, { status: "pending", productId: product.id })).reviews.find((x) => x.id === r.id);
    expect(back).toMatchObject({ id: r.id, report_count: REVIEW_REPORT_THRESHOLD });
    expect((await ratingOf(product.id)).count).toBe(countBefore - 1);
  });
});

it("keeps the variant bought on the review", async () => {
  const product = await freshProduct();
  const [variant] = await handle.db.select().from(productVariants).where(eq(productVariants.productId, product.id));
  const shopper = await createShopper(handle.db);
  await buy(shopper, product.id);
  const r = await createReview(handle.db, shopper.id, product.id, review({ variant_id: variant.id }));
  expect(r.variant_id).toBe(variant.id);
});
