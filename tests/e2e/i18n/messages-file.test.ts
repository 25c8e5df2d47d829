import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser, newShopContext, waitForHydration } from "../../support/browser";
import { e2eShop } from "../../support/e2e-shop";

const baseURL = e2eShop().baseURL;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The document's pointer to its messages file. */
function pointerOf(html: string): { language: string; href: string } {
  const match = /<script type="application\/json" id="aurore-i18n">(.*?)<\/script>/s.exec(html);
  expect(match).not.toBeNull();
  return JSON.parse(match![1]) as { language: string; href: string };
}

describe("the page messages travel as one cached file per language (decision 044)", () => {
  it("names the file in the document instead of carrying the messages, and preloads it", async () => {
    const html = await (await fetch(`${baseURL}/products`, { headers: { cookie: "aurore_lang=en" } })).text();
    const pointer = pointerOf(html);
    expect(pointer.language).toBe("en");
    expect(pointer.href).toMatch(/^\/i18n\/en\.[0-9a-f]{16}\.json$/);
    expect(html).toContain(`<link rel="preload" href="${pointer.href}" as="fetch" crossorigin="anonymous"/>`);
    // A message used only by the account area is not in a catalogue page's HTML any more.
    expect(html).not.toContain("account.");

    const response = await fetch(`${baseURL}${pointer.href}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const messages = (await response.json()) as Record<string, unknown>;
    expect(messages["common.footer.promise.freeReturns"]).toBeDefined();
    expect(Object.keys(messages).some((key) => key.startsWith("emails."))).toBe(false);

    const french = pointerOf(await (await fetch(`${baseURL}/products`)).text());
    expect(french.href).toMatch(/^\/i18n\/fr\.[0-9a-f]{16}\.json$/);
    expect(french.href).not.toBe(pointer.href);
  });

  it("serves another build's address uncached, and refuses what is not a messages file", async () => {
    const stale = await fetch(`${baseURL}/i18n/en.0123456789abcdef.json`);
    expect(stale.status).toBe(200);
    expect(stale.headers.get("cache-control")).toBe("no-cache");
    for (const path of ["/i18n/de.0123456789abcdef.json", "/i18n/en.json", "/i18n/..%2Fpackage.json", "/i18n/en.%00.json"]) {
      const response = await fetch(`${baseURL}${path}`);
      expect(response.status, path).toBe(404);
    }
  });

  it("hydrates in English with the loaded messages: a client-side action answers in English", async () => {
    const context = await newShopContext(browser, baseURL);
    await context.addCookies([{ name: "aurore_lang", value: "en", url: baseURL }]);
    const page = await context.newPage();
    const loaded: string[] = [];
    page.on("response", (r) => {
      if (r.url().includes("/i18n/")) loaded.push(r.url());
    });
    await page.goto("/products");
    // A click before hydration has no handler yet: a loaded machine was seen to lose it.
    await waitForHydration(page);
    // The toast is worded in the browser, from the loaded messages.
    await page.getByRole("button", { name: "Add to cart", exact: true }).first().click();
    await page.getByText("Added to cart").first().waitFor();
    expect(loaded.length).toBeGreaterThanOrEqual(1);
    // Client-side navigation in English uses the same messages: no second download.
    await page.getByRole("contentinfo").getByRole("link", { name: "Our story" }).click();
    await page.waitForURL(/\/about$/);
    expect(await page.getByRole("contentinfo").getByText("Manage cookies").isVisible()).toBe(true);
    expect(loaded.length).toBe(1);
    await context.close();
  });
});
