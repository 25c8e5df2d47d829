import { Link } from "react-router";
import { openAuthModal } from "~/features/auth/public/auth-modal-store";
import { BagIcon, HeartIcon, TruckIcon, UserIcon } from "~/components/ui/icons";
import { T, useT } from "~/components/ui/i18n";
import { signInClass, type HeaderCount } from "./site-header-shortcuts";
import { greetingName, useSignOut, type HeaderUser } from "./site-header-user";
import type { HeaderCategory } from "./site-header";

const mobileLinkClass = "flex min-h-11 items-center gap-3 rounded-lg px-2 text-base text-ink hover:bg-band hover:text-accent";

type MobileMenuProps = {
  id: string;
  open: boolean;
  onClose: () => void;
  categories: readonly HeaderCategory[];
  user: HeaderUser | null;
  favourites: HeaderCount;
  cart: HeaderCount;
};

/** The mobile menu's panel: the categories, the shortcuts, the account links, and 'Déconnexion' or 'Connexion'. */
export function SiteHeaderMobileMenu({ id: menuId, open, onClose, categories, user, favourites, cart }: MobileMenuProps) {
  const signOutAndLeave = useSignOut();
  const t = useT();
  return (
    <div id={menuId} hidden={!open} className="border-t border-line bg-white lg:hidden">
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
          <MobileShortcuts user={user} favourites={favourites} cart={cart} />
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
                onClose();
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
              onClose();
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
  );
}

/** The menu's shortcuts (favourites, cart, delivery, profile) and, signed in, the account's pages. */
function MobileShortcuts({ user, favourites, cart }: Pick<MobileMenuProps, "user" | "favourites" | "cart">) {
  const t = useT();
  return (
    <ul className="mt-4 space-y-1 border-t border-line pt-4">
      <li>
        <Link to="/favorites" className={mobileLinkClass}>
          <HeartIcon />
          {t("common.header.favorites")}
          <span className="ml-auto text-sm text-muted">
            <span aria-hidden="true">{favourites.count}</span>
            <span className="sr-only">{`(${favourites.label})`}</span>
          </span>
        </Link>
      </li>
      <li>
        <Link to="/panier" className={mobileLinkClass}>
          <BagIcon />
          {t("common.header.cart")}
          <span className="ml-auto text-sm text-muted">
            <span aria-hidden="true">{cart.count}</span>
            <span className="sr-only">{`(${cart.label})`}</span>
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
  );
}
