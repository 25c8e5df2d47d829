import { lazy, Suspense } from "react";
import { useLanguage, useT } from "~/components/ui/i18n";
import type { StripeCardFormHandle } from "../stripe/stripe-bridge";

/* Stripe.js and its React wrapper load only with a Stripe configuration, when the payment step shows. */
const StripeCardForm = lazy(() => import("../stripe/stripe-card-form"));

/**
 * The new card with Stripe (decision 059): Stripe's Payment Element in place of our fields, the
 * save choice, and what happens to the card. `nested`: under the "Nouvelle carte" choice.
 */
export function ProviderCardFields({
  publishableKey,
  amountCents,
  onHandle,
  saveCard,
  onSaveCardChange,
  nested = false,
}: {
  publishableKey: string;
  amountCents: number;
  onHandle: (handle: StripeCardFormHandle | null) => void;
  saveCard: boolean;
  onSaveCardChange: (value: boolean) => void;
  nested?: boolean;
}) {
  const t = useT();
  const language = useLanguage();
  return (
    <fieldset className="min-w-0">
      <legend className={nested ? "sr-only" : "text-lg font-semibold"}>
        {t(nested ? "checkout.card.newCard" : "checkout.card.legend")}
      </legend>
      <div className="mt-3">
        <Suspense
          fallback={
            <p role="status" className="text-sm text-muted">
              {t("checkout.card.stripeLoading")}
            </p>
          }
        >
          <StripeCardForm publishableKey={publishableKey} amountCents={amountCents} language={language} onHandle={onHandle} />
        </Suspense>
      </div>
      <label className="mt-4 flex min-h-11 items-center gap-3 text-sm font-medium">
        <input
          type="checkbox"
          name="save_card"
          checked={saveCard}
          onChange={(e) => onSaveCardChange(e.target.checked)}
          className="h-5 w-5 accent-accent"
        />
        {t("checkout.card.save")}
      </label>
      <p className="mt-2 text-xs text-muted">{t("checkout.card.stripeNote")}</p>
    </fieldset>
  );
}
