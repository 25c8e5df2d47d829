/**
 * The checkout as an explicit state machine: one `CheckoutState`, the `CheckoutEvent`s that move
 * it, and a pure `checkoutReducer` (no React, no DOM, no network), so every transition is a unit
 * test away. The component holds the effects (quote fetcher, order and 3-D Secure requests, focus,
 * debug log) and dispatches what happened.
 *
 * Decisions that need the form, the quote and the cart together (may the shopper go to the
 * payment step? what does the order button send?) are pure checks too: `checkShipping` and
 * `checkPayment`. The component runs them (it logs and moves focus by their outcome) and hands
 * the outcome to the reducer, which alone changes the state.
 *
 *   shipping --continue(ready)--> payment --submit(ready)--> placing --placed--> confirmation
 *      ^  continue(quotePending): waits for the fresh quote, then decides on it
 *      '---------- back ----------'   placing --authenticate--> authenticating --answer--> ...
 *                                     authenticating --dismissed--> waiting --submit--> placing
 *                                     placing | authenticating --refused--> payment (error shown)
 */
import { missingAddressFields, type SavedAddressView } from "~/domain/addresses/address.schema";
import { CardSchema, ContactInfoSchema, cardDigits, type PlaceOrderBody } from "~/domain/checkout/checkout.schema";
import type { CheckoutQuote } from "~/domain/checkout/checkout-quote.types";
import { GiftOptionsSchema, hasGiftOptions, NO_GIFT_OPTIONS, type GiftOptions } from "~/domain/checkout/gift-options";
import { stockProblemOfDetails, type StockProblem } from "~/domain/checkout/stock-problem";
import type { DeliveryMethodCode } from "~/domain/delivery/delivery-methods";
import type { RelayPoint } from "~/domain/delivery/relay-points";
import * as CHECKOUT_MESSAGES from "~/domain/messages/checkout";
import type { OrderView } from "~/domain/orders/order.types";
import {
  BusinessInvoiceSchema,
  EMPTY_BUSINESS_INVOICE_FORM,
  businessInvoiceFieldErrors,
  businessInvoiceFormOf,
  businessInvoiceInputOf,
  type BusinessInvoiceField,
  type BusinessInvoiceFormValues,
} from "~/domain/tax/business-id";
import type { BusinessBuyer } from "~/domain/tax/order-tax";
import type { JsonApiBody } from "~/lib/json-api";
import { savedCardCvcError, type PaymentMethodView } from "~/domain/payment-methods/payment-method.schema";
import type {
  AuthenticationChallenge,
  CardErrors,
  CardValues,
  CheckoutStep,
  ContactErrors,
  ContactValues,
} from "./components/checkout-types";

export const CONTACT_INVALID_MESSAGE = CHECKOUT_MESSAGES.correctCustomerDetails;
export const ADDRESS_INVALID_MESSAGE = CHECKOUT_MESSAGES.selectValidDeliveryAddress;
export const ORDER_FAILED_MESSAGE = CHECKOUT_MESSAGES.somethingWentWrongWhilePlacing;
export const STOCK_HINT = CHECKOUT_MESSAGES.adjustQuantitiesCartTryAgain;
export const BUSINESS_INVALID_MESSAGE = CHECKOUT_MESSAGES.correctBusinessInvoiceDetails;
export const BILLING_ADDRESS_INVALID_MESSAGE = CHECKOUT_MESSAGES.selectValidBillingAddress;

export const EMPTY_CARD: CardValues = { holder: "", number: "", expiry: "", cvc: "" };

/** A refusal to show: its French message, or the stock problem it is about (worded in the page's language). */
export type OrderError = { message: string; hint?: string; problem?: StockProblem | null };

export type OrderLines = NonNullable<PlaceOrderBody["lines"]>;
export type OrderGiftCards = NonNullable<PlaceOrderBody["gift_cards"]>;

/**
 * "Je souhaite une facture au nom de mon entreprise", the company's fields as typed, and the saved
 * address billed (its registered office; null: the delivery address).
 */
export type BusinessInvoiceChoice = { requested: boolean; values: BusinessInvoiceFormValues; billingAddressId: string | null };
/** The company's fields' messages, and the server's refusal of the billing address. */
export type BusinessInvoiceErrors = Partial<Record<BusinessInvoiceField | typeof BILLING_ADDRESS_FIELD, string>>;

/** The order body's field (and the refusal's) naming the billed address. */
export const BILLING_ADDRESS_FIELD = "billing_address_id";

/** What the shopper chose or typed; the quote and the order are asked for these. */
export type CheckoutForm = {
  contact: ContactValues;
  business: BusinessInvoiceChoice;
  address: SavedAddressView | null;
  deliveryMethod: DeliveryMethodCode;
  relayPoint: RelayPoint | null;
  points: number;
  /** The promo code sent with the quote and the order; the server says if it applies. */
  promoCode: string | null;
  /** Gift card codes applied as payment. */
  giftCardCodes: string[];
  /** A saved card's id, or the "Nouvelle carte" choice. */
  paymentChoice: string;
  card: CardValues;
  saveCard: boolean;
  savedCvc: string;
  /** Gift wrap, gift message and hidden prices as typed (decision 068); checked before each step. */
  gift: GiftOptions;
};

/** One POST /api/v1/orders: its Idempotency-Key and body, and what a 3-D Secure challenge would show. */
export type OrderRequest = { key: string; body: string; cardCents: number; lastFour: string | null };

export type AuthenticationResult = "succeeded" | "failed";

/** Where the order button's request is. */
export type Submission =
  | { status: "idle" }
  /** POST /api/v1/orders is on its way: nothing else is sent until it answers. */
  | { status: "placing"; request: OrderRequest }
  /** The bank asks for 3-D Secure: the dialog shows; `answer` is set while it is being sent. */
  | { status: "authenticating"; challenge: AuthenticationChallenge; answer: AuthenticationResult | null; error: string | null }
  /** The dialog was closed unanswered: the payment waits at the bank until 'Commander' again. */
  | { status: "waiting" };

export type CheckoutState = {
  step: CheckoutStep;
  form: CheckoutForm;
  contactErrors: ContactErrors;
  businessErrors: BusinessInvoiceErrors;
  cardErrors: CardErrors;
  savedCvcError: string | undefined;
  /** The refusal shown under the current step. */
  error: OrderError | null;
  /** 'Continuer' pressed while the quote follows a change: decided on the new quote once it is in. */
  continueRequested: boolean;
  submission: Submission;
  /**
   * The current order attempt. Its key survives a network failure (the request may have reached
   * the server, so a retry must not order twice); `body` is the request awaiting authentication:
   * the same body resumes it under the same key, another one is a new attempt.
   */
  attempt: { key: string | null; body: string | null };
  order: OrderView | null;
  /** Bumped to ask the same quote again (a promo code applied, an order refused). */
  quoteRefresh: number;
};

/** Whether to go on to the payment step, as `checkShipping` decides it. */
export type ShippingCheck =
  | { kind: "contactInvalid"; errors: ContactErrors }
  | { kind: "businessInvalid"; errors: BusinessInvoiceErrors }
  | { kind: "addressMissing" }
  | { kind: "addressIncomplete"; message: string }
  /** The quote follows a change (the address just changed): the quote before must not decide. */
  | { kind: "quotePending" }
  | { kind: "deliveryRefused"; message: string }
  /** The gift message is too long or holds markup (decision 068). */
  | { kind: "giftInvalid"; message: string }
  | { kind: "ready"; contact: ContactValues };

/** What the order button may do, as `checkPayment` decides it. */
export type PaymentCheck =
  | { kind: "addressMissing" }
  | { kind: "cvcInvalid"; error: string }
  | { kind: "cardInvalid"; errors: CardErrors }
  | { kind: "blocked"; error: OrderError }
  | { kind: "ready"; body: string; cardCents: number; lastFour: string | null };

/** What POST /api/v1/orders or POST /api/v1/payment-authentications/{id} answered, read. */
export type OrderOutcome =
  | { kind: "placed"; order: OrderView }
  | { kind: "authenticate"; authenticationId: string; clientSecret?: string }
  | { kind: "refused"; status: number; code: string; message: string; details?: unknown };

export type CheckoutEvent =
  // Shipping step
  | { type: "contactEdited"; field: keyof ContactValues; value: string }
  | { type: "businessInvoiceToggled"; requested: boolean }
  | { type: "businessInvoiceEdited"; field: BusinessInvoiceField; value: string }
  | { type: "billingAddressChosen"; addressId: string | null }
  | { type: "addressSelected"; address: SavedAddressView | null }
  | { type: "deliveryMethodChosen"; method: DeliveryMethodCode }
  | { type: "relayPointChosen"; point: RelayPoint | null }
  | { type: "continueChecked"; check: ShippingCheck }
  // The quote: what it offers for the current choices
  | { type: "quoteReceived"; deliveryMethods: readonly DeliveryMethodCode[]; maxRedeemablePoints: number }
  | { type: "promoCodeApplied"; code: string }
  | { type: "promoCodeRemoved" }
  | { type: "giftOptionsEdited"; gift: GiftOptions }
  // Payment step
  | { type: "backToShipping" }
  | { type: "pointsChosen"; points: number }
  | { type: "giftCardCodesChanged"; codes: string[] }
  | { type: "paymentChosen"; choice: string }
  | { type: "savedCvcEdited"; value: string }
  | { type: "cardEdited"; field: keyof CardValues; value: string }
  | { type: "saveCardChanged"; save: boolean }
  | { type: "orderSubmitted"; check: PaymentCheck; freshKey: string }
  | { type: "orderAnswered"; outcome: OrderOutcome }
  | { type: "orderNetworkFailed" }
  // 3-D Secure
  | { type: "authenticationAnswered"; result: AuthenticationResult }
  | { type: "authenticationNetworkFailed" }
  | { type: "authenticationDismissed" };

/**
 * The checkout's first state. Business details saved in the account fill the company's fields and
 * tick the box: the shopper saved them to be invoiced that way, and can untick it for this order.
 */
export function initialCheckoutState({
  contact,
  paymentChoice,
  business = null,
}: {
  contact: ContactValues;
  paymentChoice: string;
  business?: BusinessBuyer | null;
}): CheckoutState {
  return {
    step: "shipping",
    form: {
      contact,
      business: {
        requested: business !== null,
        values: business ? businessInvoiceFormOf(business) : EMPTY_BUSINESS_INVOICE_FORM,
        billingAddressId: null,
      },
      address: null,
      deliveryMethod: "standard",
      relayPoint: null,
      points: 0,
      promoCode: null,
      giftCardCodes: [],
      paymentChoice,
      card: EMPTY_CARD,
      saveCard: false,
      savedCvc: "",
      gift: NO_GIFT_OPTIONS,
    },
    contactErrors: {},
    businessErrors: {},
    cardErrors: {},
    savedCvcError: undefined,
    error: null,
    continueRequested: false,
    submission: { status: "idle" },
    attempt: { key: null, body: null },
    order: null,
    quoteRefresh: 0,
  };
}

/** Whether the order button may send now: on the payment step, with no request or dialog open. */
export function canSubmitOrder(state: CheckoutState): boolean {
  return state.step === "payment" && (state.submission.status === "idle" || state.submission.status === "waiting");
}

export function checkoutReducer(state: CheckoutState, event: CheckoutEvent): CheckoutState {
  switch (event.type) {
    case "contactEdited":
      return {
        ...state,
        form: { ...state.form, contact: { ...state.form.contact, [event.field]: event.value } },
        contactErrors: withoutKey(state.contactErrors, event.field),
        error: null,
      };
    case "businessInvoiceToggled":
      return {
        ...state,
        form: { ...state.form, business: { ...state.form.business, requested: event.requested } },
        businessErrors: event.requested ? state.businessErrors : {},
        error: null,
      };
    case "businessInvoiceEdited":
      return {
        ...state,
        form: {
          ...state.form,
          business: { ...state.form.business, values: { ...state.form.business.values, [event.field]: event.value } },
        },
        businessErrors: withoutKey(state.businessErrors, event.field),
        error: null,
      };
    case "billingAddressChosen":
      return {
        ...state,
        form: { ...state.form, business: { ...state.form.business, billingAddressId: event.addressId } },
        businessErrors: withoutKey(state.businessErrors, BILLING_ADDRESS_FIELD),
        error: null,
      };
    case "addressSelected": {
      const { address } = event;
      const contact = state.form.contact;
      // A phone left empty in the contact form takes the delivery address's one.
      const phoneFilled = address && !contact.phone.trim() ? { ...contact, phone: address.phone } : contact;
      return { ...state, form: { ...state.form, address, relayPoint: null, contact: phoneFilled }, error: null };
    }
    case "deliveryMethodChosen":
      return { ...state, form: { ...state.form, deliveryMethod: event.method }, error: null };
    case "relayPointChosen":
      return { ...state, form: { ...state.form, relayPoint: event.point }, error: null };
    case "continueChecked":
      return continueChecked(state, event.check);
    case "quoteReceived":
      return quoteReceived(state, event.deliveryMethods, event.maxRedeemablePoints);
    case "promoCodeApplied":
      // Bumped too: the same code applied again (after a refusal) asks the server again.
      return { ...state, form: { ...state.form, promoCode: event.code }, quoteRefresh: state.quoteRefresh + 1 };
    case "promoCodeRemoved":
      return { ...state, form: { ...state.form, promoCode: null } };
    case "giftOptionsEdited":
      return { ...state, form: { ...state.form, gift: event.gift }, error: null };
    case "backToShipping":
      if (state.step !== "payment" || state.submission.status === "placing" || state.submission.status === "authenticating") return state;
      return { ...state, step: "shipping", error: null };
    case "pointsChosen":
      return { ...state, form: { ...state.form, points: event.points } };
    case "giftCardCodesChanged":
      return { ...state, form: { ...state.form, giftCardCodes: event.codes } };
    case "paymentChosen":
      return { ...state, form: { ...state.form, paymentChoice: event.choice }, savedCvcError: undefined, error: null };
    case "savedCvcEdited":
      return { ...state, form: { ...state.form, savedCvc: event.value }, savedCvcError: undefined, error: null };
    case "cardEdited":
      return {
        ...state,
        form: { ...state.form, card: { ...state.form.card, [event.field]: event.value } },
        cardErrors: withoutKey(state.cardErrors, event.field),
        error: null,
      };
    case "saveCardChanged":
      return { ...state, form: { ...state.form, saveCard: event.save } };
    case "orderSubmitted":
      return orderSubmitted(state, event.check, event.freshKey);
    case "orderAnswered":
      return orderAnswered(state, event.outcome);
    case "orderNetworkFailed":
      if (state.submission.status !== "placing") return state;
      // The request may have reached the server: the attempt keeps its key, so a retry cannot order twice.
      return {
        ...state,
        submission: { status: "idle" },
        error: { message: ORDER_FAILED_MESSAGE, hint: CHECKOUT_MESSAGES.checkConnectionTryAgain },
      };
    case "authenticationAnswered":
      if (state.submission.status !== "authenticating" || state.submission.answer !== null) return state;
      return { ...state, submission: { ...state.submission, answer: event.result, error: null } };
    case "authenticationNetworkFailed":
      if (state.submission.status !== "authenticating" || state.submission.answer === null) return state;
      // Nothing known to have happened: the same answer can be sent again.
      return { ...state, submission: { ...state.submission, answer: null, error: CHECKOUT_MESSAGES.somethingWentWrongCheckConnection } };
    case "authenticationDismissed":
      // While an answer is on its way the dialog cannot be closed.
      if (state.submission.status !== "authenticating" || state.submission.answer !== null) return state;
      return { ...state, submission: { status: "waiting" } };
  }
}

function continueChecked(state: CheckoutState, check: ShippingCheck): CheckoutState {
  if (state.step !== "shipping") return state;
  if (check.kind === "quotePending") return { ...state, continueRequested: true };
  const decided = { ...state, continueRequested: false };
  switch (check.kind) {
    case "contactInvalid":
      return { ...decided, contactErrors: check.errors, error: { message: CONTACT_INVALID_MESSAGE } };
    case "businessInvalid":
      return { ...decided, businessErrors: check.errors, error: { message: BUSINESS_INVALID_MESSAGE } };
    case "addressMissing":
      return { ...decided, error: { message: ADDRESS_INVALID_MESSAGE } };
    case "addressIncomplete":
    case "deliveryRefused":
    case "giftInvalid":
      return { ...decided, error: { message: check.message } };
    case "ready":
      return { ...decided, form: { ...state.form, contact: check.contact }, businessErrors: {}, error: null, step: "payment" };
  }
}

/** The quote's offer for the current choices: a method no longer offered (express to Corsica) falls back to standard, points to the maximum. */
function quoteReceived(state: CheckoutState, methods: readonly DeliveryMethodCode[], maxPoints: number): CheckoutState {
  const methodGone = methods.length > 0 && !methods.includes(state.form.deliveryMethod);
  const tooManyPoints = state.form.points > maxPoints;
  // The same state when nothing changes, so React skips the render.
  if (!methodGone && !tooManyPoints) return state;
  return {
    ...state,
    form: {
      ...state.form,
      deliveryMethod: methodGone ? "standard" : state.form.deliveryMethod,
      points: tooManyPoints ? maxPoints : state.form.points,
    },
  };
}

function orderSubmitted(state: CheckoutState, check: PaymentCheck, freshKey: string): CheckoutState {
  if (!canSubmitOrder(state)) return state;
  switch (check.kind) {
    case "addressMissing":
      // Nothing to say: the payment step only shows once an address is chosen.
      return state;
    case "cvcInvalid":
      return { ...state, savedCvcError: check.error };
    case "cardInvalid":
      return { ...state, cardErrors: check.errors };
    case "blocked":
      return { ...state, error: check.error };
    case "ready": {
      // A challenge closed unanswered is resumed by the same request under the same key; anything
      // changed since (another card, other points) is a new attempt, nothing having been charged.
      const { attempt } = state;
      const key = attempt.body !== null && attempt.body !== check.body ? freshKey : (attempt.key ?? freshKey);
      return {
        ...state,
        attempt: { key, body: null },
        submission: { status: "placing", request: { key, body: check.body, cardCents: check.cardCents, lastFour: check.lastFour } },
        error: null,
      };
    }
  }
}

function orderAnswered(state: CheckoutState, outcome: OrderOutcome): CheckoutState {
  const { submission } = state;
  const awaited = submission.status === "placing" || (submission.status === "authenticating" && submission.answer !== null);
  if (!awaited) return state;
  switch (outcome.kind) {
    case "placed":
      return {
        ...state,
        step: "confirmation",
        order: outcome.order,
        submission: { status: "idle" },
        attempt: { key: null, body: null },
        error: null,
      };
    case "authenticate":
      // Only the order itself asks for 3-D Secure; the challenge's own answer never asks again.
      if (submission.status !== "placing") return state;
      return {
        ...state,
        // The bank asks the shopper to authenticate: the attempt and its key wait.
        attempt: { key: submission.request.key, body: submission.request.body },
        submission: {
          status: "authenticating",
          challenge: {
            authenticationId: outcome.authenticationId,
            amountCents: submission.request.cardCents,
            lastFour: submission.request.lastFour,
            ...(outcome.clientSecret ? { clientSecret: outcome.clientSecret } : {}),
          },
          answer: null,
          error: null,
        },
      };
    case "refused": {
      // The order exists but could not be read back: the same key again answers it, never a second one.
      if (outcome.code === "order_saved_unconfirmed") {
        return { ...state, submission: { status: "idle" }, error: { message: outcome.message } };
      }
      const stock = outcome.code === "insufficient_stock";
      // The server answered no: the next attempt is a new one, on a fresh quote.
      const answered = {
        ...state,
        submission: { status: "idle" } as const,
        attempt: { key: null, body: null },
        quoteRefresh: state.quoteRefresh + 1,
      };
      if (refusesBillingAddress(outcome)) {
        // The billed address is chosen on Livraison: the shopper goes back there, the refusal under its
        // select. Its code is worded as a billing address: the server checks it as it checks a delivery
        // address, and its message may speak of delivery.
        const message = outcome.code === "invalid_billing_address" ? BILLING_ADDRESS_INVALID_MESSAGE : outcome.message;
        return {
          ...answered,
          step: "shipping",
          businessErrors: { ...state.businessErrors, [BILLING_ADDRESS_FIELD]: message },
          error: null,
        };
      }
      return {
        ...answered,
        error: {
          message: outcome.message,
          hint: stock ? STOCK_HINT : undefined,
          problem: stock ? stockProblemOfDetails(outcome.details) : null,
        },
      };
    }
  }
}

/**
 * What POST /api/v1/orders and POST /api/v1/payment-authentications/{id} answer: the JSON API's
 * body, with `next_action` beside the error when the bank asks for 3-D Secure.
 */
export type OrderApiBody = JsonApiBody<OrderView> & { next_action?: { type?: string; authentication_id?: string; client_secret?: string } };

/**
 * Reads an answer of the order API. `allowAuthentication`: only POST /api/v1/orders may ask for
 * 3-D Secure (402 with `next_action`); anything else that is not an order is a refusal.
 */
export function readOrderAnswer(status: number, payload: OrderApiBody | null, allowAuthentication: boolean): OrderOutcome {
  if (status >= 200 && status < 300 && payload?.data) return { kind: "placed", order: payload.data };
  const authenticationId = payload?.next_action?.type === "authenticate" ? payload.next_action.authentication_id : undefined;
  if (allowAuthentication && status === 402 && authenticationId) {
    const clientSecret = payload?.next_action?.client_secret;
    return { kind: "authenticate", authenticationId, ...(clientSecret ? { clientSecret } : {}) };
  }
  return {
    kind: "refused",
    status,
    code: payload?.error?.code ?? "",
    message: payload?.error?.message || ORDER_FAILED_MESSAGE,
    details: payload?.error?.details,
  };
}

/** 'Continuer vers le paiement': the contact, then the address, then the quote of that address. */
export function checkShipping({
  form,
  needsAddress,
  quoteStale,
  deliveryError,
}: {
  form: CheckoutForm;
  needsAddress: boolean;
  quoteStale: boolean;
  deliveryError: string | null;
}): ShippingCheck {
  const parsed = ContactInfoSchema.safeParse(form.contact);
  if (!parsed.success) return { kind: "contactInvalid", errors: firstErrors<keyof ContactValues>(parsed.error.issues) };
  if (form.business.requested) {
    const business = BusinessInvoiceSchema.safeParse(businessInvoiceInputOf(form.business.values));
    if (!business.success) return { kind: "businessInvalid", errors: businessInvoiceFieldErrors(business.error) };
  }
  if (!form.address && needsAddress) return { kind: "addressMissing" };
  const missing = form.address ? missingAddressFields(form.address) : null;
  if (missing) return { kind: "addressIncomplete", message: missing };
  // The quote of the address before (its delivery error, its methods) must not decide.
  if (quoteStale) return { kind: "quotePending" };
  if (deliveryError) return { kind: "deliveryRefused", message: deliveryError };
  const gift = GiftOptionsSchema.safeParse(form.gift);
  if (!gift.success) return { kind: "giftInvalid", message: gift.error.issues[0].message };
  return { kind: "ready", contact: parsed.data };
}

/**
 * The card form the order is paid through: the shop's own fields (the simulated acquirer), or the
 * provider's (Stripe's Payment Element), whose card arrives as the PaymentMethod it made in the
 * browser just before the check (null when there is none: nothing typed yet, or a new card not chosen).
 */
export type CardFormInput = { kind: "fields" } | { kind: "provider"; method: { id: string; lastFour: string | null } | null };

/** 'Commander avec obligation de paiement': the card (or saved card's CVC), the quote, then the body to send. */
export function checkPayment({
  form,
  quote,
  needsAddress,
  savedCards,
  lines,
  giftCards,
  instalments,
  cardForm = { kind: "fields" },
  sampleIds = [],
}: {
  form: CheckoutForm;
  quote: CheckoutQuote | null;
  needsAddress: boolean;
  /** The saved cards shown (usable or expired); only a usable one pays. */
  savedCards: readonly PaymentMethodView[];
  lines: OrderLines;
  giftCards: OrderGiftCards;
  /** The instalments radio of the submitted form (read only when a card pays). */
  instalments: 1 | 3;
  cardForm?: CardFormInput;
  /** The free samples ticked (decision 067); none is fine. */
  sampleIds?: readonly string[];
}): PaymentCheck {
  if (!form.address && needsAddress) return { kind: "addressMissing" };
  // No bank card when gift cards pay it all (docs/decisions/018-gift-cards.md).
  const cardNeeded = !quote || quote.card_cents > 0;
  const savedCard = savedCards.find((c) => c.id === form.paymentChoice && c.usable) ?? null;
  const provider = cardForm.kind === "provider" ? cardForm : null;
  if (cardNeeded && savedCard) {
    // The provider's own form asks no CVC for a saved card: the bank asks the shopper if it wants.
    const cvcError = provider ? null : savedCardCvcError(savedCard.brand, form.savedCvc);
    if (cvcError) return { kind: "cvcInvalid", error: cvcError };
  } else if (cardNeeded && provider) {
    if (!provider.method) return { kind: "blocked", error: { message: CHECKOUT_MESSAGES.paymentFormIncomplete } };
  } else if (cardNeeded) {
    const parsed = CardSchema.safeParse(form.card);
    if (!parsed.success) return { kind: "cardInvalid", errors: firstErrors<keyof CardValues>(parsed.error.issues) };
  }
  if (
    !quote ||
    quote.problems.length > 0 ||
    (quote.needs_address && !quote.shipping) ||
    quote.gift_card_refusals.length > 0 ||
    quote.delivery_error
  ) {
    return {
      kind: "blocked",
      error: {
        message: quote?.problems[0] ?? quote?.gift_card_refusals[0]?.message ?? quote?.delivery_error ?? ADDRESS_INVALID_MESSAGE,
        hint: quote?.problems.length ? STOCK_HINT : undefined,
        problem: quote?.stock_problems?.[0],
      },
    };
  }
  const { address, deliveryMethod, relayPoint, promoCode } = form;
  const business = businessInvoiceOf(form.business);
  if (form.business.requested && !business) return { kind: "blocked", error: { message: BUSINESS_INVALID_MESSAGE } };
  const gift = GiftOptionsSchema.safeParse(form.gift);
  if (!gift.success) return { kind: "blocked", error: { message: gift.error.issues[0].message } };
  const body: PlaceOrderBody = {
    ...(address ? { address_id: address.id } : {}),
    contact: form.contact,
    ...(cardNeeded ? paidWith(savedCard, form, provider) : {}),
    save_card: cardNeeded && !savedCard && form.saveCard,
    ...(cardNeeded ? { instalments } : {}),
    points_to_use: quote.points_to_use,
    lines,
    ...(quote.promo && promoCode ? { promo_code: promoCode } : {}),
    gift_cards: giftCards,
    gift_card_codes: form.giftCardCodes,
    delivery_method: deliveryMethod,
    ...(deliveryMethod === "relay" && relayPoint ? { relay_point_id: relayPoint.id } : {}),
    ...(business ? { business_invoice: business } : {}),
    // Billed elsewhere only with a business invoice (a company's registered office).
    ...(business && form.business.billingAddressId ? { billing_address_id: form.business.billingAddressId } : {}),
    ...(hasGiftOptions(gift.data) ? { gift: gift.data } : {}),
    ...(sampleIds.length > 0 ? { sample_ids: [...sampleIds] } : {}),
  };
  const typed = cardDigits(form.card.number);
  return {
    kind: "ready",
    body: JSON.stringify(body),
    cardCents: quote.card_cents,
    lastFour: savedCard ? savedCard.last4 : provider ? (provider.method?.lastFour ?? null) : typed.length >= 12 ? typed.slice(-4) : null,
  };
}

/** The order body's card: a saved one (with its CVC only for our own form), the provider's payment method, or the typed card. */
function paidWith(
  savedCard: PaymentMethodView | null,
  form: CheckoutForm,
  provider: Extract<CardFormInput, { kind: "provider" }> | null,
): Pick<PlaceOrderBody, "payment_method_id" | "cvc" | "card" | "provider_payment_method"> {
  if (savedCard) return provider ? { payment_method_id: savedCard.id } : { payment_method_id: savedCard.id, cvc: form.savedCvc.trim() };
  if (provider?.method) return { provider_payment_method: provider.method.id };
  return { card: form.card };
}

/**
 * The company the invoice is for, normalised, when the box is ticked and its fields are valid;
 * null otherwise. The quote is asked with it only then, so a half-typed VAT number never
 * refuses the quote.
 */
export function businessInvoiceOf(choice: BusinessInvoiceChoice): BusinessBuyer | null {
  if (!choice.requested) return null;
  const parsed = BusinessInvoiceSchema.safeParse(businessInvoiceInputOf(choice.values));
  return parsed.success ? parsed.data : null;
}

/** A refusal of the billed address: its own code, or any refusal the server names that field in. */
function refusesBillingAddress(outcome: Extract<OrderOutcome, { kind: "refused" }>): boolean {
  if (outcome.code === "invalid_billing_address") return true;
  const { details } = outcome;
  const fields = Array.isArray(details) ? details : [details];
  return fields.some((d) => typeof d === "object" && d !== null && (d as { field?: unknown }).field === BILLING_ADDRESS_FIELD);
}

function firstErrors<K extends string>(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  for (const issue of issues) {
    const key = String(issue.path[0]) as K;
    out[key] ??= issue.message;
  }
  return out;
}

function withoutKey<K extends string>(errors: Partial<Record<K, string>>, key: K): Partial<Record<K, string>> {
  if (!errors[key]) return errors;
  const next = { ...errors };
  delete next[key];
  return next;
}
