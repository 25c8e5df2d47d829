import { useT, useTranslateMessage } from "~/components/ui/i18n";
import { formatWholeEuros, GIFT_CARD_PRESETS } from "~/domain/gift-cards/gift-card.options";
import { GIFT_CARD_MAX_CENTS, GIFT_CARD_MIN_CENTS } from "~/lib/shop-rules";
import { fieldClass, fieldsetClass, legendClass, optionClass, radioClass, type ConfiguratorIds } from "./gift-card-configurator-parts";

type Props = {
  ids: ConfiguratorIds;
  /** The preset chosen, or null while a custom amount is typed. */
  presetCents: number | null;
  customText: string;
  customError: string | null;
  onPreset: (cents: number) => void;
  onCustom: (text: string) => void;
  onCustomLeft: () => void;
};

/** 'Montant': the preset amounts as cards, or a custom amount within the card's range. */
export function GiftCardAmountFieldset({ ids, presetCents, customText, customError, onPreset, onCustom, onCustomLeft }: Props) {
  const t = useT();
  const tm = useTranslateMessage();
  return (
    <fieldset className={fieldsetClass}>
      <legend className={legendClass}>{t("shop.giftCardPage.amount")}</legend>
      <div className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
        {GIFT_CARD_PRESETS.map((preset) => {
          const nameId = ids.preset(preset.amountCents);
          return (
            <label key={preset.amountCents} className={`${optionClass} min-h-24 flex-col justify-center`}>
              <input
                type="radio"
                name="montant"
                value={preset.amountCents}
                checked={presetCents === preset.amountCents}
                onChange={() => onPreset(preset.amountCents)}
                aria-labelledby={nameId}
                aria-describedby={`${nameId}-desc`}
                className={radioClass}
              />
              {preset.popular && (
                <span className="absolute -top-3 right-3 z-10 rounded-full bg-accent px-2.5 py-0.5 text-xs font-semibold text-white">
                  {t("shop.giftCardPage.popular")}
                </span>
              )}
              <span id={nameId} className="font-display text-2xl font-semibold">
                {formatWholeEuros(preset.amountCents)}
              </span>
              <span id={`${nameId}-desc`} className="mt-1 text-sm text-muted">
                {preset.popular ? <span className="sr-only">{t("shop.giftCardPage.popular")}. </span> : null}
                {tm(preset.description)}
              </span>
            </label>
          );
        })}
      </div>
      <div className="mt-5">
        <label htmlFor={ids.custom} className="font-semibold">
          {t("shop.giftCardPage.customAmount")}
        </label>
        <p id={ids.customHint} className="text-sm text-muted">
          {t("shop.giftCardPage.customHint", { min: GIFT_CARD_MIN_CENTS / 100, max: GIFT_CARD_MAX_CENTS / 100 })}
        </p>
        <input
          id={ids.custom}
          name="montant-libre"
          type="number"
          inputMode="decimal"
          min={GIFT_CARD_MIN_CENTS / 100}
          max={GIFT_CARD_MAX_CENTS / 100}
          step="0.01"
          placeholder={t("shop.giftCardPage.customPlaceholder")}
          value={customText}
          onChange={(event) => onCustom(event.target.value)}
          onBlur={onCustomLeft}
          aria-invalid={customError ? true : undefined}
          aria-describedby={`${ids.customHint} ${ids.customError}`}
          className={`${fieldClass} sm:max-w-60`}
        />
        <p id={ids.customError} role="alert" className="mt-1 text-sm font-medium text-danger empty:mt-0">
          {customError && tm(customError)}
        </p>
      </div>
    </fieldset>
  );
}
