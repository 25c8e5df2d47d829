import { useEffect, useId, useRef, useState, type KeyboardEvent as ReactKeyboardEvent, type ReactNode } from "react";
import { Link, NavLink, useLocation, useNavigate, useRevalidator, useRouteLoaderData, useSearchParams } from "react-router";
import { signOut } from "~/features/auth/auth-client";
import { openAuthModal } from "~/features/auth/public/auth-modal-store";
import { useCart } from "~/features/cart/public/cart-store";
import { openCartDrawer } from "~/features/cart/public/cart-drawer-store";
import { useFavorites } from "~/features/favorites/favorites-store";
import { LazyNotificationBell } from "~/features/notifications/components/lazy-notification-bell";
import { showToast } from "~/components/ui/toast";
import { SearchCombobox } from "~/features/catalog/components/search-combobox";
import { useShippingSettings } from "~/components/layout/use-shipping-settings";
import { formatEurosCompact } from "~/lib/money";
import { BagIcon, CloseIcon, GiftIcon, HeartIcon, MenuIcon, TruckIcon, UserIcon } from "~/components/ui/icons";
import { T, useT, useTranslateMessage } from "~/components/ui/i18n";

export type HeaderCategory = { id: string; name: string; slug: string };

export type SiteHeaderProps = { categories: readonly HeaderCategory[] };

/** The root loader's user (app/root.tsx), as far as the header needs it. */
type HeaderUser = { id: string; email: string; name: string; firstName?: string; role: "admin" | "user"; twoFactorEnabled: boolean };

function useHeaderUser(): HeaderUser | null {
  const data = useRouteLoaderData("root") as { user: HeaderUser | null } | undefined;
  return data?.user ?? null;
}

/** What the account button shows: the first name ("Camille"), else the e-mail's local part. */
function greetingName(user: HeaderUser): string {
  if (user.firstName?.trim()) return user.firstName.trim();
  const at = user.email.indexOf("@");
  return at > 0 ? user.email.slice(0, at) : user.email;
}

/** Signs out, lands on the home page and refreshes the loaders so the header forgets the user. */
function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const translateMessage = useTranslateMessage();
  return async () => {
    const result = await signOut();
    if (!result.ok) {
      showToast(translateMessage(result.message));
      return;
    }
    await navigate("/");
    await revalidator.revalidate();
  };
}

/** The header search (a combobox with suggestions; a plain GET form without JavaScript), showing the URL's term on /products. */
function SearchForm({ className = "" }: { className?: string }) {
  const location = useLocation();
  const [params] = useSearchParams();
  const current = location.pathname === "/products" ? (params.get("search") ?? "") : "";
  // Re-mount when the URL's term changes so the box shows it.
  return <SearchCombobox key={current} initialValue={current} className={className} />;
}

/** Small round count on an icon; the link's text already says the number for screen readers. */
function CountBadge({ count }: { count: number }) {
  return (
    <span
      aria-hidden="true"
      className="absolute -top-1 -right-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-accent px-1 text-[0.7rem] leading-none font-bold text-white"
    >
      {count > 99 ? "99+" : count}
    </span>
  );
}

function IconLink({ to, icon, label, count, srCount }: { to: string; icon: ReactNode; label: string; count: number; srCount: string }) {
  return (
    <Link
      to={to}
      className="flex min-h-11 min-w-11 flex-col items-center justify-center gap-0.5 rounded-lg px-1 text-xs font-medium whitespace-nowrap text-ink hover:text-accent"
    >
      <span className="relative">
        {icon}
        <CountBadge count={count} />
      </span>
      <span className="sr-only sm:not-sr-only">{label}</span>
      <span className="sr-only">{`(${srCount})`}</span>
    </Link>
  );
}

/** Same look as IconLink, for "Mon Panier" which opens the cart drawer. */
function IconButton({
  onClick,
  icon,
  label,
  count,
  srCount,
}: {
  onClick: () => void;
  icon: ReactNode;
  label: string;
  count: number;
  srCount: string;
}) {
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      onClick={onClick}
      className="flex min-h-11 min-w-11 flex-col items-center justify-center gap-0.5 rounded-lg px-1 text-xs font-medium whitespace-nowrap text-ink hover:text-accent"
    >
      <span className="relative">
        {icon}
        <CountBadge count={count} />
      </span>
      <span className="sr-only sm:not-sr-only">{label}</span>
      <span className="sr-only">{`(${srCount})`}</span>
    </button>
  );
}

const signInClass =
  "min-h-11 items-center justify-center gap-2 rounded-full bg-accent px-4 whitespace-nowrap text-sm font-semibold text-white hover:bg-accent-dark";

/** Site header: promise strip, logo, search, shortcuts, category navigation and the mobile menu. */
export function SiteHeader({ categories }: SiteHeaderProps) {
  const { count: cartCount } = useCart();
  const { ids: favoriteIds } = useFavorites();
  const favouritesCount = favoriteIds.size;
  const user = useHeaderUser();
  // The free-delivery threshold edited in Paramètres (root loader).
  const freeFrom = formatEurosCompact(useShippingSettings().freeThresholdCents);
  const signOutAndLeave = useSignOut();
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

  const cartLabel = t("common.header.cartCount", { count: cartCount });
  const favouritesLabel = t("common.header.favoritesCount", { count: favouritesCount });

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
            {t("common.header.freeSamples")}
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

        <div className="ml-auto flex shrink-0 items-center gap-1 sm:gap-3 md:ml-0">
          <Link
            to="/livraison-retours"
            className="hidden min-h-11 items-center gap-1.5 rounded-lg px-1 text-xs font-medium whitespace-nowrap text-ink hover:text-accent lg:flex"
          >
            <TruckIcon />
            {t("common.header.delivery48h")}
          </Link>
          <IconLink
            to="/favorites"
            icon={<HeartIcon className="h-6 w-6" />}
            label={t("common.header.favorites")}
            count={favouritesCount}
            srCount={favouritesLabel}
          />
          {user && <LazyNotificationBell key={user.id} />}
          <IconButton
            onClick={openCartDrawer}
            icon={<BagIcon className="h-6 w-6" />}
            label={t("common.header.cart")}
            count={cartCount}
            srCount={cartLabel}
          />
          {user ? (
            <AccountMenu user={user} className="hidden lg:block" />
          ) : (
            <button type="button" onClick={() => openAuthModal("login")} className={`${signInClass} hidden lg:inline-flex`}>
              <UserIcon className="h-4 w-4" />
              {t("common.header.signIn")}
            </button>
          )}
        </div>
      </div>

      <nav aria-label={t("common.header.categories")} className="hidden border-t border-line lg:block">
        <ul className="mx-auto flex max-w-7xl flex-wrap items-center justify-center gap-x-2 px-4">
          <li>
            <NavLink to="/products" end className={categoryLinkClass}>
              {t("common.header.allProducts")}
            </NavLink>
          </li>
          {categories.map((category) => (
            <li key={category.id}>
              <NavLink to={`/category/${category.slug}`} className={categoryLinkClass}>
                {category.name}
              </NavLink>
            </li>
          ))}
          <li>
            <NavLink to="/marques" className={categoryLinkClass}>
              {t("common.header.brands")}
            </NavLink>
          </li>
        </ul>
      </nav>

      <div id={menuId} hidden={!menuOpen} className="border-t border-line bg-white lg:hidden">
        <div className="mx-auto max-w-7xl space-y-6 px-4 py-5">
          <nav aria-label={t("common.header.mobileMenu")}>
            <p id={`${menuId}-categories`} className="text-xs font-semibold tracking-wider text-muted uppercase">
              {t("common.header.categories")}
            </p>
            <ul aria-labelledby={`${menuId}-categories`} className="mt-2 grid grid-cols-2 gap-1">
              <li>
                <Link to="/products" className={mobileLinkClass}>
                  {t("common.header.allProducts")}
                </Link>
              </li>
              {categories.map((category) => (
                <li key={category.id}>
                  <Link to={`/category/${category.slug}`} className={mobileLinkClass}>
                    {category.name}
                  </Link>
                </li>
              ))}
              <li>
                <Link to="/marques" className={mobileLinkClass}>
                  {t("common.header.brands")}
                </Link>
              </li>
            </ul>
            <ul className="mt-4 space-y-1 border-t border-line pt-4">
              <li>
                <Link to="/favorites" className={mobileLinkClass}>
                  <HeartIcon />
                  {t("common.header.favorites")}
                  <span className="ml-auto text-sm text-muted">
                    <span aria-hidden="true">{favouritesCount}</span>
                    <span className="sr-only">{`(${favouritesLabel})`}</span>
                  </span>
                </Link>
              </li>
              <li>
                <Link to="/panier" className={mobileLinkClass}>
                  <BagIcon />
                  {t("common.header.cart")}
                  <span className="ml-auto text-sm text-muted">
                    <span aria-hidden="true">{cartCount}</span>
                    <span className="sr-only">{`(${cartLabel})`}</span>
                  </span>
                </Link>
              </li>
              <li>
                <Link to="/livraison-retours" className={mobileLinkClass}>
                  <TruckIcon />
                  {t("common.header.delivery48h")}
                </Link>
              </li>
              <li>
                <Link to="/profile" className={mobileLinkClass}>
                  <UserIcon />
                  {t("common.header.profile")}
                </Link>
              </li>
              {user && (
                <>
                  {user.role === "admin" && (
                    <li>
                      <Link to="/admin" className={mobileLinkClass}>
                        {t("common.header.admin")}
                      </Link>
                    </li>
                  )}
                  <li>
                    <Link to="/dashboard" className={mobileLinkClass}>
                      {t("common.header.dashboard")}
                    </Link>
                  </li>
                </>
              )}
            </ul>
          </nav>
          {user ? (
            <div className="border-t border-line pt-4">
              <p className="truncate text-sm text-muted">
                <T
                  k="common.header.hello"
                  values={{ name: greetingName(user) }}
                  components={{ 0: <span className="font-semibold text-ink" /> }}
                />
              </p>
              <button
                type="button"
                onClick={() => {
                  setMenuOpen(false);
                  void signOutAndLeave();
                }}
                className="mt-3 flex min-h-11 w-full items-center justify-center rounded-full border border-line px-4 text-sm font-semibold text-ink hover:bg-band"
              >
                {t("common.header.signOut")}
              </button>
            </div>
          ) : (
            <button
              type="button"
              onClick={() => {
                setMenuOpen(false);
                openAuthModal("login");
              }}
              className={`${signInClass} flex w-full`}
            >
              <UserIcon className="h-4 w-4" />
              {t("common.header.signIn")}
            </button>
          )}
        </div>
      </div>
    </header>
  );
}

const accountItemClass =
  "flex min-h-11 w-full items-center rounded-lg px-3 text-left text-sm text-ink hover:bg-band hover:text-accent focus-visible:bg-band";

/**
 * Account menu (disclosure pattern): a button showing the e-mail's local part that opens a short
 * list of links. Escape closes it and gives focus back to the button; arrow keys move between
 * entries; a click elsewhere or leaving the menu with Tab closes it.
 */
function AccountMenu({ user, className = "" }: { user: HeaderUser; className?: string }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const signOutAndLeave = useSignOut();
  const t = useT();

  useEffect(() => {
    setOpen(false);
  }, [location.pathname, location.search]);

  useEffect(() => {
    if (!open) return;
    function onPointerDown(event: PointerEvent) {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    }
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  function items(): HTMLElement[] {
    return [...(rootRef.current?.querySelectorAll<HTMLElement>("[data-account-item]") ?? [])];
  }

  function onKeyDown(event: ReactKeyboardEvent<HTMLDivElement>) {
    if (event.key === "Escape" && open) {
      event.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
      return;
    }
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    const list = items();
    if (list.length === 0) return;
    event.preventDefault();
    if (!open) {
      setOpen(true);
      requestAnimationFrame(() => (event.key === "ArrowUp" ? items().at(-1) : items()[0])?.focus());
      return;
    }
    const index = list.indexOf(document.activeElement as HTMLElement);
    const next = event.key === "ArrowDown" ? (index + 1) % list.length : (index - 1 + list.length) % list.length;
    list[index === -1 ? 0 : next].focus();
  }

  return (
    // The wrapper only hears keys bubbling from the menu button and its items (Escape, arrows); it is not a widget itself.
    <div
      ref={rootRef}
      role="presentation"
      className={`relative ${className}`}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (open && !rootRef.current?.contains(event.relatedTarget as Node | null) && event.relatedTarget) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
        className="inline-flex min-h-11 max-w-48 items-center gap-2 rounded-full border border-line px-4 text-sm font-semibold whitespace-nowrap text-ink hover:border-accent hover:text-accent"
      >
        <UserIcon className="h-4 w-4 shrink-0" />
        <span className="sr-only">{t("common.header.myAccount")}</span>
        <span className="truncate">{t("common.header.helloName", { name: greetingName(user) })}</span>
        <svg aria-hidden="true" viewBox="0 0 20 20" className={`h-4 w-4 shrink-0 transition-transform ${open ? "rotate-180" : ""}`}>
          <path d="M5 7.5 10 12.5 15 7.5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
      </button>
      <ul
        id={listId}
        hidden={!open}
        className="absolute right-0 z-40 mt-2 w-60 space-y-0.5 rounded-xl border border-line bg-white p-2 shadow-xl"
      >
        {user.role === "admin" && (
          <li>
            <Link to="/admin" data-account-item="" className={accountItemClass}>
              {t("common.header.admin")}
            </Link>
          </li>
        )}
        <li>
          <Link to="/dashboard" data-account-item="" className={accountItemClass}>
            {t("common.header.dashboard")}
          </Link>
        </li>
        <li className="border-t border-line pt-0.5">
          <button
            type="button"
            data-account-item=""
            onClick={() => {
              setOpen(false);
              void signOutAndLeave();
            }}
            className={accountItemClass}
          >
            {t("common.header.signOut")}
          </button>
        </li>
      </ul>
    </div>
  );
}

function categoryLinkClass({ isActive }: { isActive: boolean }) {
  return `inline-flex min-h-11 items-center border-b-2 px-3 text-sm font-medium ${
    isActive ? "border-accent text-accent" : "border-transparent text-ink hover:text-accent"
  }`;
}

const mobileLinkClass = "flex min-h-11 items-center gap-3 rounded-lg px-2 text-base text-ink hover:bg-band hover:text-accent";
