import { afterAll, afterEach, beforeAll } from "vitest";
import type { Browser, BrowserContext, BrowserContextOptions, Page } from "playwright-core";
import { launchBrowser, newShopContext } from "./browser";
import { e2eShop } from "./e2e-shop";

/**
 * The set-up of a browser test file on the shop, called once at the top of the file: one browser
 * for the file, a fresh shop context (French, cookie banner refused) for each page opened, every
 * context closed after its test so no state leaks between tests.
 */
export function shopPages() {
  const baseURL = e2eShop().baseURL;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });

  return {
    baseURL,
    /** A page in a new context; `options` for a phone viewport, no JavaScript... */
    async open(options: BrowserContextOptions = {}): Promise<Page> {
      if (!browser) throw new Error("shopPages().open() runs in a test or a beforeEach, once the browser has started");
      const context = await newShopContext(browser, baseURL, options);
      contexts.push(context);
      return context.newPage();
    },
  };
}
