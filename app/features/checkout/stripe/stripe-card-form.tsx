/**
 * The card form with Stripe (decision 059): Stripe's Payment Element, in Stripe's own frames, so
 * that the card number, expiry and CVC go from the browser to Stripe only (PCI DSS SAQ A). Cartes
 * Bancaires co-badged cards (with the brand choice), Apple Pay and Google Pay come through it.
 * Loaded on its own (a dynamic import) only when the shop is configured with Stripe: the
 * demonstration's checkout never downloads it. It hands the checkout a `StripeCardFormHandle`
 * once Stripe.js and the Elements are ready, and null when they go.
 */
import { useEffect, useState } from "react";
import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import { STRIPE_APPEARANCE, useStripeJs } from "~/lib/stripe-js";
import { useT, useTranslateMessage } from "~/components/ui/i18n";
import type { Language } from "~/domain/i18n/languages";
import * as CHECKOUT_MESSAGES from "~/domain/messages/checkout";
import { authenticateWith, createPaymentMethodWith, type StripeCardFormHandle } from "./stripe-bridge";

export type StripeCardFormProps = {
  publishableKey: string;
  /** What the card pays now: the Elements show it (Apple Pay, Google Pay) and must match the PaymentIntent. */
  amountCents: number;
  language: Language;
  onHandle: (handle: StripeCardFormHandle | null) => void;
};

export default function StripeCardForm({ publishableKey, amountCents, language, onHandle }: StripeCardFormProps) {
  const t = useT();
  const translateMessage = useTranslateMessage();
  const { stripe, unavailable, markUnavailable } = useStripeJs(publishableKey);
  const [ready, setReady] = useState(false);

  if (unavailable) {
    return (
      <p role="alert" className="rounded-xl border border-danger/40 bg-danger/5 p-4 text-sm">
        {translateMessage(CHECKOUT_MESSAGES.paymentFormUnavailable)}
      </p>
    );
  }
  return (
    <div className="min-w-0">
      {!ready && (
        <p role="status" className="text-sm text-muted">
          {t("checkout.card.stripeLoading")}
        </p>
      )}
      <Elements
        stripe={stripe}
        options={{
          mode: "payment",
          amount: amountCents,
          currency: "eur",
          paymentMethodCreation: "manual",
          locale: language,
          appearance: STRIPE_APPEARANCE,
        }}
      >
        <HandleBridge onHandle={onHandle} />
        <PaymentElement options={{ layout: "tabs" }} onReady={() => setReady(true)} onLoadError={markUnavailable} />
      </Elements>
    </div>
  );
}

/** Hands the checkout what it may ask of Stripe once `stripe` and `elements` exist. */
function HandleBridge({ onHandle }: { onHandle: StripeCardFormProps["onHandle"] }) {
  const stripe = useStripe();
  const elements = useElements();
  useEffect(() => {
    if (!stripe || !elements) return;
    onHandle({
      createPaymentMethod: (options) => createPaymentMethodWith(stripe, elements, options),
      authenticate: (clientSecret) => authenticateWith(stripe, clientSecret),
    });
    return () => onHandle(null);
  }, [stripe, elements, onHandle]);
  return null;
}
