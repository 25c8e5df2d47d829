/**
 * The order-status loop in a browser (docs/decisions/007-order-status-loyalty-notifications.md):
 * the shopper's page is open; the administrator marks the order delivered (over the admin API,
 * through the order status workflow); without a reload the bell's count rises and the
 * notification is in its list; /profile then shows the points.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { addSessionCookies, launchBrowser, newShopContext } from "../../support/browser";
import { E2E_ADMIN, uniqueEmail } from "../../support/accounts";
import { signInCookie, signUpCookie } from "../../support/http-session";
import { placeOrderOverHttp, setOrderStatusOverHttp } from "../../support/orders-http";
import { e2eShop } from "../../support/e2e-shop";

const baseURL = e2eShop().baseURL;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let adminCookie: string;

beforeAll(async () => {
  browser = await launchBrowser();
  adminCookie = await signInCookie(baseURL, E2E_ADMIN.email, E2E_ADMIN.password);
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

function useSession(cookieHeader: string): Promise<void> {
  return addSessionCookies(context, baseURL, cookieHeader);
}

describe("a delivered order, live", () => {
  it("raises the bell's count without reload and credits the points shown on /profile", async () => {
    const cookie = await signUpCookie(baseURL, uniqueEmail("delivered"));
    const order = await placeOrderOverHttp(baseURL, cookie, 2);
    const points = Math.floor(order.total_cents / 100);
    expect(points).toBeGreaterThan(0);
    await useSession(cookie);

    // The live stream opens once the bell's client code has loaded (after hydration).
    const streamOpen = page.waitForResponse((res) => res.url().includes("/api/v1/notifications/stream"), { timeout: 20_000 });
    await page.goto("/products");
    const bell = page.getByRole("button", { name: /^Notifications/ });
    await bell.waitFor();
    expect((await streamOpen).status()).toBe(200);
    // The page knows when the server has subscribed it (the stream's `ready` event).
    await page.locator('[data-live="ready"]').waitFor();
    expect(await page.getByTestId("notification-badge").count()).toBe(0);
    const navigations: string[] = [];
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) navigations.push(frame.url());
    });

    const changed = await setOrderStatusOverHttp(baseURL, adminCookie, order.id, "delivered");
    expect(changed).toMatchObject({ status: 200, json: { points_credited: points } });

    const badge = page.getByTestId("notification-badge");
    await expect.poll(() => badge.textContent().catch(() => null), { timeout: 5_000 }).toBe("1");
    expect(navigations).toEqual([]);
    expect(await page.getByRole("button", { name: "Notifications (1 non lue)" }).count()).toBe(1);
    await bell.click();
    const list = page.getByRole("list", { name: "Dernières notifications" });
    await list.getByText(`Commande ${order.number} livrée`).waitFor();

    await page.goto("/profile");
    const card = page.getByRole("region", { name: "Beauty Pass" });
    await card.waitFor();
    const value = (term: string) => card.locator(`dt:text-is("${term}") + dd`).textContent();
    expect(await value("Solde")).toBe(`${points} points`);
    expect(await card.getByText(`Points gagnés pour la commande ${order.number}`).count()).toBe(1);
  });
});
