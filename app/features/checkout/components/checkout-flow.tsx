import { useCallback, useEffect, useEffectEvent, useMemo, useReducer, useRef, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { toOrderLine, useCart } from "~/features/cart/public/cart-store";
import type { SavedAddressView } from "~/domain/addresses/address.schema";
import { primaryButtonClass } from "~/components/ui/form-parts";
import { useT } from "~/components/ui/i18n";
import { canSubmitOrder, checkPayment, checkShipping, checkoutReducer, initialCheckoutState } from "../checkout-machine";
import { useProviderCardForm } from "../use-provider-card-form";
import { useCheckoutQuote } from "../use-checkout-quote";
import { useOrderRequests } from "../use-order-requests";
import { AuthenticationDialog } from "./authentication-dialog";
import { ProviderAuthentication } from "./provider-authentication";
import { CheckoutSteps } from "./checkout-steps";
import type { CheckoutAccount, CheckoutLogger } from "./checkout-types";
import { ConfirmationStep } from "./confirmation-step";
import { instalmentsOf } from "./instalments-choice";
import { PaymentStep } from "./payment-step";
import { PromoCodeField } from "./promo-code-field";
import { NEW_CARD_CHOICE } from "./saved-card-choice";
import { ShippingStep } from "./shipping-step";

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
 * Amounts come from the server's quote; the order is placed by POST /api/v1/orders. The steps,
 * the submission and 3-D Secure are the state machine of ../checkout-machine.ts; this component
 * runs its effects (quote, requests, focus, log) and dispatches what happened.
 */
export function CheckoutFlow({ account, onLog }: CheckoutFlowProps) {
  const t = useT();
  const cart = useCart();
  const [mounted, setMounted] = useState(false);
  // Saved cards the provider keeps (usable, or expired and shown disabled).
  const savedCards = useMemo(() => account.paymentMethods.filter((c) => c.usable || c.expired), [account.paymentMethods]);
  const [state, dispatch] = useReducer(checkoutReducer, undefined, () =>
    initialCheckoutState({
      contact: { email: account.email, name: account.name, phone: account.phone },
      business: account.businessInvoice,
      paymentChoice: savedCards.find((c) => c.usable && c.is_default)?.id ?? savedCards.find((c) => c.usable)?.id ?? NEW_CARD_CHOICE,
    }),
  );
  const { step, form } = state;
  // Kept here so the list survives the selector's unmount while the payment step shows.
  const [addresses, setAddresses] = useState<SavedAddressView[] | null>(account.addresses);
  const orderButtonRef = useRef<HTMLButtonElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstStepRender = useRef(true);
  const log = useCallback((line: string) => onLog?.(line), [onLog]);
  const cardForm = useProviderCardForm(account.payment);
  // The free samples ticked (decision 067): kept here so going back to Livraison keeps them.
  const [sampleIds, setSampleIds] = useState<string[]>([]);

  useEffect(() => setMounted(true), []);

  // The quote follows the cart, the address and the points.
  const lines = useMemo(() => cart.items.map(toOrderLine), [cart.items]);
  // Gift cards bought: the configured cards, without their local line id.
  const giftCards = useMemo(() => cart.giftCards.map(({ id: _id, ...card }) => card), [cart.giftCards]);
  const needsAddress = lines.length > 0 || giftCards.some((c) => c.deliveryMode === "physical");
  const quoteState = useCheckoutQuote({ form, lines, giftCards, enabled: mounted, step, refresh: state.quoteRefresh });
  const { quote } = quoteState;

  // A method the new address is not offered (express to Corsica) and points beyond what the
  // balance and the merchandise allow are brought back within the quote.
  useEffect(() => {
    if (quote) {
      dispatch({
        type: "quoteReceived",
        deliveryMethods: quote.delivery_options.map((o) => o.code),
        maxRedeemablePoints: quote.max_redeemable_points,
      });
    }
  }, [quote, form.deliveryMethod, form.points]);

  // Focus the new step's heading (keyboard and screen-reader users land on it).
  useEffect(() => {
    if (firstStepRender.current) {
      firstStepRender.current = false;
      return;
    }
    headingRef.current?.focus();
    log(`Étape : ${step}`);
  }, [step, log]);

  useOrderRequests(state.submission, dispatch, log);

  // A billed address no longer among the saved ones is not sent: the delivery address is billed.
  const billingAddressId = form.business.billingAddressId;
  useEffect(() => {
    if (billingAddressId && addresses && !addresses.some((a) => a.id === billingAddressId)) {
      dispatch({ type: "billingAddressChosen", addressId: null });
    }
  }, [billingAddressId, addresses]);

  const selectAddress = useCallback(
    (next: SavedAddressView | null) => {
      dispatch({ type: "addressSelected", address: next });
      if (next) log(`Adresse de livraison : ${next.postal_code} ${next.city}`);
    },
    [log],
  );

  function tryContinueToPayment() {
    const check = checkShipping({ form, needsAddress, quoteStale: quoteState.stale, deliveryError: quote?.delivery_error ?? null });
    if (check.kind === "contactInvalid") log("Informations client invalides");
    else if (check.kind === "businessInvalid") log("Informations de l'entreprise invalides");
    else if (check.kind === "addressMissing") log("Aucune adresse sélectionnée");
    else if (check.kind === "addressIncomplete" || check.kind === "deliveryRefused") log(check.message);
    dispatch({ type: "continueChecked", check });
  }

  function continueToPayment(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    tryContinueToPayment();
  }

  // 'Continuer' pressed while the quote followed a change: decided once the fresh quote is in.
  const continueOnceQuoted = useEffectEvent(() => tryContinueToPayment());
  useEffect(() => {
    if (state.continueRequested && !quoteState.stale) continueOnceQuoted();
  }, [state.continueRequested, quoteState.stale]);

  async function submitOrder(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSubmitOrder(state) || cardForm.preparing) return;
    const formElement = event.currentTarget;
    const instalments = instalmentsOf(formElement);
    const freshKey = newAttemptKey();
    const prepared = await cardForm.prepare({
      newCard: !savedCards.some((c) => c.id === form.paymentChoice && c.usable),
      cardCents: quote?.card_cents ?? 0,
      keep: form.saveCard || instalments === 3,
    });
    if (!prepared.ok) {
      log(`Carte non validée : ${prepared.message}`);
      dispatch({ type: "orderSubmitted", check: { kind: "blocked", error: { message: prepared.message } }, freshKey });
      return;
    }
    const check = checkPayment({
      form,
      quote,
      needsAddress,
      savedCards,
      lines,
      giftCards,
      instalments,
      cardForm: prepared.cardForm,
      sampleIds,
    });
    if (check.kind === "cvcInvalid") {
      formElement.querySelector<HTMLInputElement>('input[name="cvc"]')?.focus();
      log("Cryptogramme invalide");
    } else if (check.kind === "cardInvalid") {
      log("Carte invalide");
    }
    dispatch({ type: "orderSubmitted", check, freshKey });
  }

  if (step === "confirmation" && state.order) {
    return <ConfirmationStep order={state.order} contactEmail={form.contact.email} headingRef={headingRef} />;
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

  const promoField = (
    <PromoCodeField
      applied={quote?.promo?.code ?? null}
      discountCents={quote?.promo_discount_cents ?? 0}
      error={form.promoCode ? (quote?.promo_error ?? null) : null}
      busy={quoteState.loading}
      onApply={(code) => {
        dispatch({ type: "promoCodeApplied", code });
        log(`Code promo demandé : ${code}`);
      }}
      onRemove={() => dispatch({ type: "promoCodeRemoved" })}
    />
  );
  const { submission } = state;

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <h1 className="font-display text-3xl sm:text-4xl">{t("checkout.title")}</h1>
      <CheckoutSteps current={step} />

      {step === "shipping" && (
        <ShippingStep
          account={account}
          form={form}
          contactErrors={state.contactErrors}
          businessErrors={state.businessErrors}
          error={state.error}
          quote={quoteState}
          hasLines={lines.length > 0}
          addresses={addresses}
          onAddressesChange={setAddresses}
          onSelectAddress={selectAddress}
          onContinue={continueToPayment}
          dispatch={dispatch}
          log={log}
          onLog={onLog}
          promoField={promoField}
          headingRef={headingRef}
        />
      )}

      {step === "payment" && (form.address || !needsAddress) && (
        <PaymentStep
          state={state}
          quote={quoteState}
          savedCards={savedCards}
          pointsBalance={account.pointsBalance}
          samples={account.samples ? { offer: account.samples, chosen: sampleIds, onChange: setSampleIds } : null}
          onSubmit={(event) => void submitOrder(event)}
          stripeForm={cardForm.stripeForm}
          onStripeHandle={cardForm.onHandle}
          preparing={cardForm.preparing}
          dispatch={dispatch}
          log={log}
          promoField={promoField}
          headingRef={headingRef}
          orderButtonRef={orderButtonRef}
        />
      )}
      {submission.status === "authenticating" && submission.challenge.clientSecret && (
        <ProviderAuthentication
          submission={submission}
          handle={cardForm.handle}
          onAnswer={(result) => dispatch({ type: "authenticationAnswered", result })}
          log={log}
        />
      )}
      {submission.status === "authenticating" && !submission.challenge.clientSecret && (
        <AuthenticationDialog
          challenge={submission.challenge}
          busy={submission.answer !== null}
          error={submission.error}
          onAnswer={(result) => dispatch({ type: "authenticationAnswered", result })}
          onDismiss={() => {
            dispatch({ type: "authenticationDismissed" });
            log("Authentification 3-D Secure fermée sans réponse");
          }}
          returnFocusTo={orderButtonRef}
        />
      )}
    </div>
  );
}
