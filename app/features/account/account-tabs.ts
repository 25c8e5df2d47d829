/** The nine tabs of /dashboard, each reachable at /dashboard?tab=<id> (profile by default). */
export const ACCOUNT_TABS = [
  { id: "profile", label: "Profil" },
  { id: "orders", label: "Mes Commandes" },
  { id: "addresses", label: "Carnet d'adresses" },
  { id: "wishlist", label: "Mes Favoris" },
  { id: "payment", label: "Moyens de Paiement" },
  { id: "notifications", label: "Notifications" },
  { id: "support", label: "Support Client" },
  { id: "security", label: "Sécurité" },
  { id: "preferences", label: "Préférences" },
] as const;

export type AccountTab = (typeof ACCOUNT_TABS)[number]["id"];

export const DEFAULT_ACCOUNT_TAB: AccountTab = "profile";

/** An unknown or missing ?tab= value shows the profile tab. */
export function parseAccountTab(value: string | null | undefined): AccountTab {
  return ACCOUNT_TABS.find((t) => t.id === value)?.id ?? DEFAULT_ACCOUNT_TAB;
}

export function accountTabHref(tab: AccountTab): string {
  return `/dashboard?tab=${tab}`;
}
