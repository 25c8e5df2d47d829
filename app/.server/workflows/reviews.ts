/**
 * Review changes that move a product's published set (docs/decisions/037-reviews.md): each one
 * locks the product row, changes the review, recomputes the published average and count, and
 * tells the author, in one transaction. Catalogue pages read the result from the product row.
 */
import type { Database } from "~/.server/db/client";
import { forgetProductRatings, lockProductForRating, setProductRating } from "~/.server/modules/catalog/product-rating.service";
import { createNotification } from "~/.server/modules/notifications/notifications.service";
import {
  deleteOwnReview,
  productOfReview,
  publishedRatingOf,
  publishReview,
  rejectReview,
  rejectionLabel,
  reportReview,
  toReviewView,
  type ModeratedReview,
} from "~/.server/modules/reviews/reviews.service";
import { notFound } from "~/domain/errors";
import type { AdminActor } from "~/domain/activity-log/activity-log";
import { recordAdminChangeBy } from "~/.server/outbox/events";
import { REVIEW_MESSAGES, type ReviewRejectionReason, type ReviewView } from "~/domain/reviews/review-rules";
import type { Executor } from "~/.server/db/client";
import { removeReviewPhotoFiles } from "~/.server/media/product-images";

/** Runs `change` with the review's product locked, then recomputes the product's rating. */
async function withProductRating<T>(db: Database, reviewId: string, change: (tx: Executor) => Promise<T>): Promise<T> {
  const productId = await productOfReview(db, reviewId);
  if (!productId) throw notFound("review_not_found", REVIEW_MESSAGES.notFound);
  const result = await db.transaction(async (tx) => {
    if (!(await lockProductForRating(tx, productId))) throw notFound("review_not_found", REVIEW_MESSAGES.notFound);
    const value = await change(tx);
    await setProductRating(tx, productId, await publishedRatingOf(tx, productId));
    return value;
  });
  forgetProductRatings(db);
  return result;
}

function productUrl(review: ModeratedReview["review"]): string {
  return `/product/${review.productId}#avis`;
}

export async function publishReviewWithRating(
  db: Database,
  reviewId: string,
  actorId: string | null,
  actor?: AdminActor,
): Promise<ReviewView> {
  return withProductRating(db, reviewId, async (tx) => {
    const { review } = await publishReview(tx, reviewId, actorId);
    await recordAdminChangeBy(tx, actor, {
      action: "review.publish",
      entityType: "review",
      entityId: review.id,
      summary: `Avis « ${review.title} » publié`,
      before: { status: "pending" },
      after: { status: review.status },
    });
    if (review.userId) {
      await createNotification(tx, {
        userId: review.userId,
        type: "other",
        title: "Votre avis est publié",
        message: `Merci ! Votre avis « ${review.title} » est maintenant visible sur la fiche du produit.`,
        actionUrl: productUrl(review),
        // Stored in French (the API's text); the pages word it in the reader's language (decision 044).
        messageKey: "reviewPublished",
        params: { title: review.title },
      });
    }
    return toReviewView(review);
  });
}

export async function rejectReviewWithRating(
  db: Database,
  reviewId: string,
  reason: ReviewRejectionReason,
  actorId: string | null,
  actor?: AdminActor,
): Promise<ReviewView> {
  return withProductRating(db, reviewId, async (tx) => {
    const { review, wasPublished } = await rejectReview(tx, reviewId, reason, actorId);
    await recordAdminChangeBy(tx, actor, {
      action: "review.reject",
      entityType: "review",
      entityId: review.id,
      summary: `Avis « ${review.title} » refusé : ${rejectionLabel(reason)}`,
      before: { status: wasPublished ? "published" : "pending" },
      after: { status: review.status, rejectionReason: reason },
    });
    if (review.userId) {
      await createNotification(tx, {
        userId: review.userId,
        type: "other",
        title: "Votre avis n'a pas été publié",
        message: `Votre avis « ${review.title} » n'a pas été publié : ${rejectionLabel(reason)}. Vous pouvez le supprimer et en écrire un nouveau conforme à nos règles (/avis-clients).`,
        actionUrl: "/avis-clients",
        messageKey: "reviewRejected",
        params: { title: review.title, reason },
      });
    }
    return toReviewView(review);
  });
}

export async function deleteOwnReviewWithRating(db: Database, userId: string, reviewId: string): Promise<{ id: string }> {
  const deleted = await withProductRating(db, reviewId, (tx) => deleteOwnReview(tx, userId, reviewId));
  // The files of the photos it owned go once the review is gone (after the commit).
  await removeReviewPhotoFiles(deleted.photoKeys);
  return { id: deleted.id };
}

export async function reportReviewWithRating(
  db: Database,
  userId: string,
  reviewId: string,
  reason: string | undefined,
): Promise<{ counted: boolean }> {
  return withProductRating(db, reviewId, async (tx) => {
    const reported = await reportReview(tx, userId, reviewId, reason);
    return { counted: reported.counted };
  });
}
