import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { downloadedBytes, launchBrowser, seriousA11yViolations, newShopContext } from "../../support/browser";
import { uniqueEmail } from "../../support/accounts";
import { e2eShop } from "../../support/e2e-shop";

const baseURL = e2eShop().baseURL;
const PASSWORD = "Secret-Aurore1";

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
  context = await newShopContext(browser, baseURL, { acceptDownloads: true });
  page = await context.newPage();
});
afterEach(async () => {
  await context?.close();
});

/** Sign-up from the page's own request context: the browser keeps the session cookie. */
async function signUp(email: string): Promise<number> {
  const res = await page.request.post("/api/auth/sign-up/email", {
    data: { email, password: PASSWORD, name: "Camille Durand", firstName: "Camille", lastName: "Durand" },
    headers: { Origin: baseURL },
  });
  return res.status();
}

async function openProfileTab() {
  await page.goto("/dashboard");
  await page.getByRole("heading", { name: "Mes données personnelles" }).waitFor();
}

describe("personal data (RGPD)", () => {
  it("refuses the export to a visitor", async () => {
    const res = await page.request.get("/api/v1/me/export");
    expect(res.status()).toBe(401);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe("Connexion requise");
  });

  it("downloads a JSON copy of the account's data", async () => {
    const email = uniqueEmail("rgpd");
    expect(await signUp(email)).toBe(200);
    await openProfileTab();

    const link = page.getByRole("link", { name: "Télécharger mes données" });
    expect(await link.getAttribute("href")).toBe("/api/v1/me/export");
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^aurore-mes-donnees-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse((await downloadedBytes(download)).toString("utf8")) as Record<string, unknown> & {
      profile: { email: string; firstName: string };
    };
    expect(data.profile.email).toBe(email);
    expect(data.profile.firstName).toBe("Camille");
    expect(Array.isArray(data.orders)).toBe(true);
    expect(typeof data.exported_at).toBe("string");

    const res = await page.request.get("/api/v1/me/export");
    expect(res.headers()["cache-control"]).toBe("no-store");
    expect(res.headers()["content-disposition"]).toMatch(/^attachment; filename="aurore-mes-donnees-/);
  });

  it("deletes the account after the password, signs out and frees the e-mail", async () => {
    const email = uniqueEmail("rgpd-suppression");
    expect(await signUp(email)).toBe(200);
    await openProfileTab();

    await page.getByRole("button", { name: "Supprimer mon compte" }).click();
    let dialog = page.getByRole("dialog", { name: "Supprimer mon compte" });
    await dialog.waitFor();
    expect(await dialog.getByText(/conservées sous forme anonymisée/).isVisible()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Escape closes the dialog; Annuler too.
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Supprimer mon compte" }).click();
    dialog = page.getByRole("dialog", { name: "Supprimer mon compte" });
    await dialog.getByRole("button", { name: "Annuler" }).click();
    await dialog.waitFor({ state: "detached" });

    await page.getByRole("button", { name: "Supprimer mon compte" }).click();
    dialog = page.getByRole("dialog", { name: "Supprimer mon compte" });
    await dialog.getByLabel("Mot de passe").fill("Mauvais-Passe9");
    await dialog.getByRole("button", { name: "Supprimer définitivement" }).click();
    await dialog.getByRole("alert").filter({ hasText: "Mot de passe incorrect" }).waitFor();

    await dialog.getByLabel("Mot de passe").fill(PASSWORD);
    await dialog.getByRole("button", { name: "Supprimer définitivement" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await page.getByRole("banner").getByRole("button", { name: "Connexion" }).waitFor();

    expect((await page.request.get("/api/v1/me")).status()).toBe(401);
    expect(await signUp(email)).toBe(200);
  });
});
