/**
 * What each admin API operation of orders, returns, clients, promo codes, gift cards, reviews and
 * brands and webhooks needs (decisions 049, 050), as data: the key-scope tests walk this table (a key without the area, a
 * read-only key on a write), and admin-api-resources.test.ts proves every row refuses a visitor
 * (401) and a shopper (403). Paths use a dummy id where the route has one.
 */
export type AdminApiScope = {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  area: "catalog" | "orders" | "returns" | "clients" | "promotions" | "reviews" | "webhooks";
  access: "read" | "write";
};

const ID = "00000000-0000-0000-0000-000000000000";

export const ADMIN_API_SCOPES: readonly AdminApiScope[] = [
  // Brands' writes (the rest of the catalogue and the stock: OPERATIONS in admin-api-keys.test.ts).
  { method: "POST", path: "/api/v1/admin/brands", area: "catalog", access: "write" },
  { method: "GET", path: `/api/v1/admin/brands/${ID}`, area: "catalog", access: "read" },
  { method: "PATCH", path: `/api/v1/admin/brands/${ID}`, area: "catalog", access: "write" },
  { method: "DELETE", path: `/api/v1/admin/brands/${ID}`, area: "catalog", access: "write" },
  { method: "GET", path: "/api/v1/admin/orders", area: "orders", access: "read" },
  { method: "GET", path: `/api/v1/admin/orders/${ID}`, area: "orders", access: "read" },
  { method: "GET", path: "/api/v1/admin/order-status", area: "orders", access: "read" },
  { method: "POST", path: "/api/v1/admin/order-status", area: "orders", access: "write" },
  { method: "GET", path: `/api/v1/admin/orders/${ID}/ship`, area: "orders", access: "read" },
  { method: "POST", path: `/api/v1/admin/orders/${ID}/ship`, area: "orders", access: "write" },
  { method: "GET", path: `/api/v1/admin/orders/${ID}/invoice`, area: "orders", access: "read" },
  { method: "GET", path: `/api/v1/admin/orders/${ID}/credit-notes/AV-2026-000001`, area: "orders", access: "read" },
  { method: "GET", path: `/api/v1/admin/orders/${ID}/refunds`, area: "orders", access: "read" },
  { method: "POST", path: `/api/v1/admin/orders/${ID}/refunds`, area: "orders", access: "write" },
  { method: "GET", path: `/api/v1/admin/orders/${ID}/payments`, area: "orders", access: "read" },
  { method: "GET", path: "/api/v1/admin/returns", area: "returns", access: "read" },
  { method: "GET", path: `/api/v1/admin/returns/${ID}/receive`, area: "returns", access: "read" },
  { method: "POST", path: `/api/v1/admin/returns/${ID}/receive`, area: "returns", access: "write" },
  { method: "GET", path: `/api/v1/admin/returns/${ID}/label`, area: "returns", access: "read" },
  { method: "GET", path: "/api/v1/admin/clients", area: "clients", access: "read" },
  { method: "GET", path: `/api/v1/admin/clients/${ID}`, area: "clients", access: "read" },
  { method: "DELETE", path: `/api/v1/admin/clients/${ID}`, area: "clients", access: "write" },
  { method: "GET", path: "/api/v1/admin/promo-codes", area: "promotions", access: "read" },
  { method: "POST", path: "/api/v1/admin/promo-codes", area: "promotions", access: "write" },
  { method: "GET", path: `/api/v1/admin/promo-codes/${ID}`, area: "promotions", access: "read" },
  { method: "PUT", path: `/api/v1/admin/promo-codes/${ID}`, area: "promotions", access: "write" },
  { method: "PATCH", path: `/api/v1/admin/promo-codes/${ID}`, area: "promotions", access: "write" },
  { method: "DELETE", path: `/api/v1/admin/promo-codes/${ID}`, area: "promotions", access: "write" },
  // Gift cards are a commercial gesture: the promotions area (decision 049).
  { method: "GET", path: "/api/v1/admin/gift-cards", area: "promotions", access: "read" },
  { method: "POST", path: "/api/v1/admin/gift-cards", area: "promotions", access: "write" },
  { method: "GET", path: `/api/v1/admin/gift-cards/${ID}`, area: "promotions", access: "read" },
  { method: "GET", path: "/api/v1/admin/reviews", area: "reviews", access: "read" },
  { method: "GET", path: `/api/v1/admin/reviews/${ID}/publish`, area: "reviews", access: "read" },
  { method: "POST", path: `/api/v1/admin/reviews/${ID}/publish`, area: "reviews", access: "write" },
  { method: "POST", path: `/api/v1/admin/reviews/${ID}/reject`, area: "reviews", access: "write" },
  { method: "POST", path: `/api/v1/admin/reviews/${ID}/answer`, area: "reviews", access: "write" },
  // Webhooks send the shop's data where they point: their own area, never part of another.
  { method: "GET", path: "/api/v1/admin/webhooks", area: "webhooks", access: "read" },
  { method: "POST", path: "/api/v1/admin/webhooks", area: "webhooks", access: "write" },
  { method: "GET", path: `/api/v1/admin/webhooks/${ID}`, area: "webhooks", access: "read" },
  { method: "PATCH", path: `/api/v1/admin/webhooks/${ID}`, area: "webhooks", access: "write" },
  { method: "DELETE", path: `/api/v1/admin/webhooks/${ID}`, area: "webhooks", access: "write" },
  { method: "GET", path: `/api/v1/admin/webhooks/${ID}/deliveries`, area: "webhooks", access: "read" },
  { method: "GET", path: `/api/v1/admin/webhooks/${ID}/deliveries/1/resend`, area: "webhooks", access: "read" },
  { method: "POST", path: `/api/v1/admin/webhooks/${ID}/deliveries/1/resend`, area: "webhooks", access: "write" },
];
