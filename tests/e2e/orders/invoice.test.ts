import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Locator, Page } from "playwright-core";
import { downloadedBytes, launchBrowser, seriousA11yViolations, signedInContext } from "../../support/browser";
import { E2E_ADMIN, uniqueEmail } from "../../support/accounts";
import { signInCookie, signUpCookie } from "../../support/http-session";
import { placeOrderOverHttp, setOrderStatusOverHttp } from "../../support/orders-http";
import { e2eShop } from "../../support/e2e-shop";

/**
 * The invoice of an order (docs/decisions/031-invoices.md): the shopper downloads it from the
 * order's detail in "Mes Commandes"; the API serves it as a PDF attachment to its owner and the
 * back-office only; once the back-office cancels the paid order, its credit note is listed too.
 */
const baseURL = e2eShop().baseURL;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function get(path: string, cookie: string | null) {
  const res = await fetch(`${baseURL}${path}`, { headers: { origin: baseURL, ...(cookie ? { cookie } : {}) }, redirect: "manual" });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** The detail button works once the page is hydrated: click until the dialog shows. */
async function openDetail(page: Page, number: string): Promise<Locator> {
  const dialog = page.getByRole("dialog", { name: `Commande ${number}` });
  const button = page.getByRole("article", { name: `Commande ${number}` }).getByRole("button", { name: "Voir le détail" });
  await expect
    .poll(
      async () => {
        if (await dialog.isVisible()) return true;
        await button.click({ timeout: 1000 }).catch(() => undefined);
        await dialog.waitFor({ timeout: 1500 }).catch(() => undefined);
        return dialog.isVisible();
      },
      { timeout: 20_000, interval: 100 },
    )
    .toBe(true);
  return dialog;
}

describe("invoices", () => {
  let shopper = "";
  let other = "";
  let admin = "";
  let order: { id: string; number: string; documents: { kind: string; number: string; url: string }[] };

  beforeAll(async () => {
    shopper = await signUpCookie(baseURL, uniqueEmail("invoice"), "Secret123!Aurore", "Alice");
    other = await signUpCookie(baseURL, uniqueEmail("invoice-other"));
    admin = await signInCookie(baseURL, E2E_ADMIN.email, E2E_ADMIN.password);
    order = (await placeOrderOverHttp(baseURL, shopper)) as typeof order;
  });

  it("serves the invoice as a PDF attachment to its owner and the back-office, the same bytes each time", async () => {
    const [invoice] = order.documents;
    expect(invoice).toMatchObject({ kind: "invoice", url: `/api/v1/orders/${order.id}/invoice` });
    expect(invoice.number).toMatch(/^FA-\d{4}-\d{6}$/);

    const first = await get(invoice.url, shopper);
    expect(first.res.status).toBe(200);
    expect(first.res.headers.get("content-type")).toBe("application/pdf");
    expect(first.res.headers.get("content-disposition")).toBe(`attachment; filename="${invoice.number}.pdf"`);
    expect(first.bytes.subarray(0, 4).toString("latin1")).toBe("%PDF");
    const again = await get(invoice.url, shopper);
    expect(Buffer.compare(again.bytes, first.bytes)).toBe(0);
    const back = await get(`/api/v1/admin/orders/${order.id}/invoice`, admin);
    expect(back.res.status).toBe(200);
    expect(Buffer.compare(back.bytes, first.bytes)).toBe(0);

    const stranger = await get(invoice.url, other);
    expect(stranger.res.status).toBe(404);
    expect(JSON.parse(stranger.bytes.toString("utf8"))).toMatchObject({ error: { code: "not_found", message: "Commande introuvable" } });
    expect((await get(invoice.url, null)).res.status).toBe(401);
    expect((await get(`/api/v1/admin/orders/${order.id}/invoice`, shopper)).res.status).toBe(403);
  });

  it("downloads the invoice from the order's detail with 'Télécharger la facture'", async () => {
    const context = await signedInContext(browser, baseURL, shopper, { acceptDownloads: true });
    const page = await context.newPage();
    try {
      await page.goto("/dashboard?tab=orders");
      const dialog = await openDetail(page, order.number);
      const link = dialog.getByRole("link", { name: "Télécharger la facture" });
      expect(await link.getAttribute("href")).toBe(`/api/v1/orders/${order.id}/invoice`);
      expect(await seriousA11yViolations(page)).toEqual([]);
      const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
      expect(download.suggestedFilename()).toBe(`${order.documents[0].number}.pdf`);
      const bytes = await downloadedBytes(download);
      expect(bytes.subarray(0, 4).toString("latin1")).toBe("%PDF");
    } finally {
      await context.close();
    }
  });

  it("offers the invoice in the back-office's order detail, through the back-office API", async () => {
    const context = await signedInContext(browser, baseURL, admin, { acceptDownloads: true });
    const page = await context.newPage();
    try {
      await page.goto(`/admin/commandes?search=${order.number}`);
      const row = page.getByRole("row").filter({ hasText: order.number });
      const dialog = page.getByRole("dialog", { name: `Commande ${order.number}` });
      await expect
        .poll(
          async () => {
            if (await dialog.isVisible()) return true;
            await row
              .getByRole("button", { name: `Détails de la commande ${order.number}` })
              .click({ timeout: 1000 })
              .catch(() => undefined);
            await dialog.waitFor({ timeout: 1500 }).catch(() => undefined);
            return dialog.isVisible();
          },
          { timeout: 20_000, interval: 100 },
        )
        .toBe(true);
      const link = dialog.getByRole("link", { name: "Télécharger la facture" });
      await expect.poll(() => link.isVisible()).toBe(true);
      expect(await link.getAttribute("href")).toBe(`/api/v1/admin/orders/${order.id}/invoice`);
      const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
      expect(download.suggestedFilename()).toBe(`${order.documents[0].number}.pdf`);
    } finally {
      await context.close();
    }
  });

  it("lists the credit note once the back-office cancels the paid order", async () => {
    const changed = await setOrderStatusOverHttp(baseURL, admin, order.id, "cancelled");
    expect(changed.status).toBe(200);
    const context = await signedInContext(browser, baseURL, shopper, { acceptDownloads: true });
    const page = await context.newPage();
    try {
      await page.goto("/dashboard?tab=orders");
      const dialog = await openDetail(page, order.number);
      const link = dialog.getByRole("link", { name: /^Télécharger l'avoir AV-\d{4}-\d{6}$/ });
      await expect.poll(() => link.isVisible()).toBe(true);
      const href = (await link.getAttribute("href"))!;
      expect(href).toMatch(new RegExp(`^/api/v1/orders/${order.id}/credit-notes/AV-\\d{4}-\\d{6}$`));
      const credit = await get(href, shopper);
      expect(credit.res.status).toBe(200);
      expect(credit.bytes.subarray(0, 4).toString("latin1")).toBe("%PDF");
      expect((await get(href, other)).res.status).toBe(404);
    } finally {
      await context.close();
    }
  });
});
