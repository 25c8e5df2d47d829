import type { MouseEvent, ReactNode } from "react";
import { Link, useRouteLoaderData } from "react-router";
import { openAuthModal } from "~/components/auth/auth-modal-store";
import { showToast } from "~/components/ui/toast";
import { useCart } from "~/components/cart/cart-store";

export const CHECKOUT_SIGN_IN_MESSAGE = "Veuillez vous connecter pour finaliser votre commande";
export const CHECKOUT_EMPTY_CART_MESSAGE = "Votre panier est vide";

/**
 * "Commander" to /checkout (spec §5): a visitor is asked to sign in (toast and the sign-in
 * dialog), an empty cart says so; otherwise it is a plain link. `onLeave` runs before leaving or
 * before the dialog opens (the drawer closes itself with it).
 */
export function CheckoutLink({
  className,
  onLeave,
  children = "Commander",
}: {
  className?: string;
  onLeave?: () => void;
  children?: ReactNode;
}) {
  const root = useRouteLoaderData("root") as { user: { id: string } | null } | undefined;
  const signedIn = Boolean(root?.user);
  const { count } = useCart();

  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    if (!signedIn) {
      event.preventDefault();
      onLeave?.();
      showToast(CHECKOUT_SIGN_IN_MESSAGE);
      openAuthModal("login", { continueTo: "/checkout" });
      return;
    }
    if (count === 0) {
      event.preventDefault();
      showToast(CHECKOUT_EMPTY_CART_MESSAGE);
      return;
    }
    onLeave?.();
  }

  return (
    <Link to="/checkout" onClick={onClick} className={className}>
      {children}
    </Link>
  );
}
