import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser, signedInContext } from "../../support/browser";
import { E2E_ADMIN, uniqueEmail } from "../../support/accounts";
import { signInCookie, signUpCookie } from "../../support/http-session";
import { ADMIN_API_SCOPES, type AdminApiScope } from "../api/admin-api-scopes";
import { API_KEY_REQUESTS_PER_MINUTE } from "~/lib/shop-rules";
import { e2eShop } from "../../support/e2e-shop";
import { deleteWebhookEndpointsTo } from "../../support/webhook-endpoints";

/**
 * The admin API with keys (docs/decisions/049-api-keys-and-admin-api.md): every catalogue and
 * stock operation checks the key's scope, a revoked key is refused at once, a key never signs in
 * on a page, lists page by cursor, writes reach the activity log under the key's name, and bad
 * input gets a French message, never a 500.
 */
const baseURL = e2eShop().baseURL;
const ID = "00000000-0000-0000-0000-000000000000";
const run = Date.now().toString(36);

let admin: string;
let shopper: string;
let browser: Browser | undefined;

type Area = "stock" | AdminApiScope["area"];
type Scopes = Partial<Record<Area, "read" | "write">>;
const OTHER_AREAS: AdminApiScope["area"][] = ["catalog", "orders", "returns", "clients", "promotions", "reviews", "webhooks"];

/** A key created through Paramètres' action: its secret (shown once) and its id. */
async function createKey(name: string, scopes: Scopes): Promise<{ secret: string; id: string }> {
  const body = new URLSearchParams({ intent: "api-key-create", name });
  for (const [area, access] of Object.entries(scopes)) body.set(`scope_${area}`, access);
  const res = await fetch(`${baseURL}/admin/parametres.data`, {
    method: "POST",
    headers: { cookie: admin, origin: baseURL, "content-type": "application/x-www-form-urlencoded" },
    body,
  });
  expect(res.status).toBe(200);
  const text = await res.text();
  const secret = /aur_live_[A-Za-z0-9_-]{43}/.exec(text)?.[0];
  const id = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/.exec(text)?.[0];
  expect(secret).toBeDefined();
  expect(id).toBeDefined();
  return { secret: secret!, id: id! };
}

async function revokeKey(id: string) {
  const res = await fetch(`${baseURL}/admin/parametres.data`, {
    method: "POST",
    headers: { cookie: admin, origin: baseURL, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "api-key-revoke", id }),
  });
  expect(res.status).toBe(200);
}

type Auth = { key?: string; cookie?: string } | null;

async function call(method: string, path: string, auth: Auth, body?: unknown) {
  const headers: Record<string, string> = {};
  if (auth?.key) headers.authorization = `Bearer ${auth.key}`;
  if (auth?.cookie) headers.cookie = auth.cookie;
  if (body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(`${baseURL}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    redirect: "manual",
  });
  const text = await res.text();
  let json: { data?: unknown; next_cursor?: string | null; error?: { code: string; message: string; details?: unknown } } = {};
  try {
    json = JSON.parse(text) as typeof json;
  } catch {
    // a page's HTML: the status says enough
  }
  return { status: res.status, json, retryAfter: res.headers.get("retry-after") };
}

/** Every operation of the catalogue and stock API, with the scope it needs. */
const OPERATIONS: [method: string, path: string, area: "catalog" | "stock", access: "read" | "write", body?: unknown][] = [
  ["GET", "/api/v1/admin/products", "catalog", "read"],
  ["POST", "/api/v1/admin/products", "catalog", "write", {}],
  ["GET", `/api/v1/admin/products/${ID}`, "catalog", "read"],
  ["PATCH", `/api/v1/admin/products/${ID}`, "catalog", "write", {}],
  ["DELETE", `/api/v1/admin/products/${ID}`, "catalog", "write"],
  ["GET", "/api/v1/admin/categories", "catalog", "read"],
  ["POST", "/api/v1/admin/categories", "catalog", "write", {}],
  ["GET", `/api/v1/admin/categories/${ID}`, "catalog", "read"],
  ["PATCH", `/api/v1/admin/categories/${ID}`, "catalog", "write", {}],
  ["DELETE", `/api/v1/admin/categories/${ID}`, "catalog", "write"],
  ["GET", "/api/v1/admin/brands", "catalog", "read"],
  ["GET", "/api/v1/admin/stock", "stock", "read"],
  ["POST", "/api/v1/admin/stock", "stock", "write", { items: [] }],
  ["GET", `/api/v1/admin/variants/${ID}/stock`, "stock", "read"],
  ["POST", `/api/v1/admin/variants/${ID}/stock`, "stock", "write", { mode: "add", quantity: 1 }],
];

let readOnly: string;
let otherArea: string;
let writer: string;

beforeAll(async () => {
  admin = await signInCookie(baseURL, E2E_ADMIN.email, E2E_ADMIN.password);
  shopper = await signUpCookie(baseURL, uniqueEmail("apikeys"));
  readOnly = (await createKey(`Lecture ${run}`, { catalog: "read", stock: "read" })).secret;
  otherArea = (await createKey(`Commandes ${run}`, { orders: "write" })).secret;
  writer = (await createKey(`ERP ${run}`, { catalog: "write", stock: "write" })).secret;
});

afterAll(async () => {
  await browser?.close();
});

describe("scopes on every catalogue and stock operation", () => {
  it.each(OPERATIONS)(
    "%s %s: key without its area 403, read-only key on a write 403, shopper 403, visitor 401",
    async (method, path, area, access, body) => {
      const noArea = await call(method, path, { key: otherArea }, body);
      expect(noArea.status).toBe(403);
      expect(noArea.json.error?.message).toBe(
        `Cette clé API n'a pas l'accès « ${area === "catalog" ? "Catalogue" : "Stock"} (${access === "read" ? "lecture" : "écriture"}) »`,
      );
      const withRead = await call(method, path, { key: readOnly }, body);
      if (access === "write") expect(withRead).toMatchObject({ status: 403, json: { error: { code: "insufficient_scope" } } });
      else expect([200, 404]).toContain(withRead.status);
      expect(await call(method, path, { cookie: shopper }, body)).toMatchObject({
        status: 403,
        json: { error: { message: "Accès réservé à l'équipe de la boutique" } },
      });
      expect(await call(method, path, null, body)).toMatchObject({ status: 401, json: { error: { message: "Connexion requise" } } });
    },
  );

  it("refuses a wrong prefix or an unknown key with 401 in French", async () => {
    const wrongPrefix = writer.replace("aur_live_", "sk_live_");
    expect(await call("GET", "/api/v1/admin/products", { key: wrongPrefix })).toMatchObject({
      status: 401,
      json: { error: { code: "invalid_api_key", message: "Clé API invalide" } },
    });
    expect((await call("GET", "/api/v1/admin/products", { key: `aur_live_${"A".repeat(43)}` })).status).toBe(401);
  });
});

/**
 * Orders, returns, clients, promotions and reviews (the table of tests/e2e/api/admin-api-scopes.ts):
 * per area, a key holding every other area's writes is refused everything in it, and a key that
 * only reads it is refused its writes and let through its reads (404 on the table's dummy ids).
 */
describe("scopes on every other admin API operation", () => {
  const keys = new Map<AdminApiScope["area"], { without: string; readOnly: string }>();
  beforeAll(async () => {
    for (const area of OTHER_AREAS) {
      const others = Object.fromEntries(OTHER_AREAS.filter((a) => a !== area).map((a) => [a, "write"])) as Scopes;
      keys.set(area, {
        without: (await createKey(`Sans ${area} ${run}`, others)).secret,
        readOnly: (await createKey(`Lecture ${area} ${run}`, { ...others, [area]: "read" })).secret,
      });
    }
  });

  it.each(ADMIN_API_SCOPES.map((s) => [s.method, s.path, s.area, s.access] as const))(
    "%s %s (%s, %s): key without the area 403, read-only key on a write 403",
    async (method, path, area, access) => {
      const body = method === "GET" || method === "DELETE" ? undefined : {};
      const { without, readOnly: reader } = keys.get(area)!;
      const refused = await call(method, path, { key: without }, body);
      expect(refused).toMatchObject({ status: 403, json: { error: { code: "insufficient_scope" } } });
      const withRead = await call(method, path, { key: reader }, body);
      if (access === "write") expect(withRead).toMatchObject({ status: 403, json: { error: { code: "insufficient_scope" } } });
      else expect(withRead.json.error?.code).not.toBe("insufficient_scope");
      expect(withRead.status).toBeLessThan(500);
    },
  );
});

describe("a key is not a session", () => {
  it("does not sign in on a page, nor on the shopper's API", async () => {
    const page = await fetch(`${baseURL}/admin`, { headers: { authorization: `Bearer ${writer}` }, redirect: "manual" });
    expect([401, 302, 303]).toContain(page.status);
    expect(page.headers.get("set-cookie") ?? "").not.toContain("session_token=");
    expect((await call("GET", "/api/v1/me", { key: writer })).status).toBe(401);
  });

  it("a revoked key is refused at once", async () => {
    const { secret, id } = await createKey(`Éphémère ${run}`, { catalog: "read" });
    expect((await call("GET", "/api/v1/admin/brands", { key: secret })).status).toBe(200);
    await revokeKey(id);
    expect(await call("GET", "/api/v1/admin/brands", { key: secret })).toMatchObject({
      status: 401,
      json: { error: { code: "revoked_api_key", message: "Clé API révoquée" } },
    });
  });
});

describe("catalogue and stock with a key", () => {
  it("creates, updates, stocks and deletes a product; the activity log names the key; bad input gets French messages", async () => {
    const categories = await call("GET", "/api/v1/admin/categories?limit=1", { key: writer });
    const categoryId = (categories.json.data as { id: string }[])[0].id;
    const skus = [`API-${run}-A`, `API-${run}-B`];
    const before = new Date(Date.now() - 1000).toISOString();
    const created = await call(
      "POST",
      "/api/v1/admin/products",
      { key: writer },
      {
        name: `Sérum API ${run}`,
        category_id: categoryId,
        variants: [
          { sku: skus[0], label: "30 ml", price_cents: 2490, stock: 5 },
          { sku: skus[1], label: "50 ml", price_cents: 3490, stock: 0 },
        ],
      },
    );
    expect(created.status).toBe(201);
    const product = created.json.data as { id: string; price_cents: number; variants: { id: string; sku: string; stock: number }[] };
    expect(product.variants.map((v) => [v.sku, v.stock])).toEqual([
      [skus[0], 5],
      [skus[1], 0],
    ]);
    expect(product.price_cents).toBe(2490);

    // The same SKU again: the form's message, 409.
    const duplicate = await call(
      "POST",
      "/api/v1/admin/products",
      { key: writer },
      {
        name: `Doublon ${run}`,
        category_id: categoryId,
        variants: [{ sku: skus[0], price_cents: 1000, stock: 1 }],
      },
    );
    expect(duplicate).toMatchObject({ status: 409, json: { error: { code: "sku_taken", message: "Cette référence est déjà utilisée" } } });
    // A NUL byte, a missing name, a price not in cents: 400 in French.
    const nul = await call("POST", "/api/v1/admin/products", { key: writer }, { name: "Nul\u0000", category_id: categoryId, variants: [] });
    expect(nul.status).toBe(400);
    expect(nul.json.error?.message).toMatch(/caractères non autorisés|Veuillez corriger/);
    const badPrice = await call(
      "POST",
      "/api/v1/admin/products",
      { key: writer },
      {
        name: `Prix ${run}`,
        category_id: categoryId,
        variants: [{ sku: `API-${run}-C`, price_cents: 12.5, stock: 1 }],
      },
    );
    expect(badPrice).toMatchObject({ status: 400, json: { error: { message: "Veuillez corriger les champs signalés" } } });
    expect(JSON.stringify(badPrice.json.error?.details)).toContain("Le prix doit être un nombre entier de centimes");

    const renamed = await call("PATCH", `/api/v1/admin/products/${product.id}`, { key: writer }, { name: `Sérum API ${run} v2` });
    expect(renamed).toMatchObject({ status: 200, json: { data: { name: `Sérum API ${run} v2` } } });
    expect((renamed.json.data as { variants: unknown[] }).variants).toHaveLength(2);
    // The CN23's customs code and origin: refused in French when malformed, read back when sent right.
    const badCustoms = await call(
      "PATCH",
      `/api/v1/admin/products/${product.id}`,
      { key: writer },
      { hs_code: "3303", origin_country: "XX", tax_class: "luxe" },
    );
    expect(badCustoms).toMatchObject({ status: 400, json: { error: { message: "Veuillez corriger les champs signalés" } } });
    for (const message of ["Code douanier invalide : 6 à 10 chiffres", "Pays d'origine inconnu", "Catégorie fiscale inconnue"]) {
      expect(JSON.stringify(badCustoms.json.error?.details)).toContain(message);
    }
    const declared = await call(
      "PATCH",
      `/api/v1/admin/products/${product.id}`,
      { key: writer },
      { hs_code: "3304 99", origin_country: "FR", tax_class: "standard" },
    );
    expect(declared).toMatchObject({ status: 200, json: { data: { hs_code: "330499", origin_country: "FR", tax_class: "standard" } } });

    const [a, b] = product.variants;
    expect(await call("POST", `/api/v1/admin/variants/${a.id}/stock`, { key: writer }, { mode: "add", quantity: 3 })).toMatchObject({
      status: 200,
      json: { data: { stock: 8 } },
    });
    expect(await call("POST", `/api/v1/admin/variants/${a.id}/stock`, { key: writer }, { mode: "add", quantity: -2 })).toMatchObject({
      status: 400,
      json: { error: { message: "Quantité invalide" } },
    });
    expect(await call("POST", `/api/v1/admin/variants/${b.id}/stock`, { key: writer }, { mode: "remove", quantity: 1 })).toMatchObject({
      status: 409,
      json: { error: { message: "Stock insuffisant" } },
    });
    const bulk = await call(
      "POST",
      "/api/v1/admin/stock",
      { key: writer },
      {
        items: [
          { sku: skus[0], mode: "set", quantity: 20 },
          { sku: skus[1], mode: "add", quantity: 4 },
        ],
      },
    );
    expect(bulk.status).toBe(200);
    expect(await call("GET", `/api/v1/admin/variants/${b.id}/stock`, { key: readOnly })).toMatchObject({ json: { data: { stock: 4 } } });
    // All or nothing: an unknown SKU changes nothing.
    const unknown = await call(
      "POST",
      "/api/v1/admin/stock",
      { key: writer },
      {
        items: [
          { sku: skus[0], mode: "set", quantity: 1 },
          { sku: `INCONNU-${run}`, mode: "set", quantity: 1 },
        ],
      },
    );
    expect(unknown).toMatchObject({ status: 404, json: { error: { message: `Référence inconnue : INCONNU-${run}` } } });
    expect(await call("GET", `/api/v1/admin/variants/${a.id}/stock`, { key: readOnly })).toMatchObject({ json: { data: { stock: 20 } } });
    const negative = await call("POST", "/api/v1/admin/stock", { key: writer }, { items: [{ sku: skus[0], mode: "set", quantity: -5 }] });
    expect(negative).toMatchObject({ status: 400, json: { error: { message: "Quantité invalide" } } });
    const twice = await call(
      "POST",
      "/api/v1/admin/stock",
      { key: writer },
      {
        items: [
          { sku: skus[0], mode: "set", quantity: 1 },
          { sku: skus[0], mode: "add", quantity: 1 },
        ],
      },
    );
    expect(twice.status).toBe(400);
    expect(twice.json.error?.message).toContain("Cette référence figure deux fois dans la demande");

    // The changes since `before`: the product is there once.
    const since = await call("GET", `/api/v1/admin/products?updated_since=${encodeURIComponent(before)}&limit=200`, { key: readOnly });
    expect((since.json.data as { id: string }[]).filter((p) => p.id === product.id)).toHaveLength(1);

    // The activity log records the key's name as the actor.
    const journal = await fetch(`${baseURL}/admin/activity?acteur=${encodeURIComponent(`ERP ${run}`)}`, { headers: { cookie: admin } });
    const html = await journal.text();
    expect(html).toContain(`Produit « Sérum API ${run} » créé`);
    expect(html).toContain(`Stock de « Sérum API ${run} v2 »`);

    expect(await call("DELETE", `/api/v1/admin/products/${product.id}`, { key: writer })).toMatchObject({
      status: 200,
      json: { data: { deleted: true } },
    });
    expect((await call("GET", `/api/v1/admin/products/${product.id}`, { key: readOnly })).status).toBe(404);
  });

  it("creates, renames and deletes a brand with the back-office's rules and French messages; the activity log names the key", async () => {
    const name = `Maison API ${run}`;
    const created = await call("POST", "/api/v1/admin/brands", { key: writer }, { name, description: "Soins botaniques" });
    expect(created).toMatchObject({ status: 201, json: { data: { name, description: "Soins botaniques", product_count: 0 } } });
    const brand = created.json.data as { id: string; slug: string };
    expect(brand.slug).toBe(`maison-api-${run}`);
    expect((await call("GET", `/api/v1/admin/brands/${brand.id}`, { key: readOnly })).json.data).toMatchObject({ id: brand.id, name });

    // Refusals: French messages, never a 500.
    const refusals: [unknown, number, string][] = [
      [{ name: name.toUpperCase() }, 409, "Une marque porte déjà ce nom"],
      [{ name: `  ${name.replace("Maison", "Màison")} ` }, 409, "Une marque porte déjà ce nom"],
      [{ name: "   " }, 400, "Le nom de la marque est requis"],
      [{}, 400, "Le nom de la marque est requis"],
      [{ name: "x".repeat(10_000) }, 400, "Le nom de la marque ne doit pas dépasser 120 caractères"],
      [{ name: `Longue ${run}`, description: "d".repeat(10_000) }, 400, "La description de la marque ne doit pas dépasser 2000 caractères"],
      [{ name: "--" }, 400, "Le nom de la marque doit contenir au moins une lettre ou un chiffre"],
      [{ name: 42 }, 400, "Le nom de la marque est requis"],
    ];
    for (const [body, status, message] of refusals) {
      expect(await call("POST", "/api/v1/admin/brands", { key: writer }, body), JSON.stringify(body).slice(0, 40)).toMatchObject({
        status,
        json: { error: { message } },
      });
    }

    // A product of the brand (through the product form's rules), then the brand renamed: the product follows.
    const categories = await call("GET", "/api/v1/admin/categories?limit=1", { key: writer });
    const product = await call(
      "POST",
      "/api/v1/admin/products",
      { key: writer },
      {
        name: `Baume ${run}`,
        category_id: (categories.json.data as { id: string }[])[0].id,
        brand_id: brand.id,
        variants: [{ sku: `BRAND-${run}`, label: "50 ml", price_cents: 1990, stock: 1 }],
      },
    );
    expect(product.status).toBe(201);
    const productId = (product.json.data as { id: string }).id;
    const renamed = await call("PATCH", `/api/v1/admin/brands/${brand.id}`, { key: writer }, { name: `Maison Renommée ${run}` });
    expect(renamed).toMatchObject({
      status: 200,
      json: { data: { name: `Maison Renommée ${run}`, slug: brand.slug, description: "Soins botaniques", product_count: 1 } },
    });
    expect((await call("GET", `/api/v1/admin/products/${productId}`, { key: readOnly })).json.data).toMatchObject({
      brand_id: brand.id,
      brand: `Maison Renommée ${run}`,
    });
    const other = await call("POST", "/api/v1/admin/brands", { key: writer }, { name: `Autre maison ${run}` });
    expect(await call("PATCH", `/api/v1/admin/brands/${brand.id}`, { key: writer }, { name: `autre MAISON ${run}` })).toMatchObject({
      status: 409,
      json: { error: { message: "Une marque porte déjà ce nom" } },
    });
    expect(await call("PATCH", `/api/v1/admin/brands/${brand.id}`, { key: writer }, { name: "" })).toMatchObject({
      status: 400,
      json: { error: { message: "Le nom de la marque est requis" } },
    });
    expect(await call("PATCH", `/api/v1/admin/brands/${brand.id}`, { key: writer }, { description: null })).toMatchObject({
      status: 200,
      json: { data: { name: `Maison Renommée ${run}`, description: null } },
    });

    // Still used: refused, in French; unused: deleted.
    expect(await call("DELETE", `/api/v1/admin/brands/${brand.id}`, { key: writer })).toMatchObject({
      status: 409,
      json: { error: { code: "brand_has_products", message: "Impossible de supprimer une marque utilisée par des produits" } },
    });
    const otherId = (other.json.data as { id: string }).id;
    expect(await call("DELETE", `/api/v1/admin/brands/${otherId}`, { key: writer })).toMatchObject({
      status: 200,
      json: { data: { id: otherId, deleted: true } },
    });
    expect(await call("GET", `/api/v1/admin/brands/${otherId}`, { key: readOnly })).toMatchObject({
      status: 404,
      json: { error: { message: "Marque introuvable" } },
    });
    expect((await call("PATCH", `/api/v1/admin/brands/pas-un-id`, { key: writer }, { name: "X" })).status).toBe(404);

    const journal = await fetch(`${baseURL}/admin/activity?acteur=${encodeURIComponent(`ERP ${run}`)}`, { headers: { cookie: admin } });
    const html = await journal.text();
    expect(html).toContain(`Marque « ${name} » créée`);
    expect(html).toContain(`Marque « ${name} » renommée en « Maison Renommée ${run} »`);
    expect(html).toContain(`Marque « Autre maison ${run} » supprimée`);
  });

  it("pages every product and every variant's stock exactly once with the cursor", async () => {
    for (const [path, small] of [
      ["/api/v1/admin/products", 7],
      ["/api/v1/admin/stock", 50],
    ] as const) {
      const walk = async (limit: number) => {
        const ids: string[] = [];
        let cursor: string | null = null;
        do {
          const page = await call("GET", `${path}?limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`, { key: readOnly });
          expect(page.status).toBe(200);
          ids.push(...(page.json.data as { id: string }[]).map((r) => r.id));
          cursor = page.json.next_cursor ?? null;
        } while (cursor);
        return ids;
      };
      const all = await walk(200);
      const paged = await walk(small);
      expect(new Set(paged).size).toBe(paged.length);
      expect(new Set(paged)).toEqual(new Set(all));
    }
    expect(await call("GET", "/api/v1/admin/products?cursor=n'importe-quoi", { key: readOnly })).toMatchObject({
      status: 400,
      json: { error: { message: "Curseur de pagination invalide" } },
    });
  });
});

describe("webhooks with a key", () => {
  let receiver: http.Server;
  let receiverUrl: string;
  const received: string[] = [];
  beforeAll(async () => {
    receiver = http.createServer((req, res) => {
      received.push(String(req.headers["aurore-event-id"]));
      req.resume();
      req.on("end", () => res.end("ok"));
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/api`;
  });
  afterAll(async () => {
    if (receiverUrl) await deleteWebhookEndpointsTo(baseURL, admin, new URL(receiverUrl).origin);
    await new Promise((resolve) => receiver?.close(resolve));
  });

  type Endpoint = { id: string; url: string; description: string; events: string[]; active: boolean; secret?: string };
  type Delivery = { id: number; event_id: string; event_type: string; status: string; updated_at: string; attempts: { ok: boolean }[] };

  it("creates (secret once), reads, updates, lists, resends and deletes an endpoint; bad URLs get the form's French messages", async () => {
    const hooks = (await createKey(`Webhooks ${run}`, { webhooks: "write", catalog: "write" })).secret;
    const reader = (await createKey(`Webhooks lecture ${run}`, { webhooks: "read" })).secret;

    const scheme = await call(
      "POST",
      "/api/v1/admin/webhooks",
      { key: hooks },
      { url: "ftp://erp.example.com/hook", events: ["product.updated"] },
    );
    expect(scheme).toMatchObject({ status: 400, json: { error: { message: "Seules les adresses http:// ou https:// sont acceptées" } } });
    expect(scheme.json.error?.details).toEqual([{ field: "url", message: "Seules les adresses http:// ou https:// sont acceptées" }]);
    const noEvents = await call("POST", "/api/v1/admin/webhooks", { key: hooks }, { url: receiverUrl, events: [] });
    expect(noEvents).toMatchObject({ status: 400, json: { error: { message: "Choisissez au moins un événement" } } });
    expect((await call("POST", "/api/v1/admin/webhooks", { key: hooks }, "pas un objet")).status).toBe(400);

    const created = await call(
      "POST",
      "/api/v1/admin/webhooks",
      { key: hooks },
      { url: receiverUrl, description: `ERP ${run}`, events: ["product.updated"] },
    );
    expect(created.status).toBe(201);
    const endpoint = created.json.data as Endpoint;
    expect(endpoint).toMatchObject({ url: receiverUrl, description: `ERP ${run}`, events: ["product.updated"], active: true });
    expect(endpoint.secret).toMatch(/^whsec_/);
    const read = await call("GET", `/api/v1/admin/webhooks/${endpoint.id}`, { key: reader });
    expect(read).toMatchObject({ status: 200, json: { data: { id: endpoint.id, url: receiverUrl } } });
    expect(JSON.stringify(read.json)).not.toContain(endpoint.secret!);
    expect(await call("GET", `/api/v1/admin/webhooks/${ID}`, { key: reader })).toMatchObject({
      status: 404,
      json: { error: { message: "Webhook introuvable" } },
    });

    const patched = await call("PATCH", `/api/v1/admin/webhooks/${endpoint.id}`, { key: hooks }, { description: `ERP ${run} v2` });
    expect(patched).toMatchObject({
      status: 200,
      json: { data: { description: `ERP ${run} v2`, url: receiverUrl, events: ["product.updated"] } },
    });
    const badPatch = await call("PATCH", `/api/v1/admin/webhooks/${endpoint.id}`, { key: hooks }, { url: "javascript:alert(1)" });
    expect(badPatch.status).toBe(400);

    const listed: Endpoint[] = [];
    let cursor: string | null = null;
    do {
      const page = await call("GET", `/api/v1/admin/webhooks?limit=1${cursor ? `&cursor=${cursor}` : ""}`, { key: reader });
      expect(page.status).toBe(200);
      listed.push(...(page.json.data as Endpoint[]));
      cursor = page.json.next_cursor ?? null;
    } while (cursor);
    expect(listed.filter((e) => e.id === endpoint.id)).toHaveLength(1);
    expect(JSON.stringify(listed)).not.toContain("whsec_");

    // A product saved with the catalogue key is an event for the endpoint: one delivery, delivered.
    const categories = await call("GET", "/api/v1/admin/categories?limit=1", { key: hooks });
    const categoryId = (categories.json.data as { id: string }[])[0].id;
    const product = await call(
      "POST",
      "/api/v1/admin/products",
      { key: hooks },
      {
        name: `Crème webhook ${run}`,
        category_id: categoryId,
        variants: [{ sku: `WH-${run}`, label: "50 ml", price_cents: 1990, stock: 3 }],
      },
    );
    expect(product.status).toBe(201);
    // Two edits of the product, two events (a creation is no product.updated).
    const productId = (product.json.data as { id: string }).id;
    for (const name of [`Crème webhook ${run} v2`, `Crème webhook ${run} v3`]) {
      expect((await call("PATCH", `/api/v1/admin/products/${productId}`, { key: hooks }, { name })).status).toBe(200);
    }
    const deliveries = async () => {
      const all: Delivery[] = [];
      let next: string | null = null;
      do {
        const page = await call("GET", `/api/v1/admin/webhooks/${endpoint.id}/deliveries?limit=1${next ? `&cursor=${next}` : ""}`, {
          key: reader,
        });
        expect(page.status).toBe(200);
        all.push(...(page.json.data as Delivery[]));
        next = page.json.next_cursor ?? null;
      } while (next);
      return all;
    };
    await expect.poll(async () => (await deliveries()).filter((d) => d.status === "delivered").length, { timeout: 15_000 }).toBe(2);
    const [first] = await deliveries();
    expect(first).toMatchObject({ event_type: "product.updated", attempts: [{ ok: true }] });
    expect(received).toContain(first.event_id);

    expect(await call("GET", `/api/v1/admin/webhooks/${endpoint.id}/deliveries/${first.id}/resend`, { key: reader })).toMatchObject({
      status: 200,
      json: { data: { id: first.id, event_id: first.event_id, status: "delivered" } },
    });
    const resent = await call("POST", `/api/v1/admin/webhooks/${endpoint.id}/deliveries/${first.id}/resend`, { key: hooks });
    expect(resent).toMatchObject({ status: 202, json: { data: { id: first.id, status: "pending" } } });
    // Resent and delivered again: it moved to the end of the walk, with its second attempt.
    await expect
      .poll(async () => (await deliveries()).at(-1), { timeout: 15_000 })
      .toMatchObject({ id: first.id, status: "delivered", attempts: [{ ok: true }, { ok: true }] });
    expect(received.filter((id) => id === first.event_id)).toHaveLength(2);
    expect(await call("POST", `/api/v1/admin/webhooks/${endpoint.id}/deliveries/999999999/resend`, { key: hooks })).toMatchObject({
      status: 404,
      json: { error: { message: "Envoi introuvable" } },
    });
    expect(await call("GET", `/api/v1/admin/webhooks/${endpoint.id}/deliveries?cursor=n'importe-quoi`, { key: reader })).toMatchObject({
      status: 400,
      json: { error: { code: "invalid_cursor" } },
    });

    // The activity log names the key; the secret is nowhere in it.
    const journal = await (
      await fetch(`${baseURL}/admin/activity?acteur=${encodeURIComponent(`Webhooks ${run}`)}`, { headers: { cookie: admin } })
    ).text();
    expect(journal).toContain(`Webhook ${receiverUrl} créé`);
    expect(journal).not.toContain(endpoint.secret!);

    expect(await call("DELETE", `/api/v1/admin/webhooks/${endpoint.id}`, { key: hooks })).toMatchObject({
      status: 200,
      json: { data: { id: endpoint.id, deleted: true } },
    });
    expect((await call("GET", `/api/v1/admin/webhooks/${endpoint.id}`, { key: reader })).status).toBe(404);
    expect((await call("GET", `/api/v1/admin/webhooks/${endpoint.id}/deliveries`, { key: reader })).status).toBe(404);
  });
});

describe("rate limit per key", () => {
  it("answers 429 in French with Retry-After once a key spent its minute, while another key still works", async () => {
    const busy = (await createKey(`Pressée ${run}`, { catalog: "read" })).secret;
    const calm = (await createKey(`Tranquille ${run}`, { catalog: "read" })).secret;
    const statuses: number[] = [];
    let limited: Awaited<ReturnType<typeof call>> | undefined;
    // In waves of 20 so the server is not flooded; the window is a minute, so all fit in it.
    for (let sent = 0; sent < API_KEY_REQUESTS_PER_MINUTE + 20 && !limited; sent += 20) {
      const wave = await Promise.all(Array.from({ length: 20 }, () => call("GET", "/api/v1/admin/brands?limit=1", { key: busy })));
      statuses.push(...wave.map((r) => r.status));
      limited = wave.find((r) => r.status === 429);
    }
    expect(limited).toMatchObject({
      status: 429,
      json: { error: { code: "rate_limited", message: "Trop de requêtes pour cette clé API : réessayez dans quelques instants." } },
    });
    expect(Number(limited!.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(limited!.retryAfter)).toBeLessThanOrEqual(60);
    // The minute's allowance went through before the first refusal (a few more only if the burst
    // straddled the start of a new window, whose sliding estimate frees the old one gradually).
    const allowed = statuses.filter((s) => s === 200).length;
    expect(allowed).toBeGreaterThanOrEqual(API_KEY_REQUESTS_PER_MINUTE);
    expect(allowed).toBeLessThanOrEqual(API_KEY_REQUESTS_PER_MINUTE + 5);
    expect((await call("GET", "/api/v1/admin/brands?limit=1", { key: calm })).status).toBe(200);
    expect((await call("GET", "/api/v1/admin/brands?limit=1", { key: busy })).status).toBe(429);
  });
});

describe("Paramètres, Clés API", () => {
  it("creates a key whose secret is shown once, then revokes it", async () => {
    browser = await launchBrowser();
    const context = await signedInContext(browser, baseURL, admin, { viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${baseURL}/admin/parametres`);
    const section = page.getByRole("region", { name: "Clés API" });
    const name = `Connecteur UI ${run}`;
    await section.getByLabel("Nom de la clé").fill(name);
    await section.getByLabel("Stock").selectOption("read");
    await section.getByRole("button", { name: "Créer la clé" }).click();
    const secret = section.getByLabel("Clé secrète");
    await expect.poll(() => secret.inputValue()).toMatch(/^aur_live_[A-Za-z0-9_-]{43}$/);
    const value = await secret.inputValue();
    expect((await call("GET", "/api/v1/admin/stock?limit=1", { key: value })).status).toBe(200);

    await page.reload();
    await expect.poll(() => page.content()).not.toContain(value);
    const row = page.getByRole("row", { name: new RegExp(name) });
    await expect.poll(() => row.textContent()).toContain(value.slice(0, 17));
    page.once("dialog", (dialog) => void dialog.accept());
    await row.getByRole("button", { name: `Révoquer la clé ${name}` }).click();
    await expect.poll(() => row.textContent()).toContain("Révoquée");
    expect((await call("GET", "/api/v1/admin/stock?limit=1", { key: value })).status).toBe(401);
    await context.close();
  });
});
