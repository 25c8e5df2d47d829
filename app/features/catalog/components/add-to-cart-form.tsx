import { useId, useState } from "react";
import { useT } from "~/components/ui/i18n";
import type { ProductCardView, ProductVariantView, ProductView } from "~/domain/catalog/catalog.types";
import { isPurchasable, toProductCardView } from "~/domain/catalog/catalog.types";
import { addToCart } from "~/features/cart/public/cart-store";
import { showToast } from "~/components/ui/toast";
import { buttonClass } from "~/components/ui/button";
import * as COMMON_MESSAGES from "~/domain/messages/common";

/** The product as the cart sees it when this variant is bought: its price, stock and picture. */
function asCartProduct(product: ProductView, variant: ProductVariantView | undefined): ProductCardView {
  const card = toProductCardView(product);
  if (!variant) return card;
  return {
    ...card,
    price_cents: variant.price_cents,
    original_price_cents: variant.original_price_cents,
    stock_quantity: variant.stock_quantity,
    in_stock: variant.in_stock,
    image_url: variant.image_url ?? card.image_url,
    default_variant_id: variant.id,
  };
}

/** Quantity stepper bounded by the chosen variant's stock (1..stock) and the add button. */
export function AddToCartForm({ product, variant }: { product: ProductView; variant?: ProductVariantView }) {
  const id = useId();
  const buying = asCartProduct(product, variant);
  const max = Math.max(buying.stock_quantity, 1);
  const [quantity, setQuantity] = useState(1);
  const purchasable = isPurchasable(buying);
  const t = useT();
  const clamp = (n: number) => Math.min(Math.max(Number.isFinite(n) ? Math.trunc(n) : 1, 1), max);

  return (
    <form
      className="mt-6 flex flex-wrap items-end gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (!purchasable) return;
        const result = addToCart(
          buying,
          quantity,
          variant && {
            id: variant.id,
            sku: variant.sku,
            label: variant.label,
            price_cents: variant.price_cents,
            stock_quantity: variant.stock_quantity,
            image_url: variant.image_url,
          },
        );
        if (result === "added") showToast(COMMON_MESSAGES.addedCart);
        else if (result === "limited") showToast(COMMON_MESSAGES.maximumAvailableQuantityAlreadyCart);
      }}
    >
      <div>
        <label htmlFor={`${id}-qty`} className="block text-sm font-semibold">
          {t("shop.product.quantity")}
        </label>
        <div className="mt-1 flex items-center rounded-full border border-line">
          <button
            type="button"
            className="h-11 w-11 rounded-full text-xl disabled:opacity-40"
            aria-label={t("shop.product.decrease")}
            disabled={!purchasable || quantity <= 1}
            onClick={() => setQuantity((q) => clamp(q - 1))}
          >
            −
          </button>
          <input
            id={`${id}-qty`}
            type="number"
            inputMode="numeric"
            min={1}
            max={max}
            value={quantity}
            disabled={!purchasable}
            onChange={(e) => setQuantity(clamp(Number(e.currentTarget.value)))}
            className="h-11 w-14 border-0 bg-transparent text-center text-base [appearance:textfield]"
          />
          <button
            type="button"
            className="h-11 w-11 rounded-full text-xl disabled:opacity-40"
            aria-label={t("shop.product.increase")}
            disabled={!purchasable || quantity >= max}
            onClick={() => setQuantity((q) => clamp(q + 1))}
          >
            +
          </button>
        </div>
      </div>
      <button
        type="submit"
        disabled={!purchasable}
        className={buttonClass({ variant: "accent", size: "lg", className: "flex-1 disabled:bg-stone-400 disabled:opacity-100" })}
      >
        {purchasable ? t("shop.product.addToCart") : t("shop.product.outOfStockCaps")}
      </button>
    </form>
  );
}
