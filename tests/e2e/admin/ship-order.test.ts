import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser, newShopContext, seriousA11yViolations, signedInContext, waitForHydration } from "../../support/browser";
import { E2E_ADMIN, uniqueEmail } from "../../support/accounts";
import { signInCookie, signUpCookie } from "../../support/http-session";
import { apiCall, placeOrderOverHttp } from "../../support/orders-http";
import { e2eShop } from "../../support/e2e-shop";

/**
 * 'Expédier' in Gestion des Commandes: a number in another carrier's format is refused in the
 * dialog, a right one ships the order; the shopper then finds the carrier, the number and the
 * tracking link in the order's detail. Changing a status to Annulée asks for confirmation first.
 */
const baseURL = e2eShop().baseURL;
let browser: Browser;
let adminCookie: string;
let shopperCookie: string;
let order: { id: string; number: string };

function contextWith(cookie: string, options: Parameters<typeof newShopContext>[2] = {}): Promise<BrowserContext> {
  return signedInContext(browser, baseURL, cookie, options);
}

beforeAll(async () => {
  browser = await launchBrowser();
  adminCookie = await signInCookie(baseURL, E2E_ADMIN.email, E2E_ADMIN.password);
  shopperCookie = await signUpCookie(baseURL, uniqueEmail("ship-order"), "Secret123!Aurore", "Inès");
  order = (await placeOrderOverHttp(baseURL, shopperCookie)) as { id: string; number: string };
});

afterAll(async () => {
  await browser?.close();
});

async function findRow(page: Page, number: string) {
  await page.goto(`/admin/commandes?search=${encodeURIComponent(number)}`);
  await waitForHydration(page);
  const row = page.getByRole("row").filter({ hasText: number });
  await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(1);
  return row;
}

describe("Expédier", () => {
  it("ships with a carrier and a checked tracking number; the shopper sees the tracking link", async () => {
    const context = await contextWith(adminCookie, { viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    try {
      const row = await findRow(page, order.number);
      await row.getByRole("button", { name: `Expédier la commande ${order.number}` }).click();
      const dialog = page.getByRole("dialog", { name: `Expédier la commande ${order.number}` });
      await dialog.waitFor();
      await dialog.getByLabel("Transporteur").selectOption({ label: "UPS" });
      await dialog.getByLabel("Numéro de suivi").fill("XY123456789FR");
      await dialog.getByRole("button", { name: "Expédier", exact: true }).click();
      await dialog.getByText("Numéro de suivi UPS invalide (exemple : 1Z999AA10123456784)").waitFor();
      expect(await dialog.getByLabel("Numéro de suivi").getAttribute("aria-invalid")).toBe("true");
      expect(await seriousA11yViolations(page)).toEqual([]);

      await dialog.getByLabel("Transporteur").selectOption({ label: "Colissimo" });
      await dialog.getByLabel("Numéro de suivi").fill("6A 1234 5678 901");
      await dialog.getByRole("button", { name: "Expédier", exact: true }).click();
      await dialog.waitFor({ state: "detached" });
      await expect.poll(() => row.locator("[data-status]").textContent(), { timeout: 10_000 }).toBe("Expédiée");
      expect(await row.getByRole("button", { name: `Expédier la commande ${order.number}` }).count()).toBe(0);
    } finally {
      await context.close();
    }

    const api = await apiCall(baseURL, "GET", `/api/v1/orders/${order.id}`, shopperCookie);
    const view = (api.json as { data: Record<string, unknown> }).data;
    expect(view).toMatchObject({
      status: "shipped",
      carrier: "Colissimo",
      tracking_number: "6A12345678901",
      tracking_url: "https://www.laposte.fr/outils/suivre-vos-envois?code=6A12345678901",
    });

    const shipment = await apiCall(baseURL, "GET", `/api/v1/admin/orders/${order.id}/ship`, adminCookie);
    expect(shipment.json).toMatchObject({ data: { status: "shipped", carrier: "Colissimo", tracking_number: "6A12345678901" } });
    expect((await apiCall(baseURL, "GET", `/api/v1/admin/orders/${order.id}/ship`, shopperCookie)).status).toBe(403);
    const wrong = await apiCall(baseURL, "POST", `/api/v1/admin/orders/${order.id}/ship`, adminCookie, {
      carrier: "ups",
      tracking_number: "1Z999AA10123456784",
    });
    expect(wrong).toMatchObject({
      status: 409,
      json: { error: { message: "Cette commande ne peut pas être expédiée : elle est expédiée" } },
    });

    const shopper = await contextWith(shopperCookie);
    const shopperPage = await shopper.newPage();
    try {
      await shopperPage.goto("/dashboard?tab=orders");
      const card = shopperPage.getByRole("article", { name: `Commande ${order.number}` });
      const detail = shopperPage.getByRole("dialog", { name: `Commande ${order.number}` });
      await expect
        .poll(
          async () => {
            if (await detail.isVisible()) return true;
            await card
              .getByRole("button", { name: "Voir le détail" })
              .click({ timeout: 1000 })
              .catch(() => undefined);
            await detail.waitFor({ timeout: 1500 }).catch(() => undefined);
            return detail.isVisible();
          },
          { timeout: 20_000, interval: 100 },
        )
        .toBe(true);
      await detail.getByText("Suivi du colis").waitFor();
      expect(await detail.getByText("6A12345678901").isVisible()).toBe(true);
      const link = detail.getByRole("link", { name: /Suivre mon colis/ });
      expect(await link.getAttribute("href")).toBe("https://www.laposte.fr/outils/suivre-vos-envois?code=6A12345678901");
    } finally {
      await shopper.close();
    }
  });

  it("asks before cancelling, and changes nothing when the administrator declines", async () => {
    const second = (await placeOrderOverHttp(baseURL, shopperCookie)) as { id: string; number: string };
    const context = await contextWith(adminCookie, { viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    try {
      const row = await findRow(page, second.number);
      const select = row.getByRole("combobox", { name: `Statut de la commande ${second.number}` });
      const asked: string[] = [];
      page.once("dialog", (dialog) => {
        asked.push(dialog.message());
        void dialog.dismiss();
      });
      await select.selectOption("cancelled");
      await expect.poll(() => asked.length, { timeout: 10_000 }).toBe(1);
      expect(asked[0]).toContain(`Passer la commande ${second.number} à « Annulée » ?`);
      expect(await select.inputValue()).toBe("pending");
      expect(await row.locator("[data-status]").textContent()).toBe("En attente");

      page.once("dialog", (dialog) => void dialog.accept());
      await select.selectOption("cancelled");
      await expect.poll(() => row.locator("[data-status]").textContent(), { timeout: 10_000 }).toBe("Annulée");
    } finally {
      await context.close();
    }
  });
});
