import type { Route } from "./+types/stock";
import { Link } from "react-router";
import { requireStaffPage } from "~/.server/auth/staff-routes.server";
import { staffMay } from "~/.server/auth/session.server";
import { getDb } from "~/.server/db";
import { countProductsPerCategory, getStockReport, listStockAlerts } from "~/.server/modules/catalog/products-admin.service";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { ADMIN_STOCK_ALERTS_SHOWN } from "~/lib/shop-rules";
import { formatPrice } from "~/lib/money";

/** Tableau de Bord Stock: the stock report, the alerts and the products per category. */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireStaffPage(request, "admin/stock");
  // The quick actions open the products' list and its export, the catalogue's pages (decision 066).
  const catalog = staffMay(session, "catalog.read");
  const db = await getDb();
  const [report, alerts, perCategory] = await Promise.all([
    getStockReport(db),
    listStockAlerts(db, ADMIN_STOCK_ALERTS_SHOWN),
    countProductsPerCategory(db),
  ]);
  return { report, alerts, perCategory, catalog };
}

export const headers = () => ({ "Cache-Control": "private, no-store" });

export function meta() {
  return [{ title: "Tableau de Bord Stock | Administration | Aurore" }, { name: "robots", content: "noindex" }];
}

export default function AdminStock({ loaderData }: Route.ComponentProps) {
  const { report, alerts, perCategory, catalog } = loaderData;
  const cards = [
    { label: "Total produits", value: report.total_products.toLocaleString("fr-FR") },
    { label: "Variantes en stock", value: report.variants_in_stock.toLocaleString("fr-FR") },
    { label: "Variantes en stock faible", value: report.low_stock_variants.toLocaleString("fr-FR") },
    { label: "Variantes en rupture", value: report.variants_out_of_stock.toLocaleString("fr-FR") },
    { label: "Valeur du stock", value: formatPrice(report.total_stock_value_cents) },
  ];
  const max = Math.max(1, ...perCategory.map((c) => c.count));
  const tile = "flex min-h-11 flex-col rounded-2xl border border-line bg-white p-5 hover:border-accent";
  return (
    <div className="space-y-6">
      <h1 className="font-display text-3xl">Tableau de Bord Stock</h1>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-5">
        {cards.map((c) => (
          <li key={c.label} className="rounded-2xl border border-line bg-white p-5">
            <p className="text-sm text-muted">{c.label}</p>
            <p className="mt-1 text-2xl font-semibold">{c.value}</p>
          </li>
        ))}
      </ul>

      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="stock-alerts" className="rounded-2xl border border-line bg-white p-5">
          <h2 id="stock-alerts" className="font-display text-xl">
            Alertes de Stock
          </h2>
          {alerts.length === 0 ? (
            <p className="mt-3 text-muted">Tous les produits ont un stock suffisant</p>
          ) : (
            <ul className="mt-3 divide-y divide-line">
              {alerts.map((a) => (
                <li key={a.variant_id} className="flex items-center justify-between gap-3 py-2">
                  <span className="min-w-0">
                    <span className="font-semibold break-words">{a.name}</span>
                    <span className="block text-sm text-muted">
                      {a.category_name ?? "Non classé"} · {a.sku}
                    </span>
                  </span>
                  <span
                    className={`rounded-full px-3 py-1 text-xs font-semibold ${a.stock === 0 ? "bg-red-100 text-red-900" : "bg-orange-100 text-orange-900"}`}
                  >
                    {a.stock === 0 ? "Rupture" : `${a.stock} en stock`}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>

        <section aria-labelledby="per-category" className="rounded-2xl border border-line bg-white p-5">
          <h2 id="per-category" className="font-display text-xl">
            Produits par Catégorie
          </h2>
          <ul className="mt-3 space-y-3">
            {perCategory.map((c) => (
              <li key={c.category_id}>
                <div className="flex justify-between text-sm">
                  <span>{c.category_name}</span>
                  <span className="font-semibold">{c.count.toLocaleString("fr-FR")}</span>
                </div>
                <div aria-hidden="true" className="mt-1 h-2 rounded-full bg-band">
                  <div className="h-2 rounded-full bg-accent" style={{ width: `${(c.count / max) * 100}%` }} />
                </div>
              </li>
            ))}
          </ul>
        </section>
      </div>

      {catalog && (
        <section aria-labelledby="quick-actions">
          <h2 id="quick-actions" className="font-display text-xl">
            Actions rapides
          </h2>
          <div className="mt-3 grid gap-4 sm:grid-cols-3">
            <Link to="/admin/produits?stock=low&reappro=1" className={tile}>
              <span className="font-semibold">Réapprovisionner</span>
              <span className="text-sm text-muted">Les produits en stock faible, sélectionnés : indiquez la quantité à ajouter.</span>
            </Link>
            <a href="/admin/produits/export.csv" download className={tile}>
              <span className="font-semibold">Rapport de Stock</span>
              <span className="text-sm text-muted">Télécharger le stock au format CSV.</span>
            </a>
            <Link to="/admin/produits?stock=low" className={tile}>
              <span className="font-semibold">Alertes</span>
              <span className="text-sm text-muted">Voir les produits en stock faible.</span>
            </Link>
          </div>
        </section>
      )}
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
