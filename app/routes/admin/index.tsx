import type { Route } from "./+types/index";
import { Link, redirect } from "react-router";
import { staffMay } from "~/.server/auth/session.server";
import { requireStaffPage } from "~/.server/auth/staff-routes.server";
import { getDb } from "~/.server/db";
import { getDashboard } from "~/.server/modules/reporting/dashboard.service";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { DashboardCards, RecentOrders, RevenueChart, ReviewCounts, TopProducts } from "~/features/admin/components/admin-dashboard-view";
import { DASHBOARD_NEED, firstPageOf } from "~/features/admin/staff/nav";

/**
 * Tableau de bord. /admin opens for any staff member (it is where signing in lands): a role
 * without the dashboard's figures goes on to the first page it may open, whose own loader checks
 * the same table, so never a 403 nor a loop; a role that opens no page is told so here.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireStaffPage(request, "admin");
  const { email, staff } = session.user;
  if (!staffMay(session, DASHBOARD_NEED)) {
    const first = firstPageOf(staff.permissions);
    if (first) throw redirect(first);
    return { email, roleName: staff.roleName, reviewsLink: false, dashboard: null };
  }
  const reviewsLink = staffMay(session, "reviews.read");
  return { email, roleName: staff.roleName, reviewsLink, dashboard: await getDashboard(await getDb()) };
}

export const headers = () => ({ "Cache-Control": "private, no-store" });

export function meta() {
  return [{ title: "Administration | Aurore" }, { name: "robots", content: "noindex" }];
}

export default function AdminHome({ loaderData }: Route.ComponentProps) {
  const { email, roleName, reviewsLink, dashboard } = loaderData;
  if (!dashboard) return <NoPage email={email} roleName={roleName} />;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="font-display text-3xl">Tableau de bord</h1>
          <p className="mt-1 text-muted">Connecté en tant que {email}</p>
        </div>
        <Link
          to="/admin/statistiques"
          className="flex min-h-11 items-center rounded-full border border-line bg-white px-4 font-semibold hover:border-accent"
        >
          Voir les statistiques
        </Link>
      </div>
      <DashboardCards dashboard={dashboard} />
      <RevenueChart days={dashboard.revenue_by_day} />
      <div className="grid gap-6 lg:grid-cols-2">
        <RecentOrders orders={dashboard.recent_orders} />
        <TopProducts products={dashboard.top_products} />
      </div>
      <ReviewCounts counts={dashboard.reviews} reviewsLink={reviewsLink} />
    </div>
  );
}

/** A role that opens no back-office page (a custom role left empty of pages): said, with whom to ask. */
function NoPage({ email, roleName }: { email: string; roleName: string }) {
  return (
    <div className="max-w-2xl space-y-3">
      <h1 className="font-display text-3xl">Aucune page accessible</h1>
      <p>
        Votre rôle « {roleName} » ne donne accès à aucune page de l&apos;administration. Demandez au propriétaire de la boutique de vous
        attribuer un rôle adapté.
      </p>
      <p className="text-muted">Connecté en tant que {email}</p>
    </div>
  );
}

/** 401 and 403 explained in French, with a way back. */
export const ErrorBoundary = RouteErrorBoundary;
