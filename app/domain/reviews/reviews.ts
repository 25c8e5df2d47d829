/**
 * Customer reviews (docs/decisions/037-reviews.md): the one schema of a review, the moderation
 * reasons, sorts and limits, and the French messages. Isomorphic: the review form validates with
 * it in the browser and the reviews module again on the server.
 */
import { z } from "zod";
import { text } from "~/lib/safe-text";
import {
  REVIEW_AGE_RANGES,
  REVIEW_ANSWER_MAX,
  REVIEW_BODY_MAX,
  REVIEW_BODY_MIN,
  REVIEW_PAGE_PARAMS,
  REVIEW_PHOTOS_MAX,
  REVIEW_REJECTION_REASONS,
  REVIEW_SKIN_TYPES,
  REVIEW_SORTS,
  REVIEW_STATUSES,
  REVIEW_TITLE_MAX,
  REVIEW_TITLE_MIN,
} from "./review-rules";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import * as SHOP_MESSAGES from "~/domain/messages/shop";
import { formatMessage } from "~/domain/messages/format";

const rating = z
  .number({ error: SHOP_MESSAGES.chooseRating15Stars })
  .int({ error: SHOP_MESSAGES.chooseRating15Stars })
  .min(1, { error: SHOP_MESSAGES.chooseRating15Stars })
  .max(5, { error: SHOP_MESSAGES.chooseRating15Stars });

/** Form values arrive as strings; the API sends numbers. */
const ratingInput = z.preprocess((v) => (typeof v === "string" && /^\s*\d+\s*$/.test(v) ? Number(v) : v), rating);
const emptyAsUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);

export const ReviewInputSchema = z.object({
  rating: ratingInput,
  title: text({ error: SHOP_MESSAGES.titleRequired })
    .trim()
    .min(REVIEW_TITLE_MIN, { error: formatMessage(SHOP_MESSAGES.reviewTitleMinLength, { min: REVIEW_TITLE_MIN }) })
    .max(REVIEW_TITLE_MAX, { error: formatMessage(SHOP_MESSAGES.reviewTitleMaxLength, { max: REVIEW_TITLE_MAX }) }),
  body: text({ error: SHOP_MESSAGES.reviewRequired })
    .trim()
    .min(REVIEW_BODY_MIN, { error: formatMessage(SHOP_MESSAGES.reviewBodyMinLength, { min: REVIEW_BODY_MIN }) })
    .max(REVIEW_BODY_MAX, { error: formatMessage(SHOP_MESSAGES.reviewBodyMaxLength, { max: REVIEW_BODY_MAX }) }),
  skin_type: z.preprocess(emptyAsUndefined, z.enum(REVIEW_SKIN_TYPES, { error: SHOP_MESSAGES.unknownSkinType }).optional()),
  age_range: z.preprocess(emptyAsUndefined, z.enum(REVIEW_AGE_RANGES, { error: SHOP_MESSAGES.unknownAgeRange }).optional()),
});
export type ReviewInput = z.output<typeof ReviewInputSchema>;

/** A review photo: one of our own uploads (POST /api/v1/review-photos), never an outside address. */
export const REVIEW_PHOTO_URL_PATTERN = /^\/media\/uploads\/reviews\/\d{13}-[a-z0-9]{16}\.webp$/;
export const REVIEW_PHOTO_MESSAGE = "Photo inconnue : ajoutez-la à nouveau.";
const UPLOADS_PREFIX = "/media/uploads/";

/** The media key of a review photo's URL ("reviews/…webp"), or null for any other address. */
export function reviewPhotoKeyOf(url: string): string | null {
  return REVIEW_PHOTO_URL_PATTERN.test(url) ? url.slice(UPLOADS_PREFIX.length) : null;
}

/** Creating: the variant bought (optional when the shopper bought only one of the product's), and up to 3 photos. */
export const ReviewCreateSchema = ReviewInputSchema.extend({
  variant_id: z.preprocess(emptyAsUndefined, z.uuid({ error: SHOP_MESSAGES.unknownVariant }).optional()),
  photos: z
    .array(text({ error: REVIEW_PHOTO_MESSAGE }).regex(REVIEW_PHOTO_URL_PATTERN, { error: REVIEW_PHOTO_MESSAGE }), {
      error: REVIEW_PHOTO_MESSAGE,
    })
    .max(REVIEW_PHOTOS_MAX, { error: formatMessage(SHOP_MESSAGES.reviewPhotosMax, { max: REVIEW_PHOTOS_MAX }) })
    .optional()
    .default([]),
});
export type ReviewCreateInput = z.output<typeof ReviewCreateSchema>;

/** Editing by its author, while pending: any of the fields. */
export const ReviewPatchSchema = ReviewInputSchema.partial();

export const ReviewListQuerySchema = z.object({
  sort: z.enum(REVIEW_SORTS, { error: "Tri inconnu" }).optional().default("recent"),
  stars: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: "Note inconnue" })
      .int({ error: "Note inconnue" })
      .min(1, { error: "Note inconnue" })
      .max(5, { error: "Note inconnue" })
      .optional(),
  ),
  with_photos: z
    .preprocess((v) => v === "1" || v === "true" || v === true, z.boolean())
    .optional()
    .default(false),
  page: z.preprocess(emptyAsUndefined, z.coerce.number({ error: "Page invalide" }).int().min(1).max(10_000).optional().default(1)),
});
export type ReviewListQuery = z.output<typeof ReviewListQuerySchema>;

export const AdminReviewQuerySchema = z.object({
  /** Words of the product's name (or the review's title). */
  q: z.preprocess(
    emptyAsUndefined,
    text({ error: "Recherche invalide" }).trim().max(100, { error: "100 caractères au maximum" }).optional(),
  ),
  with_photos: z
    .preprocess((v) => v === "1" || v === "true" || v === true, z.boolean())
    .optional()
    .default(false),
  status: z.preprocess(emptyAsUndefined, z.enum(REVIEW_STATUSES, { error: ACCOUNT_MESSAGES.unknownStatus }).optional()),
  rating: z.preprocess(
    emptyAsUndefined,
    z.coerce.number({ error: "Note inconnue" }).int().min(1, { error: "Note inconnue" }).max(5, { error: "Note inconnue" }).optional(),
  ),
  product_id: z.preprocess(emptyAsUndefined, z.uuid({ error: "Produit inconnu" }).optional()),
  page: z.preprocess(emptyAsUndefined, z.coerce.number({ error: "Page invalide" }).int().min(1).max(10_000).optional().default(1)),
});

export const ReviewRejectSchema = z.object({
  reason: z.enum(REVIEW_REJECTION_REASONS, { error: "Choisissez un motif de refus" }),
});

export const ReviewAnswerSchema = z.object({
  answer: text({ error: "La réponse est obligatoire" })
    .trim()
    .min(1, { error: "La réponse est obligatoire" })
    .max(REVIEW_ANSWER_MAX, { error: `La réponse ne doit pas dépasser ${REVIEW_ANSWER_MAX} caractères` }),
});

export const ReviewReportSchema = z.object({
  reason: z.preprocess(emptyAsUndefined, text().trim().max(500, { error: "500 caractères au maximum" }).optional()),
});

export function readReviewPageQuery(params: URLSearchParams): ReviewListQuery {
  const parsed = ReviewListQuerySchema.safeParse({
    sort: params.get(REVIEW_PAGE_PARAMS.sort) ?? undefined,
    stars: params.get(REVIEW_PAGE_PARAMS.stars) ?? undefined,
    with_photos: params.get(REVIEW_PAGE_PARAMS.withPhotos) ?? undefined,
    page: params.get(REVIEW_PAGE_PARAMS.page) ?? undefined,
  });
  return parsed.success ? parsed.data : ReviewListQuerySchema.parse({});
}
