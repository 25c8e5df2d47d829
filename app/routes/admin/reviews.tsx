import type { Route } from "./+types/reviews";
import { requireStaffPage } from "~/.server/auth/staff-routes.server";
import { staffMay } from "~/.server/auth/session.server";
import { getDb } from "~/.server/db";
import { listReviewsForAdmin } from "~/.server/modules/reviews/reviews.service";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { AdminReviewQuerySchema } from "~/domain/reviews/reviews";
import { AdminReviewsView } from "~/features/admin/components/admin-reviews-view";

/** Avis: reviews to moderate (pending first); publishing, refusing and answering post to the admin API. */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireStaffPage(request, "admin/avis");
  // The page offers only what the role may do (the admin API checks each call again).
  const may = { write: staffMay(session, "reviews.write") };
  const parsed = AdminReviewQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const query = parsed.success ? parsed.data : AdminReviewQuerySchema.parse({});
  const page = await listReviewsForAdmin(await getDb(), {
    status: query.status,
    rating: query.rating,
    productId: query.product_id,
    page: query.page,
    withPhotos: query.with_photos,
    search: query.q,
  });
  return {
    filters: {
      status: query.status ?? "",
      rating: query.rating ? String(query.rating) : "",
      withPhotos: query.with_photos,
      q: query.q ?? "",
    },
    page,
    may,
  };
}

export const headers = () => ({ "Cache-Control": "private, no-store" });

export function meta() {
  return [{ title: "Avis | Administration | Aurore" }, { name: "robots", content: "noindex" }];
}

export default function AdminReviews({ loaderData }: Route.ComponentProps) {
  return <AdminReviewsView filters={loaderData.filters} page={loaderData.page} may={loaderData.may} />;
}

export const ErrorBoundary = RouteErrorBoundary;
