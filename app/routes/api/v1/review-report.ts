import type { Route } from "./+types/review-report";
import { requireApiUser } from "~/.server/auth/session.server";
import { apiAction, dataResponse, firstIssue, methodNotAllowed, readValidJson } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { reportReviewWithRating } from "~/.server/workflows/reviews";
import { ReviewReportSchema } from "~/domain/reviews/reviews";

/** POST /api/v1/reviews/{id}/report {reason?}: 'Signaler', once per account; enough reports send it back to moderation. */
export const action = apiAction({
  POST: async ({ request, params }: Route.ActionArgs) => {
    const session = await requireApiUser(request);
    const body = await readValidJson(request, ReviewReportSchema, firstIssue("Signalement invalide"));
    return dataResponse(await reportReviewWithRating(await getDb(), session.user.id, params.id, body.reason));
  },
});

export const loader = methodNotAllowed;
