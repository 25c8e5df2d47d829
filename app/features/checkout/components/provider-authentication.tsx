import { useEffect, useRef, type RefObject } from "react";
import { secondaryButtonClass } from "~/components/ui/form-parts";
import { useT, useTranslateMessage } from "~/components/ui/i18n";
import type { AuthenticationResult, Submission } from "../checkout-machine";
import type { StripeCardFormHandle } from "../stripe/stripe-bridge";

type Authenticating = Extract<Submission, { status: "authenticating" }>;

/**
 * 3-D Secure with Stripe (decision 059): Stripe.js shows the bank's own dialog for the
 * PaymentIntent the server created; its end (passed, failed or closed) is sent to our server,
 * which asks Stripe for the outcome. Shown meanwhile: a status line, and a way to send the answer
 * again when our server could not be reached (the dialog is not shown twice for one payment).
 */
export function ProviderAuthentication({
  submission,
  handle,
  onAnswer,
  log,
}: {
  submission: Authenticating;
  handle: RefObject<StripeCardFormHandle | null>;
  onAnswer: (result: AuthenticationResult) => void;
  log: (line: string) => void;
}) {
  const t = useT();
  const translateMessage = useTranslateMessage();
  const { authenticationId, clientSecret } = submission.challenge;
  const shown = useRef<string | null>(null);
  const lastResult = useRef<AuthenticationResult | null>(null);

  useEffect(() => {
    if (!clientSecret || shown.current === authenticationId) return;
    shown.current = authenticationId;
    const form = handle.current;
    if (!form) {
      // The card form is gone (the page changed): our server settles the payment with Stripe.
      lastResult.current = "failed";
      onAnswer("failed");
      return;
    }
    log("Authentification 3-D Secure : fenêtre de la banque (Stripe)");
    void form.authenticate(clientSecret).then((result) => {
      lastResult.current = result;
      onAnswer(result);
    });
  }, [authenticationId, clientSecret, handle, onAnswer, log]);

  const retry = submission.answer === null && submission.error !== null && lastResult.current !== null;
  return (
    <div className="mx-auto mt-6 max-w-xl rounded-xl border border-line bg-cream p-4 text-sm">
      <p role="status">{t("checkout.auth.withBank")}</p>
      {retry && (
        <div role="alert" className="mt-3">
          <p>{translateMessage(submission.error!)}</p>
          <button type="button" className={`${secondaryButtonClass} mt-3`} onClick={() => onAnswer(lastResult.current!)}>
            {t("checkout.auth.retry")}
          </button>
        </div>
      )}
    </div>
  );
}
