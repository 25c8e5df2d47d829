import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser, newShopContext, seriousA11yViolations, signedInContext, waitForHydration } from "../../support/browser";
import { E2E_ADMIN, uniqueEmail } from "../../support/accounts";
import { signInCookie, signUpCookie } from "../../support/http-session";
import { apiCall, placeOrderOverHttp } from "../../support/orders-http";
import { e2eShop } from "../../support/e2e-shop";

/**
 * 'Rembourser un montant' (decision 052): in the order's detail the administrator types an amount
 * in euros with a comma and a reason, checks them in the browser, confirms, and finds the refund
 * listed with its credit note; the admin API refunds the same way (201), once per Idempotency-Key,
 * refuses a shopper (403) and answers bad input in French, never a 500.
 */
const baseURL = e2eShop().baseURL;
type Json = Record<string, any>;
let browser: Browser;
let adminCookie: string;
let shopperCookie: string;

function contextWith(cookie: string, options: Parameters<typeof newShopContext>[2] = {}): Promise<BrowserContext> {
  return signedInContext(browser, baseURL, cookie, options);
}

beforeAll(async () => {
  browser = await launchBrowser();
  adminCookie = await signInCookie(baseURL, E2E_ADMIN.email, E2E_ADMIN.password);
  shopperCookie = await signUpCookie(baseURL, uniqueEmail("refunds"), "Secret123!Aurore", "Inès");
});

afterAll(async () => {
  await browser?.close();
});

async function openDetail(page: Page, number: string) {
  await page.goto(`/admin/commandes?search=${encodeURIComponent(number)}`);
  await waitForHydration(page);
  const row = page.getByRole("row").filter({ hasText: number });
  await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(1);
  await row.getByRole("button", { name: `Détails de la commande ${number}` }).click();
  const dialog = page.getByRole("dialog", { name: `Commande ${number}` });
  await dialog.getByRole("form", { name: "Rembourser un montant" }).waitFor();
  return dialog;
}

describe("Rembourser un montant in the back-office", () => {
  it("checks the fields, asks for confirmation, refunds and lists the refund with its credit note", async () => {
    const order = (await placeOrderOverHttp(baseURL, shopperCookie)) as Json;
    const context = await contextWith(adminCookie, { viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    try {
      const dialog = await openDetail(page, order.number);
      const form = dialog.getByRole("form", { name: "Rembourser un montant" });
      const amount = form.getByLabel(/Montant à rembourser/);
      const reason = form.getByLabel(/Motif/);

      // Nothing typed, then 0 €: the field says why, nothing is sent.
      await form.getByRole("button", { name: "Rembourser", exact: true }).click();
      await form.getByText("Indiquez le montant à rembourser").waitFor();
      expect(await amount.getAttribute("aria-invalid")).toBe("true");
      await form.getByText("Indiquez le motif du remboursement").waitFor();
      await amount.fill("0");
      await reason.fill("Colis arrivé en retard");
      await form.getByRole("button", { name: "Rembourser", exact: true }).click();
      await form.getByText("Le montant à rembourser doit être supérieur à 0 €").waitFor();

      // More than the order's total: the server refuses, under the amount field.
      await amount.fill(String(Math.ceil(order.total_cents / 100) + 10).concat(",00"));
      await form.getByRole("button", { name: "Rembourser", exact: true }).click();
      await form.getByRole("button", { name: "Confirmer le remboursement" }).click();
      await form.getByText(/Le montant dépasse ce qui reste remboursable sur cette commande/).waitFor();
      expect(await amount.getAttribute("aria-invalid")).toBe("true");

      await amount.fill("5,50");
      await form.getByRole("button", { name: "Rembourser", exact: true }).click();
      const confirmation = form.getByRole("alertdialog", { name: "Confirmer le remboursement" });
      await confirmation.getByText(/Rembourser 5,50\s€ sur la commande/).waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await confirmation.getByRole("button", { name: "Confirmer le remboursement" }).click();

      const link = dialog.getByRole("link", { name: /^Avoir AV-\d{4}-\d{6}$/ });
      await link.waitFor({ timeout: 15_000 });
      expect(await link.getAttribute("href")).toMatch(new RegExp(`^/api/v1/admin/orders/${order.id}/credit-notes/AV-`));
      await dialog.getByText("Colis arrivé en retard").waitFor();
      expect(await amount.inputValue()).toBe("");
    } finally {
      await context.close();
    }

    const listed = await apiCall(baseURL, "GET", `/api/v1/admin/orders/${order.id}/refunds`, adminCookie);
    expect(listed.status).toBe(200);
    expect(listed.json.data).toMatchObject({
      refundable_cents: order.total_cents - 550,
      refunds: [{ amount_cents: 550, reason: "Colis arrivé en retard" }],
    });
    const pdf = await fetch(`${baseURL}${listed.json.data.refunds[0].credit_note_url}`, { headers: { cookie: adminCookie } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toContain("application/pdf");
  });
});

describe("POST /api/v1/admin/orders/{id}/refunds", () => {
  it("refunds with 201 and its credit note, once per Idempotency-Key; a shopper gets 403; bad input 400 in French", async () => {
    const order = (await placeOrderOverHttp(baseURL, shopperCookie)) as Json;
    const path = `/api/v1/admin/orders/${order.id}/refunds`;
    const key = { "idempotency-key": `api-${randomUUID()}` };

    const asShopper = await apiCall(baseURL, "POST", path, shopperCookie, { amount_cents: 100, reason: "Geste" }, key);
    expect(asShopper.status).toBe(403);
    expect(asShopper.json.error.code).toBe("forbidden");

    const created = await apiCall(baseURL, "POST", path, adminCookie, { amount_cents: 300, reason: "Retard de livraison" }, key);
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    expect(created.json.data).toMatchObject({
      replayed: false,
      refund: { amount_cents: 300, card_cents: 300, reason: "Retard de livraison" },
      credit_note: { number: expect.stringMatching(/^AV-\d{4}-\d{6}$/), total_cents: 300 },
      refundable_cents: order.total_cents - 300,
    });
    const again = await apiCall(baseURL, "POST", path, adminCookie, { amount_cents: 300, reason: "Retard de livraison" }, key);
    expect(again.status).toBe(200);
    expect(again.json.data).toMatchObject({ replayed: true, refund: { id: created.json.data.refund.id } });
    const byReference = { amount_cents: 200, reason: "Flacon abîmé", client_reference: `ref-${randomUUID()}` };
    expect((await apiCall(baseURL, "POST", path, adminCookie, byReference)).status).toBe(201);
    expect((await apiCall(baseURL, "POST", path, adminCookie, byReference)).status).toBe(200);
    const listed = await apiCall(baseURL, "GET", path, adminCookie);
    expect(listed.json.data.refunds.map((r: Json) => r.amount_cents)).toEqual([300, 200]);

    const cases: [unknown, number, string][] = [
      [{ amount_cents: 0, reason: "Geste" }, 400, "Le montant à rembourser doit être supérieur à 0 €"],
      [{ amount_cents: -500, reason: "Geste" }, 400, "Le montant à rembourser doit être supérieur à 0 €"],
      [{ amount_cents: "cinq", reason: "Geste" }, 400, "Le montant doit être un nombre en euros, par exemple 12 ou 12,50"],
      [{ amount_cents: order.total_cents, reason: "Geste" }, 400, "Le montant dépasse ce qui reste remboursable sur cette commande"],
      [{ amount_cents: 100 }, 400, "Indiquez le motif du remboursement"],
      [{ amount_cents: 100, reason: "x".repeat(10_000) }, 400, "Le motif ne peut pas dépasser 500 caractères"],
      [{ amount_cents: 100, reason: "Geste", client_reference: "court" }, 400, "En-tête Idempotency-Key invalide"],
      [[1, 2], 400, "Corps de requête JSON invalide"],
    ];
    for (const [body, status, message] of cases) {
      const res = await apiCall(baseURL, "POST", path, adminCookie, body);
      expect([JSON.stringify(body).slice(0, 60), res.status]).toEqual([JSON.stringify(body).slice(0, 60), status]);
      expect(res.json.error.message).toContain(message);
    }
    const unknown = await apiCall(baseURL, "POST", `/api/v1/admin/orders/${randomUUID()}/refunds`, adminCookie, {
      amount_cents: 100,
      reason: "Geste",
    });
    expect(unknown.status).toBe(404);
    expect(unknown.json.error.message).toBe("Commande introuvable");
    // Nothing above was paid: the order still has its two refunds.
    expect((await apiCall(baseURL, "GET", path, adminCookie)).json.data.refundable_cents).toBe(order.total_cents - 500);
  });
});
