import { T, useT, useTranslateMessage } from "~/components/ui/i18n";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { ADDRESS_COUNTRIES } from "~/lib/shop-rules";
import { FormMessage, inputClass, primaryButtonClass, secondaryButtonClass } from "~/components/ui/form-parts";
import { saveAddress } from "~/features/addresses/public/address-api";
import { FieldShell, errorIdOf } from "~/components/ui/field";
import {
  ADDRESS_LABEL_MAX,
  ADDRESS_TEXT_MAX,
  AddressSchema,
  DEFAULT_ADDRESS_VALUES,
  addressFieldErrors,
  postalCodeLength,
  UNKNOWN_POSTAL_CODE_MESSAGE,
  type AddressField,
  type SavedAddressView,
} from "~/domain/addresses/address.schema";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";

export const ADDRESS_SAVE_ERROR_MESSAGE = ACCOUNT_MESSAGES.errorWhileSavingAddress;

type TextField = Exclude<AddressField, "is_default">;
type Values = Record<TextField, string> & { is_default: boolean };
type Errors = Partial<Record<AddressField, string>>;

type FieldSpec = {
  name: TextField;
  label: string;
  required: boolean;
  autoComplete: string;
  max: number;
  wide?: boolean;
  type?: "text" | "tel";
  inputMode?: "numeric" | "tel";
};

const FIELDS: FieldSpec[] = [
  {
    name: "label",
    label: ACCOUNT_MESSAGES.labelOptional,
    required: false,
    autoComplete: "off",
    max: ADDRESS_LABEL_MAX,
    wide: true,
  },
  {
    name: "first_name",
    label: ACCOUNT_MESSAGES.fieldFirstName,
    required: true,
    autoComplete: "shipping given-name",
    max: ADDRESS_TEXT_MAX,
  },
  {
    name: "last_name",
    label: ACCOUNT_MESSAGES.fieldLastName,
    required: true,
    autoComplete: "shipping family-name",
    max: ADDRESS_TEXT_MAX,
  },
  {
    name: "company",
    label: ACCOUNT_MESSAGES.companyOptional,
    required: false,
    autoComplete: "shipping organization",
    max: ADDRESS_TEXT_MAX,
    wide: true,
  },
  {
    name: "address_line_1",
    label: ACCOUNT_MESSAGES.fieldAddress,
    required: true,
    autoComplete: "shipping address-line1",
    max: ADDRESS_TEXT_MAX,
    wide: true,
  },
  {
    name: "address_line_2",
    label: ACCOUNT_MESSAGES.addressLine2Optional,
    required: false,
    autoComplete: "shipping address-line2",
    max: ADDRESS_TEXT_MAX,
    wide: true,
  },
  {
    name: "postal_code",
    label: ACCOUNT_MESSAGES.postcode,
    required: true,
    autoComplete: "shipping postal-code",
    max: 10,
    inputMode: "numeric",
  },
  {
    name: "city",
    label: ACCOUNT_MESSAGES.fieldCity,
    required: true,
    autoComplete: "shipping address-level2",
    max: ADDRESS_TEXT_MAX,
  },
  {
    name: "state",
    label: ACCOUNT_MESSAGES.regionOptional,
    required: false,
    autoComplete: "shipping address-level1",
    max: ADDRESS_TEXT_MAX,
  },
];

function initialValues(address: SavedAddressView | null | undefined, prefill: Partial<Values> | undefined): Values {
  const base = { ...DEFAULT_ADDRESS_VALUES, ...prefill, ...(address ?? {}) } as Record<string, unknown>;
  const text = (key: TextField) => (typeof base[key] === "string" ? (base[key] as string) : "");
  return {
    label: text("label"),
    first_name: text("first_name"),
    last_name: text("last_name"),
    company: text("company"),
    address_line_1: text("address_line_1"),
    address_line_2: text("address_line_2"),
    city: text("city"),
    state: text("state"),
    postal_code: text("postal_code"),
    country: text("country") || DEFAULT_ADDRESS_VALUES.country || "France",
    phone: text("phone"),
    is_default: base.is_default === true,
  };
}

export type AddressFormProps = {
  /** Edit this address; a new one is created when absent. */
  address?: SavedAddressView | null;
  /** Values proposed for a new address (the shopper's name and phone). */
  prefill?: Partial<Pick<Values, "first_name" | "last_name" | "phone">>;
  onSaved: (address: SavedAddressView) => void;
  onCancel?: () => void;
  /** Offer "Définir comme adresse par défaut" (hidden when editing the default already). */
  showDefaultToggle?: boolean;
};

/**
 * The saved-address form (spec storefront §5): every field labelled, France by default, inline
 * messages of the spec checked in the browser with the same schema the server uses, a field's
 * message cleared as soon as it is edited, and the server's own messages when it refuses.
 */
export function AddressForm({ address, prefill, onSaved, onCancel, showDefaultToggle = true }: AddressFormProps) {
  const [values, setValues] = useState<Values>(() => initialValues(address, prefill));
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const baseId = useId();
  const communes = useCommunesOf(values.country, values.postal_code, (message) =>
    setErrors((e) => (e.postal_code === message ? e : { ...e, postal_code: message })),
  );
  const editing = Boolean(address);
  const t = useT();
  // Field labels and messages are French texts (this file's and app/domain's), shown in the page's language.
  const tm = useTranslateMessage();

  function update(name: AddressField, value: string | boolean) {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => {
      if (!(name in e) && !(name === "country" && "postal_code" in e)) return e;
      const next = { ...e };
      delete next[name];
      // The postal code rule depends on the country.
      if (name === "country") delete next.postal_code;
      return next;
    });
    setFormError(null);
  }

  function focusFirstError(found: Errors) {
    const order: AddressField[] = [...FIELDS.map((f) => f.name), "country", "phone"];
    const first = order.find((name) => found[name]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // React events bubble through the component tree: an enclosing form must not submit too.
    event.stopPropagation();
    if (busy) return;
    const parsed = AddressSchema.safeParse(values);
    if (!parsed.success) {
      const found = addressFieldErrors(parsed.error);
      setErrors(found);
      focusFirstError(found);
      return;
    }
    setBusy(true);
    setFormError(null);
    const result = await saveAddress(values, address?.id);
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
    setFormError(
      result.status === 409 || result.status === 401 ? result.message || ADDRESS_SAVE_ERROR_MESSAGE : ADDRESS_SAVE_ERROR_MESSAGE,
    );
  }

  const fieldId = (name: AddressField) => `${baseId}-${name}`;

  const digits = postalCodeLength(values.country);

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={submit}
      className="space-y-4"
      aria-label={t(editing ? "account.addresses.edit" : "account.addresses.new")}
    >
      <p className="text-sm text-muted">
        <T k="account.addressForm.required" components={{ 0: <span aria-hidden="true" />, 1: <span className="sr-only" /> }} />
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map((field, index) => (
          <FieldShell
            key={field.name}
            id={fieldId(field.name)}
            label={tm(field.label)}
            required={field.required}
            error={errors[field.name] && tm(errors[field.name] ?? "")}
            className={field.wide ? "sm:col-span-2" : ""}
          >
            <input
              id={fieldId(field.name)}
              name={field.name}
              type={field.type ?? "text"}
              value={values[field.name]}
              onChange={(e) => update(field.name, e.target.value)}
              autoComplete={field.autoComplete}
              inputMode={field.inputMode}
              maxLength={field.name === "postal_code" ? digits : field.max}
              aria-required={field.required || undefined}
              aria-invalid={errors[field.name] ? true : undefined}
              aria-describedby={errorIdOf(fieldId(field.name), errors[field.name])}
              data-autofocus={index === 1 ? true : undefined}
              list={field.name === "city" && communes.length > 0 ? `${baseId}-communes` : undefined}
              className={inputClass}
            />
          </FieldShell>
        ))}
        {communes.length > 0 && (
          <datalist id={`${baseId}-communes`}>
            {communes.map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
        )}
        <FieldShell id={fieldId("country")} label={t("account.addressForm.country")} required error={errors.country && tm(errors.country)}>
          <select
            id={fieldId("country")}
            name="country"
            value={values.country}
            onChange={(e) => update("country", e.target.value)}
            autoComplete="shipping country-name"
            aria-required
            aria-invalid={errors.country ? true : undefined}
            aria-describedby={errorIdOf(fieldId("country"), errors.country)}
            className={inputClass}
          >
            {ADDRESS_COUNTRIES.map((country) => (
              <option key={country} value={country}>
                {tm(country)}
              </option>
            ))}
          </select>
        </FieldShell>
        <FieldShell id={fieldId("phone")} label={t("account.addressForm.phone")} required error={errors.phone && tm(errors.phone)}>
          <input
            id={fieldId("phone")}
            name="phone"
            type="tel"
            value={values.phone}
            onChange={(e) => update("phone", e.target.value)}
            autoComplete="shipping tel"
            inputMode="tel"
            maxLength={20}
            aria-required
            aria-invalid={errors.phone ? true : undefined}
            aria-describedby={errorIdOf(fieldId("phone"), errors.phone)}
            className={inputClass}
          />
        </FieldShell>
      </div>
      {showDefaultToggle && !(address?.is_default ?? false) && (
        <label className="flex min-h-11 items-center gap-3 text-sm font-medium">
          <input
            type="checkbox"
            name="is_default"
            checked={values.is_default}
            onChange={(e) => update("is_default", e.target.checked)}
            className="h-5 w-5 accent-accent"
          />
          {t("account.addressForm.makeDefault")}
        </label>
      )}
      {formError && <FormMessage tone="error">{tm(formError)}</FormMessage>}
      <div className="flex flex-wrap justify-end gap-3">
        {onCancel && (
          <button type="button" onClick={onCancel} className={secondaryButtonClass}>
            {t("account.cancel")}
          </button>
        )}
        <button type="submit" disabled={busy} className={primaryButtonClass}>
          {t(busy ? "account.saving" : "account.addressForm.save")}
        </button>
      </div>
    </form>
  );
}

/**
 * The communes of a French postal code once its five digits are typed, offered in the city field;
 * an unknown code is reported at once with the message the server would give. A failed look-up
 * offers nothing and says nothing: the server checks the code when the address is saved.
 */
function useCommunesOf(country: string, postalCode: string, reportUnknown: (message: string) => void): string[] {
  const [communes, setCommunes] = useState<string[]>([]);
  const code = postalCode.trim();
  const checkable = country === "France" && /^[0-9]{5}$/.test(code);
  const report = useRef(reportUnknown);
  report.current = reportUnknown;
  useEffect(() => {
    setCommunes([]);
    if (!checkable) return;
    const controller = new AbortController();
    fetch(`/api/v1/postal-codes/${code}/communes`, { signal: controller.signal, headers: { Accept: "application/json" } })
      .then((response) => (response.ok ? (response.json() as Promise<{ data?: { known?: boolean; communes?: string[] } }>) : null))
      .then((body) => {
        const data = body?.data;
        if (!data) return;
        setCommunes(data.communes ?? []);
        if (data.known === false) report.current(UNKNOWN_POSTAL_CODE_MESSAGE);
      })
      .catch(() => {});
    return () => controller.abort();
  }, [checkable, code]);
  return communes;
}
