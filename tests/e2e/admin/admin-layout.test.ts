import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import type { Browser, Locator, Page } from "playwright-core";
import { launchBrowser, newShopContext, signedInContext } from "../../support/browser";
import { E2E_ADMIN } from "../../support/accounts";
import { signInCookie, signUpCookie } from "../../support/http-session";
import { apiCall, HTTP_CARD, HTTP_CONTACT } from "../../support/orders-http";
import { e2eShop } from "../../support/e2e-shop";

/**
 * Layout at common screen sizes: the back-office lists fit a 1366x768 laptop (a wide table
 * scrolls inside its card, never the page, and the row actions stay in view), and the
 * storefront's home and product pages fit a 390 px phone.
 */
const baseURL = e2eShop().baseURL;
let browser: Browser;
let adminCookie: string;

/** How far the document scrolls sideways (0 when it fits). */
const sidewaysOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/**
 * The row action is in the viewport, inside its table's card, and the element on top at its
 * centre (not covered by the cells that scroll under the pinned column); the page still does
 * not scroll sideways.
 */
async function expectActionReachable(page: Page, region: Locator, action: Locator, name: string) {
  await action.scrollIntoViewIfNeeded();
  const box = await action.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(1366);
  const regionBox = (await region.boundingBox())!;
  expect(box!.x + box!.width).toBeLessThanOrEqual(regionBox.x + regionBox.width);
  expect(await sidewaysOverflow(page)).toBe(0);
  const onTop = await page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.closest("button, a")?.getAttribute("aria-label") ?? null, [
    box!.x + box!.width / 2,
    box!.y + box!.height / 2,
  ] as const);
  expect(onTop).toBe(name);
}

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
    ["/admin/categories", "Liste des catégories"],
    ["/admin/promotions", "Liste des codes promo"],
    ["/admin/cartes-cadeaux", "Liste des cartes cadeaux"],
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
      await expectActionReachable(page, region, remove, `Supprimer ${name}`);
    } finally {
      await context.close();
    }
  });

  it("keeps the first category's 'Supprimer' button inside the viewport", async () => {
    const context = await signedInContext(browser, baseURL, adminCookie, { viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    try {
      await page.goto("/admin/categories");
      const region = page.getByRole("region", { name: "Liste des catégories" });
      await region.waitFor();
      const name = (await region.getByRole("rowheader").first().textContent())!;
      const remove = region.getByRole("button", { name: `Supprimer ${name}`, exact: true });
      await expectActionReachable(page, region, remove, `Supprimer ${name}`);
    } finally {
      await context.close();
    }
  });

  it("keeps a promo code's 'Désactiver' button inside the viewport", async () => {
    const code = `LARGEUR${Date.now() % 1_000_000}`;
    const created = await fetch(`${baseURL}/admin/promotions`, {
      method: "POST",
      headers: { cookie: adminCookie, origin: baseURL, "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: new URLSearchParams({ intent: "create", code, kind: "percentage", value: "10" }),
    });
    expect(created.ok).toBe(true);
    const context = await signedInContext(browser, baseURL, adminCookie, { viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    try {
      await page.goto("/admin/promotions");
      const region = page.getByRole("region", { name: "Liste des codes promo" });
      await region.waitFor();
      const disable = region.getByRole("button", { name: `Désactiver ${code}`, exact: true });
      await expectActionReachable(page, region, disable, `Désactiver ${code}`);
    } finally {
      await context.close();
    }
  });

  it("keeps a gift card's 'Désactiver' button inside the viewport", async () => {
    // A shopper buys an e-mailed gift card (nothing shipped, paid by bank card).
    const shopper = await signUpCookie(baseURL, `largeur-${randomUUID()}@example.com`);
    const order = await apiCall(
      baseURL,
      "POST",
      "/api/v1/orders",
      shopper,
      {
        contact: HTTP_CONTACT,
        card: HTTP_CARD,
        lines: [],
        gift_cards: [{ amountCents: 5000, occasion: "anniversaire", deliveryMode: "email", recipientEmail: "camille@example.com" }],
      },
      { "idempotency-key": randomUUID() },
    );
    expect(order.status, JSON.stringify(order.json)).toBe(201);
    const last4 = order.json.data.gift_cards[0].last4 as string;
    const context = await signedInContext(browser, baseURL, adminCookie, { viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    try {
      await page.goto(`/admin/cartes-cadeaux?q=${last4}`);
      const region = page.getByRole("region", { name: "Liste des cartes cadeaux" });
      await region.waitFor();
      const name = `Désactiver la carte cadeau •••• ${last4}`;
      await expectActionReachable(page, region, region.getByRole("button", { name, exact: true }), name);
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
