import { useId } from "react";
import { useT, useTranslateMessage, type MessageKey } from "~/components/ui/i18n";
import { inputClass } from "~/components/ui/form-parts";
import { FieldShell, errorIdOf } from "~/components/ui/field";
import {
  CHECKOUT_CONTACT_NAME_MAX,
  TEST_CARD_APPROVED,
  TEST_CARD_AUTHENTICATION,
  TEST_CARD_DECLINED,
} from "~/domain/checkout/checkout.schema";
import type { CardErrors, CardValues } from "./checkout-types";
import { formatCardNumberInput, formatExpiryInput } from "~/domain/payment-methods/payment-method.schema";

const FIELDS: {
  name: keyof CardValues;
  label: MessageKey;
  autoComplete: string;
  max: number;
  placeholder?: string;
  inputMode?: "numeric";
  wide?: boolean;
}[] = [
  { name: "holder", label: "checkout.card.holder", autoComplete: "cc-name", max: CHECKOUT_CONTACT_NAME_MAX, wide: true },
  {
    name: "number",
    label: "checkout.card.number",
    autoComplete: "cc-number",
    max: 23,
    inputMode: "numeric",
    wide: true,
    placeholder: "1234 5678 9012 3456",
  },
  {
    name: "expiry",
    label: "checkout.card.expiry",
    autoComplete: "cc-exp",
    max: 7,
    placeholder: "checkout.card.expiryPlaceholder",
    inputMode: "numeric",
  },
  { name: "cvc", label: "checkout.card.cvc", autoComplete: "cc-csc", max: 4, inputMode: "numeric", placeholder: "123" },
];

/** "4242424242424242" -> "4242 4242 4242 4242"; "1228" -> "12/28". */
function formatInput(name: keyof CardValues, value: string): string {
  if (name === "number") return formatCardNumberInput(value);
  if (name === "expiry") return formatExpiryInput(value);
  if (name === "cvc") return value.replace(/\D/g, "").slice(0, 4);
  return value;
}

/**
 * The card form of the simulated payment. The card number and the CVC only travel to the
 * payment step of the order request, which passes them once to the provider; a card to keep is
 * kept by the provider (the shop stores its token, brand, last four digits and expiry).
 * `nested`: shown under the "Nouvelle carte" choice, whose radio already names it.
 */
export function CardFields({
  values,
  errors,
  onChange,
  saveCard,
  onSaveCardChange,
  nested = false,
}: {
  values: CardValues;
  errors: CardErrors;
  onChange: (name: keyof CardValues, value: string) => void;
  saveCard: boolean;
  onSaveCardChange: (value: boolean) => void;
  nested?: boolean;
}) {
  const baseId = useId();
  const t = useT();
  const translateMessage = useTranslateMessage();
  return (
    <fieldset>
      <legend className={nested ? "sr-only" : "text-lg font-semibold"}>
        {t(nested ? "checkout.card.newCard" : "checkout.card.legend")}
      </legend>
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        {FIELDS.map((field) => {
          const id = `${baseId}-${field.name}`;
          return (
            <FieldShell
              key={field.name}
              id={id}
              label={t(field.label)}
              required
              error={errors[field.name] && translateMessage(errors[field.name]!)}
              className={field.wide ? "sm:col-span-2" : ""}
            >
              <input
                id={id}
                name={`card_${field.name}`}
                type="text"
                value={values[field.name]}
                onChange={(e) => onChange(field.name, formatInput(field.name, e.target.value))}
                autoComplete={field.autoComplete}
                inputMode={field.inputMode}
                maxLength={field.max}
                placeholder={field.placeholder && (field.name === "expiry" ? t("checkout.card.expiryPlaceholder") : field.placeholder)}
                aria-required
                aria-invalid={errors[field.name] ? true : undefined}
                aria-describedby={errorIdOf(id, errors[field.name])}
                className={inputClass}
              />
            </FieldShell>
          );
        })}
      </div>
      <SaveCardCheckbox saveCard={saveCard} onSaveCardChange={onSaveCardChange} />
      <p className="mt-2 text-xs text-muted">
        {t("checkout.card.simulated", {
          approved: TEST_CARD_APPROVED,
          declined: TEST_CARD_DECLINED,
          authentication: TEST_CARD_AUTHENTICATION,
        })}
      </p>
    </fieldset>
  );
}

/** 'Enregistrer cette carte', under either card form (ours or the provider's). */
export function SaveCardCheckbox({ saveCard, onSaveCardChange }: { saveCard: boolean; onSaveCardChange: (value: boolean) => void }) {
  const t = useT();
  return (
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
  );
}
