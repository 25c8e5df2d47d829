/**
 * What a staff member may do in the back-office (decision 066): permissions per area and action,
 * the built-in roles, and the checks the server and the menu share. Isomorphic: the menu and the
 * Équipe form read the same table the server enforces.
 */

/** The areas of the back-office, in the order Équipe lists them. */
export const PERMISSION_AREAS = [
  "orders",
  "refunds",
  "returns",
  "invoices",
  "clients",
  "support",
  "chat",
  "reviews",
  "catalog",
  "stock",
  "promotions",
  "gift_cards",
  "emails",
  "statistics",
  "accounting",
  "settings",
  "webhooks",
  "api_keys",
  "team",
  "activity",
] as const;
export type PermissionArea = (typeof PERMISSION_AREAS)[number];

export const PERMISSION_AREA_LABELS: Record<PermissionArea, string> = {
  orders: "Commandes",
  refunds: "Remboursements",
  returns: "Retours",
  invoices: "Factures et avoirs",
  clients: "Clients",
  support: "Tickets",
  chat: "Chat",
  reviews: "Avis",
  catalog: "Catalogue",
  stock: "Stock",
  promotions: "Promotions",
  gift_cards: "Cartes cadeaux",
  emails: "E-mails",
  statistics: "Statistiques",
  accounting: "Comptabilité",
  settings: "Paramètres",
  webhooks: "Webhooks",
  api_keys: "Clés API",
  team: "Équipe",
  activity: "Journal d'activité",
};

/** Every permission: `<area>.<action>`, with the French words Équipe and the 403 page show. */
export const PERMISSIONS = {
  "orders.read": "consulter",
  "orders.write": "changer le statut, l'adresse, annuler",
  "orders.ship": "préparer et expédier",
  "refunds.write": "rembourser jusqu'à la limite fixée par le propriétaire",
  "refunds.unlimited": "rembourser sans limite",
  "returns.read": "consulter",
  "returns.receive": "réceptionner et rembourser les articles reçus",
  "invoices.read": "télécharger",
  "clients.read": "consulter",
  "clients.write": "modifier, créer, écrire, points et cartes cadeaux offertes",
  "clients.erase": "effacer (RGPD)",
  "clients.export": "exporter les données",
  "support.read": "consulter",
  "support.write": "répondre",
  "chat.read": "consulter",
  "chat.write": "répondre",
  "reviews.read": "consulter",
  "reviews.write": "modérer",
  "catalog.read": "consulter",
  "catalog.write": "modifier, importer",
  "stock.read": "consulter",
  "stock.write": "ajuster",
  "promotions.read": "consulter",
  "promotions.write": "modifier",
  "gift_cards.read": "consulter",
  "gift_cards.write": "émettre, modifier",
  "emails.read": "consulter les modèles",
  "statistics.read": "consulter le tableau de bord et les statistiques",
  "accounting.read": "consulter et exporter",
  "accounting.settings": "plan comptable et fiscalité",
  "settings.read": "consulter",
  "settings.write": "livraison, identité de la boutique, taux de change",
  "webhooks.read": "consulter",
  "webhooks.write": "modifier",
  "api_keys.manage": "créer et révoquer des clés",
  "team.manage": "inviter, rôles, désactiver",
  "activity.read": "consulter",
} as const satisfies Record<string, string>;

export type Permission = keyof typeof PERMISSIONS;
export const PERMISSION_KEYS = Object.keys(PERMISSIONS) as Permission[];

export function isPermission(value: unknown): value is Permission {
  return typeof value === "string" && Object.hasOwn(PERMISSIONS, value);
}

export function areaOfPermission(permission: Permission): PermissionArea {
  return permission.slice(0, permission.indexOf(".")) as PermissionArea;
}

/** "Commandes : préparer et expédier", for Équipe's form and the 403 page. */
export function permissionLabel(permission: Permission): string {
  return `${PERMISSION_AREA_LABELS[areaOfPermission(permission)]} : ${PERMISSIONS[permission]}`;
}

/**
 * Whether `granted` holds `permission`. A write permission implies reading its area, and an
 * unlimited refund implies a bounded one, so a role never holds a write it cannot see.
 */
export function allows(granted: readonly string[], permission: Permission): boolean {
  if (granted.includes(permission)) return true;
  const area = areaOfPermission(permission);
  if (permission === `${area}.read`) return granted.some((p) => p.startsWith(`${area}.`) && p !== "refunds.write");
  if (permission === "refunds.write") return granted.includes("refunds.unlimited");
  return false;
}

/** A role's permissions, completed with what they imply, in the table's order. */
export function effectivePermissions(granted: readonly string[]): Permission[] {
  return PERMISSION_KEYS.filter((p) => allows(granted, p));
}

/**
 * Actions that ask for the second factor again when it was last checked more than
 * STEP_UP_MINUTES ago (a refund over the limit is checked where the amount is known).
 */
export const STEP_UP_MINUTES = 15;
