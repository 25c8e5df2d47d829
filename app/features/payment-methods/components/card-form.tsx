import { T, useT, useTranslateMessage } from "~/components/ui/i18n";
import { useId, useRef, useState, type FormEvent } from "react";
import { FormMessage, inputClass, primaryButtonClass, secondaryButtonClass } from "~/components/ui/form-parts";
import { FieldShell, errorIdOf } from "~/components/ui/field";
import { createPaymentMethod } from "../payment-method-api";
import {
  CARD_HOLDER_MAX,
  CARD_NUMBER_INPUT_MAX,
  PaymentMethodSchema,
  detectedBrandLabel,
  formatCardNumberInput,
  formatExpiryInput,
  paymentMethodFieldErrors,
  type PaymentMethodField,
  type PaymentMethodView,
} from "~/domain/payment-methods/payment-method.schema";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";

/** Spec back-office §8. */
export const CARD_ADD_ERROR_MESSAGE = ACCOUNT_MESSAGES.errorWhileAdding;

type Values = { number: string; expiry: string; holder: string; is_default: boolean };
type Errors = Partial<Record<PaymentMethodField, string>>;

const EMPTY: Values = { number: "", expiry: "", holder: "", is_default: false };
const FIELD_ORDER: PaymentMethodField[] = ["number", "expiry", "holder"];

export type CardFormProps = {
  /** Offer "Définir comme carte par défaut" (the first card is the default anyway). */
  showDefaultToggle: boolean;
  onSaved: (card: PaymentMethodView) => void;
  onCancel: () => void;
};

/**
 * The add-card form: card number (the brand shown as it is recognised), expiry MM/AA and holder,
 * like any shop. The number goes once to the payment provider through the server, which keeps
 * only the provider's token; there is no CVC field (it is asked again at each payment).
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
  const brand = detectedBrandLabel(values.number);

  function update<K extends keyof Values>(name: K, value: Values[K]) {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => {
      if (!(name in e)) return e;
      const next = { ...e };
      delete next[name];
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
    // What was typed (the API's shape: number, expiry "MM/AA", holder); the server checks it again.
    const result = await createPaymentMethod({
      number: values.number,
      expiry: values.expiry,
      holder: values.holder,
      is_default: values.is_default,
    });
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
    // The size limit, a refused card and a lost session come with their own message.
    setFormError([400, 401, 409].includes(result.status) ? result.message || CARD_ADD_ERROR_MESSAGE : CARD_ADD_ERROR_MESSAGE);
  }

  const t = useT();
  const tm = useTranslateMessage();
  const numberId = fieldId("number");
  const expiryId = fieldId("expiry");
  const holderId = fieldId("holder");

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="space-y-4" aria-label={t("account.cardForm.label")}>
      <p className="text-sm text-muted">{t("account.cardForm.intro")}</p>
      <p className="text-sm text-muted">
        <T k="account.addressForm.required" components={{ 0: <span aria-hidden="true" />, 1: <span className="sr-only" /> }} />
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <FieldShell
          id={numberId}
          label={t("account.cardForm.number")}
          required
          error={errors.number && tm(errors.number)}
          className="sm:col-span-2"
          hint={<span aria-live="polite">{brand ? t("account.cardForm.detected", { brand }) : t("account.cardForm.brands")}</span>}
        >
          <input
            id={numberId}
            name="number"
            type="text"
            inputMode="numeric"
            autoComplete="cc-number"
            maxLength={CARD_NUMBER_INPUT_MAX}
            placeholder="1234 5678 9012 3456"
            value={values.number}
            onChange={(e) => update("number", formatCardNumberInput(e.target.value))}
            aria-required
            aria-invalid={errors.number ? true : undefined}
            aria-describedby={[`${numberId}-hint`, errorIdOf(numberId, errors.number)].filter(Boolean).join(" ")}
            data-autofocus
            className={inputClass}
          />
        </FieldShell>
        <FieldShell id={expiryId} label={t("account.cardForm.expiry")} required error={errors.expiry && tm(errors.expiry)}>
          <input
            id={expiryId}
            name="expiry"
            type="text"
            inputMode="numeric"
            autoComplete="cc-exp"
            maxLength={5}
            placeholder={t("account.cardForm.expiryPlaceholder")}
            value={values.expiry}
            onChange={(e) => update("expiry", formatExpiryInput(e.target.value))}
            aria-required
            aria-invalid={errors.expiry ? true : undefined}
            aria-describedby={errorIdOf(expiryId, errors.expiry)}
            className={inputClass}
          />
        </FieldShell>
        <FieldShell
          id={holderId}
          label={t("account.cardForm.holder")}
          required
          error={errors.holder && tm(errors.holder)}
          className="sm:col-span-2"
        >
          <input
            id={holderId}
            name="holder"
            type="text"
            autoComplete="cc-name"
            maxLength={CARD_HOLDER_MAX}
            value={values.holder}
            onChange={(e) => update("holder", e.target.value)}
            aria-required
            aria-invalid={errors.holder ? true : undefined}
            aria-describedby={errorIdOf(holderId, errors.holder)}
            className={inputClass}
          />
        </FieldShell>
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
          {t("account.cardForm.makeDefault")}
        </label>
      )}
      {formError && <FormMessage tone="error">{tm(formError)}</FormMessage>}
      <div className="flex flex-wrap justify-end gap-3">
        <button type="button" onClick={onCancel} className={secondaryButtonClass}>
          {t("account.cancel")}
        </button>
        <button type="submit" disabled={busy} className={primaryButtonClass}>
          {t(busy ? "account.saving" : "account.cardForm.save")}
        </button>
      </div>
    </form>
  );
}
