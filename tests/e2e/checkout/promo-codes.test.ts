import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, seriousA11yViolations, signedInContext } from "../../support/browser";
import { E2E_ADMIN, uniqueEmail } from "../../support/accounts";
import { addFromProductPage } from "../../support/checkout-pages";
import { signInCookie, signUpCookie } from "../../support/http-session";
import { apiCall, HTTP_ADDRESS, HTTP_CARD, HTTP_CONTACT } from "../../support/orders-http";
import { formatPrice } from "~/lib/money";
import { e2eShop } from "../../support/e2e-shop";

const baseURL = e2eShop().baseURL;
let browser: Browser;

type ApiProduct = { id: string; name: string; price_cents: number; stock_quantity: number; in_stock: boolean; variant_count: number };

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A shopper with a saved address, signed in through the auth API. */
async function shopper(prefix: string) {
  const email = uniqueEmail(prefix);
  const cookie = await signUpCookie(baseURL, email, "Secret123!Aurore", "Léa");
  const address = await apiCall(baseURL, "POST", "/api/v1/addresses", cookie, HTTP_ADDRESS);
  expect(address.status).toBe(201);
  return { email, cookie, addressId: address.json.data.id as string };
}

/** Opens the checkout with the product in the cart and types a code into 'Code promo'. */
async function applyAtCheckout(cookie: string, product: ApiProduct, typed: string) {
  const context = await signedInContext(browser, baseURL, cookie);
  const page = await context.newPage();
  await addFromProductPage(page, product);
  await page.goto("/checkout");
  const main = page.getByRole("main");
  await main.getByRole("heading", { level: 2, name: "1. Livraison" }).waitFor();
  const summary = main.getByRole("region", { name: "Récapitulatif" });
  await summary.getByText("Livraison (France métropolitaine)").waitFor();
  await summary.getByLabel("Code promo").fill(typed);
  await summary.getByRole("button", { name: "Appliquer" }).click();
  return { context, page, main, summary };
}

/** The back-office form: 'Nouveau code promo', fill, 'Créer le code', the row appears. */
async function createCodeInBackOffice(page: Page, fields: { code: string; percent: string; customerEmail?: string }) {
  await page.getByRole("button", { name: "Nouveau code promo" }).click();
  const dialog = page.getByRole("dialog", { name: "Nouveau code promo" });
  await dialog.waitFor();
  await dialog.getByLabel("Code", { exact: true }).fill(fields.code);
  await dialog.getByLabel("Réduction (%)").fill(fields.percent);
  if (fields.customerEmail) await dialog.getByLabel("Réservé au client (e-mail, facultatif)").fill(fields.customerEmail);
  await dialog.getByRole("button", { name: "Créer le code" }).click();
  await dialog.waitFor({ state: "hidden" });
}

describe("promo codes", () => {
  it("the administrator creates a code; a shopper types it in lower case with spaces and sees the discount", async () => {
    const adminCookie = await signInCookie(baseURL, E2E_ADMIN.email, E2E_ADMIN.password);
    const admin = await signedInContext(browser, baseURL, adminCookie);
    const adminPage = await admin.newPage();
    await adminPage.goto("/admin/promotions");
    await adminPage.getByRole("heading", { level: 1, name: "Codes promo" }).waitFor();
    await adminPage.getByRole("navigation", { name: "Sections de l'administration" }).getByRole("link", { name: "Codes promo" }).waitFor();
    expect(await seriousA11yViolations(adminPage)).toEqual([]);

    // Bad input first: a negative amount is refused in French, nothing is created.
    await adminPage.getByRole("button", { name: "Nouveau code promo" }).click();
    const dialog = adminPage.getByRole("dialog", { name: "Nouveau code promo" });
    await dialog.getByLabel("Code", { exact: true }).fill("NEGATIF");
    await dialog.getByLabel("Type de réduction").selectOption("fixed");
    await dialog.getByLabel("Réduction (€)").fill("-5");
    await dialog.getByRole("button", { name: "Créer le code" }).click();
    await dialog.getByRole("alert").getByText("Le montant ne peut pas être négatif").waitFor();
    await dialog.getByRole("button", { name: "Annuler" }).click();
    const server = await fetch(`${baseURL}/admin/promotions`, {
      method: "POST",
      headers: { cookie: adminCookie, origin: baseURL, "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: new URLSearchParams({ intent: "create", code: "NEGATIF", kind: "fixed", value: "-5" }),
    });
    expect(server.status).toBe(400);

    const code = `PRINTEMPS${randomUUID().slice(0, 4).toUpperCase()}`;
    await createCodeInBackOffice(adminPage, { code, percent: "15" });
    const row = adminPage.getByRole("row").filter({ hasText: code });
    await row.getByText("-15 %").waitFor();
    await admin.close();

    const catalogue = (await (await fetch(`${baseURL}/api/v1/products?page_size=100`)).json()) as { data: ApiProduct[] };
    const product = catalogue.data.find(
      (p) => p.variant_count === 1 && p.in_stock && p.stock_quantity >= 5 && p.price_cents >= 2000 && p.price_cents < 8000,
    )!;
    const lea = await shopper("promo");
    const typed = `  ${code.slice(0, 4).toLowerCase()} ${code.slice(4).toLowerCase()} `;
    const { context, page, main, summary } = await applyAtCheckout(lea.cookie, product, typed);
    const discount = Math.round((product.price_cents * 15) / 100);
    await summary.getByText(`Code promo ${code} appliqué : -${formatPrice(discount)}`).waitFor();
    await summary.getByText(formatPrice(product.price_cents - discount + 990), { exact: true }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Through to the order: the discount is on it.
    await main.getByRole("button", { name: "Continuer vers le paiement" }).click();
    await main.getByRole("heading", { level: 2, name: "2. Paiement" }).waitFor();
    const recap = main.getByRole("region", { name: "Récapitulatif de votre commande" });
    await recap.getByText(`Code promo ${code}`, { exact: true }).waitFor();
    await main.getByLabel("Titulaire de la carte").fill("Léa Moreau");
    await main.getByLabel("Numéro de carte").fill(HTTP_CARD.number);
    await main.getByLabel("Date d'expiration (MM/AA)").fill("12/39");
    await main.getByLabel("Cryptogramme (CVC)").fill("123");
    const orderButton = main.getByRole("button", { name: "Commander avec obligation de paiement", exact: true });
    await expect.poll(() => orderButton.isEnabled(), { timeout: 10_000 }).toBe(true);
    await orderButton.click();
    await main.getByRole("heading", { level: 1, name: "Merci pour votre commande !" }).waitFor();
    const orders = await apiCall(baseURL, "GET", "/api/v1/orders", lea.cookie);
    expect(orders.json.data).toHaveLength(1);
    expect(orders.json.data[0]).toMatchObject({
      promo_code: code,
      promo_discount_cents: discount,
      total_cents: product.price_cents - discount + 990,
    });
    await context.close();
  });

  it("a personal code bound to shopper A is refused for shopper B with the French reason", async () => {
    const a = await shopper("proprietaire");
    const b = await shopper("autre");
    const adminCookie = await signInCookie(baseURL, E2E_ADMIN.email, E2E_ADMIN.password);
    const admin = await signedInContext(browser, baseURL, adminCookie);
    const adminPage = await admin.newPage();
    await adminPage.goto("/admin/promotions");
    const code = `PERSO${randomUUID().slice(0, 6).toUpperCase()}`;
    await createCodeInBackOffice(adminPage, { code, percent: "20", customerEmail: a.email });
    await adminPage.getByRole("row").filter({ hasText: code }).getByText(`Réservé à ${a.email}`).waitFor();
    await admin.close();

    const catalogue = (await (await fetch(`${baseURL}/api/v1/products?page_size=100`)).json()) as { data: ApiProduct[] };
    const product = catalogue.data.find((p) => p.variant_count === 1 && p.in_stock && p.stock_quantity >= 5 && p.price_cents >= 2000)!;

    // B found the code (it leaked): refused at checkout, in the summary and by the API.
    const { context, summary } = await applyAtCheckout(b.cookie, product, code.toLowerCase());
    await summary.getByRole("alert").getByText("Ce code promo est réservé à un autre client").waitFor();
    await summary.getByText(formatPrice(product.price_cents + 990), { exact: true }).waitFor();
    await context.close();
    const order = (cookie: string, addressId: string) =>
      apiCall(
        baseURL,
        "POST",
        "/api/v1/orders",
        cookie,
        {
          address_id: addressId,
          contact: HTTP_CONTACT,
          card: HTTP_CARD,
          lines: [{ product_id: product.id, quantity: 1 }],
          promo_code: code,
        },
        { "idempotency-key": randomUUID() },
      );
    const refused = await order(b.cookie, b.addressId);
    expect(refused.status).toBe(400);
    expect(refused.json.error).toMatchObject({ code: "promo_code_refused", message: "Ce code promo est réservé à un autre client" });

    // A uses it.
    const accepted = await order(a.cookie, a.addressId);
    expect(accepted.status).toBe(201);
    expect(accepted.json.data).toMatchObject({ promo_code: code, promo_discount_cents: Math.round((product.price_cents * 20) / 100) });
  });
});
