/**
 * What the card provider reports about payments after the fact (decision 059, "Webhooks"): the
 * disputes (chargebacks) opened on them, and their later statuses, and the refunds made outside
 * the shop. The only writer of `payment_disputes` and `payment_external_refunds`; each row is
 * keyed by the provider's own id, so a report received twice is recorded once and the caller
 * hears whether it is new.
 */
import { asc, eq } from "drizzle-orm";
import type { Executor } from "~/.server/db/client";
import { paymentDisputes, paymentExternalRefunds } from "~/.server/db/schema";
import { supersedesDisputeReport } from "~/domain/payments/stripe-webhooks";

export type PaymentDispute = typeof paymentDisputes.$inferSelect;
/** `statusReportedAt`: when the provider reported its status, its opening when not given. */
export type NewPaymentDispute = Omit<typeof paymentDisputes.$inferInsert, "recordedAt" | "statusReportedAt"> & {
  statusReportedAt?: Date;
};
export type PaymentExternalRefund = typeof paymentExternalRefunds.$inferSelect;
export type NewPaymentExternalRefund = Omit<typeof paymentExternalRefunds.$inferInsert, "recordedAt">;

/** A dispute's status as the provider reported it, and when (its event's time). */
export type DisputeStatusReport = { status: string; evidenceDueBy: Date | null; reportedAt: Date };

/**
 * What became of a report of a dispute's status: `unknown` (no such dispute recorded), `outdated`
 * (the row holds a later report, or one further along of the same second: nothing changed), or
 * `applied`, with the status the row held before.
 */
export type DisputeStatusChange =
  | { kind: "unknown" }
  | { kind: "outdated"; dispute: PaymentDispute }
  | { kind: "applied"; previousStatus: string; dispute: PaymentDispute };

/** Records a dispute the provider opened; false when it was already recorded. */
export async function recordPaymentDispute(tx: Executor, dispute: NewPaymentDispute, now = new Date()): Promise<boolean> {
  const rows = await tx
    .insert(paymentDisputes)
    .values({ ...dispute, statusReportedAt: dispute.statusReportedAt ?? dispute.openedAt, recordedAt: now })
    .onConflictDoNothing({ target: paymentDisputes.id })
    .returning({ id: paymentDisputes.id });
  return rows.length === 1;
}

/**
 * Records a later status of a dispute (and its day to answer) unless the row already holds a
 * later report: the provider delivers in no promised order (`supersedesDisputeReport`). The row
 * is locked for the caller's transaction, so two reports at once are weighed one after the other.
 */
export async function reportPaymentDisputeStatus(
  tx: Executor,
  disputeId: string,
  report: DisputeStatusReport,
): Promise<DisputeStatusChange> {
  const [current] = await tx.select().from(paymentDisputes).where(eq(paymentDisputes.id, disputeId)).limit(1).for("update");
  if (!current) return { kind: "unknown" };
  if (!supersedesDisputeReport({ status: current.status, reportedAt: current.statusReportedAt }, report)) {
    return { kind: "outdated", dispute: current };
  }
  const [updated] = await tx
    .update(paymentDisputes)
    .set({ status: report.status, evidenceDueBy: report.evidenceDueBy, statusReportedAt: report.reportedAt })
    .where(eq(paymentDisputes.id, disputeId))
    .returning();
  return { kind: "applied", previousStatus: current.status, dispute: updated! };
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
