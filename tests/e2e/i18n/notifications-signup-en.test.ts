import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { addSessionCookies, launchBrowser, newShopContext, waitForHydration } from "../../support/browser";
import { E2E_ADMIN, uniqueEmail } from "../../support/accounts";
import { signInCookie } from "../../support/http-session";
import { placeOrderOverHttp, setOrderStatusOverHttp } from "../../support/orders-http";
import { e2eShop } from "../../support/e2e-shop";

/**
 * Server-made texts in the reader's language (decision 044): an order-status notification is
 * worded in English in the bell of a shopper who reads English and stays French for a French
 * one; the sign-up dialog refuses a birth date under 15 years in either language.
 */
const baseURL = e2eShop().baseURL;
let browser: Browser;
let adminCookie: string;
const contexts: BrowserContext[] = [];

/** Signs up over HTTP from a page in `language` (the footer's cookie): the account keeps it. */
async function signUpIn(language: "fr" | "en", prefix: string): Promise<string> {
  const email = uniqueEmail(prefix);
  const res = await fetch(`${baseURL}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseURL, cookie: `aurore_lang=${language}` },
    body: JSON.stringify({ email, password: "Secret123!Aurore", name: "Emma", firstName: "Emma" }),
  });
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}

async function pageFor(cookie: string | null, language?: "en"): Promise<Page> {
  const context = await newShopContext(browser, baseURL);
  contexts.push(context);
  if (cookie) await addSessionCookies(context, baseURL, cookie);
  if (language) await context.addCookies([{ name: "aurore_lang", value: language, url: baseURL }]);
  return context.newPage();
}

/** Clicks until the dialog shows: the button works once hydrated, the dialog's code loads on first use. */
async function openDialogWith(button: Locator, dialog: Locator): Promise<Locator> {
  await expect
    .poll(
      async () => {
        if (await dialog.isVisible()) return true;
        await button.click({ timeout: 1000 }).catch(() => undefined);
        await dialog.waitFor({ timeout: 1500 }).catch(() => undefined);
        return dialog.isVisible();
      },
      { timeout: 20_000, interval: 100 },
    )
    .toBe(true);
  return dialog;
}

/** A day `years` years ago plus `days` (YYYY-MM-DD). */
function yearsAgo(years: number, days: number): string {
  const day = new Date();
  day.setUTCFullYear(day.getUTCFullYear() - years);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

beforeAll(async () => {
  browser = await launchBrowser();
  adminCookie = await signInCookie(baseURL, E2E_ADMIN.email, E2E_ADMIN.password);
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

describe("notifications in the reader's language", () => {
  it("shows an order's status notification in English in the bell of a shopper who reads English", async () => {
    const cookie = await signUpIn("en", "bell-en");
    const order = await placeOrderOverHttp(baseURL, cookie);
    expect((await setOrderStatusOverHttp(baseURL, adminCookie, order.id, "processing")).status).toBe(200);
    const page = await pageFor(cookie);
    await page.goto("/products");
    await waitForHydration(page);
    expect(await page.locator("html").getAttribute("lang")).toBe("en");
    const bell = page.getByRole("button", { name: /^Notifications/ });
    const list = page.getByRole("list", { name: "Latest notifications" });
    await openDialogWith(bell, list);
    await list.getByText(`Order ${order.number} being prepared`).waitFor();
    await list.getByText(`Your order ${order.number} is now: Being prepared.`).waitFor();
    const text = await list.innerText();
    expect(text).not.toContain("Commande");
    expect(text).not.toContain("Le statut de votre commande");
  });

  it("keeps the French wording for a French shopper", async () => {
    const cookie = await signUpIn("fr", "bell-fr");
    const order = await placeOrderOverHttp(baseURL, cookie);
    expect((await setOrderStatusOverHttp(baseURL, adminCookie, order.id, "processing")).status).toBe(200);
    const page = await pageFor(cookie);
    await page.goto("/products");
    await waitForHydration(page);
    const list = page.getByRole("list", { name: "Dernières notifications" });
    await openDialogWith(page.getByRole("button", { name: /^Notifications/ }), list);
    await list.getByText(`Commande ${order.number} en préparation`).waitFor();
    await list.getByText(`Le statut de votre commande ${order.number} est maintenant : En préparation.`).waitFor();
  });
});

describe("sign-up age", () => {
  it("refuses a birth date under 15 years on the field, in French and in English", async () => {
    const cases = [
      {
        language: undefined,
        signIn: "Connexion",
        signUp: "S'inscrire",
        dialog: "Inscription",
        birth: "Date de naissance",
        message: "Vous devez avoir au moins 15 ans",
      },
      {
        language: "en" as const,
        signIn: "Sign in",
        signUp: "Sign up",
        dialog: "Sign up",
        birth: "Date of birth",
        message: "You must be at least 15 years old",
      },
    ];
    for (const c of cases) {
      const page = await pageFor(null, c.language);
      await page.goto("/");
      await waitForHydration(page);
      const login = await openDialogWith(
        page.getByRole("banner").getByRole("button", { name: c.signIn }),
        page.getByRole("dialog", { name: c.signIn }),
      );
      await login.getByRole("button", { name: c.signUp }).click();
      const dialog = page.getByRole("dialog", { name: c.dialog });
      await dialog.waitFor();
      const birth = dialog.getByLabel(c.birth);
      await birth.fill(yearsAgo(14, 0));
      await dialog.getByRole("button", { name: c.signUp }).click();
      await dialog.getByText(c.message).waitFor();
      expect(await birth.getAttribute("aria-invalid")).toBe("true");
    }
  });
});
