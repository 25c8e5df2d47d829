import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HTMLElement } from "node-html-parser";
import type { Browser } from "playwright-core";
import { launchBrowser, seriousA11yViolations, signedInContext, waitForHydration } from "../../support/browser";
import { uniqueEmail } from "../../support/accounts";
import { byRole, fetchPage, named, textOf } from "../../support/html-page";
import { signUpCookie } from "../../support/http-session";
import { e2eShop } from "../../support/e2e-shop";
import { addFromProductPage } from "../../support/checkout-pages";

/**
 * "Facturation professionnelle" in the account's profile tab (decision 063), over HTTP: the
 * company's details saved, refused field by field in French with nothing saved (a wrong VAT
 * check key, a SIREN failing Luhn), offered to the checkout, in the RGPD export, and cleared.
 */
const baseURL = e2eShop().baseURL;
let browser: Browser | undefined;

/** Posts the dashboard's action as its fetcher does; the answer is the action's data (turbo-stream text). */
async function post(cookie: string | null, fields: Record<string, string>) {
  const res = await fetch(`${baseURL}/dashboard.data`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: baseURL, "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams(fields),
  });
  return { status: res.status, text: await res.text() };
}

const save = (cookie: string | null, fields: Record<string, string>) => post(cookie, { intent: "save-business-invoice", ...fields });

async function section(cookie: string): Promise<{ section: HTMLElement; root: HTMLElement }> {
  const page = await fetchPage(baseURL, "/dashboard?tab=profile", { cookie });
  expect(page.status).toBe(200);
  const found = byRole(page.main, "region", "Facturation professionnelle", page.root)[0];
  expect(found, "the Facturation professionnelle section").toBeTruthy();
  return { section: found!, root: page.root };
}

/** The three fields' values as the page renders them, found by their French labels. */
async function savedFields(cookie: string) {
  const { section: s, root } = await section(cookie);
  const value = (label: RegExp) => {
    const inputs = named(s, "input", label, root);
    expect(inputs, String(label)).toHaveLength(1);
    return inputs[0]!.getAttribute("value") ?? "";
  };
  return {
    company_name: value(/^Raison sociale/),
    company_number: value(/^SIREN ou SIRET$/),
    vat_number: value(/^N° de TVA intracommunautaire$/),
    text: textOf(s),
  };
}

afterAll(async () => {
  await browser?.close();
});

describe("Facturation professionnelle", () => {
  let cookie: string;
  beforeAll(async () => {
    cookie = await signUpCookie(baseURL, uniqueEmail("b2b"));
  });

  it("starts empty, with the three fields labelled in French", async () => {
    expect(await savedFields(cookie)).toMatchObject({
      company_name: "",
      company_number: "",
      vat_number: "",
      text: expect.stringContaining("Aucune information professionnelle enregistrée."),
    });
  });

  it("refuses a VAT number whose check key is wrong, in French, and saves nothing", async () => {
    const answer = await save(cookie, { company_name: "Parfums Lumière SAS", company_number: "732 829 320", vat_number: "FR45732829320" });
    expect(answer.status).toBe(400);
    expect(answer.text).toContain("invalid_business_invoice");
    expect(answer.text).toContain("Numéro de TVA intracommunautaire invalide : la clé de contrôle ne correspond pas.");
    expect(await savedFields(cookie)).toMatchObject({ company_name: "", company_number: "", vat_number: "" });
  });

  it("refuses a SIREN failing Luhn, in French, and saves nothing", async () => {
    const answer = await save(cookie, { company_name: "Parfums Lumière SAS", company_number: "732 829 321", vat_number: "" });
    expect(answer.status).toBe(400);
    expect(answer.text).toContain("SIREN invalide : vérifiez les 9 chiffres.");
    expect(await savedFields(cookie)).toMatchObject({ company_name: "", company_number: "", vat_number: "" });
  });

  it("refuses a French company without its SIREN, and a German number of the wrong key", async () => {
    const french = await save(cookie, { company_name: "Atelier", company_number: "", vat_number: "" });
    expect(french.status).toBe(400);
    expect(french.text).toContain("Pour une entreprise française, indiquez son SIREN ou son SIRET.");
    const german = await save(cookie, { company_name: "Duft GmbH", company_number: "", vat_number: "DE136695977" });
    expect(german.status).toBe(400);
    expect(german.text).toContain("Numéro de TVA intracommunautaire invalide : la clé de contrôle ne correspond pas.");
    expect((await savedFields(cookie)).company_name).toBe("");
  });

  it("saves valid details normalised, offers them to the checkout and puts them in the RGPD export", async () => {
    const answer = await save(cookie, {
      company_name: "Parfums Lumière SAS",
      company_number: "732 829 320 00074",
      vat_number: "fr 44 732 829 320",
    });
    expect(answer.status).toBe(200);
    expect(answer.text).toContain("Vos informations de facturation professionnelle sont enregistrées.");
    expect(await savedFields(cookie)).toMatchObject({
      company_name: "Parfums Lumière SAS",
      company_number: "73282932000074",
      vat_number: "FR44732829320",
    });

    // The checkout's loader data carries them, for its fields to be filled in.
    const checkout = await fetch(`${baseURL}/checkout.data`, { headers: { cookie } });
    expect(checkout.status).toBe(200);
    const checkoutData = await checkout.text();
    expect(checkoutData).toContain("Parfums Lumière SAS");
    expect(checkoutData).toContain("73282932000074");
    expect(checkoutData).toContain("FR44732829320");

    const exported = (await (await fetch(`${baseURL}/api/v1/me/export`, { headers: { cookie } })).json()) as {
      profile: { businessInvoice: unknown };
    };
    expect(exported.profile.businessInvoice).toEqual({
      company_name: "Parfums Lumière SAS",
      siren: "732829320",
      siret: "73282932000074",
      vat_number: "FR44732829320",
    });
  });

  it("keeps the saved details when a later change is refused", async () => {
    const answer = await save(cookie, { company_name: "Beauté Bruxelles SRL", company_number: "", vat_number: "BE0403019262" });
    expect(answer.status).toBe(400);
    expect(answer.text).toContain("la clé de contrôle ne correspond pas");
    expect((await savedFields(cookie)).vat_number).toBe("FR44732829320");
  });

  it("clears them", async () => {
    const answer = await post(cookie, { intent: "clear-business-invoice" });
    expect(answer.status).toBe(200);
    expect(answer.text).toContain("Vos informations de facturation professionnelle sont supprimées.");
    expect(await savedFields(cookie)).toMatchObject({ company_name: "", company_number: "", vat_number: "" });
  });

  it("is the signed-in shopper's only: a visitor is refused", async () => {
    const answer = await save(null, { company_name: "Atelier", company_number: "552100554", vat_number: "" });
    expect(answer.status).toBe(401);
  });

  it("on a 390 px screen: checked in the browser before sending, the error read with its field, saved by keyboard", async () => {
    browser = await launchBrowser();
    const shopper = await signUpCookie(baseURL, uniqueEmail("b2b-ui"));
    const context = await signedInContext(browser, baseURL, shopper, { viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    try {
      await page.goto("/dashboard?tab=profile");
      await waitForHydration(page);
      const region = page.getByRole("region", { name: "Facturation professionnelle" });
      await region.scrollIntoViewIfNeeded();
      expect(await region.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      const box = await region.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);

      await region.getByRole("textbox", { name: "Raison sociale" }).fill("Duft GmbH");
      const vat = region.getByRole("textbox", { name: "N° de TVA intracommunautaire" });
      await vat.fill("DE 136 695 977");
      await region.getByRole("button", { name: "Enregistrer" }).click();
      const message = "Numéro de TVA intracommunautaire invalide : la clé de contrôle ne correspond pas.";
      await expect.poll(() => vat.getAttribute("aria-invalid")).toBe("true");
      const describedBy = (await vat.getAttribute("aria-describedby")) ?? "";
      const texts = await Promise.all(describedBy.split(" ").map((id) => page.locator(`[id="${id}"]`).textContent()));
      expect(texts).toContain(message);
      // The browser's check refused it: the field has the focus to be corrected.
      expect(await vat.evaluate((el) => el === document.activeElement)).toBe(true);

      await vat.fill("DE136695976");
      await page.keyboard.press("Enter");
      await expect.poll(() => region.getByRole("button", { name: "Supprimer ces informations" }).count()).toBe(1);
      expect(await vat.inputValue()).toBe("DE136695976");
      expect(await seriousA11yViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("fills the checkout's company fields from the account, refused inline with the same rules", async () => {
    browser ??= await launchBrowser();
    const shopper = await signUpCookie(baseURL, uniqueEmail("b2b-checkout"));
    expect((await save(shopper, { company_name: "Beauté Bruxelles SRL", company_number: "", vat_number: "BE0403019261" })).status).toBe(
      200,
    );
    const catalogue = (await (await fetch(`${baseURL}/api/v1/products?page_size=50&sort=price_asc`)).json()) as {
      data: { id: string; in_stock: boolean }[];
    };
    const product = catalogue.data.find((p) => p.in_stock);
    expect(product).toBeDefined();
    const context = await signedInContext(browser, baseURL, shopper, { viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    try {
      await addFromProductPage(page, product!);
      await page.goto("/checkout");
      await waitForHydration(page);
      const main = page.getByRole("main");
      const box = main.getByRole("checkbox", { name: "Je souhaite une facture au nom de mon entreprise" });
      await expect.poll(() => box.isChecked()).toBe(true);
      const company = main.getByRole("group", { name: "Facture au nom de l'entreprise" });
      expect(await company.getByRole("textbox", { name: "Raison sociale" }).inputValue()).toBe("Beauté Bruxelles SRL");
      expect(await company.getByRole("textbox", { name: "SIREN ou SIRET" }).inputValue()).toBe("");
      const vat = company.getByRole("textbox", { name: "N° de TVA intracommunautaire" });
      expect(await vat.inputValue()).toBe("BE0403019261");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      await main.getByRole("textbox", { name: "Téléphone" }).fill("06 12 34 56 78");
      await vat.fill("BE0403019262");
      await main.getByRole("button", { name: "Continuer vers le paiement" }).click();
      const message = "Numéro de TVA intracommunautaire invalide : la clé de contrôle ne correspond pas.";
      await expect.poll(() => vat.getAttribute("aria-invalid")).toBe("true");
      const describedBy = ((await vat.getAttribute("aria-describedby")) ?? "").split(" ");
      expect(await Promise.all(describedBy.map((id) => page.locator(`[id="${id}"]`).textContent()))).toContain(message);
      expect(await main.getByRole("heading", { name: "1. Livraison" }).count()).toBe(1);

      // Unticked, the fields go and so do their messages.
      await box.uncheck();
      expect(await main.getByRole("group", { name: "Facture au nom de l'entreprise" }).count()).toBe(0);
      expect(await page.getByText(message).count()).toBe(0);
      expect(await seriousA11yViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
