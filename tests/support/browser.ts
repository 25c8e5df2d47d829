import fs from "node:fs";
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type BrowserServer,
  type Download,
  type Page,
} from "playwright-core";
import { AxeBuilder } from "@axe-core/playwright";

/** Debian's chromium, launched quietly for a closed network (see STACK.md). */
export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].filter(Boolean) as string[];
  const found = candidates.find((p) => fs.existsSync(p));
  if (!found) throw new Error("Chromium not found: apt-get install -y chromium (or set CHROMIUM_PATH)");
  return found;
}

const LAUNCH_OPTIONS = {
  headless: true,
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
  ],
};

/** A browser server the e2e global setup starts once per worker (tests/support/e2e-shop.ts). */
export async function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer({ executablePath: chromiumPath(), ...LAUNCH_OPTIONS });
}

/**
 * The browser of a test file. In the journeys, a connection to the worker's browser server:
 * starting Chromium costs a second or more on a loaded machine, connecting a few milliseconds,
 * and `close()` then closes only this file's contexts. Elsewhere (bench), a browser of its own.
 */
export async function launchBrowser(): Promise<Browser> {
  const endpoint = await workerBrowserEndpoint();
  if (endpoint) return chromium.connect(endpoint);
  return chromium.launch({ executablePath: chromiumPath(), ...LAUNCH_OPTIONS });
}

async function workerBrowserEndpoint(): Promise<string | undefined> {
  // Outside Vitest (the bench) there is no worker and nothing to inject.
  if (!process.env.VITEST_POOL_ID) return undefined;
  const { e2eShopIfAny } = await import("./e2e-shop");
  return e2eShopIfAny()?.browserEndpoint;
}

/** Serious and critical axe violations on the page, as readable lines. */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} -> ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(" | ")}`,
    );
}

/**
 * A fresh French browser context on the shop. The cookie banner keeps out of the way by a stored
 * refusal, except on pages opened with `?cookies=ask` (the tests of the banner itself).
 */
export async function newShopContext(browser: Browser, baseURL: string, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, locale: "fr-FR", ...options });
  await context.addInitScript(() => {
    if (!location.search.includes("cookies=ask")) {
      localStorage.setItem("cookie-consent", "declined");
      localStorage.setItem("cookie-consent-at", String(Date.now()));
    }
  });
  return context;
}

/** Puts a signed-in session (a Cookie header from tests/support/http-session) into a context. */
export async function addSessionCookies(context: BrowserContext, baseURL: string, cookieHeader: string): Promise<void> {
  await context.addCookies(
    cookieHeader.split("; ").map((pair) => {
      const at = pair.indexOf("=");
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: baseURL };
    }),
  );
}

/** A shop context signed in with `cookieHeader` (or a visitor's with null). */
export async function signedInContext(
  browser: Browser,
  baseURL: string,
  cookieHeader: string | null,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await newShopContext(browser, baseURL, options);
  if (cookieHeader) await addSessionCookies(context, baseURL, cookieHeader);
  return context;
}

/**
 * Waits until React has committed the hydration of the whole document: from then on every
 * element of the server's page answers clicks and keys. The entry hydrates in a transition, which
 * React renders in slices and commits at the end, so an element that already carries React's
 * fiber or props (the header's button, hydrated first) does not mean the rest answers yet: a key
 * pressed in a field of a long admin table before the commit is lost. The document's root fiber
 * says when the commit happened (its state stops being dehydrated).
 */
export async function waitForHydration(page: Page, options: { timeout?: number } = {}): Promise<void> {
  await page.waitForFunction(
    () => {
      const key = Object.keys(document).find((name) => name.startsWith("__reactContainer$"));
      if (!key) return false;
      type HostRoot = { stateNode?: { current?: { memoizedState?: { isDehydrated?: boolean } } } };
      const root = (document as unknown as Record<string, HostRoot | undefined>)[key];
      return root?.stateNode?.current?.memoizedState?.isDehydrated === false;
    },
    undefined,
    options,
  );
}

/**
 * The bytes of a finished download. `download.path()` is not available over a connection to a
 * browser server (the journeys' browsers are), so the file is read through its stream.
 */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}
