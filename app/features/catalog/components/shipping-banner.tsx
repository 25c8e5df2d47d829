import { formatPrice } from "~/lib/money";
import { useShippingSettings } from "~/components/layout/use-shipping-settings";

/** "Livraison 9,90 € — offerte dès 100 €": the fee and threshold edited in Paramètres. */
export function ShippingBanner() {
  const { feeCents, freeThresholdCents } = useShippingSettings();
  return (
    <p className="rounded-lg border border-line bg-cream px-4 py-3 text-sm text-ink">
      <span className="font-semibold">Livraison standard {formatPrice(feeCents)}</span>
      {" — "}
      <span>offerte dès {formatPrice(freeThresholdCents)} d'achat, en 48H en France métropolitaine.</span>
    </p>
  );
}
