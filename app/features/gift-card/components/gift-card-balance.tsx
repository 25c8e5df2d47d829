import { useId } from "react";
import { useFetcher } from "react-router";
import { formatPrice } from "~/lib/money";
import { formatDate } from "~/lib/paris-time";
import { maskedGiftCardCode } from "~/domain/gift-cards/gift-card-code";
import type { GiftCardPageAnswer } from "~/domain/gift-cards/gift-card-answers";
import { inputClass } from "~/components/ui/form-parts";
import { buttonClass } from "~/components/ui/button";

/** "Consulter le solde": code -> remaining balance and expiry (rate-limited on the server). */
export function GiftCardBalanceCheck() {
  const fetcher = useFetcher<GiftCardPageAnswer>();
  const id = useId();
  const answer = fetcher.data?.intent === "balance" ? fetcher.data : null;
  const busy = fetcher.state !== "idle";
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl border border-line bg-white p-6">
      <h2 id={`${id}-title`} className="font-display text-2xl">
        Consulter le solde d'une carte cadeau
      </h2>
      <fetcher.Form method="post" className="mt-4 flex flex-wrap items-end gap-3" noValidate>
        <input type="hidden" name="intent" value="balance" />
        <label className="min-w-0 flex-1 text-sm font-medium">
          Code de la carte cadeau
          <input
            name="code"
            autoComplete="off"
            spellCheck={false}
            placeholder="XXXX-XXXX-XXXX-XXXX"
            maxLength={40}
            required
            aria-describedby={`${id}-answer`}
            className={`${inputClass} font-mono uppercase`}
          />
        </label>
        <button type="submit" disabled={busy} className={buttonClass({ variant: "ink" })}>
          Vérifier le solde
        </button>
      </fetcher.Form>
      <div id={`${id}-answer`} role="status" className="mt-3 text-sm">
        {answer?.ok === true && (
          <p>
            Carte {maskedGiftCardCode(answer.card.last4)} : solde restant <strong>{formatPrice(answer.card.balance_cents)}</strong> sur{" "}
            {formatPrice(answer.card.amount_cents)}.{" "}
            {answer.card.expired
              ? `Elle a expiré le ${formatDate(answer.card.expires_at)}.`
              : `Valable jusqu'au ${formatDate(answer.card.expires_at)}.`}
          </p>
        )}
        {answer?.ok === false && <p className="font-medium text-danger">{answer.message}</p>}
      </div>
    </section>
  );
}
