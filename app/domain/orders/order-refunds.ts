/**
 * 'Rembourser un montant': a free amount paid back on an order (a goodwill gesture, a late
 * delivery), decision 052. The back-office form types euros ("12" or "12,50"); the API and the
 * workflow take integer cents. Isomorphic: the form checks in the browser what the workflow
 * checks again.
 */
import { z } from "zod";
import { text } from "~/lib/safe-text";
import { formatPrice } from "~/lib/money";
import { ORDER_REFUND_REASON_MAX } from "~/lib/shop-rules";

export const ORDER_REFUND_MESSAGES = {
  amountRequired: "Indiquez le montant à rembourser",
  amountInvalid: "Le montant doit être un nombre en euros, par exemple 12 ou 12,50",
  amountPositive: "Le montant à rembourser doit être supérieur à 0 €",
  reasonRequired: "Indiquez le motif du remboursement",
  reasonTooLong: `Le motif ne peut pas dépasser ${ORDER_REFUND_REASON_MAX} caractères`,
  notRefundable: "Cette commande ne peut pas être remboursée : elle n'est pas payée, ou elle est annulée ou déjà remboursée",
  keyReused: "Cette clé d'idempotence a déjà servi pour un autre remboursement de cette commande",
  keyInvalid: "En-tête Idempotency-Key invalide (8 à 100 caractères : lettres, chiffres, - et _)",
} as const;

/** The refusal of an amount above what is left to refund, naming what is left. */
export function refundAboveRemainderMessage(refundableCents: number): string {
  return refundableCents > 0
    ? `Le montant dépasse ce qui reste remboursable sur cette commande (${formatPrice(refundableCents)})`
    : "Il ne reste rien à rembourser sur cette commande";
}

/** Idempotency-Key / client_reference: what a client may use to make a retry harmless. */
export const REFUND_KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;

const reason = text({ error: ORDER_REFUND_MESSAGES.reasonRequired })
  .trim()
  .min(1, { error: ORDER_REFUND_MESSAGES.reasonRequired })
  .max(ORDER_REFUND_REASON_MAX, { error: ORDER_REFUND_MESSAGES.reasonTooLong });

/** The workflow's and the API's input: an amount in cents and a reason. */
export const OrderRefundSchema = z.object({
  amount_cents: z
    .number({ error: ORDER_REFUND_MESSAGES.amountInvalid })
    .int({ error: ORDER_REFUND_MESSAGES.amountInvalid })
    .positive({ error: ORDER_REFUND_MESSAGES.amountPositive })
    .max(100_000_000, { error: ORDER_REFUND_MESSAGES.amountInvalid }),
  reason,
  client_reference: z.string().regex(REFUND_KEY_PATTERN, { error: ORDER_REFUND_MESSAGES.keyInvalid }).optional(),
});
export type OrderRefundInput = z.input<typeof OrderRefundSchema>;

/** "12", "12,5", "12.50", "-3" → cents (negative kept, so it is refused as such); anything else → NaN. */
export function refundEurosToCents(value: string): number {
  const v = value.trim().replace(/\s|€/g, "").replace(",", ".");
  if (!/^-?\d{1,7}(\.\d{1,2})?$/.test(v)) return Number.NaN;
  return Math.round(Number(v) * 100);
}

/** The back-office form: euros with a comma, and the reason. */
export const OrderRefundFormSchema = z.object({
  amount: z
    .string({ error: ORDER_REFUND_MESSAGES.amountRequired })
    .trim()
    .min(1, { error: ORDER_REFUND_MESSAGES.amountRequired })
    .transform(refundEurosToCents)
    .refine((cents) => Number.isFinite(cents), { error: ORDER_REFUND_MESSAGES.amountInvalid, abort: true })
    .refine((cents) => cents > 0, { error: ORDER_REFUND_MESSAGES.amountPositive }),
  reason,
});

/** One refund as the back-office and the API list it. */
export type OrderRefundView = {
  id: string;
  order_id: string;
  amount_cents: number;
  card_cents: number;
  gift_card_cents: number;
  reduced_cents: number;
  reason: string;
  credit_note_number: string;
  credit_note_url: string;
  created_at: string;
};

/** The refunds of an order, and what is left to refund. */
export type OrderRefundsView = { refunds: OrderRefundView[]; refundable_cents: number };
