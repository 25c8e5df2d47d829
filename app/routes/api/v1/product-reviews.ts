import type { Route } from "./+types/product-reviews";
import { requireApiUser } from "~/.server/auth/session.server";
import { apiAction, apiLoader, dataResponse, firstIssue, readValidJson, validate } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { createReview, listProductReviews } from "~/.server/modules/reviews/reviews.service";
import { ReviewCreateSchema, ReviewListQuerySchema } from "~/domain/reviews/reviews";
import * as SHOP_MESSAGES from "~/domain/messages/shop";

/** GET /api/v1/products/{id}/reviews?sort=&stars=&with_photos=&page=: published reviews and their summary. */
export const loader = apiLoader(async ({ request, params }: Route.LoaderArgs) => {
  const query = validate(
    ReviewListQuerySchema,
    Object.fromEntries(new URL(request.url).searchParams),
    firstIssue("Paramètres invalides"),
    "invalid_query",
  );
  return dataResponse(await listProductReviews(await getDb(), params.id, query));
});

/** POST /api/v1/products/{id}/reviews: a verified buyer's review, pending until moderated (201). */
export const action = apiAction({
  POST: async ({ request, params }: Route.ActionArgs) => {
    const session = await requireApiUser(request);
    const body = await readValidJson(request, ReviewCreateSchema, firstIssue(SHOP_MESSAGES.invalidReview));
    return dataResponse(await createReview(await getDb(), session.user.id, params.id, body), { status: 201 });
  },
});
