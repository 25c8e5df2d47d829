import { beforeAll, describe, expect, it } from "vitest";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../../app/routes";
import { ADMIN_ROUTE_NEEDS, type RouteNeeds } from "~/domain/staff/admin-routes";
import { E2E_ADMIN, uniqueEmail } from "../../support/accounts";
import { signInCookie, signUpCookie } from "../../support/http-session";
import { e2eShop } from "../../support/e2e-shop";

const baseURL = e2eShop().baseURL;

/** Every route of the route config, as a concrete path (params filled with a dummy id). */
function allPaths(entries: RouteConfigEntry[], prefix = ""): string[] {
  const out: string[] = [];
  for (const entry of entries) {
    const path = entry.path ? `${prefix}/${entry.path}`.replace(/\/+/g, "/") : prefix;
    if (entry.path !== undefined || entry.index) out.push(path || "/");
    if (entry.children) out.push(...allPaths(entry.children, path));
  }
  return [...new Set(out)];
}

const concrete = (p: string) => p.replace(/:[^/]+/g, "00000000-0000-0000-0000-000000000000").replace(/\*$/, "x");
/** The team's sign-in, enrolment and invitation pages are open to visitors (decision 066). */
const isPublic = (p: string) => (ADMIN_ROUTE_NEEDS as Record<string, RouteNeeds>)[p.slice(1)]?.GET === "public";
const adminRoutePaths = allPaths(routes).filter((p) => (/^\/admin(\/|$)/.test(p) || /^\/api\/v1\/admin(\/|$)/.test(p)) && !isPublic(p));
const adminPaths = adminRoutePaths.map(concrete);
/** Routes of one resource (API or page, e.g. /admin/clients/:id): the dummy id is unknown, so the administrator gets its 404. */
const resourcePaths = new Set(adminRoutePaths.filter((p) => p.includes("/:")).map(concrete));
/** Routes that only take a POST (the catalogue import's progress stream): the administrator's GET is a 405. */
const postOnlyPaths = new Set(["/admin/produits/import/progression", "/api/v1/admin/shipments/batch"]);
/** Routes that need a query (the orders whose labels or picking list to print): without it, the administrator's 400. */
const queryPaths = new Set([
  "/api/v1/admin/shipments/labels",
  "/api/v1/admin/shipments/picking-list",
  // The accountant's downloads need their period (docs/decisions/065-accounting-export.md).
  "/admin/comptabilite/export",
  "/api/v1/admin/accounting/fec",
  "/api/v1/admin/accounting/ledger",
  "/api/v1/admin/accounting/oss",
]);

let shopperCookie: string;
let adminCookie: string;

beforeAll(async () => {
  shopperCookie = await signUpCookie(baseURL, uniqueEmail("shopper"));
  adminCookie = await signInCookie(baseURL, E2E_ADMIN.email, E2E_ADMIN.password);
});

describe("the administrator's area is guarded on the server", () => {
  it("finds the admin routes in the route config", () => {
    expect(adminPaths).toContain("/admin");
    expect(adminPaths).toContain("/admin/promotions");
    expect(adminPaths).toContain("/admin/e-mails");
    // The live chat's screen and its live stream (docs/decisions/047).
    expect(adminPaths).toContain("/admin/chat");
    expect(adminPaths).toContain("/admin/chat/stream");
    // A ticket's conversation (docs/decisions/046-ticket-threads.md).
    expect(adminPaths).toContain("/admin/tickets/00000000-0000-0000-0000-000000000000");
    // Journal d'activité (docs/decisions/048-activity-log-everywhere.md).
    expect(adminPaths).toContain("/admin/activity");
    // The catalogue import (docs/decisions/051-catalogue-import-export.md).
    expect(adminPaths).toContain("/admin/produits/import");
    expect(adminPaths).toContain("/admin/produits/import/progression");
    // Paramètres > Webhooks and one endpoint's page (docs/decisions/050-webhooks.md).
    expect(adminPaths).toContain("/admin/parametres/webhooks");
    expect(adminPaths).toContain("/admin/parametres/webhooks/00000000-0000-0000-0000-000000000000");
    // The back-office's PDF downloads (docs/decisions/031-invoices.md) are admin API routes too.
    expect(adminPaths).toContain("/api/v1/admin/orders/00000000-0000-0000-0000-000000000000/invoice");
    expect(adminPaths).toContain(
      "/api/v1/admin/orders/00000000-0000-0000-0000-000000000000/credit-notes/00000000-0000-0000-0000-000000000000",
    );
    // The admin API's catalogue and stock (docs/decisions/049-api-keys-and-admin-api.md).
    expect(adminPaths).toContain("/api/v1/admin/products");
    expect(adminPaths).toContain("/api/v1/admin/products/00000000-0000-0000-0000-000000000000");
    expect(adminPaths).toContain("/api/v1/admin/categories");
    expect(adminPaths).toContain("/api/v1/admin/categories/00000000-0000-0000-0000-000000000000");
    expect(adminPaths).toContain("/api/v1/admin/brands");
    // Marques, the back-office screen over the same brand functions (decision 049, Brands' writes).
    expect(adminPaths).toContain("/admin/marques");
    expect(adminPaths).toContain("/api/v1/admin/stock");
    expect(adminPaths).toContain("/api/v1/admin/variants/00000000-0000-0000-0000-000000000000/stock");
    // Parcels with a carrier (docs/decisions/062-carriers.md).
    expect(adminPaths).toContain("/api/v1/admin/orders/00000000-0000-0000-0000-000000000000/shipment");
    expect(adminPaths).toContain("/api/v1/admin/orders/00000000-0000-0000-0000-000000000000/shipment/label");
    expect(adminPaths).toContain("/api/v1/admin/shipments/batch");
    expect(adminPaths).toContain("/api/v1/admin/shipments/labels");
    // Comptabilité (docs/decisions/065-accounting-export.md).
    expect(adminPaths).toContain("/admin/comptabilite");
    expect(adminPaths).toContain("/admin/comptabilite/export");
    expect(adminPaths).toContain("/api/v1/admin/accounting/fec");
    expect(adminPaths).toContain("/api/v1/admin/accounting/ledger");
    expect(adminPaths).toContain("/api/v1/admin/accounting/oss");
  });

  it.each(adminPaths)("%s: visitor 401, shopper 403, administrator 200 (404 for an unknown id)", async (path) => {
    // An API route that serves only a POST answers any GET with its 405 first, whoever asks (api-methods.test.ts).
    const apiPostOnly = postOnlyPaths.has(path) && path.startsWith("/api/");
    const visitor = await fetch(`${baseURL}${path}`, { redirect: "manual" });
    expect(apiPostOnly ? [405] : [401, 302, 303]).toContain(visitor.status);
    const shopper = await fetch(`${baseURL}${path}`, { headers: { cookie: shopperCookie }, redirect: "manual" });
    expect(shopper.status).toBe(apiPostOnly ? 405 : 403);
    const admin = await fetch(`${baseURL}${path}`, { headers: { cookie: adminCookie }, redirect: "manual" });
    expect(admin.status).toBe(resourcePaths.has(path) ? 404 : postOnlyPaths.has(path) ? 405 : queryPaths.has(path) ? 400 : 200);
    // A live stream (/admin/chat/stream) never ends by itself: let it go.
    if (path.endsWith("/stream")) await admin.body?.cancel();
  });

  it("a shopper cannot offer a gift card from a client's page (403, nothing issued)", async () => {
    const body = new URLSearchParams({ intent: "issue-gift-card", amount: "50", reason: "Geste", message: "" });
    const answer = await fetch(`${baseURL}/admin/clients/00000000-0000-0000-0000-000000000000?_data`, {
      method: "POST",
      headers: { cookie: shopperCookie, "content-type": "application/x-www-form-urlencoded", origin: baseURL },
      body,
      redirect: "manual",
    });
    expect(answer.status).toBe(403);
  });

  it("a shopper cannot register a webhook (403)", async () => {
    const body = new URLSearchParams({ intent: "create", url: "https://hooks.example.com/x", events: "order.created", active: "on" });
    const answer = await fetch(`${baseURL}/admin/parametres/webhooks`, {
      method: "POST",
      headers: { cookie: shopperCookie, "content-type": "application/x-www-form-urlencoded", origin: baseURL },
      body,
      redirect: "manual",
    });
    expect(answer.status).toBe(403);
  });

  it("never serves an admin page from the shared page cache", async () => {
    await fetch(`${baseURL}/admin`, { headers: { cookie: adminCookie } });
    const visitor = await fetch(`${baseURL}/admin`, { redirect: "manual" });
    // Sent to the team's sign-in page (decision 066), never served the cached page.
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toBe("/admin/connexion?retour=%2Fadmin");
    expect(visitor.headers.get("x-cache")).not.toBe("HIT");
  });
});

describe("a user only ever reaches their own data", () => {
  it("GET /api/v1/me answers with the caller's profile only, 401 without a session", async () => {
    const emailA = uniqueEmail("alice");
    const emailB = uniqueEmail("bob");
    const a = await signUpCookie(baseURL, emailA, "Secret123!Aurore", "Alice");
    const b = await signUpCookie(baseURL, emailB, "Secret123!Aurore", "Bob");
    const meA = (await (await fetch(`${baseURL}/api/v1/me`, { headers: { cookie: a } })).json()) as { data: { email: string } };
    const meB = (await (await fetch(`${baseURL}/api/v1/me`, { headers: { cookie: b } })).json()) as { data: { email: string } };
    expect(meA.data.email).toBe(emailA);
    expect(meB.data.email).toBe(emailB);
    expect((await fetch(`${baseURL}/api/v1/me`)).status).toBe(401);
  });

  it("PATCH /api/v1/me changes only the caller's profile and validates in French", async () => {
    const a = await signUpCookie(baseURL, uniqueEmail("carol"), "Secret123!Aurore", "Carol");
    const bad = await fetch(`${baseURL}/api/v1/me`, {
      method: "PATCH",
      headers: { cookie: a, "content-type": "application/json", origin: baseURL },
      body: JSON.stringify({ first_name: "", phone: "abc" }),
    });
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as { error: { message: string } };
    expect(body.error.message).toContain("Le prénom est obligatoire");
    expect(body.error.message).toContain("Format de téléphone invalide");
    const ok = await fetch(`${baseURL}/api/v1/me`, {
      method: "PATCH",
      headers: { cookie: a, "content-type": "application/json", origin: baseURL },
      body: JSON.stringify({ first_name: "Caroline", last_name: "Durand", phone: "06 12 34 56 78" }),
    });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { data: { name: string } }).data.name).toBe("Caroline Durand");
  });

  it("refuses a state-changing request from another origin", async () => {
    const a = await signUpCookie(baseURL, uniqueEmail("dave"), "Secret123!Aurore", "Dave");
    const res = await fetch(`${baseURL}/api/v1/me`, {
      method: "PATCH",
      headers: { cookie: a, "content-type": "application/json", origin: "https://evil.example" },
      body: JSON.stringify({ first_name: "Pirate" }),
    });
    expect(res.status).toBe(403);
  });
});

describe("brute force", () => {
  it("wrong passwords slow this address down with a growing wait; the right password gets in once it has passed", async () => {
    const email = uniqueEmail("brute");
    await signUpCookie(baseURL, email);
    const attempt = (password: string) =>
      fetch(`${baseURL}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: baseURL },
        body: JSON.stringify({ email, password }),
      });
    for (let i = 0; i < 3; i++) expect((await attempt(`wrong-${i}`)).status).toBe(401);
    // The fourth must wait 1 s (the default first delay), refused at once meanwhile.
    const early = await attempt("wrong-3");
    expect(early.status).toBe(429);
    expect(early.headers.get("retry-after")).toBe("1");
    expect(((await early.json()) as { message: string }).message).toBe("Trop de tentatives. Veuillez réessayer dans 1 seconde.");
    // Refusals meanwhile do not count: retried until the delay has passed, it is checked (401).
    await expect.poll(async () => (await attempt("wrong-3")).status, { interval: 100, timeout: 5_000 }).toBe(401);
    // Now 2 s, the right password included.
    const locked = await attempt("Secret123!Aurore");
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    await expect.poll(async () => (await attempt("Secret123!Aurore")).status, { interval: 100, timeout: 6_000 }).toBe(200);
    // The success cleared this address's streak.
    expect((await attempt("wrong-again")).status).toBe(401);
  });
});
