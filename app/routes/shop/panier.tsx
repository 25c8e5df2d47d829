import { useEffect } from "react";
import { Link } from "react-router";
import { absoluteUrl } from "~/.server/http";
import type { Route } from "./+types/panier";
import { useCart } from "~/features/cart/public/cart-store";
import { refreshCartPrices } from "~/features/cart/cart-sync";
import { CartLineList, CartSummary } from "~/features/cart/components/cart-lines";
import { CartExpiryIndicator } from "~/features/cart/components/cart-expiry";
import { GiftCardLines } from "~/features/cart/components/gift-card-lines";
import { buildMeta } from "~/lib/seo";
import { useT } from "~/components/ui/i18n";
import { metaI18n } from "~/components/ui/meta-i18n";

export function loader(_: Route.LoaderArgs) {
  return { canonical: absoluteUrl("/panier") };
}

export function meta({ data, matches }: Route.MetaArgs) {
  const { t, ogLocale } = metaI18n(matches);
  return buildMeta({
    title: t("common.meta.cart.title"),
    description: t("common.meta.cart.description"),
    url: data?.canonical ?? "/panier",
    noindex: true,
    ogLocale,
  });
}

/** The cart as a page (links to /panier, and the mobile menu); the header button opens the same cart as a drawer. */
export default function CartPage() {
  const cart = useCart();
  const hasItems = cart.items.length > 0;
  const t = useT();

  // Current prices and stock, once the browser's cart is known.
  useEffect(() => {
    if (hasItems) void refreshCartPrices();
  }, [hasItems]);

  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <h1 className="font-display text-3xl sm:text-4xl">{t("common.header.cart")}</h1>
      {!hasItems && cart.giftCards.length === 0 ? (
        <div className="mt-10 rounded-2xl bg-cream px-6 py-16 text-center">
          <p className="text-lg">{t("common.cartDrawer.empty")}</p>
          <Link
            to="/products"
            className="mt-6 inline-flex min-h-11 items-center rounded-full bg-accent px-6 font-semibold text-white hover:bg-accent-dark"
          >
            {t("common.cartDrawer.continueShopping")}
          </Link>
        </div>
      ) : (
        <div className="mt-8 grid gap-10 lg:grid-cols-[1fr_20rem]">
          <div>
            <CartExpiryIndicator expiresAt={cart.expiresAt} />
            <div className="mt-4">
              {cart.items.length > 0 && <CartLineList items={cart.items} />}
              <GiftCardLines cards={cart.giftCards} />
            </div>
          </div>
          <aside aria-label={t("shop.cart.summary")} className="h-fit rounded-2xl bg-cream p-6">
            <CartSummary cart={cart} />
          </aside>
        </div>
      )}
    </div>
  );
}
