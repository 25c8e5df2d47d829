import { useId } from "react";
import { Field } from "~/components/ui/field";
import { inputClass } from "~/components/ui/form-parts";
import { useT, useTranslateMessage, type MessageKey } from "~/components/ui/i18n";
import { COMPANY_NAME_MAX, type BusinessInvoiceField, type BusinessInvoiceFormValues } from "~/domain/tax/business-id";

const FIELDS: {
  name: BusinessInvoiceField;
  label: MessageKey;
  hint?: MessageKey;
  required: boolean;
  autoComplete: string;
  maxLength: number;
}[] = [
  {
    name: "company_name",
    label: "checkout.business.companyName",
    required: true,
    autoComplete: "organization",
    maxLength: COMPANY_NAME_MAX,
  },
  {
    name: "company_number",
    label: "checkout.business.companyNumber",
    hint: "checkout.business.companyNumberHint",
    required: false,
    autoComplete: "off",
    maxLength: 40,
  },
  {
    name: "vat_number",
    label: "checkout.business.vatNumber",
    hint: "checkout.business.vatNumberHint",
    required: false,
    autoComplete: "off",
    maxLength: 40,
  },
];

/**
 * The company an invoice is made out to: Raison sociale, SIREN ou SIRET, N° de TVA
 * intracommunautaire, with their hints and inline French errors (the checkout's and the
 * account's forms; both check them with BusinessInvoiceSchema before sending). Controlled: the
 * inputs carry their `name`, so a form that posts them natively needs nothing more.
 */
export function BusinessInvoiceFields({
  values,
  errors,
  onChange,
  disabled = false,
}: {
  values: BusinessInvoiceFormValues;
  errors: Partial<Record<BusinessInvoiceField, string>>;
  onChange: (field: BusinessInvoiceField, value: string) => void;
  disabled?: boolean;
}) {
  const baseId = useId();
  const t = useT();
  const translateMessage = useTranslateMessage();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {FIELDS.map((field) => {
        const error = errors[field.name];
        return (
          <Field
            key={field.name}
            id={`${baseId}-${field.name}`}
            label={t(field.label)}
            required={field.required}
            hint={field.hint ? t(field.hint) : undefined}
            error={error ? translateMessage(error) : undefined}
            className={field.name === "company_name" ? "sm:col-span-2" : ""}
          >
            {(control) => (
              <input
                {...control}
                name={field.name}
                type="text"
                value={values[field.name]}
                onChange={(e) => onChange(field.name, e.target.value)}
                autoComplete={field.autoComplete}
                autoCapitalize={field.name === "vat_number" ? "characters" : undefined}
                inputMode={field.name === "company_number" ? "numeric" : undefined}
                spellCheck={false}
                maxLength={field.maxLength}
                disabled={disabled}
                className={inputClass}
              />
            )}
          </Field>
        );
      })}
    </div>
  );
}
