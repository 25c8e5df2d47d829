/**
 * The gift-card part of the checkout (docs/decisions/018-gift-cards.md), kept out of the
 * place-order workflow so that workflow only calls in: the gift cards bought as lines, and the
 * codes used as payment.
 */
import type { Executor } from "~/.server/db/client";
import { computeGiftCardTotals, type GiftCardConfig } from "~/domain/gift-cards/gift-card.rules";
import { hitFormLimit, isFormLimited, requestKey, type RateLimitResult } from "~/.server/limits/form-limits";
import { normalizeGiftCardCode } from "~/domain/gift-cards/gift-card-code";
import { DomainError } from "~/domain/errors";
import {
  allocateGiftCards,
  findUsableGiftCard,
  giftCardLineName,
  GIFT_CARD_REDEMPTION_MESSAGES,
  type GiftCardAllocation,
} from "./gift-cards.service";
import type { GiftCardLineQuote, GiftCardPaymentQuote } from "~/domain/gift-cards/gift-card-quote.types";

export function quoteGiftCardLines(cards: readonly GiftCardConfig[]) {
  const lines: GiftCardLineQuote[] = cards.map((c) => {
    const totals = computeGiftCardTotals(c.amountCents, c.deliveryMode);
    return {
      name: giftCardLineName(c),
      amount_cents: totals.amountCents,
      fee_cents: totals.deliveryFeeCents,
      total_cents: totals.totalCents,
      delivery_mode: c.deliveryMode,
      occasion: c.occasion,
      recipient_name: c.recipientName,
      recipient_email: c.recipientEmail,
    };
  });
  return {
    lines,
    totalCents: lines.reduce((sum, l) => sum + l.total_cents, 0),
    hasPhysical: cards.some((c) => c.deliveryMode === "physical"),
  };
}

/**
 * The codes spread over what gift cards may pay: the order total minus its gift-card lines
 * (a gift card cannot pay for another gift card).
 */
export async function quoteGiftCardPayments(
  db: Executor,
  input: { codes: readonly string[]; totalCents: number; giftCardLinesCents: number; now: Date },
): Promise<{
  payments: GiftCardPaymentQuote[];
  refusals: { code: string; message: string }[];
  allocations: GiftCardAllocation[];
  totalCents: number;
}> {
  const payable = Math.max(0, input.totalCents - input.giftCardLinesCents);
  const { allocations, refusals, totalCents } = await allocateGiftCards(db, input.codes, payable, input.now);
  const payments = allocations.map((a) => ({
    code: a.code ?? "",
    last4: a.last4,
    balance_cents: a.balanceCents,
    applied_cents: a.appliedCents,
  }));
  // Only gift cards in the cart: applying a code pays nothing, say why.
  if (payable === 0 && input.giftCardLinesCents > 0 && allocations.length > 0) {
    return {
      payments: [],
      refusals: [...refusals, ...allocations.map((a) => ({ code: a.code ?? "", message: GIFT_CARD_REDEMPTION_MESSAGES.notCoverable }))],
      allocations: [],
      totalCents: 0,
    };
  }
  return { payments, refusals, allocations, totalCents };
}

/* -------------------------------------------------------------------------------------------- */
/* Guessing protection                                                                            */
/* -------------------------------------------------------------------------------------------- */

/** Code checks per client: 10 a minute (balance page: every check; checkout: every unknown code). */
export function hitGiftCardCheckLimit(db: Executor, request: Request): Promise<RateLimitResult> {
  return hitFormLimit(db, "giftCardCheck", requestKey(request));
}

/**
 * The checkout's "Appliquer" on the 'Carte cadeau' field: is this code usable now? Every check
 * counts against the client's limit, as on the balance page. Throws `gift_card_checks_limited`
 * (rate limited) or the code's refusal (see findUsableGiftCard).
 */
export async function checkGiftCardCodeAtCheckout(
  db: Executor,
  request: Request,
  code: string,
  now = new Date(),
): Promise<{ code: string; last4: string; balance_cents: number }> {
  const limited = await hitGiftCardCheckLimit(db, request);
  if (!limited.allowed) throw new DomainError("rate_limited", "gift_card_checks_limited", GIFT_CARD_REDEMPTION_MESSAGES.tooMany);
  const card = await findUsableGiftCard(db, code, now);
  return { code: normalizeGiftCardCode(code), last4: card.last4, balance_cents: card.balanceCents };
}

/**
 * A quote carrying codes: once the client is at its limit no code is looked up (all refused),
 * and each unknown code counts, so the quote cannot be used to guess codes either.
 */
export async function giftCardCodesAllowed(db: Executor, request: Request): Promise<boolean> {
  return !(await isFormLimited(db, "giftCardCheck", requestKey(request)));
}

export async function countUnknownGiftCardCodes(db: Executor, request: Request, refusals: readonly { message: string }[]): Promise<void> {
  for (const r of refusals) if (r.message === GIFT_CARD_REDEMPTION_MESSAGES.unknown) await hitGiftCardCheckLimit(db, request);
}
