/**
 * Customer reviews (docs/decisions/037-reviews.md): the only writer of `reviews`, `review_votes`
 * and `review_reports`. A review is written by an account that bought the variant in an order
 * that was delivered and not returned (a verified review), once per variant; it is pending until
 * an administrator publishes or rejects it. Changes that move the published set return the
 * product id, so the workflow recomputes the product's rating in the same transaction.
 */
import { keysetConditions, keysetOrder, type KeysetWindow } from "~/.server/db/keyset";
import { and, count, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import { rowsOf, type Executor } from "../../db/client";
import { prepared } from "../../db/prepared";
import type { AdminActor } from "~/domain/activity-log/activity-log";
import { recordAdminChangeBy, recordEvent } from "~/.server/outbox/events";
import {
  orderItems,
  orders,
  products,
  returnItems,
  reviewPhotos,
  reviewReports,
  reviewVotes,
  reviews,
  userProfiles,
} from "../../db/schema";
import { conflict, DomainError, forbidden, invalid, notFound } from "~/domain/errors";
import { isUuid } from "~/lib/uuid";
import { containingPattern } from "~/lib/like-pattern";
import { reviewPhotoKeyOf, type ReviewCreateInput, type ReviewListQuery } from "~/domain/reviews/reviews";
import {
  averageRating,
  REVIEW_MESSAGES,
  REVIEW_PHOTO_PENDING_MAX_BYTES,
  REVIEW_PHOTO_PENDING_MS,
  REVIEW_PHOTO_UPLOADS_PER_HOUR,
  REVIEW_REJECTION_LABELS,
  REVIEW_REPORT_THRESHOLD,
  REVIEWS_PAGE_SIZE,
  reviewAuthorName,
  type AdminReviewView,
  type OwnReviewView,
  type ReviewAgeRange,
  type ReviewRejectionReason,
  type ReviewSkinType,
  type ReviewStatus,
  type ReviewSummary,
  type ReviewView,
} from "~/domain/reviews/review-rules";

type ReviewRow = typeof reviews.$inferSelect;

const reviewNotFound = () => notFound("review_not_found", REVIEW_MESSAGES.notFound);

export function toReviewView(row: ReviewRow): ReviewView {
  return {
    id: row.id,
    product_id: row.productId,
    variant_id: row.variantId,
    variant_label: row.variantLabel,
    rating: row.rating,
    title: row.title,
    body: row.body,
    skin_type: row.skinType as ReviewSkinType | null,
    age_range: row.ageRange as ReviewAgeRange | null,
    author: row.authorName,
    verified: row.orderId !== null,
    helpful_count: row.helpfulCount,
    created_at: row.createdAt.toISOString(),
    published_at: row.publishedAt?.toISOString() ?? null,
    shop_answer: row.shopAnswer,
    shop_answered_at: row.shopAnsweredAt?.toISOString() ?? null,
    photos: row.photos,
  };
}

function toOwnView(row: ReviewRow): OwnReviewView {
  return {
    ...toReviewView(row),
    status: row.status as ReviewStatus,
    rejection_reason: row.rejectionReason as ReviewRejectionReason | null,
  };
}

/* ---------------------------------------------------------------------------------------------- */
/* Who may review                                                                                  */
/* ---------------------------------------------------------------------------------------------- */

export type ReviewableVariant = { variantId: string; variantLabel: string | null; orderId: string };

/**
 * The variants of a product the account bought in a delivered order and did not return in full
 * (accepted return units), and has not reviewed yet: what 'Donner mon avis' offers.
 */
export async function reviewableVariants(db: Executor, userId: string, productId: string): Promise<ReviewableVariant[]> {
  if (!isUuid(productId)) return [];
  const returned = db
    .select({ orderItemId: returnItems.orderItemId, units: sql<number>`sum(${returnItems.quantity})`.as("units") })
    .from(returnItems)
    .where(eq(returnItems.decision, "accepted"))
    .groupBy(returnItems.orderItemId)
    .as("returned");
  const rows = await db
    .select({
      variantId: orderItems.variantId,
      label: sql<string | null>`${orderItems.productSnapshot}->>'variant_label'`,
      orderId: orders.id,
      deliveredAt: orders.updatedAt,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .leftJoin(returned, eq(returned.orderItemId, orderItems.id))
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.status, "delivered"),
        eq(orderItems.productId, productId),
        isNotNull(orderItems.variantId),
        sql`${orderItems.quantity} > coalesce(${returned.units}, 0)`,
        sql`NOT EXISTS (SELECT 1 FROM ${reviews} r WHERE r.user_id = ${userId} AND r.variant_id = ${orderItems.variantId})`,
      ),
    )
    .orderBy(desc(orders.createdAt));
  const seen = new Set<string>();
  const out: ReviewableVariant[] = [];
  for (const row of rows) {
    if (!row.variantId || seen.has(row.variantId)) continue;
    seen.add(row.variantId);
    out.push({ variantId: row.variantId, variantLabel: row.label, orderId: row.orderId });
  }
  return out;
}

/** The products of one delivered order the account can still review (the invitation's list). */
export async function productsToReviewInOrder(
  db: Executor,
  userId: string,
  orderId: string,
): Promise<{ productId: string; name: string }[]> {
  const lines = await db
    .select({ productId: orderItems.productId, name: sql<string>`${orderItems.productSnapshot}->>'name'` })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), isNotNull(orderItems.productId)));
  const out: { productId: string; name: string }[] = [];
  for (const line of lines) {
    if (!line.productId || out.some((p) => p.productId === line.productId)) continue;
    const variants = await reviewableVariants(db, userId, line.productId);
    if (variants.length > 0) out.push({ productId: line.productId, name: line.name });
  }
  return out;
}

/** Whether the account has reviewed this product (any variant). */
async function hasReviewedProduct(db: Executor, userId: string, productId: string): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(reviews)
    .where(and(eq(reviews.userId, userId), eq(reviews.productId, productId)));
  return row.n > 0;
}

/* ---------------------------------------------------------------------------------------------- */
/* The author's own reviews                                                                        */
/* ---------------------------------------------------------------------------------------------- */

/** Writes a pending review of a variant the account bought and received. */
export async function createReview(db: Executor, userId: string, productId: string, input: ReviewCreateInput): Promise<OwnReviewView> {
  if (!isUuid(productId)) throw notFound("product_not_found", REVIEW_MESSAGES.productNotFound);
  const [product] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
  if (!product) throw notFound("product_not_found", REVIEW_MESSAGES.productNotFound);
  const eligible = await reviewableVariants(db, userId, productId);
  if (eligible.length === 0) {
    if (await hasReviewedProduct(db, userId, productId)) throw conflict("review_exists", REVIEW_MESSAGES.alreadyReviewed);
    throw forbidden("not_a_buyer", REVIEW_MESSAGES.notBuyer);
  }
  let chosen: ReviewableVariant | undefined;
  if (input.variant_id) {
    chosen = eligible.find((v) => v.variantId === input.variant_id);
    if (!chosen) {
      const [mine] = await db
        .select({ id: reviews.id })
        .from(reviews)
        .where(and(eq(reviews.userId, userId), eq(reviews.variantId, input.variant_id)));
      if (mine) throw conflict("review_exists", REVIEW_MESSAGES.alreadyReviewed);
      throw forbidden("not_a_buyer", REVIEW_MESSAGES.notBuyer);
    }
  } else if (eligible.length === 1) {
    chosen = eligible[0];
  } else {
    throw invalid("variant_required", "Choisissez la variante achetée que vous notez.", { field: "variant_id" });
  }
  const [profile] = await db
    .select({ first: userProfiles.firstName, last: userProfiles.lastName })
    .from(userProfiles)
    .where(eq(userProfiles.id, userId));
  const photos = [...new Set(input.photos)];
  // The review, its photos and its review.created event commit together (decision 050).
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(reviews)
      .values({
        productId,
        variantId: chosen.variantId,
        variantLabel: chosen.variantLabel,
        userId,
        orderId: chosen.orderId,
        authorName: reviewAuthorName(profile?.first, profile?.last),
        rating: input.rating,
        title: input.title,
        body: input.body,
        skinType: input.skin_type ?? null,
        ageRange: input.age_range ?? null,
        photos,
      })
      // Two requests at once: the unique index keeps one, the other is told.
      .onConflictDoNothing()
      .returning();
    if (!created) return created;
    await attachOwnPhotos(tx, userId, created.id, photos);
    await recordEvent(tx, "review.submitted", { reviewId: created.id, resource: reviewWebhookResource(created) });
    return created;
  });
  if (!row) throw conflict("review_exists", REVIEW_MESSAGES.alreadyReviewed);
  return toOwnView(row);
}

async function findOwn(db: Executor, userId: string, id: string): Promise<ReviewRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select()
    .from(reviews)
    .where(and(eq(reviews.id, id), eq(reviews.userId, userId)));
  return row ?? null;
}

/** The account's reviews (of one product when given), newest first, with their moderation status. */
export async function listOwnReviews(db: Executor, userId: string, productId?: string): Promise<OwnReviewView[]> {
  if (productId !== undefined && !isUuid(productId)) return [];
  const rows = await db
    .select()
    .from(reviews)
    .where(and(eq(reviews.userId, userId), productId ? eq(reviews.productId, productId) : undefined))
    .orderBy(desc(reviews.createdAt));
  return rows.map(toOwnView);
}

/** Edits an own review while it waits for moderation. */
export async function updateOwnReview(
  db: Executor,
  userId: string,
  id: string,
  patch: Partial<Pick<ReviewCreateInput, "rating" | "title" | "body" | "skin_type" | "age_range">>,
  now = new Date(),
): Promise<OwnReviewView> {
  const [row] = await db
    .update(reviews)
    .set({
      ...(patch.rating !== undefined ? { rating: patch.rating } : {}),
      ...(patch.title !== undefined ? { title: patch.title } : {}),
      ...(patch.body !== undefined ? { body: patch.body } : {}),
      ...(patch.skin_type !== undefined ? { skinType: patch.skin_type } : {}),
      ...(patch.age_range !== undefined ? { ageRange: patch.age_range } : {}),
      updatedAt: now,
    })
    .where(
      and(
        eq(reviews.id, isUuid(id) ? id : "00000000-0000-0000-0000-000000000000"),
        eq(reviews.userId, userId),
        eq(reviews.status, "pending"),
      ),
    )
    .returning();
  if (row) return toOwnView(row);
  if (await findOwn(db, userId, id)) throw conflict("review_moderated", REVIEW_MESSAGES.notEditable);
  throw reviewNotFound();
}

/** The product of a review (to lock it first), or null. */
export async function productOfReview(db: Executor, id: string): Promise<string | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select({ productId: reviews.productId }).from(reviews).where(eq(reviews.id, id));
  return row?.productId ?? null;
}

/** Deletes an own review, whatever its status. Returns whether it was published. */
export async function deleteOwnReview(
  tx: Executor,
  userId: string,
  id: string,
): Promise<{ id: string; productId: string; wasPublished: boolean; photoKeys: string[] }> {
  const own = await findOwn(tx, userId, id);
  if (!own) throw reviewNotFound();
  // Only the photos this review holds: a URL it names that another account uploaded is not its own.
  const owned = await tx.delete(reviewPhotos).where(eq(reviewPhotos.reviewId, own.id)).returning({ key: reviewPhotos.key });
  await tx.delete(reviews).where(eq(reviews.id, own.id));
  return { id: own.id, productId: own.productId, wasPublished: own.status === "published", photoKeys: owned.map((p) => p.key) };
}

/* ---------------------------------------------------------------------------------------------- */
/* Review photos: who uploaded them, which review holds them                                      */
/* ---------------------------------------------------------------------------------------------- */

const HOUR_MS = 60 * 60 * 1000;

/**
 * Puts the account's own photos, never attached before, in the new review; any other URL (another
 * account's upload, a photo another review holds, one already removed) refuses the review, and the
 * transaction writes nothing.
 */
async function attachOwnPhotos(tx: Executor, userId: string, reviewId: string, urls: readonly string[]): Promise<void> {
  if (urls.length === 0) return;
  const keys = urls.map(reviewPhotoKeyOf);
  if (keys.some((key) => key === null)) throw photoNotOwned();
  const attached = await tx
    .update(reviewPhotos)
    .set({ reviewId, attachedAt: sql`now()` })
    .where(
      and(
        inArray(reviewPhotos.key, keys as string[]),
        eq(reviewPhotos.userId, userId),
        isNull(reviewPhotos.reviewId),
        isNull(reviewPhotos.attachedAt),
      ),
    )
    .returning({ key: reviewPhotos.key });
  if (attached.length !== keys.length) throw photoNotOwned();
}

const photoNotOwned = () => invalid("photo_not_owned", REVIEW_MESSAGES.photoNotOwned, { field: "photos" });

const tooManyUploads = (retryAfterSeconds: number) =>
  new DomainError("rate_limited", "too_many_photo_uploads", REVIEW_MESSAGES.tooManyPhotoUploads, { details: { retryAfterSeconds } });
const tooManyPending = () =>
  new DomainError("rate_limited", "too_many_pending_photos", REVIEW_MESSAGES.tooManyPendingPhotos, {
    details: { retryAfterSeconds: REVIEW_PHOTO_PENDING_MS / 1000 },
  });

/** The account's uploads of the last hour, and the stored bytes of its photos no review holds. */
async function uploadFigures(db: Executor, userId: string): Promise<{ lastHour: number; oldestOfHour: Date | null; pendingBytes: number }> {
  const [row] = rowsOf<{ last_hour: number; oldest_of_hour: Date | string | null; pending_bytes: number }>(
    await db.execute(sql`
      SELECT count(*) FILTER (WHERE created_at > now() - make_interval(secs => ${HOUR_MS / 1000}))::int AS last_hour,
             min(created_at) FILTER (WHERE created_at > now() - make_interval(secs => ${HOUR_MS / 1000})) AS oldest_of_hour,
             coalesce(sum(bytes) FILTER (WHERE review_id IS NULL AND attached_at IS NULL), 0)::int AS pending_bytes
      FROM ${reviewPhotos} WHERE user_id = ${userId}`),
  );
  return {
    lastHour: row?.last_hour ?? 0,
    oldestOfHour: row?.oldest_of_hour ? new Date(row.oldest_of_hour) : null,
    pendingBytes: row?.pending_bytes ?? 0,
  };
}

function refuseBeyondLimits(figures: Awaited<ReturnType<typeof uploadFigures>>, adding: number): void {
  if (figures.lastHour >= REVIEW_PHOTO_UPLOADS_PER_HOUR) {
    const freedAt = (figures.oldestOfHour?.getTime() ?? Date.now()) + HOUR_MS;
    throw tooManyUploads(Math.max(1, Math.ceil((freedAt - Date.now()) / 1000)));
  }
  if (figures.pendingBytes + adding > REVIEW_PHOTO_PENDING_MAX_BYTES) throw tooManyPending();
}

/**
 * Refuses an upload the account may not make now (429, French), before the image is decoded:
 * the cheap check. `recordReviewPhoto` checks again under the account's lock.
 */
export async function checkReviewPhotoUpload(db: Executor, userId: string): Promise<void> {
  refuseBeyondLimits(await uploadFigures(db, userId), 0);
}

/**
 * Records an uploaded photo as the account's, pending until a review takes it. Under a lock per
 * account, so two uploads at once cannot both pass the last free place; refused (429) past the
 * limits, and then the caller removes the file.
 */
export async function recordReviewPhoto(db: Executor, userId: string, key: string, bytes: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`review-photos:${userId}`}, 0))`);
    refuseBeyondLimits(await uploadFigures(tx, userId), bytes);
    await tx.insert(reviewPhotos).values({ key, userId, bytes });
  });
}

/**
 * Forgets the photos no review took within REVIEW_PHOTO_PENDING_MS, and those whose review is gone
 * (a product removed with its reviews); answers their keys, whose files the caller removes.
 */
export async function takeAbandonedReviewPhotos(db: Executor, limit = 500): Promise<string[]> {
  const rows = rowsOf<{ key: string }>(
    await db.execute(sql`
      DELETE FROM ${reviewPhotos} WHERE key IN (
        SELECT key FROM ${reviewPhotos}
        WHERE review_id IS NULL AND created_at < now() - make_interval(secs => ${REVIEW_PHOTO_PENDING_MS / 1000})
        ORDER BY created_at LIMIT ${limit}
      ) RETURNING key`),
  );
  return rows.map((r) => r.key);
}

/* ---------------------------------------------------------------------------------------------- */
/* Reading a product's reviews                                                                     */
/* ---------------------------------------------------------------------------------------------- */

/** Published reviews' average, count and distribution by stars. */
export async function reviewSummaryOf(db: Executor, productId: string): Promise<ReviewSummary> {
  const rows = await prepared(db, "reviews_summary_of_product", (d, name) =>
    d
      .select({ rating: reviews.rating, n: count() })
      .from(reviews)
      .where(and(eq(reviews.productId, sql.placeholder("productId")), eq(reviews.status, "published")))
      .groupBy(reviews.rating)
      .prepare(name),
  ).execute({ productId });
  const distribution = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } as ReviewSummary["distribution"];
  let sum = 0;
  let total = 0;
  for (const r of rows) {
    distribution[r.rating as 1 | 2 | 3 | 4 | 5] = r.n;
    sum += r.rating * r.n;
    total += r.n;
  }
  return { average: averageRating(sum, total), count: total, distribution };
}

export type ReviewPage = { summary: ReviewSummary; reviews: ReviewView[]; page: number; page_count: number; total: number };

const SORTS: Record<ReviewListQuery["sort"], SQL[]> = {
  recent: [sql`${reviews.publishedAt} DESC`, sql`${reviews.id} DESC`],
  helpful: [sql`${reviews.helpfulCount} DESC`, sql`${reviews.publishedAt} DESC`, sql`${reviews.id} DESC`],
  rating_desc: [sql`${reviews.rating} DESC`, sql`${reviews.publishedAt} DESC`, sql`${reviews.id} DESC`],
  rating_asc: [sql`${reviews.rating} ASC`, sql`${reviews.publishedAt} DESC`, sql`${reviews.id} DESC`],
};

/**
 * One page of a product's published reviews, sorted and filtered, with the summary.
 * `productKnown`: the caller has just read the product (the product page), so its existence is
 * not asked again.
 */
export async function listProductReviews(
  db: Executor,
  productId: string,
  query: ReviewListQuery,
  { productKnown = false }: { productKnown?: boolean } = {},
): Promise<ReviewPage> {
  if (!isUuid(productId)) throw notFound("product_not_found", REVIEW_MESSAGES.productNotFound);
  if (!productKnown) {
    const [product] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
    if (!product) throw notFound("product_not_found", REVIEW_MESSAGES.productNotFound);
  }
  const where = and(
    eq(reviews.productId, productId),
    eq(reviews.status, "published"),
    query.stars ? eq(reviews.rating, query.stars) : undefined,
    query.with_photos ? sql`cardinality(${reviews.photos}) > 0` : undefined,
  );
  const summary = await reviewSummaryOf(db, productId);
  // The distribution already counts what a stars filter keeps; only the photo filter needs its own count.
  const total = query.with_photos
    ? (await db.select({ total: count() }).from(reviews).where(where))[0].total
    : query.stars
      ? summary.distribution[query.stars as 1 | 2 | 3 | 4 | 5]
      : summary.count;
  const pageCount = Math.max(1, Math.ceil(total / REVIEWS_PAGE_SIZE));
  const page = Math.min(query.page, pageCount);
  const offset = (page - 1) * REVIEWS_PAGE_SIZE;
  // Unfiltered pages (every product page's first look) are prepared statements, one per sort.
  const rows =
    query.stars || query.with_photos
      ? await db
          .select()
          .from(reviews)
          .where(where)
          .orderBy(...SORTS[query.sort])
          .limit(REVIEWS_PAGE_SIZE)
          .offset(offset)
      : await prepared(db, `reviews_page_${query.sort}`, (d, name) =>
          d
            .select()
            .from(reviews)
            .where(and(eq(reviews.productId, sql.placeholder("productId")), eq(reviews.status, "published")))
            .orderBy(...SORTS[query.sort])
            .limit(sql.placeholder("limit"))
            .offset(sql.placeholder("offset"))
            .prepare(name),
        ).execute({ productId, limit: REVIEWS_PAGE_SIZE, offset });
  return { summary, reviews: rows.map(toReviewView), page, page_count: pageCount, total };
}

/** A few published reviews for the product's structured data (the most helpful, then the newest). */
export async function reviewsForStructuredData(db: Executor, productId: string, limit: number): Promise<ReviewView[]> {
  const rows = await prepared(db, "reviews_for_structured_data", (d, name) =>
    d
      .select()
      .from(reviews)
      .where(and(eq(reviews.productId, sql.placeholder("productId")), eq(reviews.status, "published")))
      .orderBy(desc(reviews.helpfulCount), desc(reviews.publishedAt))
      .limit(sql.placeholder("limit"))
      .prepare(name),
  ).execute({ productId, limit });
  return rows.map(toReviewView);
}

/** The published average and count the product's rating columns must hold. */
export async function publishedRatingOf(tx: Executor, productId: string): Promise<{ rating: number; count: number }> {
  const [row] = await tx
    .select({ sum: sql<number>`coalesce(sum(${reviews.rating}), 0)::int`.mapWith(Number), n: count() })
    .from(reviews)
    .where(and(eq(reviews.productId, productId), eq(reviews.status, "published")));
  return { rating: averageRating(row.sum, row.n), count: row.n };
}

/* ---------------------------------------------------------------------------------------------- */
/* 'Utile' and 'Signaler'                                                                          */
/* ---------------------------------------------------------------------------------------------- */

async function publishedReview(db: Executor, id: string): Promise<ReviewRow> {
  if (!isUuid(id)) throw reviewNotFound();
  const [row] = await db.select().from(reviews).where(eq(reviews.id, id));
  if (!row || row.status !== "published") throw reviewNotFound();
  return row;
}

/** One 'Utile' per account and review; the author cannot vote for their own. */
export async function voteHelpful(tx: Executor, userId: string, id: string): Promise<{ helpful_count: number; counted: boolean }> {
  const review = await publishedReview(tx, id);
  if (review.userId === userId) throw forbidden("own_review", REVIEW_MESSAGES.ownVote);
  const inserted = await tx
    .insert(reviewVotes)
    .values({ reviewId: id, userId })
    .onConflictDoNothing()
    .returning({ id: reviewVotes.reviewId });
  if (inserted.length === 0) return { helpful_count: review.helpfulCount, counted: false };
  const [row] = await tx
    .update(reviews)
    .set({ helpfulCount: sql`${reviews.helpfulCount} + 1` })
    .where(eq(reviews.id, id))
    .returning({ helpful: reviews.helpfulCount });
  return { helpful_count: row.helpful, counted: true };
}

/**
 * One report per account and review. At REVIEW_REPORT_THRESHOLD reports a published review goes
 * back to moderation (`unpublished`: the caller recomputes the product's rating).
 */
export async function reportReview(
  tx: Executor,
  userId: string,
  id: string,
  reason: string | undefined,
): Promise<{ productId: string; counted: boolean; unpublished: boolean }> {
  const review = await publishedReview(tx, id);
  const inserted = await tx
    .insert(reviewReports)
    .values({ reviewId: id, userId, reason: reason ?? null })
    .onConflictDoNothing()
    .returning({ id: reviewReports.reviewId });
  if (inserted.length === 0) return { productId: review.productId, counted: false, unpublished: false };
  const [row] = await tx
    .update(reviews)
    .set({ reportCount: sql`${reviews.reportCount} + 1` })
    .where(eq(reviews.id, id))
    .returning({ reports: reviews.reportCount });
  if (row.reports < REVIEW_REPORT_THRESHOLD) return { productId: review.productId, counted: true, unpublished: false };
  const back = await tx
    .update(reviews)
    .set({ status: "pending", publishedAt: null })
    .where(and(eq(reviews.id, id), eq(reviews.status, "published")))
    .returning({ id: reviews.id });
  return { productId: review.productId, counted: true, unpublished: back.length > 0 };
}

/* ---------------------------------------------------------------------------------------------- */
/* Moderation                                                                                      */
/* ---------------------------------------------------------------------------------------------- */

function toAdminView(review: ReviewRow, productName: string): AdminReviewView {
  return {
    ...toOwnView(review),
    product_name: productName,
    user_id: review.userId,
    report_count: review.reportCount,
    moderated_at: review.moderatedAt?.toISOString() ?? null,
  };
}

export type AdminReviewFilters = {
  /** Words of the product's name or the review's title. */
  search?: string;
  status?: ReviewStatus;
  withPhotos?: boolean;
  rating?: number;
  productId?: string;
  page?: number;
};

export type AdminReviewPage = { reviews: AdminReviewView[]; page: number; page_count: number; total: number };

export const ADMIN_REVIEWS_PAGE_SIZE = 20;

function adminReviewConditions(filters: AdminReviewFilters) {
  return and(
    filters.status ? eq(reviews.status, filters.status) : undefined,
    filters.rating ? eq(reviews.rating, filters.rating) : undefined,
    filters.productId && isUuid(filters.productId) ? eq(reviews.productId, filters.productId) : undefined,
    filters.withPhotos ? sql`cardinality(${reviews.photos}) > 0` : undefined,
    filters.search
      ? sql`(${products.name} ILIKE ${containingPattern(filters.search)} OR ${reviews.title} ILIKE ${containingPattern(filters.search)})`
      : undefined,
  );
}

export async function listReviewsForAdmin(db: Executor, filters: AdminReviewFilters): Promise<AdminReviewPage> {
  const where = adminReviewConditions(filters);
  const [{ total }] = await db
    .select({ total: count() })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .where(where);
  const pageCount = Math.max(1, Math.ceil(total / ADMIN_REVIEWS_PAGE_SIZE));
  const page = Math.min(Math.max(1, filters.page ?? 1), pageCount);
  const rows = await db
    .select({ review: reviews, productName: products.name })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .where(where)
    // Pending first (oldest waiting first), then the rest newest first.
    .orderBy(
      sql`(${reviews.status} = 'pending') DESC`,
      sql`CASE WHEN ${reviews.status} = 'pending' THEN ${reviews.createdAt} END ASC`,
      desc(reviews.createdAt),
    )
    .limit(ADMIN_REVIEWS_PAGE_SIZE)
    .offset((page - 1) * ADMIN_REVIEWS_PAGE_SIZE);
  return {
    reviews: rows.map(({ review, productName }) => toAdminView(review, productName)),
    page,
    page_count: pageCount,
    total,
  };
}

/**
 * The admin API's walk over the reviews (decision 049): the back-office's filters, by
 * (updated_at, id) after the cursor, `limit` rows. Moderation, an answer, a vote or a report
 * touches updated_at.
 */
export async function listReviewsForAdminSince(
  db: Executor,
  filters: Omit<AdminReviewFilters, "page"> & { window: KeysetWindow; limit: number },
): Promise<(AdminReviewView & { updated_at: string })[]> {
  const rows = await db
    .select({ review: reviews, productName: products.name })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .where(and(adminReviewConditions(filters), ...keysetConditions(reviews.updatedAt, reviews.id, filters.window)))
    .orderBy(...keysetOrder(reviews.updatedAt, reviews.id))
    .limit(filters.limit);
  return rows.map(({ review, productName }) => ({ ...toAdminView(review, productName), updated_at: review.updatedAt.toISOString() }));
}

/** One review as the back-office shows it, or null. */
export async function getReviewForAdmin(db: Executor, id: string): Promise<AdminReviewView | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({ review: reviews, productName: products.name })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .where(eq(reviews.id, id));
  return row ? toAdminView(row.review, row.productName) : null;
}

export type ModeratedReview = { review: ReviewRow; wasPublished: boolean };

/** Publishes a pending review. */
export async function publishReview(tx: Executor, id: string, actorId: string | null, now = new Date()): Promise<ModeratedReview> {
  if (!isUuid(id)) throw reviewNotFound();
  const [row] = await tx
    .update(reviews)
    .set({
      status: "published",
      publishedAt: now,
      moderatedAt: now,
      moderatedBy: actorId,
      rejectionReason: null,
      reportCount: 0,
      updatedAt: now,
    })
    .where(and(eq(reviews.id, id), eq(reviews.status, "pending")))
    .returning();
  if (row) {
    // A review back from reports starts counting again.
    await tx.delete(reviewReports).where(eq(reviewReports.reviewId, id));
    return { review: row, wasPublished: false };
  }
  const [exists] = await tx.select({ id: reviews.id }).from(reviews).where(eq(reviews.id, id));
  if (!exists) throw reviewNotFound();
  throw conflict("review_moderated", REVIEW_MESSAGES.alreadyModerated);
}

/** Rejects a pending review, or unpublishes a published one, with a reason from the list. */
export async function rejectReview(
  tx: Executor,
  id: string,
  reason: ReviewRejectionReason,
  actorId: string | null,
  now = new Date(),
): Promise<ModeratedReview> {
  if (!isUuid(id)) throw reviewNotFound();
  const [before] = await tx.select().from(reviews).where(eq(reviews.id, id)).for("update");
  if (!before) throw reviewNotFound();
  if (before.status === "rejected") throw conflict("review_moderated", REVIEW_MESSAGES.alreadyModerated);
  const [row] = await tx
    .update(reviews)
    .set({ status: "rejected", rejectionReason: reason, publishedAt: null, moderatedAt: now, moderatedBy: actorId, updatedAt: now })
    .where(eq(reviews.id, id))
    .returning();
  return { review: row, wasPublished: before.status === "published" };
}

/** The shop's public answer under a published review (replaces an earlier one). */
export async function answerReview(db: Executor, id: string, answer: string, actor?: AdminActor, now = new Date()): Promise<ReviewView> {
  if (!isUuid(id)) throw reviewNotFound();
  const row = await db.transaction(async (tx) => {
    const [previous] = await tx
      .select({ shopAnswer: reviews.shopAnswer })
      .from(reviews)
      .where(and(eq(reviews.id, id), eq(reviews.status, "published")))
      .for("update");
    if (!previous) return null;
    const [updated] = await tx
      .update(reviews)
      .set({ shopAnswer: answer, shopAnsweredAt: now, updatedAt: now })
      .where(eq(reviews.id, id))
      .returning();
    await recordAdminChangeBy(tx, actor, {
      action: "review.answer",
      entityType: "review",
      entityId: id,
      summary: `Réponse publiée sous l'avis « ${updated.title} »`,
      before: { shopAnswer: previous.shopAnswer },
      after: { shopAnswer: answer },
    });
    return updated;
  });
  if (row) return toReviewView(row);
  const [exists] = await db.select({ id: reviews.id }).from(reviews).where(eq(reviews.id, id));
  if (!exists) throw reviewNotFound();
  throw conflict("review_not_published", REVIEW_MESSAGES.answerRequiresPublished);
}

export function rejectionLabel(reason: ReviewRejectionReason): string {
  return REVIEW_REJECTION_LABELS[reason];
}

/** What a review.created webhook carries (decision 050): the review as moderation will see it. */
function reviewWebhookResource(row: ReviewRow): Record<string, unknown> {
  return {
    id: row.id,
    product_id: row.productId,
    variant_id: row.variantId,
    order_id: row.orderId,
    author_name: row.authorName,
    rating: row.rating,
    title: row.title,
    body: row.body,
    status: row.status,
    created_at: row.createdAt.toISOString(),
  };
}
