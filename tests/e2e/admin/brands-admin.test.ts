import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser, seriousA11yViolations, signedInContext, waitForHydration } from "../../support/browser";
import { E2E_ADMIN, uniqueEmail } from "../../support/accounts";
import { signInCookie, signUpCookie } from "../../support/http-session";
import { e2eShop } from "../../support/e2e-shop";

/**
 * Marques in the back-office (decision 049, Brands' writes): reached from the admin navigation on
 * a 390 px phone, a brand is created, renamed and deleted with the keyboard and by French label,
 * a brand products use cannot be deleted, each change is in the Journal d'activité; a shopper and
 * a visitor are refused; bad input gets the API's French messages, never a 500.
 */
const baseURL = e2eShop().baseURL;
let browser: Browser;
let adminCookie: string;
let shopperCookie: string;

/** A seeded brand that the demo catalogue's products use. */
const USED_BRAND = "Maison Célestine";

beforeAll(async () => {
  browser = await launchBrowser();
  adminCookie = await signInCookie(baseURL, E2E_ADMIN.email, E2E_ADMIN.password);
  shopperCookie = await signUpCookie(baseURL, uniqueEmail("admin-brands"), "Secret123!Aurore", "Inès");
});

afterAll(async () => {
  await browser?.close();
});

/** A form post to the Marques action as the page's fetchers send it. */
function post(cookie: string | null, fields: Record<string, string>) {
  return fetch(`${baseURL}/admin/marques`, {
    method: "POST",
    headers: { origin: baseURL, "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
}

/** The public brand list (every brand), to find a brand's id and prove a refused write left nothing behind. */
async function publicBrands(): Promise<{ id: string; name: string }[]> {
  const res = await fetch(`${baseURL}/api/v1/brands`);
  return ((await res.json()) as { data: { id: string; name: string }[] }).data;
}
const publicBrandNames = async () => (await publicBrands()).map((b) => b.name);

describe("Marques", () => {
  it("creates, renames and deletes a brand on a phone, with the keyboard; refuses to delete a brand in use; logs each change", async () => {
    const context = await signedInContext(browser, baseURL, adminCookie, {
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const name = `Atelier ${Date.now().toString(36)}`;
    const renamedName = `${name} Paris`;
    const slug = name.toLowerCase().replace(" ", "-");
    try {
      // From the admin navigation (the phone's drawer).
      await page.goto("/admin");
      await waitForHydration(page);
      await page.getByRole("button", { name: "Menu", exact: true }).click();
      const nav = page.getByRole("navigation", { name: "Sections de l'administration" });
      await nav.getByRole("link", { name: "Marques", exact: true }).click();
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Marques");
      // The drawer closed on arrival; opened again, it marks the current section.
      await page.getByRole("button", { name: "Menu", exact: true }).click();
      expect(await nav.getByRole("link", { name: "Marques", exact: true }).getAttribute("aria-current")).toBe("page");
      await page.keyboard.press("Escape");
      expect(await seriousA11yViolations(page)).toEqual([]);

      // The brand in use shows its products.
      const used = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: USED_BRAND, exact: true }) });
      expect(await used.textContent()).toMatch(/[1-9]\d* produits?/);

      // Blank name: the French message, nothing posted.
      const field = page.getByRole("textbox", { name: "Nom de la nouvelle marque" });
      await field.focus();
      await page.keyboard.press("Enter");
      const blank = page.getByRole("alert").filter({ hasText: "Le nom de la marque est requis" });
      await expect.poll(() => blank.count()).toBe(1);
      expect(await field.getAttribute("aria-invalid")).toBe("true");
      // A name already used (case and accents ignored): the server's message.
      await field.fill("maison celestine");
      await page.keyboard.press("Enter");
      await expect.poll(() => page.getByRole("alert").filter({ hasText: "Une marque porte déjà ce nom" }).count()).toBe(1);

      // Create with the keyboard.
      await field.fill(name);
      await page.keyboard.press("Enter");
      const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name, exact: true }) });
      await expect.poll(() => row.count()).toBe(1);
      expect(await row.textContent()).toContain(`/marque/${slug}`);
      expect(await row.textContent()).toContain("0 produit");
      // The page itself never scrolls sideways on a phone: the table scrolls inside its own region.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      // Rename: the dialog opens from the keyboard, focuses the name, Enter saves.
      await row.getByRole("button", { name: `Renommer ${name}` }).focus();
      await page.keyboard.press("Enter");
      const renameDialog = page.getByRole("dialog", { name: "Renommer la marque" });
      const newName = renameDialog.getByRole("textbox", { name: "Nouveau nom" });
      await expect.poll(() => newName.evaluate((el) => el === document.activeElement)).toBe(true);
      await newName.fill(USED_BRAND);
      await page.keyboard.press("Enter");
      await expect.poll(() => renameDialog.getByRole("alert").textContent()).toBe("Une marque porte déjà ce nom");
      await newName.fill(renamedName);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.keyboard.press("Enter");
      await expect.poll(() => renameDialog.count()).toBe(0);
      const renamed = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: renamedName, exact: true }) });
      await expect.poll(() => renamed.count()).toBe(1);
      // The slug, the brand page's address, stays.
      expect(await renamed.textContent()).toContain(`/marque/${slug}`);

      // A brand products use: refused with the API's message, and still listed.
      await used.getByRole("button", { name: `Supprimer ${USED_BRAND}` }).click();
      const refuse = page.getByRole("dialog", { name: "Supprimer la marque" });
      expect(await refuse.getByText("Êtes-vous sûr de vouloir supprimer cette marque ?").count()).toBe(1);
      // 'Annuler' has the focus first, so Enter cannot delete by accident.
      await expect.poll(() => refuse.getByRole("button", { name: "Annuler" }).evaluate((el) => el === document.activeElement)).toBe(true);
      await refuse.getByRole("button", { name: "Supprimer", exact: true }).click();
      await expect.poll(() => refuse.getByRole("alert").textContent()).toBe("Impossible de supprimer une marque utilisée par des produits");
      await page.keyboard.press("Escape");
      await expect.poll(() => refuse.count()).toBe(0);
      expect(await used.count()).toBe(1);

      // The unused one: deleted after confirmation.
      await renamed.getByRole("button", { name: `Supprimer ${renamedName}` }).click();
      const confirm = page.getByRole("dialog", { name: "Supprimer la marque" });
      await confirm.getByRole("button", { name: "Supprimer", exact: true }).click();
      await expect.poll(() => confirm.count()).toBe(0);
      await expect.poll(() => renamed.count()).toBe(0);
      expect(await publicBrandNames()).not.toContain(renamedName);

      // The Journal d'activité has the three changes under the administrator's name, none for the refusals.
      await page.goto("/admin/activity?type=brand");
      const journal = page.getByRole("region", { name: "Journal d'activité" });
      const ours = journal.getByRole("row").filter({ hasText: name });
      await expect.poll(() => ours.count()).toBe(3);
      const lines = await ours.allTextContents();
      expect(lines[0]).toContain(`Marque « ${renamedName} » supprimée`);
      expect(lines[1]).toContain(`Marque « ${name} » renommée en « ${renamedName} »`);
      expect(lines[2]).toContain(`Marque « ${name} » créée`);
      for (const line of lines) expect(line).toContain(E2E_ADMIN.email);
    } finally {
      await context.close();
    }
  });

  it("refuses a shopper (403) and a visitor (redirect or 401), page and action; nothing is created", async () => {
    const name = `Intrus ${Date.now().toString(36)}`;
    expect((await post(shopperCookie, { intent: "create", name })).status).toBe(403);
    expect([302, 303, 401]).toContain((await post(null, { intent: "create", name })).status);
    expect((await fetch(`${baseURL}/admin/marques`, { headers: { cookie: shopperCookie }, redirect: "manual" })).status).toBe(403);
    expect([302, 303, 401]).toContain((await fetch(`${baseURL}/admin/marques`, { redirect: "manual" })).status);
    expect(await publicBrandNames()).not.toContain(name);
  });

  it("answers bad input with a French message and a 4xx, never a 500", async () => {
    const cases: [Record<string, string>, number, string][] = [
      [{ intent: "create", name: "" }, 400, "Le nom de la marque est requis"],
      [{ intent: "create", name: "   " }, 400, "Le nom de la marque est requis"],
      [{ intent: "create" }, 400, "Le nom de la marque est requis"],
      [{ intent: "create", name: "é".repeat(10_000) }, 400, "Le nom de la marque ne doit pas dépasser 120 caractères"],
      [{ intent: "create", name: "Soins\u0000" }, 400, "Ce champ contient des caractères non autorisés."],
      [{ intent: "create", name: "—!?" }, 400, "Le nom de la marque doit contenir au moins une lettre ou un chiffre"],
      [{ intent: "create", name: ` ${USED_BRAND.toUpperCase()} ` }, 409, "Une marque porte déjà ce nom"],
      [{ intent: "rename", brandId: "pas-un-id", name: "X" }, 404, "Marque introuvable"],
      [{ intent: "rename", name: "X" }, 404, "Marque introuvable"],
      [{ intent: "delete", brandId: "00000000-0000-0000-0000-000000000000" }, 404, "Marque introuvable"],
      [{ intent: "inconnu" }, 400, "Une erreur est survenue"],
    ];
    for (const [fields, status, message] of cases) {
      const res = await post(adminCookie, fields);
      const text = await res.text();
      expect({ fields: Object.keys(fields), status: res.status }).toEqual({ fields: Object.keys(fields), status });
      expect(text).toContain(message);
    }
    // A rename to an empty, NUL-bearing or too long name: refused, the brand unchanged.
    const name = `Essai ${Date.now().toString(36)}`;
    expect((await post(adminCookie, { intent: "create", name })).status).toBe(200);
    const brandId = (await publicBrands()).find((b) => b.name === name)?.id;
    expect(brandId).toMatch(/^[0-9a-f-]{36}$/);
    for (const [bad, message] of [
      ["", "Le nom de la marque est requis"],
      ["Nuit\u0000", "Ce champ contient des caractères non autorisés."],
      ["x".repeat(10_000), "Le nom de la marque ne doit pas dépasser 120 caractères"],
    ]) {
      const res = await post(adminCookie, { intent: "rename", brandId: brandId!, name: bad });
      expect(res.status).toBe(400);
      expect(await res.text()).toContain(message);
    }
    expect((await publicBrands()).find((b) => b.id === brandId)?.name).toBe(name);
    expect((await post(adminCookie, { intent: "delete", brandId: brandId! })).status).toBe(200);
    const names = await publicBrandNames();
    expect(names).not.toContain(name);
    expect(names.some((n) => n.includes("\u0000") || n.length > 120)).toBe(false);
  });
});
