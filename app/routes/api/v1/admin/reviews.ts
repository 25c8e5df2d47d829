import { adminListLoader } from "~/.server/api/admin-api-lists";
import { dataResponse, firstIssue, methodNotAllowed, validate } from "~/.server/api/route";
import { listReviewsForAdmin, listReviewsForAdminSince } from "~/.server/modules/reviews/reviews.service";
import { AdminReviewQuerySchema } from "~/domain/reviews/reviews";

/**
 * GET /api/v1/admin/reviews?status=&rating=&product_id=&page=: reviews to moderate, pending first.
 * With cursor=, updated_since= or limit=: the walk by update time (decision 049).
 */
export const loader = adminListLoader("reviews", (params, db) => {
  const query = validate(AdminReviewQuerySchema, Object.fromEntries(params), firstIssue("Paramètres invalides"), "invalid_query");
  const filters = {
    status: query.status,
    rating: query.rating,
    productId: query.product_id,
    withPhotos: query.with_photos,
    search: query.q,
  };
  return {
    ids: "uuid",
    walk: (window) => listReviewsForAdminSince(db, { ...filters, window, limit: window.limit }),
    pages: async () => dataResponse(await listReviewsForAdmin(db, { ...filters, page: query.page })),
  };
});

export const action = methodNotAllowed;
