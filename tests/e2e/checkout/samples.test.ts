/**
 * Free samples chosen at checkout (docs/decisions/067-samples.md): the back-office creates them,
 * the order request's bad choices are refused in French (never a 500), a role without
 * catalog.write cannot change them, and a shopper picks 2 in the browser and sees them at 0 €.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Locator, Page } from "playwright-core";
import { eq } from "drizzle-orm";
import { parse } from "node-html-parser";
import { openDatabase, type DatabaseHandle } from "../../../app/.server/db/client";
import { user } from "../../../app/.server/db/schema";
import { launchBrowser, seriousA11yViolations, signedInContext } from "../../support/browser";
import { E2E_ADMIN, uniqueEmail } from "../../support/accounts";
import { addFromProductPage } from "../../support/checkout-pages";
import { signInCookie, signUpCookie } from "../../support/http-session";
import { apiCall, HTTP_ADDRESS, HTTP_CARD, HTTP_CONTACT } from "../../support/orders-http";
import { e2eShop } from "../../support/e2e-shop";
import { makeStaff, staffCookie } from "../../support/staff";

type Json = Record<string, any>;
const { baseURL, databaseUrl } = e2eShop();
const tag = randomUUID().slice(0, 6);
const NAMES = { serum: `Sérum test ${tag}`, cream: `Crème test ${tag}`, empty: `Baume épuisé ${tag}`, third: `Huile test ${tag}` };

let browser: Browser;
let adminCookie: string;
const ids: Record<keyof typeof NAMES, string> = { serum: "", cream: "", empty: "", third: "" };

/** A form post to Échantillons, as its dialogs send it. */
function postSamples(cookie: string | null, fields: Record<string, string>) {
  return fetch(`${baseURL}/admin/echantillons`, {
    method: "POST",
    headers: { origin: baseURL, "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
}

/** Each sample's id by name, read from the list's rows (each row's toggle form carries it). */
async function sampleIdsByName(): Promise<Map<string, string>> {
  const html = await (await fetch(`${baseURL}/admin/echantillons`, { headers: { cookie: adminCookie } })).text();
  const out = new Map<string, string>();
  for (const row of parse(html).querySelectorAll("tbody tr")) {
    const name = row.querySelector("th")?.childNodes[0]?.textContent.trim();
    const id = row.querySelector('input[name="sampleId"]')?.getAttribute("value");
    if (name && id) out.set(name, id);
  }
  return out;
}

async function shopper(prefix: string) {
  const email = uniqueEmail(prefix);
  const cookie = await signUpCookie(baseURL, email, "Secret123!Aurore", "Léa");
  const address = await apiCall(baseURL, "POST", "/api/v1/addresses", cookie, HTTP_ADDRESS);
  expect(address.status).toBe(201);
  return { cookie, addressId: address.json.data.id as string };
}

async function productInStock(): Promise<{ id: string; price_cents: number }> {
  const list = await apiCall(baseURL, "GET", "/api/v1/products?sort=price_desc&page_size=40", null);
  return list.json.data.find((p: Json) => p.variant_count === 1 && p.in_stock && p.stock_quantity >= 10);
}

beforeAll(async () => {
  browser = await launchBrowser();
  adminCookie = await signInCookie(baseURL, E2E_ADMIN.email, E2E_ADMIN.password);
  for (const [key, stock] of [
    ["serum", "5"],
    ["cream", "5"],
    ["empty", "0"],
    ["third", "5"],
  ] as const) {
    const res = await postSamples(adminCookie, { intent: "create", name: NAMES[key], brand: "Maison Test", stock_quantity: stock });
    expect(res.status).toBe(200);
  }
  const byName = await sampleIdsByName();
  for (const key of Object.keys(NAMES) as (keyof typeof NAMES)[]) ids[key] = byName.get(NAMES[key])!;
  expect(Object.values(ids).every(Boolean)).toBe(true);
});

afterAll(async () => {
  await browser?.close();
});

describe("the order request's samples", () => {
  let buyer: { cookie: string; addressId: string };
  let product: { id: string; price_cents: number };
  const order = (sample_ids: unknown) =>
    apiCall(
      baseURL,
      "POST",
      "/api/v1/orders",
      buyer.cookie,
      { address_id: buyer.addressId, contact: HTTP_CONTACT, card: HTTP_CARD, lines: [{ product_id: product.id, quantity: 1 }], sample_ids },
      { "idempotency-key": randomUUID() },
    );

  beforeAll(async () => {
    buyer = await shopper("echantillons-http");
    product = await productInStock();
  });

  it("refuses more than the allowance, one out of stock, an unknown id and markup, in French, with no 500", async () => {
    const over = await order([ids.serum, ids.cream, ids.third]);
    expect(over.status).toBe(400);
    expect(over.json.error).toMatchObject({
      code: "sample_over_allowance",
      message: "Vous pouvez choisir 2 échantillons offerts au maximum.",
    });
    const empty = await order([ids.empty]);
    expect(empty.status).toBe(400);
    expect(empty.json.error).toMatchObject({
      code: "sample_out_of_stock",
      message: `L'échantillon « ${NAMES.empty} » est épuisé : veuillez en choisir un autre.`,
    });
    const unknown = await order([randomUUID()]);
    expect(unknown.status).toBe(400);
    expect(unknown.json.error.message).toBe("Un échantillon choisi n'existe pas ou n'est plus proposé : veuillez revoir votre choix.");
    const twice = await order([ids.serum, ids.serum]);
    expect(twice.status).toBe(400);
    expect(twice.json.error.message).toBe("Vous avez choisi deux fois le même échantillon : veuillez revoir votre choix.");
    for (const bad of [["<script>alert(1)</script>"], "<b>tout</b>", [{ id: ids.serum }], Array.from({ length: 50 }, () => ids.serum)]) {
      const res = await order(bad);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.json)).not.toContain("<script>");
      expect(res.json.error.message).toMatch(/chantillon/);
    }
    expect((await apiCall(baseURL, "GET", "/api/v1/orders", buyer.cookie)).json.data).toHaveLength(0);
  });

  it("places the order with the 2 chosen, shown at 0 € on the order, the total unchanged", async () => {
    const placed = await order([ids.serum, ids.cream]);
    expect(placed.status).toBe(201);
    const again = await apiCall(baseURL, "GET", `/api/v1/orders/${placed.json.data.id}`, buyer.cookie);
    expect(again.status).toBe(200);
    expect(again.json.data.samples.map((s: Json) => s.name).sort((a: string, b: string) => a.localeCompare(b, "fr"))).toEqual([
      NAMES.cream,
      NAMES.serum,
    ]);
    expect(again.json.data.samples.every((s: Json) => s.added)).toBe(true);
    expect(again.json.data.items).toHaveLength(1);
    expect(again.json.data.subtotal_cents).toBe(product.price_cents);
    const adminView = await apiCall(baseURL, "GET", `/api/v1/admin/orders/${placed.json.data.id}`, adminCookie);
    expect(adminView.json.data.samples).toHaveLength(2);
  });
});

describe("Échantillons in the back-office", () => {
  it("answers bad input in French and never lets the stock go below 0", async () => {
    const html = async (res: Response) => (await res.text()).replace(/&#x27;|&#39;/g, "'");
    const negative = await postSamples(adminCookie, { intent: "create", name: "X", brand: "Y", stock_quantity: "-4" });
    expect(negative.status).toBe(400);
    const below = await postSamples(adminCookie, { intent: "adjust-stock", sampleId: ids.third, change: "-999" });
    expect(below.status).toBe(409);
    expect(await html(below)).toContain("Le stock ne peut pas devenir négatif");
    const unknown = await postSamples(adminCookie, { intent: "update", sampleId: "pas-un-id", name: "X", brand: "Y", stock_quantity: "1" });
    expect(unknown.status).toBe(404);
  });

  it("refuses a visitor and a shopper", async () => {
    const visitor = await postSamples(null, { intent: "create", name: "X", brand: "Y", stock_quantity: "1" });
    expect([302, 303, 401]).toContain(visitor.status);
    const shopperCookie = (await shopper("echantillons-intrus")).cookie;
    expect((await postSamples(shopperCookie, { intent: "adjust-stock", sampleId: ids.serum, change: "100" })).status).toBe(403);
    expect((await fetch(`${baseURL}/admin/echantillons`, { headers: { cookie: shopperCookie }, redirect: "manual" })).status).toBe(403);
  });

  describe.skipIf(!databaseUrl)("a role without catalog.write (PostgreSQL: staff made in the database)", () => {
    let handle: DatabaseHandle;
    beforeAll(async () => {
      handle = await openDatabase({ kind: "postgres", url: databaseUrl!, poolSize: 1 });
    });
    afterAll(async () => {
      await handle?.close();
    });

    it("reads the list but is refused every change with 403", async () => {
      const email = uniqueEmail("echantillons-logistique");
      const password = "Secret123!Aurore";
      await signUpCookie(baseURL, email, password, "Logistique");
      const [row] = await handle.db.select({ id: user.id }).from(user).where(eq(user.email, email));
      await makeStaff(handle.db, row.id, "logistics");
      const cookie = await staffCookie(baseURL, email, password);
      const page = await fetch(`${baseURL}/admin/echantillons`, { headers: { cookie }, redirect: "manual" });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(NAMES.serum);
      for (const fields of <Record<string, string>[]>[
        { intent: "create", name: "Intrus", brand: "Y", stock_quantity: "1" },
        { intent: "adjust-stock", sampleId: ids.serum, change: "100" },
        { intent: "deactivate", sampleId: ids.serum },
      ]) {
        expect((await postSamples(cookie, fields)).status).toBe(403);
      }
      const byName = await sampleIdsByName();
      expect(byName.has("Intrus")).toBe(false);
    });
  });
});

describe("the allowance in Paramètres", () => {
  const save = (fields: Record<string, string>) =>
    fetch(`${baseURL}/admin/parametres`, {
      method: "POST",
      headers: { origin: baseURL, cookie: adminCookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "samples", ...fields }).toString(),
      redirect: "manual",
    });

  it("refuses a number above 10 in French, and the pages promise the numbers saved", async () => {
    const refused = await save({ base: "11", expert: "3", vip: "4" });
    expect(refused.status).toBe(400);
    expect((await refused.text()).replace(/&#x27;|&#39;/g, "'")).toContain("Indiquez un nombre entier d'échantillons entre 0 et 10");
    try {
      expect((await save({ base: "3", expert: "4", vip: "5" })).status).toBe(200);
      const home = (await (await fetch(`${baseURL}/`)).text()).replace(/\u00a0|&nbsp;/g, " ");
      expect(home).toContain("3 échantillons offerts au choix");
      expect(home).toContain("(4 en Beauty Expert, 5 en VIP)");
      expect(home).not.toMatch(/surprise/i);
    } finally {
      expect((await save({ base: "2", expert: "3", vip: "4" })).status).toBe(200);
    }
  });
});

describe("Échantillons in the browser", () => {
  it("creates a sample from the dialog, a bad stock refused in French; no serious axe violation", async () => {
    const admin = await signedInContext(browser, baseURL, adminCookie);
    const page = await admin.newPage();
    await page.goto("/admin/echantillons");
    await page.getByRole("heading", { level: 1, name: "Échantillons" }).waitFor();
    await page.getByRole("navigation", { name: "Sections de l'administration" }).getByRole("link", { name: "Échantillons" }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    const name = `Brume test ${tag}`;
    const dialog = page.getByRole("dialog", { name: "Nouvel échantillon" });
    await expect
      .poll(async () => {
        await page.getByRole("button", { name: "Nouvel échantillon" }).click();
        return dialog.isVisible();
      })
      .toBe(true);
    await dialog.getByLabel("Nom", { exact: true }).fill(name);
    await dialog.getByLabel("Marque", { exact: true }).fill("Maison Test");
    await dialog.getByLabel("Stock", { exact: true }).fill("-2");
    await dialog.getByRole("button", { name: "Créer l'échantillon" }).click();
    await dialog
      .getByRole("alert")
      .getByText(/^Le stock doit être un nombre entier entre 0 et 1.000.000$/)
      .waitFor();
    await dialog.getByLabel("Stock", { exact: true }).fill("12");
    await dialog.getByRole("button", { name: "Créer l'échantillon" }).click();
    await dialog.waitFor({ state: "hidden" });
    await page.getByRole("row").filter({ hasText: name }).getByText("12", { exact: true }).waitFor();
    await admin.close();
  });
});

/** The detail button works once the page is hydrated: click until the dialog shows. */
async function openDetail(page: Page, number: string): Promise<Locator> {
  const dialog = page.getByRole("dialog", { name: `Commande ${number}` });
  const button = page.getByRole("article", { name: `Commande ${number}` }).getByRole("button", { name: "Voir le détail" });
  await expect
    .poll(
      async () => {
        if (await dialog.isVisible()) return true;
        await button.click({ timeout: 1000 }).catch(() => undefined);
        await dialog.waitFor({ timeout: 1500 }).catch(() => undefined);
        return dialog.isVisible();
      },
      { timeout: 20_000, interval: 100 },
    )
    .toBe(true);
  return dialog;
}

describe("choosing samples in the browser", () => {
  it("ticks 2 (the others then disabled), places the order and sees them at 0 € on the order page", async () => {
    const lea = await shopper("echantillons-navigateur");
    const product = await productInStock();
    const context = await signedInContext(browser, baseURL, lea.cookie);
    const page = await context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await addFromProductPage(page, product);
    await page.goto("/checkout");
    const main = page.getByRole("main");
    await main.getByRole("heading", { level: 2, name: "1. Livraison" }).waitFor();
    await main.getByRole("button", { name: "Continuer vers le paiement" }).click();
    await main.getByRole("heading", { level: 2, name: "2. Paiement" }).waitFor();

    const choice = main.getByRole("group", { name: "Vos échantillons offerts : choisissez-en 2" });
    await choice.waitFor();
    await choice.getByRole("checkbox", { name: new RegExp(NAMES.serum) }).check();
    await choice.getByText("Échantillons choisis : 1 sur 2").waitFor();
    await choice.getByRole("checkbox", { name: new RegExp(NAMES.cream) }).check();
    await choice.getByText("Vous avez choisi vos 2 échantillons : décochez-en un pour en changer.").waitFor();
    expect(await choice.getByRole("checkbox", { name: new RegExp(NAMES.third) }).isDisabled()).toBe(true);
    // Out of stock: not offered at all.
    expect(await choice.getByRole("checkbox", { name: new RegExp(NAMES.empty) }).count()).toBe(0);
    // 390 px: nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await main.getByLabel("Titulaire de la carte").fill("Léa Moreau");
    await main.getByLabel("Numéro de carte").fill(HTTP_CARD.number);
    await main.getByLabel("Date d'expiration (MM/AA)").fill("12/39");
    await main.getByLabel("Cryptogramme (CVC)").fill("123");
    const orderButton = main.getByRole("button", { name: "Commander avec obligation de paiement", exact: true });
    await expect.poll(() => orderButton.isEnabled(), { timeout: 10_000 }).toBe(true);
    await orderButton.click();
    await main.getByRole("heading", { level: 1, name: "Merci pour votre commande !" }).waitFor();

    const orders = await apiCall(baseURL, "GET", "/api/v1/orders", lea.cookie);
    const number = orders.json.data[0].number as string;
    await page.goto("/dashboard?tab=orders");
    const dialog = await openDetail(page, number);
    for (const name of [NAMES.serum, NAMES.cream]) {
      const line = dialog.getByRole("listitem").filter({ hasText: name });
      await line.getByText("Échantillon offert · Maison Test").waitFor();
      await line.getByText("0,00 €").waitFor();
    }
    await context.close();
  });
});
