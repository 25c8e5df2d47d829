import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext } from "playwright-core";
import { launchBrowser, seriousA11yViolations, signedInContext, waitForHydration } from "../../support/browser";
import { E2E_ADMIN, uniqueEmail } from "../../support/accounts";
import { signInCookie, signUpCookie } from "../../support/http-session";
import { placeOrderOverHttp } from "../../support/orders-http";
import { e2eShop } from "../../support/e2e-shop";

/**
 * Tableau de bord and Statistiques as the administrator: the four cards with their monthly
 * change, the recent orders, the top products (placeholders fill the panel), the revenue chart
 * with its figures for screen readers, and the three sections of Statistiques.
 */
const baseURL = e2eShop().baseURL;
let browser: Browser;
let adminCookie: string;
let shopperCookie: string;

function contextWith(cookie: string): Promise<BrowserContext> {
  return signedInContext(browser, baseURL, cookie, { viewport: { width: 1280, height: 900 } });
}

const hydrated = waitForHydration;

beforeAll(async () => {
  browser = await launchBrowser();
  adminCookie = await signInCookie(baseURL, E2E_ADMIN.email, E2E_ADMIN.password);
  shopperCookie = await signUpCookie(baseURL, uniqueEmail("admin-dashboard"), "Secret123!Aurore", "Alice");
  await placeOrderOverHttp(baseURL, shopperCookie);
});

afterAll(async () => {
  await browser?.close();
});

describe("Tableau de bord", () => {
  it("shows the four cards, the recent orders, the top products and the 30-day chart; passes axe", async () => {
    const context = await contextWith(adminCookie);
    const page = await context.newPage();
    try {
      await page.goto("/admin");
      await hydrated(page);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Tableau de bord");

      const cards = page.getByRole("list", { name: "Indicateurs" }).getByRole("listitem");
      expect(await cards.count()).toBe(4);
      const texts = await cards.allTextContents();
      for (const [i, label] of ["Chiffre d'affaires", "Commandes", "Produits", "Clients"].entries()) {
        expect(texts[i].startsWith(label)).toBe(true);
        expect(texts[i]).toContain("vs mois dernier");
      }
      for (const change of await page.locator("[data-change]").allTextContents()) {
        expect(change.replace(/[\u00a0\u202f]/g, " ")).toMatch(/^[+-]?\d+(\s\d{3})*,\d %$/);
      }
      expect(texts[0]).toMatch(/\d,\d\d\s€/);

      // The order placed above (the figures may be up to 10 s old, the list is never empty then).
      const recent = page.getByRole("region", { name: "Commandes récentes" });
      expect(await recent.getByRole("listitem").count()).toBeGreaterThanOrEqual(1);
      expect(await recent.getByRole("listitem").count()).toBeLessThanOrEqual(4);

      // Four rows, real products first, placeholders after.
      const top = page.getByRole("region", { name: "Produits populaires" });
      expect(await top.locator("tbody tr").count()).toBe(4);

      const chart = page.getByRole("region", { name: "Chiffre d'affaires des 30 derniers jours" });
      const image = chart.getByRole("img");
      expect(await image.count()).toBe(1);
      expect(await image.getAttribute("aria-labelledby")).toBeTruthy();
      const title = await image.locator("title").first().textContent();
      expect(title).toMatch(/^Chiffre d'affaires par jour, 30 derniers jours\./);
      // The figures for screen readers: one row per day, fr-FR dates and euros.
      const table = chart.getByRole("table", { name: "Chiffre d'affaires par jour, 30 derniers jours" });
      expect(await table.locator("tbody tr").count()).toBe(30);
      expect(await table.locator("tbody tr").last().textContent()).toMatch(/^\d{1,2} [a-zéû]+\d[\d\s]*,\d\d\s€$/);

      expect(await seriousA11yViolations(page)).toEqual([]);
      expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");

      await page.getByRole("link", { name: "Voir les statistiques" }).click();
      // Client-side navigation: the URL changes before the new page is rendered.
      await page.waitForURL(/\/admin\/statistiques$/);
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Statistiques");
    } finally {
      await context.close();
    }
  });
});

describe("Statistiques", () => {
  it("is linked from the sidebar and shows the three sections; passes axe", async () => {
    const context = await contextWith(adminCookie);
    const page = await context.newPage();
    try {
      await page.goto("/admin/commandes");
      await hydrated(page);
      const nav = page.getByRole("navigation", { name: "Sections de l'administration" });
      await nav.getByRole("link", { name: "Statistiques" }).click();
      await page.waitForURL(/\/admin\/statistiques$/);
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Statistiques");
      expect(await nav.getByRole("link", { name: "Statistiques" }).getAttribute("aria-current")).toBe("page");

      for (const name of ["Ventes par catégorie", "Ventes par mois", "Meilleures ventes"]) {
        expect(await page.getByRole("region", { name }).count()).toBe(1);
      }
      const months = page.getByRole("region", { name: "Ventes par mois" });
      expect(await months.getByRole("img").count()).toBe(1);
      // The visible table and the one for screen readers both list the 12 months.
      expect(await months.locator("tbody").first().locator("tr").count()).toBe(12);
      expect(await months.locator("table").last().locator("tbody tr").count()).toBe(12);

      expect(await seriousA11yViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("keeps visitors and shoppers out", async () => {
    for (const path of ["/admin", "/admin/statistiques"]) {
      // A visitor is sent to the team's sign-in page, to come back here (decision 066).
      const visitor = await fetch(`${baseURL}${path}`, { redirect: "manual" });
      expect(visitor.status).toBe(302);
      expect(visitor.headers.get("location")).toBe(`/admin/connexion?retour=${encodeURIComponent(path)}`);
      expect((await fetch(`${baseURL}${path}`, { headers: { cookie: shopperCookie }, redirect: "manual" })).status).toBe(403);
      const admin = await fetch(`${baseURL}${path}`, { headers: { cookie: adminCookie } });
      expect(admin.status).toBe(200);
      expect(admin.headers.get("cache-control")).toContain("no-store");
    }
  });
});
