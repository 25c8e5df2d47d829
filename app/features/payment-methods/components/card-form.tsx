import { useId, useRef, useState, type FormEvent } from "react";
import { FormMessage, inputClass, primaryButtonClass, secondaryButtonClass } from "~/components/ui/form-parts";
import { FieldShell, errorIdOf } from "~/components/ui/field";
import { createPaymentMethod } from "../payment-method-api";
import {
  CARD_BRAND_LABELS,
  CARD_EXPIRY_YEARS_AHEAD,
  CARD_HOLDER_MAX,
  PAYMENT_CARD_BRANDS,
  PaymentMethodSchema,
  paymentMethodFieldErrors,
  type PaymentMethodField,
  type PaymentMethodView,
} from "~/domain/payment-methods/payment-method.schema";

/** Spec back-office §8. */
export const CARD_ADD_ERROR_MESSAGE = "Erreur lors de l'ajout";

type Values = {
  card_brand: string;
  card_last_four: string;
  card_holder_name: string;
  exp_month: string;
  exp_year: string;
  is_default: boolean;
};
type Errors = Partial<Record<PaymentMethodField, string>>;

const EMPTY: Values = { card_brand: "", card_last_four: "", card_holder_name: "", exp_month: "", exp_year: "", is_default: false };
const FIELD_ORDER: PaymentMethodField[] = ["card_brand", "card_last_four", "card_holder_name", "exp_month", "exp_year"];
const MONTHS = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, "0"));

export type CardFormProps = {
  /** Offer "Définir comme carte par défaut" (the first card is the default anyway). */
  showDefaultToggle: boolean;
  onSaved: (card: PaymentMethodView) => void;
  onCancel: () => void;
};

/**
 * The add-card form (spec back-office §5): type, last four digits, holder, optional expiry.
 * There is no field for the full number nor the security code, so they can never be sent.
 * Checked in the browser with the server's schema; a field's message clears when it is edited;
 * the typed values stay in place whatever the server answers.
 */
export function CardForm({ showDefaultToggle, onSaved, onCancel }: CardFormProps) {
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const baseId = useId();
  const fieldId = (name: PaymentMethodField) => `${baseId}-${name}`;
  const [years] = useState(() => {
    const first = new Date().getFullYear();
    return Array.from({ length: CARD_EXPIRY_YEARS_AHEAD + 1 }, (_, i) => String(first + i));
  });

  function update<K extends keyof Values>(name: K, value: Values[K]) {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => {
      const expiry = name === "exp_month" || name === "exp_year";
      if (!(name in e) && !(expiry && ("exp_month" in e || "exp_year" in e))) return e;
      const next = { ...e };
      delete next[name];
      // The expiry is checked as a pair: editing either half clears both messages.
      if (expiry) {
        delete next.exp_month;
        delete next.exp_year;
      }
      return next;
    });
    setFormError(null);
  }

  function focusFirstError(found: Errors) {
    const first = FIELD_ORDER.find((name) => found[name]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    event.stopPropagation();
    if (busy) return;
    const parsed = PaymentMethodSchema.safeParse(values);
    if (!parsed.success) {
      const found = paymentMethodFieldErrors(parsed.error);
      setErrors(found);
      focusFirstError(found);
      return;
    }
    setBusy(true);
    setFormError(null);
    const result = await createPaymentMethod(parsed.data);
    setBusy(false);
    if (result.ok) {
      onSaved(result.data);
      return;
    }
    if (result.status === 400 && Object.keys(result.fieldErrors).length > 0) {
      setErrors(result.fieldErrors);
      focusFirstError(result.fieldErrors);
      return;
    }
    // The size limit and a lost session come with their own message.
    setFormError(result.status === 409 || result.status === 401 ? result.message || CARD_ADD_ERROR_MESSAGE : CARD_ADD_ERROR_MESSAGE);
  }

  const expiryError = errors.exp_month ?? errors.exp_year;
  const expiryErrorId = expiryError ? `${baseId}-expiry-error` : undefined;

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="space-y-4" aria-label="Nouvelle carte">
      <p className="text-sm text-muted">
        Pour votre sécurité, nous n'enregistrons jamais le numéro complet ni le cryptogramme de votre carte : seuls le type de carte, les 4
        derniers chiffres et le titulaire sont conservés.
      </p>
      <p className="text-sm text-muted">
        Les champs marqués <span aria-hidden="true">*</span>
        <span className="sr-only">d'un astérisque</span> sont obligatoires.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <FieldShell id={fieldId("card_brand")} label="Type de carte" required error={errors.card_brand}>
          <select
            id={fieldId("card_brand")}
            name="card_brand"
            value={values.card_brand}
            onChange={(e) => update("card_brand", e.target.value)}
            aria-required
            aria-invalid={errors.card_brand ? true : undefined}
            aria-describedby={errorIdOf(fieldId("card_brand"), errors.card_brand)}
            data-autofocus
            className={inputClass}
          >
            <option value="">Choisir…</option>
            {PAYMENT_CARD_BRANDS.map((brand) => (
              <option key={brand} value={brand}>
                {CARD_BRAND_LABELS[brand]}
              </option>
            ))}
          </select>
        </FieldShell>
        <FieldShell id={fieldId("card_last_four")} label="4 derniers chiffres" required error={errors.card_last_four}>
          <input
            id={fieldId("card_last_four")}
            name="card_last_four"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            maxLength={4}
            value={values.card_last_four}
            onChange={(e) => update("card_last_four", e.target.value)}
            aria-required
            aria-invalid={errors.card_last_four ? true : undefined}
            aria-describedby={errorIdOf(fieldId("card_last_four"), errors.card_last_four)}
            className={inputClass}
          />
        </FieldShell>
        <FieldShell
          id={fieldId("card_holder_name")}
          label="Titulaire de la carte"
          required
          error={errors.card_holder_name}
          className="sm:col-span-2"
        >
          <input
            id={fieldId("card_holder_name")}
            name="card_holder_name"
            type="text"
            autoComplete="cc-name"
            maxLength={CARD_HOLDER_MAX}
            value={values.card_holder_name}
            onChange={(e) => update("card_holder_name", e.target.value)}
            aria-required
            aria-invalid={errors.card_holder_name ? true : undefined}
            aria-describedby={errorIdOf(fieldId("card_holder_name"), errors.card_holder_name)}
            className={inputClass}
          />
        </FieldShell>
        <fieldset className="sm:col-span-2" aria-describedby={expiryErrorId}>
          <legend className="text-sm font-medium">Date d'expiration (facultatif)</legend>
          <div className="mt-1 grid grid-cols-2 gap-4">
            <div>
              <label htmlFor={fieldId("exp_month")} className="block text-sm text-muted">
                Mois
              </label>
              <select
                id={fieldId("exp_month")}
                name="exp_month"
                value={values.exp_month}
                onChange={(e) => update("exp_month", e.target.value)}
                autoComplete="cc-exp-month"
                aria-invalid={errors.exp_month ? true : undefined}
                aria-describedby={expiryErrorId}
                className={inputClass}
              >
                <option value="">—</option>
                {MONTHS.map((m) => (
                  <option key={m} value={m}>
                    {m}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor={fieldId("exp_year")} className="block text-sm text-muted">
                Année
              </label>
              <select
                id={fieldId("exp_year")}
                name="exp_year"
                value={values.exp_year}
                onChange={(e) => update("exp_year", e.target.value)}
                autoComplete="cc-exp-year"
                aria-invalid={errors.exp_year ? true : undefined}
                aria-describedby={expiryErrorId}
                className={inputClass}
              >
                <option value="">—</option>
                {years.map((y) => (
                  <option key={y} value={y}>
                    {y}
                  </option>
                ))}
              </select>
            </div>
          </div>
          {expiryError && (
            <p id={expiryErrorId} className="mt-1 text-sm font-medium text-danger">
              {expiryError}
            </p>
          )}
        </fieldset>
      </div>
      {showDefaultToggle && (
        <label className="flex min-h-11 items-center gap-3 text-sm font-medium">
          <input
            type="checkbox"
            name="is_default"
            checked={values.is_default}
            onChange={(e) => update("is_default", e.target.checked)}
            className="h-5 w-5 accent-accent"
          />
          Définir comme carte par défaut
        </label>
      )}
      {formError && <FormMessage tone="error">{formError}</FormMessage>}
      <div className="flex flex-wrap justify-end gap-3">
        <button type="button" onClick={onCancel} className={secondaryButtonClass}>
          Annuler
        </button>
        <button type="submit" disabled={busy} className={primaryButtonClass}>
          {busy ? "Enregistrement..." : "Enregistrer la carte"}
        </button>
      </div>
    </form>
  );
}
