/**
 * Card payments behind one interface. The shop ships a simulated provider (the old app only had a
 * placeholder); a real acquirer (Stripe, Adyen, PayPlug...) can replace it by implementing
 * `PaymentProvider`. Whatever the provider, the shop never stores a card number or a CVC: only the
 * brand and the last four digits (decision 005).
 */
import { randomUUID } from "node:crypto";
import { cardBrandOf, cardDigits, TEST_CARD_DECLINED, type Card, type CardBrand } from "~/features/checkout/checkout.schema";

export type ChargeRequest = {
  amountCents: number;
  currency: "EUR";
  card: Card;
  /** The order attempt's idempotency key: the provider charges a key once. */
  idempotencyKey: string;
  description: string;
};

export type ChargeResult =
  | { ok: true; paymentId: string; brand: CardBrand; lastFour: string }
  | { ok: false; code: "declined"; message: string };

export interface PaymentProvider {
  readonly name: string;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** Gives the money back (order not created after all, or cancelled). */
  refund(paymentId: string, amountCents: number): Promise<void>;
}

export const PAYMENT_DECLINED_MESSAGE = "Paiement refusé par votre banque. Veuillez utiliser une autre carte.";

/**
 * Simulated acquirer: approves every valid card except the documented decline card
 * (4000 0000 0000 0002). Charges are remembered per idempotency key so a retried attempt is not
 * charged twice; refunds are recorded so tests can check compensation.
 */
export class SimulatedPaymentProvider implements PaymentProvider {
  readonly name = "simulated";
  readonly charges = new Map<string, { paymentId: string; amountCents: number }>();
  readonly refunds: { paymentId: string; amountCents: number }[] = [];

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    const digits = cardDigits(request.card.number);
    const brand = cardBrandOf(digits);
    if (!brand || digits === cardDigits(TEST_CARD_DECLINED)) {
      return { ok: false, code: "declined", message: PAYMENT_DECLINED_MESSAGE };
    }
    const previous = this.charges.get(request.idempotencyKey);
    const paymentId = previous?.paymentId ?? `sim_${randomUUID()}`;
    if (!previous) {
      this.charges.set(request.idempotencyKey, { paymentId, amountCents: request.amountCents });
      // Keep the memory bounded in a long-running process.
      if (this.charges.size > 10_000) this.charges.delete(this.charges.keys().next().value as string);
    }
    return { ok: true, paymentId, brand, lastFour: digits.slice(-4) };
  }

  async refund(paymentId: string, amountCents: number): Promise<void> {
    this.refunds.push({ paymentId, amountCents });
    if (this.refunds.length > 10_000) this.refunds.shift();
  }
}

const holder = globalThis as { __aurorePaymentProvider?: PaymentProvider };

/** The process-wide provider (the simulated one until a real provider is configured). */
export function getPaymentProvider(): PaymentProvider {
  holder.__aurorePaymentProvider ??= new SimulatedPaymentProvider();
  return holder.__aurorePaymentProvider;
}
