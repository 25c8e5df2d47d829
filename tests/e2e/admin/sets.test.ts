/**
 * Sets ("coffrets", docs/decisions/070-sets.md) against the running shop: the demo set's page
 * lists what it contains; the back office's "Composition du coffret" needs catalog.write, answers
 * bad compositions in French (never a 500) and shows the computed stock; the admin API shows the
 * composition and refuses a direct stock change of the set; buying the set over HTTP takes each
 * component's stock and the set's.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { openDatabase, type DatabaseHandle } from "../../../app/.server/db/client";
import { user } from "../../../app/.server/db/schema";
import { E2E_ADMIN, uniqueEmail } from "../../support/accounts";
import { signInCookie, signUpCookie } from "../../support/http-session";
import { apiCall, HTTP_ADDRESS, HTTP_CARD, HTTP_CONTACT } from "../../support/orders-http";
import { e2eShop } from "../../support/e2e-shop";
import { launchBrowser, seriousA11yViolations, signedInContext, waitForHydration } from "../../support/browser";
import { makeStaff, staffCookie } from "../../support/staff";

type Json = Record<string, any>;
const { baseURL, databaseUrl } = e2eShop();
const SET_NAME = "Coffret routine éclat";

let adminCookie: string;
let shopperCookie: string;
let set: { productId: string; variantId: string };
let components: { variant_id: string; sku: string; quantity: number }[];

async function variantStock(variantId: string): Promise<number> {
  const res = await apiCall(baseURL, "GET", `/api/v1/admin/variants/${variantId}/stock`, adminCookie);
  expect(res.status).toBe(200);
  return res.json.data.stock as number;
}

/** A form post to the composition page's action, as its buttons send it. */
function post(cookie: string | null, fields: [string, string][]) {
  return fetch(`${baseURL}/admin/produits/${set.productId}/coffret`, {
    method: "POST",
    headers: { origin: baseURL, "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
}

const rows = (list: { variant_id: string; quantity: number }[]): [string, string][] =>
  list.flatMap((c) => [
    ["component", c.variant_id],
    ["quantity", String(c.quantity)],
  ]);

beforeAll(async () => {
  adminCookie = await signInCookie(baseURL, E2E_ADMIN.email, E2E_ADMIN.password);
  shopperCookie = await signUpCookie(baseURL, uniqueEmail("sets"), "Secret123!Aurore", "Inès");
  const list = await apiCall(baseURL, "GET", `/api/v1/admin/products?search=${encodeURIComponent(SET_NAME)}`, adminCookie);
  expect(list.status).toBe(200);
  const product = (list.json.data as Json[]).find((p) => p.name === SET_NAME)!;
  set = { productId: product.id, variantId: product.variants[0].id };
  components = product.variants[0].bundle.components;
});

describe("the demo set", () => {
  it("is shown in the admin API with its composition, and its own stock cannot be changed", async () => {
    expect(components).toHaveLength(3);
    expect(components.every((c) => c.quantity === 1)).toBe(true);
    const stocks = await Promise.all(components.map((c) => variantStock(c.variant_id)));
    expect(await variantStock(set.variantId)).toBe(Math.min(...stocks));
    const refused = await apiCall(baseURL, "POST", `/api/v1/admin/variants/${set.variantId}/stock`, adminCookie, {
      mode: "add",
      quantity: 5,
    });
    expect(refused.status).toBe(409);
    expect(refused.json.error).toMatchObject({
      code: "bundle_stock_derived",
      message: "Le stock d'un coffret se calcule à partir de celui de ses composants : modifiez plutôt le stock des composants.",
    });
  });

  it("lists what it contains on its product page, with links to each component", async () => {
    const res = await fetch(`${baseURL}/product/${set.productId}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Ce coffret contient :");
    for (const name of ["Gel Nettoyant Purifiant", "Sérum Éclat Vitamine C", "Crème Hydratante Intense · 50 ml"]) {
      expect(html).toContain(`1 × ${name}`);
    }
  });

  it("is bought like any product: each component's stock goes down, and the set's", async () => {
    const before = await Promise.all(components.map((c) => variantStock(c.variant_id)));
    const setBefore = await variantStock(set.variantId);
    const address = await apiCall(baseURL, "POST", "/api/v1/addresses", shopperCookie, HTTP_ADDRESS);
    expect(address.status).toBe(201);
    const order = await apiCall(
      baseURL,
      "POST",
      "/api/v1/orders",
      shopperCookie,
      {
        address_id: address.json.data.id,
        contact: HTTP_CONTACT,
        card: HTTP_CARD,
        lines: [{ product_id: set.productId, variant_id: set.variantId, quantity: 1 }],
      },
      { "idempotency-key": randomUUID() },
    );
    expect(order.status).toBe(201);
    expect(order.json.data.items).toHaveLength(1);
    expect(order.json.data.items[0]).toMatchObject({ variant_id: set.variantId, quantity: 1, unit_price_cents: 7900 });
    const after = await Promise.all(components.map((c) => variantStock(c.variant_id)));
    expect(after).toEqual(before.map((s) => s - 1));
    expect(await variantStock(set.variantId)).toBe(Math.min(...after));
    expect(Math.min(...after)).toBeLessThan(setBefore + 1);
  });
});

describe("Composition du coffret (back office)", () => {
  it("shows the composition and the computed stock to the owner", async () => {
    const res = await fetch(`${baseURL}/admin/produits/${set.productId}/coffret`, { headers: { cookie: adminCookie } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Composition du coffret");
    expect(html).toContain(`Stock calculé : <strong>${await variantStock(set.variantId)}</strong>`);
    expect(html).toContain("Gel Nettoyant Purifiant");
    // The search offers components, never a set.
    const search = await fetch(`${baseURL}/admin/produits/${set.productId}/coffret?q=Coffret`, { headers: { cookie: adminCookie } });
    const found = await search.text();
    expect(found).toContain("Coffret Découverte Eaux de Parfum");
    expect(found).not.toContain(`name="add" value="${set.variantId}"`);
  });

  it("answers bad compositions in French with a 400, and saves a good one", async () => {
    const base = rows(components);
    const cases: [string, [string, string][], string][] = [
      ["itself", [["variant", set.variantId], ...base, ["add", set.variantId]], "Un coffret ne peut pas se contenir lui-même."],
      [
        "duplicate",
        [["variant", set.variantId], ...base, ["add", components[0].variant_id]],
        "figure deux fois dans le coffret : modifiez plutôt sa quantité.",
      ],
      [
        "quantity 0",
        [["variant", set.variantId], ...rows(components.map((c, i) => ({ ...c, quantity: i === 0 ? 0 : 1 })))],
        "La quantité d&#x27;un composant doit être un nombre entier entre 1 et 99.",
      ],
      [
        "not a number",
        [
          ["variant", set.variantId],
          ["component", components[0].variant_id],
          ["quantity", "deux"],
        ],
        "entre 1 et 99.",
      ],
      ["unknown component", [["variant", set.variantId], ...base, ["add", randomUUID()]], "Composant introuvable"],
      [
        "garbage id",
        [
          ["variant", set.variantId],
          ["component", "not-an-id"],
          ["quantity", "1"],
        ],
        "Composant introuvable",
      ],
      ["unknown variant", [["variant", randomUUID()], ...base], "Coffret introuvable."],
    ];
    for (const [label, fields, message] of cases) {
      const res = await post(adminCookie, fields);
      const text = await res.text();
      expect({ label, status: res.status }).toEqual({ label, status: label === "unknown variant" ? 404 : 400 });
      expect(text, label).toContain(message);
    }
    // The composition is unchanged; saving it again (returnable flag on) answers with the stock.
    const saved = await post(adminCookie, [["variant", set.variantId], ["returnable", "on"], ...base]);
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain(`Composition enregistrée : ${await variantStock(set.variantId)} coffret(s) disponible(s)`);
    const api = await apiCall(baseURL, "GET", `/api/v1/admin/products/${set.productId}`, adminCookie);
    expect(api.json.data.variants[0].bundle).toEqual({ returnable_by_component: true, components });
  });

  it("adds and removes a component in the browser, the set's stock read-only in the product form", async () => {
    const browser = await launchBrowser();
    const context = await signedInContext(browser, baseURL, adminCookie, { viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    try {
      await page.goto(`/admin/produits?edit=${set.productId}`);
      await waitForHydration(page);
      const dialog = page.getByRole("dialog", { name: "Modifier le produit" });
      await dialog.waitFor();
      expect(await dialog.getByLabel("Stock").first().getAttribute("readonly")).not.toBeNull();
      await dialog.getByRole("link", { name: "Gérer la composition du coffret" }).click();
      const main = page.getByRole("main");
      await main.getByRole("heading", { level: 1, name: "Composition du coffret" }).waitFor();
      await waitForHydration(page);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await main.getByRole("searchbox", { name: "Rechercher un produit à ajouter" }).fill("Baume Lèvres");
      await main.getByRole("button", { name: "Rechercher", exact: true }).click();
      await main.getByRole("button", { name: "Ajouter Baume Lèvres Nourrissant" }).click();
      await main
        .getByRole("status")
        .getByText(/^Composition enregistrée : \d+ coffret\(s\) disponible\(s\)$/)
        .waitFor();
      const table = main.getByRole("region", { name: "Composants du coffret" });
      await expect.poll(() => table.getByRole("row").count()).toBe(5);
      await page.setViewportSize({ width: 390, height: 844 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await main.getByRole("button", { name: "Retirer Baume Lèvres Nourrissant" }).click();
      await expect.poll(() => table.getByRole("row").count()).toBe(4);
    } finally {
      await context.close();
      await browser.close();
    }
    const api = await apiCall(baseURL, "GET", `/api/v1/admin/products/${set.productId}`, adminCookie);
    expect(api.json.data.variants[0].bundle.components).toEqual(components);
  });

  it("needs catalog.write: a shopper gets 403, a visitor is sent to sign in", async () => {
    expect((await post(shopperCookie, [["variant", set.variantId]])).status).toBe(403);
    expect([302, 303, 401]).toContain((await post(null, [["variant", set.variantId]])).status);
    const page = `${baseURL}/admin/produits/${set.productId}/coffret`;
    expect((await fetch(page, { headers: { cookie: shopperCookie }, redirect: "manual" })).status).toBe(403);
    expect([302, 303, 401]).toContain((await fetch(page, { redirect: "manual" })).status);
  });

  describe.skipIf(!databaseUrl)("a staff role without catalog.write (PostgreSQL: staff made in the database)", () => {
    let handle: DatabaseHandle;
    beforeAll(async () => {
      handle = await openDatabase({ kind: "postgres", url: databaseUrl!, poolSize: 1 });
    });
    afterAll(async () => {
      await handle?.close();
    });

    it("is refused the page and its form with 403", async () => {
      const email = uniqueEmail("sets-logistics");
      const password = "Secret123!Aurore";
      await signUpCookie(baseURL, email, password, "Logistique");
      const [row] = await handle.db.select({ id: user.id }).from(user).where(eq(user.email, email));
      await makeStaff(handle.db, row.id, "logistics");
      const cookie = await staffCookie(baseURL, email, password);
      const page = await fetch(`${baseURL}/admin/produits/${set.productId}/coffret`, { headers: { cookie }, redirect: "manual" });
      expect(page.status).toBe(403);
      const res = await post(cookie, [["variant", set.variantId], ...rows(components)]);
      expect(res.status).toBe(403);
    });
  });
});
