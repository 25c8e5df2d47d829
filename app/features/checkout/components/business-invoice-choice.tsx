import { useId } from "react";
import { useT } from "~/components/ui/i18n";
import type { BusinessInvoiceField } from "~/domain/tax/business-id";
import type { BusinessInvoiceChoice, BusinessInvoiceErrors } from "../checkout-machine";
import { BusinessInvoiceFields } from "../public/business-invoice-fields";

/**
 * "Je souhaite une facture au nom de mon entreprise": the box reveals the company's fields, right
 * after it in the reading order, in a fieldset named by its legend.
 */
export function BusinessInvoiceChoiceFields({
  choice,
  errors,
  prefilled,
  onToggle,
  onChange,
}: {
  choice: BusinessInvoiceChoice;
  errors: BusinessInvoiceErrors;
  /** The fields came from the account's saved details. */
  prefilled: boolean;
  onToggle: (requested: boolean) => void;
  onChange: (field: BusinessInvoiceField, value: string) => void;
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
          </fieldset>
        )}
      </div>
    </div>
  );
}
