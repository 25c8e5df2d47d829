/**
 * The bank's 3-D Secure dialog for an instalment its shopper pays (decision 035), through
 * Stripe.js: loaded on its own (a dynamic import of this file) only when the shop uses Stripe and
 * the bank asks, so the page never downloads Stripe.js otherwise. It shows the dialog once per
 * client secret and hands its end to the page, which tells our server (the server asks Stripe).
 */
import { useEffect, useRef, useState } from "react";
import { useT, useTranslateMessage } from "~/components/ui/i18n";
import * as CHECKOUT_MESSAGES from "~/domain/messages/checkout";
import { handleStripeNextAction, type StripeNextActionResult } from "~/lib/stripe-next-action";
import { stripeFor } from "~/lib/stripe-js";

export type InstalmentStripeAuthenticationProps = {
  publishableKey: string;
  clientSecret: string;
  /** The dialog is over (`problem`: Stripe.js could not load, in French): the page posts the end. */
  onAnswer: (result: StripeNextActionResult, problem?: string) => void;
};

export default function InstalmentStripeAuthentication({ publishableKey, clientSecret, onAnswer }: InstalmentStripeAuthenticationProps) {
  const t = useT();
  const translateMessage = useTranslateMessage();
  const shown = useRef<string | null>(null);
  const [unavailable, setUnavailable] = useState(false);

  useEffect(() => {
    // Once per payment: a re-render (or React's development double effect) never shows it twice.
    if (shown.current === clientSecret) return;
    shown.current = clientSecret;
    const unreachable = () => {
      setUnavailable(true);
      onAnswer("failed", CHECKOUT_MESSAGES.paymentFormUnavailable);
    };
    stripeFor(publishableKey).then(
      async (stripe) => (stripe ? onAnswer(await handleStripeNextAction(stripe, clientSecret)) : unreachable()),
      unreachable,
    );
  }, [publishableKey, clientSecret, onAnswer]);

  if (unavailable) {
    return (
      <p role="alert" className="text-sm">
        {translateMessage(CHECKOUT_MESSAGES.paymentFormUnavailable)}
      </p>
    );
  }
  return (
    <p role="status" className="text-sm">
      {t("account.instalmentPayment.withBank")}
    </p>
  );
}
