import { useId } from "react";
import { useFetcher } from "react-router";
import { formatPrice } from "~/lib/money";
import { T, useLanguage, useT, useTranslateMessage } from "~/components/ui/i18n";
import { localizedFormat } from "~/domain/i18n/localized-format";
import { maskedGiftCardCode } from "~/domain/gift-cards/gift-card-code";
import type { GiftCardBalance } from "~/domain/gift-cards/gift-card-answers";
import type { ActionResult } from "~/domain/http/action-result";
import { inputClass } from "~/components/ui/form-parts";
import { buttonClass } from "~/components/ui/button";

/**
 * "Consulter le solde": code -> remaining balance and expiry (rate-limited on the server). The
 * expiry date is written in the page's language, in Paris time; prices keep the shop's format.
 */
export function GiftCardBalanceCheck() {
  const fetcher = useFetcher<ActionResult<GiftCardBalance>>();
  const id = useId();
  const t = useT();
  const tm = useTranslateMessage();
  const format = localizedFormat(useLanguage());
  const answer = fetcher.data;
  const busy = fetcher.state !== "idle";
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl border border-line bg-white p-6">
      <h2 id={`${id}-title`} className="font-display text-2xl">
        {t("shop.giftCardPage.balanceTitle")}
      </h2>
      <fetcher.Form method="post" className="mt-4 flex flex-wrap items-end gap-3" noValidate>
        <input type="hidden" name="intent" value="balance" />
        <label className="min-w-0 flex-1 text-sm font-medium">
          {t("shop.giftCardPage.balanceCode")}
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
          {t("shop.giftCardPage.balanceCheck")}
        </button>
      </fetcher.Form>
      <div id={`${id}-answer`} role="status" className="mt-3 text-sm">
        {answer?.ok === true && (
          <p>
            <T
              k="shop.giftCardPage.balanceResult"
              values={{
                card: maskedGiftCardCode(answer.data.last4),
                balance: formatPrice(answer.data.balance_cents),
                amount: formatPrice(answer.data.amount_cents),
              }}
              components={{ 0: <strong /> }}
            />{" "}
            {t(answer.data.expired ? "shop.giftCardPage.balanceExpired" : "shop.giftCardPage.balanceValidUntil", {
              date: format.date(answer.data.expires_at),
            })}
          </p>
        )}
        {answer?.ok === false && <p className="font-medium text-danger">{tm(answer.message)}</p>}
      </div>
    </section>
  );
}
