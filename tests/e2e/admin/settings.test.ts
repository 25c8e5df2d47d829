import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Locator } from "playwright-core";
import { launchBrowser, seriousA11yViolations, signedInContext, waitForHydration } from "../../support/browser";
import { E2E_ADMIN, uniqueEmail } from "../../support/accounts";
import { addFromProductPage } from "../../support/checkout-pages";
import { signInCookie, signUpCookie } from "../../support/http-session";
import { apiCall, HTTP_ADDRESS, HTTP_CARD, HTTP_CONTACT } from "../../support/orders-http";
import { randomUUID } from "node:crypto";
import { e2eShop } from "../../support/e2e-shop";

/**
 * Paramètres: the administrator lowers the standard method's free-delivery threshold to 50 €; a
 * shopper's 60-to-100 € cart then ships free in the cart drawer, on the checkout summary and on
 * the order the server charges. Every other journey assumes 100 €: afterAll puts it back even
 * when a step fails.
 */
const baseURL = e2eShop().baseURL;
let browser: Browser;
let adminCookie: string;

type ApiProduct = {
  id: string;
  name: string;
  price_cents: number;
  stock_quantity: number;
  in_stock: boolean;
  default_variant_id: string;
  variants: { id: string; price_cents: number }[];
};

function contextWith(cookie: string | null): Promise<BrowserContext> {
  return signedInContext(browser, baseURL, cookie, { viewport: { width: 1280, height: 900 } });
}

const hydrated = waitForHydration;

const ALL_ZONES = ["metropole", "corse", "outre-mer", "belgique", "suisse", "luxembourg", "monaco"];

/** The standard method's form, posted like a browser without JavaScript would. */
async function postSettings(cookie: string | null, fee: string, threshold: string) {
  const body = new URLSearchParams({
    code: "standard",
    name: "Livraison standard",
    carrier: "colissimo",
    price: fee,
    free_threshold: threshold,
    delay_working_days: "2",
    active: "on",
  });
  for (const zone of ALL_ZONES) body.append("zones", zone);
  return fetch(`${baseURL}/admin/parametres`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: baseURL, "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) },
    body: body.toString(),
  });
}

function summaryValue(scope: Locator, term: RegExp): Promise<string | null> {
  return scope.locator("dt", { hasText: term }).first().locator("xpath=following-sibling::dd").textContent();
}

beforeAll(async () => {
  browser = await launchBrowser();
  adminCookie = await signInCookie(baseURL, E2E_ADMIN.email, E2E_ADMIN.password);
});

afterAll(async () => {
  // Whatever happened above, the shop goes back to its published rule.
  if (adminCookie) {
    const restored = await postSettings(adminCookie, "9,90", "100");
    expect(restored.status).toBe(200);
  }
  await browser?.close();
});

describe("Paramètres", () => {
  it("is for the administrator only", async () => {
    const shopper = await signUpCookie(baseURL, uniqueEmail("parametres"));
    expect((await fetch(`${baseURL}/admin/parametres`, { headers: { cookie: shopper } })).status).toBe(403);
    expect((await postSettings(shopper, "0", "0")).status).toBe(403);
    const visitor = await postSettings(null, "0", "0");
    expect([302, 303, 401]).toContain(visitor.status);
    const page = await fetch(`${baseURL}/admin/parametres`, { headers: { cookie: adminCookie } });
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
  });

  it("lowers the free-delivery threshold to 50 €: a 60 € cart ships free, then back to 100 €", async () => {
    const catalogue = (await (await fetch(`${baseURL}/api/v1/products?page_size=100&sort=price_asc&price=50-100`)).json()) as {
      data: ApiProduct[];
    };
    // The product page adds the default variant: its price is the one that counts.
    const product = catalogue.data
      .map((p) => ({ ...p, price_cents: p.variants.find((v) => v.id === p.default_variant_id)?.price_cents ?? p.price_cents }))
      .find((p) => p.in_stock && p.stock_quantity >= 5 && p.price_cents >= 5000 && p.price_cents < 10_000);
    expect(product, "a product between 50 and 100 €").toBeDefined();
    if (!product) return;

    // The administrator: a wrong amount is explained and kept, then 50 € is saved.
    const admin = await contextWith(adminCookie);
    const adminPage = await admin.newPage();
    try {
      await adminPage.goto("/admin/parametres");
      await expect.poll(() => adminPage.getByRole("heading", { level: 1 }).textContent()).toBe("Paramètres");
      await hydrated(adminPage);
      const nav = adminPage.getByRole("navigation", { name: "Sections de l'administration" });
      expect(await nav.getByRole("link", { name: "Paramètres" }).getAttribute("aria-current")).toBe("page");
      // One form per method: standard, relay point, express.
      const standard = adminPage.getByRole("form", { name: "Livraison standard" });
      expect(await adminPage.getByRole("region", { name: "Modes de livraison" }).getByRole("form").count()).toBe(3);
      const relayForm = adminPage.getByRole("form", { name: "Point relais" });
      expect(await relayForm.getByLabel("Prix (€)").inputValue()).toBe("7,90");
      expect(
        await adminPage.getByRole("form", { name: "Livraison express" }).getByLabel("Transporteur", { exact: true }).inputValue(),
      ).toBe("chronopost");
      // Each method names its carrier's product (docs/decisions/062-carriers.md).
      expect(await relayForm.getByLabel("Produit du transporteur").inputValue()).toBe("A2P");
      const fee = standard.getByLabel("Prix (€)");
      const threshold = standard.getByLabel("Offerte à partir de (€)");
      expect(await fee.inputValue()).toBe("9,90");
      expect(await threshold.inputValue()).toBe("100");
      expect(await standard.getByLabel("Délai (jours ouvrés)").inputValue()).toBe("2");
      expect(await standard.getByRole("checkbox", { name: "Suisse" }).isChecked()).toBe(true);

      await threshold.fill("-50");
      await standard.getByRole("button", { name: "Enregistrer" }).click();
      await standard.getByText("Le montant doit être un nombre positif avec au plus 2 décimales").waitFor();
      expect(await threshold.getAttribute("aria-invalid")).toBe("true");
      expect(await threshold.inputValue()).toBe("-50");
      await threshold.fill("50,555");
      await standard.getByRole("button", { name: "Enregistrer" }).click();
      await standard.getByText("Le montant doit être un nombre positif avec au plus 2 décimales").waitFor();
      // Standard stays offered everywhere: the server says so in the form.
      await threshold.fill("50");
      await standard.getByRole("checkbox", { name: "Corse" }).uncheck();
      await standard.getByRole("button", { name: "Enregistrer" }).click();
      await standard.getByText("La livraison standard doit rester active dans toutes les zones").waitFor();
      expect(await seriousA11yViolations(adminPage)).toEqual([]);

      await standard.getByRole("checkbox", { name: "Corse" }).check();
      await standard.getByRole("button", { name: "Enregistrer" }).click();
      await standard.getByRole("status").getByText("Livraison standard : modifications enregistrées").waitFor();
      expect(await threshold.getAttribute("aria-invalid")).toBeNull();
      // The server refuses what the browser would have: nothing stored.
      const refused = await postSettings(adminCookie, "abc", "50");
      expect(refused.status).toBe(400);
      await adminPage.reload();
      const reloaded = adminPage.getByRole("form", { name: "Livraison standard" });
      expect(await reloaded.getByLabel("Offerte à partir de (€)").inputValue()).toBe("50");
      expect(await reloaded.getByLabel("Prix (€)").inputValue()).toBe("9,90");
    } finally {
      await admin.close();
    }

    // A visitor: the banner and the cart drawer follow at once (the page cache was dropped).
    const visitor = await contextWith(null);
    const page = await visitor.newPage();
    try {
      await addFromProductPage(page, product);
      await page.getByRole("banner").getByText("Livraison offerte dès 50€").waitFor();
      expect(await page.getByRole("main").getByText("Livraison offerte dès 50,00 €").count()).toBe(1);
      await hydrated(page);
      await page
        .getByRole("banner")
        .getByRole("button", { name: /^Mon Panier/ })
        .click();
      const drawer = page.getByRole("dialog", { name: /Mon Panier/ });
      await drawer.waitFor();
      expect(await summaryValue(drawer, /^Livraison$/)).toBe("Offerte");
      await drawer.getByText("Livraison offerte !").waitFor();
    } finally {
      await visitor.close();
    }

    // A signed-in shopper: the checkout summary and the order the server charges.
    const shopperCookie = await signUpCookie(baseURL, uniqueEmail("seuil"), "Secret123!Aurore", "Alice");
    const address = await apiCall(baseURL, "POST", "/api/v1/addresses", shopperCookie, HTTP_ADDRESS);
    expect(address.status).toBe(201);
    const shopper = await contextWith(shopperCookie);
    const shopperPage = await shopper.newPage();
    try {
      await addFromProductPage(shopperPage, product);
      await shopperPage.goto("/checkout");
      const summary = shopperPage.getByRole("main").getByRole("region", { name: "Récapitulatif" });
      await summary.getByText("Livraison (France métropolitaine)").waitFor();
      await expect.poll(() => summaryValue(summary, /^Livraison \(France/)).toBe("Offerte");
    } finally {
      await shopper.close();
    }
    const order = await apiCall(
      baseURL,
      "POST",
      "/api/v1/orders",
      shopperCookie,
      {
        address_id: address.json.data.id,
        contact: HTTP_CONTACT,
        card: HTTP_CARD,
        lines: [{ product_id: product.id, variant_id: product.default_variant_id, quantity: 1 }],
      },
      { "idempotency-key": randomUUID() },
    );
    expect(order.status).toBe(201);
    expect(order.json.data).toMatchObject({ shipping_cents: 0, total_cents: product.price_cents, shipping_method: "free_shipping" });

    // Back to 100 €: the same cart pays delivery again.
    const back = await contextWith(adminCookie);
    const backPage = await back.newPage();
    try {
      await backPage.goto("/admin/parametres");
      await hydrated(backPage);
      const standard = backPage.getByRole("form", { name: "Livraison standard" });
      await standard.getByLabel("Offerte à partir de (€)").fill("100");
      await standard.getByRole("button", { name: "Enregistrer" }).click();
      await standard.getByRole("status").getByText("Livraison standard : modifications enregistrées").waitFor();
    } finally {
      await back.close();
    }
    const again = await contextWith(null);
    const againPage = await again.newPage();
    try {
      await addFromProductPage(againPage, product);
      await againPage.getByRole("banner").getByText("Livraison offerte dès 100€").waitFor();
    } finally {
      await again.close();
    }
  });
});
