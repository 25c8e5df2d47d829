import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser, seriousA11yViolations, signedInContext } from "../../support/browser";
import { uniqueEmail } from "../../support/accounts";
import { signUpCookie } from "../../support/http-session";
import { apiCall, HTTP_ADDRESS } from "../../support/orders-http";
import { addFromProductPage } from "../../support/checkout-pages";
import { e2eShop } from "../../support/e2e-shop";

/**
 * VAT by destination at checkout (decision 063): a shopper delivered to Geneva (an export) and
 * one delivered to Fort-de-France (an overseas department) see the lines and totals without
 * French VAT and "Droits et taxes locales à la charge du destinataire", pay that, and the order
 * keeps its regime; the invoice is issued without French VAT.
 */
const baseURL = e2eShop().baseURL;
let browser: Browser;

type ApiProduct = {
  id: string;
  name: string;
  price_cents: number;
  stock_quantity: number;
  in_stock: boolean;
  default_variant_id: string;
  variants: { id: string; price_cents: number }[];
};

async function product(): Promise<ApiProduct> {
  const catalogue = (await (await fetch(`${baseURL}/api/v1/products?page_size=100&sort=price_asc`)).json()) as { data: ApiProduct[] };
  const found = catalogue.data
    .map((p) => ({ ...p, price_cents: p.variants.find((v) => v.id === p.default_variant_id)?.price_cents ?? p.price_cents }))
    .find((p) => p.in_stock && p.stock_quantity >= 5 && p.price_cents >= 2000 && p.price_cents < 6000 && p.variants.length === 1);
  if (!found) throw new Error("no product to buy");
  return found;
}

/** round(TTC / 1.2): what an export pays of a French catalogue price. */
const withoutFrenchVat = (cents: number) => Math.floor((2 * cents * 10_000 + 12_000) / 24_000);
const euros = (cents: number) => (cents / 100).toFixed(2).replace(".", ",");

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe("checkout outside the French VAT territory", () => {
  for (const destination of [
    { label: "Genève", address: { city: "Genève", postal_code: "1204", country: "Suisse" }, regime: "export" },
    { label: "Fort-de-France", address: { city: "Fort-de-France", postal_code: "97200", country: "France" }, regime: "overseas" },
  ]) {
    it(`charges an order to ${destination.label} without French VAT, and says who pays duties`, async () => {
      const item = await product();
      const cookie = await signUpCookie(baseURL, uniqueEmail("tva"), "Secret123!Aurore", "Alice");
      const address = { ...HTTP_ADDRESS, address_line_1: "3 rue du Port", ...destination.address };
      expect((await apiCall(baseURL, "POST", "/api/v1/addresses", cookie, address)).status).toBe(201);
      const context = await signedInContext(browser, baseURL, cookie, { viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      const unit = withoutFrenchVat(item.price_cents);
      try {
        await addFromProductPage(page, item);
        await page.goto("/checkout");
        const main = page.getByRole("main");
        await main.getByRole("heading", { level: 2, name: "1. Livraison" }).waitFor();
        await main.getByLabel("Téléphone").fill("06 12 34 56 78");
        const summary = main.getByRole("region", { name: "Récapitulatif" });
        await summary.getByText("Prix hors TVA française").waitFor();
        await summary.getByText("Droits et taxes locales à la charge du destinataire").waitFor();
        await expect.poll(() => summary.innerText()).toContain(euros(unit));
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        expect(await seriousA11yViolations(page)).toEqual([]);

        await main.getByRole("button", { name: "Continuer vers le paiement" }).click();
        await main.getByRole("heading", { level: 2, name: "2. Paiement" }).waitFor();
        const recap = main.getByRole("region", { name: "Récapitulatif de votre commande" });
        await recap.getByText("Droits et taxes locales à la charge du destinataire").waitFor();
        await main.getByLabel("Titulaire de la carte").fill("Alice Martin");
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

      const list = await apiCall(baseURL, "GET", "/api/v1/orders", cookie);
      const [placed] = list.json.data as {
        id: string;
        total_cents: number;
        shipping_cents: number;
        tax_cents: number;
        items: { unit_price_cents: number }[];
        vat_treatment: { regime: string; prices_include_french_vat: boolean; notice: string | null };
        documents: { kind: string; url: string }[];
      }[];
      expect(placed.items[0].unit_price_cents).toBe(unit);
      expect(placed.total_cents).toBe(unit + placed.shipping_cents);
      expect(placed.tax_cents).toBe(0);
      expect(placed.vat_treatment).toEqual({ regime: destination.regime, prices_include_french_vat: false, notice: "duties_recipient" });
      const invoice = placed.documents.find((d) => d.kind === "invoice");
      expect(invoice).toBeDefined();
      const pdf = await fetch(`${baseURL}${invoice!.url}`, { headers: { cookie } });
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get("content-type")).toContain("application/pdf");
    });
  }
});
