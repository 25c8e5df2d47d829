import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, seriousA11yViolations, signedInContext } from "../../support/browser";
import { uniqueEmail } from "../../support/accounts";
import { signUpCookie } from "../../support/http-session";
import { apiCall, HTTP_ADDRESS } from "../../support/orders-http";
import { addFromProductPage } from "../../support/checkout-pages";
import { e2eShop } from "../../support/e2e-shop";

/**
 * A business invoice billed to the company's registered office: the shopper is delivered in Lyon,
 * picks the saved "Siège" in Paris as billing address in the business block, and the invoice is
 * made out to the company at that address. A billing address gone in the meantime is refused, and
 * the refusal shows on the select, back on Livraison.
 */
const baseURL = e2eShop().baseURL;
let browser: Browser;

type ApiProduct = { id: string; in_stock: boolean; stock_quantity: number; variants: unknown[] };

async function product(): Promise<ApiProduct> {
  const catalogue = (await (await fetch(`${baseURL}/api/v1/products?page_size=100&sort=price_asc`)).json()) as { data: ApiProduct[] };
  const found = catalogue.data.find((p) => p.in_stock && p.stock_quantity >= 5 && p.variants.length === 1);
  if (!found) throw new Error("no product to buy");
  return found;
}

async function payWithSimulatedCard(page: Page) {
  const main = page.getByRole("main");
  await main.getByRole("button", { name: "Continuer vers le paiement" }).click();
  await main.getByRole("heading", { level: 2, name: "2. Paiement" }).waitFor();
  await main.getByLabel("Titulaire de la carte").fill("Alice Martin");
  await main.getByLabel("Numéro de carte").fill("4242 4242 4242 4242");
  await main.getByLabel("Date d'expiration (MM/AA)").fill("12/39");
  await main.getByLabel("Cryptogramme (CVC)").fill("123");
  const order = main.getByRole("button", { name: "Commander avec obligation de paiement", exact: true });
  await expect.poll(() => order.isEnabled(), { timeout: 10_000 }).toBe(true);
  await order.click();
}

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe("the billing address of a business invoice", () => {
  it("bills the company's registered office among the saved addresses, and prints it on the invoice", async () => {
    const item = await product();
    const cookie = await signUpCookie(baseURL, uniqueEmail("siege"), "Secret123!Aurore", "Alice");
    const saved = async (address: Record<string, string>) => {
      const created = await apiCall(baseURL, "POST", "/api/v1/addresses", cookie, { ...HTTP_ADDRESS, ...address });
      expect(created.status).toBe(201);
      return created.json.data as { id: string };
    };
    // The first address is the default one: the checkout delivers there.
    await saved({ label: "Boutique", address_line_1: "3 place Bellecour", city: "Lyon", postal_code: "69002" });
    await saved({ label: "Siège", address_line_1: "8 rue de la Paix", city: "Paris", postal_code: "75002" });
    const former = await saved({ label: "Ancien siège", address_line_1: "5 quai du Port", city: "Marseille", postal_code: "13002" });

    const context = await signedInContext(browser, baseURL, cookie, { viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    try {
      await addFromProductPage(page, item);
      await page.goto("/checkout");
      const main = page.getByRole("main");
      await main.getByRole("heading", { level: 2, name: "1. Livraison" }).waitFor();
      await main.getByLabel("Téléphone").fill("06 12 34 56 78");
      await expect.poll(() => main.getByRole("radio", { name: /Boutique/ }).isChecked()).toBe(true);

      const box = main.getByRole("checkbox", { name: "Je souhaite une facture au nom de mon entreprise" });
      await box.focus();
      await page.keyboard.press("Space");
      expect(await box.isChecked()).toBe(true);
      const company = main.getByRole("group", { name: "Facture au nom de l'entreprise" });
      await company.getByRole("textbox", { name: "Raison sociale" }).fill("Maison Lumière SAS");
      await company.getByRole("textbox", { name: "SIREN ou SIRET" }).fill("732 829 320");
      const billing = company.getByRole("combobox", { name: "Adresse de facturation" });
      // In the delivery list's order: the default, then the newest.
      expect(await billing.locator("option").allInnerTexts()).toEqual([
        "Identique à l'adresse de livraison",
        "Boutique : 3 place Bellecour, 69002 Lyon, France",
        "Ancien siège : 5 quai du Port, 13002 Marseille, France",
        "Siège : 8 rue de la Paix, 75002 Paris, France",
      ]);
      expect(await billing.inputValue()).toBe("");
      await billing.selectOption({ label: "Ancien siège : 5 quai du Port, 13002 Marseille, France" });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(await seriousA11yViolations(page)).toEqual([]);

      // Removed (in another tab) before the order: refused, and the shopper is brought back to choose again.
      expect((await apiCall(baseURL, "DELETE", `/api/v1/addresses/${former.id}`, cookie)).status).toBeLessThan(300);
      await payWithSimulatedCard(page);
      await main.getByRole("heading", { level: 2, name: "1. Livraison" }).waitFor();
      const alert = company.getByRole("alert");
      await alert.waitFor();
      expect(await alert.innerText()).toBe("Veuillez sélectionner une adresse de facturation valide");
      const alertId = await alert.getAttribute("id");
      expect((await billing.getAttribute("aria-describedby"))?.split(" ")).toContain(alertId);
      expect(await billing.getAttribute("aria-invalid")).toBe("true");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      await billing.selectOption({ label: "Siège : 8 rue de la Paix, 75002 Paris, France" });
      expect(await company.getByRole("alert").count()).toBe(0);
      await payWithSimulatedCard(page);
      await main.getByRole("heading", { level: 1, name: "Merci pour votre commande !" }).waitFor();
    } finally {
      await context.close();
    }

    const list = await apiCall(baseURL, "GET", "/api/v1/orders", cookie);
    expect(list.status).toBe(200);
    const orders = list.json.data as { id: string; status: string; documents: { kind: string; url: string }[] }[];
    expect(orders).toHaveLength(1);
    const invoice = orders[0].documents.find((d) => d.kind === "invoice");
    expect(invoice).toBeDefined();
    const pdf = await fetch(`${baseURL}${invoice!.url}`, { headers: { cookie } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toContain("application/pdf");
    const { extractText, getDocumentProxy } = await import("unpdf");
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(await pdf.arrayBuffer())), { mergePages: true });
    expect(text).toContain("Maison Lumière SAS");
    expect(text).toContain("SIREN du client : 732 829 320");
    // Billed to the registered office, delivered to the shop in Lyon.
    const billedFrom = text.indexOf("Adresse de facturation");
    const deliveredFrom = text.indexOf("Adresse de livraison");
    expect(billedFrom).toBeGreaterThan(-1);
    expect(deliveredFrom).toBeGreaterThan(billedFrom);
    expect(text.slice(billedFrom, deliveredFrom)).toContain("8 rue de la Paix");
    expect(text.slice(billedFrom, deliveredFrom)).not.toContain("Bellecour");
    expect(text.slice(deliveredFrom)).toContain("3 place Bellecour");
  });
});
