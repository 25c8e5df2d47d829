/**
 * Customer reviews (docs/decisions/037-reviews.md): limits, statuses, labels, sorts, French
 * messages and the review views, without zod, so the product page's review block ships none of
 * it; the schemas live in reviews.ts.
 */
import { SKIN_TYPE_LABELS, type SkinType } from "~/domain/catalog/catalog.constants";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import * as SHOP_MESSAGES from "~/domain/messages/shop";

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
  pending: ACCOUNT_MESSAGES.pending,
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
  off_topic: SHOP_MESSAGES.contentUnrelatedProduct,
  offensive: SHOP_MESSAGES.abusiveDiscriminatoryDefamatoryRemarks,
  personal_data: SHOP_MESSAGES.personalDataFullNamePhone,
  advertising: SHOP_MESSAGES.advertisingLinkMentionAnotherSite,
  not_about_product: SHOP_MESSAGES.reviewAboutDeliveryServiceRather,
};

export const REVIEW_SORTS = ["recent", "helpful", "rating_desc", "rating_asc"] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];
export const REVIEW_SORT_LABELS: Record<ReviewSort, string> = {
  recent: "Les plus récents",
  helpful: "Les plus utiles",
  rating_desc: "Note la plus haute",
  rating_asc: "Note la plus basse",
};

/**
 * Review photo uploads per account (docs/decisions/037-reviews.md): so many an hour, and so many
 * stored bytes of photos no review holds yet. A photo no review took within a day is removed.
 */
export const REVIEW_PHOTO_UPLOADS_PER_HOUR = 20;
export const REVIEW_PHOTO_PENDING_MAX_BYTES = 10 * 1024 * 1024;
export const REVIEW_PHOTO_PENDING_MS = 24 * 60 * 60 * 1000;

export const REVIEW_MESSAGES = {
  notBuyer: SHOP_MESSAGES.onlyCustomersWhoReceivedProduct,
  alreadyReviewed: SHOP_MESSAGES.alreadyReviewedVariantProduct,
  notFound: SHOP_MESSAGES.reviewNotFound,
  productNotFound: SHOP_MESSAGES.productNotFound,
  notEditable: SHOP_MESSAGES.reviewAlreadyModeratedNoLonger,
  ownVote: SHOP_MESSAGES.cannotVoteOwnReview,
  notPublished: SHOP_MESSAGES.reviewNotPublished,
  alreadyModerated: "Cet avis a déjà été modéré.",
  answerRequiresPublished: "Seul un avis publié peut recevoir une réponse de la boutique.",
  photoNotOwned: "Cette photo n'a pas été envoyée depuis votre compte, ou elle figure déjà dans un avis : ajoutez-la à nouveau.",
  tooManyPhotoUploads: `Vous avez envoyé beaucoup de photos : réessayez dans une heure (${REVIEW_PHOTO_UPLOADS_PER_HOUR} par heure au plus).`,
  tooManyPendingPhotos: "Vous avez déjà beaucoup de photos en attente : publiez votre avis ou réessayez demain.",
} as const;

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
