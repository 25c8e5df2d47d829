import { describe, expect, it } from "vitest";
import type { SavedAddressView } from "~/domain/addresses/address.schema";
import { TEST_CARD_APPROVED } from "~/domain/checkout/checkout.schema";
import type { CheckoutQuote } from "~/domain/checkout/checkout-quote.types";
import * as CHECKOUT_MESSAGES from "~/domain/messages/checkout";
import type { OrderView } from "~/domain/orders/order.types";
import type { PaymentMethodView } from "~/domain/payment-methods/payment-method.schema";
import {
  ADDRESS_INVALID_MESSAGE,
  BUSINESS_INVALID_MESSAGE,
  CONTACT_INVALID_MESSAGE,
  ORDER_FAILED_MESSAGE,
  STOCK_HINT,
  businessInvoiceOf,
  canSubmitOrder,
  checkPayment,
  checkShipping,
  checkoutReducer,
  initialCheckoutState,
  readOrderAnswer,
  type CheckoutEvent,
  type CheckoutState,
  type PaymentCheck,
} from "./checkout-machine";

const CONTACT = { email: "lea@example.fr", name: "Léa Moreau", phone: "06 12 34 56 78" };
const CARD = { holder: "Léa Moreau", number: TEST_CARD_APPROVED, expiry: "12/39", cvc: "123" };
const ADDRESS = {
  id: "00000000-0000-4000-8000-0000000000a1",
  label: "Maison",
  first_name: "Léa",
  last_name: "Moreau",
  company: "",
  address_line_1: "12 rue des Lilas",
  address_line_2: "",
  city: "Lyon",
  state: "",
  postal_code: "69003",
  country: "France",
  phone: "04 72 00 00 00",
  type: "shipping",
  is_default: true,
  created_at: "2026-11-01T10:00:00.000Z",
  updated_at: "2026-11-01T10:00:00.000Z",
} as SavedAddressView;
const ORDER = { id: "00000000-0000-4000-8000-0000000000b1", number: "AUR-2026-000123", total_cents: 5490 } as OrderView;
const LINES = [{ product_id: "00000000-0000-4000-8000-0000000000c1", quantity: 2 }];
const SAVED_VISA = {
  id: "00000000-0000-4000-8000-0000000000d1",
  brand: "visa",
  last4: "4242",
  expiry: "12/39",
  holder: "Léa Moreau",
  is_default: true,
  expired: false,
  usable: true,
  created_at: "2026-11-01T10:00:00.000Z",
} as PaymentMethodView;

function quoteOf(overrides: Partial<CheckoutQuote> = {}): CheckoutQuote {
  return {
    lines: [],
    problems: [],
    stock_problems: [],
    subtotal_cents: 5000,
    shipping: { zone: "metropole", zoneLabel: "France métropolitaine", feeCents: 490, method: "standard", freeThresholdCents: 6000 },
    delivery_options: [],
    delivery_method: "standard",
    delivery: null,
    relay_point: null,
    delivery_error: null,
    shipping_notices: [],
    points_balance: 0,
    max_redeemable_points: 0,
    points_to_use: 0,
    discount_cents: 0,
    promo: null,
    promo_error: null,
    promo_discount_cents: 0,
    total_cents: 5490,
    needs_address: true,
    card_cents: 5490,
    gift_card_lines: [],
    gift_card_lines_cents: 0,
    has_physical_gift_card: false,
    gift_card_payments: [],
    gift_card_refusals: [],
    gift_card_cents: 0,
    ...overrides,
  } as CheckoutQuote;
}

const READY: PaymentCheck = { kind: "ready", body: '{"order":1}', cardCents: 5490, lastFour: "4242" };

function run(state: CheckoutState, ...events: CheckoutEvent[]): CheckoutState {
  return events.reduce(checkoutReducer, state);
}

const start = () => initialCheckoutState({ contact: CONTACT, paymentChoice: "new" });
const atPayment = () =>
  run(start(), { type: "addressSelected", address: ADDRESS }, { type: "continueChecked", check: { kind: "ready", contact: CONTACT } });
const placing = () => run(atPayment(), { type: "orderSubmitted", check: READY, freshKey: "key-1" });
const challenged = () => run(placing(), { type: "orderAnswered", outcome: { kind: "authenticate", authenticationId: "auth-1" } });

describe("the shipping step", () => {
  it("starts on Livraison with the account's contact and nothing pending", () => {
    const state = start();
    expect(state.step).toBe("shipping");
    expect(state.form.contact).toEqual(CONTACT);
    expect(state.submission).toEqual({ status: "idle" });
    expect(state.attempt).toEqual({ key: null, body: null });
    expect(canSubmitOrder(state)).toBe(false);
  });

  it("goes to Paiement with the contact as the check parsed it when the check is ready", () => {
    const parsed = { ...CONTACT, email: "lea.moreau@example.fr" };
    const state = run(start(), { type: "continueChecked", check: { kind: "ready", contact: parsed } });
    expect(state.step).toBe("payment");
    expect(state.form.contact).toEqual(parsed);
    expect(state.error).toBeNull();
    expect(canSubmitOrder(state)).toBe(true);
  });

  it("stays on Livraison with the field messages when the contact is invalid", () => {
    const state = run(start(), { type: "continueChecked", check: { kind: "contactInvalid", errors: { email: "E-mail requis" } } });
    expect(state.step).toBe("shipping");
    expect(state.contactErrors).toEqual({ email: "E-mail requis" });
    expect(state.error).toEqual({ message: CONTACT_INVALID_MESSAGE });
  });

  it("stays on Livraison without an address, with an incomplete one or a delivery refused", () => {
    expect(run(start(), { type: "continueChecked", check: { kind: "addressMissing" } }).error).toEqual({
      message: ADDRESS_INVALID_MESSAGE,
    });
    const incomplete = run(start(), {
      type: "continueChecked",
      check: { kind: "addressIncomplete", message: "Champs manquants dans l'adresse: ville" },
    });
    expect(incomplete).toMatchObject({ step: "shipping", error: { message: "Champs manquants dans l'adresse: ville" } });
    const refused = run(start(), { type: "continueChecked", check: { kind: "deliveryRefused", message: "Choisissez un point relais" } });
    expect(refused).toMatchObject({ step: "shipping", error: { message: "Choisissez un point relais" } });
  });

  it("waits for the fresh quote when 'Continuer' is pressed while it is stale, then decides on it", () => {
    const waiting = run(start(), { type: "continueChecked", check: { kind: "quotePending" } });
    expect(waiting.step).toBe("shipping");
    expect(waiting.continueRequested).toBe(true);
    // The fresh quote refuses the delivery: the request is settled, the step stays.
    const refused = run(waiting, {
      type: "continueChecked",
      check: { kind: "deliveryRefused", message: "Livraison express indisponible" },
    });
    expect(refused).toMatchObject({ step: "shipping", continueRequested: false, error: { message: "Livraison express indisponible" } });
    // The fresh quote is fine: on to the payment step.
    const ready = run(waiting, { type: "continueChecked", check: { kind: "ready", contact: CONTACT } });
    expect(ready).toMatchObject({ step: "payment", continueRequested: false, error: null });
  });

  it("keeps waiting while the shopper edits, and ignores a continue decided once past the shipping step", () => {
    const waiting = run(start(), { type: "continueChecked", check: { kind: "quotePending" } });
    expect(run(waiting, { type: "contactEdited", field: "phone", value: "0611223344" }).continueRequested).toBe(true);
    const payment = atPayment();
    expect(run(payment, { type: "continueChecked", check: { kind: "addressMissing" } })).toBe(payment);
  });

  it("clears a field's message and the refusal when the field is edited", () => {
    const invalid = run(start(), {
      type: "continueChecked",
      check: { kind: "contactInvalid", errors: { email: "E-mail requis", phone: "Téléphone requis" } },
    });
    const edited = run(invalid, { type: "contactEdited", field: "email", value: "lea@example.com" });
    expect(edited.form.contact.email).toBe("lea@example.com");
    expect(edited.contactErrors).toEqual({ phone: "Téléphone requis" });
    expect(edited.error).toBeNull();
  });

  it("takes the address's phone when the contact has none, and forgets the relay point of the address before", () => {
    const relay = { id: "relay-1" } as NonNullable<CheckoutState["form"]["relayPoint"]>;
    const before = run(
      initialCheckoutState({ contact: { ...CONTACT, phone: " " }, paymentChoice: "new" }),
      { type: "deliveryMethodChosen", method: "relay" },
      { type: "relayPointChosen", point: relay },
    );
    expect(before.form.relayPoint).toBe(relay);
    const after = run(before, { type: "addressSelected", address: ADDRESS });
    expect(after.form.contact.phone).toBe(ADDRESS.phone);
    expect(after.form.relayPoint).toBeNull();
    expect(after.form.deliveryMethod).toBe("relay");
    // A phone typed is kept.
    expect(run(start(), { type: "addressSelected", address: ADDRESS }).form.contact.phone).toBe(CONTACT.phone);
  });
});

describe("the quote's offer", () => {
  it("falls back to the standard method when the new address is not offered the one chosen", () => {
    const express = run(start(), { type: "deliveryMethodChosen", method: "express" });
    const state = run(express, { type: "quoteReceived", deliveryMethods: ["standard", "relay"], maxRedeemablePoints: 0 });
    expect(state.form.deliveryMethod).toBe("standard");
  });

  it("brings the points back to what the balance and the merchandise allow", () => {
    const chosen = run(start(), { type: "pointsChosen", points: 500 });
    expect(run(chosen, { type: "quoteReceived", deliveryMethods: [], maxRedeemablePoints: 300 }).form.points).toBe(300);
  });

  it("returns the same state when the quote changes nothing (no render)", () => {
    const state = run(start(), { type: "pointsChosen", points: 100 });
    expect(run(state, { type: "quoteReceived", deliveryMethods: ["standard"], maxRedeemablePoints: 300 })).toBe(state);
    // No options yet (no address): the method chosen stays.
    const express = run(start(), { type: "deliveryMethodChosen", method: "express" });
    expect(run(express, { type: "quoteReceived", deliveryMethods: [], maxRedeemablePoints: 0 })).toBe(express);
  });

  it("asks the quote again when a promo code is applied, even the same one", () => {
    const once = run(start(), { type: "promoCodeApplied", code: "BIENVENUE" });
    const twice = run(once, { type: "promoCodeApplied", code: "BIENVENUE" });
    expect(once.form.promoCode).toBe("BIENVENUE");
    expect(twice.quoteRefresh).toBe(once.quoteRefresh + 1);
    expect(run(twice, { type: "promoCodeRemoved" }).form.promoCode).toBeNull();
  });
});

describe("the payment step", () => {
  it("goes back to Livraison and clears the refusal", () => {
    const blocked = run(atPayment(), {
      type: "orderSubmitted",
      check: { kind: "blocked", error: { message: "Stock insuffisant" } },
      freshKey: "k",
    });
    const back = run(blocked, { type: "backToShipping" });
    expect(back.step).toBe("shipping");
    expect(back.error).toBeNull();
  });

  it("refuses to go back while the order is being placed or authenticated", () => {
    expect(run(placing(), { type: "backToShipping" }).step).toBe("payment");
    expect(run(challenged(), { type: "backToShipping" }).step).toBe("payment");
  });

  it("shows the card's, the CVC's or the quote's refusal and sends nothing", () => {
    const card = run(atPayment(), {
      type: "orderSubmitted",
      check: { kind: "cardInvalid", errors: { number: "Numéro de carte invalide" } },
      freshKey: "k",
    });
    expect(card.cardErrors).toEqual({ number: "Numéro de carte invalide" });
    expect(card.submission.status).toBe("idle");
    const cvc = run(atPayment(), { type: "orderSubmitted", check: { kind: "cvcInvalid", error: "Cryptogramme invalide" }, freshKey: "k" });
    expect(cvc.savedCvcError).toBe("Cryptogramme invalide");
    expect(cvc.attempt.key).toBeNull();
    const quote = run(atPayment(), {
      type: "orderSubmitted",
      check: { kind: "blocked", error: { message: "Stock insuffisant", hint: STOCK_HINT } },
      freshKey: "k",
    });
    expect(quote.error).toEqual({ message: "Stock insuffisant", hint: STOCK_HINT });
    expect(quote.submission.status).toBe("idle");
  });

  it("clears a card field's message, the CVC's message and the refusal as they are edited", () => {
    const invalid = run(atPayment(), {
      type: "orderSubmitted",
      check: { kind: "cardInvalid", errors: { number: "Numéro de carte invalide", cvc: "Cryptogramme invalide" } },
      freshKey: "k",
    });
    expect(run(invalid, { type: "cardEdited", field: "number", value: "4242" }).cardErrors).toEqual({ cvc: "Cryptogramme invalide" });
    const cvc = run(atPayment(), { type: "orderSubmitted", check: { kind: "cvcInvalid", error: "Cryptogramme requis" }, freshKey: "k" });
    expect(run(cvc, { type: "savedCvcEdited", value: "1" }).savedCvcError).toBeUndefined();
    expect(run(cvc, { type: "paymentChosen", choice: "new" })).toMatchObject({ savedCvcError: undefined, form: { paymentChoice: "new" } });
  });

  it("places the order under a new key when the check is ready", () => {
    const state = placing();
    expect(state.submission).toEqual({
      status: "placing",
      request: { key: "key-1", body: '{"order":1}', cardCents: 5490, lastFour: "4242" },
    });
    expect(state.attempt).toEqual({ key: "key-1", body: null });
    expect(canSubmitOrder(state)).toBe(false);
  });

  it("refuses a second submit while the first is on its way (a double click orders once)", () => {
    const state = placing();
    expect(run(state, { type: "orderSubmitted", check: READY, freshKey: "key-2" })).toBe(state);
  });

  it("shows the confirmation when the order is placed", () => {
    const state = run(placing(), { type: "orderAnswered", outcome: { kind: "placed", order: ORDER } });
    expect(state).toMatchObject({ step: "confirmation", order: ORDER, submission: { status: "idle" }, attempt: { key: null, body: null } });
  });

  it("shows a declined card's refusal, asks a fresh quote, and makes the next attempt a new one", () => {
    const refused = run(placing(), {
      type: "orderAnswered",
      outcome: readOrderAnswer(402, { error: { code: "card_declined", message: "Paiement refusé par votre banque." } }, true),
    });
    expect(refused.step).toBe("payment");
    expect(refused.submission).toEqual({ status: "idle" });
    expect(refused.error).toEqual({ message: "Paiement refusé par votre banque.", hint: undefined, problem: null });
    expect(refused.attempt).toEqual({ key: null, body: null });
    expect(refused.quoteRefresh).toBe(placing().quoteRefresh + 1);
    const retried = run(refused, { type: "orderSubmitted", check: READY, freshKey: "key-2" });
    expect(retried.submission).toMatchObject({ status: "placing", request: { key: "key-2" } });
  });

  it("words a stock refusal with its hint and the problem's data", () => {
    const state = run(placing(), {
      type: "orderAnswered",
      outcome: {
        kind: "refused",
        status: 409,
        code: "insufficient_stock",
        message: "Stock insuffisant",
        details: { stock_problem: { code: "insufficient", name: "Sérum éclat", available: 1 } },
      },
    });
    expect(state.error).toEqual({
      message: "Stock insuffisant",
      hint: STOCK_HINT,
      problem: { code: "insufficient", name: "Sérum éclat", available: 1 },
    });
  });

  it("keeps the key after a network failure, so the retry cannot order twice", () => {
    const failed = run(placing(), { type: "orderNetworkFailed" });
    expect(failed.submission).toEqual({ status: "idle" });
    expect(failed.error).toEqual({ message: ORDER_FAILED_MESSAGE, hint: CHECKOUT_MESSAGES.checkConnectionTryAgain });
    expect(failed.attempt.key).toBe("key-1");
    const retried = run(failed, { type: "orderSubmitted", check: { ...READY, body: '{"order":2}' }, freshKey: "key-2" });
    expect(retried.submission).toMatchObject({ status: "placing", request: { key: "key-1", body: '{"order":2}' } });
  });

  it("ignores answers nobody waits for", () => {
    const payment = atPayment();
    expect(run(payment, { type: "orderAnswered", outcome: { kind: "placed", order: ORDER } })).toBe(payment);
    expect(run(payment, { type: "orderNetworkFailed" })).toBe(payment);
    expect(run(payment, { type: "authenticationAnswered", result: "succeeded" })).toBe(payment);
    expect(run(payment, { type: "authenticationDismissed" })).toBe(payment);
  });
});

describe("3-D Secure", () => {
  it("opens the dialog with the amount and the card when the bank asks to authenticate", () => {
    const state = challenged();
    expect(state.submission).toEqual({
      status: "authenticating",
      challenge: { authenticationId: "auth-1", amountCents: 5490, lastFour: "4242" },
      answer: null,
      error: null,
    });
    expect(state.attempt).toEqual({ key: "key-1", body: '{"order":1}' });
    expect(canSubmitOrder(state)).toBe(false);
    expect(run(state, { type: "orderSubmitted", check: READY, freshKey: "key-2" })).toBe(state);
  });

  it("keeps the attempt's key when the order was saved but not read back, so a retry answers that order", () => {
    const state = run(placing(), {
      type: "orderAnswered",
      outcome: { kind: "refused", status: 503, code: "order_saved_unconfirmed", message: "Votre commande est enregistrée…" },
    });
    expect(state).toMatchObject({
      submission: { status: "idle" },
      attempt: { key: "key-1" },
      error: { message: "Votre commande est enregistrée…" },
    });
    expect(run(state, { type: "orderSubmitted", check: READY, freshKey: "key-2" }).submission).toMatchObject({ request: { key: "key-1" } });
  });

  it("keeps Stripe's client secret with the challenge, for Stripe.js to show the bank's own dialog", () => {
    const state = run(placing(), {
      type: "orderAnswered",
      outcome: { kind: "authenticate", authenticationId: "pi_1", clientSecret: "pi_1_secret_2" },
    });
    expect(state.submission).toMatchObject({
      status: "authenticating",
      challenge: { authenticationId: "pi_1", clientSecret: "pi_1_secret_2" },
    });
  });

  it("sends one answer at a time", () => {
    const answering = run(challenged(), { type: "authenticationAnswered", result: "succeeded" });
    expect(answering.submission).toMatchObject({ status: "authenticating", answer: "succeeded", error: null });
    expect(run(answering, { type: "authenticationAnswered", result: "failed" })).toBe(answering);
    // The dialog cannot be closed while the answer is on its way.
    expect(run(answering, { type: "authenticationDismissed" })).toBe(answering);
  });

  it("shows the confirmation when the authentication succeeds", () => {
    const state = run(
      challenged(),
      { type: "authenticationAnswered", result: "succeeded" },
      { type: "orderAnswered", outcome: readOrderAnswer(201, { data: ORDER }, false) },
    );
    expect(state).toMatchObject({ step: "confirmation", order: ORDER, submission: { status: "idle" }, attempt: { key: null, body: null } });
  });

  it("closes the dialog on the refusal when the authentication fails", () => {
    const state = run(
      challenged(),
      { type: "authenticationAnswered", result: "failed" },
      {
        type: "orderAnswered",
        outcome: readOrderAnswer(402, { error: { code: "authentication_failed", message: "Authentification refusée." } }, false),
      },
    );
    expect(state).toMatchObject({ step: "payment", submission: { status: "idle" }, attempt: { key: null, body: null } });
    expect(state.error?.message).toBe("Authentification refusée.");
  });

  it("keeps the dialog open with a message when the answer could not be sent", () => {
    const state = run(challenged(), { type: "authenticationAnswered", result: "succeeded" }, { type: "authenticationNetworkFailed" });
    expect(state.submission).toMatchObject({
      status: "authenticating",
      answer: null,
      error: CHECKOUT_MESSAGES.somethingWentWrongCheckConnection,
    });
    // The same answer can be sent again.
    expect(run(state, { type: "authenticationAnswered", result: "succeeded" }).submission).toMatchObject({
      answer: "succeeded",
      error: null,
    });
  });

  it("never asks again from the challenge's own answer", () => {
    const answering = run(challenged(), { type: "authenticationAnswered", result: "succeeded" });
    expect(run(answering, { type: "orderAnswered", outcome: { kind: "authenticate", authenticationId: "auth-2" } })).toBe(answering);
  });

  it("waits when the dialog is closed unanswered; the same request resumes under the same key", () => {
    const waiting = run(challenged(), { type: "authenticationDismissed" });
    expect(waiting.submission).toEqual({ status: "waiting" });
    expect(canSubmitOrder(waiting)).toBe(true);
    // A refusal shown by a check keeps the payment waiting.
    expect(
      run(waiting, { type: "orderSubmitted", check: { kind: "cvcInvalid", error: "Cryptogramme requis" }, freshKey: "k" }).submission,
    ).toEqual({
      status: "waiting",
    });
    const resumed = run(waiting, { type: "orderSubmitted", check: READY, freshKey: "key-2" });
    expect(resumed.submission).toMatchObject({ status: "placing", request: { key: "key-1" } });
    expect(resumed.attempt).toEqual({ key: "key-1", body: null });
  });

  it("makes a changed request a new attempt after the dialog was closed", () => {
    const waiting = run(challenged(), { type: "authenticationDismissed" });
    const changed = run(waiting, {
      type: "orderSubmitted",
      check: { ...READY, body: '{"order":1,"points_to_use":100}' },
      freshKey: "key-2",
    });
    expect(changed.submission).toMatchObject({ status: "placing", request: { key: "key-2" } });
  });

  it("keeps the waiting payment when the shopper goes back to Livraison and returns", () => {
    const waiting = run(challenged(), { type: "authenticationDismissed" });
    const back = run(waiting, { type: "backToShipping" });
    expect(back.step).toBe("shipping");
    const again = run(back, { type: "continueChecked", check: { kind: "ready", contact: CONTACT } });
    expect(again.submission).toEqual({ status: "waiting" });
    expect(again.attempt).toEqual({ key: "key-1", body: '{"order":1}' });
  });
});

describe("checkShipping", () => {
  const form = { ...start().form, address: ADDRESS };
  const input = { form, needsAddress: true, quoteStale: false, deliveryError: null };

  it("checks the contact, then the address, then waits for a stale quote, then its delivery", () => {
    expect(checkShipping({ ...input, form: { ...form, contact: { ...CONTACT, email: "" } } })).toMatchObject({
      kind: "contactInvalid",
      errors: { email: expect.any(String) },
    });
    expect(checkShipping({ ...input, form: { ...form, address: null } })).toEqual({ kind: "addressMissing" });
    expect(checkShipping({ ...input, form: { ...form, address: { ...ADDRESS, city: " " } } })).toEqual({
      kind: "addressIncomplete",
      message: "Champs manquants dans l'adresse: ville",
    });
    expect(checkShipping({ ...input, quoteStale: true, deliveryError: "Indisponible" })).toEqual({ kind: "quotePending" });
    expect(checkShipping({ ...input, deliveryError: "Indisponible" })).toEqual({ kind: "deliveryRefused", message: "Indisponible" });
  });

  it("is ready with the contact trimmed; no address needed for e-mail gift cards alone", () => {
    const check = checkShipping({
      ...input,
      form: { ...form, address: null, contact: { ...CONTACT, name: "  Léa Moreau " } },
      needsAddress: false,
    });
    expect(check).toEqual({ kind: "ready", contact: { ...CONTACT, name: "Léa Moreau" } });
  });
});

describe("checkPayment", () => {
  const form = { ...start().form, address: ADDRESS, card: CARD };
  const input = {
    form,
    quote: quoteOf(),
    needsAddress: true,
    savedCards: [] as PaymentMethodView[],
    lines: LINES,
    giftCards: [],
    instalments: 1 as const,
  };

  it("builds the body of a new card, with the last four digits for the dialog", () => {
    const check = checkPayment(input);
    expect(check).toMatchObject({ kind: "ready", cardCents: 5490, lastFour: "4242" });
    if (check.kind !== "ready") return;
    expect(JSON.parse(check.body)).toEqual({
      address_id: ADDRESS.id,
      contact: CONTACT,
      card: CARD,
      save_card: false,
      instalments: 1,
      points_to_use: 0,
      lines: LINES,
      gift_cards: [],
      gift_card_codes: [],
      delivery_method: "standard",
    });
  });

  it("sends a saved card's id and CVC, and refuses a missing CVC", () => {
    const saved = { ...input, savedCards: [SAVED_VISA], form: { ...form, paymentChoice: SAVED_VISA.id, savedCvc: " 321 " } };
    const check = checkPayment(saved);
    expect(check).toMatchObject({ kind: "ready", lastFour: "4242" });
    if (check.kind === "ready")
      expect(JSON.parse(check.body)).toMatchObject({ payment_method_id: SAVED_VISA.id, cvc: "321", save_card: false });
    expect(checkPayment({ ...saved, form: { ...saved.form, savedCvc: "" } })).toMatchObject({ kind: "cvcInvalid" });
  });

  it("refuses an invalid card", () => {
    expect(checkPayment({ ...input, form: { ...form, card: { ...CARD, number: "4242 4242 4242 4241" } } })).toMatchObject({
      kind: "cardInvalid",
      errors: { number: expect.any(String) },
    });
  });

  it("needs no card when gift cards pay it all", () => {
    const check = checkPayment({ ...input, quote: quoteOf({ card_cents: 0 }), form: { ...form, card: { ...CARD, number: "" } } });
    expect(check).toMatchObject({ kind: "ready", cardCents: 0 });
    if (check.kind === "ready") expect(JSON.parse(check.body)).not.toHaveProperty("card");
  });

  it("blocks on the quote's problems, with the stock hint", () => {
    const problem = { code: "sold_out", name: "Sérum éclat" } as const;
    expect(checkPayment({ ...input, quote: quoteOf({ problems: ["Sérum éclat est épuisé"], stock_problems: [problem] }) })).toEqual({
      kind: "blocked",
      error: { message: "Sérum éclat est épuisé", hint: STOCK_HINT, problem },
    });
    expect(checkPayment({ ...input, quote: null })).toMatchObject({ kind: "blocked", error: { message: ADDRESS_INVALID_MESSAGE } });
  });

  it("with Stripe's form: sends the PaymentMethod it made (never the fields), a saved card without CVC, and waits for a card", () => {
    const stripe = { kind: "provider" as const, method: { id: "pm_1Abc", lastFour: "1001" } };
    const check = checkPayment({ ...input, form: { ...form, card: { ...CARD, number: "" } }, cardForm: stripe });
    expect(check).toMatchObject({ kind: "ready", lastFour: "1001" });
    if (check.kind === "ready") {
      const sent = JSON.parse(check.body);
      expect(sent).toMatchObject({ provider_payment_method: "pm_1Abc", save_card: false, instalments: 1 });
      expect(sent).not.toHaveProperty("card");
    }
    const saved = checkPayment({
      ...input,
      savedCards: [SAVED_VISA],
      form: { ...form, paymentChoice: SAVED_VISA.id, savedCvc: "" },
      cardForm: { kind: "provider", method: null },
    });
    expect(saved.kind).toBe("ready");
    if (saved.kind === "ready") {
      expect(JSON.parse(saved.body)).toMatchObject({ payment_method_id: SAVED_VISA.id });
      expect(JSON.parse(saved.body)).not.toHaveProperty("cvc");
    }
    expect(checkPayment({ ...input, cardForm: { kind: "provider", method: null } })).toEqual({
      kind: "blocked",
      error: { message: CHECKOUT_MESSAGES.paymentFormIncomplete },
    });
  });

  it("sends the promo code only when the quote applied it, and the relay point with the relay method", () => {
    const relayForm = {
      ...form,
      promoCode: "BIENVENUE",
      deliveryMethod: "relay" as const,
      relayPoint: { id: "relay-1" } as CheckoutState["form"]["relayPoint"],
    };
    const refused = checkPayment({ ...input, form: relayForm });
    if (refused.kind === "ready") expect(JSON.parse(refused.body)).not.toHaveProperty("promo_code");
    const applied = checkPayment({ ...input, form: relayForm, quote: quoteOf({ promo: { code: "BIENVENUE" } as CheckoutQuote["promo"] }) });
    expect(applied.kind).toBe("ready");
    if (applied.kind === "ready") expect(JSON.parse(applied.body)).toMatchObject({ promo_code: "BIENVENUE", relay_point_id: "relay-1" });
  });
});

describe("readOrderAnswer", () => {
  it("reads a placed order, a 3-D Secure request and a refusal", () => {
    expect(readOrderAnswer(201, { data: ORDER }, true)).toEqual({ kind: "placed", order: ORDER });
    const authenticate = { next_action: { type: "authenticate", authentication_id: "auth-1" } };
    expect(readOrderAnswer(402, authenticate, true)).toEqual({ kind: "authenticate", authenticationId: "auth-1" });
    expect(readOrderAnswer(402, authenticate, false)).toMatchObject({ kind: "refused", status: 402, message: ORDER_FAILED_MESSAGE });
    const withSecret = { next_action: { type: "authenticate", authentication_id: "pi_1", client_secret: "pi_1_secret_2" } };
    expect(readOrderAnswer(402, withSecret, true)).toEqual({
      kind: "authenticate",
      authenticationId: "pi_1",
      clientSecret: "pi_1_secret_2",
    });
    expect(readOrderAnswer(500, null, true)).toEqual({
      kind: "refused",
      status: 500,
      code: "",
      message: ORDER_FAILED_MESSAGE,
      details: undefined,
    });
  });
});

describe("the business invoice", () => {
  const SAVED = { company_name: "Parfums Lumière SAS", siren: "732829320", siret: "73282932000074", vat_number: "FR44732829320" };
  const BELGIAN = { company_name: "Beauté Bruxelles SRL", company_number: "", vat_number: "BE 0403.019.261" };
  const withBusiness = (values: typeof BELGIAN) =>
    run(
      start(),
      { type: "businessInvoiceToggled", requested: true },
      ...Object.entries(values).map(([field, value]) => ({
        type: "businessInvoiceEdited" as const,
        field: field as keyof typeof BELGIAN,
        value,
      })),
    );

  it("is not asked for by default, and ticked with the account's saved details", () => {
    expect(start().form.business).toEqual({
      requested: false,
      values: { company_name: "", company_number: "", vat_number: "" },
      billingAddressId: null,
    });
    const prefilled = initialCheckoutState({ contact: CONTACT, paymentChoice: "new", business: SAVED });
    expect(prefilled.form.business).toEqual({
      requested: true,
      values: { company_name: "Parfums Lumière SAS", company_number: "73282932000074", vat_number: "FR44732829320" },
      billingAddressId: null,
    });
    expect(businessInvoiceOf(prefilled.form.business)).toEqual(SAVED);
  });

  it("keeps the shopper on Livraison with each field's French message, cleared as the field is typed", () => {
    const form = {
      ...withBusiness({ company_name: "Atelier", company_number: "552 100 555", vat_number: "DE136695977" }).form,
      address: ADDRESS,
    };
    const check = checkShipping({ form, needsAddress: true, quoteStale: false, deliveryError: null });
    expect(check).toEqual({
      kind: "businessInvalid",
      errors: { company_number: CHECKOUT_MESSAGES.sirenInvalid, vat_number: CHECKOUT_MESSAGES.vatNumberInvalidKey },
    });
    const state = run(start(), { type: "continueChecked", check });
    expect(state).toMatchObject({ step: "shipping", error: { message: BUSINESS_INVALID_MESSAGE } });
    expect(state.businessErrors.vat_number).toBe(CHECKOUT_MESSAGES.vatNumberInvalidKey);
    const edited = run(state, { type: "businessInvoiceEdited", field: "vat_number", value: "DE136695976" });
    expect(edited.businessErrors).toEqual({ company_number: CHECKOUT_MESSAGES.sirenInvalid });
    // Unticking the box drops the company's messages: the order no longer needs them.
    expect(run(state, { type: "businessInvoiceToggled", requested: false }).businessErrors).toEqual({});
  });

  it("is quoted and ordered only once valid, normalised", () => {
    const typing = withBusiness({ ...BELGIAN, vat_number: "BE 0403" });
    expect(businessInvoiceOf(typing.form.business)).toBeNull();
    const done = withBusiness(BELGIAN);
    const buyer = { company_name: "Beauté Bruxelles SRL", siren: null, siret: null, vat_number: "BE0403019261" };
    expect(businessInvoiceOf(done.form.business)).toEqual(buyer);
    expect(businessInvoiceOf({ ...done.form.business, requested: false })).toBeNull();

    const input = {
      quote: quoteOf(),
      needsAddress: true,
      savedCards: [] as PaymentMethodView[],
      lines: LINES,
      giftCards: [],
      instalments: 1 as const,
    };
    const ordered = checkPayment({ ...input, form: { ...done.form, address: ADDRESS, card: CARD } });
    expect(ordered.kind).toBe("ready");
    if (ordered.kind === "ready") expect(JSON.parse(ordered.body).business_invoice).toEqual(buyer);
    const unticked = checkPayment({
      ...input,
      form: { ...done.form, business: { ...done.form.business, requested: false }, address: ADDRESS, card: CARD },
    });
    expect(unticked.kind).toBe("ready");
    if (unticked.kind === "ready") expect(JSON.parse(unticked.body)).not.toHaveProperty("business_invoice");
    expect(checkPayment({ ...input, form: { ...typing.form, address: ADDRESS, card: CARD } })).toEqual({
      kind: "blocked",
      error: { message: BUSINESS_INVALID_MESSAGE },
    });
  });

  describe("the billing address", () => {
    const SEAT = {
      ...ADDRESS,
      id: "00000000-0000-4000-8000-0000000000a2",
      label: "Siège",
      address_line_1: "8 rue de la Paix",
      city: "Paris",
      postal_code: "75002",
    };
    const input = {
      quote: quoteOf(),
      needsAddress: true,
      savedCards: [] as PaymentMethodView[],
      lines: LINES,
      giftCards: [],
      instalments: 1 as const,
    };
    const bodyOf = (state: CheckoutState) => {
      const check = checkPayment({ ...input, form: { ...state.form, address: ADDRESS, card: CARD } });
      if (check.kind !== "ready") throw new Error(`not ready: ${check.kind}`);
      return JSON.parse(check.body) as Record<string, unknown>;
    };

    it("bills the delivery address unless another saved address is chosen", () => {
      const business = withBusiness(BELGIAN);
      expect(bodyOf(business)).not.toHaveProperty("billing_address_id");
      const seat = run(business, { type: "billingAddressChosen", addressId: SEAT.id });
      expect(seat.form.business.billingAddressId).toBe(SEAT.id);
      expect(bodyOf(seat)).toMatchObject({ address_id: ADDRESS.id, billing_address_id: SEAT.id });
      // "Identique à l'adresse de livraison" again.
      expect(bodyOf(run(seat, { type: "billingAddressChosen", addressId: null }))).not.toHaveProperty("billing_address_id");
    });

    it("is sent only with a business invoice", () => {
      const chosen = run(withBusiness(BELGIAN), { type: "billingAddressChosen", addressId: SEAT.id });
      const unticked = run(chosen, { type: "businessInvoiceToggled", requested: false });
      const body = bodyOf(unticked);
      expect(body).not.toHaveProperty("billing_address_id");
      expect(body).not.toHaveProperty("business_invoice");
      // Ticked again, the choice is still there.
      expect(bodyOf(run(unticked, { type: "businessInvoiceToggled", requested: true }))).toMatchObject({ billing_address_id: SEAT.id });
    });

    it("brings a refusal of the address back to Livraison, under its select, until another is chosen", () => {
      const chosen = run(withBusiness(BELGIAN), { type: "billingAddressChosen", addressId: SEAT.id });
      const paying = run(
        { ...chosen, form: { ...chosen.form, address: ADDRESS, card: CARD } },
        { type: "continueChecked", check: { kind: "ready", contact: CONTACT } },
        { type: "orderSubmitted", check: READY, freshKey: "key-1" },
      );
      expect(paying.submission.status).toBe("placing");
      const refused = run(paying, {
        type: "orderAnswered",
        outcome: {
          kind: "refused",
          status: 400,
          code: "invalid_billing_address",
          // Checked as a delivery address is, the server may word it so.
          message: CHECKOUT_MESSAGES.selectValidDeliveryAddress,
          details: { field: "billing_address_id" },
        },
      });
      expect(refused).toMatchObject({
        step: "shipping",
        error: null,
        submission: { status: "idle" },
        attempt: { key: null, body: null },
        businessErrors: { billing_address_id: CHECKOUT_MESSAGES.selectValidBillingAddress },
        quoteRefresh: paying.quoteRefresh + 1,
      });
      // A validation refusal naming the field is shown there too.
      const invalid = run(paying, {
        type: "orderAnswered",
        outcome: {
          kind: "refused",
          status: 400,
          code: "validation_error",
          message: "x",
          details: [{ field: "billing_address_id", message: "x" }],
        },
      });
      expect(invalid).toMatchObject({ step: "shipping", businessErrors: { billing_address_id: "x" } });
      // Any other refusal stays on Paiement, in its box.
      const other = run(paying, {
        type: "orderAnswered",
        outcome: { kind: "refused", status: 402, code: "card_declined", message: "Carte refusée" },
      });
      expect(other).toMatchObject({ step: "payment", error: { message: "Carte refusée" }, businessErrors: {} });
      const fixed = run(refused, { type: "billingAddressChosen", addressId: null });
      expect(fixed.businessErrors).toEqual({});
      expect(fixed.form.business.billingAddressId).toBeNull();
    });
  });
});
