import { formatPrice } from "~/lib/money";
import { STATISTICS_MONTHS, formatMonthKey, type StatisticsData } from "~/domain/statistics/admin-dashboard";
import { BarChart } from "./bar-chart";
import { plural } from "~/lib/plural";

const panel = "rounded-2xl border border-line bg-white p-5";
const NO_SALES = "Aucune vente pour le moment.";

/** Revenue per category as bars, with revenue and units written beside each. */
export function SalesByCategory({ categories }: { categories: StatisticsData["by_category"] }) {
  const max = Math.max(1, ...categories.map((c) => c.revenue_cents));
  return (
    <section aria-labelledby="sales-by-category" className={panel}>
      <h2 id="sales-by-category" className="font-display text-xl">
        Ventes par catégorie
      </h2>
      {categories.length === 0 ? (
        <p className="mt-3 text-muted">{NO_SALES}</p>
      ) : (
        <ul className="mt-3 space-y-3">
          {categories.map((c) => (
            <li key={c.category}>
              <div className="flex flex-wrap justify-between gap-x-3 text-sm">
                <span className="font-semibold">{c.category}</span>
                <span>
                  {formatPrice(c.revenue_cents)} <span className="text-muted">· {plural(c.units, "unité", "unités")}</span>
                </span>
              </div>
              <div aria-hidden="true" className="mt-1 h-2 rounded-full bg-band">
                <div
                  className="h-2 rounded-full bg-accent"
                  style={{ width: `${Math.max(1, Math.round((c.revenue_cents / max) * 100))}%` }}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The last 12 Paris months, current one included: a chart and the figures in a table. */
export function SalesByMonth({ months }: { months: StatisticsData["by_month"] }) {
  const total = months.reduce((sum, m) => sum + m.revenue_cents, 0);
  const orders = months.reduce((sum, m) => sum + m.orders, 0);
  const summary =
    total === 0
      ? "Aucune vente sur la période."
      : `${formatPrice(total)} au total sur ${STATISTICS_MONTHS} mois, ${plural(orders, "commande", "commandes")}.`;
  return (
    <section aria-labelledby="sales-by-month" className={panel}>
      <h2 id="sales-by-month" className="font-display text-xl">
        Ventes par mois
      </h2>
      <p className="mt-1 text-sm text-muted">{summary}</p>
      <div className="mt-4">
        <BarChart
          caption={`Chiffre d'affaires par mois, ${STATISTICS_MONTHS} derniers mois`}
          summary={summary}
          labelHeader="Mois"
          valueHeader="Chiffre d'affaires"
          axisLabels={12}
          data={months.map((m) => ({
            label: formatMonthKey(m.month),
            shortLabel: formatMonthKey(m.month, "short"),
            value: m.revenue_cents,
          }))}
          formatValue={formatPrice}
        />
      </div>
      <div className="mt-4 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="text-muted">
            <tr>
              <th scope="col" className="py-2 font-medium">
                Mois
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                Commandes
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                Chiffre d'affaires
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {[...months].reverse().map((m) => (
              <tr key={m.month}>
                <th scope="row" className="py-2 font-normal">
                  {formatMonthKey(m.month)}
                </th>
                <td className="py-2 text-right">{m.orders.toLocaleString("fr-FR")}</td>
                <td className="py-2 text-right">{formatPrice(m.revenue_cents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** Top products by units sold, with their revenue. */
export function BestSellers({ products }: { products: StatisticsData["best_sellers"] }) {
  return (
    <section aria-labelledby="best-sellers" className={panel}>
      <h2 id="best-sellers" className="font-display text-xl">
        Meilleures ventes
      </h2>
      {products.length === 0 ? (
        <p className="mt-3 text-muted">{NO_SALES}</p>
      ) : (
        <table className="mt-3 w-full text-left text-sm">
          <thead className="text-muted">
            <tr>
              <th scope="col" className="py-2 pr-3 font-medium">
                Rang
              </th>
              <th scope="col" className="py-2 font-medium">
                Produit
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                Unités vendues
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                Chiffre d'affaires
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {products.map((p, i) => (
              <tr key={p.key}>
                <td className="py-2 pr-3">{i + 1}</td>
                <th scope="row" className="py-2 font-semibold">
                  {p.name}
                </th>
                <td className="py-2 text-right">{p.units.toLocaleString("fr-FR")}</td>
                <td className="py-2 text-right">{formatPrice(p.revenue_cents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
