import { useEffect } from "react";
import { useRouteLoaderData } from "react-router";
import { forgetLocalCart, getCartOwner } from "../cart-store";
import { startCartSync, stopCartSync } from "../cart-sync";

/**
 * Follows the signed-in user of the root loader: syncs their cart with the server while signed in;
 * a cart left in the browser by a shopper who signed out (or whose session ended) is forgotten
 * here, it stays in their account.
 */
export function CartSync() {
  const root = useRouteLoaderData("root") as { user: { id: string } | null } | undefined;
  const userId = root?.user?.id ?? null;
  useEffect(() => {
    if (userId) {
      void startCartSync(userId);
      return () => stopCartSync();
    }
    if (getCartOwner() !== null) forgetLocalCart();
    return undefined;
  }, [userId]);
  return null;
}
