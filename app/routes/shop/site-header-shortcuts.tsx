import { useEffect, useId, useRef, useState, type KeyboardEvent as ReactKeyboardEvent, type ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { openAuthModal } from "~/features/auth/public/auth-modal-store";
import { openCartDrawer } from "~/features/cart/public/cart-drawer-store";
import { LazyNotificationBell } from "~/features/notifications/components/lazy-notification-bell";
import { BagIcon, HeartIcon, TruckIcon, UserIcon } from "~/components/ui/icons";
import { useT } from "~/components/ui/i18n";
import { greetingName, useSignOut, type HeaderUser } from "./site-header-user";

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

export const signInClass =
  "min-h-11 items-center justify-center gap-2 rounded-full bg-accent px-4 whitespace-nowrap text-sm font-semibold text-white hover:bg-accent-dark";

/** A shortcut's count, and its words for screen readers ("3 articles"). */
export type HeaderCount = { count: number; label: string };

/** The header's shortcuts: delivery, favourites, the bell (signed in), the cart, and the account menu or 'Connexion'. */
export function SiteHeaderShortcuts({ user, favourites, cart }: { user: HeaderUser | null; favourites: HeaderCount; cart: HeaderCount }) {
  const t = useT();
  return (
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
        count={favourites.count}
        srCount={favourites.label}
      />
      {user && <LazyNotificationBell key={user.id} />}
      <IconButton
        onClick={openCartDrawer}
        icon={<BagIcon className="h-6 w-6" />}
        label={t("common.header.cart")}
        count={cart.count}
        srCount={cart.label}
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
