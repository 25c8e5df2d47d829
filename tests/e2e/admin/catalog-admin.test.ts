import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext } from "playwright-core";
import { launchBrowser, seriousA11yViolations, signedInContext, waitForHydration } from "../../support/browser";
import { E2E_ADMIN, uniqueEmail } from "../../support/accounts";
import { signInCookie, signUpCookie } from "../../support/http-session";
import { apiCall } from "../../support/orders-http";
import { e2eShop } from "../../support/e2e-shop";

/**
 * Catégories and Support as the administrator: a category is created, renamed and deleted (and
 * followed by the storefront navigation), a category with products cannot be deleted, and a
 * shopper's ticket is moved to Résolu (the shopper's own API then shows it).
 */
const baseURL = e2eShop().baseURL;
let browser: Browser;
let adminCookie: string;
let shopperCookie: string;

function contextWith(cookie: string): Promise<BrowserContext> {
  return signedInContext(browser, baseURL, cookie, { viewport: { width: 1280, height: 900 } });
}

/** React has hydrated the back-office header (its menu button has a fiber). */
const hydrated = waitForHydration;

beforeAll(async () => {
  browser = await launchBrowser();
  adminCookie = await signInCookie(baseURL, E2E_ADMIN.email, E2E_ADMIN.password);
  shopperCookie = await signUpCookie(baseURL, uniqueEmail("admin-tickets"), "Secret123!Aurore", "Inès");
});

afterAll(async () => {
  await browser?.close();
});

describe("Catégories", () => {
  it("creates, renames and deletes a category; refuses to delete one with products", async () => {
    const context = await contextWith(adminCookie);
    const page = await context.newPage();
    const name = `Rituels ${Date.now().toString(36)}`;
    try {
      await page.goto("/admin/categories");
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Catégories");
      await hydrated(page);
      expect(await seriousA11yViolations(page)).toEqual([]);
      const nav = page.getByRole("navigation", { name: "Sections de l'administration" });
      expect(await nav.getByRole("link", { name: "Catégories" }).getAttribute("aria-current")).toBe("page");

      // Blank name: the French message, nothing posted.
      const create = page.getByRole("button", { name: "Créer la catégorie" });
      await create.click();
      await expect.poll(() => page.getByRole("alert").filter({ hasText: "Le nom de la catégorie est requis" }).count()).toBe(1);
      // A name already used (case ignored): the server's message.
      await page.getByRole("textbox", { name: "Nom de la nouvelle catégorie" }).fill("PARFUMS");
      await create.click();
      await expect.poll(() => page.getByRole("alert").filter({ hasText: "Une catégorie porte déjà ce nom" }).count()).toBe(1);

      await page.getByRole("textbox", { name: "Nom de la nouvelle catégorie" }).fill(name);
      await create.click();
      const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name, exact: true }) });
      await expect.poll(() => row.count()).toBe(1);
      const slug = name.toLowerCase().replace(" ", "-");
      expect(await row.textContent()).toContain(`/category/${slug}`);
      expect(await row.textContent()).toContain("0 produit");

      // The storefront navigation lists it at once.
      const shop = await context.newPage();
      await shop.goto("/");
      expect(await shop.getByRole("link", { name, exact: true }).first().getAttribute("href")).toBe(`/category/${slug}`);

      // Rename.
      await row.getByRole("button", { name: `Renommer ${name}` }).click();
      const renameDialog = page.getByRole("dialog", { name: "Renommer la catégorie" });
      await renameDialog.getByRole("textbox", { name: "Nouveau nom" }).fill(`${name} du soir`);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await renameDialog.getByRole("button", { name: "Renommer" }).click();
      await expect.poll(() => renameDialog.count()).toBe(0);
      const renamed = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: `${name} du soir`, exact: true }) });
      await expect.poll(() => renamed.count()).toBe(1);
      expect(await renamed.textContent()).toContain(`/category/${slug}`);

      // A category with products: refused, with the spec's message, and still listed.
      const parfums = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "Parfums", exact: true }) });
      await parfums.getByRole("button", { name: "Supprimer Parfums" }).click();
      const refuse = page.getByRole("dialog", { name: "Supprimer la catégorie" });
      expect(await refuse.getByText("Êtes-vous sûr de vouloir supprimer cette catégorie ?").count()).toBe(1);
      await refuse.getByRole("button", { name: "Supprimer", exact: true }).click();
      await expect
        .poll(() => refuse.getByRole("alert").textContent())
        .toBe("Impossible de supprimer une catégorie qui contient des produits");
      await refuse.getByRole("button", { name: "Annuler" }).click();
      expect(await parfums.count()).toBe(1);

      // The empty one: deleted after confirmation.
      await renamed.getByRole("button", { name: `Supprimer ${name} du soir` }).click();
      const confirm = page.getByRole("dialog", { name: "Supprimer la catégorie" });
      await confirm.getByRole("button", { name: "Supprimer", exact: true }).click();
      await expect.poll(() => confirm.count()).toBe(0);
      await expect.poll(() => renamed.count()).toBe(0);
      await shop.goto("/");
      expect(await shop.getByRole("link", { name: `${name} du soir`, exact: true }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it("refuses a shopper's post to the categories action", async () => {
    const body = new URLSearchParams({ intent: "create", name: "Intrus" });
    const res = await fetch(`${baseURL}/admin/categories`, {
      method: "POST",
      headers: { cookie: shopperCookie, origin: baseURL, "content-type": "application/x-www-form-urlencoded" },
      body,
      redirect: "manual",
    });
    expect(res.status).toBe(403);
  });
});

describe("Support", () => {
  it("lists a shopper's ticket and moves it to Résolu", async () => {
    const created = await apiCall(baseURL, "POST", "/api/v1/support-tickets", shopperCookie, {
      subject: "Colis abîmé",
      description: "Le flacon est arrivé fêlé.",
      category: "order",
      priority: "high",
    });
    expect(created.status).toBe(201);
    const ticket = created.json.data as { id: string; ticket_number: string };

    const context = await contextWith(adminCookie);
    const page = await context.newPage();
    try {
      await page.goto("/admin/tickets");
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Support");
      await hydrated(page);
      expect(await seriousA11yViolations(page)).toEqual([]);
      const row = page.getByRole("row").filter({ hasText: ticket.ticket_number });
      await expect.poll(() => row.count()).toBe(1);
      const text = (await row.textContent()) ?? "";
      expect(text).toContain("Colis abîmé");
      expect(text).toContain("Inès");
      expect(text).toContain("Commande");
      expect(text).toContain("Haute");
      expect(await row.locator("[data-status]").textContent()).toBe("Ouvert");

      await row.getByRole("combobox", { name: `Statut du ticket ${ticket.ticket_number}` }).selectOption("resolved");
      await expect.poll(() => row.locator('[data-status="resolved"]').textContent(), { timeout: 10_000 }).toBe("Résolu");
      const mine = await apiCall(baseURL, "GET", `/api/v1/support-tickets/${ticket.id}`, shopperCookie);
      expect(mine.json.data.status).toBe("resolved");

      // The status filter lives in the URL.
      await page.getByRole("combobox", { name: "Statut", exact: true }).selectOption("open");
      await page.waitForURL(/status=open/);
      await expect.poll(() => row.count()).toBe(0);
      await page.goto("/admin/tickets?status=resolved");
      await expect.poll(() => page.getByRole("row").filter({ hasText: ticket.ticket_number }).count()).toBe(1);
    } finally {
      await context.close();
    }
  });
});
