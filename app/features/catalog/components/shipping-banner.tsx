import { formatPrice } from "~/lib/money";
import { FREE_SHIPPING_THRESHOLD_CENTS, SHIPPING_FEE_CENTS } from "~/lib/shop-rules";

/** "Livraison 9,90 € — offerte dès 100 €": the one free-delivery threshold of the shop. */
export function ShippingBanner() {
  return (
    <p className="rounded-lg border border-line bg-cream px-4 py-3 text-sm text-ink">
      <span className="font-semibold">Livraison standard {formatPrice(SHIPPING_FEE_CENTS)}</span>
      {" — "}
      <span>offerte dès {formatPrice(FREE_SHIPPING_THRESHOLD_CENTS)} d'achat, en 48H en France métropolitaine.</span>
    </p>
  );
}
