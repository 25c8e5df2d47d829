import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext } from "playwright-core";
import { launchBrowser, newShopContext, seriousA11yViolations, signedInContext, waitForHydration } from "../../support/browser";
import { E2E_ADMIN, uniqueEmail } from "../../support/accounts";
import { signInCookie, signUpCookie } from "../../support/http-session";
import { apiCall, placeOrderOverHttp } from "../../support/orders-http";
import { e2eShop } from "../../support/e2e-shop";

/**
 * Gestion des Commandes as the administrator: a shopper's order placed over HTTP is found by
 * its id prefix, its detail opens, and the status selector moves it to Livrée through the
 * order status workflow (the shopper's own API then shows it delivered).
 */
const baseURL = e2eShop().baseURL;
let browser: Browser;
let adminCookie: string;
let shopperCookie: string;
let order: { id: string; number: string; status: string };

function contextWith(cookie: string, options: Parameters<typeof newShopContext>[2] = {}): Promise<BrowserContext> {
  return signedInContext(browser, baseURL, cookie, options);
}

/** React has hydrated the back-office header (its menu button has a fiber). */
const hydrated = waitForHydration;

beforeAll(async () => {
  browser = await launchBrowser();
  adminCookie = await signInCookie(baseURL, E2E_ADMIN.email, E2E_ADMIN.password);
  shopperCookie = await signUpCookie(baseURL, uniqueEmail("admin-orders"), "Secret123!Aurore", "Alice");
  order = (await placeOrderOverHttp(baseURL, shopperCookie)) as { id: string; number: string; status: string };
});

afterAll(async () => {
  await browser?.close();
});

describe("Gestion des Commandes", () => {
  it("finds a shopper's order, shows its detail and moves it to Livrée", async () => {
    const context = await contextWith(adminCookie, { viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    try {
      const { number } = order;
      expect(number).toMatch(/^AUR-\d{4}-\d{6}$/);
      await page.goto("/admin/commandes");
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Gestion des Commandes");
      await hydrated(page);

      await page.getByRole("searchbox", { name: "Rechercher" }).fill(number);
      await page.getByRole("button", { name: "Rechercher", exact: true }).click();
      await page.waitForURL(new RegExp(`search=${number}`));
      const row = page.getByRole("row").filter({ hasText: number });
      await expect.poll(() => row.count()).toBe(1);
      expect(await row.textContent()).toContain("alice@example.com");
      expect(await row.textContent()).toContain("Lyon");
      expect(await row.locator("[data-status]").textContent()).toBe("En attente");

      // The search survives a reload (it lives in the URL).
      await page.reload();
      await hydrated(page);
      await expect.poll(() => row.count()).toBe(1);

      // The reference the back-office showed before order numbers still finds it.
      const oldReference = `#${order.id.slice(0, 8)}`;
      await page.getByRole("searchbox", { name: "Rechercher" }).fill(oldReference);
      await page.getByRole("button", { name: "Rechercher", exact: true }).click();
      await page.waitForURL(new RegExp(`search=${encodeURIComponent(oldReference)}`));
      await expect.poll(() => row.count()).toBe(1);

      await row.getByRole("button", { name: `Détails de la commande ${number}` }).click();
      const dialog = page.getByRole("dialog", { name: `Commande ${number}` });
      await expect.poll(() => dialog.getByText("Adresse de livraison").count()).toBe(1);
      const detail = (await dialog.textContent()) ?? "";
      expect(detail).toContain("alice@example.com");
      expect(detail).toContain("06 11 22 33 44");
      expect(detail).toContain("3 place Bellecour");
      expect(detail).toMatch(/1 x \d/);
      await page.keyboard.press("Escape");
      await expect.poll(() => dialog.count()).toBe(0);

      await row.getByRole("combobox", { name: `Statut de la commande ${number}` }).selectOption("delivered");
      await expect.poll(() => row.locator('[data-status="delivered"]').textContent(), { timeout: 10_000 }).toBe("Livrée");

      const mine = await apiCall(baseURL, "GET", `/api/v1/orders/${order.id}`, shopperCookie);
      expect(mine.status).toBe(200);
      expect(mine.json.data.status).toBe("delivered");
    } finally {
      await context.close();
    }
  });

  it("says when nothing matches, and passes axe", async () => {
    const context = await contextWith(adminCookie, { viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    try {
      await page.goto("/admin/commandes");
      await hydrated(page);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.goto("/admin/commandes?search=aucune-commande-zzz&status=returned");
      expect(await page.getByText("Aucune commande ne correspond à vos critères de recherche.").count()).toBe(1);
      // The sidebar: the owner may open every section.
      const nav = page.getByRole("navigation", { name: "Sections de l'administration" });
      expect(await nav.getByRole("link").allTextContents()).toEqual([
        "Tableau de bord",
        "Produits",
        "Catégories",
        "Marques",
        "Échantillons",
        "Gestion Stock",
        "Commandes",
        "Beauty Box",
        "Retours",
        "Avis",
        "Cartes cadeaux",
        "Clients",
        "Support",
        "Chat",
        "Statistiques",
        "Comptabilité",
        "Codes promo",
        "E-mails",
        "Journal d'activité",
        "Paramètres",
        // The owner's: the team (decision 066).
        "Équipe",
      ]);
      expect(await nav.getByText("Bientôt disponible").count()).toBe(0);
      expect(await page.getByText("Dernière connexion").count()).toBe(1);
      expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
    } finally {
      await context.close();
    }
  });

  it("opens and closes the drawer on a phone", async () => {
    const context = await contextWith(adminCookie, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    try {
      await page.goto("/admin/commandes");
      await hydrated(page);
      const menu = page.getByRole("button", { name: "Menu", exact: true });
      const commandes = page.getByRole("link", { name: "Commandes", exact: true });
      expect(await menu.getAttribute("aria-expanded")).toBe("false");
      expect(await commandes.isVisible()).toBe(false);
      await menu.click();
      expect(await menu.getAttribute("aria-expanded")).toBe("true");
      await expect.poll(() => commandes.isVisible()).toBe(true);
      await page.keyboard.press("Escape");
      expect(await menu.getAttribute("aria-expanded")).toBe("false");
      expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe("Menu");
      await menu.click();
      await page.getByRole("button", { name: "Fermer le menu" }).click();
      expect(await menu.getAttribute("aria-expanded")).toBe("false");
    } finally {
      await context.close();
    }
  });
});

describe("GET /api/v1/admin/orders", () => {
  it("lists, searches and details orders for the administrator only", async () => {
    const prefix = order.id.slice(0, 8);
    const list = await apiCall(baseURL, "GET", `/api/v1/admin/orders?search=${prefix}`, adminCookie);
    expect(list.status).toBe(200);
    expect(list.json.data.map((r: { id: string }) => r.id)).toEqual([order.id]);
    expect(list.json.pagination).toMatchObject({ page: 1, page_size: 20, total: 1, page_count: 1 });
    expect(list.json.data[0].number).toBe(order.number);
    const byNumber = await apiCall(baseURL, "GET", `/api/v1/admin/orders?search=${order.number}`, adminCookie);
    expect(byNumber.json.data.map((r: { id: string }) => r.id)).toEqual([order.id]);

    const detail = await apiCall(baseURL, "GET", `/api/v1/admin/orders/${order.id}`, adminCookie);
    expect(detail.status).toBe(200);
    expect(detail.json.data.number).toBe(order.number);
    expect(detail.json.data.items).toHaveLength(1);
    expect(detail.json.data.shipping_address.city).toBe("Lyon");

    expect((await apiCall(baseURL, "GET", "/api/v1/admin/orders?status=perdue", adminCookie)).status).toBe(400);
    expect((await apiCall(baseURL, "GET", "/api/v1/admin/orders/pas-un-id", adminCookie)).json.error.message).toBe("Commande introuvable");
    expect((await apiCall(baseURL, "GET", "/api/v1/admin/orders", shopperCookie)).status).toBe(403);
    expect((await apiCall(baseURL, "GET", `/api/v1/admin/orders/${order.id}`, shopperCookie)).status).toBe(403);
    expect((await apiCall(baseURL, "GET", "/api/v1/admin/orders", null)).status).toBe(401);
  });

  it("keeps visitors and shoppers out of the page", async () => {
    // A visitor is sent to the team's sign-in page, to come back here (decision 066).
    const visitor = await fetch(`${baseURL}/admin/commandes`, { redirect: "manual" });
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toBe("/admin/connexion?retour=%2Fadmin%2Fcommandes");
    expect((await fetch(`${baseURL}/admin/commandes`, { headers: { cookie: shopperCookie }, redirect: "manual" })).status).toBe(403);
    const admin = await fetch(`${baseURL}/admin/commandes`, { headers: { cookie: adminCookie } });
    expect(admin.status).toBe(200);
    expect(admin.headers.get("cache-control")).toContain("no-store");
  });
});
