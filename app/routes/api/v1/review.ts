import type { Route } from "./+types/review";
import { requireApiUser } from "~/.server/auth/session.server";
import { apiAction, dataResponse, firstIssue, methodNotAllowed, readValidJson } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { updateOwnReview } from "~/.server/modules/reviews/reviews.service";
import { deleteOwnReviewWithRating } from "~/.server/workflows/reviews";
import { ReviewPatchSchema } from "~/domain/reviews/reviews";
import * as SHOP_MESSAGES from "~/domain/messages/shop";

/** PATCH /api/v1/reviews/{id} (its author, until moderated); DELETE (its author, any time). */
export const action = apiAction({
  PATCH: async ({ request, params }: Route.ActionArgs) => {
    const session = await requireApiUser(request);
    const patch = await readValidJson(request, ReviewPatchSchema, firstIssue(SHOP_MESSAGES.invalidReview));
    return dataResponse(await updateOwnReview(await getDb(), session.user.id, params.id, patch));
  },
  DELETE: async ({ request, params }: Route.ActionArgs) => {
    const session = await requireApiUser(request);
    return dataResponse({ ...(await deleteOwnReviewWithRating(await getDb(), session.user.id, params.id)), deleted: true });
  },
});

export const loader = methodNotAllowed;
