import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser, seriousA11yViolations, signedInContext, waitForHydration } from "../../support/browser";
import { E2E_ADMIN, uniqueEmail } from "../../support/accounts";
import { signInCookie, signUpCookie } from "../../support/http-session";
import { waitForMail } from "../../support/mail";
import { e2eShop } from "../../support/e2e-shop";

/**
 * 'Offrir une carte cadeau' on a client's page, then the Journal d'activité on a 390 px phone
 * (docs/decisions/048-activity-log-everywhere.md).
 */
const baseURL = e2eShop().baseURL;
const dataDir = e2eShop().dataDir;
let browser: Browser;
let adminCookie: string;
let clientEmail: string;
let clientId: string;

beforeAll(async () => {
  browser = await launchBrowser();
  adminCookie = await signInCookie(baseURL, E2E_ADMIN.email, E2E_ADMIN.password);
  clientEmail = uniqueEmail("goodwill");
  const cookie = await signUpCookie(baseURL, clientEmail, "Secret123!Aurore", "Capucine");
  const me = (await (await fetch(`${baseURL}/api/v1/me`, { headers: { cookie } })).json()) as { data: { id: string } };
  clientId = me.data.id;
});

afterAll(async () => {
  await browser?.close();
});

describe("goodwill gift card and the Journal d'activité", () => {
  it("refuses 0 € and 10 000 €, sends a 30 € card by e-mail, and the journal shows it with its reason", async () => {
    const context = await signedInContext(browser, baseURL, adminCookie, { viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    try {
      await page.goto(`/admin/clients/${clientId}`);
      await waitForHydration(page);
      await page.getByRole("button", { name: "Offrir une carte cadeau" }).click();
      const dialog = page.getByRole("dialog", { name: "Offrir une carte cadeau" });
      const amount = dialog.getByRole("textbox", { name: /Montant/ });
      const range = /Le montant doit être compris entre 1,00\s€ et 500,00\s€/;
      await amount.fill("0");
      await dialog.getByRole("textbox", { name: /Motif/ }).fill("Colis arrivé abîmé");
      await dialog.getByRole("button", { name: "Offrir" }).click();
      await expect.poll(() => dialog.getByText(range).count()).toBe(1);
      await amount.fill("10000");
      await dialog.getByRole("button", { name: "Offrir" }).click();
      await expect.poll(() => dialog.getByText(range).count()).toBe(1);
      await amount.fill("30");
      await dialog.getByRole("textbox", { name: "Message au client" }).fill("Toutes nos excuses");
      await dialog.getByRole("button", { name: "Offrir" }).click();
      await expect.poll(() => page.getByText(`Carte cadeau de 30,00\u00a0€ envoyée à ${clientEmail}`).count(), { timeout: 10_000 }).toBe(1);

      const mail = await waitForMail(dataDir, clientEmail, "vous offre une carte cadeau");
      expect(mail).toContain("L'équipe Aurore vous offre une carte cadeau Aurore de 30,00");
      expect(mail).toMatch(/[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}/);
    } finally {
      await context.close();
    }

    const phone = await signedInContext(browser, baseURL, adminCookie, { viewport: { width: 390, height: 844 } });
    const journal = await phone.newPage();
    try {
      await journal.goto(`/admin/activity?type=gift_card&action=gift_card.issue`);
      await expect.poll(() => journal.getByRole("heading", { level: 1 }).textContent()).toBe("Journal d'activité");
      await waitForHydration(journal);
      const table = journal.getByRole("region", { name: "Journal d'activité" });
      const row = table.getByRole("row").filter({ hasText: clientEmail }).first();
      expect(await row.textContent()).toContain("Carte cadeau offerte");
      expect(await row.textContent()).toContain(E2E_ADMIN.email);
      await row.getByText("Voir les modifications").click();
      const diff = row.getByRole("table", { name: "Valeurs avant et après" });
      expect(await diff.getByRole("row", { name: /reason/ }).textContent()).toContain("Colis arrivé abîmé");
      expect(await diff.getByRole("row", { name: /amountCents/ }).textContent()).toContain("3000");
      // No sideways scroll on a phone: the table scrolls inside its own region.
      expect(await journal.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(await seriousA11yViolations(journal)).toEqual([]);

      // The filters live in the address: choosing another type reloads with it.
      await journal.getByRole("combobox", { name: "Type d'élément" }).selectOption("gift_card");
      await journal.getByRole("combobox", { name: "Action" }).selectOption("");
      await journal.getByRole("button", { name: "Filtrer" }).click();
      await journal.waitForURL((url) => url.searchParams.get("type") === "gift_card" && !url.searchParams.get("action"));
    } finally {
      await phone.close();
    }
  });
});
