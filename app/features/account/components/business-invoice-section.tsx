import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useFetcher } from "react-router";
import type { AccountActionData } from "~/domain/account/account-actions";
import { failureFieldErrors, type ActionResult } from "~/domain/http/action-result";
import {
  BusinessInvoiceSchema,
  businessInvoiceFieldErrors,
  businessInvoiceFormOf,
  businessInvoiceInputOf,
  type BusinessInvoiceField,
  type BusinessInvoiceFormValues,
} from "~/domain/tax/business-id";
import type { BusinessBuyer } from "~/domain/tax/order-tax";
import { FormMessage, primaryButtonClass, secondaryButtonClass } from "~/components/ui/form-parts";
import { showToast } from "~/components/ui/toast";
import { useT, useTranslateMessage } from "~/components/ui/i18n";
import { BusinessInvoiceFields } from "~/features/checkout/public/business-invoice-fields";

type Errors = Partial<Record<BusinessInvoiceField, string>>;
const FIELD_ORDER: readonly BusinessInvoiceField[] = ["company_name", "company_number", "vat_number"];

/**
 * Facturation professionnelle: the company's details the checkout pre-fills (decision 063),
 * checked here with the checkout's schema and again by the server, which refuses them field by
 * field. Saving or clearing answers the dashboard's ActionResult.
 */
export function BusinessInvoiceSection({ saved, failed }: { saved: BusinessBuyer | null; failed: boolean }) {
  const t = useT();
  const tm = useTranslateMessage();
  const headingId = useId();
  const fetcher = useFetcher<ActionResult<AccountActionData>>();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<BusinessInvoiceFormValues>(() => businessInvoiceFormOf(saved));
  const [errors, setErrors] = useState<Errors>({});
  const busy = fetcher.state !== "idle";
  const result = !busy ? fetcher.data : undefined;
  const [seenResult, setSeenResult] = useState(result);
  const savedKey = JSON.stringify(saved);
  const [seenSaved, setSeenSaved] = useState(savedKey);

  // A new answer: a refusal's fields are shown; saved details read again show as the server keeps them.
  if (result !== seenResult) {
    setSeenResult(result);
    setErrors(result && !result.ok ? (failureFieldErrors(result) as Errors) : {});
  }
  if (savedKey !== seenSaved) {
    setSeenSaved(savedKey);
    setValues(businessInvoiceFormOf(saved));
  }
  useEffect(() => {
    if (result?.ok && result.message) showToast(result.message);
  }, [result]);
  // The first field the server refused takes the focus.
  useEffect(() => {
    if (!result || result.ok) return;
    const fields = failureFieldErrors(result);
    const first = FIELD_ORDER.find((field) => fields[field]);
    if (first) formRef.current?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
  }, [result]);

  function validate(event: FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (submitter?.value === "clear-business-invoice") return;
    const parsed = BusinessInvoiceSchema.safeParse(businessInvoiceInputOf(values));
    if (parsed.success) return;
    event.preventDefault();
    const found = businessInvoiceFieldErrors(parsed.error);
    setErrors(found);
    const first = FIELD_ORDER.find((field) => found[field]);
    if (first) event.currentTarget.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
  }

  function edit(field: BusinessInvoiceField, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  }

  // A refusal with no field of its own (the session ended, the profile is gone) is said under the form.
  const formError = result && !result.ok && Object.keys(failureFieldErrors(result)).length === 0 ? result.message : null;
  const hasSaved = saved !== null;

  return (
    <section aria-labelledby={headingId} className="mt-10 rounded-2xl border border-line p-6">
      <h3 id={headingId} className="font-display text-xl">
        {t("account.businessInvoice.title")}
      </h3>
      <p className="mt-2 text-sm text-muted">{t("account.businessInvoice.text")}</p>
      {failed && <FormMessage tone="error">{t("account.businessInvoice.loadError")}</FormMessage>}
      {!hasSaved && !failed && <p className="mt-2 text-sm">{t("account.businessInvoice.none")}</p>}
      <fetcher.Form ref={formRef} method="post" action="/dashboard" noValidate onSubmit={validate} className="mt-4 space-y-4">
        <BusinessInvoiceFields values={values} errors={errors} onChange={edit} disabled={busy} />
        {formError && <FormMessage tone="error">{tm(formError)}</FormMessage>}
        <div className="flex flex-wrap gap-3">
          <button type="submit" name="intent" value="save-business-invoice" disabled={busy} className={primaryButtonClass}>
            {t(busy ? "account.saving" : "account.businessInvoice.save")}
          </button>
          {hasSaved && (
            <button type="submit" name="intent" value="clear-business-invoice" disabled={busy} className={secondaryButtonClass}>
              {t("account.businessInvoice.clear")}
            </button>
          )}
        </div>
      </fetcher.Form>
    </section>
  );
}
