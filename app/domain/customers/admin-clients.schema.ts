/** Gestion des Clients: list query, row and stats shapes, status rule (isomorphic). */
import { z } from "zod";
import { text } from "~/lib/safe-text";
import { CLIENT_ACTIVE_WINDOW_DAYS } from "~/lib/shop-rules";

export const ADMIN_CLIENT_FILTERS = ["all", "active", "inactive"] as const;
export type AdminClientFilter = (typeof ADMIN_CLIENT_FILTERS)[number];
export const CLIENT_FILTER_LABELS: Record<AdminClientFilter, string> = {
  all: "Tous les statuts",
  active: "Actif",
  inactive: "Inactif",
};
export const CLIENT_SEARCH_MAX_LENGTH = 100;
export const CLIENT_NOT_FOUND_MESSAGE = "Client introuvable";
export const CLIENT_IS_ADMIN_MESSAGE = "Impossible de supprimer un compte administrateur";
/** Spec back-office §5, word for word. */
export const CLIENT_DELETE_CONFIRMATION = "Êtes-vous sûr de vouloir supprimer ce client ?";

/** The spec's CSV columns (back-office §9), in order. */
export const CLIENT_CSV_HEADER = [
  "Prénom",
  "Nom",
  "Email",
  "Téléphone",
  "Date d'inscription",
  "Dernière connexion",
  "Dernière commande",
  "Commandes",
  "Total dépensé",
  "Points fidélité",
  "Statut",
] as const;

/** ?search=&status=&page= ; a hand-edited URL with unknown values falls back to the defaults. */
export const AdminClientQuerySchema = z.object({
  search: text().trim().max(CLIENT_SEARCH_MAX_LENGTH).catch(""),
  status: z.enum(ADMIN_CLIENT_FILTERS).catch("all"),
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
});
export type AdminClientQuery = z.infer<typeof AdminClientQuerySchema>;

export function readAdminClientQuery(params: URLSearchParams): AdminClientQuery {
  return AdminClientQuerySchema.parse({
    search: params.get("search") ?? "",
    status: params.get("status") ?? undefined,
    page: params.get("page") ?? undefined,
  });
}

export type ClientStatus = "active" | "inactive";
export const CLIENT_STATUS_LABELS: Record<ClientStatus, string> = { active: "Actif", inactive: "Inactif" };

const ACTIVE_WINDOW_MS = CLIENT_ACTIVE_WINDOW_DAYS * 24 * 60 * 60 * 1000;

/** Spec §4: active if the last order is within the past 30 days (720 hours), the bound included. */
export function clientStatus(lastOrderAt: Date | string | null, now: Date = new Date()): ClientStatus {
  if (!lastOrderAt) return "inactive";
  const at = typeof lastOrderAt === "string" ? new Date(lastOrderAt) : lastOrderAt;
  return now.getTime() - at.getTime() <= ACTIVE_WINDOW_MS ? "active" : "inactive";
}

/** The first instant that still counts as active. */
export function activeSince(now: Date): Date {
  return new Date(now.getTime() - ACTIVE_WINDOW_MS);
}

export type AdminClientRow = {
  id: string;
  first_name: string | null;
  last_name: string | null;
  email: string;
  phone: string | null;
  gender: string | null;
  bio: string | null;
  date_of_birth: string | null;
  created_at: string;
  last_login_at: string | null;
  last_order_at: string | null;
  order_count: number;
  total_spent_cents: number;
  loyalty_points: number;
  status: ClientStatus;
};

export type AdminClientStats = {
  total_clients: number;
  active_clients: number;
  total_orders: number;
  total_revenue_cents: number;
  loyalty_points: number;
};

export type AdminClientPage = {
  rows: AdminClientRow[];
  total: number;
  page: number;
  page_size: number;
  page_count: number;
};
