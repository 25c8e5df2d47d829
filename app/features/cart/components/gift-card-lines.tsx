import { formatPrice } from "~/lib/money";
import { GIFT_CARD_OCCASION_LABELS } from "~/domain/gift-cards/gift-card.options";
import { computeGiftCardTotals } from "~/domain/gift-cards/gift-card.rules";
import { removeGiftCardFromCart, type GiftCardCartLine } from "~/features/cart/public/cart-store";
import { useT } from "~/components/ui/i18n";
import { giftCardDeliveryKey, giftCardOccasionKey } from "~/features/gift-card/public/gift-card-labels";

/** The gift cards of the cart: one line each, no quantity, a remove button. */
export function GiftCardLines({ cards }: { cards: readonly GiftCardCartLine[] }) {
  const t = useT();
  if (cards.length === 0) return null;
  return (
    <ul aria-label={t("shop.cart.giftCards")} className="divide-y divide-line">
      {cards.map((card) => {
        const totals = computeGiftCardTotals(card.amountCents, card.deliveryMode);
        const occasion = GIFT_CARD_OCCASION_LABELS[card.occasion];
        return (
          <li key={card.id} className="flex items-start gap-3 py-3 text-sm">
            <span
              aria-hidden="true"
              className="flex h-14 w-14 shrink-0 items-center justify-center rounded-lg bg-accent text-2xl text-white"
            >
              {occasion.emoji}
            </span>
            <span className="min-w-0 flex-1">
              <span className="block font-medium">{t("shop.cart.giftCardLine", { amount: formatPrice(card.amountCents) })}</span>
              <span className="block text-muted">
                {t(giftCardOccasionKey(card.occasion))} · {t(giftCardDeliveryKey(card.deliveryMode))}
                {totals.deliveryFeeCents > 0 ? ` (+${formatPrice(totals.deliveryFeeCents)})` : ""}
              </span>
              {card.deliveryMode === "email" && (
                <span className="block break-words text-muted">{t("shop.cart.giftCardFor", { email: card.recipientEmail })}</span>
              )}
            </span>
            <span className="flex flex-col items-end gap-1">
              <span className="font-semibold">{formatPrice(totals.totalCents)}</span>
              <button
                type="button"
                onClick={() => removeGiftCardFromCart(card.id)}
                aria-label={t("shop.cart.removeGiftCard", { amount: formatPrice(card.amountCents) })}
                className="min-h-10 text-xs text-muted underline underline-offset-4 hover:text-ink"
              >
                {t("shop.cart.remove")}
              </button>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
