import type { Dispatch, FormEvent, ReactNode, RefObject } from "react";
import { Link } from "react-router";
import { primaryButtonClass, secondaryButtonClass } from "~/components/ui/form-parts";
import { T, useT } from "~/components/ui/i18n";
import type { PaymentMethodView } from "~/domain/payment-methods/payment-method.schema";
import { STOCK_HINT, type CheckoutEvent, type CheckoutState } from "../checkout-machine";
import type { CheckoutQuoteState } from "../use-checkout-quote";
import { BeautyPassPoints } from "./beauty-pass-points";
import { CardFields } from "./card-fields";
import { ProviderCardFields } from "./provider-card-fields";
import type { PaymentFormConfig } from "~/domain/payments/payment-form";
import type { StripeCardFormHandle } from "../stripe/stripe-bridge";
import { CheckoutErrorBox } from "./checkout-steps";
import { useCheckoutWording } from "./checkout-wording";
import { GiftCardPayment } from "./gift-card-payment";
import { InstalmentsChoice } from "./instalments-choice";
import { OrderSummary } from "./order-summary";
import { SavedCardChoice } from "./saved-card-choice";
import { SampleChoice } from "./sample-choice";
import type { SampleOffer } from "~/domain/samples/samples";

/**
 * Step 2 Paiement: the card (or a saved one), instalments, Beauty Pass points, gift cards, the
 * full recap and "Commander avec obligation de paiement".
 */
export function PaymentStep({
  state: { form, cardErrors, savedCvcError, error, submission },
  quote: { quote, loading, result },
  savedCards,
  pointsBalance,
  onSubmit,
  dispatch,
  log,
  promoField,
  headingRef,
  orderButtonRef,
  stripeForm = null,
  onStripeHandle,
  preparing = false,
  samples = null,
}: {
  state: CheckoutState;
  quote: CheckoutQuoteState;
  /** The saved cards shown (usable or expired). */
  savedCards: PaymentMethodView[];
  /** The account's balance, until the quote says it. */
  pointsBalance: number;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  dispatch: Dispatch<CheckoutEvent>;
  log: (line: string) => void;
  promoField: ReactNode;
  headingRef: RefObject<HTMLHeadingElement | null>;
  orderButtonRef: RefObject<HTMLButtonElement | null>;
  /** With Stripe, its Payment Element replaces our card fields (decision 059). */
  stripeForm?: Extract<PaymentFormConfig, { provider: "stripe" }> | null;
  onStripeHandle?: (handle: StripeCardFormHandle | null) => void;
  /** The card is being made into a PaymentMethod at Stripe before the order is sent. */
  preparing?: boolean;
  /** The free samples to choose (decision 067). */
  samples?: { offer: SampleOffer; chosen: readonly string[]; onChange: (ids: string[]) => void } | null;
}) {
  const t = useT();
  const { translateMessage, errorText, quoteProblemText } = useCheckoutWording();
  const placing = submission.status === "placing" || preparing;
  // Saved cards the provider keeps; the choice is offered only when one can pay. Cards recorded
  // before tokenization are left to Moyens de Paiement.
  const offerSavedCards = savedCards.some((c) => c.usable);
  const orderBlocked =
    !quote ||
    quote.problems.length > 0 ||
    (quote.needs_address && !quote.shipping) ||
    quote.gift_card_refusals.length > 0 ||
    quote.delivery_error !== null;
  const cardNeeded = !quote || quote.card_cents > 0;
  const editCard = (field: keyof typeof form.card, value: string) => dispatch({ type: "cardEdited", field, value });
  const setSaveCard = (save: boolean) => dispatch({ type: "saveCardChanged", save });
  const newCardFields = (nested: boolean) =>
    stripeForm && quote ? (
      <ProviderCardFields
        publishableKey={stripeForm.publishableKey}
        amountCents={quote.card_cents}
        onHandle={onStripeHandle ?? (() => undefined)}
        saveCard={form.saveCard}
        onSaveCardChange={setSaveCard}
        nested={nested}
      />
    ) : stripeForm ? (
      <p role="status" className="text-sm text-muted">
        {t("checkout.card.stripeLoading")}
      </p>
    ) : (
      <CardFields
        values={form.card}
        errors={cardErrors}
        onChange={editCard}
        saveCard={form.saveCard}
        onSaveCardChange={setSaveCard}
        nested={nested}
      />
    );

  return (
    <div className="mt-8 grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
      {/* The recap comes first in reading order (shown before the order button), right on desktop. */}
      <aside aria-label={t("checkout.payment.orderLabel")} className="lg:order-2">
        <OrderSummary
          quote={quote}
          loading={loading}
          address={form.address}
          contact={form.contact}
          title={t("checkout.payment.summaryTitle")}
          headingLevel={3}
          promoField={promoField}
        />
      </aside>
      <form noValidate onSubmit={onSubmit} aria-labelledby="checkout-payment-title" className="min-w-0 space-y-8 lg:order-1">
        <h2 id="checkout-payment-title" ref={headingRef} tabIndex={-1} className="font-display text-2xl outline-none">
          {t("checkout.payment.title")}
        </h2>
        {cardNeeded && offerSavedCards ? (
          <SavedCardChoice
            cards={savedCards}
            choice={form.paymentChoice}
            onChoiceChange={(choice) => dispatch({ type: "paymentChosen", choice })}
            cvc={form.savedCvc}
            cvcError={savedCvcError}
            onCvcChange={(value) => dispatch({ type: "savedCvcEdited", value })}
            newCardFields={newCardFields(true)}
            askCvc={!stripeForm}
          />
        ) : cardNeeded ? (
          newCardFields(false)
        ) : (
          <p className="rounded-xl bg-cream p-4 text-sm">{t("checkout.payment.coveredByGiftCards")}</p>
        )}
        {cardNeeded && quote && <InstalmentsChoice cardCents={quote.card_cents} />}

        <BeautyPassPoints
          balance={quote?.points_balance ?? pointsBalance}
          maxRedeemable={quote?.max_redeemable_points ?? 0}
          points={form.points}
          onPointsChange={(points) => {
            dispatch({ type: "pointsChosen", points });
            log(`Points choisis : ${points}`);
          }}
        />

        <GiftCardPayment codes={form.giftCardCodes} onChange={(codes) => dispatch({ type: "giftCardCodesChanged", codes })} quote={quote} />

        {samples && <SampleChoice offer={samples.offer} chosen={samples.chosen} onChange={samples.onChange} />}

        {quote && quote.problems.length > 0 && <CheckoutErrorBox message={quoteProblemText(quote)} hint={translateMessage(STOCK_HINT)} />}
        {error && <CheckoutErrorBox message={errorText(error)} hint={error.hint && translateMessage(error.hint)} />}
        {result && !result.ok && <CheckoutErrorBox message={translateMessage(result.message)} />}
        {submission.status === "waiting" && (
          <p role="status" className="rounded-xl border border-line bg-cream p-4 text-sm">
            {t("checkout.payment.challengeWaiting")}
          </p>
        )}

        <div className="flex flex-wrap justify-between gap-3">
          <button type="button" onClick={() => dispatch({ type: "backToShipping" })} disabled={placing} className={secondaryButtonClass}>
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
              disabled={placing || orderBlocked || loading}
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
  );
}
