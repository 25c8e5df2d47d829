import { useState } from "react";
import { useFetcher } from "react-router";
import type { AccountActionData } from "~/domain/account/account-actions";
import type { ActionResult } from "~/domain/http/action-result";
import { PASSWORD_MAX } from "~/domain/auth/auth.rules";
import { FormMessage, dangerButtonClass, inputClass, secondaryButtonClass } from "~/components/ui/form-parts";
import { Modal } from "~/components/ui/modal";
import { T, useT } from "~/components/ui/i18n";
import { useFailureText } from "~/components/ui/refusal-text";

const EXPORT_URL = "/api/v1/me/export";

/** RGPD rights in the profile tab: a copy of the data (JSON download) and account deletion. */
export function PersonalDataSection() {
  const [confirming, setConfirming] = useState(false);
  const t = useT();
  return (
    <section aria-labelledby="personal-data-title" className="mt-10 rounded-2xl border border-line p-6">
      <h3 id="personal-data-title" className="font-display text-xl">
        {t("account.personalData.title")}
      </h3>
      <p className="mt-2 text-sm text-muted">{t("account.personalData.text")}</p>
      <div className="mt-4 flex flex-wrap gap-3">
        {/* A plain link: the browser downloads the file, no client routing involved. */}
        <a href={EXPORT_URL} download className={secondaryButtonClass}>
          {t("account.personalData.download")}
        </a>
        <button type="button" onClick={() => setConfirming(true)} className={dangerButtonClass}>
          {t("account.personalData.delete")}
        </button>
      </div>
      {confirming && <DeleteAccountDialog onClose={() => setConfirming(false)} />}
    </section>
  );
}

function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const fetcher = useFetcher<ActionResult<AccountActionData>>();
  const [password, setPassword] = useState("");
  const busy = fetcher.state !== "idle";
  const result = !busy ? fetcher.data : undefined;
  const t = useT();
  const failureText = useFailureText();

  return (
    <Modal title={t("account.personalData.delete")} onClose={onClose}>
      <div className="space-y-3 text-sm">
        <p>
          <T k="account.personalData.deleteWarning" components={{ 0: <strong /> }} />
        </p>
        <p>{t("account.personalData.ordersKept")}</p>
      </div>
      <fetcher.Form method="post" action="/dashboard" noValidate className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="delete-account" />
        <label className="block text-sm font-medium">
          {t("account.auth.field.password")}
          <input
            type="password"
            name="password"
            autoComplete="current-password"
            required
            maxLength={PASSWORD_MAX}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            className={inputClass}
            data-autofocus
          />
        </label>
        {result && !result.ok && <FormMessage tone="error">{failureText(result)}</FormMessage>}
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" onClick={onClose} className={secondaryButtonClass}>
            {t("account.cancel")}
          </button>
          <button type="submit" disabled={password.length === 0 || busy} className={dangerButtonClass}>
            {t(busy ? "account.personalData.deleting" : "account.personalData.deleteForever")}
          </button>
        </div>
      </fetcher.Form>
    </Modal>
  );
}
