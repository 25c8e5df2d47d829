/**
 * The API as a connector sees it, through the client typed from the served document
 * (tests/support/api/typed-client.ts): every call below is type-checked against the generated
 * types, and every answer (success or error) is validated against its operation's documented
 * schema and status, so a handler that drifts from the document fails here. Covers the public
 * catalogue, a signed-in shopper's account, documented error answers and the admin API by key.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { E2E_ADMIN, uniqueEmail } from "../../support/accounts";
import { apiClient, type ApiClient } from "../../support/api/typed-client";
import { e2eShop } from "../../support/e2e-shop";
import { signInCookie, signUpCookie } from "../../support/http-session";
import { HTTP_ADDRESS, placeOrderOverHttp } from "../../support/orders-http";

const baseURL = e2eShop().baseURL;
const run = Date.now().toString(36);
const visitor = apiClient();

describe("the public catalogue", () => {
  it("lists categories and brands, and filters, sorts and pages products", async () => {
    const categories = await visitor.GET("/api/v1/categories");
    expect(categories.response.status).toBe(200);
    const category = categories.data!.data[0];
    expect(category.slug).toMatch(/^[a-z0-9-]+$/);

    const brands = await visitor.GET("/api/v1/brands");
    expect(brands.response.status).toBe(200);
    expect(brands.data!.data.length).toBeGreaterThan(0);

    const page = await visitor.GET("/api/v1/products", {
      params: { query: { category: category.slug, sort: "price_asc", in_stock: "1", page_size: 5 } },
    });
    expect(page.response.status).toBe(200);
    const products = page.data!.data;
    expect(products.length).toBeGreaterThan(0);
    expect(page.data!.pagination).toMatchObject({ page: 1, page_size: 5 });
    for (const product of products) {
      expect(product.category?.slug).toBe(category.slug);
      expect(product.in_stock).toBe(true);
    }
    const prices = products.map((p) => p.price_cents);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it("gives one product by id with its variants, and a documented 404 for a slug or an unknown id", async () => {
    const list = await visitor.GET("/api/v1/products", { params: { query: { page_size: 1 } } });
    const listed = list.data!.data[0];
    const one = await visitor.GET("/api/v1/products/{id}", { params: { path: { id: listed.id } } });
    expect(one.response.status).toBe(200);
    expect(one.data!.data).toMatchObject({ id: listed.id, name: listed.name });
    expect(one.data!.data.variants?.length).toBe(listed.variant_count);

    // Products are addressed by id only: a slug is not found, with the documented error body.
    const bySlug = await visitor.GET("/api/v1/products/{id}", { params: { path: { id: "creme-hydratante" } } });
    expect(bySlug.response.status).toBe(404);
    expect(bySlug.error?.error).toEqual({ code: "not_found", message: "Produit introuvable" });
    const unknown = await visitor.GET("/api/v1/products/{id}", { params: { path: { id: "00000000-0000-0000-0000-000000000000" } } });
    expect(unknown.response.status).toBe(404);
  });

  it("answers a bad filter with the documented 400 body, in French", async () => {
    // @ts-expect-error the types refuse a sort the document does not list; the server refuses it too
    const bad = await visitor.GET("/api/v1/products", { params: { query: { sort: "cheapest" } } });
    expect(bad.response.status).toBe(400);
    expect(bad.error?.error.code).toBe("invalid_query");
    expect(bad.error?.error.message).toEqual(expect.any(String));
  });

  it("suggests products from what was typed, and gives delivery methods and communes for a postal code", async () => {
    const list = await visitor.GET("/api/v1/products", { params: { query: { page_size: 1, sort: "newest" } } });
    const word = list.data!.data[0].name.split(/\s+/).find((w) => w.length >= 4) ?? list.data!.data[0].name;
    const suggest = await visitor.GET("/api/v1/search/suggest", { params: { query: { q: word } } });
    expect(suggest.response.status).toBe(200);
    expect(suggest.data!.products.length).toBeGreaterThan(0);
    expect(suggest.data!.products[0].url).toMatch(/^\/product\//);

    const delivery = await visitor.GET("/api/v1/delivery-methods", { params: { query: { postal_code: "69002" } } });
    expect(delivery.response.status).toBe(200);
    expect(delivery.data!.data.zone).toBe("metropole");
    expect(delivery.data!.data.methods.map((m) => m.code)).toContain("standard");
    const nowhere = await visitor.GET("/api/v1/delivery-methods", { params: { query: { postal_code: "1" } } });
    expect(nowhere.response.status).toBe(400);
    expect(nowhere.error?.error.message).toEqual(expect.any(String));

    const communes = await visitor.GET("/api/v1/postal-codes/{code}/communes", { params: { path: { code: "69002" } } });
    expect(communes.response.status).toBe(200);
    expect(communes.data!.data).toMatchObject({ postal_code: "69002", known: true });
    expect(communes.data!.data.communes).toEqual(["Lyon 2e Arrondissement"]);
  });
});

describe("a signed-in shopper", () => {
  let shopper: ApiClient;
  let cookie: string;
  const email = uniqueEmail("typed-client");

  beforeAll(async () => {
    cookie = await signUpCookie(baseURL, email, "Secret123!Aurore", "Solène");
    shopper = apiClient({ cookie });
  });

  it("reads the profile; a visitor gets the documented 401", async () => {
    const me = await shopper.GET("/api/v1/me");
    expect(me.response.status).toBe(200);
    expect(me.data!.data).toMatchObject({ email, first_name: "Solène", loyalty_points: 0 });
    const anonymous = await visitor.GET("/api/v1/me");
    expect(anonymous.response.status).toBe(401);
    expect(anonymous.error?.error).toEqual({ code: "unauthenticated", message: "Connexion requise" });
  });

  it("creates, lists, changes and deletes an address; the default one stays", async () => {
    const created = await shopper.POST("/api/v1/addresses", { body: { ...HTTP_ADDRESS, label: "Maison" } });
    expect(created.response.status).toBe(201);
    const home = created.data!.data.id;
    expect(created.data!.data).toMatchObject({ label: "Maison", city: "Lyon", is_default: true });
    const second = await shopper.POST("/api/v1/addresses", { body: { ...HTTP_ADDRESS, label: "Bureau" } });
    expect(second.response.status).toBe(201);
    const office = second.data!.data.id;
    expect(second.data!.data.is_default).toBe(false);

    const listed = await shopper.GET("/api/v1/addresses");
    expect(listed.data!.data.map((a) => a.id).sort()).toEqual([home, office].sort());

    const changed = await shopper.PATCH("/api/v1/addresses/{id}", {
      params: { path: { id: office } },
      body: { city: "Villeurbanne", postal_code: "69100" },
    });
    expect(changed.response.status).toBe(200);
    expect(changed.data!.data).toMatchObject({ id: office, city: "Villeurbanne", postal_code: "69100" });

    const refused = await shopper.POST("/api/v1/addresses", { body: { ...HTTP_ADDRESS, postal_code: "ABC" } });
    expect(refused.response.status).toBe(400);
    expect(refused.error?.error.message).toEqual(expect.any(String));

    const deleted = await shopper.DELETE("/api/v1/addresses/{id}", { params: { path: { id: office } } });
    expect(deleted.response.status).toBe(200);
    expect((await shopper.GET("/api/v1/addresses")).data!.data.map((a) => a.id)).toEqual([home]);
    const again = await shopper.DELETE("/api/v1/addresses/{id}", { params: { path: { id: office } } });
    expect(again.response.status).toBe(404);
    const theDefault = await shopper.DELETE("/api/v1/addresses/{id}", { params: { path: { id: home } } });
    expect(theDefault.response.status).toBe(409);
    expect(theDefault.error?.error.code).toBe("default_undeletable");
  });

  it("adds and removes a favorite, and quotes cart lines", async () => {
    const list = await visitor.GET("/api/v1/products", { params: { query: { in_stock: "1", page_size: 10 } } });
    const product = list.data!.data.find((p) => p.variant_count === 1)!;

    const added = await shopper.POST("/api/v1/favorites", { body: { product_id: product.id } });
    expect(added.response.status).toBe(201);
    expect(added.data!.data).toEqual({ product_id: product.id, favorite: true });
    const twice = await shopper.POST("/api/v1/favorites", { body: { product_id: product.id } });
    expect(twice.response.status).toBe(200);
    const favorites = await shopper.GET("/api/v1/favorites");
    expect(favorites.data!.data.map((p) => p.id)).toEqual([product.id]);
    const removed = await shopper.DELETE("/api/v1/favorites/{productId}", { params: { path: { productId: product.id } } });
    expect(removed.data!.data).toEqual({ product_id: product.id, favorite: false });

    const quote = await visitor.GET("/api/v1/cart", { params: { query: { ids: product.id } } });
    expect(quote.response.status).toBe(200);
    const quoted = quote.data!.data;
    expect("products" in quoted && quoted.products.map((p) => [p.product_id, p.price_cents, p.available])).toEqual([
      [product.id, product.price_cents, true],
    ]);
    const cart = await shopper.GET("/api/v1/cart");
    expect(cart.response.status).toBe(200);
  });

  it("reads notifications, the Beauty Pass and the orders placed", async () => {
    const notifications = await shopper.GET("/api/v1/notifications", { params: { query: { filter: "unread" } } });
    expect(notifications.response.status).toBe(200);
    expect(notifications.data!.unread_count).toBe(notifications.data!.data.length);

    const loyalty = await shopper.GET("/api/v1/loyalty");
    expect(loyalty.response.status).toBe(200);
    expect(loyalty.data!.data).toMatchObject({ balance: 0, tier: { id: "lover" } });

    expect((await shopper.GET("/api/v1/orders")).data!.data).toEqual([]);
    const placed = (await placeOrderOverHttp(baseURL, cookie)) as { id: string; number: string };
    const orders = await shopper.GET("/api/v1/orders");
    expect(orders.data!.data.map((o) => o.id)).toEqual([placed.id]);
    const order = await shopper.GET("/api/v1/orders/{id}", { params: { path: { id: placed.id } } });
    expect(order.response.status).toBe(200);
    expect(order.data!.data).toMatchObject({ id: placed.id, number: placed.number, status: "pending" });
  });
});

describe("the admin API with a key", () => {
  let admin: ApiClient;

  beforeAll(async () => {
    const adminCookie = await signInCookie(baseURL, E2E_ADMIN.email, E2E_ADMIN.password);
    admin = apiClient({ apiKey: await createApiKey(adminCookie, `Typed client ${run}`) });
  });

  it("lists products, orders and clients, page by cursor", async () => {
    const products = await admin.GET("/api/v1/admin/products", { params: { query: { limit: "2" } } });
    expect(products.response.status).toBe(200);
    const orders = await admin.GET("/api/v1/admin/orders", { params: { query: { limit: "2" } } });
    expect(orders.response.status).toBe(200);
    const clients = await admin.GET("/api/v1/admin/clients", { params: { query: { limit: "2" } } });
    expect(clients.response.status).toBe(200);
    for (const list of [products.data!, orders.data!, clients.data!]) {
      expect(Array.isArray(list.data) && list.data.length).toBeGreaterThan(0);
    }

    const badLimit = await admin.GET("/api/v1/admin/orders", { params: { query: { limit: "0" } } });
    expect(badLimit.response.status).toBe(400);
    expect(badLimit.error?.error.message).toContain("Paramètres de liste invalides");
  });

  it("refuses a visitor with the documented 401", async () => {
    const refused = await visitor.GET("/api/v1/admin/products");
    expect(refused.response.status).toBe(401);
    expect(refused.error?.error.code).toBe("unauthenticated");
  });
});

/** A read-only key for the catalogue, orders and clients, created through Paramètres' action like an administrator does. */
async function createApiKey(adminCookie: string, name: string): Promise<string> {
  const body = new URLSearchParams({ intent: "api-key-create", name, scope_catalog: "read", scope_orders: "read", scope_clients: "read" });
  const res = await fetch(`${baseURL}/admin/parametres.data`, {
    method: "POST",
    headers: { cookie: adminCookie, origin: baseURL, "content-type": "application/x-www-form-urlencoded" },
    body,
  });
  expect(res.status).toBe(200);
  const secret = /aur_live_[A-Za-z0-9_-]{43}/.exec(await res.text())?.[0];
  if (!secret) throw new Error("no API key secret in the answer of Paramètres");
  return secret;
}
