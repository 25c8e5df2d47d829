/**
 * Stripe as the shop's card acquirer (decision 059), through the official SDK.
 *
 * Card numbers never reach the shop (PCI DSS SAQ A): the browser's Payment Element makes a
 * PaymentMethod at Stripe and the shop only ever sees its id (`pm_…`). A charge is one
 * PaymentIntent per payment attempt's try, created and confirmed here with the attempt's provider
 * key as Stripe's Idempotency-Key, so a retried call answers with the same PaymentIntent instead of
 * charging again. The key is kept in the PaymentIntent's metadata too (`attempt_key`): that is how
 * the reconciliation job finds a charge a crash left unrecorded (`findCharge`, decision 021).
 *
 * Saved cards are PaymentMethods attached to a Stripe Customer whose metadata names the shop's
 * customer (`customer_ref`); a saved card is charged only for that customer.
 */
import { createHash } from "node:crypto";
import Stripe from "stripe";
import type { CardBrand } from "~/domain/checkout/checkout.schema";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import type {
  AuthenticationOutcome,
  ChargeDecline,
  ChargeRequest,
  ChargeResult,
  ChargeSuccess,
  PaymentProvider,
  ProviderCharge,
  RefundRequest,
  SavedCardProvider,
  SavedCardSummary,
  TokenizeResult,
} from "~/domain/payments/payment-provider";
import {
  AUTHENTICATION_FAILED_MESSAGE,
  CARD_EXPIRED_MESSAGE,
  PAYMENT_DECLINED_MESSAGE,
  UNKNOWN_TOKEN_MESSAGE,
  WRONG_CVC_MESSAGE,
} from "../payment-messages";

/** A card number sent to the shop's server with Stripe: refused, it belongs in Stripe's own form. */
export const CARD_IN_STRIPE_FORM_MESSAGE = ACCOUNT_MESSAGES.cardNumberInStripeForm;
/** A merchant-initiated charge (a later instalment) the bank wants the shopper to authenticate. */
export const OFF_SESSION_AUTHENTICATION_MESSAGE =
  "Votre banque demande de confirmer ce paiement en votre présence (3-D Secure) : il n'a pas pu être prélevé automatiquement.";

/**
 * Requests the SDK retries itself (with the same idempotency key, so never a second charge) and
 * how long each may take. Two tries of 20 s stay well inside the reconciliation's grace period
 * (PAYMENT_RECONCILE_GRACE_SECONDS, 120 s by default), which must outlast any charge in flight.
 */
const STRIPE_MAX_NETWORK_RETRIES = 2;
const STRIPE_TIMEOUT_MS = 20_000;

export type StripeProviderConfig = {
  secretKey: string;
  /** Tests only: a local Stripe-compatible server (tests/support/stripe-server) instead of api.stripe.com. */
  apiBase?: string;
};

/** The SDK's host/port/protocol for a base URL (only its origin counts: the SDK adds /v1/…). */
export function stripeHostOptions(apiBase: string): { host: string; port: number; protocol: "http" | "https" } {
  const url = new URL(apiBase);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return { host: url.hostname, port: url.port ? Number(url.port) : protocol === "https" ? 443 : 80, protocol };
}

export function createStripeClient(config: StripeProviderConfig): Stripe {
  return new Stripe(config.secretKey, {
    maxNetworkRetries: STRIPE_MAX_NETWORK_RETRIES,
    timeout: STRIPE_TIMEOUT_MS,
    telemetry: false,
    appInfo: { name: "Aurore" },
    ...(config.apiBase ? stripeHostOptions(config.apiBase) : {}),
  });
}

type StripeCardDetails = { brand: string; networks?: { available: string[] } | null };

/**
 * The shop's brand for a Stripe card. A Cartes Bancaires card is co-badged with Visa or
 * Mastercard (Stripe lists `cartes_bancaires` among its networks, or as its brand when the
 * shopper chose that network): the shop shows the international brand it carries. Null for a
 * brand the shop does not take.
 */
export function shopCardBrandOf(card: StripeCardDetails): CardBrand | null {
  const accepted = (brand: string): CardBrand | null => (brand === "visa" || brand === "mastercard" || brand === "amex" ? brand : null);
  const direct = accepted(card.brand);
  if (direct) return direct;
  for (const network of card.networks?.available ?? []) {
    const coBadged = accepted(network);
    if (coBadged) return coBadged;
  }
  return null;
}

/** What the shop says for a card error (the issuer's decline code first, then Stripe's error code). */
function declineMessageOf(code: string | undefined, customerPresent: boolean): string {
  switch (code) {
    case "expired_card":
      return CARD_EXPIRED_MESSAGE;
    case "incorrect_cvc":
    case "invalid_cvc":
      return WRONG_CVC_MESSAGE;
    case "authentication_required":
      return customerPresent ? AUTHENTICATION_FAILED_MESSAGE : OFF_SESSION_AUTHENTICATION_MESSAGE;
    case "payment_intent_authentication_failure":
      return AUTHENTICATION_FAILED_MESSAGE;
    default:
      return PAYMENT_DECLINED_MESSAGE;
  }
}

function declined(message: string): ChargeDecline {
  return { ok: false, code: "declined", message };
}

/**
 * A card error as a decline. Off session, `authentication_required` is the bank's soft decline
 * (SCA): the decline says so, and the instalment waits for the shopper (decision 035).
 */
function cardDeclined(code: string | undefined, customerPresent: boolean): ChargeDecline {
  const decline = declined(declineMessageOf(code, customerPresent));
  return code === "authentication_required" && !customerPresent ? { ...decline, reason: "authentication_required" } : decline;
}

function isMissing(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "resource_missing";
}

/** Stripe's search query language quotes values with single quotes; a quote inside is escaped. */
function quoted(value: string): string {
  return `'${value.replaceAll("\\", "\\\\").replaceAll("'", "\\'")}'`;
}

type ChargeableCard = { ok: true; customerId: string | null; brand: CardBrand; lastFour: string };

export class StripePaymentProvider implements PaymentProvider, SavedCardProvider {
  readonly name = "stripe";

  constructor(readonly stripe: Stripe) {}

  /** Card numbers are typed in Stripe's form, never sent to the shop: nothing to tokenize here. */
  async tokenize(): Promise<TokenizeResult> {
    return { ok: false, code: "invalid_card", message: CARD_IN_STRIPE_FORM_MESSAGE };
  }

  /**
   * The payment method behind a source, read before any charge: its brand and last four (the
   * order shows them), and, for a saved card, that it is still attached to this shop customer's
   * Stripe Customer. One GET; it also refuses a brand the shop does not take before any money moves.
   */
  private async chargeableCard(paymentMethodId: string, customerRef: string, saved: boolean): Promise<ChargeableCard | ChargeDecline> {
    const refusal = declined(saved ? UNKNOWN_TOKEN_MESSAGE : PAYMENT_DECLINED_MESSAGE);
    let method: Stripe.PaymentMethod;
    try {
      method = await this.stripe.paymentMethods.retrieve(paymentMethodId, { expand: ["customer"] });
    } catch (error) {
      if (isMissing(error)) return refusal;
      throw error;
    }
    if (method.type !== "card" || !method.card) return refusal;
    const customer = method.customer;
    const owner = customer && typeof customer === "object" && !customer.deleted ? customer.metadata.customer_ref : undefined;
    // A saved card must be this customer's; a card just made in the browser may be attached to
    // nobody, but never to another customer.
    if (saved ? owner !== customerRef : customer !== null && owner !== customerRef) return refusal;
    const brand = shopCardBrandOf(method.card);
    if (!brand) return declined(ACCOUNT_MESSAGES.cardNotAcceptedVisaMastercard);
    const customerId = customer === null ? null : typeof customer === "string" ? customer : customer.id;
    return { ok: true, customerId, brand, lastFour: method.card.last4 };
  }

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    if (!Number.isInteger(request.amountCents) || request.amountCents <= 0) throw new Error("invalid charge amount");
    const { source } = request;
    if (source.type === "card") return declined(CARD_IN_STRIPE_FORM_MESSAGE);
    const saved = source.type === "token";
    const paymentMethodId = saved ? source.token : source.id;
    // A saved card without its CVC is a merchant-initiated charge (a later instalment): off
    // session. A CVC typed again only says the shopper is there; it is never forwarded (with
    // Stripe it is collected again by the Payment Element, never by the shop).
    const customerPresent = !saved || source.cvc !== undefined || source.present === true;
    // A card kept for later charges (instalments, saved cards): the bank hears so at this first,
    // authenticated payment, which lets the later merchant-initiated charges go without the shopper.
    const keep = saved && customerPresent && source.keep === true;
    const card = await this.chargeableCard(paymentMethodId, request.customerRef, saved);
    if (!card.ok) return card;
    let intent: Stripe.PaymentIntent;
    try {
      intent = await this.stripe.paymentIntents.create(
        {
          amount: request.amountCents,
          currency: "eur",
          payment_method: paymentMethodId,
          ...(card.customerId ? { customer: card.customerId } : {}),
          confirm: true,
          ...(customerPresent ? {} : { off_session: true }),
          ...(keep ? { setup_future_usage: "off_session" as const } : {}),
          // Cards only ask for 3-D Secure, which Stripe.js shows in a dialog: no redirect, so no return_url.
          automatic_payment_methods: { enabled: true, allow_redirects: "never" },
          description: request.description.slice(0, 1000),
          metadata: { attempt_key: request.idempotencyKey, customer_ref: request.customerRef },
        },
        { idempotencyKey: request.idempotencyKey },
      );
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError) {
        return cardDeclined(error.decline_code ?? error.code, customerPresent);
      }
      // A payment method Stripe will not use again (detached, or used once without a customer).
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.param === "payment_method") {
        return declined(saved ? UNKNOWN_TOKEN_MESSAGE : PAYMENT_DECLINED_MESSAGE);
      }
      throw error;
    }
    const success: ChargeSuccess = { ok: true, paymentId: intent.id, brand: card.brand, lastFour: card.lastFour };
    switch (intent.status) {
      case "succeeded":
        return success;
      case "requires_action":
        return {
          ok: false,
          code: "authentication_required",
          authenticationId: intent.id,
          ...(intent.client_secret ? { clientSecret: intent.client_secret } : {}),
        };
      case "requires_payment_method":
        return cardDeclined(intent.last_payment_error?.decline_code ?? intent.last_payment_error?.code, customerPresent);
      default:
        // `processing` (not expected for cards): the outcome is unknown, so the attempt stays
        // pending and the reconciliation job asks Stripe again after the grace period.
        throw new Error(`stripe: PaymentIntent ${intent.id} is ${intent.status} after confirmation`);
    }
  }

  /**
   * The browser says the bank's dialog is over (or the job gives the authentication up): Stripe
   * knows the outcome, so the `result` the simulated bank would give is not read. A PaymentIntent
   * that did not succeed is cancelled, so that its client secret can no longer pay it behind the
   * shop's back (with another card, or a dialog finished late).
   */
  async completeAuthentication(authenticationId: string): Promise<AuthenticationOutcome> {
    let intent: Stripe.PaymentIntent;
    try {
      intent = await this.stripe.paymentIntents.retrieve(authenticationId, { expand: ["payment_method"] });
    } catch (error) {
      if (isMissing(error)) return { status: "not_found" };
      throw error;
    }
    if (intent.metadata.attempt_key === undefined) return { status: "not_found" };
    if (intent.status === "requires_payment_method" || intent.status === "requires_action" || intent.status === "requires_confirmation") {
      const lastError = intent.last_payment_error;
      try {
        intent = await this.stripe.paymentIntents.cancel(intent.id, {}, { idempotencyKey: `${intent.id}:cancel` });
      } catch (error) {
        // Succeeded meanwhile (the dialog finished as we gave up): the charge stands.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError) || error.code !== "payment_intent_unexpected_state") throw error;
        intent = await this.stripe.paymentIntents.retrieve(authenticationId, { expand: ["payment_method"] });
      }
      // The bank refused after the shopper authenticated (insufficient funds...): a decline;
      // otherwise the authentication failed or was never finished.
      if (intent.status === "canceled") {
        const message =
          lastError?.type === "card_error"
            ? declineMessageOf(lastError.decline_code ?? lastError.code, true)
            : AUTHENTICATION_FAILED_MESSAGE;
        return { status: "failed", message };
      }
    }
    if (intent.status === "canceled") return { status: "failed", message: AUTHENTICATION_FAILED_MESSAGE };
    if (intent.status !== "succeeded") throw new Error(`stripe: PaymentIntent ${intent.id} is ${intent.status}`);
    const method = intent.payment_method;
    const card = method && typeof method === "object" ? method.card : undefined;
    const brand = card ? shopCardBrandOf(card) : null;
    if (!card || !brand) throw new Error(`stripe: PaymentIntent ${intent.id} succeeded without a card the shop takes`);
    return { status: "charged", charge: { ok: true, paymentId: intent.id, brand, lastFour: card.last4 } };
  }

  /**
   * One refund per (PaymentIntent, key). Stripe replays a key for 24 hours only; the key is kept in
   * the refund's metadata too, and looked for first, so a retry after that (the reconciliation
   * job, days later) finds the first refund instead of refunding twice. Two retries at once still
   * meet in Stripe's idempotency. Refunds are rare: the extra GET is worth it.
   */
  async refund(request: RefundRequest): Promise<void> {
    if (!Number.isInteger(request.amountCents) || request.amountCents <= 0) throw new Error("invalid refund amount");
    const done = await this.refundOfKey(request.paymentId, request.idempotencyKey);
    if (done?.amount === request.amountCents) return; // already done: idempotent
    if (done) throw new Error(`stripe: refund key ${request.idempotencyKey} reused with another amount`);
    try {
      await this.stripe.refunds.create(
        { payment_intent: request.paymentId, amount: request.amountCents, metadata: { refund_key: request.idempotencyKey } },
        { idempotencyKey: request.idempotencyKey },
      );
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError || error instanceof Stripe.errors.StripeIdempotencyError) {
        const earlier = await this.refundOfKey(request.paymentId, request.idempotencyKey);
        if (earlier?.amount === request.amountCents) return; // already done: idempotent
        if (earlier) throw new Error(`stripe: refund key ${request.idempotencyKey} reused with another amount`, { cause: error });
      }
      throw new Error(`stripe: refund of ${request.paymentId} refused: ${error instanceof Error ? error.message : String(error)}`, {
        cause: error,
      });
    }
  }

  private async refundOfKey(paymentIntentId: string, key: string): Promise<Stripe.Refund | null> {
    for await (const refund of this.stripe.refunds.list({ payment_intent: paymentIntentId, limit: 100 })) {
      if (refund.metadata?.refund_key === key && refund.status !== "failed" && refund.status !== "canceled") return refund;
    }
    return null;
  }

  /** The client secret of a PaymentIntent still waiting for 3-D Secure (null once it no longer can be paid). */
  async authenticationSecretOf(authenticationId: string): Promise<string | null> {
    try {
      const intent = await this.stripe.paymentIntents.retrieve(authenticationId);
      return intent.status === "requires_action" ? intent.client_secret : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  /**
   * The PaymentIntent created with this key, when it took the money. Stripe's search is
   * eventually consistent: a PaymentIntent can take about a minute to appear. The reconciliation
   * job only asks about attempts older than its grace period (PAYMENT_RECONCILE_GRACE_SECONDS,
   * 120 s by default), which covers that delay; a shorter grace period could wrongly settle a
   * charged attempt as never charged.
   */
  async findCharge(idempotencyKey: string): Promise<ProviderCharge | null> {
    const found = await this.stripe.paymentIntents.search({
      query: `metadata['attempt_key']:${quoted(idempotencyKey)}`,
      expand: ["data.latest_charge"],
      limit: 10,
    });
    const paid = found.data.find((intent) => intent.status === "succeeded" && intent.metadata.attempt_key === idempotencyKey);
    if (!paid) return null;
    const charge = paid.latest_charge;
    let refundedCents: number;
    if (charge && typeof charge === "object") {
      refundedCents = charge.amount_refunded;
    } else {
      refundedCents = 0;
      for await (const refund of this.stripe.refunds.list({ payment_intent: paid.id, limit: 100 })) {
        if (refund.status === "succeeded" || refund.status === "pending") refundedCents += refund.amount;
      }
    }
    return { paymentId: paid.id, amountCents: paid.amount_received, refundedCents };
  }

  /**
   * The Stripe Customer of a shop customer: found by e-mail among those whose metadata names it,
   * or made once (the idempotency key makes two simultaneous calls one Customer). The caller
   * keeps the id it gets; a changed e-mail address then makes a second Customer, while the cards
   * saved on the first stay chargeable (a charge reads a card's owner from the card itself).
   */
  async ensureCustomer(customerRef: string, email: string): Promise<string> {
    for await (const customer of this.stripe.customers.list({ email, limit: 100 })) {
      if (customer.metadata.customer_ref === customerRef) return customer.id;
    }
    const emailHash = createHash("sha256").update(email).digest("hex").slice(0, 16);
    const created = await this.stripe.customers.create(
      { email, metadata: { customer_ref: customerRef } },
      { idempotencyKey: `customer:${customerRef}:${emailHash}` },
    );
    return created.id;
  }

  async attachPaymentMethod(paymentMethodId: string, customerId: string): Promise<TokenizeResult> {
    let method: Stripe.PaymentMethod;
    try {
      method = await this.stripe.paymentMethods.attach(paymentMethodId, { customer: customerId });
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError)
        return { ok: false, code: "invalid_card", message: declineMessageOf(error.decline_code ?? error.code, true) };
      if (error instanceof Stripe.errors.StripeInvalidRequestError)
        return { ok: false, code: "invalid_card", message: PAYMENT_DECLINED_MESSAGE };
      throw error;
    }
    return this.savedCardOf(method);
  }

  async detachPaymentMethod(paymentMethodId: string): Promise<void> {
    try {
      await this.stripe.paymentMethods.detach(paymentMethodId);
    } catch (error) {
      // Already detached or gone: what was asked holds.
      if (isMissing(error)) return;
      if (error instanceof Stripe.errors.StripeInvalidRequestError && /not attached/i.test(error.message)) return;
      throw error;
    }
  }

  async listSavedCards(customerId: string): Promise<SavedCardSummary[]> {
    const cards: SavedCardSummary[] = [];
    for await (const method of this.stripe.customers.listPaymentMethods(customerId, { type: "card", limit: 100 })) {
      const summary = this.savedCardOf(method);
      if (summary.ok)
        cards.push({
          token: summary.token,
          brand: summary.brand,
          lastFour: summary.lastFour,
          expMonth: summary.expMonth,
          expYear: summary.expYear,
        });
    }
    return cards;
  }

  async createSetupIntent(customerId: string): Promise<{ id: string; clientSecret: string }> {
    const intent = await this.stripe.setupIntents.create({
      customer: customerId,
      usage: "off_session",
      automatic_payment_methods: { enabled: true, allow_redirects: "never" },
    });
    if (!intent.client_secret) throw new Error(`stripe: SetupIntent ${intent.id} has no client secret`);
    return { id: intent.id, clientSecret: intent.client_secret };
  }

  async savedCardOfSetupIntent(setupIntentId: string, customerRef: string): Promise<TokenizeResult> {
    const refusal: TokenizeResult = { ok: false, code: "invalid_card", message: PAYMENT_DECLINED_MESSAGE };
    let intent: Stripe.SetupIntent;
    try {
      intent = await this.stripe.setupIntents.retrieve(setupIntentId, { expand: ["payment_method", "customer"] });
    } catch (error) {
      if (isMissing(error)) return refusal;
      throw error;
    }
    const customer = intent.customer;
    const owner = customer && typeof customer === "object" && !customer.deleted ? customer.metadata.customer_ref : undefined;
    if (intent.status !== "succeeded" || owner !== customerRef) return refusal;
    const method = intent.payment_method;
    if (!method || typeof method !== "object") return refusal;
    const card = this.savedCardOf(method);
    // confirmSetup attached the card to the shopper's Customer: a brand the shop refuses must not
    // stay there, chargeable off-session by anyone holding the Customer.
    if (!card.ok) await this.detachPaymentMethod(method.id);
    return card;
  }

  /**
   * A webhook's event, read from the exact bytes Stripe posted and checked against their
   * `Stripe-Signature` with the endpoint's signing secret (and Stripe's 5-minute tolerance, which
   * refuses a delivery replayed later). Throws `Stripe.errors.StripeSignatureVerificationError`.
   */
  constructWebhookEvent(payload: Uint8Array | string, signature: string, secret: string): Stripe.Event {
    return this.stripe.webhooks.constructEvent(payload, signature, secret);
  }

  /** Every refund of a charge (a webhook's charge carries no list of its refunds since API 2022-11-15). */
  async refundsOfCharge(chargeId: string): Promise<Stripe.Refund[]> {
    const refunds: Stripe.Refund[] = [];
    for await (const refund of this.stripe.refunds.list({ charge: chargeId, limit: 100 })) refunds.push(refund);
    return refunds;
  }

  private savedCardOf(method: Stripe.PaymentMethod): TokenizeResult {
    const card = method.card;
    const brand = card ? shopCardBrandOf(card) : null;
    if (!card || !brand) return { ok: false, code: "invalid_card", message: ACCOUNT_MESSAGES.cardNotAcceptedVisaMastercard };
    return { ok: true, token: method.id, brand, lastFour: card.last4, expMonth: card.exp_month, expYear: card.exp_year };
  }
}

export function createStripeProvider(config: StripeProviderConfig): StripePaymentProvider {
  return new StripePaymentProvider(createStripeClient(config));
}
