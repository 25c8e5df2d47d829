import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser, seriousA11yViolations, newShopContext, waitForHydration } from "../../support/browser";
import { e2eShop } from "../../support/e2e-shop";

const baseURL = e2eShop().baseURL;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
beforeEach(async () => {
  context = await newShopContext(browser, baseURL);
  page = await context.newPage();
});
afterEach(async () => {
  await context?.close();
});

describe("home", () => {
  it("renders every block on the server, before any JavaScript", async () => {
    const html = await (await fetch(`${baseURL}/`)).text();
    expect(html).toContain("LA BEAUTÉ SANS LIMITE");
    expect(html).toContain("Nouvelle Collection Automne");
    expect(html).toContain("BESTSELLER");
    expect(html).toMatch(/Plus de [\d\s ]+ produits/);
  });

  it("shows the hero, the category sections, the featured block, the carousel and the footer", async () => {
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "LA BEAUTÉ SANS LIMITE" }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole("link", { name: "DÉCOUVRIR" }).first().getAttribute("href")).resolves.toBe("/products");
    await expect(page.getByRole("link", { name: "NOUVEAUTÉS" }).first().getAttribute("href")).resolves.toBe("/products?sort=newest");
    for (const name of ["Parfums", "Soins Visage", "Maquillage", "Accessoires", "Soins Corps", "Cheveux"]) {
      expect(await page.getByRole("heading", { name, exact: true }).count()).toBeGreaterThan(0);
    }
    expect(await page.getByText("BESTSELLER").count()).toBeGreaterThan(0);
    const carousel = page.getByRole("region", { name: "Nos univers" });
    expect(await carousel.getByText("1 / 2").isVisible()).toBe(true);
    await carousel.getByRole("button", { name: "Suivant" }).click();
    expect(await carousel.getByText("2 / 2").isVisible()).toBe(true);
    await carousel.getByRole("button", { name: "Suivant" }).click();
    expect(await carousel.getByText("1 / 2").isVisible()).toBe(true);
    const footer = page.getByRole("contentinfo");
    expect(await footer.getByText("© 2025").count()).toBeGreaterThan(0);
    expect(await footer.getByRole("link", { name: /Instagram/ }).count()).toBe(1);
  });
});

describe("search and filters", () => {
  it("searches from the header and lands on the catalogue with the term in the address", async () => {
    await page.goto("/");
    const search = page.getByRole("combobox", { name: "Rechercher un produit" }).first();
    await search.fill("  creme  ");
    await search.press("Enter");
    await page.waitForURL(/\/products\?search=creme$/);
    await page
      .getByRole("status")
      .filter({ hasText: /produits? trouvés?/ })
      .waitFor();
    expect(await page.getByRole("link", { name: /Crème/ }).count()).toBeGreaterThan(0);
  });

  it("ignores an empty search", async () => {
    await page.goto("/products?category=parfums");
    await waitForHydration(page);
    const search = page.getByRole("combobox", { name: "Rechercher un produit" }).first();
    await search.fill("   ");
    await search.press("Enter");
    // A real search next: it lands, and one step back is the page before the empty one, so the
    // empty search went nowhere.
    await search.fill("crème");
    await search.press("Enter");
    await page.waitForURL((url) => url.searchParams.get("search") === "crème");
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get("category") === "parfums");
    expect(new URL(page.url()).pathname).toBe("/products");
    expect(new URL(page.url()).searchParams.get("search")).toBeNull();
  });

  it("filters by category and price range with the filters in the address", async () => {
    await page.goto("/products");
    await page.getByRole("heading", { name: "Tous les produits" }).waitFor();
    await page
      .getByRole("group", { name: "Catégorie" })
      .getByRole("checkbox", { name: /^Maquillage/ })
      .check();
    await page.waitForURL(/category=maquillage/);
    await page.getByRole("heading", { name: "Maquillage", level: 1 }).waitFor();
    await page.getByLabel("Prix min (€)").fill("10");
    await page.getByLabel("Prix max (€)").fill("30");
    await page.getByRole("button", { name: "Appliquer les filtres" }).click();
    await page.waitForURL(/minPrice=10.*maxPrice=30|maxPrice=30.*minPrice=10/);
    const url = new URL(page.url());
    expect(url.searchParams.get("category")).toBe("maquillage");
    const count = await page
      .getByRole("status")
      .filter({ hasText: /produits? trouvés?/ })
      .textContent();
    expect(Number(count?.match(/\d+/)?.[0])).toBeGreaterThan(0);
    await page.getByRole("link", { name: "Tout effacer" }).click();
    await page.waitForURL((u) => u.pathname === "/products" && u.search === "");
  });

  it("shows 'Aucun produit trouvé.' when nothing matches", async () => {
    await page.goto("/products?search=xqzwvk");
    expect(await page.getByText("Aucun produit trouvé.").isVisible()).toBe(true);
    expect(await page.getByText("0 produit trouvé", { exact: true }).isVisible()).toBe(true);
  });

  it("never fails on bad parameters", async () => {
    for (const qs of ["minPrice=abc&maxPrice=-4&page=0", "page=99999", `search=${"%27%3B".repeat(300)}`, "sort=evil&foo=1"]) {
      const res = await page.goto(`/products?${qs}`);
      expect(res?.status()).toBe(200);
      expect(
        await page
          .getByRole("status")
          .filter({ hasText: /produits? trouvés?/ })
          .count(),
      ).toBe(1);
    }
  });
});

describe("product and category pages", () => {
  it("opens a product from a card with its real rating, stock line and reassurance", async () => {
    await page.goto("/category/parfums");
    await page.getByRole("heading", { name: "Parfums", level: 1 }).waitFor();
    const firstLink = page.locator("main ul li a[href^='/product/']").first();
    const href = await firstLink.getAttribute("href");
    await page.goto(href!);
    const h1 = page.getByRole("heading", { level: 1 });
    expect((await h1.textContent())?.length).toBeGreaterThan(3);
    expect(await page.getByText("Livraison offerte dès 100,00 €").isVisible()).toBe(true);
    expect(await page.getByText(/Retours gratuits sous 30 jours/).count()).toBeGreaterThan(0);
    expect(await page.getByText("(128 avis)").count()).toBe(0);
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
    // A perfume sold in several sizes (a selector on the page) is a ProductGroup whose variants carry the offers.
    const grouped = (await page.getByRole("radiogroup").count()) > 0;
    expect(ld["@type"]).toBe(grouped ? "ProductGroup" : "Product");
    const offers = grouped ? ld.hasVariant.map((v: { offers: unknown }) => v.offers) : [ld.offers];
    expect(offers.length).toBeGreaterThan(grouped ? 1 : 0);
    for (const offer of offers) expect(offer.priceCurrency).toBe("EUR");
    // The rating is that of the published reviews the page lists, or none at all.
    const reviews = (await (await fetch(`${baseURL}${href!.replace("/product/", "/api/v1/products/")}/reviews`)).json()) as {
      data: { summary: { count: number; average: number } };
    };
    if (reviews.data.summary.count > 0) {
      expect(ld.aggregateRating).toMatchObject({
        reviewCount: reviews.data.summary.count,
        ratingValue: reviews.data.summary.average.toFixed(1),
      });
      expect(ld.review.length).toBeGreaterThan(0);
      await page.getByRole("heading", { name: "Avis clients", level: 2 }).waitFor();
    } else {
      expect(ld.aggregateRating).toBeUndefined();
      expect(await page.getByText("Aucun avis").count()).toBeGreaterThan(0);
    }
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toContain(href!);
  });

  it("bounds the quantity stepper by the stock", async () => {
    const res = await fetch(`${baseURL}/api/v1/products?page_size=100`);
    const { data } = (await res.json()) as { data: { id: string; stock_quantity: number }[] };
    const low = data.find((p) => p.stock_quantity >= 2 && p.stock_quantity <= 3)!;
    await page.goto(`/product/${low.id}`);
    const plus = page.getByRole("button", { name: "Augmenter la quantité" });
    for (let i = 0; i < 5; i++) if (await plus.isEnabled()) await plus.click();
    expect(await page.getByRole("spinbutton", { name: "Quantité" }).inputValue()).toBe(String(low.stock_quantity));
    expect(await plus.isDisabled()).toBe(true);
  });

  it("shows the lowest price of the 30 days before a discount, on the card and the product page", async () => {
    const { data } = (await (await fetch(`${baseURL}/api/v1/products?page_size=100`)).json()) as {
      data: { id: string; name: string; price_cents: number; original_price_cents: number | null }[];
    };
    const discounted = data.find((p) => p.original_price_cents !== null && p.original_price_cents > p.price_cents)!;
    await page.goto(`/product/${discounted.id}`);
    // Once for the product itself; the cards of related products (list items) may show their own.
    const line = page.getByText(/Prix le plus bas des 30 derniers jours : \d/).and(page.locator("xpath=//*[not(ancestor::li)]"));
    expect(await line.count()).toBe(1);
    await page.goto(`/products?search=${encodeURIComponent(discounted.name)}`);
    const card = page.locator("main li").filter({ hasText: discounted.name }).first();
    expect(await card.getByText(/Prix le plus bas des 30 derniers jours/).count()).toBe(1);
  });

  it("answers 404 with 'Produit introuvable' and a way back", async () => {
    const res = await page.goto("/product/00000000-0000-0000-0000-000000000000");
    expect(res?.status()).toBe(404);
    expect(await page.getByRole("heading", { name: "Produit introuvable" }).isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Voir tous les produits" }).getAttribute("href")).toBe("/products");
    expect((await page.goto("/product/pas-un-id"))?.status()).toBe(404);
  });

  it("answers 404 with 'Catégorie non trouvée'", async () => {
    const res = await page.goto("/category/inconnue");
    expect(res?.status()).toBe(404);
    expect(await page.getByRole("heading", { name: "Catégorie non trouvée" }).isVisible()).toBe(true);
  });

  it("resolves /boutique to the catalogue and /panier to the cart", async () => {
    await page.goto("/boutique");
    expect(new URL(page.url()).pathname).toBe("/products");
    const res = await page.goto("/panier");
    expect(res?.status()).toBe(200);
    expect(await page.getByRole("heading", { name: "Mon Panier" }).isVisible()).toBe(true);
  });
});

describe("keyboard and accessibility", () => {
  it("reaches the skip link, the search box and the categories with the keyboard only", async () => {
    await page.goto("/");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Aller au contenu" });
    expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
    const reached = new Set<string>();
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press("Tab");
      const label = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        return el ? el.getAttribute("aria-label") || el.getAttribute("name") || el.textContent?.trim() || "" : "";
      });
      reached.add(label);
    }
    expect(reached.has("search")).toBe(true);
    expect([...reached].some((l) => l.includes("Maquillage"))).toBe(true);
    expect([...reached].some((l) => l.includes("Panier"))).toBe(true);
  });

  it("has no serious or critical axe violation on home, catalogue, category and product pages", async () => {
    const product = ((await (await fetch(`${baseURL}/api/v1/products?page_size=1`)).json()) as { data: { id: string }[] }).data[0];
    for (const path of ["/", "/products", "/category/soins-visage", `/product/${product.id}`]) {
      await page.goto(path);
      const violations = await seriousA11yViolations(page);
      expect(violations, `${path}\n${violations.join("\n")}`).toEqual([]);
    }
  });
});

describe("cookie banner", () => {
  it("appears after a second and stores 'declined' when refused", async () => {
    await page.goto("/?cookies=ask");
    const banner = page.getByRole("dialog", { name: "Gestion des cookies" });
    await banner.waitFor({ state: "visible", timeout: 5000 });
    const accept = banner.getByRole("button", { name: "Accepter" });
    const decline = banner.getByRole("button", { name: "Refuser" });
    const [a, d] = [await accept.boundingBox(), await decline.boundingBox()];
    expect(Math.abs(a!.height - d!.height)).toBeLessThan(2);
    await decline.click();
    await banner.waitFor({ state: "hidden" });
    expect(await page.evaluate(() => localStorage.getItem("cookie-consent"))).toBe("declined");
    expect((await context.cookies()).length).toBe(0);
  });

  it("the close button hides it without storing a choice", async () => {
    await page.goto("/?cookies=ask");
    const banner = page.getByRole("dialog", { name: "Gestion des cookies" });
    await banner.waitFor({ state: "visible", timeout: 5000 });
    await banner.getByRole("button", { name: "Fermer" }).click();
    await banner.waitFor({ state: "hidden" });
    expect(await page.evaluate(() => localStorage.getItem("cookie-consent"))).toBeNull();
  });
});
