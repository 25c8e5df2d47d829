import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { openOrderDetail } from "../../support/order-pages";
import { launchBrowser, seriousA11yViolations, signedInContext } from "../../support/browser";
import { uniqueEmail } from "../../support/accounts";
import { signUpCookie } from "../../support/http-session";
import { apiCall, HTTP_ADDRESS, HTTP_CARD, HTTP_CONTACT } from "../../support/orders-http";
import { e2eShop } from "../../support/e2e-shop";

/**
 * The order detail within the hour: the shopper sends the order to another address of the same
 * zone (another zone is refused in French), then puts the order's lines back in the cart with
 * 'Commander à nouveau'.
 */
const baseURL = e2eShop().baseURL;
let browser: Browser;

type ApiProduct = {
  id: string;
  name: string;
  stock_quantity: number;
  in_stock: boolean;
  default_variant_id: string;
  variant_count: number;
};

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe("an order's detail within the hour", () => {
  it("changes the delivery address, refuses another zone, and orders the same lines again", async () => {
    const catalogue = (await (await fetch(`${baseURL}/api/v1/products?page_size=50`)).json()) as { data: ApiProduct[] };
    // One variant only: a product's stock is the sum of its variants', so a product with shades that
    // another file added could have 5 in all and too few of the default shade to order 2 again.
    const product = catalogue.data.find((p) => p.in_stock && p.variant_count === 1 && p.stock_quantity >= 5);
    if (!product) throw new Error("no product in stock");
    const cookie = await signUpCookie(baseURL, uniqueEmail("adresse"), "Secret123!Aurore", "Alice");
    const lyon = await apiCall(baseURL, "POST", "/api/v1/addresses", cookie, HTTP_ADDRESS);
    await apiCall(baseURL, "POST", "/api/v1/addresses", cookie, {
      ...HTTP_ADDRESS,
      address_line_1: "8 rue Paradis",
      city: "Marseille",
      postal_code: "13001",
    });
    const corsica = await apiCall(baseURL, "POST", "/api/v1/addresses", cookie, { ...HTTP_ADDRESS, city: "Ajaccio", postal_code: "20000" });
    const placed = await apiCall(
      baseURL,
      "POST",
      "/api/v1/orders",
      cookie,
      {
        address_id: lyon.json.data.id,
        contact: HTTP_CONTACT,
        card: HTTP_CARD,
        lines: [{ product_id: product.id, variant_id: product.default_variant_id, quantity: 2 }],
      },
      { "idempotency-key": randomUUID() },
    );
    expect(placed.status).toBe(201);
    const { id, number } = placed.json.data as { id: string; number: string };

    // The API refuses another zone and a foreign address, never a 500.
    const other = await apiCall(baseURL, "PUT", `/api/v1/orders/${id}/shipping-address`, cookie, { address_id: corsica.json.data.id });
    expect(other.status).toBe(409);
    expect(other.json.error.message).toContain("autre zone de livraison");
    const stranger = await signUpCookie(baseURL, uniqueEmail("intrus"), "Secret123!Aurore", "Eve");
    expect(
      (await apiCall(baseURL, "PUT", `/api/v1/orders/${id}/shipping-address`, stranger, { address_id: lyon.json.data.id })).status,
    ).toBe(404);
    expect((await apiCall(baseURL, "PUT", `/api/v1/orders/${id}/shipping-address`, cookie, { address_id: 42 })).status).toBe(400);

    const context = await signedInContext(browser, baseURL, cookie);
    const page = await context.newPage();
    try {
      await page.goto("/profile");
      const dialog = await openOrderDetail(page, number);
      await dialog.getByRole("button", { name: "Modifier l'adresse de livraison" }).click();
      const select = dialog.getByLabel("Nouvelle adresse de livraison");
      await select.waitFor();
      const marseille = await select.locator("option", { hasText: "Marseille" }).getAttribute("value");
      await select.selectOption(marseille ?? "");
      await dialog.getByRole("button", { name: "Enregistrer la nouvelle adresse" }).click();
      await dialog.getByText("8 rue Paradis").waitFor();
      await dialog.getByText("13001 Marseille").waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);

      const reorder = dialog.getByRole("button", { name: "Commander à nouveau" });
      await reorder.click();
      // The button's own status line, read until it says something: a failure then shows what
      // the shopper read instead (CI once waited 30 s here for a message that never came).
      const said = reorder.locator("xpath=following-sibling::p[@role='status']");
      await expect.poll(async () => ((await said.textContent()) ?? "").trim(), { timeout: 30_000 }).not.toBe("");
      expect(await said.textContent()).toContain("2 articles ajoutés à votre panier.");
      const lines = await page.evaluate(
        () => JSON.parse(localStorage.getItem("aurore-cart") ?? "{}").items as { variant_id: string; quantity: number }[],
      );
      expect(lines.map((l) => [l.variant_id, l.quantity])).toEqual([[product.default_variant_id, 2]]);
    } finally {
      await context.close();
    }
    const after = await apiCall(baseURL, "GET", `/api/v1/orders/${id}`, cookie);
    expect(after.json.data.shipping_address).toMatchObject({ street: "8 rue Paradis", postal_code: "13001" });
  });
});
