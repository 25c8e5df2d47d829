import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { openOrderDetail } from "../../support/order-pages";
import { launchBrowser, seriousA11yViolations, signedInContext } from "../../support/browser";
import { E2E_ADMIN, uniqueEmail } from "../../support/accounts";
import { signInCookie, signUpCookie } from "../../support/http-session";
import { apiCall, HTTP_ADDRESS, HTTP_CARD, HTTP_CONTACT } from "../../support/orders-http";
import { e2eShop } from "../../support/e2e-shop";

/**
 * A return from end to end: a delivered order of two lines; the shopper returns one from the
 * order's detail and downloads the prepaid label; the administrator receives the parcel in
 * 'Retours' and refunds it; the shopper sees the refund and the credit note, and the stock is back.
 */
const baseURL = e2eShop().baseURL;
let browser: Browser;

type ApiProduct = {
  id: string;
  name: string;
  stock_quantity: number;
  in_stock: boolean;
  default_variant_id: string;
  variant_count?: number;
};

const stockOf = async (id: string) =>
  ((await (await fetch(`${baseURL}/api/v1/products/${id}?fresh=${Date.now()}`)).json()) as { data: { stock_quantity: number } }).data
    .stock_quantity;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe("returns", () => {
  it("returns one of two lines with a label, is received and refunded by the administrator, with a credit note and the stock back", async () => {
    const catalogue = (await (await fetch(`${baseURL}/api/v1/products?page_size=60`)).json()) as { data: ApiProduct[] };
    const [first, second] = catalogue.data.filter((p) => p.in_stock && p.stock_quantity >= 5);
    const cookie = await signUpCookie(baseURL, uniqueEmail("retour"), "Secret123!Aurore", "Alice");
    const address = await apiCall(baseURL, "POST", "/api/v1/addresses", cookie, HTTP_ADDRESS);
    const placed = await apiCall(
      baseURL,
      "POST",
      "/api/v1/orders",
      cookie,
      {
        address_id: address.json.data.id,
        contact: HTTP_CONTACT,
        card: HTTP_CARD,
        lines: [
          { product_id: first.id, variant_id: first.default_variant_id, quantity: 1 },
          { product_id: second.id, variant_id: second.default_variant_id, quantity: 1 },
        ],
      },
      { "idempotency-key": randomUUID() },
    );
    expect(placed.status).toBe(201);
    const { id, number } = placed.json.data as { id: string; number: string };
    const adminCookie = await signInCookie(baseURL, E2E_ADMIN.email, E2E_ADMIN.password);
    for (const status of ["shipped", "delivered"]) {
      const changed = await apiCall(baseURL, "POST", "/api/v1/admin/order-status", adminCookie, { order_id: id, status });
      expect(changed.status, JSON.stringify(changed.json)).toBe(200);
    }
    const stockAfterOrder = await stockOf(first.id);

    // The shopper returns the first line.
    const shopper = await signedInContext(browser, baseURL, cookie);
    const page = await shopper.newPage();
    let returnNumber = "";
    try {
      await page.goto("/profile");
      const dialog = await openOrderDetail(page, number);
      await dialog.getByRole("button", { name: "Retourner des articles" }).click();
      await dialog.getByRole("button", { name: "Demander le retour" }).click();
      await dialog.getByText("Choisissez au moins un article à retourner").waitFor();
      await dialog.getByLabel(`Quantité à retourner : ${first.name}`).selectOption("1");
      await dialog.getByLabel("Motif du retour").selectOption("not_suited");
      await dialog.getByLabel("Commentaire (facultatif)").fill("La texture ne me convient pas.");
      await dialog.getByRole("button", { name: "Demander le retour" }).click();
      await dialog
        .getByText(/pas été ouverts ni descellés/)
        .first()
        .waitFor();
      await dialog.getByRole("checkbox", { name: /n'ont pas été ouverts/ }).check();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await dialog.getByRole("button", { name: "Demander le retour" }).click();
      const done = dialog.getByRole("status").filter({ hasText: /^Retour RET-/ });
      await done.waitFor();
      returnNumber = /RET-\d{4}-\d{6}/.exec((await done.textContent()) ?? "")?.[0] ?? "";
      expect(returnNumber).not.toBe("");
      const download = page.waitForEvent("download");
      await dialog.getByRole("link", { name: /Télécharger l'étiquette de retour/ }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe(`etiquette-retour-${returnNumber}.pdf`);
      const bytes = await (
        await fetch(
          `${baseURL}${(await dialog.getByRole("link", { name: /Télécharger l'étiquette de retour/ }).getAttribute("href")) ?? ""}`,
          { headers: { cookie } },
        )
      ).arrayBuffer();
      expect(Buffer.from(bytes).subarray(0, 4).toString()).toBe("%PDF");
    } finally {
      await shopper.close();
    }

    // The administrator receives and refunds it.
    const admin = await signedInContext(browser, baseURL, adminCookie);
    const adminPage = await admin.newPage();
    try {
      await adminPage.goto("/admin/retours?status=requested");
      const card = adminPage.getByRole("article", { name: `Retour ${returnNumber}` });
      await card.waitFor();
      const receive = card.getByRole("button", { name: `Réceptionner le retour ${returnNumber}` });
      const dialog = adminPage.getByRole("dialog", { name: `Réceptionner le retour ${returnNumber}` });
      await expect
        .poll(
          async () => {
            if (await dialog.isVisible()) return true;
            await receive.click({ timeout: 1000 }).catch(() => undefined);
            await dialog.waitFor({ timeout: 1500 }).catch(() => undefined);
            return dialog.isVisible();
          },
          { timeout: 20_000 },
        )
        .toBe(true);
      await dialog.getByRole("button", { name: "Valider la réception" }).click();
      await dialog.getByText("Indiquez pour chaque article s'il est accepté ou refusé").waitFor();
      await dialog.getByRole("radio", { name: "Accepté" }).check();
      expect(await seriousA11yViolations(adminPage)).toEqual([]);
      await dialog.getByRole("button", { name: "Valider la réception" }).click();
      await dialog.waitFor({ state: "hidden" });
      await adminPage.goto("/admin/retours?status=refunded");
      await adminPage
        .getByRole("article", { name: `Retour ${returnNumber}` })
        .getByText(/^Remboursé \d/)
        .waitFor();
    } finally {
      await admin.close();
    }
    expect(await stockOf(first.id)).toBe(stockAfterOrder + 1);

    // The shopper sees the refund and the credit note.
    const returns = await apiCall(baseURL, "GET", "/api/v1/returns", cookie);
    expect(returns.json.data[0]).toMatchObject({
      number: returnNumber,
      status: "refunded",
      credit_note_number: expect.stringMatching(/^AV-/),
    });
    expect(returns.json.data[0].refund_cents).toBeGreaterThan(0);
    const again = await signedInContext(browser, baseURL, cookie);
    const againPage = await again.newPage();
    try {
      await againPage.goto("/profile");
      const dialog = await openOrderDetail(againPage, number);
      await dialog.getByText(`Retour ${returnNumber} · Remboursé`).waitFor();
      await dialog.getByRole("link", { name: new RegExp(`avoir ${returns.json.data[0].credit_note_number}`, "i") }).waitFor();
    } finally {
      await again.close();
    }

    // Bad input: more units than bought, someone else's order, never a 500.
    const itemId = (placed.json.data.items as { id: string; product_id: string }[]).find((i) => i.product_id === first.id)!.id;
    const twice = await apiCall(baseURL, "POST", `/api/v1/orders/${id}/returns`, cookie, {
      lines: [{ order_item_id: itemId, quantity: 1 }],
      reason: "other",
      confirm_unopened: true,
    });
    expect(twice.status).toBe(400);
    expect(twice.json.error.message).toContain("plus d'articles que vous n'en avez reçu");
    const stranger = await signUpCookie(baseURL, uniqueEmail("intrus-retour"), "Secret123!Aurore", "Eve");
    expect(
      (
        await apiCall(baseURL, "POST", `/api/v1/orders/${id}/returns`, stranger, {
          lines: [{ order_item_id: itemId, quantity: 1 }],
          reason: "other",
          confirm_unopened: true,
        })
      ).status,
    ).toBe(404);
    expect((await apiCall(baseURL, "GET", `/api/v1/returns/${returns.json.data[0].id}/label`, stranger)).status).toBe(404);
    expect((await apiCall(baseURL, "POST", `/api/v1/admin/returns/${returns.json.data[0].id}/receive`, cookie, { lines: [] })).status).toBe(
      403,
    );
  });
});
