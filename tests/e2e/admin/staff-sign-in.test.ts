import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { openDatabase, type DatabaseHandle } from "../../../app/.server/db/client";
import { session as sessionTable, staffFactorChecks, user } from "../../../app/.server/db/schema";
import { E2E_ADMIN, uniqueEmail } from "../../support/accounts";
import { launchBrowser, newShopContext, seriousA11yViolations, waitForHydration } from "../../support/browser";
import { e2eShop } from "../../support/e2e-shop";
import { signInCookie, signUpCookie } from "../../support/http-session";
import { makeStaff } from "../../support/staff";
import { totp } from "../../support/totp";

/**
 * The team's sign-in and enforced two-factor (decision 066): a signed-out visitor of a
 * back-office page signs in with the password and the authenticator's code and lands back on
 * that page; a wrong code is refused in French; an account without two-factor enrols first,
 * from the QR code's key; `?retour=` leads only to the back-office.
 */
const { baseURL, databaseUrl, adminTotpSecret } = e2eShop();
let browser: Browser;

/** A 6-digit code the authenticator shows neither now nor half a minute either side. */
function wrongCodeFor(secret: string): string {
  const near = new Set([-30_000, 0, 30_000].map((offset) => totp(secret, Date.now() + offset)));
  for (let n = 13; ; n++) {
    const candidate = String(n).padStart(6, "0");
    if (!near.has(candidate)) return candidate;
  }
}

/** How far the document scrolls sideways (0 when it fits). */
const sidewaysOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

const get = (path: string, cookie?: string) => fetch(`${baseURL}${path}`, { redirect: "manual", headers: cookie ? { cookie } : {} });

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("signing in to the back-office", () => {
  it("sends a signed-out visitor to the sign-in and, after the password and the code, back to the page", async () => {
    const context = await newShopContext(browser, baseURL);
    const page = await context.newPage();
    try {
      await page.goto("/admin/commandes?page=2");
      await page.waitForURL((url) => url.pathname === "/admin/connexion");
      expect(new URL(page.url()).searchParams.get("retour")).toBe("/admin/commandes?page=2");
      await page.getByRole("heading", { level: 1, name: "Connexion à l'administration" }).waitFor();
      await waitForHydration(page);

      // Empty fields are refused on the page, the first one focused.
      await page.getByRole("button", { name: "Continuer" }).click();
      await expect.poll(() => page.getByRole("alert").first().textContent()).toBe("Saisissez votre adresse e-mail.");
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("autocomplete"))).toBe("username");

      await page.getByLabel("Adresse e-mail").fill(E2E_ADMIN.email);
      await page.getByLabel("Mot de passe").fill(E2E_ADMIN.password);
      await page.getByLabel("Mot de passe").press("Enter");

      // The code step: its field has the focus.
      const code = page.getByLabel("Code de l'application d'authentification");
      await code.waitFor();
      await expect.poll(() => code.evaluate((el) => el === document.activeElement)).toBe(true);

      await code.fill(wrongCodeFor(adminTotpSecret));
      await page.getByRole("button", { name: "Se connecter" }).click();
      await expect.poll(() => page.getByRole("alert").textContent()).toBe("Code de vérification incorrect");
      expect(await code.getAttribute("aria-invalid")).toBe("true");
      expect(new URL(page.url()).pathname).toBe("/admin/connexion");

      await code.fill(totp(adminTotpSecret));
      await page.getByRole("button", { name: "Se connecter" }).click();
      await page.waitForURL((url) => url.pathname === "/admin/commandes");
      expect(new URL(page.url()).search).toBe("?page=2");
      await page.getByRole("heading", { level: 1 }).waitFor();
    } finally {
      await context.close();
    }
  });

  it("fits a 390 px phone without sideways scroll, with no serious accessibility violation", async () => {
    const context = await newShopContext(browser, baseURL, { viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    try {
      await page.goto("/admin/connexion");
      await waitForHydration(page);
      expect(await sidewaysOverflow(page)).toBe(0);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.getByLabel("Adresse e-mail").fill(E2E_ADMIN.email);
      await page.getByLabel("Mot de passe").fill(E2E_ADMIN.password);
      await page.getByRole("button", { name: "Continuer" }).click();
      await page.getByLabel("Code de l'application d'authentification").waitFor();
      expect(await sidewaysOverflow(page)).toBe(0);
      // The recovery code instead of the app's.
      await page.getByRole("button", { name: "Utiliser un code de secours" }).click();
      await page.getByLabel("Code de secours").waitFor();
      expect(await sidewaysOverflow(page)).toBe(0);
      expect(await seriousA11yViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("says that it needs JavaScript when it is off, and offers no form to post the password with", async () => {
    const context = await newShopContext(browser, baseURL, { javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      await page.goto("/admin/connexion");
      // Playwright's text queries skip <noscript>; with JavaScript off its paragraph is shown.
      const notice = page.locator("noscript p");
      expect(await notice.textContent()).toContain("La connexion à l'administration a besoin de JavaScript");
      expect(await notice.isVisible()).toBe(true);
      expect(await page.getByLabel("Adresse e-mail").isDisabled()).toBe(true);
      expect(await page.getByLabel("Mot de passe").isDisabled()).toBe(true);
    } finally {
      await context.close();
    }
  });

  it("sends a signed-in staff member straight on, and only ever to a back-office page", async () => {
    const admin = await signInCookie(baseURL, E2E_ADMIN.email, E2E_ADMIN.password);
    const on = await get(`/admin/connexion?retour=${encodeURIComponent("/admin/clients?q=dupont")}`, admin);
    expect(on.status).toBe(302);
    expect(on.headers.get("location")).toBe("/admin/clients?q=dupont");
    for (const retour of ["//evil.example/admin", "https://evil.example/admin", "/administration", "/admin/connexion", "/compte"]) {
      const res = await get(`/admin/connexion?retour=${encodeURIComponent(retour)}`, admin);
      expect(res.status, retour).toBe(302);
      expect(res.headers.get("location"), retour).toBe("/admin");
    }
    // Signed out, the page is the form (no redirect), whatever the return.
    const visitor = await get(`/admin/connexion?retour=${encodeURIComponent("//evil.example")}`);
    expect(visitor.status).toBe(200);
    expect(await visitor.text()).toContain("Connexion à l&#x27;administration");
  });
});

describe("two-factor enrolment (/admin/double-authentification)", () => {
  it("sends a visitor to the sign-in, refuses a shopper in French, and sends an enrolled member on", async () => {
    const out = await get(`/admin/double-authentification?retour=${encodeURIComponent("/admin/commandes")}`);
    expect(out.status).toBe(302);
    expect(out.headers.get("location")).toBe("/admin/connexion?retour=%2Fadmin%2Fcommandes");

    const shopper = await signUpCookie(baseURL, uniqueEmail("shopper-2fa"));
    const refused = await get("/admin/double-authentification", shopper);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("Accès réservé à l&#x27;équipe de la boutique");

    const admin = await signInCookie(baseURL, E2E_ADMIN.email, E2E_ADMIN.password);
    const enrolled = await get(`/admin/double-authentification?retour=${encodeURIComponent("/admin/stock")}`, admin);
    expect(enrolled.status).toBe(302);
    expect(enrolled.headers.get("location")).toBe("/admin/stock");
  });

  describe.runIf(Boolean(databaseUrl))("a staff account without two-factor (PostgreSQL)", () => {
    let db: DatabaseHandle;
    const email = uniqueEmail("staff-enrol");
    const password = "Equipe-Secret1!";
    let userId: string;

    beforeAll(async () => {
      db = await openDatabase({ kind: "postgres", url: databaseUrl!, poolSize: 2 });
      await signUpCookie(baseURL, email, password, "Camille");
      const [account] = await db.db.select({ id: user.id }).from(user).where(eq(user.email, email));
      userId = account.id;
      await makeStaff(db.db, userId, "logistics");
    });
    afterAll(async () => {
      await db?.close();
    });

    it("signs in, is sent to the enrolment, enrols from the key shown and lands on the page asked for", async () => {
      const context = await newShopContext(browser, baseURL, { viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      try {
        await page.goto("/admin/commandes?statut=en-attente");
        await page.waitForURL((url) => url.pathname === "/admin/connexion");
        await waitForHydration(page);
        await page.getByLabel("Adresse e-mail").fill(email);
        await page.getByLabel("Mot de passe").fill(password);
        await page.getByRole("button", { name: "Continuer" }).click();

        await page.waitForURL((url) => url.pathname === "/admin/double-authentification");
        expect(new URL(page.url()).searchParams.get("retour")).toBe("/admin/commandes?statut=en-attente");
        await page.getByRole("heading", { level: 1, name: "Activez la double authentification" }).waitFor();
        await page.getByText("obligatoire").first().waitFor();
        await waitForHydration(page);

        await page.getByLabel("Mot de passe").fill("not-the-password");
        await page.getByRole("button", { name: "Commencer l'activation" }).click();
        await expect
          .poll(() => page.getByRole("alert").textContent())
          .toBe("Mot de passe incorrect : saisissez celui de votre compte d'équipe.");

        await page.getByLabel("Mot de passe").fill(password);
        await page.getByRole("button", { name: "Commencer l'activation" }).click();
        // The QR code (drawn on the page, an SVG), the key as text, the recovery codes.
        const qr = page.getByRole("img", { name: "Code QR à scanner avec votre application d'authentification" });
        await qr.waitFor();
        expect(await qr.locator("svg").count()).toBe(1);
        expect(await page.locator("img[src^='http']").count()).toBe(0);
        const secret = await page.getByLabel("Clé de configuration").inputValue();
        expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
        expect(await page.getByRole("list", { name: "Codes de secours" }).getByRole("listitem").count()).toBe(8);
        // The step's heading took the focus, for a screen reader to read on from there.
        await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe("H2");
        expect(await sidewaysOverflow(page)).toBe(0);

        await page.getByLabel("Code de l'application d'authentification").fill(wrongCodeFor(secret));
        await page.getByRole("button", { name: "Activer la double authentification" }).click();
        await expect.poll(() => page.getByRole("alert").textContent()).toBe("Code de vérification incorrect");

        await page.getByLabel("Code de l'application d'authentification").fill(totp(secret));
        await page.getByRole("button", { name: "Activer la double authentification" }).click();
        await page.waitForURL((url) => url.pathname === "/admin/commandes");
        expect(new URL(page.url()).searchParams.get("statut")).toBe("en-attente");
        await page.getByRole("heading", { level: 1 }).waitFor();

        // Two-factor is on, and the enrolment's session counts as having just passed it.
        const [account] = await db.db.select({ on: user.twoFactorEnabled }).from(user).where(eq(user.id, userId));
        expect(account.on).toBe(true);
        const sessions = await db.db.select({ id: sessionTable.id }).from(sessionTable).where(eq(sessionTable.userId, userId));
        const checks = await db.db
          .select()
          .from(staffFactorChecks)
          .where(
            inArray(
              staffFactorChecks.sessionId,
              sessions.map((s) => s.id),
            ),
          );
        expect(checks).toHaveLength(1);
        expect(Date.now() - checks[0].checkedAt.getTime()).toBeLessThan(60_000);

        // The next sign-in asks for the code.
        const again = await signInCookie(baseURL, email, password, secret);
        const on = await get("/admin/connexion", again);
        expect(on.headers.get("location")).toBe("/admin");
      } finally {
        await context.close();
      }
    });
  });
});
