import { useEffect, useId, useRef } from "react";
import { Link, useLocation } from "react-router";
import { CloseIcon } from "~/components/ui/icons";
import { useCart } from "~/features/cart/public/cart-store";
import { refreshCartPrices } from "../cart-sync";
import { closeCartDrawer, useCartDrawerOpen } from "~/features/cart/public/cart-drawer-store";
import { CartLineList, CartSummary } from "./cart-lines";
import { CartExpiryIndicator } from "./cart-expiry";
import { GiftCardLines } from "./gift-card-lines";
import { buttonClass } from "~/components/ui/button";
import { useModalDialog } from "~/components/ui/use-modal-dialog";
import { useT } from "~/components/ui/i18n";

/**
 * The cart as a side panel (spec §2 "Cart drawer"), opened by the header's "Mon Panier". A native
 * modal <dialog>: the page behind is inert, Tab stays inside, Escape / the backdrop / "Fermer"
 * close it and focus returns to the button that opened it. Prices are re-checked on opening.
 */
export function CartDrawer() {
  const open = useCartDrawerOpen();
  const cart = useCart();
  const titleId = useId();
  const location = useLocation();
  const { dialogProps } = useModalDialog({ open, onClose: closeCartDrawer });

  // Prices may have changed since the cart was filled: re-checked each time it opens.
  useEffect(() => {
    if (open) void refreshCartPrices();
  }, [open]);

  // Following a link inside the drawer lands on another page: the drawer closes.
  const shownAt = useRef(`${location.pathname}${location.search}`);
  useEffect(() => {
    const here = `${location.pathname}${location.search}`;
    if (here === shownAt.current) return;
    shownAt.current = here;
    closeCartDrawer();
  }, [location.pathname, location.search]);

  const t = useT();
  const articles = t("common.header.cartCount", { count: cart.count });

  return (
    <dialog
      {...dialogProps}
      aria-labelledby={titleId}
      onClose={() => closeCartDrawer()}
      className="fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-dvh w-full max-w-md bg-white p-0 text-ink shadow-2xl backdrop:bg-black/50"
    >
      {open && (
        <div className="flex h-full flex-col">
          <div className="flex items-center justify-between gap-4 border-b border-line px-5 py-4">
            <h2 id={titleId} className="font-display text-2xl">
              {t("common.header.cart")}
              {cart.count > 0 && <span className="ml-2 align-middle text-sm font-normal text-muted">({articles})</span>}
            </h2>
            <button
              type="button"
              onClick={closeCartDrawer}
              aria-label={t("common.cartDrawer.close")}
              className="-mr-2 flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-muted hover:bg-band hover:text-ink"
            >
              <CloseIcon className="h-6 w-6" />
            </button>
          </div>

          {cart.items.length === 0 && cart.giftCards.length === 0 ? (
            <div className="flex flex-1 flex-col items-center justify-center gap-6 px-6 text-center">
              <p className="text-lg">{t("common.cartDrawer.empty")}</p>
              <Link to="/products" onClick={closeCartDrawer} className={buttonClass({ variant: "accent" })}>
                {t("common.cartDrawer.continueShopping")}
              </Link>
            </div>
          ) : (
            <>
              <div className="flex-1 overflow-y-auto px-5 py-4">
                <CartExpiryIndicator expiresAt={cart.expiresAt} />
                <div className="mt-3">
                  {cart.items.length > 0 && <CartLineList items={cart.items} size="sm" onNavigate={closeCartDrawer} />}
                  <GiftCardLines cards={cart.giftCards} />
                </div>
                <Link
                  to="/panier"
                  onClick={closeCartDrawer}
                  className="mt-3 inline-flex min-h-10 items-center text-sm text-accent underline underline-offset-4"
                >
                  {t("common.cartDrawer.fullPage")}
                </Link>
              </div>
              <div className="border-t border-line bg-cream px-5 py-4">
                <CartSummary cart={cart} onLeave={closeCartDrawer} />
              </div>
            </>
          )}
        </div>
      )}
    </dialog>
  );
}
