import { formatPrice } from "~/lib/money";
import { GIFT_CARD_DELIVERY_LABELS, GIFT_CARD_OCCASION_LABELS } from "~/domain/gift-cards/gift-card.options";
import { computeGiftCardTotals } from "~/domain/gift-cards/gift-card.rules";
import { removeGiftCardFromCart, type GiftCardCartLine } from "~/components/cart/cart-store";

/** The gift cards of the cart: one line each, no quantity, a remove button. */
export function GiftCardLines({ cards }: { cards: readonly GiftCardCartLine[] }) {
  if (cards.length === 0) return null;
  return (
    <ul aria-label="Cartes cadeaux" className="divide-y divide-line">
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
              <span className="block font-medium">Carte cadeau {formatPrice(card.amountCents)}</span>
              <span className="block text-muted">
                {occasion.name} · {GIFT_CARD_DELIVERY_LABELS[card.deliveryMode].name}
                {totals.deliveryFeeCents > 0 ? ` (+${formatPrice(totals.deliveryFeeCents)})` : ""}
              </span>
              {card.deliveryMode === "email" && <span className="block break-words text-muted">Pour {card.recipientEmail}</span>}
            </span>
            <span className="flex flex-col items-end gap-1">
              <span className="font-semibold">{formatPrice(totals.totalCents)}</span>
              <button
                type="button"
                onClick={() => removeGiftCardFromCart(card.id)}
                aria-label={`Retirer la carte cadeau de ${formatPrice(card.amountCents)}`}
                className="min-h-10 text-xs text-muted underline underline-offset-4 hover:text-ink"
              >
                Retirer
              </button>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
