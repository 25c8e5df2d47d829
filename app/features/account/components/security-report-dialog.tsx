import { useEffect, useState, type FormEvent } from "react";
import { useFetcher } from "react-router";
import { REPORT_SUCCESS_CLOSE_MS, type AccountActionData } from "~/domain/account/account-actions";
import type { ActionResult } from "~/domain/http/action-result";
import {
  DEFAULT_SECURITY_URGENCY,
  SECURITY_ISSUE_LABELS,
  SECURITY_ISSUE_TYPES,
  SECURITY_REPORT_DESCRIPTION_MAX,
  SECURITY_URGENCIES,
  SECURITY_URGENCY_LABELS,
  SecurityReportSchema,
  firstIssueMessage,
} from "~/domain/account/security.schema";
import { EMAIL_MAX } from "~/domain/auth/auth.rules";
import { FormMessage, inputClass, primaryButtonClass } from "~/components/ui/form-parts";
import { Modal } from "~/components/ui/modal";
import { useT, useTranslateMessage } from "~/components/ui/i18n";

/** Report a security problem: type, description, optional contact e-mail, urgency. */
export function SecurityReportDialog({ email, onClose }: { email: string; onClose: () => void }) {
  const fetcher = useFetcher<ActionResult<AccountActionData>>();
  const [clientError, setClientError] = useState<string | null>(null);
  const [descriptionLength, setDescriptionLength] = useState(0);
  const busy = fetcher.state !== "idle";
  const result = !busy ? fetcher.data : undefined;
  const succeeded = result?.ok === true;
  const t = useT();
  const tm = useTranslateMessage();

  useEffect(() => {
    if (!succeeded) return;
    const timer = setTimeout(onClose, REPORT_SUCCESS_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [succeeded, onClose]);

  function validate(event: FormEvent<HTMLFormElement>) {
    const values = Object.fromEntries(new FormData(event.currentTarget));
    const parsed = SecurityReportSchema.safeParse(values);
    if (!parsed.success) {
      event.preventDefault();
      setClientError(firstIssueMessage(parsed.error));
      return;
    }
    setClientError(null);
  }

  const error = clientError ?? (result && !result.ok ? result.message : null);

  return (
    <Modal title={t("account.security.report")} onClose={onClose}>
      {succeeded ? (
        <FormMessage tone="success">{tm(result.message ?? "")}</FormMessage>
      ) : (
        <fetcher.Form method="post" noValidate onSubmit={validate} className="space-y-4">
          <input type="hidden" name="intent" value="security-report" />
          <label className="block text-sm font-medium">
            {t("account.report.type")}
            <select name="issueType" defaultValue="" className={inputClass} data-autofocus>
              <option value="">{t("account.report.selectType")}</option>
              {SECURITY_ISSUE_TYPES.map((type) => (
                <option key={type} value={type}>
                  {tm(SECURITY_ISSUE_LABELS[type])}
                </option>
              ))}
            </select>
          </label>
          <label className="block text-sm font-medium">
            {t("account.report.description")}
            <textarea
              name="description"
              rows={5}
              maxLength={SECURITY_REPORT_DESCRIPTION_MAX}
              onChange={(e) => setDescriptionLength(e.target.value.length)}
              placeholder={t("account.report.descriptionPlaceholder")}
              aria-describedby="report-description-count"
              className={inputClass}
            />
            <span id="report-description-count" className="mt-1 block text-right text-xs font-normal text-muted">
              {descriptionLength}/{SECURITY_REPORT_DESCRIPTION_MAX}
            </span>
          </label>
          <label className="block text-sm font-medium">
            {t("account.report.contactEmail")}
            <input
              type="email"
              name="contactEmail"
              autoComplete="email"
              maxLength={EMAIL_MAX}
              placeholder={email}
              aria-describedby="report-email-help"
              className={inputClass}
            />
            <span id="report-email-help" className="mt-1 block text-xs font-normal text-muted">
              {t("account.report.contactEmailHelp", { email })}
            </span>
          </label>
          <label className="block text-sm font-medium">
            {t("account.report.urgency")}
            <select name="urgency" defaultValue={DEFAULT_SECURITY_URGENCY} className={inputClass}>
              {SECURITY_URGENCIES.map((u) => (
                <option key={u} value={u}>
                  {tm(SECURITY_URGENCY_LABELS[u])}
                </option>
              ))}
            </select>
          </label>
          {error && <FormMessage tone="error">{tm(error)}</FormMessage>}
          <button type="submit" disabled={busy} className={`${primaryButtonClass} w-full`}>
            {t(busy ? "account.sending" : "account.report.submit")}
          </button>
        </fetcher.Form>
      )}
    </Modal>
  );
}
