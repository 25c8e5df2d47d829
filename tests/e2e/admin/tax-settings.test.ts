import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HTMLElement } from "node-html-parser";
import type { Browser } from "playwright-core";
import { AxeBuilder } from "@axe-core/playwright";
import { launchBrowser, signedInContext, waitForHydration } from "../../support/browser";
import { E2E_ADMIN, uniqueEmail } from "../../support/accounts";
import { byRole, fetchPage, named, textOf } from "../../support/html-page";
import { signInCookie, signUpCookie } from "../../support/http-session";
import { e2eShop } from "../../support/e2e-shop";
import { DEFAULT_TAX_RATES } from "~/domain/tax/rates";
import { parisYear } from "~/lib/paris-time";

/**
 * Paramètres, "Fiscalité" (docs/decisions/063-vat-by-destination.md) over HTTP: the rate table
 * and the VAT settings saved by an administrator, refusals worded in French with nothing saved,
 * and a shopper refused. Every journey prices with the migration's rates: the rows added here
 * start in 2099, and afterAll puts the table and the settings back even when a step fails.
 */
const baseURL = e2eShop().baseURL;
const CHECKBOX = 'input[type="checkbox"]';
let adminCookie: string;
let settingsBefore: URLSearchParams | null = null;
let browser: Browser | undefined;

const DEFAULT_ROWS = DEFAULT_TAX_RATES.map((r) => [
  r.country_code,
  r.tax_class,
  String(r.rate_percent).replace(".", ","),
  r.valid_from,
  "",
]);

function rateBody(rows: string[][]): URLSearchParams {
  const body = new URLSearchParams({ intent: "tax-rates" });
  for (const [country, taxClass, rate, from, until] of rows) {
    body.append("country_code", country!);
    body.append("tax_class", taxClass!);
    body.append("rate_percent", rate!);
    body.append("valid_from", from!);
    body.append("valid_until", until!);
  }
  return body;
}

/** Posts Paramètres' action as its fetcher does; the answer is the action's data (turbo-stream text). */
async function post(cookie: string | null, body: URLSearchParams) {
  const res = await fetch(`${baseURL}/admin/parametres.data`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: baseURL, "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) },
    body,
  });
  return { status: res.status, text: await res.text() };
}

async function taxSection(): Promise<HTMLElement> {
  const page = await fetchPage(baseURL, "/admin/parametres", { cookie: adminCookie });
  expect(page.status).toBe(200);
  const section = byRole(page.main, "region", "Fiscalité")[0];
  expect(section, "the Fiscalité section").toBeTruthy();
  return section!;
}

/** The settings form's values as the page shows them, posted back as they are. */
function settingsBodyOf(section: HTMLElement): URLSearchParams {
  const body = new URLSearchParams({ intent: "tax-settings" });
  for (const name of ["oss_registered", "previous_year_over_threshold", "destination_vat_option", "ddp"]) {
    if (section.querySelector(`input[name="${name}"]`)?.hasAttribute("checked")) body.set(name, "on");
  }
  for (const name of ["opening_distance_sales_cents", "opening_year"]) {
    body.set(name, section.querySelector(`input[name="${name}"]`)?.getAttribute("value") ?? "");
  }
  return body;
}

beforeAll(async () => {
  adminCookie = await signInCookie(baseURL, E2E_ADMIN.email, E2E_ADMIN.password);
  settingsBefore = settingsBodyOf(await taxSection());
});

afterAll(async () => {
  await browser?.close();
  if (!adminCookie) return;
  expect((await post(adminCookie, rateBody(DEFAULT_ROWS))).status).toBe(200);
  if (settingsBefore) expect((await post(adminCookie, settingsBefore)).status).toBe(200);
});

describe("Paramètres, Fiscalité", () => {
  it("shows the rate table, the settings, the year's distance sales and the shop's VAT number", async () => {
    const section = await taxSection();
    const text = textOf(section);
    expect(text).toMatch(/N° de TVA intracommunautaire de la boutique : \S+/);
    expect(section.querySelector('a[href="#settings-identity"]')).toBeTruthy();
    // textOf collapses every space, the no-break ones of fr-FR amounts too.
    expect(text).toMatch(new RegExp(`Ventes à distance dans l'UE en ${parisYear(new Date())} : [\\d ]+,\\d{2} € sur 10 000 €`));
    // One row per rate, each column labelled.
    expect(section.querySelectorAll('input[name="rate_percent"]')).toHaveLength(DEFAULT_TAX_RATES.length);
    expect(section.querySelector('input[name="rate_percent"][value="5,5"]')).toBeTruthy();
    expect(named(section, CHECKBOX, "Inscrit au guichet unique OSS")).toHaveLength(1);
    expect(named(section, CHECKBOX, "Droits et taxes à l'importation à la charge de la boutique (DDP)")).toHaveLength(1);
  });

  it("saves a new rate from a future day, given with a French decimal comma", async () => {
    const answer = await post(adminCookie, rateBody([...DEFAULT_ROWS, ["LU", "reduced", "7,5", "2099-01-01", ""]]));
    expect(answer.status).toBe(200);
    expect(answer.text).toContain("Taux de TVA enregistrés (7 lignes)");
    const section = await taxSection();
    expect(section.querySelectorAll('input[name="rate_percent"]')).toHaveLength(7);
    expect(section.querySelector('input[name="valid_from"][value="2099-01-01"]')).toBeTruthy();
    expect(section.querySelector('input[name="rate_percent"][value="7,5"]')).toBeTruthy();
  });

  it("refuses overlapping periods with the French message and saves nothing", async () => {
    const before = (await taxSection()).querySelectorAll('input[name="rate_percent"]').length;
    const answer = await post(
      adminCookie,
      rateBody([...DEFAULT_ROWS, ["BE", "standard", "22", "2099-01-01", "2099-12-31"], ["BE", "standard", "23", "2099-06-01", ""]]),
    );
    expect(answer.status).toBe(400);
    expect(answer.text).toContain("invalid_tax_rates");
    expect(answer.text).toContain("Deux taux du même pays et de la même catégorie se chevauchent : BE standard à partir du 2099-06-01.");
    const section = await taxSection();
    expect(section.querySelectorAll('input[name="rate_percent"]')).toHaveLength(before);
    expect(section.querySelector('input[name="valid_from"][value="2099-06-01"]')).toBeNull();
  });

  it("refuses a rate of 'abc', naming its row, and saves nothing", async () => {
    const before = (await taxSection()).querySelectorAll('input[name="rate_percent"]').length;
    const answer = await post(adminCookie, rateBody([...DEFAULT_ROWS, ["BE", "reduced", "abc", "2099-02-01", ""]]));
    expect(answer.status).toBe(400);
    expect(answer.text).toContain("Ligne 7 : Le taux doit être compris entre 0 et 30 %, avec au plus deux décimales.");
    const section = await taxSection();
    expect(section.querySelectorAll('input[name="rate_percent"]')).toHaveLength(before);
    expect(section.querySelector('input[name="valid_from"][value="2099-02-01"]')).toBeNull();
  });

  it("saves the VAT settings, and refuses an amount that is no amount", async () => {
    const body = new URLSearchParams(settingsBefore!);
    body.set("ddp", "on");
    // An opening figure for another year: it changes nothing at this year's checkouts.
    body.set("opening_distance_sales_cents", "1 234,56");
    body.set("opening_year", "2001");
    const saved = await post(adminCookie, body);
    expect(saved.status).toBe(200);
    expect(saved.text).toContain("Réglages de TVA enregistrés");
    const section = await taxSection();
    expect(section.querySelector('input[name="ddp"]')?.hasAttribute("checked")).toBe(true);
    expect(section.querySelector('input[name="opening_distance_sales_cents"]')?.getAttribute("value")).toBe("1234,56");
    expect(section.querySelector('input[name="opening_year"]')?.getAttribute("value")).toBe("2001");

    body.set("opening_distance_sales_cents", "beaucoup");
    const refused = await post(adminCookie, body);
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("Indiquez un montant en euros, avec au plus deux décimales (par exemple 1 250,50).");
    expect((await taxSection()).querySelector('input[name="opening_distance_sales_cents"]')?.getAttribute("value")).toBe("1234,56");
  });

  it("is the administrator's only: a shopper gets 403 on both forms, a visitor is sent to sign in", async () => {
    const shopper = await signUpCookie(baseURL, uniqueEmail("fiscalite"));
    expect((await post(shopper, rateBody([...DEFAULT_ROWS, ["LU", "standard", "3", "2099-03-01", ""]]))).status).toBe(403);
    const settings = new URLSearchParams(settingsBefore!);
    settings.set("destination_vat_option", "on");
    expect((await post(shopper, settings)).status).toBe(403);
    expect((await post(null, rateBody(DEFAULT_ROWS))).status).toBe(401);
    const section = await taxSection();
    expect(section.querySelector('input[name="valid_from"][value="2099-03-01"]')).toBeNull();
  });

  it("on a 390 px screen: rows stacked without sideways scroll, a row added by keyboard, the refusal read out", async () => {
    expect((await post(adminCookie, rateBody(DEFAULT_ROWS))).status).toBe(200);
    browser = await launchBrowser();
    const context = await signedInContext(browser, baseURL, adminCookie, { viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    try {
      await page.goto("/admin/parametres");
      await waitForHydration(page);
      const region = page.getByRole("region", { name: "Fiscalité" });
      const form = region.getByRole("form", { name: "Taux de TVA" });
      await form.scrollIntoViewIfNeeded();
      const box = await region.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
      expect(await region.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      expect(await form.getByRole("group", { name: /^Ligne \d+$/ }).count()).toBe(DEFAULT_TAX_RATES.length);

      const add = form.getByRole("button", { name: "Ajouter une ligne" });
      await add.focus();
      await page.keyboard.press("Enter");
      const row = form.getByRole("group", { name: "Ligne 7" });
      await expect.poll(() => page.evaluate(() => document.activeElement?.id ?? "")).toMatch(/^tax-rate-\d+-country$/);
      await row.getByLabel("Pays").selectOption("LU");
      await row.getByLabel("Catégorie").selectOption("reduced");
      await row.getByLabel("Taux %").fill("abc");
      await row.getByLabel("À partir du").fill("2099-01-01");
      const save = form.getByRole("button", { name: "Enregistrer les taux" });
      await save.click();
      const alert = form.getByRole("alert");
      await expect
        .poll(() => alert.textContent())
        .toBe("Ligne 7 : Le taux doit être compris entre 0 et 30 %, avec au plus deux décimales.");
      expect(await row.getByLabel("Taux %").getAttribute("aria-invalid")).toBe("true");
      expect(await row.getByLabel("Taux %").getAttribute("aria-describedby")).toBe("tax-rates-problem");

      await row.getByLabel("Taux %").fill("7,5");
      await save.click();
      await expect.poll(() => form.getByRole("status").textContent()).toBe("Taux de TVA enregistrés (7 lignes)");
      expect(await form.getByRole("alert").count()).toBe(0);

      // Two Belgian rows sharing a day: refused, the message read out, nothing saved.
      await add.click();
      const overlap = form.getByRole("group", { name: "Ligne 8" });
      await overlap.getByLabel("Pays").selectOption("BE");
      await overlap.getByLabel("Taux %").fill("22");
      await overlap.getByLabel("À partir du").fill("1996-01-01");
      await save.click();
      await expect
        .poll(() => form.getByRole("alert").textContent())
        .toBe("Deux taux du même pays et de la même catégorie se chevauchent : BE standard à partir du 1996-01-01.");
      await overlap.getByRole("button", { name: "Supprimer la ligne 8" }).click();
      await form.getByRole("group", { name: "Ligne 7" }).getByRole("button", { name: "Supprimer la ligne 7" }).click();
      await save.click();
      await expect.poll(() => form.getByRole("status").textContent()).toBe("Taux de TVA enregistrés (6 lignes)");
      expect((await taxSection()).querySelectorAll('input[name="rate_percent"]')).toHaveLength(DEFAULT_TAX_RATES.length);

      const axe = await new AxeBuilder({ page })
        .include('section[aria-labelledby="settings-tax"]')
        .withTags(["wcag2a", "wcag2aa", "wcag21aa"])
        .analyze();
      expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
