import { useEffect } from "react";
import { useRouteLoaderData } from "react-router";
import { forgetLocalCart, getCartOwner } from "~/features/cart/public/cart-store";

/**
 * Follows the signed-in user of the root loader: syncs their cart with the server while signed in
 * (the sync code loads only for signed-in shoppers); a cart left in the browser by a shopper who
 * signed out (or whose session ended) is forgotten here, it stays in their account.
 */
export function CartSync() {
  const root = useRouteLoaderData("root") as { user: { id: string } | null } | undefined;
  const userId = root?.user?.id ?? null;
  useEffect(() => {
    if (!userId) {
      if (getCartOwner() !== null) forgetLocalCart();
      return undefined;
    }
    let stop: (() => void) | null = null;
    let cancelled = false;
    void import("../cart-sync").then(({ startCartSync, stopCartSync }) => {
      if (cancelled) return;
      stop = stopCartSync;
      void startCartSync(userId);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [userId]);
  return null;
}
