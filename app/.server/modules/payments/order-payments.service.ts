/**
 * An order's card payments as the payments module knows them, for the back office
 * (docs/decisions/061-order-payments-in-back-office.md): its payment attempts (decision 021), the
 * refunds made outside the shop and the disputes the provider reported (decision 059,
 * "Webhooks"). Read only; the instalments belong to the payment-schedules module and are added by
 * the workflow that composes both (app/.server/workflows/order-payments.ts).
 */
import { asc, eq } from "drizzle-orm";
import type { Executor } from "~/.server/db/client";
import { paymentAttempts, type PaymentAttemptStatus } from "~/.server/db/schema";
import {
  disputeResponseState,
  paymentDashboardUrl,
  type OrderChargeStatus,
  type OrderChargeView,
  type OrderDisputeView,
  type OrderExternalRefundView,
  type StripeKeyMode,
} from "~/domain/payments/order-payments";
import { listOrderDisputes, listOrderExternalRefunds } from "./payment-reports.service";

/** An attempt's status as the back office words a charge; `linked` is a charge that made its order. */
const CHARGE_STATUS_OF_ATTEMPT: Record<PaymentAttemptStatus, OrderChargeStatus> = {
  pending: "pending",
  requires_action: "requires_action",
  charged: "succeeded",
  linked: "succeeded",
  refunding: "refunding",
  refunded: "refunded",
  failed: "failed",
};

export type OrderPaymentRecords = {
  /** The attempts that paid the order (one in practice: the checkout's), oldest first. */
  charges: OrderChargeView[];
  external_refunds: OrderExternalRefundView[];
  disputes: OrderDisputeView[];
};

/** The payment attempts linked to an order, oldest first. */
export function listOrderPaymentAttempts(db: Executor, orderId: string) {
  return db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, orderId)).orderBy(asc(paymentAttempts.createdAt));
}

/**
 * What the payments module holds about an order's payments, each with its page in the provider's
 * dashboard when the configured Stripe key says which one (`stripeMode`). Providers report
 * currencies in lower case (`eur`); they are shown as the shop writes them (`EUR`).
 */
export async function readOrderPaymentRecords(
  db: Executor,
  orderId: string,
  options: { stripeMode: StripeKeyMode; now?: Date },
): Promise<OrderPaymentRecords> {
  const now = options.now ?? new Date();
  const attempts = await listOrderPaymentAttempts(db, orderId);
  const refunds = await listOrderExternalRefunds(db, orderId);
  const disputes = await listOrderDisputes(db, orderId);
  return {
    charges: attempts.map((a) => ({
      id: a.id,
      kind: "payment",
      instalment_seq: null,
      provider: a.provider,
      provider_payment_id: a.providerPaymentId,
      amount_cents: a.amountCents,
      currency: a.currency.toUpperCase(),
      status: CHARGE_STATUS_OF_ATTEMPT[a.status],
      created_at: a.createdAt.toISOString(),
      charged_at: a.chargedAt?.toISOString() ?? null,
      due_date: null,
      dashboard_url: paymentDashboardUrl(a.provider, a.providerPaymentId, options.stripeMode),
    })),
    external_refunds: refunds.map((r) => ({
      id: r.id,
      provider: r.provider,
      provider_payment_id: r.paymentId,
      amount_cents: r.amountCents,
      currency: r.currency.toUpperCase(),
      reason: r.reason,
      refunded_at: r.refundedAt.toISOString(),
      dashboard_url: paymentDashboardUrl(r.provider, r.paymentId, options.stripeMode),
    })),
    disputes: disputes.map((d) => ({
      id: d.id,
      provider: d.provider,
      provider_payment_id: d.paymentId,
      amount_cents: d.amountCents,
      currency: d.currency.toUpperCase(),
      reason: d.reason,
      status: d.status,
      evidence_due_by: d.evidenceDueBy?.toISOString() ?? null,
      opened_at: d.openedAt.toISOString(),
      ...disputeResponseState(d.status, d.evidenceDueBy, now),
      dashboard_url: paymentDashboardUrl(d.provider, d.paymentId, options.stripeMode),
    })),
  };
}
