import { beforeEach, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { seriousA11yViolations, waitForHydration } from "../../support/browser";
import { shopPages } from "../../support/shop-pages";

const shop = shopPages();
const baseURL = shop.baseURL;
let page: Page;

const countOf = async (p: Page) =>
  Number(
    (
      await p
        .getByRole("status")
        .filter({ hasText: /produits? trouvés?/ })
        .first()
        .textContent()
    )?.replace(/\D/g, ""),
  );

describe("brands", () => {
  beforeEach(async () => {
    page = await shop.open();
  });

  it("lists the brands A–Z with a letter index and opens a brand page with its products", async () => {
    await page.goto("/marques");
    await page.getByRole("heading", { name: "Nos marques de A à Z", level: 1 }).waitFor();
    const index = page.getByRole("navigation", { name: "Index des lettres" });
    expect(await index.getByRole("link", { name: "Lettre N" }).getAttribute("href")).toBe("#lettre-n");
    const letters = await page.locator("main h2").allTextContents();
    expect(letters).toEqual([...letters].sort((a, b) => a.localeCompare(b)));
    const link = page.getByRole("link", { name: /^Nuit Dorée \d+ produits?$/ });
    await link.click();
    await page.waitForURL(/\/marque\/nuit-doree$/);
    await page.getByRole("heading", { name: "Nuit Dorée", level: 1 }).waitFor();
    expect(await countOf(page)).toBeGreaterThan(0);
    const brands = await page.locator("main article").getByRole("link", { name: "Nuit Dorée" }).count();
    expect(brands).toBeGreaterThan(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it("answers 404 for an unknown brand, and the brand list through the API", async () => {
    const res = await page.goto("/marque/marque-inconnue");
    expect(res?.status()).toBe(404);
    const api = await (await fetch(`${baseURL}/api/v1/brands`)).json();
    const nuit = api.data.find((b: { slug: string }) => b.slug === "nuit-doree");
    expect(nuit).toMatchObject({ name: "Nuit Dorée", logo_url: null });
    expect(nuit.product_count).toBeGreaterThan(0);
    const doc = await (await fetch(`${baseURL}/api/v1/openapi.json`)).json();
    expect(doc.paths["/api/v1/brands"].get).toBeTruthy();
    const bad = await fetch(`${baseURL}/api/v1/products?brand=inconnue`);
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.code).toBe("unknown_brand");
    const refused = await fetch(`${baseURL}/api/v1/products?price=gratuit`);
    expect(refused.status).toBe(400);
  });
});

describe("filters with counts", () => {
  it("on a phone: opens 'Filtrer', picks a brand in the drawer, sees the chip and the count, removes it", async () => {
    page = await shop.open({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await page.goto("/products");
    await waitForHydration(page);
    const before = await countOf(page);
    // The results start at the top: the first product is on the first screen.
    const firstCard = page.locator("main article").first();
    expect((await firstCard.boundingBox())!.y).toBeLessThan(844);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.getByRole("button", { name: "Filtrer (0)" }).click();
    const drawer = page.getByRole("dialog", { name: "Filtres" });
    await drawer.waitFor();
    const brand = drawer.getByRole("checkbox", { name: /^Nuit Dorée \(\d+\)$/ });
    const label = await drawer.locator('label[for="filtre-brand-nuit-doree"]').textContent();
    const expected = Number(label?.match(/\((\d+)\)/)?.[1]);
    expect(expected).toBeGreaterThan(1);
    await brand.check();
    await page.waitForURL(/brand=nuit-doree/);
    await expect.poll(() => countOf(page)).toBe(expected);
    // The drawer stays open, focus on the box just checked, and its button gives the count.
    await expect.poll(() => drawer.getByRole("checkbox", { name: /^Nuit Dorée/ }).isChecked()).toBe(true);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("filtre-brand-nuit-doree");
    expect(await seriousA11yViolations(page)).toEqual([]);
    await drawer.getByRole("button", { name: `Voir les ${expected} produits` }).click();
    await drawer.waitFor({ state: "hidden" });

    const chip = page.getByRole("link", { name: "Retirer le filtre Marque : Nuit Dorée" });
    await chip.waitFor();
    expect(await page.getByRole("button", { name: "Filtrer (1)" }).isVisible()).toBe(true);
    await chip.click();
    await page.waitForURL((u) => u.pathname === "/products" && !u.search.includes("brand"));
    await expect.poll(() => countOf(page)).toBe(before);
    await expect.poll(() => page.getByRole("link", { name: /Retirer le filtre/ }).count()).toBe(0);

    await page.getByRole("button", { name: "Filtrer (0)" }).click();
    await drawer.waitFor();
    await page.keyboard.press("Escape");
    await drawer.waitFor({ state: "hidden" });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Filtrer (0)");
  });

  it("on a desktop: counts follow the selection, a facet keeps its other values, and the page passes axe", async () => {
    page = await shop.open();
    await page.goto("/category/maquillage?in_stock=1");
    const panel = page.getByRole("complementary", { name: "Filtres" });
    await panel.getByRole("checkbox", { name: /^En stock/ }).waitFor();
    expect(await panel.getByRole("checkbox", { name: /^En stock/ }).isChecked()).toBe(true);
    // The category is the page's: the others are links with their counts.
    expect(await panel.getByRole("link", { name: /^Parfums \(\d+\)$/ }).getAttribute("href")).toBe("/category/parfums?in_stock=1");
    const total = await countOf(page);
    const brandBoxes = panel.getByRole("group", { name: "Marque" }).getByRole("checkbox");
    const counts = (await brandBoxes.evaluateAll((els) => els.map((e) => e.parentElement?.textContent ?? ""))).map((t) =>
      Number(t.match(/\((\d+)\)/)?.[1]),
    );
    // Each product with a brand is counted under it once. Products without a brand (other files
    // add some to the shared catalogue) are in the total and under no brand.
    const listed = (await (await fetch(`${baseURL}/api/v1/products?category=maquillage&in_stock=1&page_size=100`)).json()) as {
      data: { brand_slug: string | null }[];
      pagination: { total: number };
    };
    expect(listed.pagination.total).toBe(total);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(listed.data.filter((p) => p.brand_slug !== null).length);
    await brandBoxes.first().check();
    await page.waitForURL(/brand=/);
    // Other brands stay offered with their counts (one can widen).
    await expect.poll(() => page.getByRole("link", { name: /^Retirer le filtre Marque/ }).count()).toBe(1);
    expect(await panel.getByRole("group", { name: "Marque" }).getByRole("checkbox").count()).toBe(counts.length);
    expect(await page.getByRole("link", { name: "Retirer le filtre Disponibilité : En stock" }).count()).toBe(1);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole("link", { name: "Tout effacer" }).click();
    await page.waitForURL((u) => u.pathname === "/category/maquillage" && u.search === "");
  });

  it("works without JavaScript: a plain GET form and links", async () => {
    page = await shop.open({ javaScriptEnabled: false });
    await page.goto("/products");
    await page.getByRole("checkbox", { name: /^En promotion/ }).check();
    await page.getByRole("button", { name: "Appliquer les filtres" }).click();
    await page.waitForURL(/on_sale=1/);
    expect(await page.getByRole("link", { name: "Retirer le filtre Promotions : En promotion" }).count()).toBe(1);
  });

  it("says when nothing matches and offers the way out", async () => {
    page = await shop.open();
    await page.goto("/marque/nuit-doree?price=moins-20&price=plus-100&skin=sensible&rating=4");
    await page.getByText("Aucun produit trouvé.").waitFor();
    expect(await page.getByText("0 produit trouvé", { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole("heading", { name: "Nos meilleures ventes" }).isVisible()).toBe(true);
    expect(await page.locator("section[aria-labelledby='meilleures-ventes'] article").count()).toBeGreaterThan(0);
    const wayOut = page.getByRole("main").getByRole("link", { name: "Retirer le filtre Note : 4 étoiles et plus" });
    expect(await wayOut.count()).toBeGreaterThan(0);
    expect(await wayOut.first().getAttribute("href")).toBe("/marque/nuit-doree?price=moins-20&price=plus-100&skin=sensible");
  });
});
