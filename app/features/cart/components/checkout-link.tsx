import type { MouseEvent, ReactNode } from "react";
import { Link, useRouteLoaderData } from "react-router";
import { openAuthModal } from "~/features/auth/public/auth-modal-store";
import { showToast } from "~/components/ui/toast";
import { useCart } from "~/features/cart/public/cart-store";
import { useT } from "~/components/ui/i18n";

/**
 * "Commander" to /checkout (spec §5): a visitor is asked to sign in (toast and the sign-in
 * dialog), an empty cart says so; otherwise it is a plain link. `onLeave` runs before leaving or
 * before the dialog opens (the drawer closes itself with it).
 */
export function CheckoutLink({ className, onLeave, children }: { className?: string; onLeave?: () => void; children?: ReactNode }) {
  const root = useRouteLoaderData("root") as { user: { id: string } | null } | undefined;
  const signedIn = Boolean(root?.user);
  const { count } = useCart();
  const t = useT();

  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    if (!signedIn) {
      event.preventDefault();
      onLeave?.();
      showToast(t("shop.cart.signInToCheckout"));
      openAuthModal("login", { continueTo: "/checkout" });
      return;
    }
    if (count === 0) {
      event.preventDefault();
      showToast(t("common.cartDrawer.empty"));
      return;
    }
    onLeave?.();
  }

  return (
    <Link to="/checkout" onClick={onClick} className={className}>
      {children ?? t("shop.cart.checkout")}
    </Link>
  );
}
