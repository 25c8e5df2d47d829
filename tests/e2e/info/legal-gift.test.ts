import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { launchBrowser, seriousA11yViolations, newShopContext } from "../../support/browser";
import { formatPrice } from "~/lib/money";
import { e2eShop } from "../../support/e2e-shop";
import { byRole, fetchPage, headings, links, occurrences, textOf } from "../../support/html-page";

const baseURL = e2eShop().baseURL;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
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

/** Waits until React has hydrated the element (its props are attached to the DOM node). */
async function waitForHydration(selector: string): Promise<void> {
  await page.waitForFunction(
    (sel) => {
      const node = document.querySelector(sel);
      return Boolean(node && Object.keys(node).some((key) => key.startsWith("__reactProps")));
    },
    selector,
    { timeout: 15_000 },
  );
}

const PAGES = [
  { path: "/conditions-generales", h1: "Conditions générales de vente" },
  { path: "/mentions-legales", h1: "Mentions légales" },
  { path: "/politique-confidentialite", h1: "Politique de confidentialité" },
  { path: "/politique-cookies", h1: "Politique cookies" },
  { path: "/carte-cadeau", h1: "Carte cadeau" },
] as const;

describe("legal and gift card pages", () => {
  it("answer 200 with their title, breadcrumb and canonical link, and no serious accessibility problem", async () => {
    for (const { path, h1 } of PAGES) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await page.getByRole("heading", { name: h1, level: 1, exact: true }).waitFor();
      const crumbs = page.getByRole("navigation", { name: "Fil d'Ariane" });
      expect(await crumbs.getByRole("link", { name: "Accueil" }).getAttribute("href"), path).toBe("/");
      expect(await page.locator('link[rel="canonical"]').getAttribute("href"), path).toBe(`${baseURL}${path}`);
      const violations = await seriousA11yViolations(page);
      expect(violations, `${path}\n${violations.join("\n")}`).toEqual([]);
    }
  });

  it("are rendered on the server", async () => {
    const cgv = await (await fetch(`${baseURL}/conditions-generales`)).text();
    expect(cgv).toContain("Modèle de formulaire de rétractation");
    const giftCard = await (await fetch(`${baseURL}/carte-cadeau`)).text();
    expect(giftCard).toContain("Offrir cette carte cadeau");
    expect(giftCard).toContain("Vérifier le solde");
  });
});

// What the legal pages say, read over HTTP from the server's render (decision 053).
describe("mentions légales", () => {
  it("show the publisher's registration, capital, VAT number, publication director and host", async () => {
    const page = await fetchPage(baseURL, "/mentions-legales");
    const value = (term: string) => {
      const dt = page.main.querySelectorAll("dt").find((node) => textOf(node) === term);
      const dd = dt?.nextElementSibling;
      return dd?.tagName === "DD" ? textOf(dd) : null;
    };
    expect(value("Immatriculation (RCS)")).toMatch(/RCS/);
    expect(value("Capital social")).toMatch(/€/);
    expect(value("Numéro de TVA intracommunautaire")).toMatch(/^FR/);
    expect(value("Dénomination sociale")).toBeTruthy();
    expect(value("Siège social")).toBeTruthy();
    const [director] = byRole(page.root, "region", "Directeur de la publication", page.root);
    expect(textOf(director!).replace("Directeur de la publication", "").trim()).not.toBe("");
    const [host] = byRole(page.root, "region", "Hébergeur", page.root);
    expect(textOf(host!)).toMatch(/Hébergeur Exemple SAS/);
    // The demo values are fictional and the page says so.
    expect(occurrences(page.main, "Site de démonstration")).toBeGreaterThan(0);
  });
});

describe("conditions générales de vente", () => {
  it("state the 14-day withdrawal right and give the model withdrawal form", async () => {
    const page = await fetchPage(baseURL, "/conditions-generales");
    const [withdrawal] = byRole(page.root, "region", "7. Droit de rétractation de 14 jours", page.root);
    expect(textOf(withdrawal!)).toContain("vous disposez d'un délai de 14 jours pour vous rétracter");
    expect(textOf(withdrawal!)).toContain("lendemain du jour de la réception");
    const [toc] = byRole(page.root, "navigation", "Sommaire", page.root);
    expect(links(toc!, "Annexe : formulaire de rétractation")[0]?.getAttribute("href")).toBe("#formulaire-retractation");
    const annex = page.root.querySelector("#formulaire-retractation");
    expect(annex).not.toBeNull();
    expect(headings(annex!, undefined, "Modèle de formulaire de rétractation")).toHaveLength(1);
    const annexText = textOf(annex!);
    expect(annexText).toContain("Je/nous (*) vous notifie/notifions (*) par la présente ma/notre (*) rétractation");
    expect(annexText).toContain("Commandé le (*)/reçu le (*)");
    expect(annexText).toContain("(*) Rayez la mention inutile.");
    expect(occurrences(page.main, "« Commander avec obligation de paiement »")).toBe(1);
  });
});

describe("politique cookies", () => {
  it("lists what the shop stores", async () => {
    const page = await fetchPage(baseURL, "/politique-cookies");
    const [table] = byRole(page.root, "table", "Cookies et stockage local utilisés par la boutique", page.root);
    expect(table).toBeDefined();
    for (const name of ["better-auth.session_token", "aurore_chat", "cookie-consent", "cookie-consent-at", "aurore-cart"]) {
      expect(byRole(table!, "rowheader", name), name).toHaveLength(1);
    }
    const chatRow = byRole(table!, "row").find((row) => byRole(row, "rowheader", "aurore_chat").length === 1);
    expect(textOf(chatRow!)).toContain("chat en direct");
    expect(textOf(chatRow!)).toContain("24 heures");
  });

  it("'Modifier mes choix' opens the cookie banner again", async () => {
    // No stored choice here: the banner shows by itself, is closed, then reopened from the page.
    await page.goto("/politique-cookies?cookies=ask");
    const banner = page.getByRole("dialog", { name: "Gestion des cookies" });
    await banner.waitFor({ state: "visible", timeout: 5000 });
    await banner.getByRole("button", { name: "Fermer" }).click();
    await banner.waitFor({ state: "hidden" });
    expect(await page.evaluate(() => localStorage.getItem("cookie-consent"))).toBeNull();

    await page.getByRole("button", { name: "Modifier mes choix" }).click();
    await banner.waitFor({ state: "visible", timeout: 5000 });
    await banner.getByRole("button", { name: "Accepter" }).click();
    await banner.waitFor({ state: "hidden" });
    expect(await page.evaluate(() => localStorage.getItem("cookie-consent"))).toBe("accepted");
  });
});

describe("carte cadeau", () => {
  async function openConfigurator(): Promise<{ custom: Locator; recap: Locator; preview: Locator }> {
    await page.goto("/carte-cadeau");
    await waitForHydration('input[name="montant-libre"]');
    return {
      custom: page.getByRole("spinbutton", { name: "Montant libre (€)" }),
      recap: page.getByRole("status", { name: "Récapitulatif" }),
      preview: page.getByRole("region", { name: "Aperçu" }),
    };
  }
  const totalOf = (recap: Locator) => recap.locator('dt:text-is("Total") + dd').textContent();
  const rangeMessage = "Le montant doit être compris entre 10 € et 500 €";

  it("starts with 50 €, Anniversaire and an e-mail delivery", async () => {
    const { recap, preview } = await openConfigurator();
    expect(await page.getByRole("radio", { name: /^50\s€$/ }).isChecked()).toBe(true);
    expect(await page.getByRole("radio", { name: "Anniversaire" }).isChecked()).toBe(true);
    expect(await page.getByRole("radio", { name: "Par e-mail" }).isChecked()).toBe(true);
    expect(await page.getByText("Populaire", { exact: true }).isVisible()).toBe(true);
    expect(await totalOf(recap)).toBe(formatPrice(5000));
    expect(await preview.textContent()).toContain("Anniversaire");
    for (const occasion of ["Saint-Valentin", "Fête des Mères", "Noël", "Remise de diplôme", "Mariage", "Juste pour le plaisir"]) {
      expect(await page.getByRole("radio", { name: occasion, exact: true }).count(), occasion).toBe(1);
    }
  });

  it("enforces the 10 € - 500 € range on the custom amount and updates the totals", async () => {
    const { custom, recap, preview } = await openConfigurator();
    const alert = page.getByRole("alert").filter({ hasText: rangeMessage });

    await custom.fill("5");
    await custom.press("Tab");
    await alert.waitFor();
    expect(await page.getByRole("radio", { name: /^50\s€$/ }).isChecked()).toBe(false);

    await custom.fill("600");
    await alert.waitFor();
    expect(await custom.getAttribute("aria-invalid")).toBe("true");

    await custom.fill("120");
    await alert.waitFor({ state: "detached" });
    expect(await preview.textContent()).toContain(formatPrice(12_000));
    expect(await totalOf(recap)).toBe(formatPrice(12_000));

    await page.getByRole("radio", { name: "Carte physique premium" }).click();
    await expect.poll(() => totalOf(recap)).toBe(formatPrice(12_500));
    expect(await recap.textContent()).toContain(formatPrice(500));

    await page.getByRole("radio", { name: "Par e-mail" }).click();
    await expect.poll(() => totalOf(recap)).toBe(formatPrice(12_000));
  });

  it("clears the custom amount when a preset is chosen", async () => {
    const { custom, recap } = await openConfigurator();
    await custom.fill("120");
    await expect.poll(() => totalOf(recap)).toBe(formatPrice(12_000));
    await page.getByRole("radio", { name: /^75\s€$/ }).click();
    expect(await custom.inputValue()).toBe("");
    expect(await page.getByRole("radio", { name: /^75\s€$/ }).isChecked()).toBe(true);
    await expect.poll(() => totalOf(recap)).toBe(formatPrice(7500));
  });

  it("counts the message's characters and refuses more than 200", async () => {
    await openConfigurator();
    const message = page.getByRole("textbox", { name: /Message personnel/ });
    await message.fill("Bonne fête !");
    await page.getByText("12/200").waitFor();
    expect(await page.getByRole("region", { name: "Aperçu" }).textContent()).toContain("Bonne fête !");

    await message.fill("a".repeat(201));
    await page.getByText("201/200").waitFor();
    await page.getByRole("alert").filter({ hasText: "Le message ne peut pas dépasser 200 caractères" }).waitFor();
    expect(await message.getAttribute("aria-invalid")).toBe("true");

    await message.fill("a".repeat(200));
    await page.getByText("200/200").waitFor();
    expect(await page.getByText("Le message ne peut pas dépasser 200 caractères").count()).toBe(0);
  });

  it("asks for the recipient's e-mail for an e-mail delivery", async () => {
    await openConfigurator();
    const email = page.getByRole("textbox", { name: /E-mail du destinataire/ });
    await email.focus();
    await email.press("Tab");
    await page.getByRole("alert").filter({ hasText: "L'e-mail du destinataire est obligatoire pour un envoi par e-mail" }).waitFor();
    await page.getByRole("radio", { name: "Carte physique premium" }).click();
    await page.getByRole("alert").filter({ hasText: "obligatoire" }).waitFor({ state: "detached" });
  });

  it("offers the card: the button is enabled (the journey in gift-cards.test.ts buys one)", async () => {
    await openConfigurator();
    expect(await page.getByRole("button", { name: "Offrir cette carte cadeau" }).isDisabled()).toBe(false);
    expect(await page.getByText("Bientôt disponible").count()).toBe(0);
    expect(await page.getByRole("link", { name: "Découvrir nos produits" }).getAttribute("href")).toBe("/products");
  });
});
