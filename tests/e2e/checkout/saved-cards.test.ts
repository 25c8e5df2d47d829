import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Locator, Page, Request } from "playwright-core";
import { launchBrowser, seriousA11yViolations, signedInContext } from "../../support/browser";
import { uniqueEmail } from "../../support/accounts";
import { signUpCookie } from "../../support/http-session";
import { apiCall, HTTP_ADDRESS } from "../../support/orders-http";
import { addFromProductPage, cartLines, expectPaymentStepLayout, type CatalogueProduct } from "../../support/checkout-pages";
import { TEST_CARD_AUTHENTICATION } from "~/domain/checkout/checkout.schema";
import { e2eShop } from "../../support/e2e-shop";

/**
 * Saved cards and 3-D Secure as a shopper meets them: a card added in Moyens de Paiement pays an
 * order with its CVC typed again; the authentication test card opens the bank's stand-in, where
 * 'Valider' places the order and 'Échouer' leaves none; closing it unanswered and ordering again
 * reopens the same challenge; 'Enregistrer cette carte' at checkout lists the card in the account.
 * One shopper walks through all of it, in order.
 */
const baseURL = e2eShop().baseURL;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let cookie: string;
let products: CatalogueProduct[];
const yy = String((new Date().getFullYear() + 2) % 100).padStart(2, "0");
const ORDER_BUTTON = "Commander avec obligation de paiement";
const CHALLENGE = "Authentification de votre banque";

type Json = Record<string, any>;

async function ordersOf(): Promise<Json[]> {
  return (await apiCall(baseURL, "GET", "/api/v1/orders", cookie)).json.data as Json[];
}

/** One more product in the cart (if given), then the checkout's payment step (the saved address is preselected). */
async function toPaymentStep(product: CatalogueProduct | null): Promise<Locator> {
  if (product) await addFromProductPage(page, product);
  await page.goto("/checkout");
  const main = page.getByRole("main");
  await main.getByRole("heading", { level: 2, name: "1. Livraison" }).waitFor();
  await expect.poll(() => main.getByRole("radio", { name: /3 place Bellecour/ }).isChecked(), { timeout: 10_000 }).toBe(true);
  await main.getByRole("button", { name: "Continuer vers le paiement" }).click();
  await main.getByRole("heading", { level: 2, name: "2. Paiement" }).waitFor();
  return main;
}

async function placeOrder(main: Locator) {
  const order = main.getByRole("button", { name: ORDER_BUTTON, exact: true });
  await expect.poll(() => order.isEnabled(), { timeout: 10_000 }).toBe(true);
  await order.click();
}

async function fillNewCard(main: Locator, number: string) {
  await main.getByLabel("Titulaire de la carte").fill("Léa Moreau");
  await main.getByLabel("Numéro de carte").fill(number);
  await main.getByLabel("Date d'expiration (MM/AA)").fill(`12/${yy}`);
  await main.getByLabel("Cryptogramme (CVC)").fill("123");
}

async function expectConfirmation(main: Locator): Promise<string> {
  await main.getByRole("heading", { level: 1, name: "Merci pour votre commande !" }).waitFor();
  const reference = (await main.locator("strong", { hasText: /^n° AUR-/ }).textContent())?.replace("n° ", "").trim() ?? "";
  expect(reference).toMatch(/^AUR-\d{4}-\d{6}$/);
  return reference;
}

beforeAll(async () => {
  browser = await launchBrowser();
  cookie = await signUpCookie(baseURL, uniqueEmail("cartes-enregistrees"), "Secret123!Aurore", "Léa");
  expect((await apiCall(baseURL, "POST", "/api/v1/addresses", cookie, HTTP_ADDRESS)).status).toBe(201);
  const catalogue = await apiCall(baseURL, "GET", "/api/v1/products?page_size=100", null);
  products = (catalogue.json.data as CatalogueProduct[]).filter((p) => p.in_stock && p.stock_quantity >= 10 && p.price_cents < 4000);
  expect(products.length).toBeGreaterThanOrEqual(4);
  context = await signedInContext(browser, baseURL, cookie);
  page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe("saved cards and 3-D Secure", () => {
  it("adds a card in Moyens de Paiement and pays an order with it, the CVC asked again", async () => {
    await page.goto("/dashboard?tab=payment");
    await page.getByRole("heading", { name: "Moyens de Paiement", level: 2 }).waitFor();
    const add = page.getByRole("button", { name: "Ajouter une carte" });
    const dialog = page.getByRole("dialog", { name: "Ajouter une carte" });
    await expect
      .poll(
        async () => {
          if (await dialog.isVisible()) return true;
          await add.click({ timeout: 1000 }).catch(() => undefined);
          await dialog.waitFor({ timeout: 1500 }).catch(() => undefined);
          return dialog.isVisible();
        },
        { timeout: 20_000, interval: 100 },
      )
      .toBe(true);
    await dialog.getByLabel("Numéro de carte").fill("4242 4242 4242 4242");
    await dialog.getByText("Carte détectée : Visa").waitFor();
    await dialog.getByLabel("Date d'expiration (MM/AA)").fill(`12/${yy}`);
    await dialog.getByLabel("Titulaire de la carte").fill("Léa Moreau");
    await dialog.getByRole("button", { name: "Enregistrer la carte" }).click();
    await dialog.waitFor({ state: "detached" });
    const saved = page.getByRole("list", { name: "Cartes enregistrées" });
    await saved.getByText("Visa •••• 4242", { exact: true }).waitFor();
    await saved.getByText(`Expire 12/${yy}`).waitFor();

    // The payment step offers it, preselected, with its CVC asked again.
    const main = await toPaymentStep(products[0]);
    const card = main.getByRole("radio", { name: `Visa •••• 4242 (expire 12/${yy})` });
    expect(await card.isChecked()).toBe(true);
    expect(await main.getByRole("radio", { name: "Nouvelle carte" }).isChecked()).toBe(false);
    expect(await main.getByLabel("Numéro de carte").count()).toBe(0);
    const cvc = main.getByRole("textbox", { name: "Cryptogramme", exact: true });
    const recap = main.getByRole("region", { name: "Récapitulatif de votre commande" });
    await recap.getByText(products[0].name).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    // The recap stays the right column beside the saved-card choice, and a phone does not scroll sideways.
    await expectPaymentStepLayout(page, recap, cvc);

    await placeOrder(main);
    await main.getByText("Le cryptogramme est obligatoire").waitFor();
    expect(await cvc.getAttribute("aria-invalid")).toBe("true");
    expect(await cvc.evaluate((el) => el === document.activeElement)).toBe(true);
    await cvc.fill("123");
    await placeOrder(main);
    const reference = await expectConfirmation(main);
    const [placed] = await ordersOf();
    expect(placed.number).toBe(reference);
    expect(placed.metadata.payment).toMatchObject({ brand: "visa", last_four: "4242" });
  });

  it("pays with the 3-D Secure card: closing the challenge keeps it waiting, 'Valider' places the order", async () => {
    const main = await toPaymentStep(products[1]);
    await main.getByRole("radio", { name: "Nouvelle carte" }).check();
    await main.getByText(TEST_CARD_AUTHENTICATION).first().waitFor();
    await fillNewCard(main, TEST_CARD_AUTHENTICATION);
    const keys: string[] = [];
    const recordKey = (request: Request) => {
      if (request.method() === "POST" && new URL(request.url()).pathname === "/api/v1/orders") {
        keys.push(request.headers()["idempotency-key"] ?? "");
      }
    };
    page.on("request", recordKey);
    await placeOrder(main);

    const challenge = page.getByRole("dialog", { name: CHALLENGE });
    await challenge.waitFor();
    await challenge.getByText("Démonstration : cette fenêtre remplace la page de votre banque (3-D Secure).").waitFor();
    await challenge.getByText("•••• 3184").waitFor();
    expect(await challenge.getByRole("button", { name: "Valider" }).evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Escape answers nothing: no order, the focus back on the order button, the same challenge again.
    const before = (await ordersOf()).length;
    await page.keyboard.press("Escape");
    await challenge.waitFor({ state: "hidden" });
    await main.getByRole("status").filter({ hasText: "votre banque attend votre authentification" }).waitFor();
    const order = main.getByRole("button", { name: ORDER_BUTTON, exact: true });
    expect(await order.evaluate((el) => el === document.activeElement)).toBe(true);
    expect((await ordersOf()).length).toBe(before);
    await placeOrder(main);
    await challenge.waitFor();
    // The same attempt (one Idempotency-Key): the bank's same pending challenge, not a second payment.
    page.off("request", recordKey);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    await challenge.getByRole("button", { name: "Valider" }).click();

    const reference = await expectConfirmation(main);
    const orders = await ordersOf();
    expect(orders.length).toBe(before + 1);
    expect(orders[0]).toMatchObject({ number: reference });
    expect(orders[0].metadata.payment).toMatchObject({ last_four: "3184" });
    expect(await cartLines(page)).toEqual([]);
  });

  it("'Échouer' shows the bank's refusal in French and places no order", async () => {
    const main = await toPaymentStep(products[2]);
    await main.getByRole("radio", { name: "Nouvelle carte" }).check();
    await fillNewCard(main, TEST_CARD_AUTHENTICATION);
    const before = (await ordersOf()).length;
    await placeOrder(main);
    const challenge = page.getByRole("dialog", { name: CHALLENGE });
    await challenge.getByRole("button", { name: "Échouer" }).click();
    await challenge.waitFor({ state: "hidden" });
    await main
      .getByRole("alert")
      .getByText("Votre banque n'a pas validé le paiement (authentification 3-D Secure échouée) : vous n'avez pas été débité.")
      .waitFor();
    expect((await ordersOf()).length).toBe(before);
    expect((await cartLines(page)).length).toBe(1);
  });

  it("'Enregistrer cette carte' at checkout lists the card in Moyens de Paiement; a wrong CVC is refused", async () => {
    // The cart still holds the product of the failed payment.
    const main = await toPaymentStep(null);
    await main.getByRole("radio", { name: "Nouvelle carte" }).check();
    await fillNewCard(main, "5555 5555 5555 4444");
    await main.getByRole("checkbox", { name: "Enregistrer cette carte" }).check();
    await placeOrder(main);
    await expectConfirmation(main);

    await page.goto("/dashboard?tab=payment");
    const saved = page.getByRole("list", { name: "Cartes enregistrées" });
    await saved.getByText("Mastercard •••• 4444", { exact: true }).waitFor();
    await saved.getByText(`Expire 12/${yy}`).first().waitFor();
    const cards = (await apiCall(baseURL, "GET", "/api/v1/payment-methods", cookie)).json.data as Json[];
    expect(cards.map((c) => [c.brand, c.last4, c.usable]).sort()).toEqual([
      ["mastercard", "4444", true],
      ["visa", "4242", true],
    ]);

    // Kept with the CVC typed at checkout: a wrong one is refused by the bank, in French, no order.
    const before = (await ordersOf()).length;
    const pay = await toPaymentStep(products[3]);
    await pay.getByRole("radio", { name: `Mastercard •••• 4444 (expire 12/${yy})` }).check();
    await pay.getByRole("textbox", { name: "Cryptogramme", exact: true }).fill("999");
    await placeOrder(pay);
    await pay.getByRole("alert").getByText("Cryptogramme incorrect : vérifiez les 3 ou 4 chiffres au dos de votre carte.").waitFor();
    expect((await ordersOf()).length).toBe(before);
  });
});
