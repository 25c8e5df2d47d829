import { useMemo } from "react";
import { Link } from "react-router";
import type { ProductCardView } from "~/domain/catalog/catalog.types";
import { openAuthModal } from "~/features/auth/public/auth-modal-store";
import { Breadcrumb } from "~/components/ui/breadcrumb";
import { HeartIcon, UserIcon } from "~/components/ui/icons";
import { ProductCardSkeleton, ProductGrid } from "~/features/catalog/public/product-card";
import { useFavorites } from "~/features/favorites/favorites-store";
import { buttonClass } from "~/components/ui/button";
import { useT } from "~/components/ui/i18n";

/** Spec §9: the favourites page shows 8 skeleton cards while loading. */
export const FAVORITES_SKELETON_COUNT = 8;

export type FavoritesViewState = "signed-out" | "loading" | "ready";

const secondaryLinkClass = buttonClass({ className: "text-sm text-ink" });
const primaryLinkClass = buttonClass({ variant: "accent" });

/**
 * "Mes Favoris" (spec §2), shared by /favorites and the dashboard's wishlist tab: breadcrumb,
 * signed-out prompt, 8 loading skeletons, empty state, grid of product cards, links to /products
 * and /. A heart turned off here takes the card away at once.
 */
export function FavoritesView({
  state,
  favorites,
  headingLevel = 1,
}: {
  state: FavoritesViewState;
  favorites: readonly ProductCardView[];
  headingLevel?: 1 | 2;
}) {
  const { ids } = useFavorites();
  const shown = useMemo(() => favorites.filter((product) => ids.has(product.id)), [favorites, ids]);
  const Heading = `h${headingLevel}` as const;
  const t = useT();

  return (
    <div>
      <Breadcrumb items={[{ to: "/", label: t("common.breadcrumb.home") }, { label: t("common.header.favorites") }]} />
      <div className="mt-4 flex flex-wrap items-end justify-between gap-3">
        <Heading className={headingLevel === 1 ? "font-display text-3xl sm:text-4xl" : "font-display text-2xl sm:text-3xl"}>
          {t("common.header.favorites")}
        </Heading>
        {state === "ready" && shown.length > 0 && (
          <p className="text-sm text-muted">{t("shop.brands.productCount", { count: shown.length })}</p>
        )}
      </div>

      <div className="mt-6">
        {state === "signed-out" && (
          <div className="rounded-2xl bg-cream px-6 py-14 text-center">
            <HeartIcon className="mx-auto h-10 w-10 text-accent" />
            <p className="mt-4 text-lg font-semibold">{t("shop.favorites.signIn")}</p>
            <p className="mt-2 text-muted">{t("shop.favorites.signInText")}</p>
            <button type="button" onClick={() => openAuthModal("login")} className={`${primaryLinkClass} mt-6 gap-2`}>
              <UserIcon className="h-4 w-4" />
              {t("common.header.signIn")}
            </button>
          </div>
        )}

        {state === "loading" && (
          <div aria-busy="true">
            <p className="sr-only" role="status">
              {t("shop.favorites.loading")}
            </p>
            <div className="grid grid-cols-2 gap-3 sm:gap-5 md:grid-cols-3 lg:grid-cols-4">
              {Array.from({ length: FAVORITES_SKELETON_COUNT }, (_, i) => (
                <ProductCardSkeleton key={i} />
              ))}
            </div>
          </div>
        )}

        {state === "ready" &&
          (shown.length === 0 ? (
            <div className="rounded-2xl bg-cream px-6 py-14 text-center">
              <HeartIcon className="mx-auto h-10 w-10 text-accent" />
              <p className="mt-4 text-lg font-semibold">{t("shop.favorites.empty")}</p>
              <p className="mt-2 text-muted">{t("shop.favorites.emptyText")}</p>
              <Link to="/products" className={`${primaryLinkClass} mt-6`}>
                {t("shop.favorites.discover")}
              </Link>
            </div>
          ) : (
            <ProductGrid products={shown} headingLevel={headingLevel === 1 ? 2 : 3} label={t("shop.favorites.listLabel")} />
          ))}
      </div>

      <div className="mt-8 flex flex-wrap gap-3">
        <Link to="/products" className={secondaryLinkClass}>
          {t("common.cartDrawer.continueShopping")}
        </Link>
        <Link to="/" className={secondaryLinkClass}>
          {t("common.error.backHome")}
        </Link>
      </div>
    </div>
  );
}
