import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, newShopContext, signedInContext } from "../../support/browser";
import { E2E_ADMIN } from "../../support/accounts";
import { signInCookie } from "../../support/http-session";

/**
 * Layout at common screen sizes: the back-office lists fit a 1366x768 laptop (a wide table
 * scrolls inside its card, never the page, and the row actions stay in view), and the
 * storefront's home and product pages fit a 390 px phone.
 */
const baseURL = inject("baseURL");
let browser: Browser;
let adminCookie: string;

/** How far the document scrolls sideways (0 when it fits). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

beforeAll(async () => {
  browser = await launchBrowser();
  adminCookie = await signInCookie(baseURL, E2E_ADMIN.email, E2E_ADMIN.password);
});

afterAll(async () => {
  await browser?.close();
});

describe("back-office at 1366x768", () => {
  it.each([
    ["/admin/produits", "Liste des produits"],
    ["/admin/commandes", "Liste des commandes"],
    ["/admin/clients", "Liste des clients"],
  ])("%s does not scroll sideways; a table scrolls in its own region", async (path, regionName) => {
    const context = await signedInContext(browser, baseURL, adminCookie, { viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    try {
      await page.goto(path);
      await page.getByRole("heading", { level: 1 }).waitFor();
      expect(await sidewaysOverflow(page)).toBe(0);
      // An empty list shows no table; when there is one, it fits in the page's width.
      const region = page.getByRole("region", { name: regionName });
      if ((await region.count()) > 0) {
        const box = await region.boundingBox();
        expect(box).not.toBeNull();
        expect(box!.x + box!.width).toBeLessThanOrEqual(1366);
      }
    } finally {
      await context.close();
    }
  });

  it("keeps the first product's 'Supprimer' button inside the viewport", async () => {
    const context = await signedInContext(browser, baseURL, adminCookie, { viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    try {
      await page.goto("/admin/produits");
      const region = page.getByRole("region", { name: "Liste des produits" });
      await region.waitFor();
      const firstRow = region.getByRole("row").nth(1);
      const name = (await firstRow.getByRole("checkbox").getAttribute("aria-label"))!.replace(/^Sélectionner /, "");
      const remove = firstRow.getByRole("button", { name: `Supprimer ${name}`, exact: true });
      // Pinned to the right edge of the table's card: in view without scrolling the region.
      await remove.scrollIntoViewIfNeeded();
      const box = await remove.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(1366);
      const regionBox = (await region.boundingBox())!;
      expect(box!.x + box!.width).toBeLessThanOrEqual(regionBox.x + regionBox.width);
      expect(await sidewaysOverflow(page)).toBe(0);
      // The button is the one on top at its centre (not covered by the scrolled cells).
      const onTop = await page.evaluate(
        ([x, y]) => document.elementFromPoint(x, y)?.closest("button")?.getAttribute("aria-label") ?? null,
        [box!.x + box!.width / 2, box!.y + box!.height / 2] as const,
      );
      expect(onTop).toBe(`Supprimer ${name}`);
    } finally {
      await context.close();
    }
  });
});

describe("storefront at 390 px", () => {
  it("home and a product page do not scroll sideways", async () => {
    const context = await newShopContext(browser, baseURL, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    try {
      await page.goto("/");
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      expect(await sidewaysOverflow(page)).toBe(0);

      const res = await fetch(`${baseURL}/api/v1/products?page_size=1`);
      const body = (await res.json()) as { data: { id: string }[] };
      await page.goto(`/product/${body.data[0].id}`);
      await page.getByRole("button", { name: "Ajouter au panier" }).first().waitFor();
      expect(await sidewaysOverflow(page)).toBe(0);
    } finally {
      await context.close();
    }
  });
});
