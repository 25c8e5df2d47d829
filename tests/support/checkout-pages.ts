/** The storefront's cart and checkout as a shopper drives them in the browser tests. */
import { expect } from "vitest";
import type { Locator, Page } from "playwright-core";
import { waitForHydration } from "./browser";

export type CatalogueProduct = { id: string; name: string; price_cents: number; stock_quantity: number; in_stock: boolean };

/** The browser cart's lines (localStorage). */
export async function cartLines(page: Page): Promise<{ product_id: string; quantity: number }[]> {
  return page.evaluate(() => {
    const raw = localStorage.getItem("aurore-cart");
    return raw ? (JSON.parse(raw) as { items: { product_id: string; quantity: number }[] }).items : [];
  });
}

/**
 * Adds one unit of a product from its page: one click once React has committed the page's
 * hydration, then waits for the line. Clicking again until the line showed (as this did before
 * it could wait for the commit) added a second unit whenever the first click was slow to land on
 * a loaded machine, and the order's total was then off by one product.
 */
export async function addFromProductPage(page: Page, product: { id: string }) {
  await page.goto(`/product/${product.id}`);
  await waitForHydration(page);
  // Already in the cart (a journey that comes back to it): it stays as it is.
  if ((await cartLines(page)).some((l) => l.product_id === product.id)) return;
  // The page's own button, before the related products'.
  await page.getByRole("main").getByRole("button", { name: "Ajouter au panier", exact: true }).first().click();
  await expect.poll(async () => (await cartLines(page)).find((l) => l.product_id === product.id)?.quantity, { timeout: 15_000 }).toBe(1);
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
