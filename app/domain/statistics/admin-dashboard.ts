/**
 * Tableau de bord and Statistiques: the pure rules both the service and the pages use
 * (isomorphic, no server code). Months and days are those of Paris, where the shop trades
 * (~/lib/paris-time).
 */
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";

/** Spec §9: 4 recent orders, 4 popular products on the dashboard. */
export const DASHBOARD_RECENT_ORDERS = 4;
export const DASHBOARD_TOP_PRODUCTS = 4;
/** Days shown by the revenue chart, today included. */
export const DASHBOARD_CHART_DAYS = 30;
/** Statistiques: months of the sales-by-month chart (current month included) and best sellers shown. */
export const STATISTICS_MONTHS = 12;
export const STATISTICS_BEST_SELLERS = 10;

/** Orders in these statuses earned nothing: they never count in revenue, sales or rankings. */
export const NON_REVENUE_STATUSES = ["cancelled", "returned"] as const;

/**
 * Change versus last month in percent, rounded to one decimal (spec §9); 0 when last month
 * had nothing, since no percentage of zero means anything.
 */
export function monthOverMonthPercent(current: number, previous: number): number {
  if (!Number.isFinite(previous) || previous <= 0 || !Number.isFinite(current)) return 0;
  const percent = Math.round(((current - previous) / previous) * 1000) / 10;
  // -0 would print as "-0,0 %".
  return percent === 0 ? 0 : percent;
}

const changeFormat = new Intl.NumberFormat("fr-FR", {
  style: "percent",
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
  signDisplay: "exceptZero",
});

/** 12.5 -> "+12,5 %", -4 -> "-4,0 %", 0 -> "0,0 %" (fr-FR spacing). */
export function formatChange(percent: number): string {
  return changeFormat.format(percent / 100);
}

/** Status words of the dashboard's recent orders (spec §2), anything else is 'En attente'. */
const DASHBOARD_STATUS_LABELS: Record<string, string> = {
  delivered: "Livré",
  shipped: "Expédié",
  processing: ACCOUNT_MESSAGES.progress,
  confirmed: "Confirmé",
  // The spec's list predates cancellations and returns; calling a cancelled order
  // 'En attente' would mislead the administrator, so these keep the order area's words.
  cancelled: "Annulée",
  returned: "Retournée",
};

export function dashboardStatusLabel(status: string): string {
  return DASHBOARD_STATUS_LABELS[status] ?? ACCOUNT_MESSAGES.pending;
}

const dayLabelFormat = new Intl.DateTimeFormat("fr-FR", { day: "numeric", month: "long", timeZone: "UTC" });
const shortDayFormat = new Intl.DateTimeFormat("fr-FR", { day: "2-digit", month: "2-digit", timeZone: "UTC" });
const monthLabelFormat = new Intl.DateTimeFormat("fr-FR", { month: "long", year: "numeric", timeZone: "UTC" });
const shortMonthFormat = new Intl.DateTimeFormat("fr-FR", { month: "short", timeZone: "UTC" });

/** "2026-03-07" -> "7 mars" (long) or "07/03" (short, for chart axes). */
export function formatDayKey(key: string, style: "long" | "short" = "long"): string {
  const date = new Date(`${key}T00:00:00Z`);
  return (style === "long" ? dayLabelFormat : shortDayFormat).format(date);
}

/** "2026-03" -> "mars 2026" (long) or "mars" (short). */
export function formatMonthKey(key: string, style: "long" | "short" = "long"): string {
  const date = new Date(`${key}-01T00:00:00Z`);
  return (style === "long" ? monthLabelFormat : shortMonthFormat).format(date);
}

export type TopProductRow = DashboardData["top_products"][number] & { placeholder: boolean };

/** Always DASHBOARD_TOP_PRODUCTS rows: the products sold, then 'Aucune vente' placeholders. */
export function topProductRows(top: DashboardData["top_products"]): TopProductRow[] {
  const rows: TopProductRow[] = top.slice(0, DASHBOARD_TOP_PRODUCTS).map((p) => ({ ...p, placeholder: false }));
  while (rows.length < DASHBOARD_TOP_PRODUCTS) {
    rows.push({ key: `placeholder-${rows.length}`, name: "Aucune vente", units: 0, revenue_cents: 0, placeholder: true });
  }
  return rows;
}

export type DashboardCard = { value: number; change_percent: number };

export type DashboardData = {
  revenue: DashboardCard;
  orders: DashboardCard;
  products: DashboardCard;
  customers: DashboardCard;
  recent_orders: { id: string; customer: string; created_at: string; total_cents: number; status: string }[];
  /** Always DASHBOARD_TOP_PRODUCTS rows or fewer; the page fills the rest with placeholders. */
  top_products: { key: string; name: string; units: number; revenue_cents: number }[];
  revenue_by_day: { day: string; revenue_cents: number; orders: number }[];
  /** Customer reviews per moderation status (docs/decisions/037-reviews.md). */
  reviews: { pending: number; published: number; rejected: number };
};

export type StatisticsData = {
  by_category: { category: string; units: number; revenue_cents: number }[];
  by_month: { month: string; revenue_cents: number; orders: number }[];
  best_sellers: { key: string; name: string; units: number; revenue_cents: number }[];
};
