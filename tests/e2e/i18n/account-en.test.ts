import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser, newShopContext, signedInContext, waitForHydration } from "../../support/browser";
import { uniqueEmail } from "../../support/accounts";
import { signUpCookie } from "../../support/http-session";
import { placeOrderOverHttp } from "../../support/orders-http";
import { e2eShop } from "../../support/e2e-shop";

/**
 * The account area in English (decision 044): a shopper chooses English in Préférences and the
 * whole site follows (the document reloads in the new language): the dashboard's tabs, an order's
 * detail, and, once signed out with the language cookie, the sign-in dialog. No raw key shows.
 */
const baseURL = e2eShop().baseURL;
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
    await waitForHydration(page);
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
    await waitForHydration(page);
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
    await waitForHydration(page);
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
    await waitForHydration(page);
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

  it("shows /profile and a support ticket's form and conversation in English", async () => {
    const cookie = await signUpCookie(baseURL, uniqueEmail("english-profile"), "Secret123!Aurore", "Emma");
    const page = await open(cookie);
    // The footer's language form: saves "en" in Préférences and sets the cookie of this context.
    const switched = await page.request.post(`${baseURL}/langue`, {
      form: { language: "en", redirectTo: "/profile" },
      headers: { origin: baseURL },
      maxRedirects: 0,
    });
    expect(switched.status()).toBe(302);

    // /profile: the read view, then the edit form with an English schema message.
    const response = await page.goto("/profile");
    const html = (await response?.text()) ?? "";
    expect(html).toMatch(/<html lang="en"/);
    expect(withoutScripts(html)).not.toMatch(RAW_KEY);
    await waitForHydration(page);
    const main = page.getByRole("main");
    await main.getByRole("heading", { name: "My Profile", level: 1 }).waitFor();
    expect(await main.getByRole("heading", { name: "Personal information" }).isVisible()).toBe(true);
    expect(await main.getByRole("heading", { name: "Order history" }).isVisible()).toBe(true);
    const view = await mainText(page);
    expect(view).toContain("Date of birth");
    expect(view).toContain("Not provided");
    for (const french of ["Mon Profil", "Informations personnelles", "Historique des commandes", "Date de naissance", "Non renseigné"]) {
      expect(view, french).not.toContain(french);
    }
    const edit = main.getByRole("button", { name: "Edit", exact: true });
    const birthDate = main.getByLabel("Date of birth (optional)");
    await expect
      .poll(
        async () => {
          if (await birthDate.isVisible()) return true;
          await edit.click({ timeout: 1000 }).catch(() => undefined);
          return birthDate.isVisible();
        },
        { timeout: 20_000, interval: 100 },
      )
      .toBe(true);
    expect(await main.getByText("The e-mail address cannot be changed.").isVisible()).toBe(true);
    await main.getByLabel("Phone (optional)").fill("abc");
    await birthDate.fill("2090-01-01");
    await main.getByRole("button", { name: "Save", exact: true }).click();
    await main.getByText("Invalid phone format").waitFor();
    await main.getByText("The date of birth cannot be in the future").waitFor();
    await main.getByLabel("Phone (optional)").fill("");
    await birthDate.fill("1990-03-14");
    await main.getByRole("button", { name: "Save", exact: true }).click();
    await main.getByRole("status").filter({ hasText: "Profile updated" }).waitFor();
    await expect.poll(() => mainText(page), { timeout: 10_000 }).toContain("14 March 1990");
    expect(await mainText(page)).not.toMatch(RAW_KEY);

    // Support: the ticket form, its errors and counter, then the conversation.
    await page.goto("/dashboard?tab=support");
    await waitForHydration(page);
    const newTicket = main.getByRole("button", { name: "New ticket" }).first();
    const dialog = page.getByRole("dialog", { name: "New ticket" });
    await expect
      .poll(
        async () => {
          if (await dialog.isVisible()) return true;
          await newTicket.click({ timeout: 1000 }).catch(() => undefined);
          await dialog.waitFor({ timeout: 1500 }).catch(() => undefined);
          return dialog.isVisible();
        },
        { timeout: 20_000, interval: 100 },
      )
      .toBe(true);
    expect(await dialog.getByRole("button", { name: "Close" }).isVisible()).toBe(true);
    expect(await dialog.getByLabel("Category").locator("option:checked").innerText()).toBe("Other");
    expect(await dialog.getByLabel("Priority").locator("option:checked").innerText()).toBe("Normal");
    await dialog.getByLabel("Description").fill("The bottle arrived broken.");
    expect(await dialog.getByText("26 / 5,000 characters").isVisible()).toBe(true);
    await dialog.getByRole("button", { name: "Send the ticket" }).click();
    await dialog.getByText("The subject is required").waitFor();
    const form = await dialog.innerText();
    expect(form).toContain("Fields marked");
    for (const french of ["Sujet", "Catégorie", "Priorité", "Annuler", "Envoyer le ticket", "caractères", "obligatoire"]) {
      expect(form, french).not.toContain(french);
    }
    expect(form).not.toMatch(RAW_KEY);
    await dialog.getByLabel("Subject").fill("Damaged parcel");
    await dialog.getByRole("button", { name: "Send the ticket" }).click();
    await dialog.waitFor({ state: "detached" });

    const ticket = main.getByRole("list", { name: "My tickets" }).getByRole("listitem", { name: "Damaged parcel" });
    await ticket.getByRole("button", { name: "Show the conversation" }).click();
    const thread = ticket.getByRole("list", { name: /^Conversation of ticket SAV-\d{4}-\d{6}$/ });
    await thread.waitFor();
    expect(await thread.innerText()).toContain("You ·");
    expect(await thread.locator("time").first().innerText()).toMatch(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}$/);
    await ticket.getByRole("button", { name: "Send my reply" }).click();
    await ticket.getByRole("alert").filter({ hasText: "The message is required" }).waitFor();
    await ticket.getByLabel("Your reply").fill("Any news?");
    await ticket.getByRole("button", { name: "Send my reply" }).click();
    await thread.getByText("Any news?").waitFor();
    const conversation = await ticket.innerText();
    for (const french of ["Votre réponse", "Envoyer ma réponse", "Vous ·", "Chargement"]) {
      expect(conversation, french).not.toContain(french);
    }
    expect(conversation).not.toMatch(RAW_KEY);

    // The header bell: its name and panel.
    const bell = page.getByRole("button", { name: /^Notifications/ });
    const panel = page.getByRole("dialog", { name: "Notifications" });
    await expect
      .poll(
        async () => {
          if (await panel.isVisible()) return true;
          await bell.click({ timeout: 1000 }).catch(() => undefined);
          await panel.waitFor({ timeout: 1500 }).catch(() => undefined);
          return panel.isVisible();
        },
        { timeout: 20_000, interval: 100 },
      )
      .toBe(true);
    expect(await panel.getByRole("link", { name: "See all notifications" }).isVisible()).toBe(true);
    expect(await panel.getByRole("button", { name: "Mark all as read" }).isVisible()).toBe(true);
    expect(await panel.innerText()).not.toMatch(/Voir toutes|Tout marquer|Aucune notification|Chargement/);
  });

  it("keeps the French account pages French without the cookie", async () => {
    const html = await (await fetch(`${baseURL}/register`)).text();
    expect(html).toMatch(/<html lang="fr"/);
    expect(html).toContain("Créer un compte");
    expect(html).not.toContain("Create an account");
  });
});
