import { useId } from "react";
import { useT, useTranslateMessage } from "~/components/ui/i18n";
import { inputClass } from "~/components/ui/form-parts";
import { GIFT_MESSAGE_MAX, GiftMessageSchema, giftMessageLength, type GiftOptions, type GiftQuote } from "~/domain/checkout/gift-options";
import { formatPrice } from "~/lib/money";

/** The message's own error as the schema words it (too long, markup), while typing. */
function messageError(message: string): string | undefined {
  const parsed = GiftMessageSchema.safeParse(message);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

/**
 * "Options cadeau" (docs/decisions/068-gift-wrap.md): gift wrap with its price for this shopper
 * (or "offert"), a gift message of 200 characters with a live count, and hidden prices with a
 * gift receipt. The count and any error are tied to the textarea (aria-describedby); the count is
 * announced politely only near the limit, not at each key.
 */
export function GiftOptionsFields({
  value,
  gift,
  onChange,
}: {
  value: GiftOptions;
  /** The quote's gift part: what gift wrap costs this shopper, and why it cannot be ordered. */
  gift: GiftQuote | null;
  onChange: (next: GiftOptions) => void;
}) {
  const t = useT();
  const translateMessage = useTranslateMessage();
  const baseId = useId();
  const wrapId = `${baseId}-wrap`;
  const messageId = `${baseId}-message`;
  const hideId = `${baseId}-hide`;
  const count = giftMessageLength(value.message);
  const error = messageError(value.message);
  const offer = gift?.offer ?? null;
  const nearLimit = count >= GIFT_MESSAGE_MAX - 20;
  const wrapPrice = offer ? (offer.free ? t("checkout.gift.wrapFree") : formatPrice(offer.price_cents)) : null;
  return (
    <fieldset className="rounded-2xl border border-line bg-white p-4 sm:p-6">
      <legend className="px-1 text-lg font-semibold">{t("checkout.gift.legend")}</legend>
      <div className="mt-2 space-y-4">
        {offer?.offered !== false && (
          <label htmlFor={wrapId} className="flex min-h-11 items-start gap-3 py-1">
            <input
              id={wrapId}
              type="checkbox"
              name="gift_wrap"
              checked={value.wrap}
              onChange={(e) => onChange({ ...value, wrap: e.target.checked })}
              aria-describedby={gift?.error ? `${wrapId}-error` : undefined}
              className="mt-0.5 h-5 w-5 shrink-0"
            />
            <span>
              {t("checkout.gift.wrap")}
              {wrapPrice && <span className="ml-2 font-semibold">{wrapPrice}</span>}
            </span>
          </label>
        )}
        {gift?.error && value.wrap && (
          <p id={`${wrapId}-error`} className="text-sm font-medium text-danger">
            {translateMessage(gift.error)}
          </p>
        )}
        <div>
          <label htmlFor={messageId} className="block text-sm font-medium">
            {t("checkout.gift.message")}
          </label>
          <textarea
            id={messageId}
            name="gift_message"
            rows={3}
            value={value.message}
            onChange={(e) => onChange({ ...value, message: e.target.value })}
            aria-invalid={error ? true : undefined}
            aria-describedby={[`${messageId}-hint`, `${messageId}-count`, error ? `${messageId}-error` : null].filter(Boolean).join(" ")}
            className={`${inputClass} mt-1 w-full resize-y`}
          />
          <div className="mt-1 flex flex-wrap justify-between gap-2 text-sm">
            <p id={`${messageId}-hint`} className="text-muted">
              {t("checkout.gift.messageHint")}
            </p>
            <p
              id={`${messageId}-count`}
              aria-live={nearLimit ? "polite" : "off"}
              className={count > GIFT_MESSAGE_MAX ? "font-semibold text-danger" : "text-muted"}
            >
              {t("checkout.gift.count", { count, max: GIFT_MESSAGE_MAX })}
            </p>
          </div>
          {error && (
            <p id={`${messageId}-error`} className="mt-1 text-sm font-medium text-danger">
              {translateMessage(error)}
            </p>
          )}
        </div>
        <label htmlFor={hideId} className="flex min-h-11 items-start gap-3 py-1">
          <input
            id={hideId}
            type="checkbox"
            name="gift_hide_prices"
            checked={value.hide_prices}
            onChange={(e) => onChange({ ...value, hide_prices: e.target.checked })}
            aria-describedby={`${hideId}-hint`}
            className="mt-0.5 h-5 w-5 shrink-0"
          />
          <span>
            {t("checkout.gift.hidePrices")}
            <span id={`${hideId}-hint`} className="block text-sm text-muted">
              {t("checkout.gift.hidePricesHint")}
            </span>
          </span>
        </label>
      </div>
    </fieldset>
  );
}
