/**
 * The administrator's order list and order detail (Gestion des Commandes).
 *
 * Search reads orders.search_text (id, number, both e-mails, every shipping field; lower-case and
 * unaccented, kept by a trigger) through a trigram GIN index, so "%term%" stays fast at 100k
 * orders: every word typed must appear. Pagination, filter and count happen in the database.
 * Status changes are not here: they go through the order status workflow.
 */
import { orderVatView } from "~/domain/tax/order-tax";
import { orderGiftViewOf } from "~/domain/checkout/gift-options";
import { and, asc, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import { keysetConditions, keysetOrder, type KeysetWindow } from "~/.server/db/keyset";
import { addParisDays, parisDayStart } from "~/lib/paris-time";
import type { Executor } from "../../db/client";
import { orderCustomerEmail as customerEmail, orderItems, orders, user } from "../../db/schema";
import { adminSearchTerms } from "~/lib/search-text";
import { createDbMemo } from "../../db-memo";
import type { DeliveryMethodCode, ExpressPerk } from "~/domain/delivery/delivery-methods";
import { DELIVERY_METHOD_TITLES } from "~/domain/delivery/delivery-methods-form";
import { orderDocumentsOf } from "../../db/order-documents";
import { type AdminOrderDetail, type AdminOrderPage, type AdminOrderRow, formatAdminAddress } from "~/domain/orders/admin-orders.schema";
import type { OrderStatusValue } from "~/domain/orders/order.types";
import { ADMIN_ORDER_SHORT_ID_LENGTH, ADMIN_ORDERS_PAGE_SIZE } from "~/lib/shop-rules";
import { isUuid } from "~/lib/uuid";

export const ADMIN_ORDER_NOT_FOUND_MESSAGE = "Commande introuvable";

export type ListAdminOrdersInput = {
  search?: string;
  status?: OrderStatusValue | "all";
  page?: number;
  pageSize?: number;
  /** Paris days, inclusive ("2026-11-01"): orders placed from the first day's start to the last day's end. */
  createdFrom?: string;
  createdTo?: string;
};

const WHOLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * A whole e-mail address typed alone is looked up by equality: the contact e-mail through
 * orders_customer_email_idx, the account e-mail through the user's unique index and
 * orders_user_created_idx. As a "%term%" pattern it would walk the trigram lists of
 * "@gmail.com"-like fragments that nearly every order shares (25 ms at 100k orders on PGlite,
 * against under 1 ms). Partial addresses ("dupont@") still use the trigram search.
 */
export function wholeEmailSearch(search: string | undefined): string | null {
  const term = (search ?? "").trim().toLowerCase();
  return WHOLE_EMAIL.test(term) ? term : null;
}

function listConditions(input: ListAdminOrdersInput): SQL | undefined {
  const conditions: SQL[] = [];
  if (input.status && input.status !== "all") conditions.push(eq(orders.status, input.status));
  if (input.createdFrom) conditions.push(gte(orders.createdAt, parisDayStart(input.createdFrom)));
  if (input.createdTo) conditions.push(lt(orders.createdAt, parisDayStart(addParisDays(input.createdTo, 1))));
  const email = wholeEmailSearch(input.search);
  if (email) {
    conditions.push(
      // ANY(ARRAY(...)), not IN (...): the account's ids come first (an InitPlan), so both sides
      // of the OR read an index (BitmapOr); IN made it a filter over every order (120-190 ms).
      sql`(${customerEmail} = ${email} OR ${orders.userId} = ANY(ARRAY(SELECT ${user.id} FROM ${user} WHERE ${user.email} = ${email})))`,
    );
  } else {
    for (const term of adminSearchTerms(input.search)) conditions.push(sql`${orders.searchText} LIKE ${`%${term}%`}`);
  }
  return conditions.length ? and(...conditions) : undefined;
}

type Metadata = { customer_info?: { email?: string; name?: string; phone?: string } };

function customerName(address: { first_name?: string; last_name?: string } | null, metadata: Metadata): string {
  const fromAddress = [address?.first_name, address?.last_name].filter(Boolean).join(" ").trim();
  return fromAddress || metadata.customer_info?.name?.trim() || "Nom non renseigné";
}

export const shortOrderId = (id: string) => id.slice(0, ADMIN_ORDER_SHORT_ID_LENGTH);

/**
 * Counts are remembered a few seconds per filter (db-memo.ts): a status change from the
 * back-office forgets them at once, a new order from the shop shows in the total within 5 s
 * (decision 011).
 */
const orderCounts = createDbMemo<number>({ kind: "counts", name: "admin-order-counts", ttlMs: 5_000 });

export function forgetAdminOrderCounts(db: Executor): void {
  orderCounts.forget(db);
}

function countOrders(db: Executor, input: ListAdminOrdersInput, where: SQL | undefined): Promise<number> {
  const key = JSON.stringify([input.status ?? "all", adminSearchTerms(input.search), input.createdFrom ?? "", input.createdTo ?? ""]);
  return orderCounts.get(db, key, async () => {
    const [{ total }] = await db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(orders)
      .where(where);
    return total;
  });
}

const rowColumns = {
  id: orders.id,
  orderNumber: orders.orderNumber,
  status: orders.status,
  paymentStatus: orders.paymentStatus,
  totalCents: orders.totalCents,
  createdAt: orders.createdAt,
  updatedAt: orders.updatedAt,
  shippingAddress: orders.shippingAddress,
  metadata: orders.metadata,
  accountEmail: user.email,
  itemCount:
    sql<number>`(SELECT coalesce(sum(${orderItems.quantity}), 0) FROM ${orderItems} WHERE ${orderItems.orderId} = ${orders.id})`.mapWith(
      Number,
    ),
};

type OrderListRecord = {
  id: string;
  orderNumber: string;
  status: string;
  paymentStatus: string;
  totalCents: number;
  createdAt: Date;
  shippingAddress: Parameters<typeof formatAdminAddress>[0] & { first_name?: string; last_name?: string };
  metadata: unknown;
  accountEmail: string | null;
  itemCount: number;
};

function toAdminOrderRow(r: OrderListRecord): AdminOrderRow {
  const metadata = r.metadata as Metadata;
  return {
    id: r.id,
    number: r.orderNumber,
    short_id: shortOrderId(r.id),
    order_number: r.orderNumber,
    item_count: r.itemCount,
    customer_name: customerName(r.shippingAddress, metadata),
    email: metadata.customer_info?.email || r.accountEmail || null,
    address: formatAdminAddress(r.shippingAddress),
    created_at: r.createdAt.toISOString(),
    total_cents: r.totalCents,
    status: r.status as OrderStatusValue,
    payment_status: r.paymentStatus,
  };
}

/**
 * The admin API's walk over the orders (decision 049): the list's filters (status, search, days
 * placed) and the rows changed since a time, by (updated_at, id) after the cursor, `limit` rows.
 * Every status change, shipment, refund or address change touches updated_at.
 */
export async function listAdminOrdersSince(
  db: Executor,
  input: ListAdminOrdersInput & { window: KeysetWindow; limit: number },
): Promise<(AdminOrderRow & { updated_at: string })[]> {
  const rows = await db
    .select(rowColumns)
    .from(orders)
    .leftJoin(user, eq(user.id, orders.userId))
    .where(and(listConditions(input), ...keysetConditions(orders.updatedAt, orders.id, input.window)))
    .orderBy(...keysetOrder(orders.updatedAt, orders.id))
    .limit(input.limit);
  return rows.map((r) => ({ ...toAdminOrderRow(r), updated_at: r.updatedAt.toISOString() }));
}

/** One page of orders, newest first, with the total count for the pager. */
export async function listAdminOrders(db: Executor, input: ListAdminOrdersInput = {}): Promise<AdminOrderPage> {
  const pageSize = input.pageSize ?? ADMIN_ORDERS_PAGE_SIZE;
  const where = listConditions(input);
  const total = await countOrders(db, input, where);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  // A page past the end (a stale link after a filter change) shows the last page.
  const page = Math.min(Math.max(1, Math.trunc(input.page ?? 1)), pageCount);
  // One round trip: the page's ids first (the offset walks the index only), then the joins
  // and the item counts for the 20 rows shown.
  const pageIds = db
    .select({ id: orders.id })
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .as("page_ids");
  const rows =
    total === 0
      ? []
      : await db
          .select({
            id: orders.id,
            orderNumber: orders.orderNumber,
            status: orders.status,
            paymentStatus: orders.paymentStatus,
            totalCents: orders.totalCents,
            createdAt: orders.createdAt,
            shippingAddress: orders.shippingAddress,
            metadata: orders.metadata,
            accountEmail: user.email,
            itemCount:
              sql<number>`(SELECT coalesce(sum(${orderItems.quantity}), 0) FROM ${orderItems} WHERE ${orderItems.orderId} = ${orders.id})`.mapWith(
                Number,
              ),
          })
          .from(pageIds)
          .innerJoin(orders, eq(orders.id, pageIds.id))
          .leftJoin(user, eq(user.id, orders.userId))
          .orderBy(desc(orders.createdAt), desc(orders.id));
  return {
    rows: rows.map(toAdminOrderRow),
    total,
    page,
    page_size: pageSize,
    page_count: pageCount,
  };
}

/**
 * Everything the detail modal shows but the payment schedule (the payment-schedules module's,
 * added by the order-views workflow), or null for an unknown or malformed id.
 */
export async function getAdminOrderRecord(
  db: Executor,
  id: string,
): Promise<Omit<AdminOrderDetail, "payment_schedule" | "tracking_events"> | null> {
  if (!isUuid(id)) return null;
  const [order] = await db
    .select({ order: orders, accountEmail: user.email })
    .from(orders)
    .leftJoin(user, eq(user.id, orders.userId))
    .where(eq(orders.id, id));
  if (!order) return null;
  const o = order.order;
  const lines = await db.select().from(orderItems).where(eq(orderItems.orderId, id)).orderBy(asc(orderItems.id));
  const metadata = o.metadata as Metadata;
  const documents = await orderDocumentsOf(db, [o], "admin");
  return {
    id: o.id,
    number: o.orderNumber,
    short_id: shortOrderId(o.id),
    order_number: o.orderNumber,
    status: o.status as OrderStatusValue,
    created_at: o.createdAt.toISOString(),
    subtotal_cents: o.subtotalCents,
    shipping_cents: o.shippingCents,
    discount_cents: o.discountCents,
    promo_code: o.promoCode,
    promo_discount_cents: o.promoDiscountCents,
    total_cents: o.totalCents,
    customer_name: customerName(o.shippingAddress, metadata),
    email: metadata.customer_info?.email || order.accountEmail || null,
    phone: metadata.customer_info?.phone || o.shippingAddress?.phone || null,
    shipping_address: o.shippingAddress,
    billing_address: o.billingAddress ?? null,
    delivery_method_label: DELIVERY_METHOD_TITLES[o.deliveryMethod as DeliveryMethodCode] ?? DELIVERY_METHOD_TITLES.standard,
    relay_point: o.relayPoint ?? null,
    estimated_delivery_date: o.estimatedDeliveryDate ?? null,
    express_perk: (o.expressPerk as ExpressPerk | null) ?? null,
    items: lines.map((l) => ({
      id: l.id,
      product_id: l.productId,
      name: l.productSnapshot?.name || "Produit inconnu",
      variant_label: l.productSnapshot?.variant_label ?? null,
      sku: l.productSnapshot?.sku ?? null,
      quantity: l.quantity,
      unit_price_cents: l.unitPriceCents,
      total_price_cents: l.totalPriceCents,
    })),
    documents: documents.get(o.id) ?? [],
    payment_status: o.paymentStatus,
    vat_treatment: orderVatView(o.tax),
    business: o.tax?.business ?? null,
    gift: orderGiftViewOf(o),
  };
}
