/**
 * The permission each back-office route needs, per method and, for a page's form, per intent
 * (decision 066). Every route under /admin and /api/v1/admin is listed: the menu shows a page only
 * to a role that may open it, and the permission matrix test (tests/e2e/security/staff-matrix)
 * walks this table for every role against the running shop, failing for a route missing here.
 * The handlers check the same permission on the server (`requireStaff`, `requireAdminApi`).
 */
import type { Permission } from "./permissions";

/** `staff`: any active staff member with two-factor on; `public`: no session needed. */
export type RouteNeed = Permission | "staff" | "public";
/** A page's POST: one permission, or one per `intent` (`default` for a form without one). */
export type PostNeed = RouteNeed | Readonly<Record<string, RouteNeed>>;
export type RouteNeeds = Readonly<{
  GET?: RouteNeed;
  POST?: PostNeed;
  PUT?: RouteNeed;
  PATCH?: RouteNeed;
  DELETE?: RouteNeed;
}>;

/** Keyed by the route's path as app/routes.ts writes it. */
export const ADMIN_ROUTE_NEEDS = {
  // Pages.
  admin: { GET: "staff" },
  "admin/connexion": { GET: "public", POST: "public" },
  "admin/double-authentification": { GET: "public", POST: "public" },
  "admin/invitation": { GET: "public", POST: "public" },
  "admin/commandes": { GET: "orders.read", POST: { "change-status": "orders.write", ship: "orders.ship" } },
  "admin/retours": { GET: "returns.read" },
  "admin/avis": { GET: "reviews.read" },
  "admin/cartes-cadeaux": { GET: "gift_cards.read", POST: "gift_cards.write" },
  "admin/categories": { GET: "catalog.read", POST: "catalog.write" },
  "admin/marques": { GET: "catalog.read", POST: "catalog.write" },
  "admin/echantillons": { GET: "catalog.read", POST: "catalog.write" },
  "admin/tickets": { GET: "support.read", POST: "support.write" },
  "admin/tickets/:id": { GET: "support.read", POST: "support.write" },
  "admin/chat": { GET: "chat.read", POST: "chat.write" },
  "admin/clients": { GET: "clients.read", POST: { create: "clients.write", "send-mail": "clients.write", delete: "clients.erase" } },
  "admin/clients/:id": {
    GET: "clients.read",
    POST: { "update-profile": "clients.write", "adjust-points": "clients.write", "issue-gift-card": "gift_cards.write" },
  },
  "admin/produits": { GET: "catalog.read", POST: { default: "catalog.write", delete: "catalog.write", "adjust-stock": "stock.write" } },
  "admin/produits/import": { GET: "catalog.write", POST: "catalog.write" },
  "admin/produits/:id/coffret": { GET: "catalog.write", POST: "catalog.write" },
  "admin/stock": { GET: "stock.read" },
  "admin/beauty-box": { GET: "orders.read", POST: { save_edition: "orders.write" } },
  "admin/parametres": {
    GET: "settings.read",
    POST: {
      default: "settings.write",
      identity: "settings.write",
      "exchange-rates": "settings.write",
      "gift-wrap": "settings.write",
      "cart-reminders": "settings.write",
      samples: "settings.write",
      "chart-of-accounts": "accounting.settings",
      "tax-rates": "accounting.settings",
      "tax-settings": "accounting.settings",
      "api-key-create": "api_keys.manage",
      "api-key-revoke": "api_keys.manage",
    },
  },
  "admin/parametres/equipe": { GET: "team.manage", POST: "team.manage" },
  "admin/parametres/webhooks": { GET: "webhooks.read", POST: "webhooks.write" },
  "admin/parametres/webhooks/:id": { GET: "webhooks.read", POST: "webhooks.write" },
  "admin/statistiques": { GET: "statistics.read" },
  "admin/statistiques/paniers-oublies": { GET: "statistics.read" },
  "admin/comptabilite": { GET: "accounting.read", POST: "accounting.read" },
  "admin/promotions": { GET: "promotions.read", POST: "promotions.write" },
  "admin/e-mails": { GET: "emails.read" },
  "admin/activity": { GET: "activity.read" },
  // Streams and downloads.
  "admin/chat/stream": { GET: "chat.read" },
  "admin/produits/import/progression": { POST: "catalog.write" },
  "admin/clients/export": { GET: "clients.export" },
  "admin/comptabilite/export": { GET: "accounting.read" },
  "admin/produits/export.csv": { GET: "catalog.read" },
  // The admin API, for a staff member's session (an API key is judged by its scopes).
  "api/v1/admin/returns": { GET: "returns.read" },
  "api/v1/admin/returns/:id/receive": { GET: "returns.read", POST: "returns.receive" },
  "api/v1/admin/returns/:id/label": { GET: "returns.read" },
  "api/v1/admin/order-status": { GET: "orders.read", POST: "orders.write" },
  "api/v1/admin/orders": { GET: "orders.read" },
  "api/v1/admin/orders/:id": { GET: "orders.read" },
  "api/v1/admin/orders/:id/ship": { GET: "orders.read", POST: "orders.ship" },
  "api/v1/admin/orders/:id/shipment": { GET: "orders.read", POST: "orders.ship" },
  "api/v1/admin/orders/:id/shipment/label": { GET: "orders.read" },
  "api/v1/admin/orders/:id/gift-receipt": { GET: "orders.read" },
  "api/v1/admin/orders/:id/packing-slip": { GET: "orders.read" },
  "api/v1/admin/shipments/batch": { POST: "orders.ship" },
  "api/v1/admin/shipments/labels": { GET: "orders.read" },
  "api/v1/admin/shipments/picking-list": { GET: "orders.read" },
  "api/v1/admin/orders/:id/invoice": { GET: "invoices.read" },
  "api/v1/admin/orders/:id/credit-notes/:number": { GET: "invoices.read" },
  "api/v1/admin/orders/:id/refunds": { GET: "orders.read", POST: "refunds.write" },
  "api/v1/admin/orders/:id/payments": { GET: "orders.read" },
  "api/v1/admin/product-images": { GET: "catalog.read", POST: "catalog.write", DELETE: "catalog.write" },
  "api/v1/admin/products": { GET: "catalog.read", POST: "catalog.write" },
  "api/v1/admin/products/:id": { GET: "catalog.read", PATCH: "catalog.write", DELETE: "catalog.write" },
  "api/v1/admin/categories": { GET: "catalog.read", POST: "catalog.write" },
  "api/v1/admin/categories/:id": { GET: "catalog.read", PATCH: "catalog.write", DELETE: "catalog.write" },
  "api/v1/admin/brands": { GET: "catalog.read", POST: "catalog.write" },
  "api/v1/admin/brands/:id": { GET: "catalog.read", PATCH: "catalog.write", DELETE: "catalog.write" },
  "api/v1/admin/stock": { GET: "stock.read", POST: "stock.write" },
  "api/v1/admin/variants/:id/stock": { GET: "stock.read", POST: "stock.write" },
  "api/v1/admin/reviews": { GET: "reviews.read" },
  "api/v1/admin/reviews/:id/:step": { GET: "reviews.read", POST: "reviews.write" },
  "api/v1/admin/clients": { GET: "clients.read" },
  "api/v1/admin/clients/:id": { GET: "clients.read", DELETE: "clients.erase" },
  "api/v1/admin/promo-codes": { GET: "promotions.read", POST: "promotions.write" },
  "api/v1/admin/promo-codes/:id": {
    GET: "promotions.read",
    PUT: "promotions.write",
    PATCH: "promotions.write",
    DELETE: "promotions.write",
  },
  "api/v1/admin/gift-cards": { GET: "gift_cards.read", POST: "gift_cards.write" },
  "api/v1/admin/gift-cards/:id": { GET: "gift_cards.read" },
  "api/v1/admin/accounting/fec": { GET: "accounting.read" },
  "api/v1/admin/accounting/ledger": { GET: "accounting.read" },
  "api/v1/admin/accounting/oss": { GET: "accounting.read" },
  "api/v1/admin/webhooks": { GET: "webhooks.read", POST: "webhooks.write" },
  "api/v1/admin/webhooks/:id": { GET: "webhooks.read", PATCH: "webhooks.write", DELETE: "webhooks.write" },
  "api/v1/admin/webhooks/:id/deliveries": { GET: "webhooks.read" },
  "api/v1/admin/webhooks/:id/deliveries/:deliveryId/resend": { GET: "webhooks.read", POST: "webhooks.write" },
} as const satisfies Record<string, RouteNeeds>;

export type AdminRoutePath = keyof typeof ADMIN_ROUTE_NEEDS;

/** What a page's GET needs, for the menu. */
export function pageNeed(path: AdminRoutePath): RouteNeed | undefined {
  const needs: RouteNeeds = ADMIN_ROUTE_NEEDS[path];
  return needs.GET;
}
