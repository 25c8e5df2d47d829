import { lazy, Suspense, useEffect, useState } from "react";
import { useCartDrawerOpen } from "~/features/cart/public/cart-drawer-store";

const CartDrawer = lazy(() => import("./cart-drawer").then((m) => ({ default: m.CartDrawer })));

/** The drawer's code loads the first time it opens, so storefront pages do not ship it up front. */
export function LazyCartDrawer() {
  const open = useCartDrawerOpen();
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (open) setWanted(true);
  }, [open]);
  if (!wanted && !open) return null;
  return (
    <Suspense fallback={null}>
      <CartDrawer />
    </Suspense>
  );
}
