import type { Route } from "./+types/index";
import { Link } from "react-router";
import { requireAdmin } from "~/.server/auth/session.server";
import { getDb } from "~/.server/db";
import { getDashboard } from "~/.server/modules/reporting/dashboard.service";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { DashboardCards, RecentOrders, RevenueChart, ReviewCounts, TopProducts } from "~/features/admin/components/admin-dashboard-view";

/** Tableau de bord. The role is checked on the server for every admin loader and action. */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireAdmin(request);
  const dashboard = await getDashboard(await getDb());
  return { email: session.user.email, dashboard };
}

export const headers = () => ({ "Cache-Control": "private, no-store" });

export function meta() {
  return [{ title: "Administration | Aurore" }, { name: "robots", content: "noindex" }];
}

export default function AdminHome({ loaderData }: Route.ComponentProps) {
  const { email, dashboard } = loaderData;
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
      <ReviewCounts counts={dashboard.reviews} />
    </div>
  );
}

/** 401 and 403 explained in French, with a way back. */
export const ErrorBoundary = RouteErrorBoundary;
