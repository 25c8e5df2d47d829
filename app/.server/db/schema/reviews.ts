import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { productVariants, products } from "./catalog";
import { orders } from "./orders";
import { keysetIndex } from "../keyset";

const list = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));
const STATUSES = ["pending", "published", "rejected"] as const;

/**
 * Customer reviews (docs/decisions/037-reviews.md), written only by the reviews module. One per
 * account and variant bought and delivered (the order it was bought in is kept: 'Avis vérifié').
 * The product's rating and review count (products.rating, products.review_count) are the
 * published reviews' average and count, recomputed in the transaction of each change.
 */
export const reviews = pgTable(
  "reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    variantId: uuid("variant_id").references(() => productVariants.id, { onDelete: "set null" }),
    /** What was bought, as the order line named it ("50 ml"), kept if the variant goes. */
    variantLabel: text("variant_label"),
    /** Null once the account is deleted: the review stays, signed as it was. */
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    /** "Camille D.", fixed when written. */
    authorName: text("author_name").notNull(),
    rating: smallint("rating").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    skinType: text("skin_type"),
    ageRange: text("age_range"),
    /** Up to REVIEW_PHOTOS_MAX of our own uploads (/media/uploads/reviews/...), re-encoded by the image pipeline. */
    photos: text("photos")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: text("status").notNull().default("pending"),
    rejectionReason: text("rejection_reason"),
    shopAnswer: text("shop_answer"),
    shopAnsweredAt: timestamp("shop_answered_at", { withTimezone: true }),
    helpfulCount: integer("helpful_count").notNull().default(0),
    reportCount: integer("report_count").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    moderatedAt: timestamp("moderated_at", { withTimezone: true }),
    moderatedBy: text("moderated_by"),
  },
  (t) => [
    check("reviews_rating_range", sql`${t.rating} BETWEEN 1 AND 5`),
    check("reviews_status_valid", sql`${t.status} IN (${list(STATUSES)})`),
    check("reviews_counts_non_negative", sql`${t.helpfulCount} >= 0 AND ${t.reportCount} >= 0`),
    // One review per account and variant (the service says so in French first).
    uniqueIndex("reviews_user_variant_idx").on(t.userId, t.variantId),
    index("reviews_product_published_idx").on(t.productId, t.status, t.publishedAt.desc()),
    index("reviews_status_created_idx").on(t.status, t.createdAt.desc()),
    keysetIndex("reviews_keyset_idx", t.updatedAt, t.id),
  ],
);

/** 'Utile' votes: one per account and review. */
export const reviewVotes = pgTable(
  "review_votes",
  {
    reviewId: uuid("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.userId] })],
);

/** 'Signaler': one report per account and review; enough of them send it back to moderation. */
export const reviewReports = pgTable(
  "review_reports",
  {
    reviewId: uuid("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    reason: text("reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.userId] })],
);

/**
 * Review photos and who sent them (docs/decisions/037-reviews.md): one row per uploaded file,
 * written only by the reviews module. A photo can go in a review only from the account that
 * uploaded it and only once; deleting a review deletes the files of the photos it owns, and a
 * photo no review took within a day is removed. `bytes` is the stored file's size (the pending
 * total an account may hold is counted from it).
 */
export const reviewPhotos = pgTable(
  "review_photos",
  {
    /** The media key, "reviews/<ms timestamp>-<16 random>.webp". */
    key: text("key").primaryKey(),
    /** Null once the account is deleted: a published review keeps its photos. */
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    reviewId: uuid("review_id").references(() => reviews.id, { onDelete: "set null" }),
    bytes: integer("bytes").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    attachedAt: timestamp("attached_at", { withTimezone: true }),
  },
  (t) => [
    check("review_photos_bytes_non_negative", sql`${t.bytes} >= 0`),
    index("review_photos_user_created_idx").on(t.userId, t.createdAt),
    index("review_photos_review_idx").on(t.reviewId),
    // The sweep of photos never attached reads these only.
    index("review_photos_pending_idx")
      .on(t.createdAt)
      .where(sql`${t.reviewId} IS NULL`),
  ],
);
