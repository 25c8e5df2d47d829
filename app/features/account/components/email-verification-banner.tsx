import { useFetcher } from "react-router";
import type { AccountActionResult } from "~/domain/account/account-actions";
import { FormMessage } from "~/components/ui/form-parts";

/**
 * Reminder shown in the account while the address is not confirmed (shopping stays open
 * meanwhile, decision 042), with "Renvoyer le lien" (limited per account on the server).
 */
export function EmailVerificationBanner({ email }: { email: string }) {
  const fetcher = useFetcher<AccountActionResult>();
  const busy = fetcher.state !== "idle";
  const result = !busy && fetcher.data?.intent === "resend-verification" ? fetcher.data : undefined;
  return (
    <section aria-label="Confirmation de l'adresse e-mail" className="mt-6 rounded-lg border border-accent/40 bg-accent-soft p-4 text-sm">
      <p>
        Confirmez votre adresse e-mail : nous avons envoyé un lien de confirmation à <strong>{email}</strong>. Vous pouvez continuer vos
        achats en attendant.
      </p>
      <fetcher.Form method="post" action="/dashboard" className="mt-3 flex flex-wrap items-center gap-3">
        <input type="hidden" name="intent" value="resend-verification" />
        <button
          type="submit"
          disabled={busy}
          className="min-h-11 rounded-full border border-accent px-4 font-semibold text-accent hover:bg-white disabled:opacity-60"
        >
          {busy ? "Envoi..." : "Renvoyer le lien"}
        </button>
      </fetcher.Form>
      <div aria-live="polite" className="mt-2">
        {result && <FormMessage tone={result.ok ? "success" : "error"}>{result.message}</FormMessage>}
      </div>
    </section>
  );
}
