import { formatPrice } from "~/lib/money";
import { useShippingSettings } from "~/components/layout/use-shipping-settings";
import { useT } from "~/components/ui/i18n";

/** "Livraison 9,90 € — offerte dès 100 €": the fee and threshold edited in Paramètres. */
export function ShippingBanner() {
  const { feeCents, freeThresholdCents } = useShippingSettings();
  const t = useT();
  return (
    <p className="rounded-lg border border-line bg-cream px-4 py-3 text-sm text-ink">
      <span className="font-semibold">{t("shop.catalogue.standardDelivery", { fee: formatPrice(feeCents) })}</span>
      {" — "}
      <span>{t("shop.catalogue.freeDeliveryFrom", { threshold: formatPrice(freeThresholdCents) })}</span>
    </p>
  );
}
