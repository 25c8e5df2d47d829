import { beforeEach, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { seriousA11yViolations } from "../../support/browser";
import { shopPages } from "../../support/shop-pages";

const shop = shopPages();
let page: Page;

const searchBox = () => page.getByRole("combobox", { name: "Rechercher un produit" });
const suggestions = () => page.getByRole("listbox", { name: "Suggestions" });

describe("search as you type, desktop", () => {
  beforeEach(async () => {
    page = await shop.open({ viewport: { width: 1280, height: 900 } });
  });

  it("suggests a misspelt brand and its products, and opens the one chosen with the keyboard", async () => {
    await page.goto("/");
    const box = searchBox();
    await box.click();
    // "Célestine" typed without its accent and with a letter missing.
    await box.pressSequentially("celestne", { delay: 40 });
    await suggestions().waitFor();
    await expect.poll(() => box.getAttribute("aria-expanded")).toBe("true");
    await suggestions().getByRole("group", { name: "Marques" }).getByRole("option", { name: "Maison Célestine" }).waitFor();
    const products = suggestions().getByRole("group", { name: "Produits" }).getByRole("option");
    await expect.poll(() => products.count()).toBeGreaterThan(0);
    expect(await products.first().innerText()).toMatch(/Maison Célestine · \d+,\d{2}\s€/);
    // The corrected word is highlighted in the brand name.
    expect(await suggestions().locator("mark").first().innerText()).toBe("Célestine");

    await box.press("ArrowDown");
    const first = products.first();
    await expect.poll(() => first.getAttribute("aria-selected")).toBe("true");
    expect(await box.getAttribute("aria-activedescendant")).toBe(await first.getAttribute("id"));
    const name = (await first.locator("span span").first().innerText()).trim();
    await box.press("Enter");
    await page.waitForURL(/\/product\/[0-9a-f-]{36}/);
    await page.getByRole("heading", { level: 1, name }).waitFor();
  });

  it("moves with the arrows, closes on Escape and searches on Enter when no suggestion is active", async () => {
    await page.goto("/products");
    const box = searchBox();
    await box.click();
    await box.pressSequentially("mascarra", { delay: 40 });
    await suggestions().waitFor();
    const options = suggestions().getByRole("option");
    await expect.poll(() => options.count()).toBeGreaterThan(1);
    await box.press("ArrowDown");
    await box.press("ArrowDown");
    await expect.poll(() => options.nth(1).getAttribute("aria-selected")).toBe("true");
    await box.press("ArrowUp");
    await expect.poll(() => options.first().getAttribute("aria-selected")).toBe("true");
    await box.press("Escape");
    await expect.poll(() => box.getAttribute("aria-expanded")).toBe("false");
    expect(await suggestions().isHidden()).toBe(true);
    expect(await box.inputValue()).toBe("mascarra");

    // The misspelt word still finds the product once searched.
    await box.press("Enter");
    await page.waitForURL(/\/products\?search=mascarra$/);
    await expect.poll(() => page.getByRole("link", { name: /Mascara/ }).count()).toBeGreaterThan(0);
  });

  it("works as a plain search form without JavaScript", async () => {
    await page.context().close();
    page = await shop.open({ javaScriptEnabled: false });
    await page.goto("/");
    await searchBox().fill("parfun");
    await searchBox().press("Enter");
    await page.waitForURL(/\/products\?search=parfun$/);
    await expect.poll(() => page.getByRole("link", { name: /Parfum/ }).count()).toBeGreaterThan(0);
  });
});

describe("search as you type, phone", () => {
  beforeEach(async () => {
    page = await shop.open({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  });

  it("shows the search in the header without opening the menu, and its suggestions pass axe", async () => {
    await page.goto("/");
    const box = searchBox();
    expect(await box.isVisible()).toBe(true);
    const bounds = await box.boundingBox();
    expect(bounds!.x).toBeGreaterThanOrEqual(0);
    expect(bounds!.x + bounds!.width).toBeLessThanOrEqual(390);
    await box.click();
    await box.pressSequentially("creme", { delay: 40 });
    await suggestions().waitFor();
    await expect.poll(() => suggestions().getByRole("option").count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});
