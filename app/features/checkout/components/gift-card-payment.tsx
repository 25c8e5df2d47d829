import { useId, useState } from "react";
import { useFetcher } from "react-router";
import { useActionResult } from "~/components/ui/use-fetcher-answer";
import { formatPrice } from "~/lib/money";
import { GIFT_CARD_CODE_REQUIRED, maskedGiftCardCode, normalizeGiftCardCode } from "~/domain/gift-cards/gift-card-code";
import { GIFT_CARD_CODES_PER_ORDER_MAX } from "~/lib/shop-rules";
import type { CheckoutQuote } from "./checkout-types";
import { useLanguage, useT, useTranslateMessage } from "~/components/ui/i18n";
import { localizedFormat } from "~/domain/i18n/localized-format";
import { inputClass } from "~/components/ui/form-parts";
import { buttonClass } from "~/components/ui/button";
import * as CHECKOUT_MESSAGES from "~/domain/messages/checkout";
import { expiredCardDate, type AppliedGiftCard } from "~/domain/gift-cards/gift-card-answers";
import type { ActionResult } from "~/domain/http/action-result";

/**
 * The 'Carte cadeau' field of the summary: a code is checked on the server
 * ("Appliquer"), then the quote spreads the total over the applied cards; the rest is paid by card.
 */
export function GiftCardPayment({
  codes,
  onChange,
  quote,
}: {
  codes: readonly string[];
  onChange: (codes: string[]) => void;
  quote: CheckoutQuote | null;
}) {
  const id = useId();
  const t = useT();
  const translateMessage = useTranslateMessage();
  const format = localizedFormat(useLanguage());
  const [code, setCode] = useState("");
  const [message, setMessage] = useState<string | null>(null);
  const fetcher = useFetcher<ActionResult<AppliedGiftCard>>();
  useActionResult(fetcher, {
    onSuccess: ({ data: applied }) => {
      if (!codes.includes(applied.code)) onChange([...codes, applied.code]);
      setCode("");
      setMessage(null);
    },
    onFailure: (refusal) => {
      const expiresAt = expiredCardDate(refusal);
      setMessage(expiresAt ? t("checkout.message.giftCardExpired", { date: format.date(expiresAt) }) : refusal.message);
    },
  });

  function apply() {
    const typed = code.trim();
    if (!typed) return setMessage(GIFT_CARD_CODE_REQUIRED);
    if (codes.includes(normalizeGiftCardCode(typed))) return setMessage(CHECKOUT_MESSAGES.giftCardAlreadyApplied);
    void fetcher.submit({ intent: "gift_card", code: typed }, { method: "post", action: "/checkout", encType: "application/json" });
  }

  const payments = quote?.gift_card_payments ?? [];
  return (
    <fieldset>
      <legend className="text-lg font-semibold">{t("checkout.giftCard.legend")}</legend>
      {codes.length < GIFT_CARD_CODES_PER_ORDER_MAX && (
        <div className="mt-3 flex flex-wrap items-end gap-3">
          <label className="min-w-0 flex-1 text-sm font-medium sm:max-w-xs">
            {t("checkout.giftCard.legend")}
            <input
              value={code}
              onChange={(e) => {
                setCode(e.target.value);
                setMessage(null);
              }}
              onKeyDown={(e) => {
                if (e.key === "Enter") {
                  e.preventDefault();
                  apply();
                }
              }}
              autoComplete="off"
              spellCheck={false}
              placeholder="XXXX-XXXX-XXXX-XXXX"
              maxLength={40}
              aria-invalid={message ? true : undefined}
              aria-describedby={`${id}-message`}
              className={`${inputClass} font-mono uppercase`}
            />
          </label>
          <button type="button" onClick={apply} disabled={fetcher.state !== "idle"} className={buttonClass({ variant: "ink-outline" })}>
            {t("checkout.giftCard.apply")}
          </button>
        </div>
      )}
      <p id={`${id}-message`} role="alert" className="mt-1 text-sm font-medium text-danger">
        {message ? translateMessage(message) : null}
      </p>
      {codes.length > 0 && (
        <ul className="mt-2 space-y-1 text-sm">
          {codes.map((c) => {
            const paid = payments.find((p) => p.code === c);
            const refused = quote?.gift_card_refusals.find((r) => normalizeGiftCardCode(r.code) === c);
            return (
              <li key={c} className="flex flex-wrap items-center justify-between gap-2">
                <span>
                  {t("checkout.giftCard.line", { masked: maskedGiftCardCode(c.slice(-4)) })}
                  {paid &&
                    t("checkout.giftCard.used", { applied: formatPrice(paid.applied_cents), balance: formatPrice(paid.balance_cents) })}
                  {refused && (
                    <span className="font-medium text-danger">
                      {" : "}
                      {refused.expires_at
                        ? t("checkout.message.giftCardExpired", { date: format.date(refused.expires_at) })
                        : translateMessage(refused.message)}
                    </span>
                  )}
                </span>
                <button
                  type="button"
                  onClick={() => onChange(codes.filter((x) => x !== c))}
                  aria-label={t("checkout.giftCard.removeLabel", { masked: maskedGiftCardCode(c.slice(-4)) })}
                  className="min-h-10 text-xs text-muted underline underline-offset-4 hover:text-ink"
                >
                  {t("checkout.giftCard.remove")}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}
