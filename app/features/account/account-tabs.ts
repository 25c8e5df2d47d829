import type { MessageKey } from "~/components/ui/i18n";

/** The nine tabs of /dashboard, each reachable at /dashboard?tab=<id> (profile by default). */
export const ACCOUNT_TABS = [
  { id: "profile", label: "account.tab.profile" },
  { id: "orders", label: "account.tab.orders" },
  { id: "addresses", label: "account.tab.addresses" },
  { id: "wishlist", label: "account.tab.wishlist" },
  { id: "payment", label: "account.tab.payment" },
  { id: "notifications", label: "account.tab.notifications" },
  { id: "support", label: "account.tab.support" },
  { id: "security", label: "account.tab.security" },
  { id: "preferences", label: "account.tab.preferences" },
] as const satisfies readonly { id: string; label: MessageKey }[];

export type AccountTab = (typeof ACCOUNT_TABS)[number]["id"];

export const DEFAULT_ACCOUNT_TAB: AccountTab = "profile";

/** An unknown or missing ?tab= value shows the profile tab. */
export function parseAccountTab(value: string | null | undefined): AccountTab {
  return ACCOUNT_TABS.find((t) => t.id === value)?.id ?? DEFAULT_ACCOUNT_TAB;
}

export function accountTabHref(tab: AccountTab): string {
  return `/dashboard?tab=${tab}`;
}
