import type { Route } from "./+types/review-vote";
import { requireApiUser } from "~/.server/auth/session.server";
import { apiAction, dataResponse, methodNotAllowed } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { voteHelpful } from "~/.server/modules/reviews/reviews.service";

/** POST /api/v1/reviews/{id}/vote: 'Utile', counted once per account. */
export const action = apiAction({
  POST: async ({ request, params }: Route.ActionArgs) => {
    const session = await requireApiUser(request);
    return dataResponse(await voteHelpful(await getDb(), session.user.id, params.id));
  },
});

export const loader = methodNotAllowed;
