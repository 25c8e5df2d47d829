/**
 * Customer reviews (docs/decisions/037-reviews.md): the one schema of a review, the moderation
 * reasons, sorts and limits, and the French messages. Isomorphic: the review form validates with
 * it in the browser and the reviews module again on the server.
 */
import { z } from "zod";
import { text } from "~/lib/safe-text";
import { SKIN_TYPE_LABELS, type SkinType } from "~/domain/catalog/catalog.constants";

export const REVIEW_TITLE_MIN = 3;
export const REVIEW_TITLE_MAX = 120;
export const REVIEW_BODY_MIN = 10;
export const REVIEW_BODY_MAX = 3000;
export const REVIEW_ANSWER_MAX = 2000;
export const REVIEW_PHOTOS_MAX = 3;
/** Reports by distinct accounts that send a published review back to moderation. */
export const REVIEW_REPORT_THRESHOLD = 3;
export const REVIEWS_PAGE_SIZE = 10;
/** Published reviews shown in a product's JSON-LD. */
export const REVIEWS_IN_STRUCTURED_DATA = 5;

export const REVIEW_STATUSES = ["pending", "published", "rejected"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export const REVIEW_STATUS_LABELS: Record<ReviewStatus, string> = {
  pending: "En attente",
  published: "Publié",
  rejected: "Refusé",
};

/** Review skin types: the catalogue's, without "tous types" (a person has one). */
export const REVIEW_SKIN_TYPES = ["normale", "seche", "grasse", "mixte", "sensible"] as const satisfies readonly SkinType[];
export type ReviewSkinType = (typeof REVIEW_SKIN_TYPES)[number];
export const REVIEW_SKIN_TYPE_LABELS: Record<ReviewSkinType, string> = Object.fromEntries(
  REVIEW_SKIN_TYPES.map((s) => [s, SKIN_TYPE_LABELS[s]]),
) as Record<ReviewSkinType, string>;

export const REVIEW_AGE_RANGES = ["18-24", "25-34", "35-44", "45-54", "55-64", "65+"] as const;
export type ReviewAgeRange = (typeof REVIEW_AGE_RANGES)[number];
export const REVIEW_AGE_RANGE_LABELS: Record<ReviewAgeRange, string> = {
  "18-24": "18-24 ans",
  "25-34": "25-34 ans",
  "35-44": "35-44 ans",
  "45-54": "45-54 ans",
  "55-64": "55-64 ans",
  "65+": "65 ans et plus",
};

/** Why a review is not published (the shopper is told which), as the rules page lists them. */
export const REVIEW_REJECTION_REASONS = ["off_topic", "offensive", "personal_data", "advertising", "not_about_product"] as const;
export type ReviewRejectionReason = (typeof REVIEW_REJECTION_REASONS)[number];
export const REVIEW_REJECTION_LABELS: Record<ReviewRejectionReason, string> = {
  off_topic: "Contenu sans rapport avec le produit",
  offensive: "Propos injurieux, discriminatoires ou diffamatoires",
  personal_data: "Données personnelles (nom complet, téléphone, adresse…)",
  advertising: "Publicité, lien ou mention d'un autre site",
  not_about_product: "Avis portant sur la livraison ou le service plutôt que sur le produit",
};

export const REVIEW_SORTS = ["recent", "helpful", "rating_desc", "rating_asc"] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];
export const REVIEW_SORT_LABELS: Record<ReviewSort, string> = {
  recent: "Les plus récents",
  helpful: "Les plus utiles",
  rating_desc: "Note la plus haute",
  rating_asc: "Note la plus basse",
};

export const REVIEW_MESSAGES = {
  notBuyer: "Seuls les clients ayant reçu ce produit peuvent donner leur avis (avis vérifiés).",
  alreadyReviewed: "Vous avez déjà donné votre avis sur ce produit pour cette variante.",
  notFound: "Avis introuvable",
  productNotFound: "Produit introuvable",
  notEditable: "Cet avis a déjà été modéré : il ne peut plus être modifié, mais vous pouvez le supprimer.",
  ownVote: "Vous ne pouvez pas voter pour votre propre avis.",
  notPublished: "Cet avis n'est pas publié.",
  alreadyModerated: "Cet avis a déjà été modéré.",
  answerRequiresPublished: "Seul un avis publié peut recevoir une réponse de la boutique.",
} as const;

const rating = z
  .number({ error: "Choisissez une note de 1 à 5 étoiles" })
  .int({ error: "Choisissez une note de 1 à 5 étoiles" })
  .min(1, { error: "Choisissez une note de 1 à 5 étoiles" })
  .max(5, { error: "Choisissez une note de 1 à 5 étoiles" });

/** Form values arrive as strings; the API sends numbers. */
const ratingInput = z.preprocess((v) => (typeof v === "string" && /^\s*\d+\s*$/.test(v) ? Number(v) : v), rating);
const emptyAsUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);

export const ReviewInputSchema = z.object({
  rating: ratingInput,
  title: text({ error: "Le titre est obligatoire" })
    .trim()
    .min(REVIEW_TITLE_MIN, { error: `Le titre doit contenir au moins ${REVIEW_TITLE_MIN} caractères` })
    .max(REVIEW_TITLE_MAX, { error: `Le titre ne doit pas dépasser ${REVIEW_TITLE_MAX} caractères` }),
  body: text({ error: "Votre avis est obligatoire" })
    .trim()
    .min(REVIEW_BODY_MIN, { error: `Votre avis doit contenir au moins ${REVIEW_BODY_MIN} caractères` })
    .max(REVIEW_BODY_MAX, { error: `Votre avis ne doit pas dépasser ${REVIEW_BODY_MAX} caractères` }),
  skin_type: z.preprocess(emptyAsUndefined, z.enum(REVIEW_SKIN_TYPES, { error: "Type de peau inconnu" }).optional()),
  age_range: z.preprocess(emptyAsUndefined, z.enum(REVIEW_AGE_RANGES, { error: "Tranche d'âge inconnue" }).optional()),
});
export type ReviewInput = z.output<typeof ReviewInputSchema>;

/** A review photo: one of our own uploads (POST /api/v1/review-photos), never an outside address. */
export const REVIEW_PHOTO_URL_PATTERN = /^\/media\/uploads\/reviews\/\d{13}-[a-z0-9]{16}\.webp$/;
export const REVIEW_PHOTO_MESSAGE = "Photo inconnue : ajoutez-la à nouveau.";

/** Creating: the variant bought (optional when the shopper bought only one of the product's), and up to 3 photos. */
export const ReviewCreateSchema = ReviewInputSchema.extend({
  variant_id: z.preprocess(emptyAsUndefined, z.uuid({ error: "Variante inconnue" }).optional()),
  photos: z
    .array(text({ error: REVIEW_PHOTO_MESSAGE }).regex(REVIEW_PHOTO_URL_PATTERN, { error: REVIEW_PHOTO_MESSAGE }), {
      error: REVIEW_PHOTO_MESSAGE,
    })
    .max(REVIEW_PHOTOS_MAX, { error: `${REVIEW_PHOTOS_MAX} photos au maximum` })
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
  with_photos: z
    .preprocess((v) => v === "1" || v === "true" || v === true, z.boolean())
    .optional()
    .default(false),
  status: z.preprocess(emptyAsUndefined, z.enum(REVIEW_STATUSES, { error: "Statut inconnu" }).optional()),
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

/**
 * "Camille D." from a first and last name: what a review shows of its author. A full name typed
 * as the first name ("Camille Durand", no last name) is split, so it never shows in full.
 */
export function reviewAuthorName(firstName: string | null | undefined, lastName: string | null | undefined): string {
  let first = (firstName ?? "").trim();
  let last = (lastName ?? "").trim();
  if (!last && /\s/.test(first)) {
    const words = first.split(/\s+/);
    first = words[0];
    last = words[words.length - 1];
  }
  const initial = last.charAt(0).toUpperCase();
  if (!first) return "Client Aurore";
  return initial ? `${first} ${initial}.` : first;
}

/** The average shown (one decimal), from published ratings. */
export function averageRating(sum: number, count: number): number {
  return count > 0 ? Math.round((sum / count) * 10) / 10 : 0;
}

export type ReviewSummary = {
  average: number;
  count: number;
  /** Published reviews per star, 1 to 5. */
  distribution: Record<1 | 2 | 3 | 4 | 5, number>;
};

export type ReviewView = {
  id: string;
  product_id: string;
  variant_id: string | null;
  variant_label: string | null;
  rating: number;
  title: string;
  body: string;
  skin_type: ReviewSkinType | null;
  age_range: ReviewAgeRange | null;
  author: string;
  verified: boolean;
  helpful_count: number;
  created_at: string;
  published_at: string | null;
  shop_answer: string | null;
  shop_answered_at: string | null;
  photos: string[];
};

export type OwnReviewView = ReviewView & { status: ReviewStatus; rejection_reason: ReviewRejectionReason | null };

export type AdminReviewView = OwnReviewView & {
  product_name: string;
  user_id: string | null;
  report_count: number;
  moderated_at: string | null;
};

/** The product page's review parameters (`avis_tri`, `avis_note`, `avis_photos`, `avis_page`); bad values fall back to the defaults. */
export const REVIEW_PAGE_PARAMS = { sort: "avis_tri", stars: "avis_note", withPhotos: "avis_photos", page: "avis_page" } as const;

export function readReviewPageQuery(params: URLSearchParams): ReviewListQuery {
  const parsed = ReviewListQuerySchema.safeParse({
    sort: params.get(REVIEW_PAGE_PARAMS.sort) ?? undefined,
    stars: params.get(REVIEW_PAGE_PARAMS.stars) ?? undefined,
    with_photos: params.get(REVIEW_PAGE_PARAMS.withPhotos) ?? undefined,
    page: params.get(REVIEW_PAGE_PARAMS.page) ?? undefined,
  });
  return parsed.success ? parsed.data : ReviewListQuerySchema.parse({});
}
