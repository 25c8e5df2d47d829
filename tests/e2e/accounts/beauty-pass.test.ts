/**
 * Beauty Pass read side: the /beauty-pass page (tiers, examples, conversion, rules, FAQ, its own
 * tier for a member, cache policy), /register and its sign-up dialog, the profile card, the
 * dashboard history and GET /api/v1/loyalty.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { addSessionCookies, launchBrowser, newShopContext, seriousA11yViolations, waitForHydration } from "../../support/browser";
import { uniqueEmail } from "../../support/accounts";
import { signUpCookie } from "../../support/http-session";
import { e2eShop } from "../../support/e2e-shop";

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

function useSession(ctx: BrowserContext, cookieHeader: string): Promise<void> {
  return addSessionCookies(ctx, baseURL, cookieHeader);
}

/** Waits until React has committed the page's hydration and the element carries its props (a client render's too). */
async function elementHydrated(locator: Locator): Promise<void> {
  await waitForHydration(locator.page(), { timeout: 15_000 });
  await expect
    .poll(() => locator.evaluate((node) => Object.keys(node).some((key) => key.startsWith("__reactProps"))), {
      timeout: 15_000,
    })
    .toBe(true);
}

const TIERS = ["Beauty Lover", "Beauty Expert", "Beauty VIP"];
const tierButton = (name: string) => page.getByRole("button", { name, exact: true });

describe("/beauty-pass for a visitor", () => {
  it("shows three tier cards; pressing one highlights it and only it", async () => {
    const res = await page.goto("/beauty-pass");
    expect(res?.status()).toBe(200);
    expect(res?.headers()["cache-control"]).toContain("s-maxage");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Beauty Pass");

    for (const name of TIERS) expect(await tierButton(name).getAttribute("aria-pressed"), name).toBe("false");
    const range = (name: string) =>
      tierButton(name).evaluate((b) => document.getElementById(b.getAttribute("aria-describedby")!)?.textContent);
    expect(await range("Beauty Lover")).toBe("0 à 499 points");
    expect(await range("Beauty Expert")).toBe("500 à 999 points");
    expect(await range("Beauty VIP")).toMatch(/^1\s000 points et plus$/);
    const cards = page
      .getByRole("region", { name: "Trois niveaux, des avantages qui grandissent" })
      .getByRole("listitem")
      .filter({
        has: page.getByRole("heading", { level: 3 }),
      });
    expect(await cards.count()).toBe(3);
    expect(await cards.nth(1).textContent()).toContain("La livraison express offerte une fois par mois");
    expect(await cards.nth(2).textContent()).toContain("La livraison express offerte en illimité");

    await elementHydrated(tierButton("Beauty Expert"));
    await tierButton("Beauty Expert").click();
    expect(await tierButton("Beauty Expert").getAttribute("aria-pressed")).toBe("true");
    expect(await tierButton("Beauty Lover").getAttribute("aria-pressed")).toBe("false");
    await tierButton("Beauty VIP").click();
    expect(await tierButton("Beauty VIP").getAttribute("aria-pressed")).toBe("true");
    expect(await tierButton("Beauty Expert").getAttribute("aria-pressed")).toBe("false");
    // A click anywhere on the card selects it too (the button stretches over it, hence force).
    await cards
      .nth(0)
      .getByText("2 échantillons offerts au choix dans chaque commande (3 en Beauty Expert, 4 en VIP), dans la limite des stocks")
      .click({ force: true });
    expect(await tierButton("Beauty Lover").getAttribute("aria-pressed")).toBe("true");
    expect(await tierButton("Beauty VIP").getAttribute("aria-pressed")).toBe("false");
  });

  it("gives points examples, the conversion table, the rules and a FAQ; no serious axe violation", async () => {
    await page.goto("/beauty-pass");
    const examples = page.getByRole("region", { name: "Gagnez des points" });
    expect((await examples.textContent())?.replace(/\s/g, " ")).toContain("Commande de 45 €= 45 points");

    const table = page.getByRole("table", { name: "Conversion des points en réduction" });
    const rows = await table.getByRole("row").allTextContents();
    expect(rows.map((r) => r.replace(/\s/g, " "))).toEqual(["PointsRéduction", "100 points10 €", "200 points20 €", "500 points50 €"]);

    const rules = await page.getByRole("region", { name: "Les règles du Beauty Pass" }).textContent();
    expect(rules).toContain("« Livrée »");
    expect(rules).toContain("12 mois");
    expect(rules).toContain("30 jours avant");
    expect(rules).toContain("code promo");

    const faq = page.getByRole("region", { name: "Questions fréquentes" });
    expect(await faq.locator("details").count()).toBeGreaterThanOrEqual(4);
    await elementHydrated(tierButton("Beauty Lover"));
    await faq.getByText("Comment utiliser mes points ?").click();
    expect(await faq.locator("details[open]").count()).toBe(1);

    expect(await page.getByRole("main").getByRole("link", { name: "Découvrir nos produits" }).first().getAttribute("href")).toBe(
      "/products",
    );
    const violations = await seriousA11yViolations(page);
    expect(violations, violations.join("\n")).toEqual([]);
  });

  it("the link to /register opens the sign-up dialog; the page offers it again once closed", async () => {
    await page.goto("/beauty-pass");
    const join = page.getByRole("link", { name: "Rejoindre le Beauty Pass" });
    expect(await join.getAttribute("href")).toBe("/register");
    await elementHydrated(join);
    await join.click();
    await page.waitForURL((u) => u.pathname === "/register");
    const dialog = page.getByRole("dialog", { name: "Inscription" });
    await dialog.waitFor({ timeout: 15_000 });
    expect(await dialog.getByLabel("Prénom").count()).toBe(1);

    await dialog.getByRole("button", { name: "Fermer" }).click();
    await dialog.waitFor({ state: "hidden" });
    await page.getByRole("main").getByRole("button", { name: "Créer un compte" }).click();
    await dialog.waitFor();
  });

  it("/register is a page of its own: server-rendered 'Créer un compte' button, then the dialog", async () => {
    const html = await (await fetch(`${baseURL}/register`)).text();
    expect(html).toContain("Créer un compte</button>");
    expect(html).toContain("<noscript>");
    await page.goto("/register");
    await page.getByRole("dialog", { name: "Inscription" }).waitFor({ timeout: 15_000 });
  });

  it("signing up from /register leads to the dashboard", async () => {
    await page.goto("/register");
    const dialog = page.getByRole("dialog", { name: "Inscription" });
    await dialog.waitFor({ timeout: 15_000 });
    await dialog.getByLabel("Prénom").fill("Inès");
    await dialog.getByLabel("Nom", { exact: true }).fill("Laurent");
    await dialog.getByLabel("E-mail").fill(uniqueEmail("beauty-pass"));
    await dialog.getByLabel("Mot de passe", { exact: true }).fill("Secret123!Aurore");
    await dialog.getByRole("button", { name: "S'inscrire" }).click();
    await page.waitForURL((u) => u.pathname === "/dashboard", { timeout: 15_000 });
    await page.getByRole("heading", { name: "Mon Compte", level: 1 }).waitFor();
  });
});

describe("Beauty Pass of a signed-in shopper", () => {
  it("/profile shows the card: Beauty Lover, 0 point, next reward 50 points, no transaction yet", async () => {
    await useSession(context, await signUpCookie(baseURL, uniqueEmail("bp-profile")));
    const res = await page.goto("/profile");
    expect(res?.status()).toBe(200);
    const card = page.getByRole("region", { name: "Beauty Pass" });
    await card.waitFor();
    const value = (term: string) => card.locator(`dt:text-is("${term}") + dd`).textContent();
    expect(await value("Niveau")).toBe("Beauty Lover");
    expect(await value("Solde")).toBe("0 point");
    expect(await value("Points cumulés")).toBe("0 point");
    const bar = card.getByRole("progressbar", { name: "Prochaine récompense : 50 points" });
    expect(await bar.getAttribute("aria-valuenow")).toBe("0");
    expect(await bar.getAttribute("aria-valuetext")).toBe("0 point sur 50 points");
    expect(await card.getByText("pour atteindre le prochain palier").textContent()).toContain("50 points");
    expect(await card.getByText(/Aucune transaction pour le moment/).count()).toBe(1);
    expect(await card.getByRole("link", { name: "Voir toutes mes transactions" }).getAttribute("href")).toBe(
      "/dashboard?tab=profile#beauty-pass",
    );
    expect(await page.getByText("Erreur lors du chargement des points").count()).toBe(0);
  });

  it("the dashboard's profile tab holds the Beauty Pass history", async () => {
    await useSession(context, await signUpCookie(baseURL, uniqueEmail("bp-dashboard")));
    await page.goto("/dashboard?tab=profile#beauty-pass");
    const section = page.getByRole("region", { name: "Beauty Pass" });
    await section.waitFor();
    expect(await section.getByRole("heading", { name: "Historique des points" }).count()).toBe(1);
    expect(await section.getByText(/Aucune transaction pour le moment/).count()).toBe(1);
    expect(await section.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("0");
  });

  it("/beauty-pass shows the member's own tier and balance, privately", async () => {
    await useSession(context, await signUpCookie(baseURL, uniqueEmail("bp-member")));
    const res = await page.goto("/beauty-pass");
    expect(res?.headers()["cache-control"]).toBe("private, no-store");
    const mine = page.getByRole("region", { name: "Mon Beauty Pass" });
    expect(await mine.locator('dt:text-is("Mon niveau") + dd').textContent()).toBe("Beauty Lover");
    expect(await mine.locator('dt:text-is("Mon solde") + dd').textContent()).toBe("0 point");
    expect(await tierButton("Beauty Lover").getAttribute("aria-pressed")).toBe("true");
    expect(await page.getByText("Votre niveau", { exact: true }).count()).toBe(1);
    expect(await page.getByRole("link", { name: "Rejoindre le Beauty Pass" }).count()).toBe(0);

    // The visitor's copy right after is still the anonymous one.
    const anonymous = await fetch(`${baseURL}/beauty-pass`);
    expect(anonymous.headers.get("cache-control")).toContain("s-maxage");
    // The page's messages (decision 044) hold every text of the page, the member panel's too: only
    // what is rendered counts.
    const rendered = (await anonymous.text()).replace(/<script type="application\/json" id="aurore-i18n"[^>]*>[\s\S]*?<\/script>/, "");
    expect(rendered).toContain("Rejoindre le Beauty Pass");
    expect(rendered).not.toContain("Mon Beauty Pass");
  });

  it("/register sends a signed-in shopper to the dashboard", async () => {
    const cookie = await signUpCookie(baseURL, uniqueEmail("bp-register"));
    const res = await fetch(`${baseURL}/register`, { headers: { cookie }, redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/dashboard");
  });
});

describe("GET /api/v1/loyalty", () => {
  it("answers the caller's summary, and 401 in French to a visitor", async () => {
    const cookie = await signUpCookie(baseURL, uniqueEmail("bp-api"));
    const res = await fetch(`${baseURL}/api/v1/loyalty`, { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const { data } = (await res.json()) as { data: Record<string, unknown> };
    expect(data).toEqual({
      balance: 0,
      lifetime_points: 0,
      tier: { id: "lover", name: "Beauty Lover", min: 0, max: 499 },
      next_threshold: 50,
      progress_percent: 0,
      points_to_next: 50,
      next_expiry: null,
      transactions: [],
    });

    const visitor = await fetch(`${baseURL}/api/v1/loyalty`);
    expect(visitor.status).toBe(401);
    expect(((await visitor.json()) as { error: unknown }).error).toEqual({ code: "unauthenticated", message: "Connexion requise" });
  });

  it("is documented in the OpenAPI document", async () => {
    const doc = (await (await fetch(`${baseURL}/api/v1/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
    expect(Object.keys(doc.paths["/api/v1/loyalty"] ?? {})).toEqual(["get"]);
  });
});
