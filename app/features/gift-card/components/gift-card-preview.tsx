import { useT } from "~/components/ui/i18n";
import { giftCardOccasionKey } from "~/features/gift-card/public/gift-card-labels";
import { GIFT_CARD_OCCASION_LABELS } from "~/domain/gift-cards/gift-card.options";
import type { computeGiftCardTotals, GiftCardDeliveryMode, GiftCardOccasion } from "~/domain/gift-cards/gift-card.rules";
import { formatPrice } from "~/lib/money";
import type { ConfiguratorIds } from "./gift-card-configurator-parts";

type Props = {
  ids: ConfiguratorIds;
  amountCents: number | null;
  occasion: GiftCardOccasion;
  deliveryMode: GiftCardDeliveryMode;
  recipientName: string;
  message: string;
  totals: ReturnType<typeof computeGiftCardTotals>;
};

/** The card as it will look, and the summary of what it costs, following the configurator live. */
export function GiftCardPreview({ ids, amountCents, occasion, deliveryMode, recipientName, message, totals }: Props) {
  const t = useT();
  return (
    <section aria-labelledby={ids.previewTitle} className="lg:sticky lg:top-24">
      <h2 id={ids.previewTitle} className="font-display text-2xl">
        {t("shop.giftCardPage.preview")}
      </h2>
      <div className="mt-4 flex aspect-[1.586] flex-col justify-between overflow-hidden rounded-2xl bg-accent p-5 text-white shadow-lg sm:p-6">
        <div className="flex items-start justify-between gap-3">
          <p className="font-display text-lg tracking-widest uppercase">Aurore</p>
          <p className="text-sm">
            <span aria-hidden="true">{GIFT_CARD_OCCASION_LABELS[occasion].emoji} </span>
            {t(giftCardOccasionKey(occasion))}
          </p>
        </div>
        <div className="min-w-0">
          {recipientName.trim() && <p className="truncate text-sm">{t("shop.giftCardPage.previewFor", { name: recipientName.trim() })}</p>}
          {message.trim() && (
            <p className="mt-1 line-clamp-3 text-sm break-words whitespace-pre-line italic">
              {t("shop.giftCardPage.previewMessage", { message: message.trim() })}
            </p>
          )}
        </div>
        <p className="font-display text-4xl font-semibold">{amountCents === null ? <span>— €</span> : formatPrice(amountCents)}</p>
      </div>

      <div
        role="status"
        aria-live="polite"
        aria-atomic="true"
        aria-labelledby={ids.recap}
        className="mt-4 rounded-2xl border border-line bg-white p-4 sm:p-5"
      >
        <h3 id={ids.recap} className="font-semibold">
          {t("shop.giftCardPage.summary")}
        </h3>
        {amountCents === null ? (
          <p className="mt-2 text-sm text-muted">{t("shop.giftCardPage.chooseAmount")}</p>
        ) : (
          <dl className="mt-2 space-y-1 text-sm">
            <div className="flex justify-between gap-4">
              <dt>{t("shop.giftCardPage.cardAmount")}</dt>
              <dd>{formatPrice(totals.amountCents)}</dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt>{deliveryMode === "physical" ? t("shop.giftCardPage.physicalLine") : t("shop.giftCardPage.emailLine")}</dt>
              <dd>{totals.deliveryFeeCents > 0 ? formatPrice(totals.deliveryFeeCents) : t("shop.giftCardPage.free")}</dd>
            </div>
            <div className="flex justify-between gap-4 border-t border-line pt-2 text-base font-semibold">
              <dt>{t("shop.giftCardPage.total")}</dt>
              <dd>{formatPrice(totals.totalCents)}</dd>
            </div>
          </dl>
        )}
      </div>
    </section>
  );
}
