import { useEffect, useId, useRef, useState } from "react";
import { Link, useLocation, useSearchParams } from "react-router";
import { useHeaderUser } from "./site-header-user";
import { useCart } from "~/features/cart/public/cart-store";
import { useFavorites } from "~/features/favorites/favorites-store";
import { SearchCombobox } from "~/features/catalog/components/search-combobox";
import { useShippingSettings } from "~/components/layout/use-shipping-settings";
import { useSampleAllowances } from "~/components/layout/use-sample-allowances";
import { formatEurosCompact } from "~/lib/money";
import { CloseIcon, GiftIcon, MenuIcon, TruckIcon } from "~/components/ui/icons";
import { useT } from "~/components/ui/i18n";
import { SiteHeaderMobileMenu } from "./site-header-mobile-menu";
import { SiteHeaderCategoryNav } from "./site-header-nav";
import { SiteHeaderShortcuts } from "./site-header-shortcuts";

export type HeaderCategory = { id: string; name: string; slug: string };

export type SiteHeaderProps = { categories: readonly HeaderCategory[] };

/** The header search (a combobox with suggestions; a plain GET form without JavaScript), showing the URL's term on /products. */
function SearchForm({ className = "" }: { className?: string }) {
  const location = useLocation();
  const [params] = useSearchParams();
  const current = location.pathname === "/products" ? (params.get("search") ?? "") : "";
  // Re-mount when the URL's term changes so the box shows it.
  return <SearchCombobox key={current} initialValue={current} className={className} />;
}

/** Site header: promise strip, logo, search, shortcuts, category navigation and the mobile menu. */
export function SiteHeader({ categories }: SiteHeaderProps) {
  const { count: cartCount } = useCart();
  const { ids: favoriteIds } = useFavorites();
  const user = useHeaderUser();
  // The free-delivery threshold edited in Paramètres (root loader).
  const freeFrom = formatEurosCompact(useShippingSettings().freeThresholdCents);
  const samples = useSampleAllowances();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const t = useT();

  // A navigation closes the mobile menu.
  useEffect(() => {
    setMenuOpen(false);
  }, [location.pathname, location.search]);

  useEffect(() => {
    if (!menuOpen) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === "Escape") {
        setMenuOpen(false);
        menuButton.current?.focus();
      }
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [menuOpen]);

  const cart = { count: cartCount, label: t("common.header.cartCount", { count: cartCount }) };
  const favourites = { count: favoriteIds.size, label: t("common.header.favoritesCount", { count: favoriteIds.size }) };

  return (
    <header className="border-b border-line bg-white">
      <a href="#contenu" className="skip-link inline-flex min-h-11 items-center rounded-full bg-ink px-4 text-sm font-semibold text-white">
        {t("common.header.skipToContent")}
      </a>

      <div className="bg-accent text-white">
        <ul className="mx-auto flex max-w-7xl items-center justify-center gap-6 px-4 py-2 text-xs font-medium">
          <li className="flex items-center gap-1.5">
            <TruckIcon className="h-4 w-4" />
            {t("common.header.freeDeliveryFrom", { freeFrom })}
          </li>
          <li className="hidden items-center gap-1.5 sm:flex">
            <GiftIcon className="h-4 w-4" />
            {t("common.header.freeSamples", samples)}
          </li>
          <li className="hidden items-center gap-1.5 md:flex">{t("common.header.delivery48h")}</li>
        </ul>
      </div>

      {/* On a phone the search takes a second row of its own, always visible. */}
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-2 px-4 py-3 sm:gap-4 md:flex-nowrap">
        <button
          ref={menuButton}
          type="button"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          aria-label={menuOpen ? t("common.header.closeMenu") : t("common.header.openMenu")}
          onClick={() => setMenuOpen((open) => !open)}
          className="-ml-2 flex h-11 w-11 shrink-0 items-center justify-center rounded-lg text-ink hover:bg-band lg:hidden"
        >
          {menuOpen ? <CloseIcon className="h-6 w-6" /> : <MenuIcon className="h-6 w-6" />}
        </button>

        <Link
          to="/"
          aria-label={t("common.header.homeLink")}
          className="inline-flex min-h-11 items-center font-display text-2xl font-bold tracking-[0.2em] text-ink sm:text-3xl"
        >
          AURORE
        </Link>

        <SearchForm className="order-last w-full min-w-0 md:order-none md:mx-auto md:max-w-md" />

        <SiteHeaderShortcuts user={user} favourites={favourites} cart={cart} />
      </div>

      <SiteHeaderCategoryNav categories={categories} />

      <SiteHeaderMobileMenu
        id={menuId}
        open={menuOpen}
        onClose={() => setMenuOpen(false)}
        categories={categories}
        user={user}
        favourites={favourites}
        cart={cart}
      />
    </header>
  );
}
