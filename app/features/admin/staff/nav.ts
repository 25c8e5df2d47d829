/**
 * The back-office menu (spec back-office §2) and what each entry needs (decision 066). Each entry
 * is a route path of ADMIN_ROUTE_NEEDS, so the menu shows a role exactly the pages the server
 * lets it open; the admin index sends a role without the dashboard to its first entry.
 */
import { pageNeed, type AdminRoutePath, type RouteNeed } from "~/domain/staff/admin-routes";
import { allows, type Permission } from "~/domain/staff/permissions";

/**
 * The dashboard's figures (revenue, orders, best sellers) are the statistics': /admin itself opens
 * for any staff member and sends a role without them on to its first page.
 */
export const DASHBOARD_NEED: Permission = "statistics.read";

export type AdminSection = {
  label: string;
  path: AdminRoutePath;
  /** When the entry needs more than its route's GET (the dashboard). */
  need?: RouteNeed;
};

export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { label: "Tableau de bord", path: "admin", need: DASHBOARD_NEED },
  { label: "Produits", path: "admin/produits" },
  { label: "Catégories", path: "admin/categories" },
  { label: "Marques", path: "admin/marques" },
  { label: "Échantillons", path: "admin/echantillons" },
  { label: "Gestion Stock", path: "admin/stock" },
  { label: "Commandes", path: "admin/commandes" },
  { label: "Beauty Box", path: "admin/beauty-box" },
  { label: "Retours", path: "admin/retours" },
  { label: "Avis", path: "admin/avis" },
  { label: "Cartes cadeaux", path: "admin/cartes-cadeaux" },
  { label: "Clients", path: "admin/clients" },
  { label: "Support", path: "admin/tickets" },
  { label: "Chat", path: "admin/chat" },
  { label: "Statistiques", path: "admin/statistiques" },
  { label: "Comptabilité", path: "admin/comptabilite" },
  { label: "Codes promo", path: "admin/promotions" },
  { label: "E-mails", path: "admin/e-mails" },
  { label: "Journal d'activité", path: "admin/activity" },
  { label: "Paramètres", path: "admin/parametres" },
  { label: "Équipe", path: "admin/parametres/equipe" },
];

/**
 * Pages outside the menu a role may still hold alone (a custom role with only the webhooks): the
 * admin index may send it there rather than say it has no page.
 */
const OTHER_PAGES: readonly AdminRoutePath[] = ["admin/parametres/webhooks"];

export const hrefOf = (path: AdminRoutePath) => `/${path}`;

/** Whether `permissions` satisfy a need: "staff" and "public" ask for no permission. */
export function meetsNeed(permissions: readonly string[], need: RouteNeed | undefined): boolean {
  if (need === undefined) return false;
  return need === "staff" || need === "public" || allows(permissions, need);
}

export function mayOpenSection(permissions: readonly string[], section: AdminSection): boolean {
  return meetsNeed(permissions, section.need ?? pageNeed(section.path));
}

/** The menu's entries a role may open, in the menu's order. */
export function visibleSections(permissions: readonly string[]): AdminSection[] {
  return ADMIN_SECTIONS.filter((s) => mayOpenSection(permissions, s));
}

/**
 * Where /admin sends a role without the dashboard: its first menu entry, else another page it
 * may open; null for a role that opens none (the index then says so, never a 403 or a loop).
 */
export function firstPageOf(permissions: readonly string[]): string | null {
  const section = visibleSections(permissions).find((s) => s.path !== "admin");
  if (section) return hrefOf(section.path);
  const other = OTHER_PAGES.find((path) => meetsNeed(permissions, pageNeed(path)));
  return other ? hrefOf(other) : null;
}
