import { useState } from "react";
import { useFetcher } from "react-router";
import type { AccountActionData } from "~/domain/account/account-actions";
import type { ActionResult } from "~/domain/http/action-result";
import { EMAIL_MAX } from "~/domain/auth/auth.rules";
import { FormMessage, inputClass, primaryButtonClass } from "~/components/ui/form-parts";
import { T, useT, useTranslateMessage } from "~/components/ui/i18n";

/**
 * "Adresse e-mail" in the Sécurité tab: the new address is confirmed from a link sent to it; the
 * current one gets a notice and stays in use until then (decision 042).
 */
export function ChangeEmailSection({ email }: { email: string }) {
  const fetcher = useFetcher<ActionResult<AccountActionData>>();
  const [newEmail, setNewEmail] = useState("");
  const busy = fetcher.state !== "idle";
  const result = !busy ? fetcher.data : undefined;
  const t = useT();
  const tm = useTranslateMessage();
  return (
    <section aria-labelledby="change-email-title" className="mt-8 rounded-lg border border-line p-4 sm:p-6">
      <h2 id="change-email-title" className="font-display text-xl">
        {t("account.changeEmail.title")}
      </h2>
      <p className="mt-1 text-sm text-muted">
        <T k="account.changeEmail.current" values={{ email }} components={{ 0: <span className="font-semibold text-ink" /> }} />
      </p>
      <fetcher.Form method="post" action="/dashboard?tab=security" noValidate className="mt-4 space-y-3">
        <input type="hidden" name="intent" value="change-email" />
        <label className="block text-sm font-medium">
          {t("account.changeEmail.new")}
          <input
            type="email"
            name="newEmail"
            autoComplete="email"
            inputMode="email"
            spellCheck={false}
            required
            maxLength={EMAIL_MAX}
            value={newEmail}
            onChange={(e) => setNewEmail(e.target.value)}
            className={inputClass}
          />
        </label>
        <button type="submit" disabled={busy || newEmail.trim() === ""} className={primaryButtonClass}>
          {t(busy ? "account.sending" : "account.changeEmail.submit")}
        </button>
        <div aria-live="polite">
          {result && <FormMessage tone={result.ok ? "success" : "error"}>{tm(result.message ?? "")}</FormMessage>}
        </div>
      </fetcher.Form>
    </section>
  );
}
