import type { Route } from "./+types/statistics";
import { Link } from "react-router";
import { requireStaffPage } from "~/.server/auth/staff-routes.server";
import { getDb } from "~/.server/db";
import { getStatistics } from "~/.server/modules/reporting/dashboard.service";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { BestSellers, SalesByCategory, SalesByMonth } from "~/features/admin/components/admin-statistics-view";

/** Statistiques: sales by category, by month and the best sellers (cancelled and returned orders left out). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaffPage(request, "admin/statistiques");
  return { statistics: await getStatistics(await getDb()) };
}

export const headers = () => ({ "Cache-Control": "private, no-store" });

export function meta() {
  return [{ title: "Statistiques | Administration | Aurore" }, { name: "robots", content: "noindex" }];
}

export default function AdminStatistics({ loaderData }: Route.ComponentProps) {
  const { statistics } = loaderData;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="font-display text-3xl">Statistiques</h1>
        <p className="mt-1 text-muted">Ventes hors commandes annulées et retournées.</p>
        <p className="mt-2">
          <Link to="/admin/statistiques/paniers-oublies" className="font-semibold underline underline-offset-4 hover:text-accent">
            Paniers oubliés : rappels envoyés et paniers récupérés
          </Link>
        </p>
      </div>
      <SalesByMonth months={statistics.by_month} />
      <div className="grid gap-6 xl:grid-cols-2">
        <SalesByCategory categories={statistics.by_category} />
        <BestSellers products={statistics.best_sellers} />
      </div>
    </div>
  );
}

/** 401 and 403 explained in French, with a way back. */
export const ErrorBoundary = RouteErrorBoundary;
