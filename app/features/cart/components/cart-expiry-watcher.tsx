import { lazy, Suspense } from "react";
import { CART_INDICATOR_REFRESH_MS } from "~/lib/shop-rules";
import { useCart } from "~/features/cart/public/cart-store";
import { cartExpiryLevel, useNow } from "../cart-expiry";

const CartExpiryBanner = lazy(() => import("./cart-expiry").then((m) => ({ default: m.CartExpiryBanner })));

/**
 * Watches the cart's deadline on every shop page and shows the expiry banner while the cart is
 * non-empty, valid and critical (under 10 minutes). The banner's code loads only then.
 */
export function CartExpiryWatcher() {
  const cart = useCart();
  const now = useNow(CART_INDICATOR_REFRESH_MS);
  const remaining = cart.expiresAt === null ? 0 : cart.expiresAt - now;
  if (cart.items.length === 0 || cartExpiryLevel(remaining) !== "critical") return null;
  return (
    <Suspense fallback={null}>
      <CartExpiryBanner />
    </Suspense>
  );
}
