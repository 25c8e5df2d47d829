/** The storefront's cart and checkout as a shopper drives them in the browser tests. */
import { expect } from "vitest";
import type { Locator, Page } from "playwright-core";

export type CatalogueProduct = { id: string; name: string; price_cents: number; stock_quantity: number; in_stock: boolean };

/** The browser cart's lines (localStorage). */
export async function cartLines(page: Page): Promise<{ product_id: string; quantity: number }[]> {
  return page.evaluate(() => {
    const raw = localStorage.getItem("aurore-cart");
    return raw ? (JSON.parse(raw) as { items: { product_id: string; quantity: number }[] }).items : [];
  });
}

/** Adds a product from its page; the button only works once the page is hydrated. */
export async function addFromProductPage(page: Page, product: { id: string }) {
  await page.goto(`/product/${product.id}`);
  const button = page.getByRole("main").getByRole("button", { name: "Ajouter au panier", exact: true }).first(); // the page's own, before related products
  await expect
    .poll(
      async () => {
        if ((await cartLines(page)).some((l) => l.product_id === product.id)) return true;
        await button.click();
        await page.waitForTimeout(200);
        return (await cartLines(page)).some((l) => l.product_id === product.id);
      },
      { timeout: 15_000, interval: 100 },
    )
    .toBe(true);
}

/**
 * The payment step's layout: at 1366 px the recap is the right column beside `leftField` (a field
 * of the payment form); at 390 px nothing scrolls sideways. Leaves the page at 1280 px.
 */
export async function expectPaymentStepLayout(page: Page, recap: Locator, leftField: Locator) {
  await page.setViewportSize({ width: 1366, height: 900 });
  const recapBox = await recap.boundingBox();
  const fieldBox = await leftField.boundingBox();
  expect(recapBox && fieldBox && recapBox.x >= fieldBox.x + fieldBox.width).toBe(true);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 900 });
}
