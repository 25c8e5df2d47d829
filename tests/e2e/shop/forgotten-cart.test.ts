import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { openDatabase, type DatabaseHandle } from "../../../app/.server/db/client";
import { cartReminders, user } from "../../../app/.server/db/schema";
import { signUnsubscribeToken } from "../../../app/.server/mail/unsubscribe-token";
import { E2E_ADMIN, uniqueEmail } from "../../support/accounts";
import { launchBrowser, newShopContext, seriousA11yViolations, signedInContext, waitForHydration } from "../../support/browser";
import { e2eShop } from "../../support/e2e-shop";
import { byRole, fetchPage, headings, links, named, textOf } from "../../support/html-page";
import { signInCookie, signUpCookie } from "../../support/http-session";
import { makeStaff, staffCookie } from "../../support/staff";

/**
 * The forgotten cart over HTTP (docs/decisions/069-forgotten-cart.md): the one-click unsubscribe
 * (RFC 8058) of the reminder mails, its confirmation page, bad tokens answered in French; the
 * back-office page "Paniers oubliés" and its permission; the settings refused in French.
 */
const { baseURL, dataDir, databaseUrl } = e2eShop();
/** The server's secret: it generated one in its DATA_DIR (no SESSION_SECRET in the tests' environment). */
const secret = () => fs.readFileSync(path.join(dataDir, "session-secret"), "utf8").trim();
const PAGE = "/e-mails/desinscription";

let shopperCookie: string;
let shopperId: string;
let adminCookie: string;

async function userIdOf(cookie: string): Promise<string> {
  const res = await fetch(`${baseURL}/api/auth/get-session`, { headers: { cookie } });
  const body = (await res.json()) as { user: { id: string } };
  return body.user.id;
}

/** Whether the shopper's "Promotions" switch is on, as the Préférences tab shows it. */
async function promotionsOn(cookie: string): Promise<boolean> {
  const page = await fetchPage(baseURL, "/dashboard?tab=preferences", { cookie });
  expect(page.status).toBe(200);
  const box = page.root.querySelector('input[name="emailPromotions"]');
  expect(box, "the Promotions switch").toBeTruthy();
  return box!.hasAttribute("checked");
}

/** The mail client's one-click POST (no cookie, no Origin: it comes from the mail provider). */
async function oneClick(token: string, body = "List-Unsubscribe=One-Click", contentType = "application/x-www-form-urlencoded") {
  const res = await fetch(`${baseURL}${PAGE}?token=${encodeURIComponent(token)}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": contentType },
    body,
  });
  return { status: res.status, text: await res.text() };
}

beforeAll(async () => {
  shopperCookie = await signUpCookie(baseURL, uniqueEmail("panier-oublie"), "Secret123!Aurore", "Camille");
  shopperId = await userIdOf(shopperCookie);
  adminCookie = await signInCookie(baseURL, E2E_ADMIN.email, E2E_ADMIN.password);
});

describe("one-click unsubscribe from marketing e-mails", () => {
  it("GET only asks, with a button; POST List-Unsubscribe=One-Click turns Promotions off without a session and answers 200", async () => {
    const token = signUnsubscribeToken(shopperId, secret());
    expect(await promotionsOn(shopperCookie)).toBe(true);

    const page = await fetchPage(baseURL, `${PAGE}?token=${encodeURIComponent(token)}`);
    expect(page.status).toBe(200);
    expect(textOf(headings(page.main, 1)[0]!)).toBe("Ne plus recevoir nos e-mails promotionnels ?");
    expect(byRole(page.main, "button", "Me désinscrire")).toHaveLength(1);
    expect(page.root.querySelector('meta[name="robots"]')?.getAttribute("content")).toBe("noindex");
    // Opening the link (a scanner, a preview) changed nothing.
    expect(await promotionsOn(shopperCookie)).toBe(true);

    const answer = await oneClick(token);
    expect(answer.status).toBe(200);
    expect(answer.text).toContain("Vous êtes désinscrit(e) des e-mails promotionnels");
    expect(await promotionsOn(shopperCookie)).toBe(false);

    // Again (a mail client retrying): still 200, still off.
    expect((await oneClick(token)).status).toBe(200);
    expect(await promotionsOn(shopperCookie)).toBe(false);
  });

  it("answers a bad, tampered or foreign token in French, never with a 500", async () => {
    const token = signUnsubscribeToken(shopperId, secret());
    const tampered = `${token.slice(0, -2)}${token.endsWith("AA") ? "BB" : "AA"}`;
    const otherUser = signUnsubscribeToken("un-autre-client", secret());
    const otherShop = signUnsubscribeToken(shopperId, "un-autre-secret-de-trente-deux-caracteres");
    for (const bad of ["", "nimporte-quoi", tampered, otherUser, otherShop, "x".repeat(5_000), "a.b.c"]) {
      const page = await fetchPage(baseURL, `${PAGE}?token=${encodeURIComponent(bad)}`);
      expect(page.status, bad.slice(0, 20)).toBe(400);
      expect(textOf(headings(page.main, 1)[0]!)).toBe("Lien de désinscription non valable");
      expect(byRole(page.main, "button", "Me désinscrire")).toHaveLength(0);
      const posted = await oneClick(bad);
      expect(posted.status).toBe(400);
      expect(posted.text).toContain("Ce lien de désinscription n&#x27;est pas valable ou a été modifié.");
    }
    // A valid token without the RFC 8058 body, or with a body that is no form: refused, no 500.
    expect((await oneClick(token, "")).status).toBe(400);
    expect((await oneClick(token, "{oops", "application/json")).status).toBe(400);
    expect((await oneClick(token, "--x\r\nbroken", "multipart/form-data; boundary=x")).status).toBe(400);
  });
});

describe("the unsubscribe page in a browser", () => {
  let browser: Browser | undefined;
  afterAll(async () => {
    await browser?.close();
  });

  it("on a 390 px phone: accessible, the button unsubscribes, and the back-office page fits", async () => {
    browser = await launchBrowser();
    const cookie = await signUpCookie(baseURL, uniqueEmail("panier-oublie-mobile"), "Secret123!Aurore", "Léa");
    const token = signUnsubscribeToken(await userIdOf(cookie), secret());
    const context = await newShopContext(browser, baseURL, { viewport: { width: 390, height: 844 } });
    try {
      const page = await context.newPage();
      await page.goto(`${PAGE}?token=${encodeURIComponent(token)}`);
      await waitForHydration(page);
      await page.getByRole("heading", { level: 1, name: "Ne plus recevoir nos e-mails promotionnels ?" }).waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.getByRole("button", { name: "Me désinscrire" }).click();
      await page.getByRole("heading", { level: 1, name: "Vous êtes désinscrit(e) des e-mails promotionnels" }).waitFor();
      expect(await page.getByRole("button", { name: "Me désinscrire" }).count()).toBe(0);
      expect(await promotionsOn(cookie)).toBe(false);
    } finally {
      await context.close();
    }
    const admin = await signedInContext(browser, baseURL, adminCookie, { viewport: { width: 390, height: 844 } });
    try {
      const page = await admin.newPage();
      await page.goto("/admin/statistiques/paniers-oublies");
      await page.getByRole("heading", { level: 1, name: "Paniers oubliés" }).waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      // The table scrolls inside its panel; the page itself does not scroll sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    } finally {
      await admin.close();
    }
  });
});

describe("Statistiques > Paniers oubliés", () => {
  it("shows the totals and the reminders to a role with the statistics, linked from Statistiques", async () => {
    const stats = await fetchPage(baseURL, "/admin/statistiques", { cookie: adminCookie });
    expect(links(stats.main, "Paniers oubliés : rappels envoyés et paniers récupérés")).toHaveLength(1);

    const page = await fetchPage(baseURL, "/admin/statistiques/paniers-oublies", { cookie: adminCookie });
    expect(page.status).toBe(200);
    expect(textOf(headings(page.main, 1)[0]!)).toBe("Paniers oubliés");
    const totals = page.main.querySelector('ul[aria-label="Totaux des paniers oubliés"]');
    expect(totals && textOf(totals)).toMatch(/Rappels envoyés\s*\d+/);
    expect(totals && textOf(totals)).toMatch(/Montant récupéré\s*[\d\s,]+ €/);
  });

  it("refuses a shopper and a visitor", async () => {
    const shopper = await fetch(`${baseURL}/admin/statistiques/paniers-oublies`, {
      headers: { cookie: shopperCookie },
      redirect: "manual",
    });
    expect([302, 403]).toContain(shopper.status);
    const visitor = await fetch(`${baseURL}/admin/statistiques/paniers-oublies`, { redirect: "manual" });
    expect([302, 401]).toContain(visitor.status);
  });

  describe.runIf(Boolean(databaseUrl))("with a reminder and a recovered cart in the database (PostgreSQL)", () => {
    let db: DatabaseHandle;
    const staffEmail = uniqueEmail("logistique-paniers");
    const staffPassword = "Equipe-Secret1!";

    beforeAll(async () => {
      db = await openDatabase({ kind: "postgres", url: databaseUrl!, poolSize: 2 });
      await signUpCookie(baseURL, staffEmail, staffPassword, "Inès");
      const [member] = await db.db.select({ id: user.id }).from(user).where(eq(user.email, staffEmail));
      await makeStaff(db.db, member!.id, "logistics");
      await db.db.insert(cartReminders).values([
        {
          userId: shopperId,
          episodeStartedAt: new Date("2031-01-01T08:00:00Z"),
          step: 1,
          sentAt: new Date("2031-01-01T12:00:00Z"),
          cartAmountCents: 4_990,
          itemCount: 2,
        },
        {
          userId: shopperId,
          episodeStartedAt: new Date("2031-01-01T08:00:00Z"),
          step: 2,
          sentAt: new Date("2031-01-03T08:00:00Z"),
          cartAmountCents: 4_990,
          itemCount: 2,
          recoveredAmountCents: 5_980,
          recoveredAt: new Date("2031-01-03T10:00:00Z"),
        },
      ]);
    });
    afterAll(async () => {
      await db?.db.delete(cartReminders).where(eq(cartReminders.userId, shopperId));
      await db?.close();
    });

    it("lists them with step, customer, cart amount and the amount recovered", async () => {
      const page = await fetchPage(baseURL, "/admin/statistiques/paniers-oublies", { cookie: adminCookie });
      const rows = page.main.querySelectorAll("tbody tr").map((tr) => textOf(tr));
      const second = rows.find((r) => r.includes("2e rappel") && r.includes("Camille"));
      expect(second).toMatch(/49,90\s€/);
      expect(second).toMatch(/Oui : 59,80\s€/);
      expect(rows.find((r) => r.includes("1er rappel") && r.includes("Camille"))).toMatch(/Non$/);
      const totals = textOf(page.main.querySelector('ul[aria-label="Totaux des paniers oubliés"]')!);
      expect(totals).toMatch(/Paniers récupérés\s*[1-9]/);
    });

    it("refuses a role without statistics.read", async () => {
      const cookie = await staffCookie(baseURL, staffEmail, staffPassword);
      const res = await fetch(`${baseURL}/admin/statistiques/paniers-oublies`, { headers: { cookie }, redirect: "manual" });
      expect(res.status).toBe(403);
      expect(await res.text()).toContain("Accès refusé : il faut la permission « Statistiques");
    });
  });
});

describe("Paramètres > Paniers oubliés", () => {
  async function save(fields: Record<string, string>) {
    const res = await fetch(`${baseURL}/admin/parametres.data`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: baseURL, cookie: adminCookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "cart-reminders", ...fields }),
    });
    return { status: res.status, text: await res.text() };
  }

  afterAll(async () => {
    if (adminCookie) await save({ enabled: "on", firstDelayHours: "4", secondDelayHours: "48" });
  });

  it("refuses delays out of order or out of bounds in French, and saves sensible ones", async () => {
    const reversed = await save({ enabled: "on", firstDelayHours: "48", secondDelayHours: "4" });
    expect(reversed.text).toContain("Le second rappel doit partir après le premier");
    const words = await save({ enabled: "on", firstDelayHours: "quatre", secondDelayHours: "1000" });
    expect(words.text).toContain("Premier rappel : indiquez un nombre d'heures");
    expect(words.text).toContain("Second rappel : au plus 336 heures");

    expect((await save({ enabled: "on", firstDelayHours: "6", secondDelayHours: "72" })).text).toContain(
      "Rappels de paniers oubliés enregistrés",
    );
    const page = await fetchPage(baseURL, "/admin/parametres", { cookie: adminCookie });
    const form = named(page.main, "form", "Paniers oubliés")[0];
    expect(form, "the Paniers oubliés form").toBeTruthy();
    expect(form!.querySelector('input[name="firstDelayHours"]')?.getAttribute("value")).toBe("6");
    expect(form!.querySelector('input[name="secondDelayHours"]')?.getAttribute("value")).toBe("72");
    expect(form!.querySelector('input[name="enabled"]')?.hasAttribute("checked")).toBe(true);
  });
});
