import { and, count, desc, eq, gte, notInArray, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { categories, orderItems, orders, products, reviews, user } from "../../db/schema";
import type { ReviewStatus } from "~/domain/reviews/review-rules";
import {
  DASHBOARD_CHART_DAYS,
  DASHBOARD_RECENT_ORDERS,
  DASHBOARD_TOP_PRODUCTS,
  NON_REVENUE_STATUSES,
  STATISTICS_BEST_SELLERS,
  STATISTICS_MONTHS,
  monthOverMonthPercent,
  type DashboardCard,
  type DashboardData,
  type StatisticsData,
} from "~/domain/statistics/admin-dashboard";
import { SHOP_TIME_ZONE, lastParisDays, lastParisMonths, parisDayStart, parisMonthStart } from "~/lib/paris-time";
import { createDbMemo } from "../../db-memo";

/**
 * Figures of the Tableau de bord and of Statistiques, aggregated in SQL.
 *
 * Which orders count: revenue, sales, rankings and charts leave out cancelled and returned
 * orders, and revenue is net of what returns paid back (orders.refunded_cents); the orders
 * card counts every order (it is the size of Gestion des Commandes).
 * Cards show the all-time total; their change compares what was created this month so far
 * with the whole of last month, months being those of Paris.
 *
 * Cost with 100k orders: the month, day and recent-order queries are range scans of
 * orders_created_idx; the all-time totals and the product rankings read every order line
 * (a few tens of milliseconds each on PostgreSQL). Each page's figures are therefore
 * remembered FIGURES_TTL_MS per database: a new order shows on the dashboard within that delay.
 */
const FIGURES_TTL_MS = 10_000;

/** Inlined, not a parameter: GROUP BY must repeat the select's expression exactly. */
const parisZone = sql.raw(`'${SHOP_TIME_ZONE}'`);

const counted = notInArray(orders.status, [...NON_REVENUE_STATUSES]);

function card(total: number, current: number, previous: number): DashboardCard {
  return { value: total, change_percent: monthOverMonthPercent(current, previous) };
}

/** Total, this month so far and last month, of a table's rows by creation date. */
function monthlyCounts(
  createdAt: typeof orders.createdAt | typeof products.createdAt | typeof user.createdAt,
  current: Date,
  previous: Date,
) {
  return {
    total: count(),
    current: sql<number>`count(*) FILTER (WHERE ${createdAt} >= ${current.toISOString()})`.mapWith(Number),
    previous:
      sql<number>`count(*) FILTER (WHERE ${createdAt} >= ${previous.toISOString()} AND ${createdAt} < ${current.toISOString()})`.mapWith(
        Number,
      ),
  };
}

/**
 * Units and revenue per product over the counted orders. Lines are summed per product id
 * first (a uuid hash, no join but the order's status), then only the summed rows meet the
 * products table. A deleted product (null id) is kept under its snapshot name.
 */
function salesPerProduct(db: Executor) {
  const snapshotName = sql<string | null>`CASE WHEN ${orderItems.productId} IS NULL THEN ${orderItems.productSnapshot}->>'name' END`;
  return db
    .select({
      productId: orderItems.productId,
      snapshotName: snapshotName.as("snapshot_name"),
      units: sql<number>`sum(${orderItems.quantity})`.as("units"),
      revenue: sql<number>`sum(${orderItems.totalPriceCents})`.as("revenue"),
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(counted)
    .groupBy(orderItems.productId, snapshotName);
}

async function productRanking(db: Executor, orderBy: "revenue" | "units", limit: number) {
  const sales = salesPerProduct(db).as("sales");
  const [first, second] = orderBy === "revenue" ? [sales.revenue, sales.units] : [sales.units, sales.revenue];
  const ranked = db
    .select({ productId: sales.productId, snapshotName: sales.snapshotName, units: sales.units, revenue: sales.revenue })
    .from(sales)
    .orderBy(desc(first), desc(second), sales.productId)
    .limit(limit)
    .as("ranked");
  const rows = await db
    .select({
      key: sql<string>`coalesce(${ranked.productId}::text, ${ranked.snapshotName})`,
      name: sql<string>`coalesce(${products.name}, ${ranked.snapshotName})`,
      units: sql<number>`${ranked.units}`.mapWith(Number),
      revenue_cents: sql<number>`${ranked.revenue}`.mapWith(Number),
    })
    .from(ranked)
    .leftJoin(products, eq(products.id, ranked.productId));
  // The outer query does not keep the subquery's order.
  const by = orderBy === "revenue" ? (["revenue_cents", "units"] as const) : (["units", "revenue_cents"] as const);
  return rows.sort((a, b) => b[by[0]] - a[by[0]] || b[by[1]] - a[by[1]] || a.name.localeCompare(b.name, "fr"));
}

/** The dashboard's figures, computed now (no cache). */
export async function computeDashboard(db: Executor, now: Date = new Date()): Promise<DashboardData> {
  const current = parisMonthStart(now);
  const previous = parisMonthStart(now, -1);
  const days = lastParisDays(now, DASHBOARD_CHART_DAYS);
  const chartStart = parisDayStart(days[0]);
  const parisDay = sql<string>`to_char(${orders.createdAt} AT TIME ZONE ${parisZone}, 'YYYY-MM-DD')`;

  const [[orderTotals], [revenueMonths], [productCounts], [customerCounts], recent, top, perDay, reviewCounts] = await Promise.all([
    db
      .select({
        orders: count(),
        revenue: sql<number>`coalesce(sum(${orders.totalCents} - ${orders.refundedCents}) FILTER (WHERE ${counted}), 0)`.mapWith(Number),
      })
      .from(orders),
    // Only the last two months: a range scan of orders_created_idx.
    db
      .select({
        ordersCurrent: sql<number>`count(*) FILTER (WHERE ${orders.createdAt} >= ${current.toISOString()})`.mapWith(Number),
        ordersPrevious: sql<number>`count(*) FILTER (WHERE ${orders.createdAt} < ${current.toISOString()})`.mapWith(Number),
        revenueCurrent:
          sql<number>`coalesce(sum(${orders.totalCents} - ${orders.refundedCents}) FILTER (WHERE ${orders.createdAt} >= ${current.toISOString()} AND ${counted}), 0)`.mapWith(
            Number,
          ),
        revenuePrevious:
          sql<number>`coalesce(sum(${orders.totalCents} - ${orders.refundedCents}) FILTER (WHERE ${orders.createdAt} < ${current.toISOString()} AND ${counted}), 0)`.mapWith(
            Number,
          ),
      })
      .from(orders)
      .where(gte(orders.createdAt, previous)),
    db.select(monthlyCounts(products.createdAt, current, previous)).from(products),
    db
      .select(monthlyCounts(user.createdAt, current, previous))
      .from(user)
      .where(eq(user.role, "user")),
    db
      .select({
        id: orders.id,
        customer: sql<string>`coalesce(nullif(${orders.metadata}->'customer_info'->>'name', ''), trim(concat(${orders.shippingAddress}->>'first_name', ' ', ${orders.shippingAddress}->>'last_name')))`,
        created_at: orders.createdAt,
        total_cents: orders.totalCents,
        status: orders.status,
      })
      .from(orders)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(DASHBOARD_RECENT_ORDERS),
    productRanking(db, "revenue", DASHBOARD_TOP_PRODUCTS),
    db
      .select({
        day: parisDay,
        revenue: sql<number>`coalesce(sum(${orders.totalCents} - ${orders.refundedCents}), 0)`.mapWith(Number),
        orders: count(),
      })
      .from(orders)
      .where(and(gte(orders.createdAt, chartStart), counted))
      .groupBy(parisDay),
    countReviewsByStatus(db),
  ]);

  const byDay = new Map(perDay.map((r) => [r.day, r]));
  return {
    revenue: card(orderTotals.revenue, revenueMonths.revenueCurrent, revenueMonths.revenuePrevious),
    orders: card(orderTotals.orders, revenueMonths.ordersCurrent, revenueMonths.ordersPrevious),
    products: card(productCounts.total, productCounts.current, productCounts.previous),
    customers: card(customerCounts.total, customerCounts.current, customerCounts.previous),
    recent_orders: recent.map((r) => ({ ...r, created_at: r.created_at.toISOString() })),
    top_products: top,
    revenue_by_day: days.map((day) => ({
      day,
      revenue_cents: byDay.get(day)?.revenue ?? 0,
      orders: byDay.get(day)?.orders ?? 0,
    })),
    reviews: reviewCounts,
  };
}

/** Statistiques' figures, computed now (no cache). */
export async function computeStatistics(db: Executor, now: Date = new Date()): Promise<StatisticsData> {
  const months = lastParisMonths(now, STATISTICS_MONTHS);
  const since = parisMonthStart(now, -(STATISTICS_MONTHS - 1));
  const parisMonth = sql<string>`to_char(${orders.createdAt} AT TIME ZONE ${parisZone}, 'YYYY-MM')`;
  const categoryName = sql<string>`coalesce(${categories.name}, 'Non classé')`;
  const perProduct = salesPerProduct(db).as("per_product");

  const [byCategory, perMonth, bestSellers] = await Promise.all([
    db
      .select({
        category: categoryName,
        units: sql<number>`sum(${perProduct.units})`.mapWith(Number),
        revenue_cents: sql<number>`sum(${perProduct.revenue})`.mapWith(Number),
      })
      .from(perProduct)
      .leftJoin(products, eq(products.id, perProduct.productId))
      .leftJoin(categories, eq(categories.id, products.categoryId))
      .groupBy(categoryName)
      .orderBy(desc(sql`sum(${perProduct.revenue})`), categoryName),
    db
      .select({
        month: parisMonth,
        revenue: sql<number>`coalesce(sum(${orders.totalCents} - ${orders.refundedCents}), 0)`.mapWith(Number),
        orders: count(),
      })
      .from(orders)
      .where(and(gte(orders.createdAt, since), counted))
      .groupBy(parisMonth),
    productRanking(db, "units", STATISTICS_BEST_SELLERS),
  ]);

  const byMonth = new Map(perMonth.map((r) => [r.month, r]));
  return {
    by_category: byCategory,
    by_month: months.map((month) => ({
      month,
      revenue_cents: byMonth.get(month)?.revenue ?? 0,
      orders: byMonth.get(month)?.orders ?? 0,
    })),
    best_sellers: bestSellers,
  };
}

/*
 * The figures are counts over every order: kept FIGURES_TTL_MS per database as the back-office's
 * other counts are, and forgotten with them whenever any process announces "counts" (a back-office
 * write, decision 038). Concurrent loads share one computation; a failure is not kept.
 */
const dashboardFigures = createDbMemo<DashboardData>({ kind: "counts", name: "dashboard-figures", ttlMs: FIGURES_TTL_MS, maxEntries: 1 });
const statisticsFigures = createDbMemo<StatisticsData>({
  kind: "counts",
  name: "statistics-figures",
  ttlMs: FIGURES_TTL_MS,
  maxEntries: 1,
});

export function getDashboard(db: Executor): Promise<DashboardData> {
  return dashboardFigures.get(db, "dashboard", () => computeDashboard(db));
}

export function getStatistics(db: Executor): Promise<StatisticsData> {
  return statisticsFigures.get(db, "statistics", () => computeStatistics(db));
}

/**
 * Reviews by moderation status, for the dashboard's moderation card. Reporting reads the reviews
 * table itself (decision 024: a module reads what it reports on; only the reviews module writes it).
 */
export async function countReviewsByStatus(db: Executor): Promise<Record<ReviewStatus, number>> {
  const rows = await db.select({ status: reviews.status, n: count() }).from(reviews).groupBy(reviews.status);
  const out: Record<ReviewStatus, number> = { pending: 0, published: 0, rejected: 0 };
  for (const r of rows) out[r.status as ReviewStatus] = r.n;
  return out;
}
