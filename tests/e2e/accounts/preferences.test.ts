import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser, seriousA11yViolations, signedInContext, waitForHydration } from "../../support/browser";
import { E2E_ADMIN, uniqueEmail } from "../../support/accounts";
import { signInCookie, signUpCookie } from "../../support/http-session";
import { e2eShop } from "../../support/e2e-shop";

/**
 * Préférences that take effect (docs/decisions/043-preferences-that-take-effect.md): a shopper who
 * chooses Swiss francs sees "≈ … CHF" beside the euro prices, computed with the rate the
 * administrator keeps in Paramètres; a visitor (shared-cached pages) never does. Turning off
 * "Recommandations personnalisées" removes the "Récemment consultés" shelf.
 */
const baseURL = e2eShop().baseURL;
let browser: Browser;
let adminCookie: string;
const contexts: BrowserContext[] = [];

type ApiProduct = {
  id: string;
  name: string;
  price_cents: number;
  in_stock: boolean;
  default_variant_id: string;
  variants: { id: string; price_cents: number }[];
};

async function open(cookie: string | null, width = 1280): Promise<Page> {
  const context = await signedInContext(browser, baseURL, cookie, { viewport: { width, height: 900 } });
  contexts.push(context);
  return context.newPage();
}

/** 1463 cents at 0,5 -> "7,32 CHF" written as fr-FR does (no-break space before the currency). */
function chf(cents: number, rate: number): string {
  return new Intl.NumberFormat("fr-FR", { style: "currency", currency: "CHF" }).format(Math.round(cents * rate) / 100);
}

async function setRates(page: Page, chfRate: string) {
  await page.goto("/admin/parametres");
  await waitForHydration(page);
  const form = page.getByRole("form", { name: "Taux de change indicatifs" });
  await form.getByLabel("Franc suisse (CHF)").fill(chfRate);
  await form.getByRole("button", { name: "Enregistrer les taux" }).click();
}

async function saveCurrency(page: Page, currency: string) {
  await page.goto("/dashboard?tab=preferences");
  await waitForHydration(page);
  const main = page.getByRole("main");
  await main.getByLabel("Devise").selectOption(currency);
  await main.getByRole("button", { name: "Enregistrer les préférences" }).click();
  await page.getByRole("status").filter({ hasText: "Préférences enregistrées" }).waitFor();
}

beforeAll(async () => {
  browser = await launchBrowser();
  adminCookie = await signInCookie(baseURL, E2E_ADMIN.email, E2E_ADMIN.password);
});

afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  // The published default rate again, whatever happened above.
  if (adminCookie) {
    const body = new URLSearchParams({ form: "exchange-rates", USD: "1,08", GBP: "0,85", CHF: "0,95" });
    const res = await fetch(`${baseURL}/admin/parametres`, {
      method: "POST",
      headers: { origin: baseURL, cookie: adminCookie, "content-type": "application/x-www-form-urlencoded" },
      body: body.toString(),
    });
    expect(res.status).toBe(200);
  }
  await browser?.close();
});

describe("indicative currency", () => {
  it("shows ≈ CHF beside the euro price with the rate of Paramètres, to the shopper who chose it only", async () => {
    const catalogue = (await (await fetch(`${baseURL}/api/v1/products?page_size=50&sort=price_asc`)).json()) as { data: ApiProduct[] };
    const product = catalogue.data.find((p) => p.in_stock);
    expect(product).toBeDefined();
    if (!product) return;
    const priceCents = product.variants.find((v) => v.id === product.default_variant_id)?.price_cents ?? product.price_cents;

    // The administrator: a wrong rate is explained in French, then 0,5 is saved.
    const admin = await open(adminCookie);
    await setRates(admin, "abc");
    await admin.getByText("Le taux doit être un nombre (par exemple 1,08)").waitFor();
    await setRates(admin, "0,5");
    await admin.getByRole("status").filter({ hasText: "Taux de change enregistrés" }).waitFor();

    const shopperCookie = await signUpCookie(baseURL, uniqueEmail("devise"));
    const shopper = await open(shopperCookie, 390);
    await saveCurrency(shopper, "CHF");
    await shopper.goto(`/product/${product.id}`);
    const main = shopper.getByRole("main");
    await main
      .getByText(`≈ ${chf(priceCents, 0.5)}`, { exact: true })
      .first()
      .waitFor();
    // Mobile width: no sideways scroll with the extra amount.
    expect(await shopper.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await seriousA11yViolations(shopper)).toEqual([]);

    // A visitor's page (shared-cached) shows euros only.
    const visitor = await open(null);
    await visitor.goto(`/product/${product.id}`);
    await visitor.getByRole("main").getByRole("heading", { level: 1 }).waitFor();
    expect(await visitor.getByText("≈").count()).toBe(0);

    // Back to euros: the indicative amount disappears.
    await saveCurrency(shopper, "EUR");
    await shopper.goto(`/product/${product.id}`);
    await shopper.getByRole("main").getByRole("heading", { level: 1 }).waitFor();
    expect(await shopper.getByText("≈").count()).toBe(0);
  });
});

describe("recommandations personnalisées", () => {
  it("turned off, the 'Récemment consultés' shelf is gone", async () => {
    const catalogue = (await (await fetch(`${baseURL}/api/v1/products?page_size=10`)).json()) as { data: ApiProduct[] };
    const [first, second] = catalogue.data;
    const shopper = await open(await signUpCookie(baseURL, uniqueEmail("reco")));
    await shopper.goto(`/product/${first!.id}`);
    await waitForHydration(shopper);
    // The page records the visit in an effect after hydration: wait for it, not for the header.
    await shopper.waitForFunction((id) => (localStorage.getItem("aurore-recently-viewed") ?? "").includes(id), first!.id);
    await shopper.goto(`/product/${second!.id}`);
    await shopper.getByRole("heading", { name: "Récemment consultés" }).waitFor();

    await shopper.goto("/dashboard?tab=preferences");
    await waitForHydration(shopper);
    const main = shopper.getByRole("main");
    const reco = main.getByRole("switch", { name: "Recommandations personnalisées" });
    expect(await reco.isChecked()).toBe(true);
    await reco.uncheck();
    await main.getByRole("button", { name: "Enregistrer les préférences" }).click();
    await shopper.getByRole("status").filter({ hasText: "Préférences enregistrées" }).waitFor();

    await shopper.goto(`/product/${first!.id}`);
    await waitForHydration(shopper);
    await shopper.getByRole("main").getByRole("heading", { level: 1 }).waitFor();
    expect(await shopper.getByRole("heading", { name: "Récemment consultés" }).count()).toBe(0);
    // The shelf forgets the stored visits in an effect once the page has hydrated, which can come
    // after the header's on a loaded machine: wait for it.
    await expect.poll(() => shopper.evaluate(() => localStorage.getItem("aurore-recently-viewed"))).toBeNull();
  });
});
