import { useId } from "react";
import { inputClass } from "~/components/ui/form-parts";
import { useT, useTranslateMessage } from "~/components/ui/i18n";
import type { SavedAddressView } from "~/domain/addresses/address.schema";
import type { BusinessInvoiceField } from "~/domain/tax/business-id";
import { BILLING_ADDRESS_FIELD, type BusinessInvoiceChoice, type BusinessInvoiceErrors } from "../checkout-machine";
import { BusinessInvoiceFields } from "../public/business-invoice-fields";

/** The select's value for "Identique à l'adresse de livraison". */
const SAME_AS_DELIVERY = "";

/**
 * "Je souhaite une facture au nom de mon entreprise": the box reveals the company's fields, right
 * after it in the reading order, in a fieldset named by its legend, then the address billed (the
 * delivery address, or another saved one such as the registered office).
 */
export function BusinessInvoiceChoiceFields({
  choice,
  errors,
  prefilled,
  addresses,
  onToggle,
  onChange,
  onBillingAddressChange,
}: {
  choice: BusinessInvoiceChoice;
  errors: BusinessInvoiceErrors;
  /** The fields came from the account's saved details. */
  prefilled: boolean;
  /** The shopper's saved addresses, the delivery step's list. */
  addresses: readonly SavedAddressView[];
  onToggle: (requested: boolean) => void;
  onChange: (field: BusinessInvoiceField, value: string) => void;
  onBillingAddressChange: (addressId: string | null) => void;
}) {
  const t = useT();
  const regionId = useId();
  return (
    <div className="mt-6">
      <label className="flex min-h-11 items-center gap-3 text-sm font-medium">
        <input
          type="checkbox"
          name="business_invoice_requested"
          checked={choice.requested}
          onChange={(e) => onToggle(e.target.checked)}
          aria-controls={regionId}
          className="h-5 w-5 shrink-0 accent-accent"
        />
        {t("checkout.business.request")}
      </label>
      <div id={regionId} hidden={!choice.requested}>
        {choice.requested && (
          <fieldset className="mt-3 min-w-0 rounded-xl border border-line p-4">
            <legend className="px-1 text-sm font-semibold">{t("checkout.business.legend")}</legend>
            {prefilled && <p className="mb-3 text-sm text-muted">{t("checkout.business.fromAccount")}</p>}
            <BusinessInvoiceFields values={choice.values} errors={errors} onChange={onChange} />
            <BillingAddressSelect
              addresses={addresses}
              value={choice.billingAddressId}
              error={errors[BILLING_ADDRESS_FIELD]}
              onChange={onBillingAddressChange}
            />
          </fieldset>
        )}
      </div>
    </div>
  );
}

/**
 * "Adresse de facturation": the delivery address first, then each saved address. The server's
 * refusal shows below it as an alert the select is described by.
 */
function BillingAddressSelect({
  addresses,
  value,
  error,
  onChange,
}: {
  addresses: readonly SavedAddressView[];
  value: string | null;
  error: string | undefined;
  onChange: (addressId: string | null) => void;
}) {
  const t = useT();
  const translateMessage = useTranslateMessage();
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  // An address gone from the list is dropped from the choice by the checkout (checkout-flow.tsx).
  const selected = value && addresses.some((a) => a.id === value) ? value : SAME_AS_DELIVERY;
  return (
    <div className="mt-4 min-w-0">
      <label htmlFor={id} className="block text-sm font-medium">
        {t("checkout.business.billingAddress")}
      </label>
      <select
        id={id}
        name={BILLING_ADDRESS_FIELD}
        value={selected}
        onChange={(e) => onChange(e.target.value === SAME_AS_DELIVERY ? null : e.target.value)}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        aria-invalid={error ? true : undefined}
        // A long address must not widen the page on a phone: the select keeps the column's width.
        className={`${inputClass} max-w-full truncate`}
      >
        <option value={SAME_AS_DELIVERY}>{t("checkout.business.billingAddressSame")}</option>
        {addresses.map((address) => (
          <option key={address.id} value={address.id}>
            {t("checkout.business.billingAddressOption", {
              title: address.label ?? [address.first_name, address.last_name].filter(Boolean).join(" "),
              address: [
                address.company,
                address.address_line_1,
                `${address.postal_code} ${address.city}`,
                translateMessage(address.country),
              ]
                .filter(Boolean)
                .join(", "),
            })}
          </option>
        ))}
      </select>
      <p id={hintId} className="mt-1 text-sm text-muted">
        {t("checkout.business.billingAddressHint")}
      </p>
      {error && (
        <p id={errorId} role="alert" className="mt-1 text-sm font-medium text-danger">
          {translateMessage(error)}
        </p>
      )}
    </div>
  );
}
