/**
 * The catalog keys naming a gift card's occasion and delivery mode, shared by the cart lines and
 * the gift card page (the domain's French labels stay for the server and the e-mails).
 */
import type { MessageKey } from "~/components/ui/i18n";
import type { GiftCardDeliveryMode, GiftCardOccasion } from "~/domain/gift-cards/gift-card.rules";

export function giftCardOccasionKey(occasion: GiftCardOccasion): MessageKey {
  return `shop.giftCard.occasion.${occasion}` as MessageKey;
}

export function giftCardDeliveryKey(mode: GiftCardDeliveryMode): MessageKey {
  return `shop.giftCard.delivery.${mode}` as MessageKey;
}

export function giftCardDeliveryDetailKey(mode: GiftCardDeliveryMode): MessageKey {
  return `shop.giftCard.deliveryDetail.${mode}` as MessageKey;
}
