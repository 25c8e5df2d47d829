import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser, seriousA11yViolations, signedInContext, waitForHydration } from "../../support/browser";
import { E2E_ADMIN, uniqueEmail } from "../../support/accounts";
import { signInCookie, signUpCookie } from "../../support/http-session";
import { HTTP_CONTACT, placeOrderOverHttp } from "../../support/orders-http";
import { waitForMail } from "../../support/mail";
import { e2eShop } from "../../support/e2e-shop";

/**
 * E-mails in the back-office: the administrator opens the section from the sidebar, picks a
 * template and sees its subject, its HTML in a sandboxed frame and its text version; a shopper
 * and a visitor are refused (the generic guard test also walks this route).
 */
const baseURL = e2eShop().baseURL;
const dataDir = e2eShop().dataDir;
let browser: Browser;
let adminCookie: string;
let shopperCookie: string;

beforeAll(async () => {
  browser = await launchBrowser();
  adminCookie = await signInCookie(baseURL, E2E_ADMIN.email, E2E_ADMIN.password);
  shopperCookie = await signUpCookie(baseURL, uniqueEmail("emails-shopper"), "Secret123!Aurore", "Nina");
});

afterAll(async () => {
  await browser?.close();
});

describe("E-mails (back-office)", () => {
  it("lists every template and previews the one picked, with its subject, HTML and text", async () => {
    const context = await signedInContext(browser, baseURL, adminCookie, { viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    try {
      await page.goto("/admin");
      await waitForHydration(page);
      await page.getByRole("navigation", { name: "Sections de l'administration" }).getByRole("link", { name: "E-mails" }).click();
      await page.waitForURL(/\/admin\/e-mails/);
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("E-mails");

      const list = page.getByRole("navigation", { name: "Modèles d'e-mails" });
      // Every template the shop mails (app/.server/mail/templates), the newest being the team's invitation.
      expect(await list.getByRole("link").count()).toBe(26);
      await list.getByRole("link", { name: "Annulation de commande" }).click();
      await page.waitForURL(/modele=order-cancelled/);
      await expect.poll(() => page.getByRole("heading", { level: 2 }).textContent()).toBe("Annulation de commande");
      expect(await list.getByRole("link", { name: "Annulation de commande" }).getAttribute("aria-current")).toBe("page");
      expect(await page.getByText("Objet :").locator("..").textContent()).toBe("Objet : Annulation de votre commande AUR-2026-000123");

      // The HTML, as the recipient sees it, inside a frame that runs no script.
      const frameElement = page.getByTitle("Aperçu HTML : Annulation de commande");
      expect(await frameElement.getAttribute("sandbox")).toBe("");
      const frame = page.frameLocator('iframe[title="Aperçu HTML : Annulation de commande"]');
      await expect.poll(() => frame.getByText("Bonjour Camille,").count()).toBe(1);
      expect(await frame.getByRole("link", { name: "Voir ma commande" }).getAttribute("href")).toBe(
        `${baseURL}/dashboard?tab=orders&commande=AUR-2026-000123`,
      );

      const text = await page.getByRole("region", { name: "Version texte : Annulation de commande" }).textContent();
      expect(text).toMatch(/^Bonjour Camille,\n/);
      expect(text).toContain("Votre commande AUR-2026-000123 du 24/11/2026 a bien été annulée.");
      // axe injects itself into every frame and waits forever on one that may run no script: the
      // frame (titled, checked above) leaves the page before the rest of it is checked.
      await frameElement.evaluate((el) => el.remove());
      expect(await seriousA11yViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("fits a 390 px phone", async () => {
    const context = await signedInContext(browser, baseURL, adminCookie, {
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    try {
      await page.goto("/admin/e-mails?modele=order-confirmation");
      await expect.poll(() => page.getByRole("heading", { level: 2 }).textContent()).toBe("Confirmation de commande");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    } finally {
      await context.close();
    }
  });

  it("refuses a shopper and a visitor", async () => {
    const shopper = await fetch(`${baseURL}/admin/e-mails?modele=gift-card`, { headers: { cookie: shopperCookie }, redirect: "manual" });
    expect(shopper.status).toBe(403);
    expect(await shopper.text()).not.toContain("Bonjour Léa");
    const visitor = await fetch(`${baseURL}/admin/e-mails`, { redirect: "manual" });
    expect([401, 302, 303]).toContain(visitor.status);
  });
});

describe("an order's e-mail", () => {
  it("greets the shopper by first name and its link opens that order in the account", async () => {
    const order = (await placeOrderOverHttp(baseURL, shopperCookie)) as { number: string };
    const mail = await waitForMail(dataDir, HTTP_CONTACT.email, `Confirmation de votre commande ${order.number}`);
    expect(mail).toContain("Content-Type: multipart/alternative");
    expect(mail).toContain("Content-Type: text/html");
    expect(mail).toContain("Bonjour Nina,");
    const link = mail.match(/Suivre ma commande : (\S+)/)![1];
    expect(link).toBe(`${baseURL}/dashboard?tab=orders&commande=${order.number}`);

    const context = await signedInContext(browser, baseURL, shopperCookie, {
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    try {
      await page.goto(link.slice(baseURL.length));
      await expect.poll(() => page.getByRole("dialog", { name: `Commande ${order.number}` }).count()).toBe(1);
    } finally {
      await context.close();
    }
  });
});
