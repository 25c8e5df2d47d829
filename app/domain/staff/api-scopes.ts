/**
 * How an API key's scopes meet staff permissions (decision 066). A staff member's session on the
 * admin API is judged by permissions; a key by its scopes. A key may be given a scope only by
 * someone who holds every permission that scope reaches, so a key never does more than its maker.
 */
import { API_AREAS, type ApiAccess, type ApiArea, type ApiScope } from "~/domain/api-keys/api-keys";
import { allows, type Permission } from "./permissions";

/** The permissions each scope reaches across the admin API's routes. */
export const SCOPE_PERMISSIONS: Record<ApiScope, readonly Permission[]> = {
  "catalog:read": ["catalog.read"],
  "catalog:write": ["catalog.read", "catalog.write"],
  "stock:read": ["stock.read"],
  "stock:write": ["stock.read", "stock.write"],
  "orders:read": ["orders.read", "invoices.read"],
  "orders:write": ["orders.read", "invoices.read", "orders.write", "orders.ship", "refunds.unlimited"],
  "clients:read": ["clients.read"],
  "clients:write": ["clients.read", "clients.write", "clients.erase"],
  "promotions:read": ["promotions.read", "gift_cards.read"],
  "promotions:write": ["promotions.read", "gift_cards.read", "promotions.write", "gift_cards.write"],
  "reviews:read": ["reviews.read"],
  "reviews:write": ["reviews.read", "reviews.write"],
  "returns:read": ["returns.read"],
  "returns:write": ["returns.read", "returns.receive"],
  "webhooks:read": ["webhooks.read"],
  "webhooks:write": ["webhooks.read", "webhooks.write"],
  "accounting:read": ["accounting.read"],
  "accounting:write": ["accounting.read"],
};

/** The permission a staff session needs for an area's read or write, unless the route names a finer one. */
export function sessionPermissionOf(area: ApiArea, access: ApiAccess): Permission {
  const table: Record<ApiArea, Record<ApiAccess, Permission>> = {
    catalog: { read: "catalog.read", write: "catalog.write" },
    stock: { read: "stock.read", write: "stock.write" },
    orders: { read: "orders.read", write: "orders.write" },
    clients: { read: "clients.read", write: "clients.write" },
    promotions: { read: "promotions.read", write: "promotions.write" },
    reviews: { read: "reviews.read", write: "reviews.write" },
    returns: { read: "returns.read", write: "returns.receive" },
    webhooks: { read: "webhooks.read", write: "webhooks.write" },
    accounting: { read: "accounting.read", write: "accounting.read" },
  };
  return table[area][access];
}

/** Whether someone with `granted` may give a key `scope`. */
export function mayGrantScope(granted: readonly string[], scope: ApiScope): boolean {
  return SCOPE_PERMISSIONS[scope].every((p) => allows(granted, p));
}

/** The scopes someone with `granted` may give, in the form's order. */
export function grantableScopes(granted: readonly string[]): ApiScope[] {
  return API_AREAS.flatMap((area) => (["read", "write"] as const).map((access): ApiScope => `${area}:${access}`)).filter((s) =>
    mayGrantScope(granted, s),
  );
}

export const SCOPE_BEYOND_MAKER_MESSAGE =
  "Vous ne pouvez pas donner à une clé un accès que votre rôle n'a pas : retirez les accès marqués ou demandez au propriétaire.";
