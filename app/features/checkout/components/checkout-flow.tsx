import { useCallback, useEffect, useEffectEvent, useId, useMemo, useRef, useState, type FormEvent } from "react";
import { Link, useFetcher } from "react-router";
import { clearCart, toOrderLine, useCart } from "~/components/cart/cart-store";
import { missingAddressFields, type SavedAddressView } from "~/domain/addresses/address.schema";
import { AddressSelector } from "~/components/addresses/address-selector";
import { primaryButtonClass, secondaryButtonClass } from "~/components/ui/form-parts";
import type { OrderView } from "~/domain/orders/order.types";
import { formatPrice } from "~/lib/money";
import { BEAUTY_PASS_REDEEM_STEP_CENTS, BEAUTY_PASS_REDEEM_STEP_POINTS } from "~/lib/shop-rules";
import { OrderConfirmation } from "./order-confirmation";
import { CardSchema, ContactInfoSchema, cardDigits, type PlaceOrderBody } from "~/domain/checkout/checkout.schema";
import { CardFields, EMPTY_CARD, type CardErrors, type CardValues } from "./card-fields";
import { NEW_CARD_CHOICE, SavedCardChoice } from "./saved-card-choice";
import { AuthenticationDialog, type AuthenticationChallenge } from "./authentication-dialog";
import { savedCardCvcError } from "~/domain/payment-methods/payment-method.schema";
import { CheckoutErrorBox, CheckoutSteps } from "./checkout-steps";
import type { CheckoutAccount, CheckoutLogger, CheckoutStep, QuoteResponse } from "./checkout-types";
import { ContactInfoFields, type ContactErrors, type ContactValues } from "./contact-info-fields";
import { OrderSummary } from "./order-summary";
import { PromoCodeField } from "~/features/checkout/components/promo-code-field";
import { GiftCardPayment } from "./gift-card-payment";
import { inputClass } from "~/components/ui/form-parts";
import { T, useT, useTranslateMessage, type Translate } from "~/components/ui/i18n";
import { stockProblemOfDetails, type StockProblem } from "~/domain/checkout/stock-problem";
import type { DeliveryMethodCode } from "~/domain/delivery/delivery-methods";
import type { RelayPoint } from "~/domain/delivery/relay-points";
import type { CheckoutQuote } from "~/domain/checkout/checkout-quote.types";
import { DeliveryMethodPicker } from "./delivery-method-picker";
import { InstalmentsChoice, instalmentsOf } from "./instalments-choice";
import * as CHECKOUT_MESSAGES from "~/domain/messages/checkout";

export const CONTACT_INVALID_MESSAGE = CHECKOUT_MESSAGES.correctCustomerDetails;
export const ADDRESS_INVALID_MESSAGE = CHECKOUT_MESSAGES.selectValidDeliveryAddress;
export const ORDER_FAILED_MESSAGE = CHECKOUT_MESSAGES.somethingWentWrongWhilePlacing;
export const STOCK_HINT = CHECKOUT_MESSAGES.adjustQuantitiesCartTryAgain;

/** The action that answers the quote intent (the same for the checkout and its debug variant). */
const QUOTE_ACTION = "/checkout";

/** A refusal to show: its French message, or the stock problem it is about (worded in the page's language). */
type OrderError = { message: string; hint?: string; problem?: StockProblem | null };

/** What POST /api/v1/orders and POST /api/v1/payment-authentications/{id} answer. */
type OrderAnswer = {
  data?: OrderView;
  error?: { code?: string; message?: string; details?: unknown };
  next_action?: { type?: string; authentication_id?: string };
};

function firstErrors<K extends string>(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  for (const issue of issues) {
    const key = String(issue.path[0]) as K;
    out[key] ??= issue.message;
  }
  return out;
}

/** One key per order attempt (a retried request or a double click creates one order). */
function newAttemptKey(): string {
  if (typeof crypto !== "undefined" && typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

export type CheckoutFlowProps = {
  account: CheckoutAccount;
  /** Debug variant: one line per event. */
  onLog?: CheckoutLogger;
};

/**
 * The checkout of a signed-in shopper: 1 Livraison (contact and address), 2 Paiement (card,
 * Beauty Pass points, full recap, "Commander avec obligation de paiement"), 3 Confirmation.
 * Amounts come from the server's quote; the order is placed by POST /api/v1/orders.
 */
export function CheckoutFlow({ account, onLog }: CheckoutFlowProps) {
  const t = useT();
  const translateMessage = useTranslateMessage();
  // A stock problem is worded from its data (product name, quantity left), other refusals by their French text (decision 044).
  const errorText = (e: OrderError) => (e.problem ? wordStockProblem(t, e.problem) : translateMessage(e.message));
  const quoteProblemText = (q: CheckoutQuote) =>
    q.stock_problems?.[0] ? wordStockProblem(t, q.stock_problems[0]) : translateMessage(q.problems[0] ?? "");
  const cart = useCart();
  const [mounted, setMounted] = useState(false);
  const [step, setStep] = useState<CheckoutStep>("shipping");
  const [contact, setContact] = useState<ContactValues>({ email: account.email, name: account.name, phone: account.phone });
  const [contactErrors, setContactErrors] = useState<ContactErrors>({});
  const [address, setAddress] = useState<SavedAddressView | null>(null);
  // Kept here so the list survives the selector's unmount while the payment step shows.
  const [addresses, setAddresses] = useState<SavedAddressView[] | null>(account.addresses);
  const shippingFormId = useId();
  const [points, setPoints] = useState(0);
  /** The promo code sent with the quote and the order; the server says if it applies. */
  const [promoCode, setPromoCode] = useState<string | null>(null);
  // Gift cards: codes applied as payment.
  const [giftCardCodes, setGiftCardCodes] = useState<string[]>([]);
  // Delivery: the method chosen and, for the relay method, the relay point.
  const [deliveryMethod, setDeliveryMethod] = useState<DeliveryMethodCode>("standard");
  const [relayPoint, setRelayPoint] = useState<RelayPoint | null>(null);
  const [card, setCard] = useState<CardValues>(EMPTY_CARD);
  const [cardErrors, setCardErrors] = useState<CardErrors>({});
  const [saveCard, setSaveCard] = useState(false);
  // Saved cards the provider keeps (usable, or expired and shown disabled); the choice is offered
  // only when one can pay. Cards recorded before tokenization are left to Moyens de Paiement.
  const savedCards = useMemo(() => account.paymentMethods.filter((c) => c.usable || c.expired), [account.paymentMethods]);
  const offerSavedCards = savedCards.some((c) => c.usable);
  const [paymentChoice, setPaymentChoice] = useState<string>(
    () => savedCards.find((c) => c.usable && c.is_default)?.id ?? savedCards.find((c) => c.usable)?.id ?? NEW_CARD_CHOICE,
  );
  const [savedCvc, setSavedCvc] = useState("");
  const [savedCvcError, setSavedCvcError] = useState<string | undefined>(undefined);
  const [challenge, setChallenge] = useState<AuthenticationChallenge | null>(null);
  const [challengeBusy, setChallengeBusy] = useState(false);
  const [challengeError, setChallengeError] = useState<string | null>(null);
  const [challengeWaiting, setChallengeWaiting] = useState(false);
  /** The body of an attempt whose challenge was closed unanswered: the same body resumes it. */
  const dismissedBody = useRef<string | null>(null);
  const orderButtonRef = useRef<HTMLButtonElement>(null);
  const [error, setError] = useState<OrderError | null>(null);
  const [placing, setPlacing] = useState(false);
  const [order, setOrder] = useState<OrderView | null>(null);
  const attemptKey = useRef<string | null>(null);
  const placingRef = useRef(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstStepRender = useRef(true);
  const quoteFetcher = useFetcher<QuoteResponse>();
  const log = useCallback((line: string) => onLog?.(line), [onLog]);

  useEffect(() => setMounted(true), []);

  // The quote follows the cart, the address and the points.
  const lines = useMemo(() => cart.items.map(toOrderLine), [cart.items]);
  // Gift cards bought: the configured cards, without their local line id.
  const giftCards = useMemo(() => cart.giftCards.map(({ id: _id, ...card }) => card), [cart.giftCards]);
  const needsAddress = lines.length > 0 || giftCards.some((c) => c.deliveryMode === "physical");
  const quoteKey = JSON.stringify([
    lines,
    address?.id ?? null,
    points,
    promoCode,
    giftCards,
    giftCardCodes,
    deliveryMethod,
    relayPoint?.id ?? null,
  ]);
  const [quoteTick, setQuoteTick] = useState(0);
  const submitQuote = useRef(quoteFetcher.submit);
  submitQuote.current = quoteFetcher.submit;
  const currentQuoteRequest = {
    lines,
    address_id: address?.id ?? null,
    points_to_use: points,
    promo_code: promoCode,
    gift_cards: giftCards,
    gift_card_codes: giftCardCodes,
    delivery_method: deliveryMethod,
    relay_point_id: deliveryMethod === "relay" ? (relayPoint?.id ?? null) : null,
  };
  const quoteRequest = useRef(currentQuoteRequest);
  quoteRequest.current = currentQuoteRequest;
  /** The request the last quote asked for: a quote of another one (the address just changed) is stale. */
  const quotedKey = useRef<string | null>(null);
  useEffect(() => {
    quotedKey.current = quoteKey;
    if (!mounted || step === "confirmation" || (quoteRequest.current.lines.length === 0 && quoteRequest.current.gift_cards.length === 0))
      return;
    void submitQuote.current(
      { intent: "quote", ...quoteRequest.current },
      { method: "post", action: QUOTE_ACTION, encType: "application/json" },
    );
    // quoteKey stands for the request's content (lines, address, points).
  }, [mounted, step, quoteKey, quoteTick]);

  const quoteResult = quoteFetcher.data;
  const quote = quoteResult?.ok ? quoteResult.quote : null;
  const quoteLoading = quoteFetcher.state !== "idle";
  const quoteStale = quoteLoading || quotedKey.current !== quoteKey;
  // 'Continuer' pressed while the quote follows a change: decided on the new quote once it is in.
  const [continueRequested, setContinueRequested] = useState(false);

  // A method the new address is not offered (express to Corsica): back to the standard one.
  useEffect(() => {
    if (quote && quote.delivery_options.length > 0 && !quote.delivery_options.some((o) => o.code === deliveryMethod)) {
      setDeliveryMethod("standard");
    }
  }, [quote, deliveryMethod]);

  // Keep the chosen points within what the balance and the merchandise allow.
  useEffect(() => {
    if (quote && points > quote.max_redeemable_points) setPoints(quote.max_redeemable_points);
  }, [quote, points]);

  // Focus the new step's heading (keyboard and screen-reader users land on it).
  useEffect(() => {
    if (firstStepRender.current) {
      firstStepRender.current = false;
      return;
    }
    headingRef.current?.focus();
    log(`Étape : ${step}`);
  }, [step, log]);

  const selectAddress = useCallback(
    (next: SavedAddressView | null) => {
      setAddress(next);
      setRelayPoint(null);
      setError(null);
      // A phone left empty in the contact form takes the delivery address's one.
      if (next) setContact((c) => (c.phone.trim() ? c : { ...c, phone: next.phone }));
      if (next) log(`Adresse de livraison : ${next.postal_code} ${next.city}`);
    },
    [log],
  );

  function editContact(name: keyof ContactValues, value: string) {
    setContact((c) => ({ ...c, [name]: value }));
    setContactErrors((e) => {
      if (!e[name]) return e;
      const next = { ...e };
      delete next[name];
      return next;
    });
    setError(null);
  }

  function editCard(name: keyof CardValues, value: string) {
    setCard((c) => ({ ...c, [name]: value }));
    setCardErrors((e) => {
      if (!e[name]) return e;
      const next = { ...e };
      delete next[name];
      return next;
    });
    setError(null);
  }

  function choosePayment(next: string) {
    setPaymentChoice(next);
    setSavedCvcError(undefined);
    setError(null);
  }

  function editSavedCvc(value: string) {
    setSavedCvc(value);
    setSavedCvcError(undefined);
    setError(null);
  }

  /** The order went through (directly or after 3-D Secure): the confirmation step. */
  function showConfirmation(placed: OrderView) {
    attemptKey.current = null;
    dismissedBody.current = null;
    setChallengeWaiting(false);
    setOrder(placed);
    setStep("confirmation");
    clearCart();
    log(`Commande ${placed.number} créée (${formatPrice(placed.total_cents)})`);
  }

  /** The order was refused: the message where a declined card's shows, and a new attempt next time. */
  function showRefusal(status: number, payload: OrderAnswer | null) {
    attemptKey.current = null;
    dismissedBody.current = null;
    setChallengeWaiting(false);
    const code = payload?.error?.code ?? "";
    const message = payload?.error?.message || ORDER_FAILED_MESSAGE;
    setError({
      message,
      hint: code === "insufficient_stock" ? STOCK_HINT : undefined,
      problem: code === "insufficient_stock" ? stockProblemOfDetails(payload?.error?.details) : null,
    });
    log(`Commande refusée (${status} ${code}) : ${message}`);
    setQuoteTick((t) => t + 1);
  }

  /** 'Valider' or 'Échouer' in the bank's stand-in: what the bank's page would send. */
  async function answerChallenge(result: "succeeded" | "failed") {
    if (!challenge || challengeBusy) return;
    setChallengeBusy(true);
    setChallengeError(null);
    log(`Authentification 3-D Secure : ${result}`);
    let response: Response;
    try {
      response = await fetch(`/api/v1/payment-authentications/${encodeURIComponent(challenge.authenticationId)}`, {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ result }),
      });
    } catch {
      // Nothing known to have happened: the same answer can be sent again.
      setChallengeBusy(false);
      setChallengeError(CHECKOUT_MESSAGES.somethingWentWrongCheckConnection);
      return;
    }
    const payload = (await response.json().catch(() => null)) as OrderAnswer | null;
    setChallengeBusy(false);
    setChallenge(null);
    if (response.ok && payload?.data) showConfirmation(payload.data);
    else showRefusal(response.status, payload);
  }

  /** Closed unanswered: the payment waits at the bank; 'Commander' again reopens the challenge. */
  function dismissChallenge() {
    setChallenge(null);
    setChallengeError(null);
    setChallengeWaiting(true);
    log("Authentification 3-D Secure fermée sans réponse");
  }

  function continueToPayment(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    tryContinueToPayment();
  }

  const continueOnceQuoted = useEffectEvent(() => tryContinueToPayment());
  useEffect(() => {
    if (!continueRequested || quoteStale) return;
    setContinueRequested(false);
    continueOnceQuoted();
  }, [continueRequested, quoteStale]);

  function tryContinueToPayment() {
    const parsed = ContactInfoSchema.safeParse(contact);
    if (!parsed.success) {
      setContactErrors(firstErrors<keyof ContactValues>(parsed.error.issues));
      setError({ message: CONTACT_INVALID_MESSAGE });
      log("Informations client invalides");
      return;
    }
    if (!address && needsAddress) {
      setError({ message: ADDRESS_INVALID_MESSAGE });
      log("Aucune adresse sélectionnée");
      return;
    }
    const missing = address ? missingAddressFields(address) : null;
    if (missing) {
      setError({ message: missing });
      log(missing);
      return;
    }
    // The quote of the address before (its delivery error, its methods) must not decide.
    if (quoteStale) {
      setContinueRequested(true);
      return;
    }
    if (quote?.delivery_error) {
      setError({ message: quote.delivery_error });
      log(quote.delivery_error);
      return;
    }
    setContact(parsed.data);
    setError(null);
    setStep("payment");
  }

  function backToShipping() {
    setError(null);
    setStep("shipping");
  }

  async function submitOrder(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (placingRef.current || (!address && needsAddress)) return;
    // No bank card when gift cards pay it all (docs/decisions/018-gift-cards.md).
    const cardNeeded = !quote || quote.card_cents > 0;
    const savedCard = offerSavedCards ? (savedCards.find((c) => c.id === paymentChoice && c.usable) ?? null) : null;
    if (cardNeeded && savedCard) {
      const cvcError = savedCardCvcError(savedCard.brand, savedCvc);
      if (cvcError) {
        setSavedCvcError(cvcError);
        event.currentTarget.querySelector<HTMLInputElement>('input[name="cvc"]')?.focus();
        log("Cryptogramme invalide");
        return;
      }
    } else if (cardNeeded) {
      const parsed = CardSchema.safeParse(card);
      if (!parsed.success) {
        setCardErrors(firstErrors<keyof CardValues>(parsed.error.issues));
        log("Carte invalide");
        return;
      }
    }
    if (
      !quote ||
      quote.problems.length > 0 ||
      (quote.needs_address && !quote.shipping) ||
      quote.gift_card_refusals.length > 0 ||
      quote.delivery_error
    ) {
      setError({
        message: quote?.problems[0] ?? quote?.gift_card_refusals[0]?.message ?? quote?.delivery_error ?? ADDRESS_INVALID_MESSAGE,
        hint: quote?.problems.length ? STOCK_HINT : undefined,
        problem: quote?.stock_problems?.[0],
      });
      return;
    }
    const body: PlaceOrderBody = {
      ...(address ? { address_id: address.id } : {}),
      contact,
      ...(cardNeeded ? (savedCard ? { payment_method_id: savedCard.id, cvc: savedCvc.trim() } : { card }) : {}),
      save_card: cardNeeded && !savedCard && saveCard,
      ...(cardNeeded ? { instalments: instalmentsOf(event.currentTarget) } : {}),
      points_to_use: quote.points_to_use,
      lines,
      ...(quote.promo && promoCode ? { promo_code: promoCode } : {}),
      gift_cards: giftCards,
      gift_card_codes: giftCardCodes,
      delivery_method: deliveryMethod,
      ...(deliveryMethod === "relay" && relayPoint ? { relay_point_id: relayPoint.id } : {}),
    };
    const bodyJson = JSON.stringify(body);
    // A challenge closed unanswered is resumed by the same request under the same key; anything
    // changed since (another card, other points) is a new attempt, nothing having been charged.
    if (dismissedBody.current !== null && dismissedBody.current !== bodyJson) attemptKey.current = null;
    dismissedBody.current = null;
    setChallengeWaiting(false);
    placingRef.current = true;
    setPlacing(true);
    setError(null);
    attemptKey.current ??= newAttemptKey();
    const key = attemptKey.current;
    log(`Envoi de la commande (clé ${key.slice(0, 8)}...)`);
    let response: Response | null = null;
    try {
      response = await fetch("/api/v1/orders", {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json", Accept: "application/json", "Idempotency-Key": key },
        body: bodyJson,
      });
    } catch {
      // The request may have reached the server: the same key is kept so a retry cannot order twice.
      placingRef.current = false;
      setPlacing(false);
      setError({ message: ORDER_FAILED_MESSAGE, hint: CHECKOUT_MESSAGES.checkConnectionTryAgain });
      log("Échec réseau lors de la commande");
      return;
    }
    const payload = (await response.json().catch(() => null)) as OrderAnswer | null;
    placingRef.current = false;
    setPlacing(false);
    if (response.ok && payload?.data) {
      showConfirmation(payload.data);
      return;
    }
    const authenticationId = payload?.next_action?.type === "authenticate" ? payload.next_action.authentication_id : undefined;
    if (response.status === 402 && authenticationId) {
      // The bank asks the shopper to authenticate (3-D Secure): the attempt and its key wait.
      dismissedBody.current = bodyJson;
      const typed = cardDigits(card.number);
      setChallengeError(null);
      setChallenge({
        authenticationId,
        amountCents: quote.card_cents,
        lastFour: savedCard ? savedCard.last4 : typed.length >= 12 ? typed.slice(-4) : null,
      });
      log("Authentification 3-D Secure demandée");
      return;
    }
    // The server answered no: the next attempt is a new one.
    showRefusal(response.status, payload);
  }

  if (step === "confirmation" && order) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-10 sm:px-6">
        <CheckoutSteps current="confirmation" />
        <div className="mt-8 rounded-2xl border border-line bg-cream p-6 sm:p-8">
          <h1 ref={headingRef} tabIndex={-1} className="text-center font-display text-3xl outline-none">
            {t("checkout.confirmation.title")}
          </h1>
          <p className="mt-4 text-center">
            <T
              k="checkout.confirmation.text"
              values={{ number: order.number, email: order.metadata.customer_info?.email ?? contact.email }}
              components={{ 0: <strong />, 1: <span className="break-words" /> }}
            />
          </p>
          <OrderConfirmation order={order} />
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <Link to="/dashboard?tab=orders" className={primaryButtonClass}>
              {t("checkout.confirmation.viewOrder")}
            </Link>
            <Link to="/products" className={secondaryButtonClass}>
              {t("checkout.continueShopping")}
            </Link>
          </div>
        </div>
      </div>
    );
  }

  if (!mounted) {
    return (
      <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
        <h1 className="font-display text-3xl sm:text-4xl">{t("checkout.title")}</h1>
        <p role="status" className="mt-6 text-muted">
          {t("checkout.loading")}
        </p>
      </div>
    );
  }

  if (cart.items.length === 0 && cart.giftCards.length === 0) {
    return (
      <div className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="font-display text-3xl">{t("checkout.empty.title")}</h1>
        <p className="mt-4 text-muted">{t("checkout.empty.text")}</p>
        <Link to="/products" className={`${primaryButtonClass} mt-8`}>
          {t("checkout.empty.cta")}
        </Link>
      </div>
    );
  }

  const canUsePoints = (quote?.points_balance ?? account.pointsBalance) >= BEAUTY_PASS_REDEEM_STEP_POINTS;
  const pointOptions: number[] = [];
  for (let p = 0; p <= (quote?.max_redeemable_points ?? 0); p += BEAUTY_PASS_REDEEM_STEP_POINTS) pointOptions.push(p);
  const orderBlocked =
    !quote ||
    quote.problems.length > 0 ||
    (quote.needs_address && !quote.shipping) ||
    quote.gift_card_refusals.length > 0 ||
    quote.delivery_error !== null;
  const cardNeeded = !quote || quote.card_cents > 0;
  const promoField = (
    <PromoCodeField
      applied={quote?.promo?.code ?? null}
      discountCents={quote?.promo_discount_cents ?? 0}
      error={promoCode ? (quote?.promo_error ?? null) : null}
      busy={quoteLoading}
      onApply={(code) => {
        setPromoCode(code);
        setQuoteTick((t) => t + 1);
        log(`Code promo demandé : ${code}`);
      }}
      onRemove={() => setPromoCode(null)}
    />
  );

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <h1 className="font-display text-3xl sm:text-4xl">{t("checkout.title")}</h1>
      <CheckoutSteps current={step} />

      {step === "shipping" && (
        <div className="mt-8 grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <div className="space-y-8">
            <h2 id="checkout-shipping-title" ref={headingRef} tabIndex={-1} className="font-display text-2xl outline-none">
              {t("checkout.shipping.title")}
            </h2>
            {/* The address selector stays outside this form: its own dialog holds the address form. */}
            <form id={shippingFormId} noValidate onSubmit={continueToPayment} aria-labelledby="checkout-shipping-title">
              <ContactInfoFields values={contact} errors={contactErrors} onChange={editContact} />
            </form>
            <AddressSelector
              initialAddresses={addresses}
              onAddressesChange={setAddresses}
              selectedId={address?.id ?? null}
              onSelect={selectAddress}
              prefill={{ first_name: account.firstName, last_name: account.lastName, phone: contact.phone || account.phone }}
              onLog={onLog}
            />
            {lines.length > 0 && (
              <DeliveryMethodPicker
                options={address ? (quote?.delivery_options ?? []) : []}
                method={deliveryMethod}
                onMethodChange={(next) => {
                  setDeliveryMethod(next);
                  setError(null);
                  log(`Mode de livraison : ${next}`);
                }}
                relayPoint={relayPoint}
                onRelayPointChange={(point) => {
                  setRelayPoint(point);
                  setError(null);
                  if (point) log(`Point relais : ${point.id}`);
                }}
                postalCode={address && address.country === "France" ? address.postal_code : null}
                loading={quoteLoading}
                error={address && quote?.delivery_error && !(deliveryMethod === "relay" && !relayPoint) ? quote.delivery_error : null}
              />
            )}
            {error && <CheckoutErrorBox message={errorText(error)} hint={error.hint && translateMessage(error.hint)} />}
            <div className="flex flex-wrap justify-between gap-3">
              <Link to="/products" className={secondaryButtonClass}>
                {t("checkout.continueShopping")}
              </Link>
              <button type="submit" form={shippingFormId} className={primaryButtonClass}>
                {t("checkout.shipping.toPayment")}
              </button>
            </div>
          </div>
          <aside aria-label={t("checkout.shipping.cartLabel")}>
            <OrderSummary quote={quote} loading={quoteLoading} promoField={promoField} />
            {quoteResult && !quoteResult.ok && (
              <div className="mt-4">
                <CheckoutErrorBox message={translateMessage(quoteResult.message)} />
              </div>
            )}
            {quote && quote.problems.length > 0 && (
              <div className="mt-4">
                <CheckoutErrorBox message={quoteProblemText(quote)} hint={translateMessage(STOCK_HINT)} />
              </div>
            )}
            {quote?.shipping_notices.map((notice) => (
              <p key={notice} role="note" className="mt-4 rounded-xl border border-line bg-cream p-4 text-sm">
                {translateMessage(notice)}
              </p>
            ))}
          </aside>
        </div>
      )}

      {step === "payment" && (address || !needsAddress) && (
        <div className="mt-8 grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
          {/* The recap comes first in reading order (shown before the order button), right on desktop. */}
          <aside aria-label={t("checkout.payment.orderLabel")} className="lg:order-2">
            <OrderSummary
              quote={quote}
              loading={quoteLoading}
              address={address}
              contact={contact}
              title={t("checkout.payment.summaryTitle")}
              headingLevel={3}
              promoField={promoField}
            />
          </aside>
          <form noValidate onSubmit={submitOrder} aria-labelledby="checkout-payment-title" className="min-w-0 space-y-8 lg:order-1">
            <h2 id="checkout-payment-title" ref={headingRef} tabIndex={-1} className="font-display text-2xl outline-none">
              {t("checkout.payment.title")}
            </h2>
            {cardNeeded && offerSavedCards ? (
              <SavedCardChoice
                cards={savedCards}
                choice={paymentChoice}
                onChoiceChange={choosePayment}
                cvc={savedCvc}
                cvcError={savedCvcError}
                onCvcChange={editSavedCvc}
                newCardFields={
                  <CardFields
                    values={card}
                    errors={cardErrors}
                    onChange={editCard}
                    saveCard={saveCard}
                    onSaveCardChange={setSaveCard}
                    nested
                  />
                }
              />
            ) : cardNeeded ? (
              <CardFields values={card} errors={cardErrors} onChange={editCard} saveCard={saveCard} onSaveCardChange={setSaveCard} />
            ) : (
              <p className="rounded-xl bg-cream p-4 text-sm">{t("checkout.payment.coveredByGiftCards")}</p>
            )}
            {cardNeeded && quote && <InstalmentsChoice cardCents={quote.card_cents} />}

            <fieldset>
              <legend className="text-lg font-semibold">Beauty Pass</legend>
              {canUsePoints ? (
                <label className="mt-3 block text-sm font-medium">
                  {t("checkout.payment.usePoints", { count: quote?.points_balance ?? account.pointsBalance })}
                  <select
                    name="points_to_use"
                    value={Math.min(points, quote?.max_redeemable_points ?? 0)}
                    onChange={(e) => {
                      setPoints(Number(e.target.value));
                      log(`Points choisis : ${e.target.value}`);
                    }}
                    className={`${inputClass} sm:w-80`}
                  >
                    {pointOptions.map((p) => (
                      <option key={p} value={p}>
                        {p === 0
                          ? t("checkout.payment.noPoints")
                          : t("checkout.payment.pointsOption", {
                              points: p,
                              amount: formatPrice((p / BEAUTY_PASS_REDEEM_STEP_POINTS) * BEAUTY_PASS_REDEEM_STEP_CENTS),
                            })}
                      </option>
                    ))}
                  </select>
                </label>
              ) : (
                <p className="mt-3 text-sm text-muted">
                  {t("checkout.payment.pointsExplained", {
                    count: quote?.points_balance ?? account.pointsBalance,
                    step: BEAUTY_PASS_REDEEM_STEP_POINTS,
                    amount: formatPrice(BEAUTY_PASS_REDEEM_STEP_CENTS),
                  })}
                </p>
              )}
            </fieldset>

            <GiftCardPayment codes={giftCardCodes} onChange={setGiftCardCodes} quote={quote} />

            {quote && quote.problems.length > 0 && (
              <CheckoutErrorBox message={quoteProblemText(quote)} hint={translateMessage(STOCK_HINT)} />
            )}
            {error && <CheckoutErrorBox message={errorText(error)} hint={error.hint && translateMessage(error.hint)} />}
            {quoteResult && !quoteResult.ok && <CheckoutErrorBox message={translateMessage(quoteResult.message)} />}
            {challengeWaiting && (
              <p role="status" className="rounded-xl border border-line bg-cream p-4 text-sm">
                {t("checkout.payment.challengeWaiting")}
              </p>
            )}

            <div className="flex flex-wrap justify-between gap-3">
              <button type="button" onClick={backToShipping} disabled={placing} className={secondaryButtonClass}>
                {t("checkout.payment.back")}
              </button>
              <span className="flex flex-wrap items-center gap-3">
                {placing && (
                  <span role="status" className="text-sm text-muted">
                    {t("checkout.payment.inProgress")}
                  </span>
                )}
                <button
                  ref={orderButtonRef}
                  type="submit"
                  disabled={placing || orderBlocked || quoteLoading}
                  aria-busy={placing || undefined}
                  className={primaryButtonClass}
                >
                  {t("checkout.payment.placeOrder")}
                </button>
              </span>
            </div>
            <p className="text-xs text-muted">
              <T k="checkout.payment.terms" components={{ 0: <Link to="/conditions-generales" className="underline" /> }} />
            </p>
          </form>
        </div>
      )}
      {challenge && (
        <AuthenticationDialog
          challenge={challenge}
          busy={challengeBusy}
          error={challengeError}
          onAnswer={answerChallenge}
          onDismiss={dismissChallenge}
          returnFocusTo={orderButtonRef}
        />
      )}
    </div>
  );
}

/** A stock problem in the page's language, with the product's name (product data, as written) and the quantity left. */
function wordStockProblem(t: Translate, problem: StockProblem): string {
  switch (problem.code) {
    case "item_unavailable":
      return t("checkout.message.stockProblem.itemUnavailable");
    case "sold_out":
      return t("checkout.message.stockProblem.soldOut", { name: problem.name });
    case "insufficient":
      return t("checkout.message.stockProblem.insufficient", { name: problem.name, available: problem.available });
  }
}
