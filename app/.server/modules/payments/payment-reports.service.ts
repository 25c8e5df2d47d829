/**
 * What the card provider reports about payments after the fact (decision 059, "Webhooks"): the
 * disputes (chargebacks) opened on them and the refunds made outside the shop. The only writer of
 * `payment_disputes` and `payment_external_refunds`; each row is keyed by the provider's own id,
 * so a report received twice is recorded once and the caller hears whether it is new.
 */
import { asc, eq } from "drizzle-orm";
import type { Executor } from "~/.server/db/client";
import { paymentDisputes, paymentExternalRefunds } from "~/.server/db/schema";

export type PaymentDispute = typeof paymentDisputes.$inferSelect;
export type NewPaymentDispute = Omit<typeof paymentDisputes.$inferInsert, "recordedAt">;
export type PaymentExternalRefund = typeof paymentExternalRefunds.$inferSelect;
export type NewPaymentExternalRefund = Omit<typeof paymentExternalRefunds.$inferInsert, "recordedAt">;

/** Records a dispute the provider opened; false when it was already recorded. */
export async function recordPaymentDispute(tx: Executor, dispute: NewPaymentDispute, now = new Date()): Promise<boolean> {
  const rows = await tx
    .insert(paymentDisputes)
    .values({ ...dispute, recordedAt: now })
    .onConflictDoNothing({ target: paymentDisputes.id })
    .returning({ id: paymentDisputes.id });
  return rows.length === 1;
}

/** Records a refund made at the provider outside the shop; false when it was already recorded. */
export async function recordExternalRefund(tx: Executor, refund: NewPaymentExternalRefund, now = new Date()): Promise<boolean> {
  const rows = await tx
    .insert(paymentExternalRefunds)
    .values({ ...refund, recordedAt: now })
    .onConflictDoNothing({ target: paymentExternalRefunds.id })
    .returning({ id: paymentExternalRefunds.id });
  return rows.length === 1;
}

/** The disputes opened on an order's payments, oldest first. */
export function listOrderDisputes(db: Executor, orderId: string): Promise<PaymentDispute[]> {
  return db.select().from(paymentDisputes).where(eq(paymentDisputes.orderId, orderId)).orderBy(asc(paymentDisputes.openedAt));
}

/** The refunds made outside the shop on an order's payments, oldest first. */
export function listOrderExternalRefunds(db: Executor, orderId: string): Promise<PaymentExternalRefund[]> {
  return db
    .select()
    .from(paymentExternalRefunds)
    .where(eq(paymentExternalRefunds.orderId, orderId))
    .orderBy(asc(paymentExternalRefunds.refundedAt));
}
