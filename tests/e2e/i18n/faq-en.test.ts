import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser, newShopContext, waitForHydration } from "../../support/browser";
import { uniqueEmail } from "../../support/accounts";
import { signUpCookie } from "../../support/http-session";
import { e2eShop } from "../../support/e2e-shop";

/**
 * The FAQ and the size guide in English (decision 044): the loader sends the questions and the
 * tables in the page's language only, the FAQ search looks through that language, and the French
 * pages stay as they were.
 */
const baseURL = e2eShop().baseURL;
let browser: Browser;
let context: BrowserContext;
let page: Page;

/** A catalog key left in a page: a message missing from the catalogs, shown as its key. */
const RAW_KEY = /\b(shop|account|checkout|common|emails)\.[a-zA-Z]+\.[a-zA-Z.]+/;

/** The page's visible HTML: without its scripts (the messages' payload holds every key by design). */
const withoutScripts = (html: string) => html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "");

/** The FAQPage structured data of a page's HTML. */
function faqJsonLd(html: string): { mainEntity: { name: string; acceptedAnswer: { text: string } }[] } {
  for (const [, json] of html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)) {
    const data = JSON.parse(json);
    if (data["@type"] === "FAQPage") return data;
  }
  throw new Error("no FAQPage structured data");
}

async function mainText(): Promise<string> {
  return (await page.getByRole("main").innerText()).replace(/\s+/g, " ");
}

/** Waits until React has committed the page's hydration and the element carries its props (a client render's too). */
async function elementHydrated(selector: string): Promise<void> {
  await waitForHydration(page, { timeout: 15_000 });
  await page.waitForFunction(
    (sel) => {
      const node = document.querySelector(sel);
      return Boolean(node && Object.keys(node).some((key) => key.startsWith("__reactProps")));
    },
    selector,
    { timeout: 15_000 },
  );
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

describe("the FAQ in English", () => {
  const searchBox = () => page.getByRole("searchbox", { name: "Search for a question" });

  it("shows English categories, questions and answers, and none of the French ones", async () => {
    await page.goto("/faq");
    await expect.poll(() => page.locator("html").getAttribute("lang")).toBe("en");
    for (const name of ["Orders & Delivery", "Payment & Prices", "Returns & Exchanges", "Beauty Pass & Loyalty", "Products & Advice"]) {
      expect(await page.getByRole("heading", { level: 2, name: new RegExp(`^${name} \\d+ questions$`) }).count(), name).toBe(1);
      expect(await page.getByRole("navigation", { name: "FAQ categories" }).getByRole("link", { name }).count(), name).toBe(1);
    }
    expect(await page.getByRole("link", { name: "All categories" }).getAttribute("aria-current")).toBe("true");
    expect(await searchBox().getAttribute("placeholder")).toBe("Search: delivery, returns, Beauty Pass…");
    expect(await page.getByRole("main").getByRole("status").textContent()).toBe("32 questions");

    await page.getByText("How do I return a product?").click();
    expect(await page.getByText(/Print the prepaid label/).isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "See how returns work" }).getAttribute("href")).toBe("/livraison-retours");

    const text = await mainText();
    expect(text).toContain("Didn't find your answer?");
    for (const french of [
      "Comment retourner un produit ?",
      "Imprimez l'étiquette prépayée",
      "Quels moyens de paiement acceptez-vous ?",
      "Retours & Échanges",
      "Toutes les catégories",
      "Vous n'avez pas trouvé votre réponse ?",
      "livraison",
    ]) {
      expect(text, french).not.toContain(french);
    }
  });

  it("sends English structured data and no raw key", async () => {
    const response = await fetch(`${baseURL}/faq`, { headers: { cookie: "aurore_lang=en" } });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<html lang="en"');
    expect(withoutScripts(html).match(RAW_KEY)?.[0] ?? null).toBeNull();
    const questions = faqJsonLd(html).mainEntity;
    expect(questions).toHaveLength(32);
    expect(questions.map((q) => q.name)).toContain("Which payment methods do you accept?");
    expect(questions.map((q) => q.name)).not.toContain("Quels moyens de paiement acceptez-vous ?");
    // One language only: the French answers are not in the page at all, scripts included.
    expect(html).toContain("pack the products with the invoice");
    expect(html).not.toContain("remballez les produits avec la facture");
  });

  it("searches the English texts: an English word finds its answer, a French one finds nothing", async () => {
    await page.goto("/faq");
    await elementHydrated("#faq-search");
    await searchBox().fill("refunded");
    await searchBox().press("Enter");
    await page.waitForURL((u) => u.searchParams.get("q") === "refunded");
    await page.getByRole("status").filter({ hasText: "2 questions for “refunded”" }).waitFor();
    expect(await page.getByText("When will I be refunded?").isVisible()).toBe(true);
    expect(await page.getByText(/You are refunded within \d+ to \d+ days/).isVisible()).toBe(true);
    expect(await page.getByText("Which payment methods do you accept?").count()).toBe(0);

    await page.getByRole("link", { name: "Returns & Exchanges" }).click();
    await page.waitForURL((u) => u.searchParams.get("category") === "retours-echanges");
    await page.getByRole("status").filter({ hasText: "2 questions for “refunded” in Returns & Exchanges" }).waitFor();

    await page.goto("/faq?q=rembours%C3%A9");
    expect(await page.getByRole("heading", { name: "No results found" }).isVisible()).toBe(true);
    expect(await page.getByRole("main").getByRole("status").textContent()).toBe("No question matches.");
    expect(await page.getByRole("button", { name: "Clear the filters" }).isVisible()).toBe(true);
  });

  it("follows a signed-in shopper's Préférences without the language cookie", async () => {
    const cookie = await signUpCookie(baseURL, uniqueEmail("faq-english"));
    const switched = await fetch(`${baseURL}/langue`, {
      method: "POST",
      headers: { cookie, origin: baseURL, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ language: "en", redirectTo: "/faq" }),
      redirect: "manual",
    });
    expect(switched.status).toBe(302);
    const html = await (await fetch(`${baseURL}/faq?q=pickup`, { headers: { cookie } })).text();
    expect(html).toContain('<html lang="en"');
    expect(html).toContain("Can I have my order delivered to a pickup point?");
    expect(html).not.toContain("Puis-je me faire livrer en point relais ?");
  });
});

describe("the size guide in English", () => {
  it("shows the tables, the advice and the calculator in English", async () => {
    await page.goto("/guide-tailles");
    await expect.poll(() => page.locator("html").getAttribute("lang")).toBe("en");
    const perfumes = page.getByRole("table", { name: /^Perfume sizes/ });
    expect(await perfumes.getByRole("columnheader").allTextContents()).toEqual(["Size", "Description", "Suggested use", "Lasts about"]);
    expect(await perfumes.getByRole("rowheader").allTextContents()).toEqual(["15 ml", "30 ml", "50 ml", "75 ml", "100 ml", "150 ml"]);
    expect(
      await page
        .getByRole("table", { name: /^Make-up/ })
        .getByRole("rowheader", { name: "Foundation" })
        .count(),
    ).toBe(1);
    expect(
      await page
        .getByRole("table", { name: /^Skincare/ })
        .getByRole("rowheader", { name: "Face cream" })
        .count(),
    ).toBe(1);
    expect(await page.getByRole("link", { name: "Contact customer service" }).getAttribute("href")).toBe("/service-client");
    const text = await mainText();
    expect(text).toContain("Estimated for 3 sprays a day, at about 0.1 ml per spray.");
    expect(text).toContain("Everyday wear of a perfume you already love");
    for (const french of [
      "Contenances de parfum",
      "Fond de teint",
      "Environ",
      "Besoin d'un conseil personnalisé",
      "Quelle contenance choisir",
    ]) {
      expect(text, french).not.toContain(french);
    }

    await elementHydrated("main button[aria-controls]");
    await page.getByRole("button", { name: "Open the calculator" }).click();
    await page.getByLabel("Sprays a day").fill("3");
    await page.getByLabel("How long it should last (in months)").fill("6");
    await page.getByRole("button", { name: "Calculate" }).click();
    const result = page.getByRole("status").filter({ hasText: "Suggested size" });
    await result.waitFor();
    expect(await result.textContent()).toBe("Estimated need: 54 ml (3 sprays × 30 days × 6 months × 0.1 ml).Suggested size: 75 ml");

    await page.getByLabel("Sprays a day").fill("0");
    await page.getByRole("button", { name: "Calculate" }).click();
    expect(await page.getByText("Enter a whole number of sprays between 1 and 20.").isVisible()).toBe(true);

    const html = await (await fetch(`${baseURL}/guide-tailles`, { headers: { cookie: "aurore_lang=en" } })).text();
    expect(withoutScripts(html).match(RAW_KEY)?.[0] ?? null).toBeNull();
    expect(html).not.toContain("Fond de teint");
  });
});

describe("the French pages stay French", () => {
  it("serves the French FAQ and size guide without the language cookie", async () => {
    const faq = await (await fetch(`${baseURL}/faq?q=retour`)).text();
    expect(faq).toContain('<html lang="fr"');
    expect(faq).toContain("Comment retourner un produit ?");
    expect(faq).toContain("pour « retour »");
    expect(faq).not.toContain("How do I return a product?");
    const guide = await (await fetch(`${baseURL}/guide-tailles`)).text();
    expect(guide).toContain("Fond de teint");
    expect(guide).toContain("Durées estimées pour 3 vaporisations par jour");
    expect(guide).toContain("0,1 ml par vaporisation.");
    expect(guide).not.toContain("Foundation");
  });
});
