import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { launchBrowser, newShopContext, waitForHydration } from "../../support/browser";
import { uniqueEmail } from "../../support/accounts";
import { e2eShop } from "../../support/e2e-shop";

/**
 * The bodies of /service-client, /beauty-pass and /carte-cadeau in English (decision 044): a visitor
 * who chose English in the footer (the aurore_lang cookie) reads them, fills their forms and gets
 * their messages in English. The French pages are checked by tests/e2e/info and accounts.
 */
const baseURL = e2eShop().baseURL;
let browser: Browser;
let context: BrowserContext;
let page: Page;

/** A catalog key left in a page: a message missing from the catalogs, shown as its key. */
const RAW_KEY = /\b(shop|account|checkout|common|emails)\.[a-zA-Z]+\.[a-zA-Z0-9.]+/;

/** The page's visible HTML: without its scripts (the messages' payload holds every key by design). */
function withoutScripts(html: string): string {
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "");
}

async function mainText(): Promise<string> {
  return (await page.getByRole("main").innerText()).replace(/\s+/g, " ");
}

/** Waits until React has committed the page's hydration and the element carries its props (a client render's too). */
async function elementHydrated(locator: Locator): Promise<void> {
  await waitForHydration(locator.page(), { timeout: 15_000 });
  await expect
    .poll(() => locator.evaluate((node) => Object.keys(node).some((key) => key.startsWith("__reactProps"))), { timeout: 15_000 })
    .toBe(true);
}

function expectNoFrench(text: string, sentences: readonly string[]): void {
  for (const french of sentences) expect(text, french).not.toContain(french);
}

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
beforeEach(async () => {
  context = await newShopContext(browser, baseURL, { locale: "en-GB" });
  await context.addCookies([{ name: "aurore_lang", value: "en", url: baseURL }]);
  page = await context.newPage();
});
afterEach(async () => {
  await context?.close();
});

describe("customer service, Beauty Pass and gift card pages in English", () => {
  it("leaves no raw catalog key in their HTML", async () => {
    for (const path of ["/service-client", "/service-client?formulaire=ouvert", "/beauty-pass", "/carte-cadeau"]) {
      const response = await fetch(`${baseURL}${path}`, { headers: { cookie: "aurore_lang=en" } });
      expect(response.status, path).toBe(200);
      const html = withoutScripts(await response.text());
      expect(html, path).toContain('<html lang="en"');
      expect(html.match(RAW_KEY)?.[0] ?? null, path).toBeNull();
    }
  });

  it("words /service-client in English: cards, opening hours, services and the contact form's messages", async () => {
    await page.goto("/service-client");
    await expect.poll(() => page.locator("html").getAttribute("lang")).toBe("en");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 2, name: "Contact us" }).isVisible()).resolves.toBe(true);
    await expect(main.getByRole("heading", { level: 3, name: "Live chat" }).isVisible()).resolves.toBe(true);
    await expect(main.getByRole("heading", { level: 2, name: "Our services" }).isVisible()).resolves.toBe(true);
    await expect(main.getByRole("list", { name: "Our commitments" }).getByText("Average response time").isVisible()).resolves.toBe(true);
    await expect(main.getByRole("link", { name: "See the full FAQ" }).getAttribute("href")).resolves.toBe("/faq");
    const text = await mainText();
    // The hours kept in Paramètres (Monday to Friday 9:00-19:00, Saturday 10:00-18:00 by default).
    expect(text).toContain("Monday to Friday 9am–7pm");
    expect(text).toContain("Saturday 10am–6pm");
    expect(text).toMatch(/Free 48-hour delivery from \d+\s€, free returns within \d+ days\./);
    expectNoFrench(text, [
      "Nous contacter",
      "Du lundi au vendredi",
      "de 9h à 19h",
      "Prix d'un appel local",
      "Échangez en direct avec une conseillère beauté.",
      "Retrouvez le statut de vos commandes",
      "Voir toute la FAQ",
    ]);

    // The contact form, validated in the browser: English labels and English messages.
    const write = main.getByRole("link", { name: "Write a message" });
    await elementHydrated(write);
    await write.click();
    const form = main.getByRole("region", { name: "Write to us" });
    await form.getByRole("heading", { name: "Write to us" }).waitFor();
    await form.getByRole("textbox", { name: "Name" }).fill("Jane Doe");
    await form.getByRole("textbox", { name: "E-mail" }).fill("not-an-address");
    await form.getByRole("textbox", { name: "Message" }).fill("Hello");
    await expect(form.getByText("5 / 5,000 characters").isVisible()).resolves.toBe(true);
    await form.getByRole("button", { name: "Send the message" }).click();
    await form.getByText("Please enter a valid e-mail address (e.g. name@example.com)").waitFor();
    await form.getByText("The subject is required").waitFor();
    await expect(form.getByRole("textbox", { name: "Subject" }).getAttribute("aria-invalid")).resolves.toBe("true");
    expectNoFrench(await form.innerText(), ["Le sujet est obligatoire", "Tous les champs sont obligatoires.", "caractères"]);
  });

  it("words /beauty-pass in English: tiers with the domain's figures, examples, conversion table and rules", async () => {
    await page.goto("/beauty-pass");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Beauty Pass");
    const tiers = main.getByRole("region", { name: "Three tiers, with benefits that grow" });
    const range = (name: string) =>
      tiers
        .getByRole("button", { name, exact: true })
        .evaluate((button) => document.getElementById(button.getAttribute("aria-describedby")!)?.textContent);
    await expect(range("Beauty Lover")).resolves.toBe("0 to 499 points");
    await expect(range("Beauty Expert")).resolves.toBe("500 to 999 points");
    await expect(range("Beauty VIP")).resolves.toBe("1,000 points and more");
    await expect(tiers.getByText("Free express delivery once a month").isVisible()).resolves.toBe(true);

    const table = main.getByRole("table", { name: "Points converted into discounts" });
    await expect(table.getByRole("columnheader", { name: "Discount" }).isVisible()).resolves.toBe(true);
    await expect(table.getByRole("rowheader", { name: "500 points" }).isVisible()).resolves.toBe(true);
    await expect(main.getByRole("heading", { level: 2, name: "The Beauty Pass rules" }).isVisible()).resolves.toBe(true);
    await expect(main.getByRole("link", { name: "terms and conditions of sale", exact: true }).getAttribute("href")).resolves.toBe(
      "/conditions-generales#beauty-pass",
    );
    await expect(main.getByRole("link", { name: "Join the Beauty Pass" }).getAttribute("href")).resolves.toBe("/register");

    const text = await mainText();
    expect(text).toContain("cents do not count");
    expect(text).toContain("A Beauty Pass discount cannot be combined with a promo code.");
    expectNoFrench(text, [
      "Trois niveaux, des avantages qui grandissent",
      "La livraison express offerte une fois par mois",
      "Les centimes ne comptent pas",
      "Une réduction Beauty Pass ne se cumule pas avec un code promo.",
      "Prête à cumuler vos premiers points ?",
      "et plus",
    ]);

    // Pressing a tier still highlights it.
    const vip = tiers.getByRole("button", { name: "Beauty VIP", exact: true });
    await elementHydrated(vip);
    await vip.click();
    await expect(vip.getAttribute("aria-pressed")).resolves.toBe("true");
  });

  it("configures a gift card in English: a bad amount is refused in English, a good one joins the cart", async () => {
    await page.goto("/carte-cadeau");
    const main = page.getByRole("main");
    const custom = main.getByRole("spinbutton", { name: "Custom amount (€)" });
    await elementHydrated(custom);
    await expect(main.getByRole("radio", { name: "Birthday" }).isChecked()).resolves.toBe(true);
    await expect(main.getByRole("radio", { name: "By e-mail" }).isChecked()).resolves.toBe(true);
    await expect(
      main.getByRole("region", { name: "Good to know" }).getByText("Valid for 3 years from purchase.").isVisible(),
    ).resolves.toBe(true);

    // A bad amount: refused beside the field, in English.
    await custom.fill("5");
    await custom.press("Tab");
    await main.getByRole("alert").filter({ hasText: "The amount must be between 10 € and 500 €" }).waitFor();
    await expect(custom.getAttribute("aria-invalid")).resolves.toBe("true");
    // Offered without a valid amount: the button's status asks for one.
    await main.getByRole("button", { name: "Give this gift card" }).click();
    await main.getByRole("status").filter({ hasText: "Please choose an amount" }).waitFor();

    // A good one: 120 €, a message, sent by e-mail.
    await custom.fill("120");
    await main.getByRole("alert").filter({ hasText: "The amount must be between" }).waitFor({ state: "detached" });
    await main.getByRole("textbox", { name: /Recipient's name/ }).fill("Sam");
    await main.getByRole("textbox", { name: /Personal message/ }).fill("Happy birthday!");
    const preview = main.getByRole("region", { name: "Preview" });
    await expect(preview.textContent()).resolves.toContain("For Sam");
    const summary = main.getByRole("status", { name: "Summary" });
    await expect(summary.textContent()).resolves.toContain("Sent by e-mail");

    // The e-mail is required for an e-mail delivery: said in English, then given.
    await main.getByRole("button", { name: "Give this gift card" }).click();
    await main.getByRole("alert").filter({ hasText: "The recipient's e-mail is required for a card sent by e-mail" }).waitFor();
    await main.getByRole("textbox", { name: /Recipient's e-mail/ }).fill(uniqueEmail("recipient-en"));
    await main.getByRole("button", { name: "Give this gift card" }).click();
    await main.getByRole("status").filter({ hasText: "Gift card added to your cart" }).waitFor();
    const stored = await page.evaluate(
      () => JSON.parse(localStorage.getItem("aurore-cart") ?? "null") as { giftCards?: { amountCents: number }[] } | null,
    );
    expect(stored?.giftCards).toEqual([expect.objectContaining({ amountCents: 12_000, occasion: "anniversaire" })]);
    await page
      .getByRole("dialog", { name: /My cart/ })
      .getByText(/Gift card 120,00\s€/)
      .waitFor();

    const text = await mainText();
    expectNoFrench(text, ["Montant libre", "Offrir cette carte cadeau", "Récapitulatif", "Bon à savoir", "Valable 3 ans", "Aperçu"]);
  });

  it("answers the balance check in English", async () => {
    await page.goto("/carte-cadeau");
    const balance = page.getByRole("region", { name: "Check a gift card's balance" });
    const check = balance.getByRole("button", { name: "Check the balance" });
    await elementHydrated(check);
    await balance.getByRole("textbox", { name: "Gift card code" }).fill("ABCD-EFGH-JKLM-NPQR");
    await check.click();
    await balance.getByRole("status").filter({ hasText: "Unknown gift card code" }).waitFor();
  });
});
