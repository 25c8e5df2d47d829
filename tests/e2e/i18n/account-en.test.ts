import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser, newShopContext, signedInContext, waitForHeaderHydration } from "../../support/browser";
import { uniqueEmail } from "../../support/accounts";
import { signUpCookie } from "../../support/http-session";
import { placeOrderOverHttp } from "../../support/orders-http";

/**
 * The account area in English (decision 044): a shopper chooses English in Préférences and the
 * whole site follows (the document reloads in the new language): the dashboard's tabs, an order's
 * detail, and, once signed out with the language cookie, the sign-in dialog. No raw key shows.
 */
const baseURL = inject("baseURL");
let browser: Browser;
const contexts: BrowserContext[] = [];

/** A key left untranslated would show as itself ("account.orders.count"). */
const RAW_KEY = /\b(shop|account|checkout|common|emails)\.[a-zA-Z]+\.[a-zA-Z.]+/;

/** The rendered HTML without its scripts (the document's message payload lists every key). */
const withoutScripts = (html: string) => html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "");

const ENGLISH_STATUS: Record<string, string> = { pending: "Pending", confirmed: "Confirmed", processing: "Being prepared" };

async function open(cookie: string | null): Promise<Page> {
  const context = cookie ? await signedInContext(browser, baseURL, cookie) : await newShopContext(browser, baseURL);
  contexts.push(context);
  return context.newPage();
}

/** The visible text of the page's main landmark. */
async function mainText(page: Page): Promise<string> {
  return page.getByRole("main").innerText();
}

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

describe("the account area in English", () => {
  it("switches the whole site to English from Préférences, then shows the tabs and an order in English", async () => {
    const cookie = await signUpCookie(baseURL, uniqueEmail("english"), "Secret123!Aurore", "Emma");
    const order = await placeOrderOverHttp(baseURL, cookie);
    const page = await open(cookie);

    await page.goto("/dashboard?tab=preferences");
    await waitForHeaderHydration(page);
    expect(await page.locator("html").getAttribute("lang")).toBe("fr");
    const main = page.getByRole("main");
    await main.getByLabel("Langue").selectOption("en");
    await main.getByRole("button", { name: "Enregistrer les préférences" }).click();
    // The root sees the new language and loads the document again in English.
    await page.waitForFunction(() => document.documentElement.lang === "en", null, { timeout: 20_000 });
    await main.getByRole("button", { name: "Save preferences" }).waitFor();
    expect(await main.getByLabel("Language").inputValue()).toBe("en");
    expect(await main.getByRole("group", { name: "E-mail notifications" }).isVisible()).toBe(true);

    // The profile tab and the account menu.
    await page.goto("/dashboard");
    await waitForHeaderHydration(page);
    expect(await page.locator("html").getAttribute("lang")).toBe("en");
    await main.getByRole("heading", { name: "My Account", level: 1 }).waitFor();
    const nav = main.getByRole("navigation", { name: "My account" });
    for (const label of ["Profile", "My Orders", "Address book", "Payment Methods", "Security", "Preferences"]) {
      expect(await nav.getByRole("link", { name: label }).isVisible(), label).toBe(true);
    }
    expect(await main.getByRole("button", { name: "Sign out" }).isVisible()).toBe(true);
    expect(await main.getByRole("link", { name: "Edit my profile" }).isVisible()).toBe(true);
    const profile = await mainText(page);
    for (const french of ["Mon Compte", "Déconnexion", "Modifier mon profil", "Mes données personnelles", "Carnet d'adresses"]) {
      expect(profile, french).not.toContain(french);
    }

    // Orders: the list, a card and its detail, with the status and the dates in English.
    await page.goto("/dashboard?tab=orders");
    await waitForHeaderHydration(page);
    await main.getByText("1 order", { exact: true }).waitFor();
    const card = main.getByRole("article", { name: `Order ${order.number}` });
    expect(await card.locator("[data-status]").innerText()).toBe(ENGLISH_STATUS[order.status as string]);
    expect(await card.locator("time").innerText()).toMatch(/^\d{1,2} [A-Z][a-z]+ \d{4}$/);
    const detailButton = card.getByRole("button", { name: "View details" });
    const dialog = page.getByRole("dialog", { name: `Order ${order.number}` });
    await expect
      .poll(
        async () => {
          if (await dialog.isVisible()) return true;
          await detailButton.click({ timeout: 1000 }).catch(() => undefined);
          await dialog.waitFor({ timeout: 1500 }).catch(() => undefined);
          return dialog.isVisible();
        },
        { timeout: 20_000, interval: 100 },
      )
      .toBe(true);
    for (const heading of ["Items", "Delivery address", "Payment"]) {
      expect(await dialog.getByRole("heading", { name: heading }).isVisible(), heading).toBe(true);
    }
    if (order.cancellable) expect(await dialog.getByRole("button", { name: "Cancel the order" }).isVisible()).toBe(true);
    expect(await dialog.getByRole("button", { name: "Order again" }).isVisible()).toBe(true);
    const detail = await dialog.innerText();
    for (const french of ["Passée le", "Sous-total", "Adresse de livraison", "Commander à nouveau", "Annuler la commande", "En attente"]) {
      expect(detail, french).not.toContain(french);
    }
    expect(detail).toMatch(/Placed on \d{1,2} [A-Z][a-z]+ \d{4}/);
    expect(detail).toContain("€");
    await page.keyboard.press("Escape");

    // Security, addresses and preferences: no raw key on any tab, nor French on the security tab.
    for (const tab of ["profile", "orders", "addresses", "payment", "notifications", "support", "security", "preferences"]) {
      const response = await page.goto(`/dashboard?tab=${tab}`);
      const html = (await response?.text()) ?? "";
      expect(html, tab).toMatch(/<html lang="en"/);
      expect(withoutScripts(html), tab).not.toMatch(RAW_KEY);
      expect(await mainText(page), tab).not.toMatch(RAW_KEY);
    }
    await page.goto("/dashboard?tab=security");
    const security = await mainText(page);
    expect(security).toContain("Sign-in history");
    for (const french of ["Changer le mot de passe", "Sessions actives", "Historique de connexion", "Navigateur"]) {
      expect(security, french).not.toContain(french);
    }
  });

  it("shows the sign-up, sign-in and forgotten-password dialogs in English to a visitor with the cookie", async () => {
    const page = await open(null);
    await page.context().addCookies([{ name: "aurore_lang", value: "en", url: baseURL }]);
    await page.goto("/register");
    await waitForHeaderHydration(page);
    expect(await page.locator("html").getAttribute("lang")).toBe("en");
    await page.getByRole("heading", { name: "Create an account", level: 1 }).waitFor();

    const signUp = page.getByRole("dialog", { name: "Sign up" });
    await signUp.waitFor();
    expect(await signUp.getByLabel("First name").isVisible()).toBe(true);
    expect(await signUp.getByLabel("Date of birth (optional)").isVisible()).toBe(true);
    await signUp.getByLabel("Password", { exact: true }).fill("short");
    const criteria = signUp.getByRole("list", { name: "Password requirements" });
    expect(await criteria.innerText()).toContain("At least 12 characters");
    expect(await criteria.innerText()).not.toContain("caractères");
    await signUp.getByRole("button", { name: "Sign up", exact: true }).click();
    await signUp.getByText("First name is required").waitFor();

    await signUp.getByRole("button", { name: "Sign in", exact: true }).click();
    const signIn = page.getByRole("dialog", { name: "Sign in" });
    await signIn.waitFor();
    expect(await signIn.getByRole("button", { name: "Forgotten your password?" }).isVisible()).toBe(true);
    expect(await signIn.getByRole("button", { name: "Show password" }).isVisible()).toBe(true);
    await signIn.getByLabel("E-mail").fill(uniqueEmail("nobody"));
    await signIn.getByLabel("Password", { exact: true }).fill("Secret123!Aurore");
    await signIn.getByRole("button", { name: "Sign In", exact: true }).click();
    await signIn.getByRole("alert").filter({ hasText: "Incorrect e-mail or password." }).waitFor();
    const dialogText = await signIn.innerText();
    expect(dialogText).not.toMatch(RAW_KEY);
    for (const french of ["Connexion", "Mot de passe", "Se Connecter", "Vous n'avez pas de compte"]) {
      expect(dialogText, french).not.toContain(french);
    }

    await signIn.getByRole("button", { name: "Forgotten your password?" }).click();
    const forgot = page.getByRole("dialog", { name: "Forgotten password" });
    await forgot.getByLabel("E-mail").fill(uniqueEmail("forgot"));
    await forgot.getByRole("button", { name: "Send the link" }).click();
    await forgot.getByRole("status").filter({ hasText: "If an account exists with this address" }).waitFor();

    const html = await (await fetch(`${baseURL}/register`, { headers: { cookie: "aurore_lang=en" } })).text();
    expect(html).toMatch(/<html lang="en"/);
    expect(withoutScripts(html)).not.toMatch(RAW_KEY);
  });

  it("keeps the French account pages French without the cookie", async () => {
    const html = await (await fetch(`${baseURL}/register`)).text();
    expect(html).toMatch(/<html lang="fr"/);
    expect(html).toContain("Créer un compte");
    expect(html).not.toContain("Create an account");
  });
});
