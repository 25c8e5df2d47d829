/**
 * A small Stripe-compatible HTTP server for tests (decision 059): the subset of Stripe's API the
 * shop's Stripe provider uses, spoken the way Stripe documents it, so the provider is tested
 * through the real `stripe` SDK without reaching api.stripe.com (these machines cannot).
 *
 * - Requests: `Authorization: Bearer sk_test_…` (the publishable key only where Stripe.js would
 *   use it), form-encoded bodies and query strings in bracket notation (form-encoding.ts), a
 *   `Stripe-Version` header (answered back), unknown parameters refused (`parameter_unknown`).
 * - Idempotency: a POST's `Idempotency-Key` replays the first answer (2xx and card errors, as
 *   Stripe does, with `Idempotent-Replayed: true`); the same key with other parameters or another
 *   endpoint is a 400 `idempotency_error`; while the first is still running, a 409.
 * - Objects and errors have the shapes of Stripe's OpenAPI description (spec3), checked by
 *   compiling them against the SDK's types, which are generated from it: `payment_intent` with
 *   `status`, `next_action: { type: "use_stripe_sdk" }`, `last_payment_error`, `latest_charge`;
 *   errors `{ error: { type, code, decline_code, message, param, doc_url } }` with Stripe's HTTP
 *   statuses (400 invalid request, 401 bad key, 402 card error, 404 unknown URL or object, 409).
 * - Test cards: Stripe's documented test PaymentMethods and numbers (test-cards.ts).
 * - Resources: customers (create, retrieve, update, delete, list by e-mail, their payment
 *   methods), payment methods (create from a number as Stripe.js does, retrieve, attach, detach),
 *   payment intents (create with confirm, retrieve, confirm, cancel, search by metadata), setup
 *   intents (create, confirm, retrieve, cancel), refunds (partial; over-refunds refused; list).
 * - Test-only: `POST /_test/intents/{id}/authenticate` with `outcome=succeed|fail` answers a
 *   pending 3-D Secure as the shopper would in Stripe.js's dialog; a per-call latency; a search
 *   index delay (Stripe's search is eventually consistent); a dropped answer (the work is done,
 *   the connection is cut before the response, as when a network fails).
 * State lives in memory, per server.
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type Stripe from "stripe";
import { decodeForm, fingerprintOf, FormEncodingError, type FormObject, type FormValue } from "./form-encoding";
import { TEST_PAYMENT_METHODS, testCardOfNumber, type CardBehaviour, type TestCard } from "./test-cards";

/** The API version this server answers with when a request names none. */
export const LOCAL_STRIPE_API_VERSION = "2026-10-28.endive";

export type StripeServerOptions = {
  secretKey?: string;
  publishableKey?: string;
  webhookSecret?: string;
  /** Added to every call before it is answered (for benchmarks). */
  latencyMs?: number;
  /** How long a new PaymentIntent stays invisible to search (Stripe: up to about a minute). */
  searchIndexDelayMs?: number;
};

type ErrorBody = {
  type: "api_error" | "card_error" | "idempotency_error" | "invalid_request_error";
  message: string;
  code?: string;
  decline_code?: string;
  param?: string;
  doc_url?: string;
  charge?: string;
  payment_intent?: Stripe.PaymentIntent;
  payment_method?: Stripe.PaymentMethod;
  setup_intent?: Stripe.SetupIntent;
  request_log_url?: string;
};

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
  ) {
    super(body.message);
  }
}

function invalid(message: string, extra: Partial<ErrorBody> = {}): ApiError {
  const body: ErrorBody = { type: "invalid_request_error", message, ...extra };
  if (body.code && !body.doc_url) body.doc_url = `https://stripe.com/docs/error-codes/${body.code}`;
  return new ApiError(400, body);
}

function missing(kind: string, id: string, param?: string): ApiError {
  return new ApiError(param ? 400 : 404, {
    type: "invalid_request_error",
    code: "resource_missing",
    doc_url: "https://stripe.com/docs/error-codes/resource-missing",
    message: `No such ${kind}: '${id}'`,
    ...(param ? { param } : {}),
  });
}

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
function randomText(length: number): string {
  const bytes = randomBytes(length);
  let text = "";
  for (const byte of bytes) text += ALPHABET[byte % ALPHABET.length];
  return text;
}
const newId = (prefix: string) => `${prefix}_${randomText(24)}`;
const now = () => Math.floor(Date.now() / 1000);
const copy = <T>(value: T): T => structuredClone(value);

/* ------------------------------------------------------------------------------------------ */
/* Parameters                                                                                   */
/* ------------------------------------------------------------------------------------------ */

/** Refuses any top-level parameter an endpoint does not take, as Stripe does. */
function allowOnly(params: FormObject, allowed: string[]): void {
  for (const key of Object.keys(params)) {
    if (key !== "expand" && !allowed.includes(key)) {
      throw invalid(`Received unknown parameter: ${key}`, { code: "parameter_unknown", param: key });
    }
  }
}

function text(params: FormObject, name: string, max = 5000): string | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (typeof value !== "string") throw invalid(`Invalid string: ${name}`, { param: name });
  if (value.length > max) throw invalid(`Invalid string: ${name} must be at most ${max} characters`, { param: name });
  return value;
}

function required(params: FormObject, name: string): string {
  const value = text(params, name);
  if (value === undefined || value === "") throw invalid(`Missing required param: ${name}.`, { code: "parameter_missing", param: name });
  return value;
}

function integer(params: FormObject, name: string): number | undefined {
  const value = text(params, name);
  if (value === undefined) return undefined;
  if (!/^-?[0-9]+$/.test(value)) throw invalid(`Invalid integer: ${value}`, { code: "parameter_invalid_integer", param: name });
  return Number(value);
}

function bool(params: FormObject, name: string): boolean | undefined {
  const value = text(params, name);
  if (value === undefined) return undefined;
  if (value !== "true" && value !== "false") throw invalid(`Invalid boolean: ${value}`, { param: name });
  return value === "true";
}

function hash(params: FormObject, name: string): FormObject | undefined {
  const value = params[name];
  if (value === undefined || value === "") return undefined;
  if (typeof value !== "object" || Array.isArray(value)) throw invalid(`Invalid hash: ${name}`, { param: name });
  return value;
}

/** Stripe's metadata rules: at most 50 keys of 40 characters, values of 500; an empty value unsets. */
function metadataOf(params: FormObject, previous: Stripe.Metadata = {}): Stripe.Metadata {
  const given = hash(params, "metadata");
  if (!given) return previous;
  const merged: Stripe.Metadata = { ...previous };
  for (const [key, value] of Object.entries(given)) {
    if (typeof value !== "string") throw invalid(`Invalid metadata value for ${key}`, { param: `metadata[${key}]` });
    if (key.length > 40) throw invalid(`Metadata keys can have up to 40 characters: ${key}`, { param: "metadata" });
    if (value.length > 500) throw invalid(`Metadata values can have up to 500 characters: ${key}`, { param: `metadata[${key}]` });
    if (value === "") delete merged[key];
    else merged[key] = value;
  }
  if (Object.keys(merged).length > 50) throw invalid("Metadata can have up to 50 keys.", { param: "metadata" });
  return merged;
}

function expandsOf(params: FormObject): string[] {
  const value = params.expand;
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.some((v) => typeof v !== "string")) throw invalid("Invalid array: expand", { param: "expand" });
  return value as string[];
}

/* ------------------------------------------------------------------------------------------ */
/* The server                                                                                    */
/* ------------------------------------------------------------------------------------------ */

type StoredPaymentMethod = {
  json: Stripe.PaymentMethod;
  card: TestCard;
  /** Used once without a customer, or detached: Stripe will not use it again. */
  consumed: boolean;
  /** Saved for off-session payments through a succeeded SetupIntent. */
  setUpOffSession: boolean;
};

type StoredIntent = { json: Stripe.PaymentIntent; offSession: boolean; indexedAt: number };
type StoredSetupIntent = { json: Stripe.SetupIntent };
type StoredIdempotent = { fingerprint: string; status: number; body: string };

export type StripeEventJson = {
  id: string;
  object: "event";
  api_version: string;
  created: number;
  data: { object: unknown; previous_attributes?: unknown };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
};

export type RecordedRequest = {
  method: string;
  path: string;
  apiKey: string;
  stripeVersion: string | null;
  idempotencyKey: string | null;
  params: FormObject;
  status: number;
  replayed: boolean;
};

export type StripeServer = {
  /** The base URL to give the SDK (STRIPE_API_BASE). */
  url: string;
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  stop(): Promise<void>;
  setLatency(ms: number): void;
  setSearchIndexDelay(ms: number): void;
  /** What Stripe.js's createPaymentMethod answers: a PaymentMethod made from a test card, by its `pm_card_…` id. */
  createPaymentMethod(testPaymentMethod: string): string;
  /** Answers a pending 3-D Secure as the shopper would in Stripe.js's dialog. */
  authenticate(intentId: string, outcome: "succeed" | "fail"): void;
  /** The next matching request is carried out but its answer never arrives (the connection is cut). */
  dropNextResponse(match: { method: string; path: string | RegExp }): void;
  /** Forgets every idempotency key, as Stripe does after 24 hours. */
  expireIdempotencyKeys(): void;
  paymentIntent(id: string): Stripe.PaymentIntent | null;
  paymentIntents(): Stripe.PaymentIntent[];
  refunds(): Stripe.Refund[];
  customers(): Stripe.Customer[];
  /** The events the account has recorded, oldest first (for webhook tests). */
  events(): StripeEventJson[];
  /** Every request answered, oldest first. */
  requests(): RecordedRequest[];
};

export async function startStripeServer(options: StripeServerOptions = {}): Promise<StripeServer> {
  const secretKey = options.secretKey ?? `sk_test_${randomText(24)}`;
  const publishableKey = options.publishableKey ?? `pk_test_${randomText(24)}`;
  const webhookSecret = options.webhookSecret ?? `whsec_${randomText(32)}`;
  let latencyMs = options.latencyMs ?? 0;
  let searchIndexDelayMs = options.searchIndexDelayMs ?? 0;

  const customers = new Map<string, Stripe.Customer | Stripe.DeletedCustomer>();
  const paymentMethods = new Map<string, StoredPaymentMethod>();
  const intents = new Map<string, StoredIntent>();
  const setupIntents = new Map<string, StoredSetupIntent>();
  const charges = new Map<string, Stripe.Charge>();
  const refunds = new Map<string, Stripe.Refund>();
  const idempotent = new Map<string, StoredIdempotent>();
  const inFlight = new Set<string>();
  const events: StripeEventJson[] = [];
  const requests: RecordedRequest[] = [];
  const drops: { method: string; path: string | RegExp }[] = [];
  /** Creation order, for lists (newest first) that `created` seconds cannot tell apart. */
  const order = new Map<string, number>();
  let sequence = 0;
  const remember = (id: string) => order.set(id, sequence++);

  let currentRequest: { id: string; idempotencyKey: string | null; apiVersion: string } = {
    id: "",
    idempotencyKey: null,
    apiVersion: LOCAL_STRIPE_API_VERSION,
  };

  function recordEvent(type: string, object: unknown): void {
    events.push({
      id: newId("evt"),
      object: "event",
      api_version: currentRequest.apiVersion,
      created: now(),
      data: { object: copy(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: currentRequest.id || null, idempotency_key: currentRequest.idempotencyKey },
      type,
    });
  }

  /* ---- payment methods ---- */

  function paymentMethodJson(card: TestCard, expiry = { month: 12, year: new Date().getFullYear() + 5 }): Stripe.PaymentMethod {
    return {
      id: newId("pm"),
      object: "payment_method",
      allow_redisplay: "unspecified",
      billing_details: {
        address: { city: null, country: null, line1: null, line2: null, postal_code: null, state: null },
        email: null,
        name: null,
        phone: null,
        tax_id: null,
      },
      card: {
        brand: card.brand,
        checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: "pass" },
        country: card.country,
        display_brand: card.displayBrand ?? card.brand,
        exp_month: expiry.month,
        exp_year: expiry.year,
        fingerprint: card.number.slice(-8).split("").reverse().join("") + "Fp",
        funding: card.funding,
        generated_from: null,
        last4: card.number.slice(-4),
        networks: { available: card.networks, preferred: null },
        regulated_status: "unregulated",
        three_d_secure_usage: { supported: true },
        wallet: null,
      },
      created: now(),
      customer: null,
      customer_account: null,
      livemode: false,
      metadata: {},
      type: "card",
    };
  }

  function makePaymentMethod(card: TestCard, expiry?: { month: number; year: number }): StoredPaymentMethod {
    const stored: StoredPaymentMethod = { json: paymentMethodJson(card, expiry), card, consumed: false, setUpOffSession: false };
    paymentMethods.set(stored.json.id, stored);
    remember(stored.json.id);
    return stored;
  }

  /** A payment method by id; a `pm_card_…` test id makes a new one, as at Stripe. */
  function resolvePaymentMethod(id: string, param?: string): StoredPaymentMethod {
    const test = TEST_PAYMENT_METHODS[id];
    if (test) return makePaymentMethod(test);
    const stored = paymentMethods.get(id);
    if (!stored) throw missing("PaymentMethod", id, param);
    return stored;
  }

  function liveCustomer(id: string, param?: string): Stripe.Customer {
    const customer = customers.get(id);
    if (!customer || customer.deleted) throw missing("customer", id, param);
    return customer;
  }

  /* ---- charges and intents ---- */

  type CardFailure = { code: string; decline_code?: string; message: string; param?: string };

  function failureOf(behaviour: CardBehaviour): CardFailure | null {
    switch (behaviour) {
      case "decline":
        return { code: "card_declined", decline_code: "generic_decline", message: "Your card was declined." };
      case "insufficient_funds":
        return { code: "card_declined", decline_code: "insufficient_funds", message: "Your card has insufficient funds." };
      case "expired_card":
        return { code: "expired_card", decline_code: "expired_card", message: "Your card has expired.", param: "exp_month" };
      case "incorrect_cvc":
        return { code: "incorrect_cvc", decline_code: "incorrect_cvc", message: "Your card's security code is incorrect.", param: "cvc" };
      case "processing_error":
        return {
          code: "processing_error",
          decline_code: "processing_error",
          message: "An error occurred while processing your card. Try again in a little bit.",
        };
      default:
        return null;
    }
  }

  function chargeJson(intent: Stripe.PaymentIntent, method: StoredPaymentMethod, failure: CardFailure | null): Stripe.Charge {
    const card = method.json.card!;
    const id = newId("ch");
    return {
      id,
      object: "charge",
      amount: intent.amount,
      amount_captured: failure ? 0 : intent.amount,
      amount_refunded: 0,
      application: null,
      application_fee: null,
      application_fee_amount: null,
      balance_transaction: failure ? null : newId("txn"),
      billing_details: method.json.billing_details,
      calculated_statement_descriptor: "AURORE",
      captured: !failure,
      created: now(),
      currency: intent.currency,
      customer: typeof intent.customer === "string" ? intent.customer : null,
      description: intent.description,
      disputed: false,
      failure_balance_transaction: null,
      failure_code: failure?.code ?? null,
      failure_message: failure?.message ?? null,
      fraud_details: {},
      livemode: false,
      metadata: {},
      on_behalf_of: null,
      outcome: failure
        ? {
            advice_code: null,
            network_advice_code: null,
            network_decline_code: null,
            network_status: "declined_by_network",
            reason: failure.decline_code ?? null,
            risk_level: "normal",
            seller_message: "The bank did not return any further details with this decline.",
            type: "issuer_declined",
          }
        : {
            advice_code: null,
            network_advice_code: null,
            network_decline_code: null,
            network_status: "approved_by_network",
            reason: null,
            risk_level: "normal",
            seller_message: "Payment complete.",
            type: "authorized",
          },
      paid: !failure,
      payment_intent: intent.id,
      payment_method: method.json.id,
      payment_method_details: {
        type: "card",
        card: {
          amount_authorized: failure ? null : intent.amount,
          authorization_code: failure ? null : "123456",
          brand: card.brand,
          checks: card.checks,
          country: card.country,
          electronic_commerce_indicator: null,
          exp_month: card.exp_month,
          exp_year: card.exp_year,
          fingerprint: card.fingerprint ?? null,
          installments: null,
          funding: card.funding,
          last4: card.last4,
          mandate: null,
          network: card.display_brand === "cartes_bancaires" ? "cartes_bancaires" : card.brand,
          network_token: { used: false },
          network_transaction_id: failure ? null : randomText(15),
          regulated_status: card.regulated_status,
          three_d_secure: null,
          transaction_link_id: null,
          wallet: null,
        },
      },
      receipt_email: null,
      receipt_number: null,
      receipt_url: null,
      refunded: false,
      refunds: { object: "list", data: [], has_more: false, url: `/v1/charges/${id}/refunds` },
      review: null,
      shipping: null,
      source: null,
      source_transfer: null,
      statement_descriptor: null,
      statement_descriptor_suffix: null,
      status: failure ? "failed" : "succeeded",
      transfer_data: null,
      transfer_group: null,
    };
  }

  function intentSnapshot(stored: StoredIntent): Stripe.PaymentIntent {
    return copy(stored.json);
  }

  /** The bank said no: a failed charge, the intent back to `requires_payment_method`, a 402. */
  function failIntent(stored: StoredIntent, method: StoredPaymentMethod, failure: CardFailure, respond: boolean): void {
    const intent = stored.json;
    const charge = chargeJson(intent, method, failure);
    charges.set(charge.id, charge);
    remember(charge.id);
    const error: Stripe.PaymentIntent.LastPaymentError = {
      type: "card_error",
      code: failure.code as Stripe.PaymentIntent.LastPaymentError.Code,
      ...(failure.decline_code ? { decline_code: failure.decline_code } : {}),
      doc_url: `https://stripe.com/docs/error-codes/${failure.code.replaceAll("_", "-")}`,
      message: failure.message,
      ...(failure.param ? { param: failure.param } : {}),
      charge: charge.id,
      payment_method: copy(method.json),
    };
    Object.assign(intent, {
      status: "requires_payment_method",
      last_payment_error: error,
      latest_charge: charge.id,
      next_action: null,
      payment_method: null,
    } satisfies Partial<Stripe.PaymentIntent>);
    recordEvent("charge.failed", charge);
    recordEvent("payment_intent.payment_failed", intent);
    if (respond) {
      throw new ApiError(402, {
        type: "card_error",
        code: failure.code,
        ...(failure.decline_code ? { decline_code: failure.decline_code } : {}),
        doc_url: error.doc_url,
        message: failure.message,
        ...(failure.param ? { param: failure.param } : {}),
        charge: charge.id,
        payment_intent: intentSnapshot(stored),
        payment_method: copy(method.json),
        request_log_url: `https://dashboard.stripe.com/test/logs/${currentRequest.id}`,
      });
    }
  }

  function succeedIntent(stored: StoredIntent, method: StoredPaymentMethod): void {
    const intent = stored.json;
    const charge = chargeJson(intent, method, null);
    charges.set(charge.id, charge);
    remember(charge.id);
    Object.assign(intent, {
      status: "succeeded",
      amount_received: intent.amount,
      last_payment_error: null,
      latest_charge: charge.id,
      next_action: null,
      payment_method: method.json.id,
    } satisfies Partial<Stripe.PaymentIntent>);
    // Used without a customer: Stripe will not let anyone use it again.
    if (!method.json.customer) method.consumed = true;
    recordEvent("charge.succeeded", charge);
    recordEvent("payment_intent.succeeded", intent);
  }

  function usableMethod(method: StoredPaymentMethod, customer: string | null): void {
    if (method.consumed) {
      throw invalid(
        `The provided PaymentMethod was previously used with a PaymentIntent without Customer attachment, shared with a connected account without Customer attachment, or was detached from a Customer. It may not be used again. To use a PaymentMethod multiple times, you must attach it to a Customer first.`,
        { param: "payment_method" },
      );
    }
    const owner = method.json.customer;
    if (owner && owner !== customer) {
      throw invalid(
        customer
          ? `The provided PaymentMethod belongs to a different Customer. Use the Customer the PaymentMethod is attached to.`
          : `The provided PaymentMethod is attached to a Customer: pass that Customer's id in \`customer\` to use it.`,
        { param: customer ? "payment_method" : "customer" },
      );
    }
  }

  /** Confirms with the intent's payment method: succeeded, requires_action, or a card error. */
  function confirmIntent(stored: StoredIntent, returnUrl: string | undefined): void {
    const intent = stored.json;
    const methodId = typeof intent.payment_method === "string" ? intent.payment_method : null;
    if (!methodId) {
      throw invalid("You cannot confirm this PaymentIntent because it's missing a payment method.", {
        code: "payment_intent_unexpected_state",
        param: "payment_method",
      });
    }
    const method = paymentMethods.get(methodId)!;
    const redirects = intent.automatic_payment_methods?.enabled && intent.automatic_payment_methods.allow_redirects !== "never";
    if (redirects && !returnUrl && !stored.offSession) {
      throw invalid(
        "This PaymentIntent is configured to accept payment methods enabled in your Dashboard, some of which may require a full page redirect to succeed. If you do not want to accept redirect-based payment methods, set `automatic_payment_methods[enabled]` to `true` and `automatic_payment_methods[allow_redirects]` to `never` when creating Setup Intents and Payment Intents.",
        { param: "return_url" },
      );
    }
    const behaviour = method.card.behaviour;
    const needsAuthentication =
      behaviour === "authenticate_always" ||
      behaviour === "authenticate_then_decline" ||
      (behaviour === "authenticate_unless_set_up" && !(stored.offSession && method.setUpOffSession));
    if (needsAuthentication && stored.offSession) {
      failIntent(
        stored,
        method,
        {
          code: "authentication_required",
          decline_code: "authentication_required",
          message: "Your card was declined. This transaction requires authentication.",
        },
        true,
      );
    }
    if (needsAuthentication) {
      Object.assign(intent, {
        status: "requires_action",
        next_action: {
          type: "use_stripe_sdk",
          use_stripe_sdk: { type: "three_d_secure_redirect", stripe_js: `/_test/intents/${intent.id}/authenticate`, source: newId("src") },
        },
      } satisfies Partial<Stripe.PaymentIntent>);
      recordEvent("payment_intent.requires_action", intent);
      return;
    }
    const failure = failureOf(behaviour);
    if (failure) failIntent(stored, method, failure, true);
    else succeedIntent(stored, method);
  }

  function createIntent(params: FormObject): Stripe.PaymentIntent {
    allowOnly(params, [
      "amount",
      "currency",
      "customer",
      "payment_method",
      "confirm",
      "off_session",
      "automatic_payment_methods",
      "description",
      "metadata",
      "return_url",
      "receipt_email",
      "statement_descriptor_suffix",
      "setup_future_usage",
    ]);
    const amount = integer(params, "amount");
    if (amount === undefined) throw invalid("Missing required param: amount.", { code: "parameter_missing", param: "amount" });
    const currency = required(params, "currency").toLowerCase();
    if (!/^[a-z]{3}$/.test(currency)) throw invalid(`Invalid currency: ${currency}.`, { param: "currency" });
    if (amount < 50) throw invalid("Amount must be at least €0.50 eur", { code: "amount_too_small", param: "amount" });
    if (amount > 99_999_999) throw invalid("Amount must be no more than €999,999.99", { code: "amount_too_large", param: "amount" });
    const customerId = text(params, "customer");
    if (customerId) liveCustomer(customerId, "customer");
    const confirm = bool(params, "confirm") ?? false;
    const offSessionText = text(params, "off_session");
    const offSession = offSessionText === "true" || offSessionText === "one_off" || offSessionText === "recurring";
    if (offSessionText !== undefined && !confirm) {
      throw invalid("You may only specify `off_session` when `confirm` is set to true.", { param: "off_session" });
    }
    const methodId = text(params, "payment_method");
    const method = methodId ? resolvePaymentMethod(methodId, "payment_method") : null;
    if (method) usableMethod(method, customerId ?? null);
    const automatic = hash(params, "automatic_payment_methods");
    const allowRedirects = automatic?.allow_redirects;
    if (allowRedirects !== undefined && allowRedirects !== "always" && allowRedirects !== "never") {
      throw invalid(`Invalid automatic_payment_methods[allow_redirects]: must be one of always or never`, {
        param: "automatic_payment_methods[allow_redirects]",
      });
    }
    const setupFutureUsage = text(params, "setup_future_usage");
    if (setupFutureUsage !== undefined && setupFutureUsage !== "on_session" && setupFutureUsage !== "off_session") {
      throw invalid("Invalid setup_future_usage", { param: "setup_future_usage" });
    }
    const id = newId("pi");
    const json: Stripe.PaymentIntent = {
      id,
      object: "payment_intent",
      allowed_payment_method_types: null,
      amount,
      amount_capturable: 0,
      amount_details: { tip: {} },
      amount_received: 0,
      application: null,
      application_fee_amount: null,
      automatic_payment_methods: {
        allow_redirects: allowRedirects === "never" ? "never" : "always",
        enabled: automatic?.enabled !== "false",
      },
      canceled_at: null,
      cancellation_reason: null,
      capture_method: "automatic",
      client_secret: `${id}_secret_${randomText(25)}`,
      confirmation_method: "automatic",
      created: now(),
      currency,
      customer: customerId ?? null,
      customer_account: null,
      description: text(params, "description", 1000) ?? null,
      excluded_payment_method_types: null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      managed_payments: null,
      metadata: metadataOf(params),
      next_action: null,
      on_behalf_of: null,
      payment_method: method?.json.id ?? null,
      payment_method_configuration_details: null,
      payment_method_options: {
        card: { installments: null, mandate_options: null, network: null, request_three_d_secure: "automatic" },
      },
      payment_method_types: ["card"],
      payment_record: null,
      processing: null,
      receipt_email: text(params, "receipt_email") ?? null,
      review: null,
      setup_future_usage: (setupFutureUsage as Stripe.PaymentIntent.SetupFutureUsage | undefined) ?? null,
      shipping: null,
      source: null,
      statement_descriptor: null,
      statement_descriptor_suffix: text(params, "statement_descriptor_suffix", 22) ?? null,
      status: method ? "requires_confirmation" : "requires_payment_method",
      transfer_data: null,
      transfer_group: null,
    };
    const stored: StoredIntent = { json, offSession, indexedAt: Date.now() + searchIndexDelayMs };
    intents.set(id, stored);
    remember(id);
    recordEvent("payment_intent.created", json);
    if (confirm) confirmIntent(stored, text(params, "return_url"));
    return intentSnapshot(stored);
  }

  function storedIntent(id: string): StoredIntent {
    const stored = intents.get(id);
    if (!stored) throw missing("payment_intent", id);
    return stored;
  }

  function unexpectedState(kind: "PaymentIntent" | "SetupIntent", action: string, status: string, allowed: string[]): ApiError {
    return invalid(
      `You cannot ${action} this ${kind} because it has a status of ${status}. Only a ${kind} with one of the following statuses may be ${action === "cancel" ? "canceled" : "confirmed"}: ${allowed.join(", ")}.`,
      { code: kind === "PaymentIntent" ? "payment_intent_unexpected_state" : "setup_intent_unexpected_state" },
    );
  }

  function confirmExistingIntent(id: string, params: FormObject): Stripe.PaymentIntent {
    allowOnly(params, ["payment_method", "off_session", "return_url"]);
    const stored = storedIntent(id);
    const allowed = ["requires_payment_method", "requires_confirmation", "requires_action"];
    if (!allowed.includes(stored.json.status)) throw unexpectedState("PaymentIntent", "confirm", stored.json.status, allowed);
    const methodId = text(params, "payment_method");
    if (methodId) {
      const method = resolvePaymentMethod(methodId, "payment_method");
      usableMethod(method, typeof stored.json.customer === "string" ? stored.json.customer : null);
      stored.json.payment_method = method.json.id;
    } else if (stored.json.status === "requires_payment_method" && stored.json.last_payment_error?.payment_method) {
      stored.json.payment_method = stored.json.last_payment_error.payment_method.id;
    }
    const offSession = text(params, "off_session");
    if (offSession !== undefined) stored.offSession = offSession !== "false";
    confirmIntent(stored, text(params, "return_url"));
    return intentSnapshot(stored);
  }

  function cancelIntent(id: string, params: FormObject): Stripe.PaymentIntent {
    allowOnly(params, ["cancellation_reason"]);
    const stored = storedIntent(id);
    const allowed = ["requires_payment_method", "requires_capture", "requires_confirmation", "requires_action", "processing"];
    if (!allowed.includes(stored.json.status) || stored.json.status === "processing") {
      throw unexpectedState("PaymentIntent", "cancel", stored.json.status, allowed);
    }
    const reason = text(params, "cancellation_reason");
    const reasons = ["abandoned", "duplicate", "fraudulent", "requested_by_customer"];
    if (reason !== undefined && !reasons.includes(reason))
      throw invalid(`Invalid cancellation_reason: ${reason}`, { param: "cancellation_reason" });
    Object.assign(stored.json, {
      status: "canceled",
      canceled_at: now(),
      cancellation_reason: (reason as Stripe.PaymentIntent.CancellationReason | undefined) ?? null,
      next_action: null,
    } satisfies Partial<Stripe.PaymentIntent>);
    recordEvent("payment_intent.canceled", stored.json);
    return intentSnapshot(stored);
  }

  /** What the 3-D Secure dialog does when the shopper passes or fails it. */
  function authenticateIntent(stored: StoredIntent, outcome: "succeed" | "fail"): void {
    if (stored.json.status !== "requires_action") {
      throw invalid(`This PaymentIntent has no pending authentication (status ${stored.json.status}).`, {
        code: "payment_intent_unexpected_state",
      });
    }
    const method = paymentMethods.get(stored.json.payment_method as string)!;
    if (outcome === "fail") {
      Object.assign(stored.json, {
        status: "requires_payment_method",
        next_action: null,
        payment_method: null,
        last_payment_error: {
          type: "invalid_request_error",
          code: "payment_intent_authentication_failure",
          doc_url: "https://stripe.com/docs/error-codes/payment-intent-authentication-failure",
          message:
            "The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this PaymentIntent again.",
          payment_method: copy(method.json),
        },
      } satisfies Partial<Stripe.PaymentIntent>);
      recordEvent("payment_intent.payment_failed", stored.json);
      return;
    }
    if (method.card.behaviour === "authenticate_then_decline") {
      failIntent(
        stored,
        method,
        { code: "card_declined", decline_code: "insufficient_funds", message: "Your card has insufficient funds." },
        false,
      );
    } else {
      succeedIntent(stored, method);
    }
  }

  /* ---- search ---- */

  /** Stripe's search query language, the part used here: `field:'value'` clauses joined by AND. */
  function matcherOf(query: string): (intent: Stripe.PaymentIntent) => boolean {
    const clauses = query.split(/\s+AND\s+/);
    const tests = clauses.map((clause) => {
      if (/\s+OR\s+/.test(clause)) throw invalid("This local server does not support OR in search queries.", { param: "query" });
      const match = /^\s*(metadata\[(?:'([^']*)'|"([^"]*)")\]|[a-z_]+):(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)")\s*$/.exec(clause);
      if (!match) throw invalid(`The query \`${query}\` is invalid: could not parse \`${clause}\`.`, { param: "query" });
      const value = (match[4] ?? match[5] ?? "").replace(/\\(.)/g, "$1");
      const metadataKey = match[2] ?? match[3];
      if (metadataKey !== undefined) return (intent: Stripe.PaymentIntent) => intent.metadata[metadataKey] === value;
      const field = match[1]!;
      if (!["status", "customer", "currency", "amount"].includes(field)) {
        throw invalid(`Field \`${field}\` is not a supported search field for payment_intents.`, { param: "query" });
      }
      return (intent: Stripe.PaymentIntent) => String((intent as unknown as Record<string, unknown>)[field] ?? "") === value;
    });
    return (intent) => tests.every((test) => test(intent));
  }

  function searchIntents(params: FormObject): Stripe.ApiSearchResult<Stripe.PaymentIntent> {
    allowOnly(params, ["query", "limit", "page"]);
    const query = required(params, "query");
    const limit = integer(params, "limit") ?? 10;
    if (limit < 1 || limit > 100) throw invalid("Invalid limit: must be between 1 and 100", { param: "limit" });
    const matches = matcherOf(query);
    const found = [...intents.values()]
      .filter((stored) => stored.indexedAt <= Date.now() && matches(stored.json))
      .sort((a, b) => order.get(b.json.id)! - order.get(a.json.id)!);
    const start = Number(text(params, "page") ?? "0") || 0;
    const page = found.slice(start, start + limit);
    const more = start + limit < found.length;
    return {
      object: "search_result",
      data: page.map((stored) => copy(stored.json)),
      has_more: more,
      next_page: more ? String(start + limit) : null,
      url: "/v1/payment_intents/search",
    };
  }

  /* ---- refunds ---- */

  function createRefund(params: FormObject): Stripe.Refund {
    allowOnly(params, ["payment_intent", "charge", "amount", "metadata", "reason"]);
    const intentId = text(params, "payment_intent");
    const chargeId = text(params, "charge");
    if (!intentId && !chargeId)
      throw invalid("One of the following params should be provided for this request: payment_intent or charge.", {
        code: "parameter_missing",
      });
    let charge: Stripe.Charge | undefined;
    if (intentId) {
      const stored = intents.get(intentId);
      if (!stored) throw missing("payment_intent", intentId, "payment_intent");
      if (stored.json.status !== "succeeded") {
        throw invalid(`This PaymentIntent (${intentId}) does not have a successful charge to refund.`, {
          code: "charge_not_refundable",
          param: "payment_intent",
        });
      }
      charge = charges.get(stored.json.latest_charge as string);
    } else {
      charge = charges.get(chargeId!);
      if (!charge) throw missing("charge", chargeId!, "charge");
    }
    if (!charge || charge.status !== "succeeded") throw invalid("This charge cannot be refunded.", { code: "charge_not_refundable" });
    const remaining = charge.amount_captured - charge.amount_refunded;
    const amount = integer(params, "amount") ?? remaining;
    if (amount <= 0) throw invalid("Invalid positive integer", { code: "parameter_invalid_integer", param: "amount" });
    if (remaining === 0) throw invalid(`Charge ${charge.id} has already been refunded.`, { code: "charge_already_refunded" });
    if (amount > remaining) {
      const euros = (cents: number) => `€${(cents / 100).toFixed(2)}`;
      throw invalid(`Refund amount (${euros(amount)}) is greater than unrefunded amount on charge (${euros(remaining)})`, {
        code: "amount_too_large",
        param: "amount",
      });
    }
    const reason = text(params, "reason");
    if (reason !== undefined && !["duplicate", "fraudulent", "requested_by_customer"].includes(reason)) {
      throw invalid(`Invalid reason: ${reason}`, { param: "reason" });
    }
    const refund: Stripe.Refund = {
      id: newId("re"),
      object: "refund",
      amount,
      balance_transaction: newId("txn"),
      charge: charge.id,
      created: now(),
      currency: charge.currency,
      customer: charge.customer,
      customer_account: null,
      destination_details: {
        card: { reference_status: "pending", reference_type: "acquirer_reference_number", type: "refund" },
        type: "card",
      },
      metadata: metadataOf(params),
      payment_intent: charge.payment_intent,
      payment_method: charge.payment_method,
      reason: (reason as Stripe.Refund.Reason | undefined) ?? null,
      receipt_number: null,
      source_transfer_reversal: null,
      status: "succeeded",
      transfer_reversal: null,
    };
    refunds.set(refund.id, refund);
    remember(refund.id);
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount_captured;
    charge.refunds?.data.unshift(copy(refund));
    recordEvent("refund.created", refund);
    recordEvent("charge.refunded", charge);
    return copy(refund);
  }

  /* ---- setup intents ---- */

  function setupIntentJson(customer: string | null, method: StoredPaymentMethod | null, params: FormObject): Stripe.SetupIntent {
    const id = newId("seti");
    const automatic = hash(params, "automatic_payment_methods");
    const usage = text(params, "usage") ?? "off_session";
    if (usage !== "off_session" && usage !== "on_session") throw invalid(`Invalid usage: ${usage}`, { param: "usage" });
    return {
      id,
      object: "setup_intent",
      allowed_payment_method_types: null,
      application: null,
      automatic_payment_methods: {
        allow_redirects: automatic?.allow_redirects === "never" ? "never" : "always",
        enabled: automatic?.enabled !== "false",
      },
      cancellation_reason: null,
      client_secret: `${id}_secret_${randomText(32)}`,
      created: now(),
      customer,
      description: text(params, "description", 1000) ?? null,
      excluded_payment_method_types: null,
      flow_directions: null,
      last_setup_error: null,
      latest_attempt: null,
      livemode: false,
      mandate: null,
      metadata: metadataOf(params),
      next_action: null,
      on_behalf_of: null,
      payment_method: method?.json.id ?? null,
      payment_method_configuration_details: null,
      payment_method_options: { card: { mandate_options: null, network: null, request_three_d_secure: "automatic" } },
      payment_method_types: ["card"],
      single_use_mandate: null,
      status: method ? "requires_confirmation" : "requires_payment_method",
      usage,
    };
  }

  function attach(method: StoredPaymentMethod, customerId: string): void {
    method.json.customer = customerId;
    recordEvent("payment_method.attached", method.json);
  }

  function succeedSetup(stored: StoredSetupIntent, method: StoredPaymentMethod): void {
    const customer = typeof stored.json.customer === "string" ? stored.json.customer : null;
    if (customer && method.json.customer !== customer) attach(method, customer);
    method.setUpOffSession = stored.json.usage === "off_session";
    Object.assign(stored.json, {
      status: "succeeded",
      next_action: null,
      last_setup_error: null,
      latest_attempt: newId("setatt"),
    } satisfies Partial<Stripe.SetupIntent>);
    recordEvent("setup_intent.succeeded", stored.json);
  }

  function confirmSetupIntent(stored: StoredSetupIntent, returnUrl: string | undefined): void {
    const methodId = typeof stored.json.payment_method === "string" ? stored.json.payment_method : null;
    if (!methodId)
      throw invalid("You cannot confirm this SetupIntent because it's missing a payment method.", {
        code: "setup_intent_unexpected_state",
      });
    const method = paymentMethods.get(methodId)!;
    const automatic = stored.json.automatic_payment_methods;
    if (automatic?.enabled && automatic.allow_redirects !== "never" && !returnUrl) {
      throw invalid(
        "This SetupIntent accepts payment methods that may require a full page redirect: pass `return_url`, or set `automatic_payment_methods[allow_redirects]` to `never`.",
        { param: "return_url" },
      );
    }
    const behaviour = method.card.behaviour;
    if (behaviour.startsWith("authenticate")) {
      Object.assign(stored.json, {
        status: "requires_action",
        next_action: {
          type: "use_stripe_sdk",
          use_stripe_sdk: { type: "three_d_secure_redirect", stripe_js: `/_test/intents/${stored.json.id}/authenticate` },
        },
      } satisfies Partial<Stripe.SetupIntent>);
      recordEvent("setup_intent.requires_action", stored.json);
      return;
    }
    const failure = failureOf(behaviour);
    if (!failure) {
      succeedSetup(stored, method);
      return;
    }
    const error: Stripe.SetupIntent.LastSetupError = {
      type: "card_error",
      code: failure.code as Stripe.SetupIntent.LastSetupError.Code,
      ...(failure.decline_code ? { decline_code: failure.decline_code } : {}),
      message: failure.message,
      payment_method: copy(method.json),
    };
    Object.assign(stored.json, {
      status: "requires_payment_method",
      last_setup_error: error,
      payment_method: null,
    } satisfies Partial<Stripe.SetupIntent>);
    recordEvent("setup_intent.setup_failed", stored.json);
    throw new ApiError(402, {
      type: "card_error",
      code: failure.code,
      ...(failure.decline_code ? { decline_code: failure.decline_code } : {}),
      message: failure.message,
      setup_intent: copy(stored.json),
      payment_method: copy(method.json),
    });
  }

  function createSetupIntent(params: FormObject): Stripe.SetupIntent {
    allowOnly(params, [
      "customer",
      "payment_method",
      "confirm",
      "usage",
      "automatic_payment_methods",
      "description",
      "metadata",
      "return_url",
    ]);
    const customerId = text(params, "customer") ?? null;
    if (customerId) liveCustomer(customerId, "customer");
    const methodId = text(params, "payment_method");
    const method = methodId ? resolvePaymentMethod(methodId, "payment_method") : null;
    if (method) usableMethod(method, customerId);
    const stored: StoredSetupIntent = { json: setupIntentJson(customerId, method, params) };
    setupIntents.set(stored.json.id, stored);
    remember(stored.json.id);
    recordEvent("setup_intent.created", stored.json);
    if (bool(params, "confirm")) confirmSetupIntent(stored, text(params, "return_url"));
    return copy(stored.json);
  }

  function storedSetupIntent(id: string): StoredSetupIntent {
    const stored = setupIntents.get(id);
    if (!stored) throw missing("setupintent", id);
    return stored;
  }

  function authenticateSetupIntent(stored: StoredSetupIntent, outcome: "succeed" | "fail"): void {
    if (stored.json.status !== "requires_action") {
      throw invalid(`This SetupIntent has no pending authentication (status ${stored.json.status}).`, {
        code: "setup_intent_unexpected_state",
      });
    }
    const method = paymentMethods.get(stored.json.payment_method as string)!;
    if (outcome === "succeed") {
      succeedSetup(stored, method);
      return;
    }
    Object.assign(stored.json, {
      status: "requires_payment_method",
      next_action: null,
      payment_method: null,
      last_setup_error: {
        type: "invalid_request_error",
        code: "setup_intent_authentication_failure",
        message: "The latest attempt to set up the payment method has failed because authentication failed.",
        payment_method: copy(method.json),
      },
    } satisfies Partial<Stripe.SetupIntent>);
    recordEvent("setup_intent.setup_failed", stored.json);
  }

  function authenticate(id: string, outcome: "succeed" | "fail"): void {
    const intent = intents.get(id);
    if (intent) return authenticateIntent(intent, outcome);
    const setup = setupIntents.get(id);
    if (setup) return authenticateSetupIntent(setup, outcome);
    throw missing("intent", id);
  }

  /* ---- customers ---- */

  function customerJson(params: FormObject): Stripe.Customer {
    allowOnly(params, ["email", "name", "description", "phone", "metadata"]);
    return {
      id: newId("cus"),
      object: "customer",
      address: null,
      balance: 0,
      created: now(),
      currency: null,
      default_source: null,
      delinquent: false,
      description: text(params, "description") ?? null,
      email: text(params, "email", 512) ?? null,
      invoice_prefix: randomText(8).toUpperCase(),
      invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
      livemode: false,
      metadata: metadataOf(params),
      name: text(params, "name") ?? null,
      next_invoice_sequence: 1,
      phone: text(params, "phone") ?? null,
      preferred_locales: [],
      shipping: null,
      tax_exempt: "none",
      test_clock: null,
    };
  }

  function updateCustomer(id: string, params: FormObject): Stripe.Customer {
    allowOnly(params, ["email", "name", "description", "phone", "metadata"]);
    const customer = liveCustomer(id);
    for (const field of ["email", "name", "description", "phone"] as const) {
      const value = text(params, field);
      if (value !== undefined) customer[field] = value === "" ? null : value;
    }
    customer.metadata = metadataOf(params, customer.metadata);
    recordEvent("customer.updated", customer);
    return copy(customer);
  }

  /* ---- lists and expansion ---- */

  function listOf<T extends { id: string }>(items: T[], params: FormObject, url: string): Stripe.ApiList<T> {
    const limit = integer(params, "limit") ?? 10;
    if (limit < 1 || limit > 100) throw invalid("Invalid limit: must be between 1 and 100", { param: "limit" });
    const sorted = [...items].sort((a, b) => order.get(b.id)! - order.get(a.id)!);
    const after = text(params, "starting_after");
    let start = 0;
    if (after) {
      const index = sorted.findIndex((item) => item.id === after);
      if (index < 0) throw missing("object", after, "starting_after");
      start = index + 1;
    }
    const page = sorted.slice(start, start + limit);
    return { object: "list", data: page.map(copy), has_more: start + limit < sorted.length, url };
  }

  function lookup(id: string): unknown {
    const prefix = id.slice(0, id.indexOf("_"));
    switch (prefix) {
      case "cus":
        return customers.get(id);
      case "pm":
        return paymentMethods.get(id)?.json;
      case "pi":
        return intents.get(id)?.json;
      case "ch":
        return charges.get(id);
      case "re":
        return refunds.get(id);
      case "seti":
        return setupIntents.get(id)?.json;
      default:
        return undefined;
    }
  }

  /** Replaces the ids at the `expand` paths (`customer`, `data.latest_charge`) by their objects. */
  function expanded<T>(json: T, paths: string[]): T {
    const result = copy(json) as unknown;
    for (const path of paths) {
      const walk = (node: unknown, segments: string[]): void => {
        if (!node || typeof node !== "object") return;
        const record = node as Record<string, unknown>;
        const [head, ...rest] = segments;
        if (head === undefined) return;
        if (head === "data" && Array.isArray(record.data)) {
          for (const item of record.data) walk(item, rest);
          return;
        }
        if (!(head in record)) throw invalid(`This property cannot be expanded (${head}).`, { param: "expand" });
        const value = record[head];
        if (rest.length > 0) return walk(value, rest);
        if (typeof value === "string") {
          const found = lookup(value);
          if (found === undefined) throw invalid(`This property cannot be expanded (${head}).`, { param: "expand" });
          record[head] = copy(found);
        } else if (value !== null && typeof value !== "object") {
          throw invalid(`This property cannot be expanded (${head}).`, { param: "expand" });
        }
      };
      walk(result, path.split("."));
    }
    return result as T;
  }

  /* ---- routes ---- */

  type Route = {
    method: "GET" | "POST" | "DELETE";
    pattern: RegExp;
    /** Publishable keys may call it (what Stripe.js does in the browser). */
    publishable?: boolean;
    handle: (params: FormObject, match: RegExpExecArray, context: { publishable: boolean }) => unknown;
  };

  /** Stripe.js confirms an intent with the publishable key and the intent's client secret. */
  function checkClientSecret(context: { publishable: boolean }, params: FormObject, clientSecret: string | null): void {
    if (!context.publishable) return;
    if (text(params, "client_secret") !== clientSecret) {
      throw invalid("The client_secret provided does not match any associated PaymentIntent or SetupIntent on this account.", {
        param: "client_secret",
      });
    }
  }

  const routes: Route[] = [
    {
      method: "POST",
      pattern: /^\/v1\/customers$/,
      handle: (p) => {
        const customer = customerJson(p);
        customers.set(customer.id, customer);
        remember(customer.id);
        recordEvent("customer.created", customer);
        return copy(customer);
      },
    },
    {
      method: "GET",
      pattern: /^\/v1\/customers$/,
      handle: (p) => {
        allowOnly(p, ["email", "limit", "starting_after"]);
        const email = text(p, "email");
        const live = [...customers.values()].filter((c): c is Stripe.Customer => !c.deleted && (email === undefined || c.email === email));
        return listOf(live, p, "/v1/customers");
      },
    },
    {
      method: "GET",
      pattern: /^\/v1\/customers\/([^/]+)$/,
      handle: (p, m) => {
        allowOnly(p, []);
        const customer = customers.get(m[1]!);
        if (!customer) throw missing("customer", m[1]!);
        return copy(customer);
      },
    },
    { method: "POST", pattern: /^\/v1\/customers\/([^/]+)$/, handle: (p, m) => updateCustomer(m[1]!, p) },
    {
      method: "DELETE",
      pattern: /^\/v1\/customers\/([^/]+)$/,
      handle: (p, m) => {
        allowOnly(p, []);
        liveCustomer(m[1]!);
        const deleted: Stripe.DeletedCustomer = { id: m[1]!, object: "customer", deleted: true };
        customers.set(m[1]!, deleted);
        for (const method of paymentMethods.values()) if (method.json.customer === m[1]) method.json.customer = null;
        recordEvent("customer.deleted", deleted);
        return deleted;
      },
    },
    {
      method: "GET",
      pattern: /^\/v1\/customers\/([^/]+)\/payment_methods$/,
      handle: (p, m) => {
        allowOnly(p, ["type", "limit", "starting_after"]);
        liveCustomer(m[1]!);
        const type = text(p, "type");
        const owned = [...paymentMethods.values()]
          .map((s) => s.json)
          .filter((pm) => pm.customer === m[1] && (type === undefined || pm.type === type));
        return listOf(owned, p, `/v1/customers/${m[1]}/payment_methods`);
      },
    },
    {
      method: "POST",
      pattern: /^\/v1\/payment_methods$/,
      publishable: true,
      handle: (p) => {
        allowOnly(p, ["type", "card", "billing_details", "metadata"]);
        if (required(p, "type") !== "card") throw invalid("This local server makes card PaymentMethods only.", { param: "type" });
        const card = hash(p, "card");
        if (!card || typeof card.number !== "string" || card.number === "") {
          throw invalid("Missing required param: card[number].", { code: "parameter_missing", param: "card[number]" });
        }
        const test = testCardOfNumber(card.number);
        if (!test)
          throw new ApiError(402, {
            type: "card_error",
            code: "incorrect_number",
            message: "Your card number is incorrect.",
            param: "number",
          });
        const month = Number(card.exp_month);
        const year = Number(card.exp_year);
        if (!Number.isInteger(month) || month < 1 || month > 12) {
          throw new ApiError(402, {
            type: "card_error",
            code: "invalid_expiry_month",
            message: "Your card's expiration month is invalid.",
            param: "exp_month",
          });
        }
        if (!Number.isInteger(year) || year < 2000) {
          throw new ApiError(402, {
            type: "card_error",
            code: "invalid_expiry_year",
            message: "Your card's expiration year is invalid.",
            param: "exp_year",
          });
        }
        const stored = makePaymentMethod(test, { month, year: year < 100 ? 2000 + year : year });
        stored.json.metadata = metadataOf(p);
        return copy(stored.json);
      },
    },
    {
      method: "GET",
      pattern: /^\/v1\/payment_methods\/([^/]+)$/,
      handle: (p, m) => {
        allowOnly(p, []);
        return expanded(copy(resolvePaymentMethod(m[1]!).json), expandsOf(p));
      },
    },
    {
      method: "POST",
      pattern: /^\/v1\/payment_methods\/([^/]+)\/attach$/,
      handle: (p, m) => {
        allowOnly(p, ["customer"]);
        const customerId = required(p, "customer");
        liveCustomer(customerId, "customer");
        const method = resolvePaymentMethod(m[1]!);
        if (method.consumed) usableMethod(method, customerId);
        if (method.json.customer && method.json.customer !== customerId) {
          throw invalid("The payment method you provided has already been attached to a customer.", { code: "resource_already_exists" });
        }
        if (method.json.customer !== customerId) attach(method, customerId);
        return expanded(copy(method.json), expandsOf(p));
      },
    },
    {
      method: "POST",
      pattern: /^\/v1\/payment_methods\/([^/]+)\/detach$/,
      handle: (p, m) => {
        allowOnly(p, []);
        const method = paymentMethods.get(m[1]!);
        if (!method) throw missing("PaymentMethod", m[1]!);
        if (!method.json.customer) {
          throw invalid("The payment method you provided is not attached to a customer so detachment is impossible.", {
            code: "payment_method_unexpected_state",
          });
        }
        method.json.customer = null;
        method.consumed = true;
        method.setUpOffSession = false;
        recordEvent("payment_method.detached", method.json);
        return copy(method.json);
      },
    },
    { method: "POST", pattern: /^\/v1\/payment_intents$/, handle: (p) => expanded(createIntent(p), expandsOf(p)) },
    { method: "GET", pattern: /^\/v1\/payment_intents\/search$/, handle: (p) => expanded(searchIntents(p), expandsOf(p)) },
    {
      method: "GET",
      pattern: /^\/v1\/payment_intents\/([^/]+)$/,
      handle: (p, m) => {
        allowOnly(p, ["client_secret"]);
        return expanded(intentSnapshot(storedIntent(m[1]!)), expandsOf(p));
      },
    },
    {
      method: "POST",
      pattern: /^\/v1\/payment_intents\/([^/]+)\/confirm$/,
      publishable: true,
      handle: (p, m, context) => {
        checkClientSecret(context, p, storedIntent(m[1]!).json.client_secret);
        const { client_secret: _secret, ...rest } = p;
        return expanded(confirmExistingIntent(m[1]!, rest), expandsOf(p));
      },
    },
    {
      method: "POST",
      pattern: /^\/v1\/payment_intents\/([^/]+)\/cancel$/,
      handle: (p, m) => expanded(cancelIntent(m[1]!, p), expandsOf(p)),
    },
    { method: "POST", pattern: /^\/v1\/setup_intents$/, handle: (p) => expanded(createSetupIntent(p), expandsOf(p)) },
    {
      method: "GET",
      pattern: /^\/v1\/setup_intents\/([^/]+)$/,
      handle: (p, m) => {
        allowOnly(p, ["client_secret"]);
        return expanded(copy(storedSetupIntent(m[1]!).json), expandsOf(p));
      },
    },
    {
      method: "POST",
      pattern: /^\/v1\/setup_intents\/([^/]+)\/confirm$/,
      publishable: true,
      handle: (p, m, context) => {
        allowOnly(p, ["payment_method", "return_url", "client_secret"]);
        const stored = storedSetupIntent(m[1]!);
        checkClientSecret(context, p, stored.json.client_secret);
        const allowed = ["requires_payment_method", "requires_confirmation", "requires_action"];
        if (!allowed.includes(stored.json.status)) throw unexpectedState("SetupIntent", "confirm", stored.json.status, allowed);
        const methodId = text(p, "payment_method");
        if (methodId) {
          const method = resolvePaymentMethod(methodId, "payment_method");
          usableMethod(method, typeof stored.json.customer === "string" ? stored.json.customer : null);
          stored.json.payment_method = method.json.id;
        }
        confirmSetupIntent(stored, text(p, "return_url"));
        return expanded(copy(stored.json), expandsOf(p));
      },
    },
    {
      method: "POST",
      pattern: /^\/v1\/setup_intents\/([^/]+)\/cancel$/,
      handle: (p, m) => {
        allowOnly(p, ["cancellation_reason"]);
        const stored = storedSetupIntent(m[1]!);
        const allowed = ["requires_payment_method", "requires_confirmation", "requires_action"];
        if (!allowed.includes(stored.json.status)) throw unexpectedState("SetupIntent", "cancel", stored.json.status, allowed);
        Object.assign(stored.json, {
          status: "canceled",
          next_action: null,
          cancellation_reason: (text(p, "cancellation_reason") as Stripe.SetupIntent.CancellationReason | undefined) ?? null,
        } satisfies Partial<Stripe.SetupIntent>);
        recordEvent("setup_intent.canceled", stored.json);
        return copy(stored.json);
      },
    },
    { method: "POST", pattern: /^\/v1\/refunds$/, handle: (p) => expanded(createRefund(p), expandsOf(p)) },
    {
      method: "GET",
      pattern: /^\/v1\/refunds$/,
      handle: (p) => {
        allowOnly(p, ["payment_intent", "charge", "limit", "starting_after"]);
        const intentId = text(p, "payment_intent");
        const chargeId = text(p, "charge");
        const matching = [...refunds.values()].filter(
          (r) => (!intentId || r.payment_intent === intentId) && (!chargeId || r.charge === chargeId),
        );
        return expanded(listOf(matching, p, "/v1/refunds"), expandsOf(p));
      },
    },
    {
      method: "GET",
      pattern: /^\/v1\/refunds\/([^/]+)$/,
      handle: (p, m) => {
        allowOnly(p, []);
        const refund = refunds.get(m[1]!);
        if (!refund) throw missing("refund", m[1]!);
        return expanded(copy(refund), expandsOf(p));
      },
    },
    {
      method: "POST",
      pattern: /^\/_test\/intents\/([^/]+)\/authenticate$/,
      publishable: true,
      handle: (p, m) => {
        allowOnly(p, ["outcome"]);
        const outcome = required(p, "outcome");
        if (outcome !== "succeed" && outcome !== "fail") throw invalid("outcome must be succeed or fail", { param: "outcome" });
        authenticate(m[1]!, outcome);
        return copy(lookup(m[1]!));
      },
    },
  ];

  /* ---- HTTP ---- */

  function send(res: ServerResponse, status: number, body: string, headers: Record<string, string>): void {
    res.writeHead(status, { "Content-Type": "application/json", "Content-Length": String(Buffer.byteLength(body)), ...headers });
    res.end(body);
  }

  function errorBody(error: ApiError): string {
    return JSON.stringify({ error: error.body }, null, 2);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));
    const url = new URL(req.url ?? "/", "http://localhost");
    const method = req.method ?? "GET";
    const requestId = newId("req");
    const stripeVersion = typeof req.headers["stripe-version"] === "string" ? req.headers["stripe-version"] : null;
    const idempotencyKey = method === "POST" && typeof req.headers["idempotency-key"] === "string" ? req.headers["idempotency-key"] : null;
    const headers: Record<string, string> = { "Request-Id": requestId, "Stripe-Version": stripeVersion ?? LOCAL_STRIPE_API_VERSION };
    if (idempotencyKey) headers["Idempotency-Key"] = idempotencyKey;
    const record: RecordedRequest = {
      method,
      path: url.pathname,
      apiKey: "",
      stripeVersion,
      idempotencyKey,
      params: {},
      status: 0,
      replayed: false,
    };
    requests.push(record);
    const answer = (status: number, body: string, extra: Record<string, string> = {}) => {
      record.status = status;
      const dropAt = drops.findIndex(
        (d) => d.method === method && (typeof d.path === "string" ? d.path === url.pathname : d.path.test(url.pathname)),
      );
      if (dropAt >= 0) {
        drops.splice(dropAt, 1);
        req.socket.destroy();
        return;
      }
      send(res, status, body, { ...headers, ...extra });
    };

    const authorization = req.headers.authorization ?? "";
    const apiKey = /^Bearer (.+)$/.exec(authorization)?.[1] ?? "";
    record.apiKey = apiKey;
    if (!apiKey) {
      return answer(
        401,
        errorBody(
          invalid(
            "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
          ),
        ),
      );
    }
    if (/^(sk|rk|pk)_live_/.test(apiKey)) {
      return answer(401, errorBody(invalid("This local Stripe server is in test mode: live keys are refused.")));
    }
    if (apiKey !== secretKey && apiKey !== publishableKey) {
      return answer(
        401,
        errorBody(
          invalid(`Invalid API Key provided: ${apiKey.slice(0, 8)}${"*".repeat(Math.max(0, apiKey.length - 12))}${apiKey.slice(-4)}`),
        ),
      );
    }
    if (stripeVersion !== null && !/^\d{4}-\d{2}-\d{2}(\.[a-z]+)?$/.test(stripeVersion)) {
      return answer(400, errorBody(invalid(`Invalid Stripe API version: ${stripeVersion}`, { param: "Stripe-Version" })));
    }

    let params: FormObject;
    try {
      const encoded = method === "GET" || method === "DELETE" ? url.search.slice(1) : Buffer.concat(chunks).toString("utf8");
      params = decodeForm(encoded);
    } catch (error) {
      if (error instanceof FormEncodingError) return answer(400, errorBody(invalid(error.message)));
      throw error;
    }
    record.params = params;

    const candidates = routes.filter((route) => route.pattern.test(url.pathname));
    const route = candidates.find((candidate) => candidate.method === method);
    if (!route) {
      return answer(
        404,
        errorBody(
          invalid(
            `Unrecognized request URL (${method}: ${url.pathname}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
          ),
        ),
      );
    }
    if (apiKey === publishableKey && !route.publishable) {
      return answer(
        401,
        errorBody(
          invalid(
            "This API call cannot be made with a publishable API key. Please use a secret API key. You can find a list of your API keys at https://dashboard.stripe.com/account/apikeys.",
          ),
        ),
      );
    }

    // Idempotency (https://docs.stripe.com/api/idempotent_requests), per API key.
    const scope = idempotencyKey ? `${apiKey}\u0000${idempotencyKey}` : null;
    const fingerprint = `${method} ${url.pathname} ${fingerprintOf(params as FormValue)}`;
    if (scope) {
      const earlier = idempotent.get(scope);
      if (earlier) {
        if (earlier.fingerprint !== fingerprint) {
          return answer(
            400,
            errorBody(
              new ApiError(400, {
                type: "idempotency_error",
                message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
              }),
            ),
          );
        }
        record.replayed = true;
        return answer(earlier.status, earlier.body, { "Idempotent-Replayed": "true", "Original-Request": requestId });
      }
      if (inFlight.has(scope)) {
        return answer(
          409,
          errorBody(
            new ApiError(409, {
              type: "invalid_request_error",
              code: "idempotency_key_in_use",
              message: `There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through): ${idempotencyKey}. Please try again later.`,
            }),
          ),
        );
      }
      inFlight.add(scope);
    }

    currentRequest = { id: requestId, idempotencyKey, apiVersion: stripeVersion ?? LOCAL_STRIPE_API_VERSION };
    let status = 200;
    let body: string;
    try {
      const match = route.pattern.exec(url.pathname)!;
      body = JSON.stringify(route.handle(params, match, { publishable: apiKey === publishableKey }), null, 2);
    } catch (error) {
      if (!(error instanceof ApiError)) {
        status = 500;
        body = errorBody(
          new ApiError(500, {
            type: "api_error",
            message: `Local Stripe server error: ${error instanceof Error ? error.message : String(error)}`,
          }),
        );
      } else {
        status = error.status;
        body = errorBody(error);
      }
    } finally {
      if (scope) inFlight.delete(scope);
    }
    // Stripe keeps the answer of a request that ran (a success or a card error), not of one refused before it ran.
    if (scope && (status < 300 || status === 402)) idempotent.set(scope, { fingerprint, status, body });
    return answer(status, body);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) send(res, 500, JSON.stringify({ error: { type: "api_error", message: String(error) } }), {});
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    publishableKey,
    webhookSecret,
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
    setLatency: (ms) => {
      latencyMs = ms;
    },
    setSearchIndexDelay: (ms) => {
      searchIndexDelayMs = ms;
    },
    createPaymentMethod: (testPaymentMethod) => {
      const card = TEST_PAYMENT_METHODS[testPaymentMethod];
      if (!card) throw new Error(`unknown test payment method ${testPaymentMethod}`);
      return makePaymentMethod(card).json.id;
    },
    authenticate,
    dropNextResponse: (match) => {
      drops.push(match);
    },
    expireIdempotencyKeys: () => {
      idempotent.clear();
    },
    paymentIntent: (id) => (intents.has(id) ? copy(intents.get(id)!.json) : null),
    paymentIntents: () => [...intents.values()].map((stored) => copy(stored.json)),
    refunds: () => [...refunds.values()].map(copy),
    customers: () => [...customers.values()].filter((c): c is Stripe.Customer => !c.deleted).map(copy),
    events: () => events.map(copy),
    requests: () => requests.map(copy),
  };
}
