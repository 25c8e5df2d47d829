import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser, newShopContext } from "../../support/browser";
import { e2eShop } from "../../support/e2e-shop";

/** The bodies of the information pages in English (issue 21, decision 044). */
const baseURL = e2eShop().baseURL;
let browser: Browser;
let context: BrowserContext;
let page: Page;

/** A catalog key left in a page: a message missing from the catalogs, shown as its key. */
const RAW_KEY = /\b(shop|account|checkout|common|emails)\.[a-zA-Z]+\.[a-zA-Z.]+/;

/** The page's visible HTML: without its scripts (the messages' payload holds every key by design). */
function withoutScripts(html: string): string {
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "");
}

async function mainText(): Promise<string> {
  return (await page.getByRole("main").innerText()).replace(/\s+/g, " ");
}

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
beforeEach(async () => {
  context = await newShopContext(browser, baseURL, { locale: "en-GB" });
  await context.addCookies([{ name: "aurore_lang", value: "en", url: baseURL }]);
  page = await context.newPage();
});
afterEach(async () => {
  await context?.close();
});

describe("the information pages' bodies in English", () => {
  it("leaves no raw catalog key in the translated pages' HTML", async () => {
    for (const path of ["/livraison-retours", "/avis-clients", "/accessibilite"]) {
      const response = await fetch(`${baseURL}${path}`, { headers: { cookie: "aurore_lang=en" } });
      expect(response.status, path).toBe(200);
      const html = withoutScripts(await response.text());
      expect(html, path).toContain('<html lang="en"');
      expect(html.match(RAW_KEY)?.[0] ?? null, path).toBeNull();
    }
  });

  it("words delivery & returns in English, with the shop's figures and no French left", async () => {
    await page.goto("/livraison-retours");
    await expect.poll(() => page.locator("html").getAttribute("lang")).toBe("en");
    await expect(page.getByRole("heading", { level: 2, name: "Return a product in 4 steps" }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole("heading", { level: 2, name: "Right of withdrawal" }).isVisible()).resolves.toBe(true);
    await expect(
      page.getByRole("main").getByRole("link", { name: "terms and conditions", exact: true }).getAttribute("href"),
    ).resolves.toBe("/conditions-generales");
    await expect(page.getByRole("region", { name: "Delivery zones table" }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole("rowheader", { name: "Mainland France" }).isVisible()).resolves.toBe(true);
    const text = await mainText();
    expect(text).toMatch(/free returns for \d+ days/);
    expect(text).toContain("Home delivery, insured and tracked.");
    expect(text).toMatch(/Same-day dispatch for orders placed before \d+:00 on a working day/);
    expect(text).toContain("Opened or unsealed perfumes and cosmetics, for hygiene and safety reasons.");
    for (const french of [
      "Retourner un produit en 4 étapes",
      "Droit de rétractation",
      "Livraison à domicile, assurée et suivie.",
      "Conditions de retour",
      "Produits non repris",
      "France métropolitaine",
      "Expédition le jour même",
      "offerte dès",
      "jours ouvrés",
    ]) {
      expect(text, french).not.toContain(french);
    }
  });

  it("words the reviews policy in English, the refusal reasons included", async () => {
    await page.goto("/avis-clients");
    await expect(page.getByRole("heading", { level: 2, name: "How reviews are checked" }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole("main").getByRole("link", { name: "customer service", exact: true }).getAttribute("href")).resolves.toBe(
      "/service-client",
    );
    const text = await mainText();
    expect(text).toContain("The reviews published on Aurore come from customers who bought and received the product.");
    expect(text).toContain("Abusive, discriminatory or defamatory remarks");
    expect(text).toContain("A review is limited to 3,000 characters.");
    for (const french of ["Qui peut donner son avis", "Chaque avis est lu par notre équipe", "Propos injurieux", "Aucune contrepartie"]) {
      expect(text, french).not.toContain(french);
    }
  });

  it("words the accessibility statement in English", async () => {
    await page.goto("/accessibilite");
    await expect(page.getByRole("heading", { level: 2, name: "Known limitations" }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole("heading", { level: 3, name: "Keyboard navigation" }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole("link", { name: "Contact customer service" }).isVisible()).resolves.toBe(true);
    const text = await mainText();
    expect(text).toContain("WCAG 2.1 level AA");
    expect(text).toContain("partially compliant");
    expect(text).toContain("Online form: formulaire.defenseurdesdroits.fr");
    for (const french of [
      "Limites connues",
      "partiellement conforme",
      "Voies de recours",
      "Navigation au clavier",
      "Formulaire en ligne",
    ]) {
      expect(text, french).not.toContain(french);
    }
  });
});
