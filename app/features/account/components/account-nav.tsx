import { Link } from "react-router";
import { ACCOUNT_TABS, accountTabHref, type AccountTab } from "../account-tabs";
import { useT } from "~/components/ui/i18n";

/**
 * The account's side menu: one link per tab, so each tab has its own address. On small
 * screens it becomes a horizontal list that scrolls sideways.
 */
export function AccountNav({ active }: { active: AccountTab }) {
  const t = useT();
  return (
    <nav aria-label={t("account.nav.label")} className="-mx-4 min-w-0 sm:mx-0 lg:self-start">
      <ul className="flex snap-x gap-2 overflow-x-auto px-4 pb-2 sm:px-0 lg:flex-col lg:gap-1 lg:overflow-visible lg:pb-0">
        {ACCOUNT_TABS.map((tab) => {
          const current = tab.id === active;
          return (
            <li key={tab.id} className="shrink-0 snap-start">
              <Link
                to={accountTabHref(tab.id)}
                aria-current={current ? "page" : undefined}
                preventScrollReset
                className={`flex min-h-11 items-center whitespace-nowrap rounded-full px-4 text-sm font-medium lg:rounded-xl ${
                  current ? "bg-accent text-white" : "bg-cream text-ink hover:bg-accent-soft hover:text-accent lg:bg-transparent"
                }`}
              >
                {t(tab.label)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
