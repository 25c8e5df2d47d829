import { lazy, Suspense } from "react";
import { useLanguage, useT } from "~/components/ui/i18n";
import type { StripeCardFormHandle } from "../stripe/stripe-bridge";
import { SaveCardCheckbox } from "./card-fields";

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
      <SaveCardCheckbox saveCard={saveCard} onSaveCardChange={onSaveCardChange} />
      <p className="mt-2 text-xs text-muted">{t("checkout.card.stripeNote")}</p>
    </fieldset>
  );
}
