import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { getDb } from "~/.server/db";
import { listCategories } from "~/.server/modules/catalog/catalog.service";
import { SiteHeader } from "~/routes/shop/site-header";
import { SiteFooter } from "~/routes/shop/site-footer";
import { CookieBanner } from "~/components/layout/cookie-banner";
import { DemoBanner } from "~/components/layout/demo-banner";
import { getEnv } from "~/.server/env";
import { ToastRegion } from "~/components/ui/toast";
import { LazyAuthModal } from "~/features/auth/components/lazy-auth-modal";
import { LazyCartDrawer } from "~/features/cart/components/lazy-cart-drawer";
import { CartExpiryWatcher } from "~/features/cart/components/cart-expiry-watcher";
import { CartSync } from "~/features/cart/components/cart-sync-effect";

export async function loader(_: Route.LoaderArgs) {
  const categories = await listCategories(await getDb());
  return {
    categories: categories.map(({ id, name, slug }) => ({ id, name, slug })),
    demo: getEnv().SHOP_MODE === "demo",
  };
}

/** Client navigations between shop pages do not need the category list again. */
export function shouldRevalidate() {
  return false;
}

export default function ShopLayout({ loaderData }: Route.ComponentProps) {
  return (
    <>
      {loaderData.demo ? <DemoBanner /> : null}
      <SiteHeader categories={loaderData.categories} />
      <main id="contenu" tabIndex={-1} className="min-h-[60vh] outline-none">
        <Outlet />
      </main>
      <SiteFooter categories={loaderData.categories} />
      <CookieBanner />
      <CartExpiryWatcher />
      <LazyCartDrawer />
      <LazyAuthModal />
      <CartSync />
      <ToastRegion />
    </>
  );
}
