import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { launchBrowser, newShopContext, seriousA11yViolations, waitForHydration } from "../../support/browser";
import { E2E_ADMIN, uniqueEmail } from "../../support/accounts";
import { signInCookie, signUpCookie } from "../../support/http-session";
import { TEST_CARD_APPROVED, TEST_CARD_DECLINED } from "~/domain/checkout/checkout.schema";
import { DEFAULT_SHIPPING_SETTINGS, quoteShipping } from "~/domain/checkout/shipping.rules";
import { formatPrice } from "~/lib/money";
import { addFromProductPage, cartLines, expectPaymentStepLayout } from "../../support/checkout-pages";
import { e2eShop } from "../../support/e2e-shop";

const baseURL = e2eShop().baseURL;
const dataDir = e2eShop().dataDir;
let browser: Browser;

type ApiProduct = { id: string; name: string; price_cents: number; stock_quantity: number; in_stock: boolean; variant_count: number };

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A context signed in with the cookies of the auth API (no UI round trip). */
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
    headers: {
      origin: baseURL,
      "content-type": "application/json",
      ...(cookie ? { cookie } : {}),
      ...(init.headers as Record<string, string> | undefined),
    },
  });
}

const validAddress = {
  label: "Maison",
  first_name: "Léa",
  last_name: "Moreau",
  address_line_1: "8 rue de la Paix",
  city: "Paris",
  postal_code: "75002",
  country: "France",
  phone: "06 11 22 33 44",
};

async function expectNoSeriousA11yViolations(page: Page) {
  expect(await seriousA11yViolations(page)).toEqual([]);
}

describe("checkout guards", () => {
  it("asks a visitor to sign in (401) and hides the debug pages (404)", async () => {
    const context = await newShopContext(browser, baseURL);
    const page = await context.newPage();
    const response = await page.goto("/checkout");
    expect(response?.status()).toBe(401);
    await page.getByRole("heading", { level: 1, name: "Connexion requise" }).waitFor();
    const main = page.getByRole("main");
    const dialog = page.getByRole("dialog", { name: "Connexion" });
    await expect
      .poll(
        async () => {
          if (await dialog.isVisible()) return true;
          await main
            .getByRole("button", { name: "Connexion" })
            .click({ timeout: 1000 })
            .catch(() => undefined);
          await dialog.waitFor({ timeout: 1500 }).catch(() => undefined);
          return dialog.isVisible();
        },
        { timeout: 20_000, interval: 100 },
      )
      .toBe(true);
    await context.close();

    for (const pathname of ["/checkout-debug", "/checkout-diagnostic", "/address-test"]) {
      const res = await fetch(`${baseURL}${pathname}`);
      expect(res.status, pathname).toBe(404);
      expect(await res.text()).toContain("Page introuvable");
    }
    const fixed = await fetch(`${baseURL}/checkout-fixed`, { redirect: "manual" });
    expect(fixed.status).toBe(301);
    expect(new URL(fixed.headers.get("location") ?? "", baseURL).pathname).toBe("/checkout");
  });

  it("shows 'Panier vide' to a signed-in shopper with an empty cart", async () => {
    const cookie = await signUpCookie(baseURL, uniqueEmail("vide"));
    const context = await signedInContext(cookie);
    const page = await context.newPage();
    const response = await page.goto("/checkout");
    expect(response?.status()).toBe(200);
    await page.getByRole("heading", { level: 1, name: "Panier vide" }).waitFor();
    expect(await page.getByRole("main").getByRole("link", { name: "Découvrir nos produits" }).getAttribute("href")).toBe("/products");
    await context.close();
  });
});

describe("addresses API", () => {
  it("guards, validates and keeps each shopper's addresses to themselves", async () => {
    expect((await api("/api/v1/addresses", null)).status).toBe(401);
    const claire = await signUpCookie(baseURL, uniqueEmail("claire"));
    const marc = await signUpCookie(baseURL, uniqueEmail("marc"));

    const bad = await api("/api/v1/addresses", claire, { method: "POST", body: JSON.stringify({ ...validAddress, postal_code: "750" }) });
    expect(bad.status).toBe(400);
    const badBody = (await bad.json()) as { error: { details: { field: string; message: string }[] } };
    expect(badBody.error.details).toContainEqual({ field: "postal_code", message: "Le code postal doit contenir 5 chiffres" });
    expect((await api("/api/v1/addresses", claire, { method: "POST", body: "not json" })).status).toBe(400);

    const first = await api("/api/v1/addresses", claire, { method: "POST", body: JSON.stringify(validAddress) });
    expect(first.status).toBe(201);
    const home = ((await first.json()) as { data: { id: string; is_default: boolean } }).data;
    expect(home.is_default).toBe(true);
    const second = await api("/api/v1/addresses", claire, {
      method: "POST",
      body: JSON.stringify({ ...validAddress, label: "Bureau", postal_code: "69003", city: "Lyon" }),
    });
    const office = ((await second.json()) as { data: { id: string; is_default: boolean } }).data;
    expect(office.is_default).toBe(false);

    // Someone else's id reads as unknown.
    for (const init of [{}, { method: "PATCH", body: "{}" }, { method: "DELETE" }] as RequestInit[]) {
      expect((await api(`/api/v1/addresses/${home.id}`, marc, init)).status).toBe(404);
    }
    expect((await api("/api/v1/addresses/not-a-uuid", claire)).status).toBe(404);
    const refused = await api(`/api/v1/addresses/${home.id}`, claire, { method: "DELETE" });
    expect(refused.status).toBe(409);

    const made = await api(`/api/v1/addresses/${office.id}`, claire, { method: "POST", body: JSON.stringify({ action: "set_default" }) });
    expect(((await made.json()) as { data: { is_default: boolean } }).data.is_default).toBe(true);
    const list = (await (await api("/api/v1/addresses", claire)).json()) as { data: { id: string; is_default: boolean }[] };
    expect(list.data.map((a) => [a.id, a.is_default])).toEqual([
      [office.id, true],
      [home.id, false],
    ]);
    expect((await api(`/api/v1/addresses/${home.id}`, claire, { method: "DELETE" })).status).toBe(200);
  });
});

describe("checkout journey", () => {
  it("orders two products: address with a wrong postal code first, declined card, then the test card", async () => {
    const email = uniqueEmail("journey");
    const cookie = await signUpCookie(baseURL, email, "Secret123!Aurore", "Léa");
    const context = await signedInContext(cookie);
    const page = await context.newPage();
    // The page's clock, which the test moves forward to show the confirmation stays (time flows
    // as usual until then).
    await page.clock.install();

    const catalogue = (await (await api("/api/v1/products?page_size=100", null)).json()) as { data: ApiProduct[] };
    // One-variant products: their listed price is the price of what the product page adds (a
    // product with shades lists its lowest one), whatever order other tests' sales put them in.
    const [first, second] = catalogue.data.filter(
      (p) => p.variant_count === 1 && p.in_stock && p.stock_quantity >= 5 && p.price_cents < 4000,
    );
    await addFromProductPage(page, first);
    await addFromProductPage(page, second);
    expect((await cartLines(page)).length).toBe(2);

    // Step 1: contact and address.
    await page.goto("/checkout");
    const main = page.getByRole("main");
    await main.getByRole("heading", { level: 2, name: "1. Livraison" }).waitFor();
    expect(await main.getByLabel("Adresse e-mail").inputValue()).toBe(email);
    await main.getByLabel("Téléphone").fill("06 12 34 56 78");
    await main.getByText("Aucune adresse enregistrée").waitFor();
    await expectNoSeriousA11yViolations(page);

    await main.getByRole("button", { name: "Ajouter une adresse" }).click();
    const dialog = page.getByRole("dialog", { name: "Nouvelle adresse" });
    await dialog.waitFor();
    expect(await dialog.getByLabel("Prénom").inputValue()).toBe("Léa");
    expect(await dialog.getByLabel("Pays").inputValue()).toBe("France");
    await dialog.getByRole("textbox", { name: "Nom", exact: true }).fill("Moreau");
    await dialog.getByRole("textbox", { name: "Adresse", exact: true }).fill("8 rue de la Paix");
    await dialog.getByLabel("Ville").fill("Paris");
    await dialog.getByLabel("Code postal").fill("7500");
    await dialog.getByRole("button", { name: "Enregistrer l'adresse" }).click();
    const postalError = dialog.getByText("Le code postal doit contenir 5 chiffres");
    await postalError.waitFor();
    expect(await dialog.getByLabel("Code postal").getAttribute("aria-invalid")).toBe("true");
    // Five digits that are no French postal code are reported as soon as they are typed.
    await dialog.getByLabel("Code postal").fill("99999");
    await postalError.waitFor({ state: "detached" });
    const unknownCode = dialog.getByText("Ce code postal n'existe pas en France : vérifiez-le");
    await unknownCode.waitFor();
    await dialog.getByLabel("Code postal").fill("75002");
    await unknownCode.waitFor({ state: "detached" });
    // The city field offers the communes of the code typed.
    await dialog.locator('datalist option[value="Paris 2e Arrondissement"]').waitFor({ state: "attached" });
    const listId = await dialog.getByLabel("Ville").getAttribute("list");
    expect(await dialog.locator(`datalist[id="${listId}"] option`).count()).toBe(1);
    await dialog.getByRole("button", { name: "Enregistrer l'adresse" }).click();
    await dialog.waitFor({ state: "hidden" });
    const radio = main.getByRole("radio", { name: /8 rue de la Paix/ });
    expect(await radio.isChecked()).toBe(true);

    // The summary comes from the server: metropolitan fee for this subtotal.
    const subtotal = first.price_cents + second.price_cents;
    const shipping = quoteShipping("metropole", subtotal, DEFAULT_SHIPPING_SETTINGS);
    const summary = main.getByRole("region", { name: "Récapitulatif" });
    await summary.getByText("Livraison (France métropolitaine)").waitFor();
    await summary.getByText(formatPrice(subtotal + shipping.feeCents), { exact: true }).waitFor();

    await main.getByRole("button", { name: "Continuer vers le paiement" }).click();

    // Step 2: payment with the recap.
    await main.getByRole("heading", { level: 2, name: "2. Paiement" }).waitFor();
    const recap = main.getByRole("region", { name: "Récapitulatif de votre commande" });
    await recap.getByText(first.name).waitFor();
    await recap.getByText(second.name).waitFor();
    await recap.getByText(formatPrice(subtotal + shipping.feeCents), { exact: true }).waitFor();
    await recap.getByText("8 rue de la Paix").waitFor();
    await main.getByText(TEST_CARD_DECLINED).waitFor();
    await expectNoSeriousA11yViolations(page);
    // At 1366 px the recap is the right column beside the payment form; at 390 px nothing scrolls sideways.
    await expectPaymentStepLayout(page, recap, main.getByLabel("Numéro de carte"));

    await main.getByLabel("Titulaire de la carte").fill("Léa Moreau");
    await main.getByLabel("Numéro de carte").fill(TEST_CARD_DECLINED);
    await main.getByLabel("Date d'expiration (MM/AA)").fill("12/39");
    await main.getByLabel("Cryptogramme (CVC)").fill("123");
    const order = main.getByRole("button", { name: "Commander avec obligation de paiement", exact: true });
    await order.click();
    const alert = main.getByRole("alert").filter({ hasText: "Erreur" });
    await alert.getByText("Paiement refusé par votre banque. Veuillez utiliser une autre carte.").waitFor();
    expect((await cartLines(page)).length).toBe(2);

    // Back and forth keeps the form; then the approved test card.
    await main.getByRole("button", { name: "Retour" }).click();
    await main.getByRole("heading", { level: 2, name: "1. Livraison" }).waitFor();
    await main.getByRole("button", { name: "Continuer vers le paiement" }).click();
    await main.getByRole("heading", { level: 2, name: "2. Paiement" }).waitFor();
    await main.getByLabel("Numéro de carte").fill(TEST_CARD_APPROVED);
    await main.getByLabel("Titulaire de la carte").fill("Léa Moreau");
    await main.getByLabel("Date d'expiration (MM/AA)").fill("12/39");
    await main.getByLabel("Cryptogramme (CVC)").fill("123");
    await expect.poll(() => order.isEnabled(), { timeout: 10_000 }).toBe(true);
    // A double click places one order (one Idempotency-Key per attempt).
    await order.dblclick();

    // Step 3: confirmation with the order's summary, the number once, no automatic redirect.
    await main.getByRole("heading", { level: 1, name: "Merci pour votre commande !" }).waitFor();
    const reference = (await main.locator("strong", { hasText: /^n° AUR-/ }).textContent())?.replace("n° ", "").trim() ?? "";
    expect(reference).toMatch(/^AUR-\d{4}-\d{6}$/);
    expect(await main.getByText(reference).count()).toBe(1);
    const confirmation = main.getByRole("region", { name: "Récapitulatif de la commande" });
    await confirmation.getByText("Total payé").waitFor();
    await confirmation.getByText(/Livraison standard : livraison prévue à partir du/).waitFor();
    expect(await cartLines(page)).toEqual([]);
    await expectNoSeriousA11yViolations(page);
    expect(await main.getByRole("link", { name: "Voir ma commande" }).getAttribute("href")).toBe("/dashboard?tab=orders");
    expect(await main.getByRole("link", { name: "Continuer mes achats" }).getAttribute("href")).toBe("/products");
    // No automatic redirect: every timer the page set for the next 10 s fires, and it stays.
    await page.clock.runFor(10_000);
    expect(new URL(page.url()).pathname).toBe("/checkout");

    // One order only, despite the double click.
    const orders = await api("/api/v1/orders", cookie);
    expect(orders.status).toBe(200);
    const placed = ((await orders.json()) as { data: { number: string; total_cents: number }[] }).data;
    expect(placed.map((o) => [o.number, o.total_cents])).toEqual([[reference, subtotal + shipping.feeCents]]);

    // The confirmation e-mail, written by the outbox worker.
    const mailDir = path.join(dataDir, "mail");
    let mail = "";
    await expect
      .poll(
        () => {
          const files = fs.existsSync(mailDir) ? fs.readdirSync(mailDir).filter((f) => f.endsWith(".eml")) : [];
          mail = files.map((f) => fs.readFileSync(path.join(mailDir, f), "utf8")).find((m) => m.includes(reference)) ?? "";
          return mail !== "";
        },
        { timeout: 10_000, interval: 250 },
      )
      .toBe(true);
    expect(mail).toContain(email);
    // A navigation those timers started would have landed by now.
    expect(new URL(page.url()).pathname).toBe("/checkout");
    await main.getByRole("heading", { level: 1, name: "Merci pour votre commande !" }).waitFor({ timeout: 1_000 });
    await context.close();
  });
});

describe("account address book", () => {
  it("lists, sets the default and deletes after confirmation", async () => {
    const cookie = await signUpCookie(baseURL, uniqueEmail("carnet"));
    for (const a of [validAddress, { ...validAddress, label: "Bureau", city: "Lyon", postal_code: "69003" }]) {
      expect((await api("/api/v1/addresses", cookie, { method: "POST", body: JSON.stringify(a) })).status).toBe(201);
    }
    const context = await signedInContext(cookie);
    const page = await context.newPage();
    await page.goto("/dashboard?tab=addresses");
    const main = page.getByRole("main");
    await main.getByRole("heading", { name: "Carnet d'adresses" }).waitFor();
    const home = main.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Maison" }) });
    const office = main.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Bureau" }) });
    expect(await home.getByRole("button", { name: "Supprimer Maison" }).isDisabled()).toBe(true);
    await expectNoSeriousA11yViolations(page);

    const setDefault = office.getByRole("button", { name: "Définir par défaut" });
    await waitForHydration(page);
    await setDefault.click();
    await expect.poll(() => office.getByText("Par défaut", { exact: true }).isVisible(), { timeout: 15_000 }).toBe(true);

    await home.getByRole("button", { name: "Supprimer Maison" }).click();
    const confirm = page.getByRole("dialog", { name: "Supprimer l'adresse" });
    await confirm.getByText("Êtes-vous sûr de vouloir supprimer cette adresse ?").waitFor();
    await confirm.getByRole("button", { name: "Supprimer", exact: true }).click();
    await confirm.waitFor({ state: "hidden" });
    await home.waitFor({ state: "detached" });
    const list = (await (await api("/api/v1/addresses", cookie)).json()) as { data: { label: string }[] };
    expect(list.data.map((a) => a.label)).toEqual(["Bureau"]);
    await context.close();
  });
});

describe("debug pages", () => {
  it("are a 404 for a shopper and open for the administrator", async () => {
    const shopper = await signUpCookie(baseURL, uniqueEmail("curieux"));
    for (const pathname of ["/checkout-debug", "/checkout-diagnostic", "/address-test"]) {
      const res = await fetch(`${baseURL}${pathname}`, { headers: { cookie: shopper } });
      expect(res.status, pathname).toBe(404);
    }
    const admin = await signInCookie(baseURL, E2E_ADMIN.email, E2E_ADMIN.password);
    for (const pathname of ["/checkout-debug", "/address-test"]) {
      const res = await fetch(`${baseURL}${pathname}`, { headers: { cookie: admin } });
      expect(res.status, pathname).toBe(200);
    }
    const context = await signedInContext(admin);
    const page = await context.newPage();
    const response = await page.goto("/checkout-diagnostic");
    expect(response?.status()).toBe(200);
    const main: Locator = page.getByRole("main");
    const tiles = main.getByRole("list", { name: "État" });
    await tiles.getByText("Utilisateur").waitFor();
    await tiles.getByText("Connecté", { exact: true }).waitFor();
    await tiles.getByText("Articles du panier").waitFor();
    await tiles.getByText("Adresse choisie").waitFor();
    await main.getByRole("button", { name: "Continuer vers le paiement" }).waitFor();
    await main.getByRole("button", { name: "Lancer les tests de débogage" }).waitFor();
    await main.getByRole("log").waitFor({ state: "attached" });
    await expectNoSeriousA11yViolations(page);
    await context.close();
  });
});
