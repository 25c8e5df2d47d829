/**
 * The card payment provider's interface (decision 005, decision 021): what any acquirer the shop
 * can use must do. A charge and a refund each carry an idempotency key (a retried call never
 * moves money twice), and a charge can be found by its key, so that an attempt left pending by a
 * crash can be settled. The shop never stores a card number or a CVC: only the brand and the
 * last four digits. Types only: the simulated provider is app/.server/modules/payments.
 */
import type { Card, CardBrand } from "~/domain/checkout/checkout.schema";

/**
 * What pays: a card typed now (sent once to the provider, never kept), a token the provider
 * keeps for this shop, or a payment method the provider's own card form made in the browser (its
 * id: the card number never reaches the shop, decision 059). With a token, `cvc` is the shopper's
 * CVC typed again for this payment (customer present); no `cvc` is a merchant-initiated charge (a
 * later instalment), which banks exempt from strong customer authentication. A provider whose
 * own form collects the CVC (Stripe) takes no CVC from the shop: `present` then says the shopper
 * is paying now, and `keep` that the card is being kept for later charges (this order's
 * instalments, or the saved cards), which the bank is told at this first payment.
 */
export type PaymentSource =
  | { type: "card"; card: Card }
  | { type: "token"; token: string; cvc?: string; present?: boolean; keep?: boolean }
  | { type: "payment_method"; id: string };

export type ChargeRequest = {
  amountCents: number;
  currency: "EUR";
  source: PaymentSource;
  /** The shop's customer: a token made for another customer is refused. */
  customerRef: string;
  /** The payment attempt's provider key: the provider charges a key once. */
  idempotencyKey: string;
  description: string;
};

/**
 * Why a charge was declined, when the provider says more than "refused": `authentication_required`
 * is the bank's soft decline of a merchant-initiated charge (SCA): the same card may still pay with
 * the shopper present and authenticating (decision 035). Absent for a plain decline.
 */
export type DeclineReason = "authentication_required";

export type ChargeDecline = { ok: false; code: "declined"; message: string; reason?: DeclineReason };
export type ChargeSuccess = { ok: true; paymentId: string; brand: CardBrand; lastFour: string };

export type ChargeResult =
  | ChargeSuccess
  | ChargeDecline
  /**
   * The bank wants the shopper to authenticate (3-D Secure): nothing charged yet. `clientSecret`,
   * when the provider gives one, is what its browser script needs to show the bank's dialog
   * (Stripe.js `handleNextAction`).
   */
  | { ok: false; code: "authentication_required"; authenticationId: string; clientSecret?: string };

/** What the bank's page answers for an authentication, in our terms. */
export type AuthenticationResult = "succeeded" | "failed";

export type AuthenticationOutcome =
  /** Authenticated: the charge is made (once, under the authentication's key). */
  | { status: "charged"; charge: ChargeSuccess }
  | { status: "failed"; message: string }
  /** Already answered before: nothing more happens. */
  | { status: "already_completed" }
  | { status: "not_found" };

export type TokenizeRequest = { number: string; expiry: { month: number; year: number }; cvc?: string; customerRef: string };

export type TokenizeResult =
  | { ok: true; token: string; brand: CardBrand; lastFour: string; expMonth: number; expYear: number }
  | { ok: false; code: "invalid_card"; message: string };

export type RefundRequest = {
  paymentId: string;
  amountCents: number;
  /** One refund per (payment, key): the same key again changes nothing. */
  idempotencyKey: string;
};

/** A charge the provider holds, found by the idempotency key it was made with. */
export type ProviderCharge = { paymentId: string; amountCents: number; refundedCents: number };

export interface PaymentProvider {
  readonly name: string;
  /** Keeps a card at the provider: the shop stores only the token, brand, last four and expiry. */
  tokenize(request: TokenizeRequest): Promise<TokenizeResult>;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** The bank's page answered (3-D Secure): charges on success, once. */
  completeAuthentication(authenticationId: string, result: AuthenticationResult): Promise<AuthenticationOutcome>;
  /** Gives the money back (order not created after all, or cancelled). Throws when the provider cannot. */
  refund(request: RefundRequest): Promise<void>;
  /** The charge made with this idempotency key, or null when the provider never charged it. */
  findCharge(idempotencyKey: string): Promise<ProviderCharge | null>;
  /**
   * The browser's secret of an authentication still waiting (Stripe: the PaymentIntent's client
   * secret), asked again when the same order is submitted again: the shop never stores it.
   * Absent for a provider whose dialog needs none.
   */
  authenticationSecretOf?(authenticationId: string): Promise<string | null>;
}

/** The provider's saved-card side, when it has one (Stripe), else null. */
export function savedCardProviderOf(provider: PaymentProvider): SavedCardProvider | null {
  const candidate = provider as PaymentProvider & Partial<SavedCardProvider>;
  return typeof candidate.ensureCustomer === "function" && typeof candidate.attachPaymentMethod === "function"
    ? (candidate as PaymentProvider & SavedCardProvider)
    : null;
}

/** A card kept at the provider for a customer, as the shop may store it (never the number). */
export type SavedCardSummary = { token: string; brand: CardBrand; lastFour: string; expMonth: number; expYear: number };

/**
 * What a provider that keeps cards for its own customers offers (Stripe: Customers, attached
 * PaymentMethods and SetupIntents, decision 059). Optional: the simulated acquirer keeps its
 * tokens itself (`tokenize`) and has none of this.
 */
export interface SavedCardProvider {
  /** The provider's customer for this shop customer (made once, found again by its reference). */
  ensureCustomer(customerRef: string, email: string): Promise<string>;
  /** Keeps a browser-made payment method for the customer; refused cards answer `invalid_card`. */
  attachPaymentMethod(paymentMethodId: string, customerId: string): Promise<TokenizeResult>;
  /** Forgets a kept card at the provider: it can no longer be charged. */
  detachPaymentMethod(paymentMethodId: string): Promise<void>;
  /** The cards the provider keeps for this customer. */
  listSavedCards(customerId: string): Promise<SavedCardSummary[]>;
  /** Starts saving a card without paying (the browser's card form confirms it with `clientSecret`). */
  createSetupIntent(customerId: string): Promise<{ id: string; clientSecret: string }>;
  /** The card a confirmed setup saved, once it belongs to this shop customer. */
  savedCardOfSetupIntent(setupIntentId: string, customerRef: string): Promise<TokenizeResult>;
}
