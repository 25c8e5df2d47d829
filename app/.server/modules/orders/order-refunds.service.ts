/**
 * Free-amount refunds of an order (docs/decisions/052-free-amount-refunds.md). This module is the
 * only writer of order_refunds; the refund-order-amount workflow calls it inside its transaction,
 * once the order row is locked.
 */
import { and, asc, eq } from "drizzle-orm";
import type { Executor } from "~/.server/db/client";
import { orderRefunds } from "~/.server/db/schema";
import { orderDocumentUrl } from "~/domain/invoices/invoice.types";
import type { OrderRefundView } from "~/domain/orders/order-refunds";

export type OrderRefundRow = typeof orderRefunds.$inferSelect;

export function toOrderRefundView(row: OrderRefundRow): OrderRefundView {
  return {
    id: row.id,
    order_id: row.orderId,
    amount_cents: row.amountCents,
    card_cents: row.cardCents,
    gift_card_cents: row.giftCardCents,
    reduced_cents: row.reducedCents,
    reason: row.reason,
    credit_note_number: row.creditNoteNumber,
    credit_note_url: orderDocumentUrl("admin", row.orderId, { kind: "credit_note", number: row.creditNoteNumber }),
    created_at: row.createdAt.toISOString(),
  };
}

/** The refund an earlier call with this key made on this order, if any. */
export async function findOrderRefundByKey(db: Executor, orderId: string, key: string): Promise<OrderRefundRow | null> {
  const [row] = await db
    .select()
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, orderId), eq(orderRefunds.idempotencyKey, key)));
  return row ?? null;
}

export async function recordOrderRefund(
  tx: Executor,
  input: Omit<typeof orderRefunds.$inferInsert, "id" | "createdAt"> & { now: Date },
): Promise<OrderRefundRow> {
  const { now, ...values } = input;
  const [row] = await tx
    .insert(orderRefunds)
    .values({ ...values, createdAt: now })
    .returning();
  return row;
}

/** An order's free-amount refunds, oldest first. */
export async function listOrderRefunds(db: Executor, orderId: string): Promise<OrderRefundView[]> {
  const rows = await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId)).orderBy(asc(orderRefunds.createdAt));
  return rows.map(toOrderRefundView);
}

/** Whether the order has had a free-amount refund (a whole-order release would pay it twice). */
export async function hasOrderRefund(db: Executor, orderId: string): Promise<boolean> {
  const [row] = await db.select({ id: orderRefunds.id }).from(orderRefunds).where(eq(orderRefunds.orderId, orderId)).limit(1);
  return row !== undefined;
}
