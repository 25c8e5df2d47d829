import { useT } from "~/components/ui/i18n";
import { giftCardDeliveryDetailKey, giftCardDeliveryKey, giftCardOccasionKey } from "~/features/gift-card/public/gift-card-labels";
import { GIFT_CARD_OCCASION_LABELS } from "~/domain/gift-cards/gift-card.options";
import {
  GIFT_CARD_DELIVERY_MODES,
  GIFT_CARD_OCCASIONS,
  type GiftCardDeliveryMode,
  type GiftCardOccasion,
} from "~/domain/gift-cards/gift-card.rules";
import { formatPrice } from "~/lib/money";
import { PHYSICAL_GIFT_CARD_FEE_CENTS } from "~/lib/shop-rules";
import { fieldsetClass, legendClass, optionClass, radioClass, type ConfiguratorIds } from "./gift-card-configurator-parts";

/** 'Occasion': the card's design, one per occasion. */
export function GiftCardOccasionFieldset({
  occasion,
  onChange,
}: {
  occasion: GiftCardOccasion;
  onChange: (occasion: GiftCardOccasion) => void;
}) {
  const t = useT();
  return (
    <fieldset className={fieldsetClass}>
      <legend className={legendClass}>{t("shop.giftCardPage.occasion")}</legend>
      <div className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {GIFT_CARD_OCCASIONS.map((value) => {
          return (
            <label key={value} className={`${optionClass} min-h-14 items-center gap-3 py-3`}>
              <input
                type="radio"
                name="occasion"
                value={value}
                checked={occasion === value}
                onChange={() => onChange(value)}
                className={radioClass}
              />
              <span aria-hidden="true" className="text-2xl">
                {GIFT_CARD_OCCASION_LABELS[value].emoji}
              </span>
              <span className="font-semibold">{t(giftCardOccasionKey(value))}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/** 'Mode d'envoi': by e-mail (free) or a printed card by post (with its fee). */
export function GiftCardDeliveryFieldset({
  ids,
  deliveryMode,
  onChange,
}: {
  ids: ConfiguratorIds;
  deliveryMode: GiftCardDeliveryMode;
  onChange: (mode: GiftCardDeliveryMode) => void;
}) {
  const t = useT();
  return (
    <fieldset className={fieldsetClass}>
      <legend className={legendClass}>{t("shop.giftCardPage.deliveryMode")}</legend>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        {GIFT_CARD_DELIVERY_MODES.map((mode) => {
          const nameId = ids.delivery(mode);
          return (
            <label key={mode} className={`${optionClass} min-h-20 flex-col`}>
              <input
                type="radio"
                name="envoi"
                value={mode}
                checked={deliveryMode === mode}
                onChange={() => onChange(mode)}
                aria-labelledby={nameId}
                aria-describedby={`${nameId}-desc`}
                className={radioClass}
              />
              <span id={nameId} className="font-semibold">
                {t(giftCardDeliveryKey(mode))}
              </span>
              <span id={`${nameId}-desc`} className="mt-1 text-sm text-muted">
                {mode === "physical" ? `+${formatPrice(PHYSICAL_GIFT_CARD_FEE_CENTS)} · ` : ""}
                {t(giftCardDeliveryDetailKey(mode))}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
