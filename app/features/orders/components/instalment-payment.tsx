/**
 * The page of an instalment the bank wants authenticated (decision 035), for its owner: the
 * order, the amount and the due date, and "Confirmer le paiement". The button posts the route's
 * action, which charges with the shopper present; when the bank asks for its dialog (Stripe), the
 * Stripe part is loaded then, shows it, and its end is posted so the server asks Stripe. A
 * refusal says why in French and leaves the button for another try.
 */
import { lazy, Suspense, useCallback, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { useActionResult } from "~/components/ui/use-fetcher-answer";
import { primaryButtonClass, secondaryButtonClass } from "~/components/ui/form-parts";
import { useLanguage, useT, useTranslateMessage } from "~/components/ui/i18n";
import { localizedFormat } from "~/domain/i18n/localized-format";
import type { ActionResult } from "~/domain/http/action-result";
import type { PaymentFormConfig } from "~/domain/payments/payment-form";
import type { InstalmentPaymentStep, InstalmentToConfirm } from "~/domain/payments/instalments";
import type { StripeNextActionResult } from "~/lib/stripe-next-action";

const InstalmentStripeAuthentication = lazy(() => import("../stripe/instalment-stripe-authentication"));

type Phase = "payable" | "processing" | "authenticating" | "paid";

export function InstalmentPayment({ instalment, paymentForm }: { instalment: InstalmentToConfirm; paymentForm: PaymentFormConfig }) {
  const t = useT();
  const translateMessage = useTranslateMessage();
  const format = localizedFormat(useLanguage());
  const fetcher = useFetcher<ActionResult<InstalmentPaymentStep>>();
  const [phase, setPhase] = useState<Phase>(instalment.state);
  const [clientSecret, setClientSecret] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Why the dialog could not be shown (Stripe.js did not load): said instead of the server's refusal.
  const problem = useRef<string | null>(null);

  const complete = useCallback(
    (result: StripeNextActionResult, why?: string) => {
      problem.current = why ?? null;
      fetcher.submit({ intent: "complete", result }, { method: "post" });
    },
    [fetcher],
  );

  useActionResult(fetcher, {
    onSuccess: ({ data }) => {
      if (data.status === "paid") {
        setPhase("paid");
        return;
      }
      // The bank's dialog needs Stripe.js: a shop without Stripe never gets here, and says it is over.
      if (paymentForm.provider !== "stripe") return complete("failed");
      setClientSecret(data.client_secret);
      setPhase("authenticating");
    },
    onFailure: (failure) => {
      setError(problem.current ?? failure.message);
      problem.current = null;
      setClientSecret(null);
      setPhase("payable");
    },
  });

  const busy = fetcher.state !== "idle" || phase === "authenticating";
  const details = (
    <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
      <dt className="text-muted">{t("account.instalmentPayment.order")}</dt>
      <dd className="font-semibold">{instalment.order_number}</dd>
      <dt className="text-muted">{t("account.instalmentPayment.instalment")}</dt>
      <dd>{t("account.instalmentPayment.seq", { seq: instalment.seq })}</dd>
      <dt className="text-muted">{t("account.instalmentPayment.amount")}</dt>
      <dd className="font-semibold">{format.price(instalment.amount_cents)}</dd>
      <dt className="text-muted">{t("account.instalmentPayment.dueDate")}</dt>
      <dd>{format.date(`${instalment.due_date}T12:00:00Z`)}</dd>
    </dl>
  );

  if (phase === "paid") {
    return (
      <section className="rounded-2xl border border-line bg-white p-6 sm:p-8">
        <h2 className="font-display text-2xl">{t("account.instalmentPayment.paidTitle")}</h2>
        <p role="status" className="mt-3">
          {t("account.instalmentPayment.paidText", { seq: instalment.seq, orderNumber: instalment.order_number })}
        </p>
        {details}
        <Link to="/dashboard?tab=orders" className={`${secondaryButtonClass} mt-6 inline-flex`}>
          {t("account.instalmentPayment.viewOrders")}
        </Link>
      </section>
    );
  }
  return (
    <section className="rounded-2xl border border-line bg-white p-6 sm:p-8">
      <p>{t("account.instalmentPayment.intro")}</p>
      {details}
      {phase === "processing" && !error ? (
        <p role="status" className="mt-6 text-sm">
          {t("account.instalmentPayment.processing")}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="mt-6 rounded-xl border border-danger/40 bg-danger/5 p-4 text-sm">
          {translateMessage(error)}
        </p>
      ) : null}
      {phase === "authenticating" && clientSecret && paymentForm.provider === "stripe" ? (
        <div className="mt-6">
          <Suspense fallback={<p role="status">{t("account.instalmentPayment.withBank")}</p>}>
            <InstalmentStripeAuthentication publishableKey={paymentForm.publishableKey} clientSecret={clientSecret} onAnswer={complete} />
          </Suspense>
        </div>
      ) : null}
      <button
        type="button"
        className={`${primaryButtonClass} mt-6`}
        disabled={busy}
        onClick={() => {
          setError(null);
          fetcher.submit({ intent: "confirm" }, { method: "post" });
        }}
      >
        {busy ? t("account.instalmentPayment.confirming") : t("account.instalmentPayment.confirm")}
      </button>
    </section>
  );
}
