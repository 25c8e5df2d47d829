import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser, newShopContext, signedInContext, waitForHydration } from "../../support/browser";
import { uniqueEmail } from "../../support/accounts";
import { signUpCookie } from "../../support/http-session";
import { e2eShop } from "../../support/e2e-shop";

/**
 * French left over on English pages (decision 044), found by visiting the shop with
 * `aurore_lang=en`: the delivery methods' names (shop data with a known English name), the
 * address form's countries, the card fields' errors and the overseas-delivery notice at checkout.
 * The French pages keep their words.
 */
const baseURL = e2eShop().baseURL;
let browser: Browser;
const contexts: BrowserContext[] = [];

type ApiProduct = { id: string; name: string; price_cents: number; stock_quantity: number; in_stock: boolean; variant_count: number };

/** A key left untranslated would show as itself ("checkout.message.…"). */
const RAW_KEY = /\b(shop|account|checkout|common|emails)\.[a-zA-Z]+\.[a-zA-Z.]+/;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

async function visitorPage(language: "fr" | "en"): Promise<Page> {
  const context = await newShopContext(browser, baseURL);
  contexts.push(context);
  if (language === "en") await context.addCookies([{ name: "aurore_lang", value: "en", url: baseURL }]);
  return context.newPage();
}

function api(pathname: string, cookie: string | null, init: RequestInit = {}) {
  return fetch(`${baseURL}${pathname}`, {
    ...init,
    headers: { origin: baseURL, "content-type": "application/json", ...(cookie ? { cookie } : {}) },
  });
}

async function saveAddress(cookie: string, city: string, postalCode: string, line: string) {
  const res = await api("/api/v1/addresses", cookie, {
    method: "POST",
    body: JSON.stringify({
      first_name: "Emma",
      last_name: "Stone",
      address_line_1: line,
      city,
      postal_code: postalCode,
      country: "France",
      phone: "06 11 22 33 44",
    }),
  });
  expect(res.status).toBe(201);
}

describe("French left on English pages (issue 21 audit)", () => {
  it("names the delivery methods in English on the delivery page, and in French on the French page", async () => {
    const page = await visitorPage("en");
    await page.goto("/livraison-retours");
    await waitForHydration(page);
    expect(await page.locator("html").getAttribute("lang")).toBe("en");
    const main = page.getByRole("main");
    for (const name of ["Standard delivery", "Pickup point", "Express delivery"]) {
      await main.getByRole("heading", { level: 3, name, exact: true }).waitFor();
    }
    expect(await main.getByRole("rowheader", { name: "Express delivery" }).count()).toBe(1);
    const text = await main.innerText();
    for (const french of ["Livraison standard", "Point relais", "Livraison express"]) expect(text, french).not.toContain(french);
    expect(text).not.toMatch(RAW_KEY);

    const french = await visitorPage("fr");
    await french.goto("/livraison-retours");
    for (const name of ["Livraison standard", "Point relais", "Livraison express"]) {
      await french.getByRole("main").getByRole("heading", { level: 3, name, exact: true }).waitFor();
    }
  });

  it("shows the checkout's delivery methods, card errors and overseas notice in English", async () => {
    const cookie = await signUpCookie(baseURL, uniqueEmail("audit-en"), "Secret123!Aurore", "Emma");
    await saveAddress(cookie, "Paris", "75002", "8 rue de la Paix");
    await saveAddress(cookie, "Fort-de-France", "97200", "12 rue Victor Hugo");
    const chosen = await fetch(`${baseURL}/langue`, {
      method: "POST",
      headers: { origin: baseURL, cookie },
      body: new URLSearchParams({ language: "en", redirectTo: "/" }),
      redirect: "manual",
    });
    expect(chosen.status).toBe(302);
    const context = await signedInContext(browser, baseURL, cookie);
    contexts.push(context);
    const page = await context.newPage();

    // A perfume: its alcohol is what the overseas notice is about.
    // Searched rather than taken from the first page: other tests add products and sell stock.
    const catalogue = (await (await api("/api/v1/products?search=eau&in_stock=1&page_size=100", null)).json()) as { data: ApiProduct[] };
    const perfume = catalogue.data.find(
      (p) => p.variant_count === 1 && p.in_stock && p.stock_quantity >= 5 && /eau de (parfum|toilette|cologne)/i.test(p.name),
    );
    expect(perfume).toBeDefined();
    // The address form names the countries in English (the value sent stays the French one).
    await page.goto("/dashboard?tab=addresses");
    await waitForHydration(page);
    await page.getByRole("main").getByRole("button", { name: "Add an address" }).click();
    const country = page.getByRole("dialog").getByLabel("Country");
    await country.waitFor();
    const options = await country.locator("option").evaluateAll((els) => els.map((o) => [(o as HTMLOptionElement).value, o.textContent]));
    expect(options).toContainEqual(["Belgique", "Belgium"]);
    expect(options).toContainEqual(["Suisse", "Switzerland"]);
    await page.keyboard.press("Escape");

    await addToCartInEnglish(page, perfume!.id);

    await page.goto("/checkout");
    await waitForHydration(page);
    expect(await page.locator("html").getAttribute("lang")).toBe("en");
    const main = page.getByRole("main");
    await main.getByRole("radio", { name: /8 rue de la Paix/ }).check();
    const methods = main.getByRole("group", { name: "Delivery method" });
    await methods.getByRole("radio", { name: /^Standard delivery/ }).waitFor();
    expect(await methods.getByRole("radio", { name: /^Express delivery/ }).count()).toBe(1);
    await expect.poll(async () => await main.innerText(), { timeout: 10_000 }).toMatch(/Standard delivery \(Colissimo\): delivered from/);
    let text = await main.innerText();
    for (const french of ["Livraison standard", "Livraison express", "Point relais"]) expect(text, french).not.toContain(french);

    // Overseas with a perfume: the notice in English.
    await main.getByRole("radio", { name: /Fort-de-France/ }).check();
    const notice = main.getByRole("note").filter({ hasText: "perfumes contain alcohol" });
    await notice.waitFor({ timeout: 10_000 });
    text = await main.innerText();
    expect(text).not.toContain("les parfums contiennent de l'alcool");

    // Back to Paris, to the payment step, and the order asked for with empty card fields.
    await main.getByRole("radio", { name: /8 rue de la Paix/ }).check();
    await main.getByRole("button", { name: "Continue to payment" }).click();
    await main.getByRole("heading", { level: 2, name: "2. Payment" }).waitFor();
    const order = main.getByRole("button", { name: "Place order with obligation to pay", exact: true });
    await expect.poll(() => order.isEnabled(), { timeout: 10_000 }).toBe(true);
    await order.click();
    await main.getByText("The cardholder's name is required").waitFor();
    await main.getByText("The security code is required").waitFor();
    text = await main.innerText();
    for (const french of ["Le nom du titulaire est obligatoire", "Le cryptogramme est obligatoire", "obligatoire"]) {
      expect(text, french).not.toContain(french);
    }
    expect(text).not.toMatch(RAW_KEY);
  });
});

/** Adds a product from its page in English (the shared helper clicks the French "Ajouter au panier"). */
async function addToCartInEnglish(page: Page, productId: string) {
  await page.goto(`/product/${productId}`);
  await waitForHydration(page);
  const button = page.getByRole("main").getByRole("button", { name: "Add to cart", exact: true }).first();
  const inCart = () =>
    page.evaluate(
      (id) =>
        (JSON.parse(localStorage.getItem("aurore-cart") ?? '{"items":[]}') as { items: { product_id: string }[] }).items.some(
          (l) => l.product_id === id,
        ),
      productId,
    );
  // The page is hydrated (above): one click adds one line.
  await button.click();
  await expect.poll(inCart, { timeout: 15_000 }).toBe(true);
}
