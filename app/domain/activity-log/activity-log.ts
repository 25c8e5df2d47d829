/**
 * The Journal d'activité's shapes, labels and query (decision 048): isomorphic, so the page and
 * the loader read the same URL the same way.
 */

import { isSafeText } from "~/lib/safe-text.rules";
import { PERMISSION_AREAS, type PermissionArea } from "~/domain/staff/permissions";

export const ACTIVITY_PAGE_SIZE = 50;

/** What an entry is about, in French (the filter's options and the table's column). */
export const ACTIVITY_ENTITY_LABELS: Record<string, string> = {
  product: "Produit",
  category: "Catégorie",
  brand: "Marque",
  order: "Commande",
  return: "Retour",
  client: "Client",
  delivery_method: "Mode de livraison",
  settings: "Paramètres",
  promo_code: "Code promo",
  gift_card: "Carte cadeau",
  review: "Avis",
  ticket: "Ticket",
  product_image: "Image produit",
  chat: "Chat",
  api_key: "Clé API",
  webhook: "Webhook",
  staff: "Équipe",
  staff_role: "Rôle",
  accounting: "Comptabilité",
  sample: "Échantillon",
  beauty_box: "Beauty Box",
};

/**
 * The actions recorded, in French. Each is also a domain event type (app/domain/events): the
 * change records its event in its transaction and the log's subscriber writes the entry.
 */
export const ACTIVITY_ACTION_LABELS = {
  "product.create": "Produit créé",
  "product.update": "Produit modifié",
  "product.delete": "Produit supprimé",
  "catalog.import": "Catalogue importé",
  "product_image.upload": "Image produit envoyée",
  "product_image.delete": "Image produit supprimée",
  "stock.adjust": "Stock ajusté",
  "category.create": "Catégorie créée",
  "category.update": "Catégorie renommée",
  "category.delete": "Catégorie supprimée",
  "brand.create": "Marque créée",
  "brand.update": "Marque modifiée",
  "brand.delete": "Marque supprimée",
  "order.status_change": "Statut de commande changé",
  "order.ship": "Commande expédiée",
  "order.refund": "Remboursement de commande",
  "return.receive": "Retour réceptionné",
  "client.create": "Client créé",
  "client.update": "Profil client modifié",
  "client.points_adjust": "Points Beauty Pass ajustés",
  "client.message": "E-mail envoyé au client",
  "client.delete": "Client supprimé (RGPD)",
  "settings.delivery_method_update": "Mode de livraison modifié",
  "settings.identity_update": "Identité de la boutique modifiée",
  "settings.exchange_rates_update": "Taux de change modifiés",
  "settings.cart_reminders_update": "Rappels de paniers oubliés modifiés",
  "settings.tax_rates_update": "Taux de TVA modifiés",
  "settings.tax_update": "Réglages de TVA modifiés",
  "settings.chart_of_accounts_update": "Plan de comptes modifié",
  "promo_code.create": "Code promo créé",
  "promo_code.update": "Code promo modifié",
  "promo_code.enable": "Code promo réactivé",
  "promo_code.disable": "Code promo désactivé",
  "promo_code.delete": "Code promo supprimé",
  "gift_card.issue": "Carte cadeau offerte",
  "gift_card.disable": "Carte cadeau désactivée",
  "review.publish": "Avis publié",
  "review.reject": "Avis refusé",
  "review.answer": "Réponse à un avis",
  "ticket.status_change": "Statut de ticket changé",
  "ticket.reply": "Réponse à un ticket",
  "ticket.note": "Note interne sur un ticket",
  "chat.take": "Conversation de chat prise en charge",
  "chat.reply": "Réponse dans le chat",
  "chat.close": "Conversation de chat close",
  "api_key.create": "Clé API créée",
  "api_key.revoke": "Clé API révoquée",
  "webhook.create": "Webhook créé",
  "webhook.update": "Webhook modifié",
  "webhook.activate": "Webhook réactivé",
  "webhook.deactivate": "Webhook désactivé",
  "webhook.rotate_secret": "Secret de webhook renouvelé",
  "webhook.resend": "Événement de webhook renvoyé",
  "webhook.delete": "Webhook supprimé",
  // The team (decision 066).
  "staff.invite": "Membre de l'équipe invité",
  "staff.invitation_revoke": "Invitation retirée",
  "staff.join": "Invitation acceptée",
  "staff.role_change": "Rôle d'un membre changé",
  "staff.disable": "Membre de l'équipe désactivé",
  "staff.enable": "Membre de l'équipe réactivé",
  "staff_role.create": "Rôle créé",
  "staff_role.update": "Rôle modifié",
  "staff_role.delete": "Rôle supprimé",
  "settings.refund_limit_update": "Limite de remboursement modifiée",
  // Exports of personal data are logged like changes (decision 066).
  "client.export": "Données clients exportées",
  "accounting.export": "Export comptable téléchargé",
  // Free samples (decision 067).
  "sample.create": "Échantillon créé",
  "sample.update": "Échantillon modifié",
  "sample.activate": "Échantillon proposé",
  "sample.deactivate": "Échantillon retiré",
  "sample.stock_adjust": "Stock d'échantillon ajusté",
  "settings.samples_update": "Échantillons offerts par commande modifiés",
  "settings.gift_wrap_update": "Emballage cadeau modifié",
  // The Beauty Box (decision 071).
  "beauty_box.edition_update": "Box du mois modifiée",
} as const satisfies Record<string, string>;

/** An action the activity log records (and the domain event that carries it). */
export type AdminChangeAction = keyof typeof ACTIVITY_ACTION_LABELS;

/** Who made the change: an administrator's session or an API key. */
export type AdminActor = { type?: "user" | "api_key"; id: string | null; label: string };

export const activityEntityLabel = (type: string) => ACTIVITY_ENTITY_LABELS[type] ?? type;
export const activityActionLabel = (action: string) => (ACTIVITY_ACTION_LABELS as Record<string, string>)[action] ?? action;

export type ActivityQuery = {
  /** An actor's id (a staff member's user id, an API key's id), or part of the name recorded. */
  actor: string;
  /** The back-office area of the action (app/domain/activity-log/areas.ts), "" for all. */
  area: PermissionArea | "";
  entity: string;
  action: string;
  /** Paris calendar days, YYYY-MM-DD, inclusive. */
  from: string;
  to: string;
  entityId: string;
  page: number;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A filter's text, or "" when it holds what the database refuses (a NUL byte, a lone surrogate). */
const clean = (value: string | null, max: number) => {
  const text = (value ?? "").trim().slice(0, max);
  return isSafeText(text) ? text : "";
};

/** The filters from the address; anything malformed is dropped, never an error. */
export function readActivityQuery(params: URLSearchParams): ActivityQuery {
  const day = (v: string | null) => (v && DAY.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) ? v : "");
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  const area = clean(params.get("domaine"), 40);
  return {
    actor: clean(params.get("acteur"), 254),
    area: PERMISSION_AREAS.find((known) => known === area) ?? "",
    entity: clean(params.get("type"), 40),
    action: clean(params.get("action"), 60),
    from: day(params.get("du")),
    to: day(params.get("au")),
    entityId: clean(params.get("id"), 100),
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

/** The address of a query (the same parameter names), for the pager and the links. */
export function activityQueryString(query: ActivityQuery, page = query.page): string {
  const params = new URLSearchParams();
  if (query.actor) params.set("acteur", query.actor);
  if (query.area) params.set("domaine", query.area);
  if (query.entity) params.set("type", query.entity);
  if (query.action) params.set("action", query.action);
  if (query.from) params.set("du", query.from);
  if (query.to) params.set("au", query.to);
  if (query.entityId) params.set("id", query.entityId);
  if (page > 1) params.set("page", String(page));
  const qs = params.toString();
  return qs ? `?${qs}` : "?";
}

export type ActivityEntry = {
  id: number;
  occurred_at: string;
  actor_type: string;
  actor_id: string | null;
  /** As recorded then: the staff member's e-mail or the API key's name. */
  actor_label: string;
  /**
   * Who it is now: a staff member's name and e-mail from their account (staff are disabled,
   * never deleted, so the name stays); an API key's name. Null when no account matches.
   */
  actor_name: string | null;
  actor_email: string | null;
  action: string;
  entity_type: string;
  entity_id: string | null;
  summary: string;
  before: unknown;
  after: unknown;
};

/** One author of entries; `value` is what the filter's `acteur` takes (the id, else the label). */
export type ActivityActor = { type: "user" | "api_key"; value: string; name: string; email: string | null };

export type ActivityPage = {
  entries: ActivityEntry[];
  total: number;
  page: number;
  page_count: number;
  /** The staff members then the API keys that occur, by name: the « Auteur » filter's options. */
  actors: ActivityActor[];
  /** The areas whose actions occur, in Équipe's order (and the one filtered on). */
  areas: PermissionArea[];
  entity_types: string[];
  actions: string[];
};

export type ActivityDiffRow = { field: string; before: string; after: string };

function show(value: unknown): string {
  if (value === undefined || value === null || value === "") return "—";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return value === true ? "oui" : value === false ? "non" : String(value);
  return JSON.stringify(value);
}

/**
 * The readable diff of an entry: one row per field, top-level fields of before and after (a
 * creation has only after, a deletion only before), nested values shown as compact JSON.
 */
export function activityDiff(before: unknown, after: unknown): ActivityDiffRow[] {
  const asRecord = (v: unknown): Record<string, unknown> =>
    v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : v === null || v === undefined ? {} : { valeur: v };
  const b = asRecord(before);
  const a = asRecord(after);
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return fields.map((field) => ({ field, before: show(b[field]), after: show(a[field]) }));
}
