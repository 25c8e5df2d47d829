import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser, newShopContext } from "../../support/browser";
import { e2eShop } from "../../support/e2e-shop";

/** The English storefront (decision 044): the shell, the shop's pages, an info page, a legal page, the 404. */
const baseURL = e2eShop().baseURL;
const ENGLISH = { cookie: "aurore_lang=en" };
let browser: Browser;
let context: BrowserContext;
let page: Page;

/** A catalog key left in a page: a message missing from the catalogs, shown as its key. */
const RAW_KEY = /\b(shop|account|checkout|common|emails)\.[a-zA-Z]+\.[a-zA-Z.]+/;

/** The page's visible HTML: without its scripts (the messages' payload holds every key by design). */
function withoutScripts(html: string): string {
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "");
}

async function englishHtml(path: string): Promise<{ status: number; html: string }> {
  const response = await fetch(`${baseURL}${path}`, { headers: ENGLISH });
  return { status: response.status, html: withoutScripts(await response.text()) };
}

async function aProduct(): Promise<{ id: string; name: string; stock_quantity: number }> {
  const { data } = (await (await fetch(`${baseURL}/api/v1/products?page_size=100`)).json()) as {
    data: { id: string; name: string; stock_quantity: number; variant_count?: number }[];
  };
  return data.find((p) => p.stock_quantity >= 3 && (p.variant_count ?? 1) <= 1) ?? data[0];
}

/** The text of the page's main landmark. */
async function mainText(p: Page = page): Promise<string> {
  return (await p.getByRole("main").innerText()).replace(/\s+/g, " ");
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

describe("the storefront in English (decision 044)", () => {
  it("shows no raw catalog key on any page it translates, and says lang=en", async () => {
    const product = await aProduct();
    const paths = [
      "/",
      "/products",
      "/products?search=xqzwvk",
      "/category/parfums",
      "/marques",
      `/product/${product.id}`,
      "/panier",
      "/favorites",
      "/about",
      "/conditions-generales",
      "/mentions-legales",
      "/politique-cookies",
      "/pas-une-page",
    ];
    for (const path of paths) {
      const { html } = await englishHtml(path);
      expect(html, path).toMatch(/<html lang="en"/);
      expect(html.match(RAW_KEY)?.[0] ?? null, path).toBeNull();
    }
  });

  it("speaks English in the header, the home page and its sections", async () => {
    await page.goto("/");
    expect(await page.locator("html").getAttribute("lang")).toBe("en");
    const header = page.getByRole("banner");
    expect(await header.getByRole("link", { name: "Skip to content" }).count()).toBe(1);
    expect(await header.getByRole("combobox", { name: "Search for a product" }).getAttribute("placeholder")).toBe(
      "Search for a perfume, a cream…",
    );
    expect(await header.getByRole("button", { name: /^My cart/ }).textContent()).toContain("(0 items)");
    expect(await header.getByRole("navigation", { name: "Categories" }).getByRole("link", { name: "All products" }).isVisible()).toBe(true);
    expect(await page.getByRole("heading", { level: 1, name: "BEAUTY WITHOUT LIMITS" }).isVisible()).toBe(true);
    expect(await page.getByRole("heading", { name: "Our best sellers" }).isVisible()).toBe(true);
    const main = await mainText();
    for (const french of ["LA BEAUTÉ SANS LIMITE", "Ajouter au panier", "Voir tout", "Nos univers", "Programme fidélité", "Aucun avis"]) {
      expect(main, french).not.toContain(french);
    }
  });

  it("filters, sorts and counts the catalogue in English, with a way out of an empty result", async () => {
    await page.goto("/products");
    expect(await page.getByRole("heading", { level: 1, name: "All products" }).isVisible()).toBe(true);
    expect(await page.getByRole("status").first().textContent()).toMatch(/^\d[\d,]* products? found$/);
    const filters = page.getByRole("search", { name: "Filter products" }).first();
    expect(await filters.getByRole("combobox", { name: "Sort by" }).isVisible()).toBe(true);
    expect(await filters.getByRole("group", { name: "Availability" }).count()).toBeGreaterThan(0);
    const main = await mainText();
    for (const french of ["produits trouvés", "Trier par", "Appliquer les filtres", "Prix personnalisé", "Ajouter au panier"]) {
      expect(main, french).not.toContain(french);
    }

    await page.goto("/products?search=xqzwvk");
    expect(await page.getByText("No products found.").isVisible()).toBe(true);
    expect(await page.getByRole("status").first().textContent()).toBe("0 products found");
  });

  it("sells a product in English: stock, delivery date, quantity, add to cart, the cart page", async () => {
    const product = await aProduct();
    await page.goto(`/product/${product.id}`);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(product.name);
    expect(await mainText()).toMatch(/In stock \(\d+ available\)|Only \d+ left in stock/);
    // The delivery day in English: "Delivered from Tuesday 1 December in mainland France".
    expect(await page.getByText(/Delivered from [A-Z][a-z]+day \d{1,2} [A-Z][a-z]+ in mainland France/).count()).toBe(1);
    expect(await page.getByRole("heading", { name: "Customer reviews" }).isVisible()).toBe(true);
    const main = await mainText();
    for (const french of ["Ajouter au panier", "Livré à partir du", "Avis clients", "Retours gratuits", "Paiement sécurisé", "Quantité"]) {
      expect(main, french).not.toContain(french);
    }

    // The product's own button comes before the related products' cards.
    await page.getByRole("button", { name: "Add to cart" }).first().click();
    await expect.poll(() => page.getByRole("status").last().textContent()).toContain("Added to cart");
    await expect
      .poll(() =>
        page
          .getByRole("banner")
          .getByRole("button", { name: /^My cart/ })
          .textContent(),
      )
      .toContain("(1 item)");

    await page.goto("/panier");
    expect(await page.getByRole("heading", { level: 1, name: "My cart" }).isVisible()).toBe(true);
    // The cart lives in the browser: its lines show once the page has hydrated.
    await expect
      .poll(() =>
        page
          .getByRole("list", { name: "Cart items" })
          .getByRole("button", { name: new RegExp(`^Remove ${product.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}.* from the cart$`) })
          .count(),
      )
      .toBe(1);
    const summary = page.getByRole("complementary", { name: "Summary" });
    expect(await summary.getByText("Subtotal").isVisible()).toBe(true);
    expect(await summary.getByRole("link", { name: "Checkout" }).isVisible()).toBe(true);
    const cartMain = await mainText();
    for (const french of ["Sous-total", "Vider le panier", "Commander", "Votre panier est conservé"]) {
      expect(cartMain, french).not.toContain(french);
    }
  });

  it("says an unknown address is not found, in English", async () => {
    const { status, html } = await englishHtml("/pas-une-page");
    expect(status).toBe(404);
    expect(html).toContain("Page not found");
    expect(html).toContain("The page you are looking for does not exist or has moved.");
    expect(html).not.toContain("Page introuvable");
  });

  it("shows an information page in English", async () => {
    await page.goto("/about");
    expect(await page.getByRole("heading", { level: 1, name: "Our story" }).isVisible()).toBe(true);
    expect(await page.getByRole("heading", { name: "Our values" }).isVisible()).toBe(true);
    const main = await mainText();
    for (const french of ["Nos valeurs", "Notre mission", "Rejoignez notre newsletter", "S'abonner"]) {
      expect(main, french).not.toContain(french);
    }
  });

  it("keeps a legal text in French, marked lang=fr, under an English heading and notice", async () => {
    await page.goto("/conditions-generales");
    expect(await page.getByRole("heading", { level: 1, name: "Terms and conditions of sale" }).isVisible()).toBe(true);
    expect(await page.getByRole("note").first().textContent()).toBe(
      "This page is available in French only; the French version is the binding one.",
    );
    expect(await page.getByRole("heading", { name: "Contents" }).isVisible()).toBe(true);
    // The binding French body is there, and says it is French.
    const body = page.locator('main [lang="fr"]');
    expect(await body.count()).toBeGreaterThan(0);
    expect(await body.last().innerText()).toMatch(/[éèà]/);

    // In French, no notice and no lang mark: the page's own language.
    const french = withoutScripts(await (await fetch(`${baseURL}/conditions-generales`)).text());
    expect(french).toContain("Conditions générales de vente");
    expect(french).not.toContain("available in French only");
    const frenchMain = french.slice(french.indexOf("<main"), french.indexOf("</main>"));
    expect(frenchMain).toContain("Sommaire");
    expect(frenchMain).not.toContain('lang="fr"');
  });
});
