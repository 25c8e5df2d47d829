import { z } from "zod";
import { ApiErrorSchema } from "~/.server/api/schemas";
import { REVIEW_SKIN_TYPES, REVIEW_AGE_RANGES, REVIEW_STATUSES, REVIEW_REJECTION_REASONS } from "~/domain/reviews/review-rules";

/** A review as the shop's, its author's and the administrator's review routes answer it (docs/decisions/037-reviews.md). */
export const ReviewSchema = z
  .object({
    id: z.uuid(),
    product_id: z.uuid(),
    variant_id: z.uuid().nullable(),
    variant_label: z.string().nullable(),
    rating: z.int().min(1).max(5),
    title: z.string(),
    body: z.string().describe("Plain text: shown as text, never as HTML"),
    skin_type: z.enum(REVIEW_SKIN_TYPES).nullable(),
    age_range: z.enum(REVIEW_AGE_RANGES).nullable(),
    author: z.string().describe("First name and initial, e.g. 'Camille D.'"),
    verified: z.boolean().describe("Written by an account that bought the variant and received it"),
    helpful_count: z.int(),
    created_at: z.iso.datetime(),
    published_at: z.iso.datetime().nullable(),
    shop_answer: z.string().nullable(),
    shop_answered_at: z.iso.datetime().nullable(),
    photos: z.array(z.string()).describe("Up to 3 photos, served by the shop (/media/uploads/reviews/...)"),
  })
  .meta({ id: "Review" });

export const OwnReviewSchema = ReviewSchema.extend({
  status: z.enum(REVIEW_STATUSES),
  rejection_reason: z.enum(REVIEW_REJECTION_REASONS).nullable(),
}).meta({ id: "OwnReview" });

export const AdminReviewSchema = OwnReviewSchema.extend({
  product_name: z.string(),
  user_id: z.string().nullable(),
  report_count: z.int(),
  moderated_at: z.iso.datetime().nullable(),
}).meta({ id: "AdminReview" });

/** A review that does not exist, or is another shopper's. */
export const reviewNotFound = { 404: { description: "Avis introuvable (ou d'un autre client)", schema: ApiErrorSchema } };
