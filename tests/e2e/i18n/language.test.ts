import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser, newShopContext } from "../../support/browser";
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

describe("the shop's language (decision 044)", () => {
  it("speaks French by default, with <html lang> and Content-Language saying so", async () => {
    const response = await fetch(`${baseURL}/`);
    expect(response.headers.get("content-language")).toBe("fr");
    const html = await response.text();
    expect(html).toMatch(/<html lang="fr"/);
    expect(html).toContain("Retours gratuits sous 30 jours");
  });

  it("switches to English from the footer, keeps the choice across pages, and back to French", async () => {
    await page.goto("/products");
    const footer = page.getByRole("contentinfo");
    await footer.getByLabel("Langue").selectOption("en");
    await footer.getByRole("button", { name: "Changer de langue" }).click();
    await page.waitForURL(/\/products$/);
    await expect(page.locator("html").getAttribute("lang")).resolves.toBe("en");
    expect(await footer.getByText("Free returns within 30 days").isVisible()).toBe(true);
    expect(await footer.getByRole("navigation", { name: "Help" }).isVisible()).toBe(true);

    await page.goto("/");
    await expect(page.locator("html").getAttribute("lang")).resolves.toBe("en");
    // Client-side navigation keeps the language (the messages were loaded with the document).
    await page.getByRole("contentinfo").getByRole("link", { name: "Our story" }).click();
    await page.waitForURL(/\/about$/);
    expect(await page.getByRole("contentinfo").getByText("Manage cookies").isVisible()).toBe(true);

    await page.getByRole("contentinfo").getByLabel("Language").selectOption("fr");
    await page.getByRole("contentinfo").getByRole("button", { name: "Change language" }).click();
    await page.waitForURL(/\/about$/);
    await expect(page.locator("html").getAttribute("lang")).resolves.toBe("fr");
    expect(await page.getByRole("contentinfo").getByText("Gérer les cookies").isVisible()).toBe(true);
  });

  it("keeps a French and an English copy of a shared-cached page apart", async () => {
    const english = await (await fetch(`${baseURL}/about`, { headers: { cookie: "aurore_lang=en" } })).text();
    const french = await (await fetch(`${baseURL}/about`)).text();
    const englishAgain = await (await fetch(`${baseURL}/about`, { headers: { cookie: "aurore_lang=en" } })).text();
    expect(english).toMatch(/<html lang="en"/);
    expect(french).toMatch(/<html lang="fr"/);
    expect(englishAgain).toMatch(/<html lang="en"/);
  });

  it("refuses nothing it should not: an unknown language or a foreign address back changes nothing", async () => {
    const unknown = await fetch(`${baseURL}/langue`, {
      method: "POST",
      body: new URLSearchParams({ language: "de", redirectTo: "/products" }),
      redirect: "manual",
    });
    expect(unknown.status).toBe(302);
    expect(unknown.headers.get("location")).toBe("/products");
    expect(unknown.headers.get("set-cookie")).toBeNull();
    const foreign = await fetch(`${baseURL}/langue`, {
      method: "POST",
      body: new URLSearchParams({ language: "en", redirectTo: "//evil.example/x" }),
      redirect: "manual",
    });
    expect(foreign.headers.get("location")).toBe("/");
    expect(foreign.headers.get("set-cookie")).toMatch(/aurore_lang=en/);
    const nul = await fetch(`${baseURL}/langue`, {
      method: "POST",
      body: new URLSearchParams({ language: "en\u0000", redirectTo: "/\u0000" }),
      redirect: "manual",
    });
    expect(nul.status).toBeLessThan(500);
  });
});
