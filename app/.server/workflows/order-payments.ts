/**
 * The payments of an order for the back office (docs/decisions/061-order-payments-in-back-office.md),
 * where three modules meet: the orders module says whether the order exists, the payments module
 * gives its charges, outside refunds and disputes, the payment-schedules module its instalments.
 * The shop's own refunds stay with the order's refunds (GET /api/v1/admin/orders/{id}/refunds).
 */
import type { Executor } from "~/.server/db/client";
import { getEnv, stripeKeyMode } from "~/.server/env";
import { getOrderRow } from "~/.server/modules/orders/orders.service";
import { listInstalments, type InstalmentRow } from "~/.server/modules/payment-schedules/payment-schedules.service";
import { readOrderPaymentRecords } from "~/.server/modules/payments/order-payments.service";
import {
  instalmentChargeStatus,
  paymentDashboardUrl,
  SIMULATED_PROVIDER,
  STRIPE_PROVIDER,
  type OrderChargeView,
  type OrderPaymentsView,
  type StripeKeyMode,
} from "~/domain/payments/order-payments";
import { isUuid } from "~/lib/uuid";

/**
 * The instalments' provider: the one of the order's own charge, whose card the schedule keeps
 * (decision 035). An order without one (an old row) is told by the payment id's shape.
 */
function scheduleProviderOf(charges: readonly OrderChargeView[], instalments: readonly InstalmentRow[]): string {
  if (charges[0]) return charges[0].provider;
  return instalments.some((i) => i.providerPaymentId?.startsWith("pi_")) ? STRIPE_PROVIDER : SIMULATED_PROVIDER;
}

/**
 * Every card charge of the order, oldest first: the checkout's (which pays the first instalment of
 * a payment in 3: the instalment keeps the same payment id), then each later instalment as a charge
 * of its own, made by the daily job with the kept card.
 */
function mergeCharges(charges: OrderChargeView[], instalments: readonly InstalmentRow[], stripeMode: StripeKeyMode): OrderChargeView[] {
  const provider = scheduleProviderOf(charges, instalments);
  const merged = [...charges];
  for (const row of instalments) {
    const own = merged.find(
      (c) => c.kind === "payment" && row.providerPaymentId !== null && c.provider_payment_id === row.providerPaymentId,
    );
    if (own) {
      own.instalment_seq = row.seq;
      own.due_date = row.dueDate;
      continue;
    }
    const paid = row.status === "paid";
    merged.push({
      id: row.id,
      kind: "instalment",
      instalment_seq: row.seq,
      provider,
      provider_payment_id: row.providerPaymentId,
      amount_cents: row.amountCents,
      currency: "EUR",
      status: instalmentChargeStatus(row.status, row.tries),
      created_at: row.createdAt.toISOString(),
      // Marked paid by the job in the transaction that settled the charge: its last change.
      charged_at: paid ? row.updatedAt.toISOString() : null,
      due_date: row.dueDate,
      dashboard_url: paymentDashboardUrl(provider, row.providerPaymentId, stripeMode),
    });
  }
  return merged;
}

/**
 * An order's card payments, or null for an unknown or malformed id. Stripe's dashboard links
 * follow the configured secret key (test or live), as the shop's charges were made with it.
 */
export async function getOrderPayments(
  db: Executor,
  orderId: string,
  options: { stripeMode?: StripeKeyMode; now?: Date } = {},
): Promise<OrderPaymentsView | null> {
  if (!isUuid(orderId) || !(await getOrderRow(db, orderId))) return null;
  const stripeMode = options.stripeMode !== undefined ? options.stripeMode : stripeKeyMode(getEnv().STRIPE_SECRET_KEY);
  const records = await readOrderPaymentRecords(db, orderId, { stripeMode, now: options.now });
  const instalments = await listInstalments(db, orderId);
  return {
    order_id: orderId,
    charges: mergeCharges(records.charges, instalments, stripeMode),
    external_refunds: records.external_refunds,
    disputes: records.disputes,
  };
}
