import { useId } from "react";
import { useT, useTranslateMessage, type MessageKey } from "~/components/ui/i18n";
import { inputClass } from "~/components/ui/form-parts";
import { FieldShell, errorIdOf } from "~/components/ui/field";
import type { ContactErrors, ContactValues } from "./checkout-types";
import { CHECKOUT_CONTACT_EMAIL_MAX, CHECKOUT_CONTACT_NAME_MAX, CHECKOUT_CONTACT_PHONE_MAX } from "~/domain/checkout/checkout.schema";

const FIELDS: { name: keyof ContactValues; label: MessageKey; type: string; autoComplete: string; max: number }[] = [
  { name: "email", label: "checkout.contact.email", type: "email", autoComplete: "email", max: CHECKOUT_CONTACT_EMAIL_MAX },
  { name: "name", label: "checkout.contact.name", type: "text", autoComplete: "name", max: CHECKOUT_CONTACT_NAME_MAX },
  { name: "phone", label: "checkout.contact.phone", type: "tel", autoComplete: "tel", max: CHECKOUT_CONTACT_PHONE_MAX },
];

/** Contact information of the order (e-mail, full name, phone) with inline messages. */
export function ContactInfoFields({
  values,
  errors,
  onChange,
}: {
  values: ContactValues;
  errors: ContactErrors;
  onChange: (name: keyof ContactValues, value: string) => void;
}) {
  const baseId = useId();
  const t = useT();
  const translateMessage = useTranslateMessage();
  return (
    <fieldset>
      <legend className="text-lg font-semibold">{t("checkout.contact.legend")}</legend>
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        {FIELDS.map((field) => {
          const id = `${baseId}-${field.name}`;
          return (
            <FieldShell
              key={field.name}
              id={id}
              label={t(field.label)}
              required
              error={errors[field.name] ? translateMessage(errors[field.name]!) : undefined}
              className={field.name === "email" ? "sm:col-span-2" : ""}
            >
              <input
                id={id}
                name={`contact_${field.name}`}
                type={field.type}
                value={values[field.name]}
                onChange={(e) => onChange(field.name, e.target.value)}
                autoComplete={field.autoComplete}
                maxLength={field.max}
                aria-required
                aria-invalid={errors[field.name] ? true : undefined}
                aria-describedby={errorIdOf(id, errors[field.name])}
                className={inputClass}
              />
            </FieldShell>
          );
        })}
      </div>
    </fieldset>
  );
}
