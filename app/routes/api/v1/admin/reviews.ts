import type { Route } from "./+types/reviews";
import { requireAdminApi } from "~/.server/api/admin-api";
import { cursorPageResponse, readAdminListWindow, wantsCursorWalk } from "~/.server/api/admin-api-lists";
import { apiLoader, dataResponse, firstIssue, methodNotAllowed, validate } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { listReviewsForAdmin, listReviewsForAdminSince } from "~/.server/modules/reviews/reviews.service";
import { AdminReviewQuerySchema } from "~/domain/reviews/reviews";

/**
 * GET /api/v1/admin/reviews?status=&rating=&product_id=&page=: reviews to moderate, pending first.
 * With cursor=, updated_since= or limit=: the walk by update time (decision 049).
 */
export const loader = apiLoader(async ({ request }: Route.LoaderArgs) => {
  await requireAdminApi(request, "reviews", "read");
  const params = new URL(request.url).searchParams;
  const query = validate(AdminReviewQuerySchema, Object.fromEntries(params), firstIssue("Paramètres invalides"), "invalid_query");
  const filters = {
    status: query.status,
    rating: query.rating,
    productId: query.product_id,
    withPhotos: query.with_photos,
    search: query.q,
  };
  if (wantsCursorWalk(params)) {
    const window = readAdminListWindow(params, "uuid");
    return cursorPageResponse(await listReviewsForAdminSince(await getDb(), { ...filters, window, limit: window.limit + 1 }), window.limit);
  }
  return dataResponse(await listReviewsForAdmin(await getDb(), { ...filters, page: query.page }));
});

export const action = methodNotAllowed;
