import { useId } from "react";
import { useFetcher } from "react-router";
import { formatPrice } from "~/lib/money";
import { formatDate } from "~/lib/paris-time";
import { maskedGiftCardCode } from "~/domain/gift-cards/gift-card-code";
import type { GiftCardPageAnswer } from "~/domain/gift-cards/gift-card-answers";

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
            className="mt-1 block min-h-11 w-full rounded-xl border border-line bg-white px-3 py-2 font-mono uppercase text-ink"
          />
        </label>
        <button
          type="submit"
          disabled={busy}
          className="inline-flex min-h-11 items-center rounded-full bg-ink px-6 font-semibold text-white disabled:opacity-60"
        >
          Vérifier le solde
        </button>
      </fetcher.Form>
      <div id={`${id}-answer`} role="status" className="mt-3 text-sm">
        {answer?.ok === true && (
          <p>
            Carte {maskedGiftCardCode(answer.card.last4)} : solde restant{" "}
            <strong>{formatPrice(answer.card.balance_cents)}</strong> sur {formatPrice(answer.card.amount_cents)}.{" "}
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
