/**
 * The add-card form of Moyens de paiement with Stripe (decision 059, "Saved cards"): Stripe's
 * Payment Element in setup mode, in Stripe's own frames, so the card number, expiry and CVC go from
 * the browser to Stripe only (PCI DSS SAQ A), with the shop's own holder field and default choice.
 * Loaded on its own (a dynamic import from payment-tab.tsx) only when the shop takes cards by
 * Stripe: the demonstration's account never downloads it.
 */
import { useId, useRef, useState, type FormEvent } from "react";
import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import { FieldShell, errorIdOf } from "~/components/ui/field";
import { FormMessage, inputClass, primaryButtonClass, secondaryButtonClass } from "~/components/ui/form-parts";
import { useT, useTranslateMessage } from "~/components/ui/i18n";
import type { Language } from "~/domain/i18n/languages";
import * as CHECKOUT_MESSAGES from "~/domain/messages/checkout";
import {
  CARD_HOLDER_MAX,
  CardSetupSaveSchema,
  paymentMethodFieldErrors,
  type PaymentMethodView,
} from "~/domain/payment-methods/payment-method.schema";
import { STRIPE_APPEARANCE, useStripeJs } from "~/lib/stripe-js";
import { saveCardFromSetup, startCardSetup } from "../payment-method-api";
import { saveCardWithStripe } from "../stripe-card-setup";

export type StripeCardSetupFormProps = {
  publishableKey: string;
  language: Language;
  /** Offer "Définir comme carte par défaut" (the first card is the default anyway). */
  showDefaultToggle: boolean;
  onSaved: (card: PaymentMethodView) => void;
  onCancel: () => void;
};

const SETUP_API = { start: startCardSetup, save: saveCardFromSetup };

export default function StripeCardSetupForm({ publishableKey, language, ...rest }: StripeCardSetupFormProps) {
  const t = useT();
  const tm = useTranslateMessage();
  const { stripe, unavailable, markUnavailable } = useStripeJs(publishableKey);

  if (unavailable) {
    return (
      <div className="space-y-4">
        <p role="alert" className="rounded-xl border border-danger/40 bg-danger/5 p-4 text-sm">
          {tm(CHECKOUT_MESSAGES.paymentFormUnavailable)}
        </p>
        <div className="flex justify-end">
          <button type="button" onClick={rest.onCancel} className={secondaryButtonClass}>
            {t("account.cancel")}
          </button>
        </div>
      </div>
    );
  }
  return (
    <Elements
      stripe={stripe}
      options={{ mode: "setup", currency: "eur", setupFutureUsage: "off_session", locale: language, appearance: STRIPE_APPEARANCE }}
    >
      <SetupFields {...rest} onUnavailable={markUnavailable} />
    </Elements>
  );
}

function SetupFields({
  showDefaultToggle,
  onSaved,
  onCancel,
  onUnavailable,
}: Omit<StripeCardSetupFormProps, "publishableKey" | "language"> & { onUnavailable: () => void }) {
  const t = useT();
  const tm = useTranslateMessage();
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [holder, setHolder] = useState("");
  const [isDefault, setIsDefault] = useState(false);
  const [holderError, setHolderError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const holderRef = useRef<HTMLInputElement>(null);
  const holderId = `${useId()}-holder`;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    event.stopPropagation();
    if (busy || !stripe || !elements || !ready) return;
    const parsed = CardSetupSaveSchema.safeParse({ holder, is_default: isDefault });
    if (!parsed.success) {
      setHolderError(paymentMethodFieldErrors(parsed.error).holder ?? null);
      holderRef.current?.focus();
      return;
    }
    setBusy(true);
    setFormError(null);
    const outcome = await saveCardWithStripe(
      stripe,
      elements,
      { holder: parsed.data.holder, is_default: parsed.data.is_default },
      SETUP_API,
    );
    setBusy(false);
    if (outcome.ok) {
      onSaved(outcome.card);
      return;
    }
    if (outcome.fieldErrors.holder) {
      setHolderError(outcome.fieldErrors.holder);
      holderRef.current?.focus();
      return;
    }
    setFormError(outcome.message);
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-label={t("account.cardForm.label")} aria-busy={busy || undefined}>
      <p className="text-sm text-muted">{t("account.cardForm.stripeIntro")}</p>
      {!ready && (
        <p role="status" className="text-sm text-muted">
          {t("account.cardForm.stripeLoading")}
        </p>
      )}
      <PaymentElement
        options={{ layout: "tabs" }}
        onReady={() => setReady(true)}
        onLoadError={onUnavailable}
        onChange={() => setFormError(null)}
      />
      <FieldShell id={holderId} label={t("account.cardForm.holder")} required error={holderError ? tm(holderError) : undefined}>
        <input
          ref={holderRef}
          id={holderId}
          name="holder"
          type="text"
          autoComplete="cc-name"
          maxLength={CARD_HOLDER_MAX}
          value={holder}
          onChange={(e) => {
            setHolder(e.target.value);
            setHolderError(null);
          }}
          aria-required
          aria-invalid={holderError ? true : undefined}
          aria-describedby={errorIdOf(holderId, holderError ?? undefined)}
          data-autofocus
          className={inputClass}
        />
      </FieldShell>
      {showDefaultToggle && (
        <label className="flex min-h-11 items-center gap-3 text-sm font-medium">
          <input
            type="checkbox"
            name="is_default"
            checked={isDefault}
            onChange={(e) => setIsDefault(e.target.checked)}
            className="h-5 w-5 accent-accent"
          />
          {t("account.cardForm.makeDefault")}
        </label>
      )}
      {formError && <FormMessage tone="error">{tm(formError)}</FormMessage>}
      <div className="flex flex-wrap justify-end gap-3">
        <button type="button" onClick={onCancel} className={secondaryButtonClass}>
          {t("account.cancel")}
        </button>
        <button type="submit" disabled={busy || !ready} className={primaryButtonClass}>
          {t(busy ? "account.cardForm.confirming" : "account.cardForm.save")}
        </button>
      </div>
    </form>
  );
}
