import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { launchBrowser, newShopContext, seriousA11yViolations } from "../../support/browser";
import { uniqueEmail } from "../../support/accounts";
import { signUpCookie } from "../../support/http-session";
import { e2eShop } from "../../support/e2e-shop";

/**
 * "Moyens de Paiement" and "Support Client" in the account dashboard, as a shopper uses them:
 * add cards (number, expiry, holder; only the provider keeps the number), change the default,
 * delete after confirmation; open a support ticket and find it listed with its SAV- number. Both
 * tabs pass an axe check.
 */
const baseURL = e2eShop().baseURL;
let browser: Browser;

type Json = Record<string, any>;

async function api(path: string, cookie: string): Promise<Json> {
  const res = await fetch(`${baseURL}${path}`, { headers: { accept: "application/json", cookie } });
  expect(res.status).toBe(200);
  return (await res.json()) as Json;
}

async function signedInContext(cookie: string): Promise<BrowserContext> {
  const context = await newShopContext(browser, baseURL);
  await context.addCookies(
    cookie.split("; ").map((pair) => {
      const at = pair.indexOf("=");
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: baseURL };
    }),
  );
  return context;
}

/** Buttons work once the page is hydrated: click until the dialog shows. */
async function openDialog(page: Page, button: Locator, name: string): Promise<Locator> {
  const dialog = page.getByRole("dialog", { name });
  await expect
    .poll(
      async () => {
        if (await dialog.isVisible()) return true;
        await button.click({ timeout: 1000 }).catch(() => undefined);
        await dialog.waitFor({ timeout: 1500 }).catch(() => undefined);
        return dialog.isVisible();
      },
      { timeout: 20_000, interval: 100 },
    )
    .toBe(true);
  return dialog;
}

/** Axe reads colours mid-transition (a toast fading in) as low contrast: check once still. */
async function a11yViolationsWhenStill(page: Page): Promise<string[]> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
  return seriousA11yViolations(page);
}

function cardItem(page: Page, name: string): Locator {
  return page.getByRole("list", { name: "Cartes enregistrées" }).getByRole("listitem", { name });
}

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("Moyens de Paiement", () => {
  it("adds cards by number, expiry and holder, changes the default and deletes one after confirmation", async () => {
    const cookie = await signUpCookie(baseURL, uniqueEmail("cartes"), "Secret123!Aurore", "Marie");
    const context = await signedInContext(cookie);
    const page = await context.newPage();
    const yy = String((new Date().getFullYear() + 2) % 100).padStart(2, "0");
    try {
      await page.goto("/dashboard?tab=payment");
      await page.getByRole("heading", { name: "Moyens de Paiement", level: 2 }).waitFor();
      await page.getByText("Aucun moyen de paiement", { exact: true }).waitFor();
      expect(await a11yViolationsWhenStill(page)).toEqual([]);

      // First card: the form refuses mistakes inline and keeps what was typed.
      let dialog = await openDialog(page, page.getByRole("button", { name: "Ajouter une carte" }), "Ajouter une carte");
      expect(await dialog.getByLabel(/cryptogramme/i).count()).toBe(0);
      await dialog.getByLabel("Numéro de carte").fill("4242 4242 4242 4241");
      await dialog.getByLabel("Date d'expiration (MM/AA)").fill("01/20");
      await dialog.getByRole("button", { name: "Enregistrer la carte" }).click();
      await dialog.getByText("Numéro de carte invalide").waitFor();
      expect(await dialog.getByText("Carte expirée").isVisible()).toBe(true);
      expect(await dialog.getByText("Le nom du titulaire est obligatoire").isVisible()).toBe(true);
      expect(await dialog.getByLabel("Numéro de carte").evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await dialog.getByLabel("Numéro de carte").getAttribute("aria-invalid")).toBe("true");
      expect(await dialog.getByLabel("Numéro de carte").inputValue()).toBe("4242 4242 4242 4241");
      expect(await a11yViolationsWhenStill(page)).toEqual([]);

      // The brand shows as the number is typed.
      await dialog.getByLabel("Numéro de carte").fill("4242424242424242");
      expect(await dialog.getByLabel("Numéro de carte").inputValue()).toBe("4242 4242 4242 4242");
      await dialog.getByText("Carte détectée : Visa").waitFor();
      await dialog.getByLabel("Date d'expiration (MM/AA)").fill(`12${yy}`);
      await dialog.getByLabel("Titulaire de la carte").fill("Marie Curie");
      await dialog.getByRole("button", { name: "Enregistrer la carte" }).click();
      await dialog.waitFor({ state: "detached" });

      const visa = cardItem(page, "Visa se terminant par 4242");
      await visa.waitFor();
      expect(await visa.getByText("Visa •••• 4242", { exact: true }).isVisible()).toBe(true);
      expect(await visa.getByText("Par défaut", { exact: true }).isVisible()).toBe(true);
      expect(await visa.getByText("Marie Curie").isVisible()).toBe(true);
      expect(await visa.getByText(`Expire 12/${yy}`).isVisible()).toBe(true);

      // Second card, a Mastercard: not the default.
      dialog = await openDialog(page, page.getByRole("button", { name: "Ajouter une carte" }), "Ajouter une carte");
      await dialog.getByLabel("Numéro de carte").fill("5555 5555 5555 4444");
      await dialog.getByText("Carte détectée : Mastercard").waitFor();
      await dialog.getByLabel("Date d'expiration (MM/AA)").fill(`01/${yy}`);
      await dialog.getByLabel("Titulaire de la carte").fill("Marie Curie");
      await dialog.getByRole("button", { name: "Enregistrer la carte" }).click();
      await dialog.waitFor({ state: "detached" });
      const mastercard = cardItem(page, "Mastercard se terminant par 4444");
      await mastercard.waitFor();
      expect(await mastercard.getByText("Par défaut", { exact: true }).count()).toBe(0);

      // Make the Mastercard the default: exactly one default, listed first.
      await mastercard.getByRole("button", { name: /Définir par défaut/ }).click();
      await expect.poll(() => mastercard.getByText("Par défaut", { exact: true }).count()).toBe(1);
      expect(await visa.getByText("Par défaut", { exact: true }).count()).toBe(0);
      const names = await page.getByRole("list", { name: "Cartes enregistrées" }).getByRole("heading").allTextContents();
      expect(names.map((n) => /^(\S+)\s+•••• (\d{4})/.exec(n.trim())?.slice(1).join(" "))).toEqual(["Mastercard 4444", "Visa 4242"]);
      const stored = await api("/api/v1/payment-methods", cookie);
      expect(stored.data.map((c: Json) => [c.brand, c.last4, c.expiry, c.is_default, c.usable])).toEqual([
        ["mastercard", "4444", `01/${yy}`, true, true],
        ["visa", "4242", `12/${yy}`, false, true],
      ]);

      // Deleting asks first; "Annuler" keeps the card.
      dialog = await openDialog(page, visa.getByRole("button", { name: /Supprimer/ }), "Supprimer la carte");
      expect(await dialog.getByText("Êtes-vous sûr de vouloir supprimer cette carte ?").isVisible()).toBe(true);
      await dialog.getByRole("button", { name: "Annuler" }).click();
      await dialog.waitFor({ state: "detached" });
      expect(await visa.isVisible()).toBe(true);

      dialog = await openDialog(page, visa.getByRole("button", { name: /Supprimer/ }), "Supprimer la carte");
      await dialog.getByRole("button", { name: "Supprimer", exact: true }).click();
      await visa.waitFor({ state: "detached" });
      expect(await mastercard.getByText("Par défaut", { exact: true }).isVisible()).toBe(true);

      // Saved on the server: a new page load shows the same list.
      await page.reload();
      await mastercard.waitFor();
      expect(await cardItem(page, "Visa se terminant par 4242").count()).toBe(0);
      const after = await api("/api/v1/payment-methods", cookie);
      expect(after.data.map((c: Json) => c.last4)).toEqual(["4444"]);
      expect(JSON.stringify(after)).not.toMatch(/5555555555554444|"number"|token/);
    } finally {
      await context.close();
    }
  });
});

describe("Support Client", () => {
  it("opens a ticket and lists it with its SAV- number", async () => {
    const cookie = await signUpCookie(baseURL, uniqueEmail("support"), "Secret123!Aurore", "Marie");
    const context = await signedInContext(cookie);
    const page = await context.newPage();
    try {
      await page.goto("/dashboard?tab=support");
      await page.getByRole("heading", { name: "Support Client", level: 2 }).waitFor();
      await page.getByText("Aucun ticket de support", { exact: true }).waitFor();
      expect(await a11yViolationsWhenStill(page)).toEqual([]);

      const dialog = await openDialog(page, page.getByRole("button", { name: "Nouveau ticket" }), "Nouveau ticket");
      expect(await dialog.getByLabel("Catégorie").inputValue()).toBe("other");
      expect(await dialog.getByLabel("Priorité").inputValue()).toBe("normal");
      await dialog.getByLabel("Description").fill("Le flacon est arrivé cassé.");
      await dialog.getByRole("button", { name: "Envoyer le ticket" }).click();
      await dialog.getByText("Le sujet est obligatoire").waitFor();
      // Nothing typed is lost.
      expect(await dialog.getByLabel("Description").inputValue()).toBe("Le flacon est arrivé cassé.");
      expect(await a11yViolationsWhenStill(page)).toEqual([]);

      await dialog.getByLabel("Sujet").fill("Colis abîmé");
      await dialog.getByLabel("Catégorie").selectOption("order");
      await dialog.getByLabel("Priorité").selectOption("high");
      await dialog.getByRole("button", { name: "Envoyer le ticket" }).click();
      await dialog.waitFor({ state: "detached" });

      const status = page.getByRole("status").filter({ hasText: /Votre ticket SAV-\d{4}-\d{6} a bien été créé/ });
      await status.waitFor();
      const number = /SAV-\d{4}-\d{6}/.exec((await status.textContent()) ?? "")![0];

      const ticket = page.getByRole("list", { name: "Mes tickets" }).getByRole("listitem", { name: "Colis abîmé" });
      await ticket.waitFor();
      expect(await ticket.getByText(number).isVisible()).toBe(true);
      expect(await ticket.getByText("Commande", { exact: true }).isVisible()).toBe(true);
      expect(await ticket.getByText("Haute", { exact: true }).isVisible()).toBe(true);
      expect(await ticket.getByText("Statut : Ouvert").isVisible()).toBe(true);
      expect(await a11yViolationsWhenStill(page)).toEqual([]);

      // Stored for this shopper, newest first, after a reload too.
      await page.reload();
      await ticket.waitFor();
      const stored = await api("/api/v1/support-tickets", cookie);
      expect(stored.data).toHaveLength(1);
      expect(stored.data[0]).toMatchObject({
        ticket_number: number,
        subject: "Colis abîmé",
        category: "order",
        priority: "high",
        status: "open",
      });
    } finally {
      await context.close();
    }
  });

  it("fits a phone screen without sideways scrolling and works from the keyboard", async () => {
    const cookie = await signUpCookie(baseURL, uniqueEmail("support-mobile"), "Secret123!Aurore", "Marie");
    const post = (path: string, body: unknown) =>
      fetch(`${baseURL}${path}`, {
        method: "POST",
        headers: { origin: baseURL, cookie, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    expect(
      (
        await post("/api/v1/payment-methods", {
          number: "3782 822463 10005",
          expiry: "12/39",
          holder: "Marie-Françoise de La Rochefoucauld-Montbel",
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await post("/api/v1/support-tickets", {
          subject: "Question-sur-une-commande-passée-avec-un-très-long-mot-sans-espace",
          description: "Bonjour",
        })
      ).status,
    ).toBe(201);
    const context = await signedInContext(cookie);
    const page = await context.newPage();
    await page.setViewportSize({ width: 360, height: 740 });
    try {
      for (const [tab, text] of [
        ["payment", "•••• 0005"],
        ["support", "Question-sur"],
      ]) {
        await page.goto(`/dashboard?tab=${tab}`);
        await page.getByText(text).first().waitFor();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, tab).toBeLessThanOrEqual(0);
      }

      // Keyboard: Enter opens the dialog with the focus on its first field, Escape closes it
      // and gives the focus back to the button.
      const button = page.getByRole("button", { name: "Nouveau ticket" });
      const dialog = page.getByRole("dialog", { name: "Nouveau ticket" });
      await expect
        .poll(
          async () => {
            if (await dialog.isVisible()) return true;
            await button.focus();
            await page.keyboard.press("Enter");
            await dialog.waitFor({ timeout: 1500 }).catch(() => undefined);
            return dialog.isVisible();
          },
          { timeout: 20_000 },
        )
        .toBe(true);
      expect(await dialog.getByLabel("Sujet").evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "detached" });
      expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);
    } finally {
      await context.close();
    }
  });
});
