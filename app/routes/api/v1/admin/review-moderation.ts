import type { Route } from "./+types/review-moderation";
import { requireAdminApi } from "~/.server/api/admin-api";
import { apiAction, apiLoader, dataResponse, firstIssue, found, readValidJson } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { userIdOfActor } from "~/.server/modules/activity-log/activity-log.service";
import { answerReview, getReviewForAdmin } from "~/.server/modules/reviews/reviews.service";
import { publishReviewWithRating, rejectReviewWithRating } from "~/.server/workflows/reviews";
import { ReviewAnswerSchema, ReviewRejectSchema } from "~/domain/reviews/reviews";
import { REVIEW_MESSAGES } from "~/domain/reviews/review-rules";
import { notFound } from "~/domain/errors";

/**
 * POST /api/v1/admin/reviews/{id}/publish, /reject {reason}, /answer {answer}: moderation. The
 * product's average and count follow in the same transaction; the author is told.
 */
export const action = apiAction({
  POST: async ({ request, params }: Route.ActionArgs) => {
    const { actor } = await requireAdminApi(request, "reviews", "write");
    const db = await getDb();
    switch (params.step) {
      case "publish":
        return dataResponse(await publishReviewWithRating(db, params.id, userIdOfActor(actor), actor));
      case "reject": {
        const body = await readValidJson(request, ReviewRejectSchema, firstIssue("Choisissez un motif de refus"));
        return dataResponse(await rejectReviewWithRating(db, params.id, body.reason, userIdOfActor(actor), actor));
      }
      case "answer": {
        const body = await readValidJson(request, ReviewAnswerSchema, firstIssue("La réponse est obligatoire"));
        return dataResponse(await answerReview(db, params.id, body.answer, actor));
      }
      default:
        throw notFound("not_found", "Ressource introuvable");
    }
  },
});

/** GET /api/v1/admin/reviews/{id}/{step}: the review as the moderation dialog shows it. */
export const loader = apiLoader(async ({ request, params }: Route.LoaderArgs) => {
  await requireAdminApi(request, "reviews", "read");
  return dataResponse(found(await getReviewForAdmin(await getDb(), params.id), REVIEW_MESSAGES.notFound));
});
