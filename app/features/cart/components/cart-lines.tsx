/** Cart lines and summary, shared by the cart drawer and the /panier page. */
import { useState } from "react";
import { Link } from "react-router";
import { SparklesIcon } from "~/components/ui/icons";
import { formatPrice } from "~/lib/money";
import { IndicativePrice } from "~/components/ui/indicative-price";
import { quoteDefaultShipping } from "~/domain/checkout/shipping.rules";
import { useShippingSettings } from "~/components/layout/use-shipping-settings";
import { cartLineKey, clearCart, removeFromCart, setQuantity, type CartItem, type CartSnapshot } from "~/features/cart/public/cart-store";
import { lineName, shownVariantLabel } from "~/domain/cart/line-name";
import { CheckoutLink } from "./checkout-link";
import { buttonClass } from "~/components/ui/button";
import { useT } from "~/components/ui/i18n";

function LineImage({ item, size }: { item: CartItem; size: "sm" | "lg" }) {
  const [failed, setFailed] = useState(false);
  const box = size === "lg" ? "h-24 w-24" : "h-20 w-20";
  if (!item.image_url || failed) {
    return (
      <div className={`${box} flex shrink-0 items-center justify-center rounded-xl bg-band text-accent`} aria-hidden="true">
        <SparklesIcon className="h-8 w-8 opacity-60" />
      </div>
    );
  }
  return (
    <img
      src={item.image_url}
      alt=""
      width={96}
      height={96}
      loading="lazy"
      onError={() => setFailed(true)}
      className={`${box} shrink-0 rounded-xl bg-band object-cover`}
    />
  );
}

/** One line: image, name, category, unit price, notices, quantity stepper, remove, line total. */
export function CartLine({ item, size = "lg", onNavigate }: { item: CartItem; size?: "sm" | "lg"; onNavigate?: () => void }) {
  const atMax = item.unavailable === true || item.quantity >= item.stock_quantity;
  const key = cartLineKey(item);
  const name = lineName(item.name, item.variant_label);
  const t = useT();
  const href =
    shownVariantLabel(item.variant_label) && item.sku
      ? `/product/${item.product_id}?variant=${encodeURIComponent(item.sku)}`
      : `/product/${item.product_id}`;
  return (
    <li className="flex gap-4 py-4">
      <LineImage item={item} size={size} />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <Link to={href} onClick={onNavigate} className="font-semibold leading-snug hover:text-accent">
          {name}
        </Link>
        <p className="text-sm text-muted">{item.category_name ?? t("shop.cart.product")}</p>
        <p className="text-sm">
          <span className="sr-only">{t("shop.cart.unitPrice")}</span>
          {formatPrice(item.price_cents)} <IndicativePrice cents={item.price_cents} />
        </p>
        {item.previous_price_cents !== undefined && !item.unavailable && (
          <p className="text-sm font-semibold text-warning">
            {t("shop.cart.priceChanged", { before: formatPrice(item.previous_price_cents), after: formatPrice(item.price_cents) })}
          </p>
        )}
        {item.unavailable && <p className="text-sm font-semibold text-danger">{t("shop.cart.unavailable")}</p>}
        <div className="mt-1 flex flex-wrap items-center gap-3">
          <div className="flex items-center rounded-full border border-line">
            <button
              type="button"
              className="h-10 w-10 rounded-full text-lg hover:bg-band"
              aria-label={t("shop.cart.decrease", { name })}
              onClick={() => setQuantity(key, item.quantity - 1)}
            >
              −
            </button>
            <span className="w-8 text-center" aria-live="polite">
              <span className="sr-only">{t("shop.cart.quantity")}</span>
              {item.quantity}
            </span>
            <button
              type="button"
              className="h-10 w-10 rounded-full text-lg hover:bg-band disabled:cursor-not-allowed disabled:opacity-40"
              aria-label={t("shop.cart.increase", { name })}
              disabled={atMax}
              onClick={() => setQuantity(key, item.quantity + 1)}
            >
              +
            </button>
          </div>
          <button
            type="button"
            className="min-h-10 text-sm text-accent underline underline-offset-4"
            aria-label={t("shop.cart.removeLine", { name })}
            onClick={() => removeFromCart(key)}
          >
            {t("shop.cart.remove")}
          </button>
        </div>
      </div>
      <p className="shrink-0 font-semibold">
        <span className="sr-only">{t("shop.cart.lineTotal")}</span>
        {item.unavailable ? "—" : formatPrice(item.price_cents * item.quantity)}
      </p>
    </li>
  );
}

export function CartLineList({
  items,
  size = "lg",
  onNavigate,
}: {
  items: readonly CartItem[];
  size?: "sm" | "lg";
  onNavigate?: () => void;
}) {
  const t = useT();
  return (
    <ul aria-label={t("shop.cart.lines")} className="divide-y divide-line border-y border-line">
      {items.map((item) => (
        <CartLine key={cartLineKey(item)} item={item} size={size} onNavigate={onNavigate} />
      ))}
    </ul>
  );
}

/** "Plus que 12,30 € pour profiter de la livraison offerte" and a progress bar. */
export function FreeShippingProgress({ subtotalCents }: { subtotalCents: number }) {
  const quote = quoteDefaultShipping(subtotalCents, useShippingSettings());
  const t = useT();
  const threshold = quote.freeThresholdCents;
  if (threshold === null) return null;
  const remaining = Math.max(threshold - subtotalCents, 0);
  const progress = Math.min(100, Math.round((subtotalCents / threshold) * 100));
  return (
    <div>
      <p className="text-sm">
        {remaining === 0 ? t("shop.cart.freeDeliveryReached") : t("shop.cart.freeDeliveryRemaining", { amount: formatPrice(remaining) })}
      </p>
      <div
        className="mt-2 h-2 overflow-hidden rounded-full bg-line"
        role="progressbar"
        aria-label={t("shop.cart.freeDeliveryProgress")}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
      >
        <div className="h-full bg-accent transition-[width]" style={{ width: `${progress}%` }} />
      </div>
    </div>
  );
}

/** Subtotal, delivery (metropolitan rule until an address is chosen), total, and the actions. */
export function CartSummary({ cart, onLeave }: { cart: CartSnapshot; onLeave?: () => void }) {
  const shipping = quoteDefaultShipping(cart.subtotalCents, useShippingSettings());
  // Gift cards need no delivery fee (a physical card's 5 € is on its line).
  const hasProducts = cart.items.some((item) => !item.unavailable);
  const shippingCents = !hasProducts ? 0 : shipping.feeCents;
  const subtotalCents = cart.subtotalCents + cart.giftCardsCents;
  const t = useT();
  return (
    <div>
      <dl className="space-y-2 text-sm">
        <div className="flex justify-between">
          <dt>{t("shop.cart.subtotal")}</dt>
          <dd>{formatPrice(subtotalCents)}</dd>
        </div>
        <div className="flex justify-between">
          <dt>{t("shop.cart.delivery")}</dt>
          <dd>{shippingCents === 0 ? t("shop.cart.free") : formatPrice(shippingCents)}</dd>
        </div>
        <div className="flex justify-between border-t border-line pt-2 text-base font-semibold">
          <dt>{t("shop.cart.total")}</dt>
          <dd className="text-right">
            {formatPrice(subtotalCents + shippingCents)}
            <IndicativePrice cents={subtotalCents + shippingCents} className="block" />
          </dd>
        </div>
      </dl>
      <div className="mt-4">
        <FreeShippingProgress subtotalCents={cart.subtotalCents} />
      </div>
      <CheckoutLink onLeave={onLeave} className={buttonClass({ variant: "accent", size: "lg", className: "mt-5 w-full" })} />
      <button
        type="button"
        onClick={() => clearCart()}
        className="mt-2 min-h-10 w-full text-sm text-muted underline underline-offset-4 hover:text-ink"
      >
        {t("shop.cart.clear")}
      </button>
    </div>
  );
}
