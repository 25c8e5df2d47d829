/**
 * This year's EU distance sales (docs/decisions/063-vat-by-destination.md): what counts toward
 * the EU-wide €10,000 threshold, excluding VAT. Read by every checkout quote to an EU consumer
 * and by Paramètres (Fiscalité), so it is one aggregate over the year's orders (a range scan of
 * orders_created_idx), never a read of every order.
 */
import { and, eq, gte, inArray, lt, ne, sql } from "drizzle-orm";
import type { Executor } from "~/.server/db/client";
import { orderItems, orders } from "~/.server/db/schema";
import { DISTANCE_SALE_REGIMES } from "~/domain/tax/order-tax";
import { parisDayStart } from "~/lib/paris-time";

/**
 * HT of a VAT-inclusive amount at `bp` basis points, rounded half up to the cent: the same
 * rounding as htOf (app/domain/invoices/invoice-totals.ts), in integers.
 */
const htSql = (ttc: unknown, bp: unknown) => sql`((2 * (${ttc})::bigint * 10000 + (10000 + (${bp}))) / (2 * (10000 + (${bp}))))`;

/**
 * The EU distance sales of a Paris calendar year, excluding VAT, in cents: the goods' lines and
 * the delivery fees of the orders placed that year under `distance_fr` or `oss`. Cancelled orders
 * were never supplied and do not count. Returns and discounts are not deducted: counting a little
 * more only brings destination VAT forward, which the shop may always charge (article 259 D CGI),
 * while counting less could leave French VAT charged on a sale over the threshold. The opening
 * figure of Paramètres (sales made before the shop ran Aurore) is the caller's to add.
 */
export async function euDistanceSalesCents(db: Executor, year: number): Promise<number> {
  const from = parisDayStart(`${year}-01-01`);
  const to = parisDayStart(`${year + 1}-01-01`);
  const ofYear = and(
    gte(orders.createdAt, from),
    lt(orders.createdAt, to),
    ne(orders.status, "cancelled"),
    inArray(sql`${orders.tax}->>'regime'`, DISTANCE_SALE_REGIMES),
  );
  const [goods] = await db
    .select({ cents: sql<string | null>`sum(${htSql(orderItems.totalPriceCents, sql`coalesce(${orderItems.vatRateBp}, 0)`)})` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    // A gift card sold in the same order is out of scope: only the lines taxed as distance sales count.
    .where(and(ofYear, inArray(orderItems.taxRegime, DISTANCE_SALE_REGIMES)));
  const shippingBp = sql`round(coalesce((${orders.tax}->'shipping'->>'rate_percent')::numeric, 0) * 100)::int`;
  const [shipping] = await db
    // Gift wrap (decision 068) counts as the delivery fee does, at its rate.
    .select({ cents: sql<string | null>`sum(${htSql(orders.shippingCents, shippingBp)} + ${htSql(orders.giftWrapCents, shippingBp)})` })
    .from(orders)
    .where(and(ofYear, inArray(sql`${orders.tax}->'shipping'->>'regime'`, DISTANCE_SALE_REGIMES)));
  return Number(goods?.cents ?? 0) + Number(shipping?.cents ?? 0);
}
