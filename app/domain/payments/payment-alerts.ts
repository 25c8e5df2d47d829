/**
 * What the administrators' bells say when the card provider reports something about a payment
 * that needs a person (decision 059, "Webhooks"): a chargeback to answer, and how it ended, a
 * refund made outside the shop, a payment whose amount is not the one the shop asked for. Stored in French (the API's
 * text) with the catalog key that words it in the reader's language (decision 044):
 * `account.notification.<messageKey>.title` / `.message` must say the same as the French below,
 * a test holds them together. Isomorphic: no React, no server import.
 */
import { formatPrice } from "~/lib/money";
import { formatDate } from "~/lib/paris-time";
import type { AdminNotice } from "../events/domain-events";

/** The dispute reasons the notice names; the provider's others read as "motif non précisé". */
export const DISPUTE_REASON_LABELS = {
  fraudulent: "paiement non autorisé par le titulaire de la carte",
  product_not_received: "produit non reçu",
  product_unacceptable: "produit non conforme",
  duplicate: "paiement en double",
  credit_not_processed: "remboursement non reçu",
  unrecognized: "paiement non reconnu",
  other: "motif non précisé",
} as const;
export type DisputeReason = keyof typeof DISPUTE_REASON_LABELS;

export function disputeReasonOf(providerReason: string): DisputeReason {
  return Object.hasOwn(DISPUTE_REASON_LABELS, providerReason) ? (providerReason as DisputeReason) : "other";
}

/** Where the notice leads: the order in the back office, or the orders list. */
const orderLink = (orderNumber: string | null) =>
  orderNumber ? `/admin/commandes?search=${encodeURIComponent(orderNumber)}` : "/admin/commandes";

/** A chargeback opened on a payment: answer it at the provider before the deadline, or lose the amount. */
export function disputeOpenedNotice(input: {
  disputeId: string;
  orderId: string | null;
  orderNumber: string | null;
  amountCents: number;
  providerReason: string;
  evidenceDueBy: Date | null;
}): AdminNotice {
  const reason = disputeReasonOf(input.providerReason);
  const payment = input.orderNumber ? `Le paiement de la commande ${input.orderNumber}` : "Un paiement sans commande";
  const deadline = input.evidenceDueBy ? ` avant le ${formatDate(input.evidenceDueBy)}` : "";
  return {
    type: "system",
    priority: "urgent",
    title: input.orderNumber ? `Litige ouvert : commande ${input.orderNumber}` : "Litige ouvert sur un paiement",
    message:
      `${payment} (${formatPrice(input.amountCents)}) est contesté auprès de la banque : ${DISPUTE_REASON_LABELS[reason]}. ` +
      `Répondez-y depuis le tableau de bord Stripe${deadline}, faute de quoi le montant est perdu.`,
    actionUrl: orderLink(input.orderNumber),
    messageKey: "paymentDisputed",
    params: {
      hasOrder: input.orderNumber ? "yes" : "no",
      orderNumber: input.orderNumber ?? "",
      amountCents: String(input.amountCents),
      reason,
      hasDeadline: input.evidenceDueBy ? "yes" : "no",
      ...(input.evidenceDueBy ? { expiresAt: input.evidenceDueBy.toISOString() } : {}),
    },
    metadata: { dispute_id: input.disputeId, ...(input.orderId ? { order_id: input.orderId } : {}) },
  };
}

/**
 * A chargeback decided by the bank (decision 059, "Webhooks"). Lost: the amount is gone for good,
 * high priority (nothing is left to answer, but someone should know why the money went). Won: the
 * disputed amount comes back; a plain notice that closes what the urgent one opened.
 */
export function disputeClosedNotice(input: {
  disputeId: string;
  orderId: string | null;
  orderNumber: string | null;
  amountCents: number;
  outcome: "won" | "lost";
}): AdminNotice {
  const lost = input.outcome === "lost";
  const on = input.orderNumber ? `le paiement de la commande ${input.orderNumber}` : "un paiement sans commande";
  return {
    type: "system",
    priority: lost ? "high" : "normal",
    title: `${lost ? "Litige perdu" : "Litige gagné"}${input.orderNumber ? ` : commande ${input.orderNumber}` : " sur un paiement"}`,
    message:
      `La banque a tranché le litige sur ${on} (${formatPrice(input.amountCents)}) ` +
      (lost
        ? "en faveur du titulaire de la carte : le montant est perdu. Le détail est dans le tableau de bord Stripe."
        : "en faveur de la boutique : le montant contesté lui revient."),
    actionUrl: orderLink(input.orderNumber),
    messageKey: "paymentDisputeClosed",
    params: {
      hasOrder: input.orderNumber ? "yes" : "no",
      orderNumber: input.orderNumber ?? "",
      amountCents: String(input.amountCents),
      outcome: input.outcome,
    },
    metadata: { dispute_id: input.disputeId, ...(input.orderId ? { order_id: input.orderId } : {}) },
  };
}

/** A refund made at the provider (its dashboard), not by the shop: the order does not show it. */
export function refundedOutsideNotice(input: {
  refundId: string;
  orderId: string | null;
  orderNumber: string | null;
  amountCents: number;
}): AdminNotice {
  const on = input.orderNumber ? `la commande ${input.orderNumber}` : "un paiement sans commande";
  return {
    type: "system",
    priority: "high",
    title: input.orderNumber ? `Remboursement hors boutique : commande ${input.orderNumber}` : "Remboursement hors boutique",
    message:
      `Stripe signale un remboursement de ${formatPrice(input.amountCents)} sur ${on}, fait hors de la boutique ` +
      "(depuis le tableau de bord Stripe) : il n'apparaît pas dans la commande.",
    actionUrl: orderLink(input.orderNumber),
    messageKey: "paymentRefundedOutside",
    params: { hasOrder: input.orderNumber ? "yes" : "no", orderNumber: input.orderNumber ?? "", amountCents: String(input.amountCents) },
    metadata: { refund_id: input.refundId, ...(input.orderId ? { order_id: input.orderId } : {}) },
  };
}

/** "19.90 EUR": an amount in any currency, written the same way in both languages. */
export function amountWithCurrency(cents: number, currency: string): string {
  return `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
}

/** A payment the provider reports with another amount or currency than the attempt's: refused, to check by hand. */
export function paymentMismatchNotice(input: {
  paymentId: string;
  attemptId: string;
  expected: { amountCents: number; currency: string };
  received: { amountCents: number; currency: string };
}): AdminNotice {
  const expected = amountWithCurrency(input.expected.amountCents, input.expected.currency);
  const received = amountWithCurrency(input.received.amountCents, input.received.currency);
  return {
    type: "system",
    priority: "urgent",
    title: "Paiement Stripe refusé : montant inattendu",
    message:
      `Stripe signale le paiement ${input.paymentId} de ${received} alors que la boutique avait demandé ${expected} : ` +
      "il n'a pas été pris en compte. Vérifiez-le dans le tableau de bord Stripe.",
    actionUrl: "/admin/commandes",
    messageKey: "paymentAmountMismatch",
    params: { paymentId: input.paymentId, received, expected },
    metadata: { payment_id: input.paymentId, attempt_id: input.attemptId },
  };
}
