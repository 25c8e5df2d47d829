import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import type { Browser } from "playwright-core";
import { launchBrowser, seriousA11yViolations, signedInContext, waitForHydration } from "../../support/browser";
import { E2E_ADMIN, uniqueEmail } from "../../support/accounts";
import { apiClient } from "../../support/api/typed-client";
import { signInCookie, signUpCookie } from "../../support/http-session";
import { apiCall, HTTP_ADDRESS, HTTP_CARD, HTTP_CONTACT } from "../../support/orders-http";
import { e2eShop } from "../../support/e2e-shop";

/**
 * The payments of an order in the back office (docs/decisions/061-order-payments-in-back-office.md):
 * GET /api/v1/admin/orders/{id}/payments through the typed client, behind the order's own guard
 * (an administrator reads it, a shopper gets 403, a visitor 401), and the order's detail at
 * 390 px showing them. The e2e shop takes cards with the simulated acquirer: no Stripe link.
 */
const baseURL = e2eShop().baseURL;
type Json = Record<string, any>;
let browser: Browser;
let adminCookie: string;
let shopperCookie: string;

beforeAll(async () => {
  browser = await launchBrowser();
  adminCookie = await signInCookie(baseURL, E2E_ADMIN.email, E2E_ADMIN.password);
  shopperCookie = await signUpCookie(baseURL, uniqueEmail("payments"), "Secret123!Aurore", "Inès");
});

afterAll(async () => {
  await browser?.close();
});

/** An order of at least 50 € paid in 3 by card (docs/decisions/035-instalments.md), over HTTP. */
async function orderPaidInThree(): Promise<Json> {
  const address = await apiCall(baseURL, "POST", "/api/v1/addresses", shopperCookie, HTTP_ADDRESS);
  expect(address.status).toBe(201);
  const list = await apiCall(baseURL, "GET", "/api/v1/products?sort=price_desc&page_size=40", null);
  const product = list.json.data.find((p: Json) => p.variant_count === 1 && p.in_stock && p.stock_quantity >= 10);
  const quantity = Math.ceil(5000 / product.price_cents);
  const order = await apiCall(
    baseURL,
    "POST",
    "/api/v1/orders",
    shopperCookie,
    {
      address_id: address.json.data.id,
      contact: HTTP_CONTACT,
      card: HTTP_CARD,
      instalments: 3,
      lines: [{ product_id: product.id, quantity }],
    },
    { "idempotency-key": randomUUID() },
  );
  expect(order.status, JSON.stringify(order.json)).toBe(201);
  return order.json.data;
}

describe("GET /api/v1/admin/orders/{id}/payments", () => {
  it("gives an administrator the order's card charge and its later instalments; a shopper gets 403, a visitor 401", async () => {
    const order = await orderPaidInThree();
    const schedule = order.payment_schedule as { seq: number; due_date: string; amount_cents: number }[];
    expect(schedule).toHaveLength(3);
    const params = { params: { path: { id: order.id as string } } };

    const admin = await apiClient({ cookie: adminCookie }).GET("/api/v1/admin/orders/{id}/payments", params);
    expect(admin.response.status).toBe(200);
    const payments = admin.data!.data;
    expect(payments.order_id).toBe(order.id);
    expect(payments.charges.map((c) => [c.kind, c.instalment_seq, c.status, c.amount_cents, c.due_date])).toEqual([
      ["payment", 1, "succeeded", schedule[0].amount_cents, schedule[0].due_date],
      ["instalment", 2, "scheduled", schedule[1].amount_cents, schedule[1].due_date],
      ["instalment", 3, "scheduled", schedule[2].amount_cents, schedule[2].due_date],
    ]);
    expect(payments.charges[0]).toMatchObject({ provider: "simulated", currency: "EUR", dashboard_url: null });
    expect(payments.charges[0].provider_payment_id).toEqual(expect.any(String));
    expect(payments.charges[0].charged_at).toEqual(expect.any(String));
    expect(payments.external_refunds).toEqual([]);
    expect(payments.disputes).toEqual([]);

    const shopper = await apiClient({ cookie: shopperCookie }).GET("/api/v1/admin/orders/{id}/payments", params);
    expect(shopper.response.status).toBe(403);
    expect(shopper.error?.error.code).toBe("forbidden");
    const visitor = await apiClient().GET("/api/v1/admin/orders/{id}/payments", params);
    expect(visitor.response.status).toBe(401);

    const unknown = await apiClient({ cookie: adminCookie }).GET("/api/v1/admin/orders/{id}/payments", {
      params: { path: { id: randomUUID() } },
    });
    expect(unknown.response.status).toBe(404);
    expect(unknown.error?.error.code).toBe("not_found");
  });
});

describe("Paiements in the order's detail", () => {
  it("lists the charge and the instalments on a 390 px phone, without a Stripe link for the simulated acquirer", async () => {
    const order = await orderPaidInThree();
    const context = await signedInContext(browser, baseURL, adminCookie, { viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    try {
      await page.goto(`/admin/commandes?search=${encodeURIComponent(order.number)}`);
      await waitForHydration(page);
      await page.getByRole("button", { name: `Détails de la commande ${order.number}` }).click();
      const dialog = page.getByRole("dialog", { name: `Commande ${order.number}` });
      const panel = dialog.getByRole("region", { name: "Paiements", exact: true });
      await panel.getByText("Paiement de la commande (échéance 1/3)").waitFor({ timeout: 15_000 });
      await panel.getByText("Échéance 2/3").waitFor();
      await panel.getByText("Échéance 3/3").waitFor();
      expect(await panel.getByText("À venir", { exact: true }).count()).toBe(2);
      expect(await panel.locator("p", { hasText: /^Acquéreur simulé ·/ }).count()).toBe(3);
      expect(await panel.getByRole("link", { name: /tableau de bord Stripe/ }).count()).toBe(0);
      // The shop's own refunds are one link away, not listed twice.
      await panel.getByRole("link", { name: "Remboursements" }).click();
      await expect
        .poll(() => page.evaluate(() => document.getElementById(location.hash.slice(1))?.querySelector("h3")?.textContent ?? null))
        .toBe("Remboursements");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(await seriousA11yViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
