// Read by eslint.config.js and tests/unit/module-zones.test.ts.
/**
 * A module may import only itself, the database layer, app/domain and app/lib (decision 024): never
 * another module, the API layer or a workflow. Workflows compose modules. These are the imports
 * still to move, per module ("#api": its OpenAPI declarations still import app/.server/api); the
 * list only shrinks: a new module-to-module import fails the lint.
 */
export const MODULE_IMPORTS_LEFT = {
  accounts: ["activity-log", "addresses", "loyalty"],
  addresses: ["#api"],
  "api-keys": ["activity-log"],
  catalog: ["#api", "activity-log", "inventory", "webhooks"],
  chat: ["activity-log", "support"],
  delivery: ["#api", "activity-log", "addresses"],
  "exchange-rates": ["activity-log"],
  favorites: ["catalog"],
  "gift-cards": ["activity-log", "notifications"],
  inventory: ["webhooks"],
  invoices: ["#api", "gift-cards", "orders", "payment-schedules", "settings"],
  loyalty: ["notifications", "orders"],
  newsletter: ["promotions"],
  orders: ["#api", "gift-cards", "payment-schedules"],
  "payment-methods": ["#api", "payments"],
  payments: ["#api"],
  promotions: ["activity-log"],
  reporting: ["reviews"],
  returns: ["#api", "settings"],
  reviews: ["#api", "activity-log", "webhooks"],
  settings: ["delivery"],
  support: ["#api", "activity-log", "notifications"],
  webhooks: ["#api", "activity-log", "notifications"],
};
