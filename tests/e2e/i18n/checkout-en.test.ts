import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext } from "playwright-core";
import { launchBrowser, newShopContext } from "../../support/browser";
import { uniqueEmail } from "../../support/accounts";
import { signUpCookie } from "../../support/http-session";
import { addFromProductPage, cartLines } from "../../support/checkout-pages";
import { waitForMail } from "../../support/mail";
import { TEST_CARD_APPROVED } from "~/domain/checkout/checkout.schema";
import { e2eShop } from "../../support/e2e-shop";

const baseURL = e2eShop().baseURL;
const dataDir = e2eShop().dataDir;
let browser: Browser;

type ApiProduct = { id: string; name: string; price_cents: number; stock_quantity: number; in_stock: boolean; variant_count: number };

/** A catalog key shown as its id instead of its message. */
const RAW_KEY = /\b(shop|account|checkout|common|emails)\.[a-zA-Z]+\.[a-zA-Z.]+/;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function signedInContext(cookieHeader: string): Promise<BrowserContext> {
  const context = await newShopContext(browser, baseURL);
  await context.addCookies(
    cookieHeader.split("; ").map((pair) => {
      const i = pair.indexOf("=");
      return { name: pair.slice(0, i), value: pair.slice(i + 1), url: baseURL };
    }),
  );
  return context;
}

function api(pathname: string, cookie: string | null, init: RequestInit = {}) {
  return fetch(`${baseURL}${pathname}`, {
    ...init,
    headers: { origin: baseURL, "content-type": "application/json", ...(cookie ? { cookie } : {}) },
  });
}

describe("checkout and its e-mail in English (decision 044)", () => {
  it("takes a shopper whose Préférences say English through checkout in English and mails the confirmation in English", async () => {
    const email = uniqueEmail("english");
    const cookie = await signUpCookie(baseURL, email, "Secret123!Aurore", "Emma");
    const address = await api("/api/v1/addresses", cookie, {
      method: "POST",
      body: JSON.stringify({
        label: "Home",
        first_name: "Emma",
        last_name: "Stone",
        address_line_1: "8 rue de la Paix",
        city: "Paris",
        postal_code: "75002",
        country: "France",
        phone: "06 11 22 33 44",
      }),
    });
    expect(address.status).toBe(201);
    const context = await signedInContext(cookie);
    const page = await context.newPage();

    const catalogue = (await (await api("/api/v1/products?page_size=100", null)).json()) as { data: ApiProduct[] };
    const [product] = catalogue.data.filter((p) => p.variant_count === 1 && p.in_stock && p.stock_quantity >= 5 && p.price_cents < 4000);
    await addFromProductPage(page, product!);
    expect((await cartLines(page)).length).toBe(1);

    // The footer's choice saves the signed-in shopper's Préférences.
    const chosen = await fetch(`${baseURL}/langue`, {
      method: "POST",
      headers: { origin: baseURL, cookie },
      body: new URLSearchParams({ language: "en", redirectTo: "/checkout" }),
      redirect: "manual",
    });
    expect(chosen.status).toBe(302);

    const response = await page.goto("/checkout");
    expect(response?.status()).toBe(200);
    await expect(page.locator("html").getAttribute("lang")).resolves.toBe("en");
    const main = page.getByRole("main");
    await main.getByRole("heading", { level: 1, name: "Complete my order" }).waitFor();
    await main.getByRole("heading", { level: 2, name: "1. Delivery" }).waitFor();
    expect(await main.getByRole("navigation", { name: "Order steps" }).isVisible()).toBe(true);
    await main.getByRole("radio", { name: /8 rue de la Paix/ }).waitFor();
    // The delivery-method step and the contact details (decision 044, second part).
    await main.getByRole("group", { name: "Delivery method" }).waitFor();
    await main.getByRole("group", { name: "Contact details" }).waitFor();
    expect(await main.getByLabel("Full name").count()).toBe(1);
    await expect
      .poll(async () => (await main.textContent()) ?? "", { timeout: 10_000 })
      .toMatch(/Delivered from [A-Z][a-z]+day \d{1,2} [A-Z][a-z]+/);
    const shippingText = (await main.textContent()) ?? "";
    expect(shippingText).not.toMatch(RAW_KEY);
    for (const french of [
      "Finaliser ma commande",
      "Continuer vers le paiement",
      "Continuer mes achats",
      "Mode de livraison",
      "Livré à partir du",
      "Informations de contact",
      "Nom complet",
      "Sous-total",
    ]) {
      expect(shippingText).not.toContain(french);
    }

    await main.getByRole("button", { name: "Continue to payment" }).click();
    await main.getByRole("heading", { level: 2, name: "2. Payment" }).waitFor();
    expect(await main.getByRole("region", { name: "Your order summary" }).count()).toBe(1);
    await main.getByLabel("Cardholder name").fill("Emma Stone");
    await main.getByLabel("Card number").fill(TEST_CARD_APPROVED);
    await main.getByLabel("Expiry date (MM/YY)").fill("12/39");
    await main.getByLabel("Security code (CVC)").fill("123");
    const paymentText = (await main.textContent()) ?? "";
    expect(paymentText).not.toMatch(RAW_KEY);
    const summary = main.getByRole("region", { name: "Your order summary" });
    const summaryText = (await summary.textContent()) ?? "";
    expect(summaryText).toContain("Subtotal");
    expect(summaryText).toContain("Delivery (Mainland France)");
    expect(summaryText).toContain("Total incl. VAT");
    expect(summaryText).toContain("Deliver to");
    expect(await summary.getByLabel("Promo code").count()).toBe(1);
    expect(await main.getByRole("group", { name: "Gift card" }).count()).toBe(1);
    for (const french of [
      "Commander avec obligation de paiement",
      "Paiement simulé",
      "conditions générales de vente",
      "Titulaire",
      "Sous-total",
      "Total TTC",
      "Code promo",
      "Carte cadeau",
      "Livraison à",
      "Appliquer",
    ]) {
      expect(paymentText).not.toContain(french);
    }
    expect(await main.getByRole("link", { name: "terms and conditions of sale" }).getAttribute("href")).toBe("/conditions-generales");

    const order = main.getByRole("button", { name: "Place order with obligation to pay", exact: true });
    await expect.poll(() => order.isEnabled(), { timeout: 10_000 }).toBe(true);
    await order.click();
    await main.getByRole("heading", { level: 1, name: "Thank you for your order!" }).waitFor();
    const reference = (await main.locator("strong", { hasText: /^no\. AUR-/ }).textContent())?.replace("no. ", "").trim() ?? "";
    expect(reference).toMatch(/^AUR-\d{4}-\d{6}$/);
    expect(await main.getByRole("link", { name: "View my order" }).getAttribute("href")).toBe("/dashboard?tab=orders");
    const confirmation = main.getByRole("region", { name: "Order summary" });
    const confirmationText = (await confirmation.textContent()) ?? "";
    expect(confirmationText).toContain("Subtotal");
    expect(confirmationText).toMatch(/Total paid/);
    expect(confirmationText).not.toMatch(RAW_KEY);
    // The card paid with and the delivery block, worded from data (decision 044).
    expect(confirmationText).toContain("Visa card ending in 4242");
    expect(confirmationText).toMatch(/Standard delivery: expected delivery from [A-Z][a-z]+day/);
    for (const french of ["Sous-total", "Total payé", "Offerte", "•••• 4242", "Livraison standard", "Mode de livraison"]) {
      expect(confirmationText).not.toContain(french);
    }
    expect(await main.getByRole("link", { name: "Continue shopping" }).getAttribute("href")).toBe("/products");

    // The confirmation e-mail speaks English too.
    const mail = await waitForMail(dataDir, email, reference);
    expect(mail).toContain(`Subject: Confirmation of your order ${reference}`);
    expect(mail).toContain("Hello Emma,");
    expect(mail).toContain(`Thank you for your order ${reference} at Aurore.`);
    expect(mail).toContain("Subtotal: €");
    expect(mail).toContain("Delivery expected from ");
    expect(mail).toContain("Manage my e-mail preferences: ");
    expect(mail).toContain('lang="en"');
    expect(mail).not.toMatch(RAW_KEY);
    for (const french of ["Bonjour", "Merci pour votre commande", "Sous-total", "L'équipe Aurore", "Récapitulatif"]) {
      expect(mail).not.toContain(french);
    }
    await context.close();
  });
});
