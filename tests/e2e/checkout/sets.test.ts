/**
 * A shopper buys the demo set ("Coffret routine éclat", decision 070) in the browser: its page
 * says what it contains, with links, at 1280 px and 390 px; it goes to the cart and through the
 * checkout like any product; once ordered, each of its components has one unit less and so has
 * the set's derived stock.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser, seriousA11yViolations, signedInContext, waitForHydration } from "../../support/browser";
import { E2E_ADMIN, uniqueEmail } from "../../support/accounts";
import { addFromProductPage } from "../../support/checkout-pages";
import { signInCookie, signUpCookie } from "../../support/http-session";
import { apiCall } from "../../support/orders-http";
import { e2eShop } from "../../support/e2e-shop";

type Json = Record<string, any>;
const { baseURL } = e2eShop();
const SET_NAME = "Coffret routine éclat";
let browser: Browser;
let adminCookie: string;

beforeAll(async () => {
  browser = await launchBrowser();
  adminCookie = await signInCookie(baseURL, E2E_ADMIN.email, E2E_ADMIN.password);
});

afterAll(async () => {
  await browser?.close();
});

async function stockOf(variantId: string): Promise<number> {
  const res = await apiCall(baseURL, "GET", `/api/v1/admin/variants/${variantId}/stock`, adminCookie);
  expect(res.status).toBe(200);
  return res.json.data.stock as number;
}

describe("buying a set", () => {
  it("shows what the set contains, sells it through the checkout and takes each component's stock", async () => {
    const list = await apiCall(baseURL, "GET", `/api/v1/admin/products?search=${encodeURIComponent(SET_NAME)}`, adminCookie);
    const product = (list.json.data as Json[]).find((p) => p.name === SET_NAME)!;
    const setVariant = product.variants[0].id as string;
    const components = product.variants[0].bundle.components as { variant_id: string }[];
    const before = await Promise.all(components.map((c) => stockOf(c.variant_id)));

    const cookie = await signUpCookie(baseURL, uniqueEmail("set-buyer"), "Secret123!Aurore", "Camille");
    const context = await signedInContext(browser, baseURL, cookie, { viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    try {
      await page.goto(`/product/${product.id}`);
      await waitForHydration(page);
      const contents = page.getByRole("region", { name: "Ce coffret contient :" });
      await contents.waitFor();
      const links = contents.getByRole("link");
      expect(await links.allTextContents()).toEqual([
        "1 × Gel Nettoyant Purifiant",
        "1 × Sérum Éclat Vitamine C",
        "1 × Crème Hydratante Intense · 50 ml",
      ]);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.setViewportSize({ width: 390, height: 844 });
      expect(await contents.isVisible()).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.setViewportSize({ width: 1280, height: 900 });
      // A component's link leads to its own page.
      await links.first().click();
      await page.getByRole("heading", { level: 1, name: "Gel Nettoyant Purifiant" }).waitFor();

      await addFromProductPage(page, { id: product.id as string });
      await page.goto("/checkout");
      const main = page.getByRole("main");
      await main.getByRole("heading", { level: 2, name: "1. Livraison" }).waitFor();
      await main.getByLabel("Téléphone").fill("06 12 34 56 78");
      await main.getByRole("button", { name: "Ajouter une adresse" }).click();
      const dialog = page.getByRole("dialog", { name: "Nouvelle adresse" });
      await dialog.waitFor();
      await dialog.getByRole("textbox", { name: "Nom", exact: true }).fill("Lefèvre");
      await dialog.getByRole("textbox", { name: "Adresse", exact: true }).fill("12 rue des Lilas");
      await dialog.getByLabel("Ville").fill("Lyon");
      await dialog.getByLabel("Code postal").fill("69003");
      await dialog.getByRole("button", { name: "Enregistrer l'adresse" }).click();
      await dialog.waitFor({ state: "hidden" });
      await main.getByRole("button", { name: "Continuer vers le paiement" }).click();
      await main.getByRole("heading", { level: 2, name: "2. Paiement" }).waitFor();
      await main.getByRole("region", { name: "Récapitulatif de votre commande" }).getByText(SET_NAME).first().waitFor();
      await main.getByLabel("Titulaire de la carte").fill("Camille Lefèvre");
      await main.getByLabel("Numéro de carte").fill("4242 4242 4242 4242");
      await main.getByLabel("Date d'expiration (MM/AA)").fill("12/39");
      await main.getByLabel("Cryptogramme (CVC)").fill("123");
      const order = main.getByRole("button", { name: "Commander avec obligation de paiement", exact: true });
      await expect.poll(() => order.isEnabled(), { timeout: 10_000 }).toBe(true);
      await order.click();
      await main.getByRole("heading", { level: 1, name: "Merci pour votre commande !" }).waitFor();
    } finally {
      await context.close();
    }

    const after = await Promise.all(components.map((c) => stockOf(c.variant_id)));
    expect(after).toEqual(before.map((s) => s - 1));
    expect(await stockOf(setVariant)).toBe(Math.min(...after));
  });
});
