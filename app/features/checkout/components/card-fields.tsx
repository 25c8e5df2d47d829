import { useId } from "react";
import { inputClass } from "~/components/ui/form-parts";
import { FieldShell, errorIdOf } from "~/components/ui/field";
import {
  CHECKOUT_CONTACT_NAME_MAX,
  TEST_CARD_APPROVED,
  TEST_CARD_AUTHENTICATION,
  TEST_CARD_DECLINED,
} from "~/domain/checkout/checkout.schema";
import { formatCardNumberInput, formatExpiryInput } from "~/domain/payment-methods/payment-method.schema";

export type CardValues = { holder: string; number: string; expiry: string; cvc: string };
export type CardErrors = Partial<Record<keyof CardValues, string>>;

export const EMPTY_CARD: CardValues = { holder: "", number: "", expiry: "", cvc: "" };

const FIELDS: {
  name: keyof CardValues;
  label: string;
  autoComplete: string;
  max: number;
  placeholder?: string;
  inputMode?: "numeric";
  wide?: boolean;
}[] = [
  { name: "holder", label: "Titulaire de la carte", autoComplete: "cc-name", max: CHECKOUT_CONTACT_NAME_MAX, wide: true },
  {
    name: "number",
    label: "Numéro de carte",
    autoComplete: "cc-number",
    max: 23,
    inputMode: "numeric",
    wide: true,
    placeholder: "1234 5678 9012 3456",
  },
  { name: "expiry", label: "Date d'expiration (MM/AA)", autoComplete: "cc-exp", max: 7, placeholder: "MM/AA", inputMode: "numeric" },
  { name: "cvc", label: "Cryptogramme (CVC)", autoComplete: "cc-csc", max: 4, inputMode: "numeric", placeholder: "123" },
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
  return (
    <fieldset>
      <legend className={nested ? "sr-only" : "text-lg font-semibold"}>{nested ? "Nouvelle carte" : "Carte bancaire"}</legend>
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        {FIELDS.map((field) => {
          const id = `${baseId}-${field.name}`;
          return (
            <FieldShell
              key={field.name}
              id={id}
              label={field.label}
              required
              error={errors[field.name]}
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
                placeholder={field.placeholder}
                aria-required
                aria-invalid={errors[field.name] ? true : undefined}
                aria-describedby={errorIdOf(id, errors[field.name])}
                className={inputClass}
              />
            </FieldShell>
          );
        })}
      </div>
      <label className="mt-4 flex min-h-11 items-center gap-3 text-sm font-medium">
        <input
          type="checkbox"
          name="save_card"
          checked={saveCard}
          onChange={(e) => onSaveCardChange(e.target.checked)}
          className="h-5 w-5 accent-accent"
        />
        Enregistrer cette carte
      </label>
      <p className="mt-2 text-xs text-muted">
        Paiement simulé : aucune somme n'est réellement débitée. Carte de test acceptée : {TEST_CARD_APPROVED} ; carte de test refusée :{" "}
        {TEST_CARD_DECLINED} ; carte de test avec authentification 3-D Secure : {TEST_CARD_AUTHENTICATION} (date d'expiration future,
        cryptogramme à 3 chiffres). Une carte enregistrée est conservée par notre prestataire de paiement : nous n'en gardons que la marque,
        les 4 derniers chiffres et la date d'expiration.
      </p>
    </fieldset>
  );
}
