import { formatPrice } from "~/lib/money";
import { formatDate } from "~/lib/paris-time";
import { OrderStatusBadge } from "~/features/orders/public/order-status-badge";
import {
  DASHBOARD_CHART_DAYS,
  dashboardStatusLabel,
  formatChange,
  formatDayKey,
  topProductRows,
  type DashboardCard,
  type DashboardData,
} from "~/domain/statistics/admin-dashboard";
import { BarChart } from "./bar-chart";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";

const panel = "rounded-2xl border border-line bg-white p-5";

function Change({ percent }: { percent: number }) {
  const tone = percent > 0 ? "text-green-800" : percent < 0 ? "text-red-800" : "text-muted";
  return (
    <p className="mt-2 text-sm">
      <span className={`font-semibold ${tone}`} data-change>
        {formatChange(percent)}
      </span>{" "}
      <span className="text-muted">vs mois dernier</span>
    </p>
  );
}

/** The four cards: all-time figure, change of this month so far against last month. */
export function DashboardCards({ dashboard }: { dashboard: DashboardData }) {
  const cards: { label: string; card: DashboardCard; value: string }[] = [
    { label: "Chiffre d'affaires", card: dashboard.revenue, value: formatPrice(dashboard.revenue.value) },
    { label: "Commandes", card: dashboard.orders, value: dashboard.orders.value.toLocaleString("fr-FR") },
    { label: "Produits", card: dashboard.products, value: dashboard.products.value.toLocaleString("fr-FR") },
    { label: "Clients", card: dashboard.customers, value: dashboard.customers.value.toLocaleString("fr-FR") },
  ];
  return (
    <ul aria-label="Indicateurs" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {cards.map((c) => (
        <li key={c.label} className={panel} data-card={c.label}>
          <p className="text-sm text-muted">{c.label}</p>
          <p className="mt-1 text-2xl font-semibold">{c.value}</p>
          <Change percent={c.card.change_percent} />
        </li>
      ))}
    </ul>
  );
}

/** Revenue per Paris day over the last 30 days (cancelled and returned orders left out). */
export function RevenueChart({ days }: { days: DashboardData["revenue_by_day"] }) {
  const total = days.reduce((sum, d) => sum + d.revenue_cents, 0);
  const best = days.reduce<(typeof days)[number] | null>((top, d) => (d.revenue_cents > (top?.revenue_cents ?? 0) ? d : top), null);
  const first = days[0]?.day;
  const last = days[days.length - 1]?.day;
  const summary =
    total === 0
      ? "Aucune vente sur la période."
      : `Du ${formatDayKey(first)} au ${formatDayKey(last)} : ${formatPrice(total)} au total, meilleur jour le ${formatDayKey(best!.day)} avec ${formatPrice(best!.revenue_cents)}.`;
  return (
    <section aria-labelledby="revenue-chart" className={panel}>
      <h2 id="revenue-chart" className="font-display text-xl">
        Chiffre d'affaires des {DASHBOARD_CHART_DAYS} derniers jours
      </h2>
      <p className="mt-1 text-sm text-muted">{summary}</p>
      <div className="mt-4">
        <BarChart
          caption={`Chiffre d'affaires par jour, ${DASHBOARD_CHART_DAYS} derniers jours`}
          summary={summary}
          labelHeader="Jour"
          valueHeader="Chiffre d'affaires"
          data={days.map((d) => ({ label: formatDayKey(d.day), shortLabel: formatDayKey(d.day, "short"), value: d.revenue_cents }))}
          formatValue={formatPrice}
        />
      </div>
    </section>
  );
}

export function RecentOrders({ orders }: { orders: DashboardData["recent_orders"] }) {
  return (
    <section aria-labelledby="recent-orders" className={panel}>
      <h2 id="recent-orders" className="font-display text-xl">
        Commandes récentes
      </h2>
      {orders.length === 0 ? (
        <p className="mt-3 text-muted">Aucune commande n'a été passée pour le moment.</p>
      ) : (
        <ul className="mt-3 divide-y divide-line">
          {orders.map((o) => (
            <li key={o.id} className="flex items-center justify-between gap-3 py-3">
              <span className="min-w-0">
                <span className="font-semibold">#{o.id.slice(0, 8)}</span>
                <span className="block truncate text-sm text-muted">
                  {o.customer || "Client"} · {formatDate(o.created_at)}
                </span>
              </span>
              <span className="flex shrink-0 flex-col items-end gap-1">
                <span className="font-semibold">{formatPrice(o.total_cents)}</span>
                <OrderStatusBadge status={o.status} label={dashboardStatusLabel(o.status)} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Top products by revenue; empty places are shown as placeholder rows so the panel keeps its shape. */
export function TopProducts({ products }: { products: DashboardData["top_products"] }) {
  return (
    <section aria-labelledby="top-products" className={panel}>
      <h2 id="top-products" className="font-display text-xl">
        Produits populaires
      </h2>
      <table className="mt-3 w-full text-left text-sm">
        <thead className="text-muted">
          <tr>
            <th scope="col" className="py-2 font-medium">
              Produit
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              Ventes
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              Chiffre d'affaires
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {topProductRows(products).map((p) => (
            <tr key={p.key} data-placeholder={p.placeholder || undefined} className={p.placeholder ? "text-muted" : undefined}>
              <th scope="row" className={`py-2 ${p.placeholder ? "font-normal" : "font-semibold"}`}>
                {p.name}
              </th>
              <td className="py-2 text-right">{p.units.toLocaleString("fr-FR")}</td>
              <td className="py-2 text-right">{formatPrice(p.revenue_cents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** Customer reviews by moderation status, with the way to the 'Avis' screen for a role that may open it. */
export function ReviewCounts({ counts, reviewsLink = true }: { counts: DashboardData["reviews"]; reviewsLink?: boolean }) {
  return (
    <section aria-labelledby="review-counts" className={panel}>
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="review-counts" className="font-display text-xl">
          Avis clients
        </h2>
        {reviewsLink && (
          <a href="/admin/avis?status=pending" className="text-sm font-semibold underline underline-offset-4 hover:text-accent">
            Modérer les avis
          </a>
        )}
      </div>
      <dl className="mt-3 grid grid-cols-3 gap-3 text-center">
        {(
          [
            [ACCOUNT_MESSAGES.pending, counts.pending],
            ["Publiés", counts.published],
            ["Refusés", counts.rejected],
          ] as const
        ).map(([label, n]) => (
          <div key={label} className="rounded-xl bg-cream p-3">
            <dt className="text-sm text-muted">{label}</dt>
            <dd className="font-display text-2xl">{n}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
