/**
 * Returns (docs/decisions/033-returns.md): the only writer of returns, return_items and
 * return_number_counters. The workflows in app/.server/workflows/returns.ts compose these calls
 * with the orders, inventory, loyalty, gift-card and invoice modules in one transaction.
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "~/.server/db/client";
import { orderItems, orders, returnItems, returnNumberCounters, returns, user, type OrderAddress } from "~/.server/db/schema";
import {
  RETURN_REASONS,
  RETURN_REFUSAL_REASONS,
  RETURN_STATUS_LABELS,
  type AdminReturnView,
  type ReturnReason,
  type ReturnStatus,
  type ReturnView,
} from "~/domain/returns/returns";
import { parisYear } from "~/lib/paris-time";
import { isUuid } from "~/lib/uuid";
import { renderReturnLabelPdf } from "./return-label-pdf";
import type { ShopIdentity } from "~/domain/settings/shop-identity";
import { keysetConditions, keysetOrder, type KeysetWindow } from "~/.server/db/keyset";

export type ReturnRow = typeof returns.$inferSelect;
export type ReturnItemRow = typeof returnItems.$inferSelect;

/** `RET-2026-000123`: the next number of the Paris year, in the caller's transaction (no gap). */
export async function allocateReturnNumber(tx: Executor, at: Date): Promise<string> {
  const year = parisYear(at);
  const [row] = await tx
    .insert(returnNumberCounters)
    .values({ year, lastValue: 1 })
    .onConflictDoUpdate({ target: returnNumberCounters.year, set: { lastValue: sql`${returnNumberCounters.lastValue} + 1` } })
    .returning({ lastValue: returnNumberCounters.lastValue });
  return `RET-${year}-${String(row.lastValue).padStart(6, "0")}`;
}

/** Units of each order line already asked back (whatever the decision: a unit is returned once). */
export async function requestedQuantities(tx: Executor, orderId: string): Promise<Map<string, number>> {
  const rows = await tx
    .select({ orderItemId: returnItems.orderItemId, quantity: sql<number>`sum(${returnItems.quantity})`.mapWith(Number) })
    .from(returnItems)
    .innerJoin(returns, eq(returns.id, returnItems.returnId))
    .where(eq(returns.orderId, orderId))
    .groupBy(returnItems.orderItemId);
  return new Map(rows.map((r) => [r.orderItemId, r.quantity]));
}

export async function createReturn(
  tx: Executor,
  input: {
    orderId: string;
    userId: string;
    reason: ReturnReason;
    comment: string | null;
    lines: readonly { orderItemId: string; quantity: number }[];
    now: Date;
  },
): Promise<ReturnRow> {
  const number = await allocateReturnNumber(tx, input.now);
  const [row] = await tx
    .insert(returns)
    .values({
      number,
      orderId: input.orderId,
      userId: input.userId,
      reason: input.reason,
      comment: input.comment,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .returning();
  await tx.insert(returnItems).values(input.lines.map((l) => ({ returnId: row.id, orderItemId: l.orderItemId, quantity: l.quantity })));
  return row;
}

/** The return row locked until the transaction ends, or null. */
export async function lockReturn(tx: Executor, returnId: string): Promise<ReturnRow | null> {
  if (!isUuid(returnId)) return null;
  const [row] = await tx.select().from(returns).where(eq(returns.id, returnId)).for("update");
  return row ?? null;
}

export function listReturnItems(db: Executor, returnId: string): Promise<ReturnItemRow[]> {
  return db.select().from(returnItems).where(eq(returnItems.returnId, returnId)).orderBy(returnItems.id);
}

/** The reception: each line's decision, then the refund as paid back. */
export async function recordReception(
  tx: Executor,
  input: {
    returnId: string;
    decisions: readonly { returnItemId: string; accepted: boolean; refusalReason: string | null }[];
    refund: { totalCents: number; cardCents: number; giftCardCents: number; pointsRestored: number; pointsReversed: number };
    creditNoteNumber: string | null;
    receivedBy: string | null;
    now: Date;
  },
): Promise<ReturnRow> {
  for (const d of input.decisions) {
    await tx
      .update(returnItems)
      .set({ decision: d.accepted ? "accepted" : "refused", refusalReason: d.accepted ? null : d.refusalReason })
      .where(and(eq(returnItems.id, d.returnItemId), eq(returnItems.returnId, input.returnId)));
  }
  const anyAccepted = input.decisions.some((d) => d.accepted);
  const [row] = await tx
    .update(returns)
    .set({
      status: anyAccepted ? "refunded" : "refused",
      refundCents: input.refund.totalCents,
      refundCardCents: input.refund.cardCents,
      refundGiftCardCents: input.refund.giftCardCents,
      pointsRestored: input.refund.pointsRestored,
      pointsReversed: input.refund.pointsReversed,
      creditNoteNumber: input.creditNoteNumber,
      receivedBy: input.receivedBy,
      receivedAt: input.now,
      updatedAt: input.now,
    })
    .where(eq(returns.id, input.returnId))
    .returning();
  return row;
}

/** Whether a return of this order has paid money back (a whole-order status change would pay it twice). */
export async function hasRefundedReturn(db: Executor, orderId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: returns.id })
    .from(returns)
    .where(and(eq(returns.orderId, orderId), eq(returns.status, "refunded")))
    .limit(1);
  return row !== undefined;
}

/** Whether a return of this order waits for its parcel. */
export async function hasOpenReturn(db: Executor, orderId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: returns.id })
    .from(returns)
    .where(and(eq(returns.orderId, orderId), eq(returns.status, "requested")))
    .limit(1);
  return row !== undefined;
}

/* -------------------------------------------------------------------------------------------- */
/* Views                                                                                          */
/* -------------------------------------------------------------------------------------------- */

type Audience = "shopper" | "admin";

function labelUrl(id: string, audience: Audience): string {
  return audience === "admin" ? `/api/v1/admin/returns/${id}/label` : `/api/v1/returns/${id}/label`;
}

async function toViews(db: Executor, rows: readonly (ReturnRow & { orderNumber: string })[], audience: Audience): Promise<ReturnView[]> {
  if (rows.length === 0) return [];
  const items = await db
    .select({ item: returnItems, orderItem: orderItems })
    .from(returnItems)
    .innerJoin(orderItems, eq(orderItems.id, returnItems.orderItemId))
    .where(
      inArray(
        returnItems.returnId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(returnItems.id);
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    order_id: r.orderId,
    order_number: r.orderNumber,
    status: r.status as ReturnStatus,
    status_label: RETURN_STATUS_LABELS[r.status as ReturnStatus] ?? r.status,
    reason: r.reason as ReturnReason,
    reason_label: RETURN_REASONS[r.reason as ReturnReason] ?? r.reason,
    comment: r.comment,
    created_at: r.createdAt.toISOString(),
    received_at: r.receivedAt ? r.receivedAt.toISOString() : null,
    refund_cents: r.refundCents,
    refund_card_cents: r.refundCardCents,
    refund_gift_card_cents: r.refundGiftCardCents,
    points_restored: r.pointsRestored,
    points_reversed: r.pointsReversed,
    credit_note_number: r.creditNoteNumber,
    label_url: labelUrl(r.id, audience),
    items: items
      .filter((i) => i.item.returnId === r.id)
      .map(({ item, orderItem }) => ({
        id: item.id,
        order_item_id: item.orderItemId,
        name: orderItem.productSnapshot?.name ?? "Produit",
        variant_label: orderItem.productSnapshot?.variant_label ?? null,
        quantity: item.quantity,
        unit_price_cents: orderItem.unitPriceCents,
        decision: item.decision as "pending" | "accepted" | "refused",
        refusal_reason: item.refusalReason
          ? (RETURN_REFUSAL_REASONS[item.refusalReason as keyof typeof RETURN_REFUSAL_REASONS] ?? item.refusalReason)
          : null,
      })),
  }));
}

const withOrderNumber = { ret: returns, orderNumber: orders.orderNumber };

/** The shopper's returns, newest first (all orders, or one order's). */
export async function listReturnsOfUser(db: Executor, userId: string, orderId?: string): Promise<ReturnView[]> {
  const rows = await db
    .select(withOrderNumber)
    .from(returns)
    .innerJoin(orders, eq(orders.id, returns.orderId))
    .where(and(eq(returns.userId, userId), ...(orderId ? [eq(returns.orderId, orderId)] : [])))
    .orderBy(desc(returns.createdAt))
    .limit(200);
  return toViews(
    db,
    rows.map((r) => ({ ...r.ret, orderNumber: r.orderNumber })),
    "shopper",
  );
}

/**
 * The returns of one of the shopper's orders; null when the order is not theirs (or does not
 * exist), so that someone else's order is "not found" here as it is everywhere else.
 */
export async function listReturnsOfUserOrder(db: Executor, userId: string, orderId: string): Promise<ReturnView[] | null> {
  if (!isUuid(orderId)) return null;
  const [owned] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!owned) return null;
  return listReturnsOfUser(db, userId, orderId);
}

export async function getReturnView(db: Executor, returnId: string, audience: Audience, userId?: string): Promise<ReturnView | null> {
  if (!isUuid(returnId)) return null;
  const rows = await db
    .select(withOrderNumber)
    .from(returns)
    .innerJoin(orders, eq(orders.id, returns.orderId))
    .where(and(eq(returns.id, returnId), ...(userId ? [eq(returns.userId, userId)] : [])));
  const [view] = await toViews(
    db,
    rows.map((r) => ({ ...r.ret, orderNumber: r.orderNumber })),
    audience,
  );
  return view ?? null;
}

export const ADMIN_RETURNS_PAGE_SIZE = 25;

/** Back-office 'Retours': filtered by status, newest first. */
export async function listAdminReturns(
  db: Executor,
  query: { status: ReturnStatus | "all"; page: number },
): Promise<{ returns: AdminReturnView[]; total: number; page: number; page_count: number }> {
  const where = query.status === "all" ? undefined : eq(returns.status, query.status);
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(returns)
    .where(where);
  const pageCount = Math.max(1, Math.ceil(total / ADMIN_RETURNS_PAGE_SIZE));
  const page = Math.min(Math.max(1, query.page), pageCount);
  const rows = await db
    .select({ ...withOrderNumber, name: user.name, email: user.email, address: orders.shippingAddress })
    .from(returns)
    .innerJoin(orders, eq(orders.id, returns.orderId))
    .leftJoin(user, eq(user.id, returns.userId))
    .where(where)
    .orderBy(desc(returns.createdAt), desc(returns.id))
    .limit(ADMIN_RETURNS_PAGE_SIZE)
    .offset((page - 1) * ADMIN_RETURNS_PAGE_SIZE);
  const views = await toViews(
    db,
    rows.map((r) => ({ ...r.ret, orderNumber: r.orderNumber })),
    "admin",
  );
  return {
    returns: views.map((v, i) => ({
      ...v,
      customer_name: rows[i].name || [rows[i].address?.first_name, rows[i].address?.last_name].filter(Boolean).join(" ") || "Client",
      customer_email: rows[i].email ?? null,
    })),
    total,
    page,
    page_count: pageCount,
  };
}

/**
 * The admin API's walk over the returns (decision 049): by (updated_at, id) after the cursor,
 * `limit` rows, one status or all. A reception (and its refund) touches updated_at.
 */
export async function listAdminReturnsSince(
  db: Executor,
  query: { status: ReturnStatus | "all"; window: KeysetWindow; limit: number },
): Promise<(ReturnView & { updated_at: string })[]> {
  const rows = await db
    .select(withOrderNumber)
    .from(returns)
    .innerJoin(orders, eq(orders.id, returns.orderId))
    .where(
      and(
        query.status === "all" ? undefined : eq(returns.status, query.status),
        ...keysetConditions(returns.updatedAt, returns.id, query.window),
      ),
    )
    .orderBy(...keysetOrder(returns.updatedAt, returns.id))
    .limit(query.limit);
  const views = await toViews(
    db,
    rows.map((r) => ({ ...r.ret, orderNumber: r.orderNumber })),
    "admin",
  );
  return views.map((v, i) => ({ ...v, updated_at: rows[i].ret.updatedAt.toISOString() }));
}

/** What a return's label needs: the shopper's own return (someone else's is "not found"), or any for the back-office. */
export type ReturnLabelFacts = {
  returnId: string;
  number: string;
  orderId: string;
  orderNumber: string;
  createdAt: Date;
  sender: OrderAddress;
  units: number;
};

export async function returnLabelFacts(
  db: Executor,
  returnId: string,
  viewer: { userId: string } | "admin",
): Promise<ReturnLabelFacts | null> {
  if (!isUuid(returnId)) return null;
  const [row] = await db
    .select({ ret: returns, orderNumber: orders.orderNumber, address: orders.shippingAddress })
    .from(returns)
    .innerJoin(orders, eq(orders.id, returns.orderId))
    .where(and(eq(returns.id, returnId), ...(viewer === "admin" ? [] : [eq(returns.userId, viewer.userId)])));
  if (!row) return null;
  const [units] = await db
    .select({ n: sql<number>`coalesce(sum(${returnItems.quantity}), 0)`.mapWith(Number) })
    .from(returnItems)
    .where(eq(returnItems.returnId, returnId));
  return {
    returnId: row.ret.id,
    number: row.ret.number,
    orderId: row.ret.orderId,
    orderNumber: row.orderNumber,
    createdAt: row.ret.createdAt,
    sender: row.address,
    units: units?.n ?? 0,
  };
}

/**
 * The demonstration's prepaid label, drawn by the shop: rendered from the return and its order
 * each time; the creation date fixes its only varying field, so downloads are identical. The
 * shop's name and address come from the caller (workflows/returns.ts reads them from the settings
 * module). A real carrier's label comes from the carrier instead (decision 062).
 */
export async function drawnReturnLabelPdf(facts: ReturnLabelFacts, shop: ShopIdentity): Promise<{ bytes: Buffer; filename: string }> {
  const bytes = await renderReturnLabelPdf({
    number: facts.number,
    orderNumber: facts.orderNumber,
    createdAt: facts.createdAt,
    sender: facts.sender,
    units: facts.units,
    shop,
  });
  return { bytes, filename: `etiquette-retour-${facts.number}.pdf` };
}
