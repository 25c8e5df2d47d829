import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser, seriousA11yViolations, signedInContext } from "../../support/browser";
import { uniqueEmail } from "../../support/accounts";
import { signUpCookie } from "../../support/http-session";
import { apiCall, HTTP_ADDRESS, HTTP_CARD, HTTP_CONTACT } from "../../support/orders-http";
import { addFromProductPage } from "../../support/checkout-pages";
import { e2eShop } from "../../support/e2e-shop";

/**
 * Delivery methods at checkout: a shopper in Lyon chooses 'Point relais', searches the points
 * near the address, picks one, sees it and its price in the recap, pays, and the order keeps the
 * point and the date promised; the API offers only points valid for the address, refuses a point
 * from another zone and express where it is not offered, in French and without a 500.
 */
const baseURL = e2eShop().baseURL;
let browser: Browser;

type ApiProduct = {
  id: string;
  price_cents: number;
  stock_quantity: number;
  in_stock: boolean;
  default_variant_id: string;
  variants: { id: string; price_cents: number }[];
};
type RelayPoint = { id: string; name: string; postal_code: string; city: string };

async function productUnder(maxCents: number): Promise<ApiProduct> {
  const catalogue = (await (await fetch(`${baseURL}/api/v1/products?page_size=100&sort=price_asc`)).json()) as { data: ApiProduct[] };
  const product = catalogue.data
    .map((p) => ({ ...p, price_cents: p.variants.find((v) => v.id === p.default_variant_id)?.price_cents ?? p.price_cents }))
    .find((p) => p.in_stock && p.stock_quantity >= 5 && p.price_cents >= 1000 && p.price_cents < maxCents);
  if (!product) throw new Error("no product in stock under the threshold");
  return product;
}

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe("delivery methods", () => {
  it("buys with a relay point chosen near the address, shown in the recap and kept in the order", async () => {
    const product = await productUnder(5000);
    const cookie = await signUpCookie(baseURL, uniqueEmail("relais"), "Secret123!Aurore", "Alice");
    expect((await apiCall(baseURL, "POST", "/api/v1/addresses", cookie, HTTP_ADDRESS)).status).toBe(201);
    const context = await signedInContext(browser, baseURL, cookie, { viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    try {
      await addFromProductPage(page, product);
      await page.goto("/checkout");
      const main = page.getByRole("main");
      await main.getByRole("heading", { level: 2, name: "1. Livraison" }).waitFor();
      await main.getByLabel("Téléphone").fill("06 12 34 56 78");
      const methods = main.getByRole("group", { name: "Mode de livraison" });
      await methods.getByRole("radio", { name: /Livraison standard/ }).waitFor();
      expect(await methods.getByRole("radio").count()).toBe(3);
      await methods
        .getByText(/Livré à partir du/)
        .first()
        .waitFor();

      await methods.getByRole("radio", { name: /Point relais/ }).check();
      const points = main.getByRole("group", { name: "Points relais près de 69002" });
      await points.waitFor();
      const first = points.getByRole("radio").first();
      const firstName = ((await first.locator("xpath=..").innerText()).split("\n")[0] ?? "").trim();
      expect(firstName).toContain("(point relais fictif)");
      await first.check();
      const summary = main.getByRole("region", { name: "Récapitulatif" });
      await summary.getByText("Retrait au point relais").waitFor();
      await expect
        .poll(() =>
          summary
            .locator("dt", { hasText: /^Livraison \(France/ })
            .locator("xpath=following-sibling::dd")
            .textContent(),
        )
        .toMatch(/7,90/);
      // The whole step fits a 390 px screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(await seriousA11yViolations(page)).toEqual([]);

      // Another postal code finds other points; going back to the address's code keeps working.
      await main.getByLabel("Code postal du point relais").fill("1234");
      await main.getByRole("button", { name: "Rechercher" }).click();
      await main.getByText("Saisissez un code postal à 5 chiffres").waitFor();
      await main.getByLabel("Code postal du point relais").fill("69002");
      await main.getByRole("button", { name: "Rechercher" }).click();
      await points.getByRole("radio").first().check();

      await main.getByRole("button", { name: "Continuer vers le paiement" }).click();
      await main.getByRole("heading", { level: 2, name: "2. Paiement" }).waitFor();
      const recap = main.getByRole("region", { name: "Récapitulatif de votre commande" });
      await recap.getByText("Retrait au point relais").waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await recap.getByText(/Point relais \(Colissimo\) : livré à partir du/).waitFor();
      await main.getByLabel("Titulaire de la carte").fill("Alice Martin");
      await main.getByLabel("Numéro de carte").fill("4242 4242 4242 4242");
      await main.getByLabel("Date d'expiration (MM/AA)").fill("12/39");
      await main.getByLabel("Cryptogramme (CVC)").fill("123");
      const order = main.getByRole("button", { name: "Commander avec obligation de paiement", exact: true });
      await expect.poll(() => order.isEnabled(), { timeout: 10_000 }).toBe(true);
      await order.click();
      await main.getByRole("heading", { level: 1, name: "Merci pour votre commande !" }).waitFor();
    } finally {
      await context.close();
    }

    const list = await apiCall(baseURL, "GET", "/api/v1/orders", cookie);
    const [placed] = list.json.data as {
      shipping_cents: number;
      delivery_method: string;
      relay_point: RelayPoint | null;
      estimated_delivery_date: string | null;
    }[];
    expect(placed).toMatchObject({
      shipping_cents: 790,
      delivery_method: "relay",
      relay_point: { postal_code: expect.stringMatching(/^69/) },
    });
    expect(placed.estimated_delivery_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(placed.relay_point?.name).toContain("(point relais fictif)");
  });

  it("publishes methods and relay points in the API and refuses bad choices in French, never a 500", async () => {
    const methods = await apiCall(baseURL, "GET", "/api/v1/delivery-methods?postal_code=75011&country=France", null);
    expect(methods.status).toBe(200);
    expect(methods.json.data.methods.map((m: { code: string; fee_cents: number }) => [m.code, m.fee_cents])).toEqual([
      ["standard", 990],
      ["relay", 790],
      ["express", 1490],
    ]);
    const unknown = await apiCall(baseURL, "GET", "/api/v1/delivery-methods?postal_code=99999", null);
    expect(unknown.status).toBe(400);
    expect(unknown.json.error).toMatchObject({ code: "unknown_postal_code" });
    for (const bad of ["", "abc", "%00", "7501'1", "1".repeat(500)]) {
      const res = await fetch(`${baseURL}/api/v1/delivery-methods?postal_code=${encodeURIComponent(bad)}`);
      expect(res.status, bad).toBe(400);
      const relay = await fetch(`${baseURL}/api/v1/relay-points?postal_code=${encodeURIComponent(bad)}`);
      expect(relay.status, bad).toBe(400);
    }
    const lyonPoints = await apiCall(baseURL, "GET", "/api/v1/relay-points?postal_code=69002", null);
    expect(lyonPoints.status).toBe(200);
    expect(lyonPoints.json.data.length).toBeGreaterThan(0);
    expect((await apiCall(baseURL, "GET", "/api/v1/relay-points?postal_code=99999", null)).json.data).toEqual([]);
    const ajaccioPoints = (await apiCall(baseURL, "GET", "/api/v1/relay-points?postal_code=20000", null)).json.data as RelayPoint[];
    // With the delivery address's code, only points the relay method delivers to for it: none in Corsica for Lyon.
    expect((await apiCall(baseURL, "GET", "/api/v1/relay-points?postal_code=20000&delivery_postal_code=69002", null)).json.data).toEqual(
      [],
    );
    const parisForLyon = await apiCall(baseURL, "GET", "/api/v1/relay-points?postal_code=75011&delivery_postal_code=69002", null);
    expect(parisForLyon.json.data.length).toBeGreaterThan(0);
    expect((await apiCall(baseURL, "GET", "/api/v1/relay-points?postal_code=75011&delivery_postal_code=69", null)).status).toBe(400);

    const product = await productUnder(5000);
    const cookie = await signUpCookie(baseURL, uniqueEmail("relais-api"), "Secret123!Aurore", "Alice");
    const address = await apiCall(baseURL, "POST", "/api/v1/addresses", cookie, HTTP_ADDRESS);
    const corsica = await apiCall(baseURL, "POST", "/api/v1/addresses", cookie, { ...HTTP_ADDRESS, city: "Ajaccio", postal_code: "20000" });
    const order = (body: Record<string, unknown>) =>
      apiCall(
        baseURL,
        "POST",
        "/api/v1/orders",
        cookie,
        {
          address_id: address.json.data.id,
          contact: HTTP_CONTACT,
          card: HTTP_CARD,
          lines: [{ product_id: product.id, variant_id: product.default_variant_id, quantity: 1 }],
          ...body,
        },
        { "idempotency-key": randomUUID() },
      );
    const cases: [Record<string, unknown>, string, string][] = [
      [{ delivery_method: "relay", relay_point_id: ajaccioPoints[0].id }, "invalid_relay_point", "choisissez-en un dans la même zone"],
      [{ delivery_method: "relay", relay_point_id: "RP-69002-9" }, "invalid_relay_point", "Ce point relais n'existe pas"],
      [{ delivery_method: "relay" }, "invalid_relay_point", "Veuillez choisir un point relais"],
      [{ delivery_method: "teleport" }, "validation_error", "Mode de livraison inconnu"],
      [{ delivery_method: "express", address_id: corsica.json.data.id }, "delivery_method_not_offered", "n'est pas proposé"],
    ];
    for (const [body, code, message] of cases) {
      const res = await order(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error.message, JSON.stringify(body)).toContain(message);
      if (code !== "validation_error") expect(res.json.error.code).toBe(code);
    }
    expect((await apiCall(baseURL, "GET", "/api/v1/orders", cookie)).json.data).toEqual([]);
    const express = await order({ delivery_method: "express" });
    expect(express.status).toBe(201);
    expect(express.json.data).toMatchObject({
      delivery_method: "express",
      shipping_cents: 1490,
      delivery_method_label: "Livraison express",
    });
  });
});
