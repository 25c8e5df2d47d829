/**
 * An order's card payments as the back office reads them (docs/decisions/061-order-payments-in-back-office.md):
 * each charge (the checkout's payment attempt, the later instalments of a payment in 3), the
 * refunds made outside the shop at the provider and the disputes (chargebacks) the provider
 * reported (decision 059, "Webhooks"). Statuses and reasons are codes: the page words them
 * through its catalog. Isomorphic: no React, no server import.
 */
import type { InstalmentStatus } from "./instalments";

/** The providers the shop knows; a payment of another one is shown with its name as stored. */
export const STRIPE_PROVIDER = "stripe";
export const SIMULATED_PROVIDER = "simulated";

/**
 * What became of one charge, whatever its source:
 * - `pending`: asked, the provider's answer not recorded yet (or an instalment being charged);
 * - `requires_action`: the bank asked the shopper to authenticate (3-D Secure);
 * - `succeeded`: the money was taken;
 * - `refunding` / `refunded`: a charge without an order being given back, then given back;
 * - `failed`: declined;
 * - `scheduled`: an instalment not due yet; `retrying`: declined, tried again the next day;
 * - `unpaid`: an instalment declined at its last try ('Échéance impayée', decision 035);
 * - `cancelled`: an instalment no longer owed (order cancelled or refunded).
 */
export const ORDER_CHARGE_STATUSES = [
  "pending",
  "requires_action",
  "succeeded",
  "refunding",
  "refunded",
  "failed",
  "scheduled",
  "retrying",
  "unpaid",
  "cancelled",
] as const;
export type OrderChargeStatus = (typeof ORDER_CHARGE_STATUSES)[number];

export type OrderChargeView = {
  /** The payment attempt's id, or the instalment's. */
  id: string;
  /** `payment`: the checkout's charge (it also pays the first instalment of a payment in 3). */
  kind: "payment" | "instalment";
  /** Which instalment of 3 it pays, or null for an order paid at once. */
  instalment_seq: number | null;
  provider: string;
  /** The provider's id of the payment (a Stripe PaymentIntent `pi_…`), once it has one. */
  provider_payment_id: string | null;
  amount_cents: number;
  currency: string;
  status: OrderChargeStatus;
  /** When the shop asked for it (an instalment: when the schedule was made). */
  created_at: string;
  /** When the money was taken, or null. */
  charged_at: string | null;
  /** The Paris day an instalment is due ("YYYY-MM-DD"), or null. */
  due_date: string | null;
  /** The payment's page in the provider's dashboard, when the provider has one. */
  dashboard_url: string | null;
};

export type OrderExternalRefundView = {
  id: string;
  provider: string;
  provider_payment_id: string;
  amount_cents: number;
  currency: string;
  /** The provider's reason code (`requested_by_customer`, `duplicate`, `fraudulent`…), or null. */
  reason: string | null;
  refunded_at: string;
  dashboard_url: string | null;
};

export type OrderDisputeView = {
  id: string;
  provider: string;
  provider_payment_id: string;
  amount_cents: number;
  currency: string;
  /** The provider's reason code (`fraudulent`, `product_not_received`…), shown as is when unknown. */
  reason: string;
  /** The provider's latest status of the dispute, as its webhooks reported it (`needs_response`, `under_review`, `won`…). */
  status: string;
  evidence_due_by: string | null;
  opened_at: string;
  /** The provider waits for the shop's evidence, and the day to send it has not passed. */
  needs_response: boolean;
  /** The provider waited for evidence and the day to send it has passed. */
  response_overdue: boolean;
  dashboard_url: string | null;
};

export type OrderPaymentsView = {
  order_id: string;
  charges: OrderChargeView[];
  external_refunds: OrderExternalRefundView[];
  disputes: OrderDisputeView[];
};

/** Whether the configured Stripe key is a test or a live one (app/.server/shop-mode.ts), or null without one. */
export type StripeKeyMode = "test" | "live" | null;

/**
 * The payment's page in Stripe's dashboard: test payments live under /test. Null for another
 * provider, for an id that is not a PaymentIntent, or when no key says which dashboard it is in.
 */
export function paymentDashboardUrl(provider: string, paymentId: string | null, mode: StripeKeyMode): string | null {
  if (provider !== STRIPE_PROVIDER || !mode || !paymentId || !/^pi_[A-Za-z0-9]+$/.test(paymentId)) return null;
  return `https://dashboard.stripe.com/${mode === "test" ? "test/" : ""}payments/${paymentId}`;
}

/** Stripe's dispute statuses that wait for the shop's evidence. */
const AWAITING_EVIDENCE: ReadonlySet<string> = new Set(["needs_response", "warning_needs_response"]);

/** Whether a dispute waits for an answer, and whether its deadline has passed. */
export function disputeResponseState(
  status: string,
  evidenceDueBy: Date | null,
  now: Date,
): Pick<OrderDisputeView, "needs_response" | "response_overdue"> {
  if (!AWAITING_EVIDENCE.has(status)) return { needs_response: false, response_overdue: false };
  const overdue = evidenceDueBy !== null && evidenceDueBy.getTime() < now.getTime();
  return { needs_response: !overdue, response_overdue: overdue };
}

/**
 * An instalment's charge status: a declined try waits for the next day (`retrying`), the last one
 * makes it 'Échéance impayée' (`unpaid`, decision 035).
 */
export function instalmentChargeStatus(status: InstalmentStatus, tries: number): OrderChargeStatus {
  switch (status) {
    case "paid":
      return "succeeded";
    case "charging":
      return "pending";
    case "pending":
      return tries > 0 ? "retrying" : "scheduled";
    case "failed":
      return "unpaid";
    case "cancelled":
      return "cancelled";
  }
}
