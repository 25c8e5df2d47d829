import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { downloadedBytes, launchBrowser, seriousA11yViolations, signedInContext, waitForHydration } from "../../support/browser";
import { E2E_ADMIN, uniqueEmail } from "../../support/accounts";
import { signInCookie, signUpCookie } from "../../support/http-session";
import { e2eShop } from "../../support/e2e-shop";

/**
 * Gestion des Produits as the administrator, on the seeded catalogue: stock set in a row, the
 * low-stock filter, '+ Ajouter' in bulk, the minus button, the stock CSV, the movement history,
 * a deletion with its confirmation; the storefront API sees each change at once.
 */
const baseURL = e2eShop().baseURL;
let browser: Browser;
let adminCookie: string;

const MAINS = "Crème Mains Réparatrice";
const PIEDS = "Crème Pieds Douceur à l'Urée";
const TO_DELETE = "Miroir de Poche Doré";

function contextWith(cookie: string): Promise<BrowserContext> {
  return signedInContext(browser, baseURL, cookie, { viewport: { width: 1400, height: 900 }, acceptDownloads: true });
}

const hydrated = waitForHydration;

/** A product's stock as the storefront API tells it (cache bypassed by a unique query). */
async function shopStock(name: string): Promise<number | undefined> {
  const res = await fetch(`${baseURL}/api/v1/products?page_size=100&fresh=${Date.now()}`);
  const body = (await res.json()) as { data: { name: string; stock_quantity: number }[] };
  return body.data.find((p) => p.name === name)?.stock_quantity;
}

const rowOf = (page: Page, name: string) => page.getByRole("row").filter({ has: page.getByText(name, { exact: true }) });
const stockCell = (page: Page, name: string) => rowOf(page, name).getByTestId("stock-value");

beforeAll(async () => {
  browser = await launchBrowser();
  adminCookie = await signInCookie(baseURL, E2E_ADMIN.email, E2E_ADMIN.password);
});

afterAll(async () => {
  await browser?.close();
});

describe("Gestion des Produits", () => {
  it("sets a stock, filters low stock, adds 5 to two selected products, and takes one with minus", async () => {
    const context = await contextWith(adminCookie);
    const page = await context.newPage();
    try {
      await page.goto("/admin/produits?search=creme");
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Gestion des Produits");
      await hydrated(page);
      expect(await page.getByText(/\d+ produits? trouvés?/).count()).toBe(1);
      expect(await page.getByText("Valeur du stock").count()).toBe(1);

      // Both creams down to 4 through their stock field (Enter sets it).
      for (const name of [MAINS, PIEDS]) {
        const field = page.getByRole("spinbutton", { name: `Stock de ${name}` });
        await field.fill("4");
        await field.press("Enter");
        await expect.poll(() => stockCell(page, name).textContent(), { timeout: 10_000 }).toBe("4");
      }

      await page.getByRole("combobox", { name: "Niveau de stock" }).selectOption("low");
      await page.waitForURL(/stock=low/);
      await expect.poll(() => rowOf(page, MAINS).count()).toBe(1);
      expect(await rowOf(page, MAINS).getByText("Stock faible").count()).toBe(1);
      // Every row shown is low on stock. The URL changes a frame before the filtered rows render,
      // so wait for the list to be the filtered one rather than reading it once.
      const lowStock = (text: string) => Number(text) >= 1 && Number(text) <= 10;
      await expect
        .poll(async () => (await page.getByTestId("stock-value").allTextContents()).filter((text) => !lowStock(text)), {
          timeout: 10_000,
        })
        .toEqual([]);

      await page.getByRole("checkbox", { name: `Sélectionner ${MAINS}` }).check();
      await page.getByRole("checkbox", { name: `Sélectionner ${PIEDS}` }).check();
      const bar = page.getByRole("region", { name: "Actions groupées" });
      expect(await bar.getByText("2 produits sélectionnés").count()).toBe(1);
      await bar.getByRole("spinbutton", { name: "Quantité" }).fill("5");
      await bar.getByRole("button", { name: "+ Ajouter" }).click();
      await expect.poll(() => stockCell(page, MAINS).textContent(), { timeout: 10_000 }).toBe("9");
      await expect.poll(() => stockCell(page, PIEDS).textContent()).toBe("9");
      expect(await shopStock(MAINS)).toBe(9);
      await bar.getByRole("button", { name: "Désélectionner tout" }).click();
      expect(await bar.count()).toBe(0);

      await page.getByRole("button", { name: `Retirer une unité de ${PIEDS}` }).click();
      await expect.poll(() => stockCell(page, PIEDS).textContent(), { timeout: 10_000 }).toBe("8");
      expect(await shopStock(PIEDS)).toBe(8);

      // The history shows who did what.
      await rowOf(page, PIEDS)
        .getByRole("link", { name: `Historique du stock de ${PIEDS}` })
        .click();
      const dialog = page.getByRole("dialog", { name: `Historique du stock : ${PIEDS}` });
      await expect.poll(() => dialog.count()).toBe(1);
      const history = (await dialog.textContent()) ?? "";
      expect(history).toContain("Retrait par l'administrateur");
      expect(history).toContain("Ajout par l'administrateur");
      expect(history).toContain(E2E_ADMIN.email);
      await page.keyboard.press("Escape");
      await expect.poll(() => dialog.count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it("disables minus at 0, downloads the stock CSV and deletes a product after confirmation", async () => {
    const context = await contextWith(adminCookie);
    const page = await context.newPage();
    try {
      await page.goto("/admin/produits?stock=out");
      await hydrated(page);
      await expect.poll(() => rowOf(page, TO_DELETE).count()).toBe(1);
      expect(await page.getByRole("button", { name: `Retirer une unité de ${TO_DELETE}` }).isDisabled()).toBe(true);
      expect(await rowOf(page, TO_DELETE).getByText("Rupture").count()).toBe(1);

      const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Exporter CSV" }).click()]);
      expect(download.suggestedFilename()).toMatch(/^stock_\d{4}-\d{2}-\d{2}\.csv$/);
      const csv = (await downloadedBytes(download)).toString("utf8");
      const lines = csv.split("\r\n");
      // The catalogue CSV the import reads back (docs/decisions/051-catalogue-import-export.md).
      expect(lines[0]).toBe(
        "\uFEFFRéf. produit;Produit;Marque;Catégorie;Variante;SKU;Prix;Prix barré;Stock;Images;Poids (g);Catégorie fiscale;Code douanier;Pays d'origine;Statut",
      );
      // The export honours the filter: only stock-outs (stock, then images, weight, tax class, customs code, origin, then status).
      expect(
        lines
          .slice(1)
          .filter(Boolean)
          .every((l) => /;0;[^;]*;[^;]*;[^;]*;[^;]*;[^;]*;Rupture$/.test(l)),
      ).toBe(true);
      expect(csv).toContain(TO_DELETE);

      await page.getByRole("button", { name: `Supprimer ${TO_DELETE}` }).click();
      const confirm = page.getByRole("dialog", { name: "Supprimer le produit" });
      expect(await confirm.getByText("Êtes-vous sûr de vouloir supprimer ce produit ?").count()).toBe(1);
      await confirm.getByRole("button", { name: "Supprimer" }).click();
      await expect.poll(() => rowOf(page, TO_DELETE).count(), { timeout: 10_000 }).toBe(0);
      // The list may refresh a frame before the dialog unmounts.
      await expect.poll(() => confirm.count()).toBe(0);
      expect(await shopStock(TO_DELETE)).toBeUndefined();
    } finally {
      await context.close();
    }
  });

  it("passes axe, says when nothing matches, and shows the stock dashboard", async () => {
    const context = await contextWith(adminCookie);
    const page = await context.newPage();
    try {
      await page.goto("/admin/produits");
      await hydrated(page);
      expect(await seriousA11yViolations(page)).toEqual([]);
      // 'Nouveau Produit' opens the product form (tests/e2e/admin/product-form.test.ts).
      expect(await page.getByRole("link", { name: "Nouveau Produit" }).getAttribute("href")).toBe("/admin/produits?edit=new");

      await page.goto("/admin/produits?search=aucun-produit-zzz");
      expect(await page.getByText("Aucun produit ne correspond à vos critères de recherche.").count()).toBe(1);

      await page.goto("/admin/stock");
      await hydrated(page);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Tableau de Bord Stock");
      expect(await page.getByRole("heading", { name: "Alertes de Stock" }).count()).toBe(1);
      expect(await page.getByRole("heading", { name: "Produits par Catégorie" }).count()).toBe(1);
      expect(await page.getByRole("link", { name: /Rapport de Stock/ }).getAttribute("href")).toBe("/admin/produits/export.csv");
      expect(await seriousA11yViolations(page)).toEqual([]);
      // 'Réapprovisionner' opens the bulk adjuster on the low-stock products, all selected.
      await page.getByRole("link", { name: /Réapprovisionner/ }).click();
      await page.waitForURL("**/admin/produits?stock=low&reappro=1");
      const rowBoxes = page.getByRole("checkbox", { name: /^Sélectionner (?!tous les produits de la page)/ });
      await expect.poll(() => rowBoxes.count()).toBeGreaterThan(0);
      const rows = await rowBoxes.count();
      const bulk = page.getByRole("region", { name: "Actions groupées" });
      await bulk.getByText(`${rows} produit`).waitFor();
      expect(await page.getByRole("checkbox", { name: /^Sélectionner (?!tous les produits de la page)/, checked: true }).count()).toBe(
        rows,
      );
      expect(await bulk.getByLabel("Quantité").evaluate((el) => el === document.activeElement)).toBe(true);
    } finally {
      await context.close();
    }
  });

  it("keeps shoppers out of the page, its actions and the export", async () => {
    const shopper = await signUpCookie(baseURL, uniqueEmail("admin-products"), "Secret123!Aurore", "Alice");
    for (const path of ["/admin/produits", "/admin/produits/export.csv", "/admin/stock"]) {
      expect((await fetch(`${baseURL}${path}`, { headers: { cookie: shopper }, redirect: "manual" })).status).toBe(403);
    }
    const post = await fetch(`${baseURL}/admin/produits`, {
      method: "POST",
      headers: { cookie: shopper, "content-type": "application/x-www-form-urlencoded", origin: baseURL },
      body: "intent=delete&productId=00000000-0000-0000-0000-000000000000",
      redirect: "manual",
    });
    expect(post.status).toBe(403);
    const unknown = await fetch(`${baseURL}/admin/produits`, {
      method: "POST",
      headers: { cookie: adminCookie, "content-type": "application/x-www-form-urlencoded", origin: baseURL },
      body: "intent=delete&productId=00000000-0000-0000-0000-000000000000",
      redirect: "manual",
    });
    expect(unknown.status).toBe(404);
  });
});
