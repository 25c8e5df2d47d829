/**
 * Paiement en 3 fois sans frais (docs/decisions/035-instalments.md): the schedule of a card
 * amount, shared by the checkout's preview and the server. Isomorphic: no React, no server import.
 */
// Relative imports: the database schema reads the statuses below, and drizzle-kit loads the
// schema without the `~/` alias.
import { addParisDays, parisDay } from "../../lib/paris-time";
import { SPLIT_PAYMENT_INSTALMENTS, SPLIT_PAYMENT_MIN_CENTS } from "../../lib/shop-rules";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";

/** Days between the order and each instalment: today, +30 days, +60 days (Paris calendar). */
export const INSTALMENT_OFFSETS_DAYS = [0, 30, 60] as const;
/** Tries of a later instalment: the due day, then each of the next two days. */
export const INSTALMENT_MAX_TRIES = 3;

export const INSTALMENTS_NOT_ALLOWED_MESSAGE = `Le paiement en ${SPLIT_PAYMENT_INSTALMENTS} fois sans frais est possible dès 50 € d'achat.`;
export const INSTALMENTS_CHOICE_MESSAGE = "Choisissez un paiement en 1 ou 3 fois";

export const INSTALMENT_STATUSES = ["paid", "pending", "charging", "failed", "cancelled"] as const;
export type InstalmentStatus = (typeof INSTALMENT_STATUSES)[number];

/** One due payment as the pages, the API and the invoice show it. */
export type PaymentScheduleEntry = {
  seq: number;
  due_date: string;
  amount_cents: number;
  status: InstalmentStatus;
  /** Due, and waiting for the shopper: the bank asked for authentication and the e-mailed link is still valid (decision 035). */
  awaiting_authentication?: boolean;
};

/** The order's payment status while a schedule runs, and after its final failure. */
export const PAYMENT_STATUS_INSTALMENTS = "instalments";
export const PAYMENT_STATUS_INSTALMENT_UNPAID = "instalment_unpaid";

/** Whether a card amount may be paid in 3: from 50,00 €. */
export function instalmentsAllowed(cardCents: number): boolean {
  return Number.isInteger(cardCents) && cardCents >= SPLIT_PAYMENT_MIN_CENTS;
}

/** The amounts: the 2nd and 3rd are floor(total / 3), the first takes the rounding. */
export function instalmentAmounts(totalCents: number): number[] {
  if (!Number.isInteger(totalCents) || totalCents < SPLIT_PAYMENT_INSTALMENTS) throw new Error(`cannot split ${totalCents} cents`);
  const later = Math.floor(totalCents / SPLIT_PAYMENT_INSTALMENTS);
  return [totalCents - (SPLIT_PAYMENT_INSTALMENTS - 1) * later, ...Array<number>(SPLIT_PAYMENT_INSTALMENTS - 1).fill(later)];
}

/** The schedule of a card amount paid in 3 from `now`: the first one is paid with the order. */
export function instalmentSchedule(totalCents: number, now: Date): Omit<PaymentScheduleEntry, "status">[] {
  const today = parisDay(now);
  return instalmentAmounts(totalCents).map((amount, i) => ({
    seq: i + 1,
    due_date: addParisDays(today, INSTALMENT_OFFSETS_DAYS[i]),
    amount_cents: amount,
  }));
}

export const CARD_EXPIRES_BEFORE_LAST_INSTALMENT_MESSAGE =
  "Cette carte expire avant la dernière échéance : utilisez une autre carte ou payez en une fois.";

/** Whether a card (valid to the end of its expiry month) still pays the last instalment of an order placed `now`. */
export function cardCoversSchedule(expiry: { month: number; year: number }, now: Date): boolean {
  const last = addParisDays(parisDay(now), INSTALMENT_OFFSETS_DAYS[INSTALMENT_OFFSETS_DAYS.length - 1]);
  const [year, month] = last.split("-").map(Number);
  const fullYear = expiry.year < 100 ? 2000 + expiry.year : expiry.year;
  return fullYear > year || (fullYear === year && expiry.month >= month);
}

/** What the shopper reads for an instalment's status (and for one waiting for their authentication). */
export const instalmentStatusLabel = (e: Pick<PaymentScheduleEntry, "status" | "awaiting_authentication">): string =>
  e.awaiting_authentication ? ACCOUNT_MESSAGES.awaitingYourAuthentication : INSTALMENT_STATUS_LABELS[e.status];

/** What the shopper reads for an instalment's status. */
export const INSTALMENT_STATUS_LABELS: Record<InstalmentStatus, string> = {
  paid: ACCOUNT_MESSAGES.statusPaid,
  pending: ACCOUNT_MESSAGES.upcoming,
  charging: ACCOUNT_MESSAGES.upcoming,
  failed: ACCOUNT_MESSAGES.statusUnpaid,
  cancelled: ACCOUNT_MESSAGES.statusCancelled,
};

/**
 * An instalment the bank wants authenticated (decision 035): the page the shopper's e-mailed link
 * opens, `/paiement-echeance?token=…`, and what it shows its owner.
 */
export const INSTALMENT_AUTHENTICATION_PATH = "/paiement-echeance";

export function instalmentAuthenticationPath(token: string): string {
  return `${INSTALMENT_AUTHENTICATION_PATH}?token=${encodeURIComponent(token)}`;
}

export type InstalmentToConfirm = {
  order_number: string;
  seq: number;
  amount_cents: number;
  due_date: string;
  /** `payable`: the button; `processing`: a try is under way; `paid`: done (the link opened again). */
  state: "payable" | "processing" | "paid";
};

/** What "Confirmer le paiement" answers when it is not a refusal: paid, or the bank's dialog to show first. */
export type InstalmentPaymentStep = { status: "paid" } | { status: "authentication_required"; client_secret: string };

/** The admin's word for an order whose instalment finally failed. */
export const INSTALMENT_UNPAID_LABEL = ACCOUNT_MESSAGES.unpaidInstalment;
