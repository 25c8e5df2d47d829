import type { Route } from "./+types/reviews";
import { requireAdminApi } from "~/.server/api/admin-api";
import { apiLoader, dataResponse, firstIssue, methodNotAllowed, validate } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { listReviewsForAdmin } from "~/.server/modules/reviews/reviews.service";
import { AdminReviewQuerySchema } from "~/domain/reviews/reviews";

/** GET /api/v1/admin/reviews?status=&rating=&product_id=&page=: reviews to moderate, pending first. */
export const loader = apiLoader(async ({ request }: Route.LoaderArgs) => {
  await requireAdminApi(request, "reviews", "read");
  const query = validate(
    AdminReviewQuerySchema,
    Object.fromEntries(new URL(request.url).searchParams),
    firstIssue("Paramètres invalides"),
    "invalid_query",
  );
  return dataResponse(
    await listReviewsForAdmin(await getDb(), {
      status: query.status,
      rating: query.rating,
      productId: query.product_id,
      page: query.page,
      withPhotos: query.with_photos,
      search: query.q,
    }),
  );
});

export const action = methodNotAllowed;
