import { useFetcher } from "react-router";
import type { AccountActionData } from "~/domain/account/account-actions";
import type { ActionResult } from "~/domain/http/action-result";
import { FormMessage } from "~/components/ui/form-parts";
import { T, useT, useTranslateMessage } from "~/components/ui/i18n";

/**
 * Reminder shown in the account while the address is not confirmed (shopping stays open
 * meanwhile, decision 042), with "Renvoyer le lien" (limited per account on the server).
 */
export function EmailVerificationBanner({ email }: { email: string }) {
  const fetcher = useFetcher<ActionResult<AccountActionData>>();
  const busy = fetcher.state !== "idle";
  const result = !busy ? fetcher.data : undefined;
  const t = useT();
  const tm = useTranslateMessage();
  return (
    <section aria-label={t("account.verifyEmail.label")} className="mt-6 rounded-lg border border-accent/40 bg-accent-soft p-4 text-sm">
      <p>
        <T k="account.verifyEmail.text" values={{ email }} components={{ 0: <strong /> }} />
      </p>
      <fetcher.Form method="post" action="/dashboard" className="mt-3 flex flex-wrap items-center gap-3">
        <input type="hidden" name="intent" value="resend-verification" />
        <button
          type="submit"
          disabled={busy}
          className="min-h-11 rounded-full border border-accent px-4 font-semibold text-accent hover:bg-white disabled:opacity-60"
        >
          {t(busy ? "account.sending" : "account.verifyEmail.resend")}
        </button>
      </fetcher.Form>
      <div aria-live="polite" className="mt-2">
        {result && <FormMessage tone={result.ok ? "success" : "error"}>{tm(result.message ?? "")}</FormMessage>}
      </div>
    </section>
  );
}
