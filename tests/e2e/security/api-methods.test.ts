import { beforeAll, describe, expect, it } from "vitest";
import { E2E_ADMIN, uniqueEmail } from "../../support/accounts";
import { signInCookie, signUpCookie } from "../../support/http-session";
import { e2eShop } from "../../support/e2e-shop";

const baseURL = e2eShop().baseURL;
const ID = "00000000-0000-0000-0000-000000000000";

const METHOD_NOT_ALLOWED = { error: { code: "method_not_allowed", message: "Méthode non autorisée" } };
const UNAUTHENTICATED = { error: { code: "unauthenticated", message: "Connexion requise" } };
const FORBIDDEN = { error: { code: "forbidden", message: "Accès réservé à l'équipe de la boutique" } };

/** The signed-in /api/v1 routes, with the write methods they serve and those they answer 405 to. */
const USER_ROUTES: [path: string, unserved: string[]][] = [
  ["/api/v1/me", ["POST", "PUT", "DELETE"]],
  ["/api/v1/cart", ["POST"]],
  ["/api/v1/addresses", ["PUT", "PATCH", "DELETE"]],
  [`/api/v1/addresses/${ID}`, ["PUT"]],
  ["/api/v1/payment-methods", ["PUT", "PATCH", "DELETE"]],
  [`/api/v1/payment-methods/${ID}`, ["POST", "PUT"]],
  ["/api/v1/support-tickets", ["PUT", "PATCH", "DELETE"]],
  [`/api/v1/support-tickets/${ID}/messages`, ["PUT", "PATCH", "DELETE"]],
  ["/api/v1/notifications", ["POST", "PUT", "PATCH", "DELETE"]],
  ["/api/v1/notifications/read-all", ["GET", "PUT", "PATCH", "DELETE"]],
  [`/api/v1/notifications/${ID}`, ["POST", "PUT"]],
  ["/api/v1/orders", ["PUT", "PATCH", "DELETE"]],
  ["/api/v1/payment-authentications/auth_x", ["GET", "PUT", "PATCH", "DELETE"]],
  [`/api/v1/orders/${ID}`, ["POST", "PUT", "PATCH", "DELETE"]],
  [`/api/v1/orders/${ID}/cancel`, ["GET", "PUT", "PATCH", "DELETE"]],
  [`/api/v1/orders/${ID}/invoice`, ["POST", "PUT", "PATCH", "DELETE"]],
  [`/api/v1/orders/${ID}/credit-notes/AV-2026-000001`, ["POST", "PUT", "PATCH", "DELETE"]],
  [`/api/v1/reviews/${ID}`, ["GET", "POST", "PUT"]],
  [`/api/v1/reviews/${ID}/vote`, ["GET", "PUT", "PATCH", "DELETE"]],
  ["/api/v1/review-photos", ["GET", "PUT", "PATCH", "DELETE"]],
  [`/api/v1/reviews/${ID}/report`, ["GET", "PUT", "PATCH", "DELETE"]],
  [`/api/v1/products/${ID}/reviewable`, ["POST", "PUT", "PATCH", "DELETE"]],
  ["/api/v1/favorites", ["PUT", "PATCH", "DELETE"]],
  [`/api/v1/favorites/${ID}`, ["POST", "PUT", "PATCH"]],
];

/** The administrator's /api/v1 routes that write: [path, served write methods, unserved write methods]. */
const ADMIN_WRITES: [path: string, served: string[], unserved: string[]][] = [
  ["/api/v1/admin/order-status", ["POST"], ["PUT", "PATCH", "DELETE"]],
  ["/api/v1/admin/product-images", ["POST", "DELETE"], ["PUT", "PATCH"]],
  // The admin API's catalogue and stock (docs/decisions/049-api-keys-and-admin-api.md).
  ["/api/v1/admin/products", ["POST"], ["PUT", "PATCH", "DELETE"]],
  [`/api/v1/admin/products/${ID}`, ["PATCH", "DELETE"], ["POST", "PUT"]],
  ["/api/v1/admin/categories", ["POST"], ["PUT", "PATCH", "DELETE"]],
  [`/api/v1/admin/categories/${ID}`, ["PATCH", "DELETE"], ["POST", "PUT"]],
  ["/api/v1/admin/brands", ["POST"], ["PUT", "PATCH", "DELETE"]],
  [`/api/v1/admin/brands/${ID}`, ["PATCH", "DELETE"], ["POST", "PUT"]],
  ["/api/v1/admin/stock", ["POST"], ["PUT", "PATCH", "DELETE"]],
  [`/api/v1/admin/variants/${ID}/stock`, ["POST"], ["PUT", "PATCH", "DELETE"]],
  [`/api/v1/admin/reviews/${ID}/publish`, ["POST"], ["PUT", "PATCH", "DELETE"]],
  [`/api/v1/admin/reviews/${ID}/reject`, ["POST"], ["PUT", "PATCH", "DELETE"]],
  [`/api/v1/admin/reviews/${ID}/answer`, ["POST"], ["PUT", "PATCH", "DELETE"]],
  [`/api/v1/admin/orders/${ID}/ship`, ["POST"], ["PUT", "PATCH", "DELETE"]],
  [`/api/v1/admin/returns/${ID}/receive`, ["POST"], ["PUT", "PATCH", "DELETE"]],
  ["/api/v1/admin/returns", [], ["POST", "PUT", "PATCH", "DELETE"]],
  ["/api/v1/admin/reviews", [], ["POST", "PUT", "PATCH", "DELETE"]],
  ["/api/v1/admin/clients", [], ["POST", "PUT", "PATCH", "DELETE"]],
  [`/api/v1/admin/clients/${ID}`, ["DELETE"], ["POST", "PUT", "PATCH"]],
  ["/api/v1/admin/promo-codes", ["POST"], ["PUT", "PATCH", "DELETE"]],
  [`/api/v1/admin/promo-codes/${ID}`, ["PUT", "PATCH", "DELETE"], ["POST"]],
  ["/api/v1/admin/gift-cards", ["POST"], ["PUT", "PATCH", "DELETE"]],
  [`/api/v1/admin/gift-cards/${ID}`, [], ["POST", "PUT", "PATCH", "DELETE"]],
];

async function ask(method: string, path: string, cookie: string | null) {
  const res = await fetch(`${baseURL}${path}`, {
    method,
    headers: { origin: baseURL, ...(cookie ? { cookie } : {}) },
    redirect: "manual",
  });
  return { status: res.status, cache: res.headers.get("cache-control"), body: await res.json() };
}

let shopper: string;
let admin: string;

beforeAll(async () => {
  shopper = await signUpCookie(baseURL, uniqueEmail("methods"));
  admin = await signInCookie(baseURL, E2E_ADMIN.email, E2E_ADMIN.password);
});

describe("the API answers a method it does not serve with its French 405", () => {
  it.each(USER_ROUTES.flatMap(([path, unserved]) => unserved.map((method) => [method, path])))(
    "%s %s: 405 for a shopper, and for a visitor too (the method is checked first)",
    async (method, path) => {
      for (const cookie of [shopper, null]) {
        expect(await ask(method, path, cookie)).toEqual({ status: 405, cache: "no-store", body: METHOD_NOT_ALLOWED });
      }
    },
  );

  it.each(ADMIN_WRITES.flatMap(([path, , unserved]) => unserved.map((method) => [method, path])))(
    "%s %s: 405 for the administrator",
    async (method, path) => {
      expect(await ask(method, path, admin)).toEqual({ status: 405, cache: "no-store", body: METHOD_NOT_ALLOWED });
    },
  );

  it("checks the administrator before the method on product images, so others learn nothing of it", async () => {
    expect(await ask("PUT", "/api/v1/admin/product-images", null)).toEqual({ status: 401, cache: "no-store", body: UNAUTHENTICATED });
    expect(await ask("PUT", "/api/v1/admin/product-images", shopper)).toEqual({ status: 403, cache: "no-store", body: FORBIDDEN });
  });
});

describe("the administrator's API writes answer others in JSON", () => {
  it.each(ADMIN_WRITES.flatMap(([path, served]) => served.map((method) => [method, path])))(
    "%s %s: visitor 401, shopper 403",
    async (method, path) => {
      expect(await ask(method, path, null)).toEqual({ status: 401, cache: "no-store", body: UNAUTHENTICATED });
      expect(await ask(method, path, shopper)).toEqual({ status: 403, cache: "no-store", body: FORBIDDEN });
    },
  );
});
