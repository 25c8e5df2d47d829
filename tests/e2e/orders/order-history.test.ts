import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext } from "playwright-core";
import { openOrderDetail, orderCard } from "../../support/order-pages";
import { launchBrowser, newShopContext, seriousA11yViolations } from "../../support/browser";
import { uniqueEmail } from "../../support/accounts";
import { signUpCookie } from "../../support/http-session";
import { e2eShop } from "../../support/e2e-shop";

/**
 * Order history and cancellation, as a shopper sees them. The orders are placed through the
 * public API (POST /api/v1/orders with the approved test card), then followed in the dashboard's
 * "Mes Commandes" tab and on /profile, where one is cancelled from its detail modal.
 */
const baseURL = e2eShop().baseURL;
let browser: Browser;

type ProductSummary = { id: string; name: string; price_cents: number; stock_quantity: number; in_stock: boolean; variant_count: number };
type OrderSummary = { id: string; number: string; status: string; cancellable: boolean; items: unknown[] };

async function api(path: string, cookie: string | null, init: RequestInit = {}): Promise<Response> {
  return fetch(`${baseURL}${path}`, {
    ...init,
    headers: {
      accept: "application/json",
      origin: baseURL,
      ...(init.body ? { "content-type": "application/json" } : {}),
      ...(cookie ? { cookie } : {}),
      ...(init.headers as Record<string, string> | undefined),
    },
  });
}

async function stockOf(productId: string): Promise<number> {
  const body = (await (await api(`/api/v1/products/${productId}?fresh=${Date.now()}`, null)).json()) as { data: ProductSummary };
  return body.data.stock_quantity;
}

async function createAddress(cookie: string): Promise<string> {
  const res = await api("/api/v1/addresses", cookie, {
    method: "POST",
    body: JSON.stringify({
      first_name: "Marie",
      last_name: "Curie",
      address_line_1: "11 rue Pierre et Marie Curie",
      city: "Paris",
      postal_code: "75005",
      country: "France",
      phone: "01 44 27 00 00",
    }),
  });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

async function placeOrder(cookie: string, email: string, addressId: string, lines: { product_id: string; quantity: number }[]) {
  const res = await api("/api/v1/orders", cookie, {
    method: "POST",
    headers: { "Idempotency-Key": randomUUID() },
    body: JSON.stringify({
      address_id: addressId,
      contact: { email, name: "Marie Curie", phone: "01 44 27 00 00" },
      card: { holder: "Marie Curie", number: "4242 4242 4242 4242", expiry: "12/30", cvc: "123" },
      lines,
    }),
  });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  const body = (await res.json()) as { data: { id?: string; order?: { id: string } } };
  return body.data.id ?? body.data.order!.id;
}

/** The session cookies of an API sign-up, handed to a browser context. */
async function signedInContext(cookie: string): Promise<BrowserContext> {
  const context = await newShopContext(browser, baseURL);
  await context.addCookies(
    cookie.split("; ").map((pair) => {
      const at = pair.indexOf("=");
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: baseURL };
    }),
  );
  return context;
}

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("order history and cancellation", () => {
  const emailA = uniqueEmail("orders-a");
  const emailB = uniqueEmail("orders-b");
  let cookieA = "";
  let cookieB = "";
  let products: ProductSummary[] = [];
  let bigOrderId = "";
  let smallOrderId = "";
  let refBig = "";
  let refSmall = "";

  beforeAll(async () => {
    cookieA = await signUpCookie(baseURL, emailA, "Secret123!Aurore", "Marie");
    cookieB = await signUpCookie(baseURL, emailB, "Secret123!Aurore", "Bruno");
    const list = (await (await api("/api/v1/products?page_size=100", null)).json()) as { data: ProductSummary[] };
    products = list.data.filter((p) => p.variant_count === 1 && p.in_stock && p.stock_quantity >= 5).slice(0, 5);
    expect(products).toHaveLength(5);

    const addressId = await createAddress(cookieA);
    bigOrderId = await placeOrder(
      cookieA,
      emailA,
      addressId,
      products.slice(0, 4).map((p) => ({ product_id: p.id, quantity: 1 })),
    );
    smallOrderId = await placeOrder(cookieA, emailA, addressId, [{ product_id: products[4].id, quantity: 2 }]);
  });

  it("answers visitors with 401 JSON and hides other shoppers' orders behind 404", async () => {
    const visitor = await api("/api/v1/orders", null);
    expect(visitor.status).toBe(401);
    expect(((await visitor.json()) as { error: { code: string } }).error.code).toBeTruthy();

    const own = (await (await api("/api/v1/orders", cookieA)).json()) as { data: OrderSummary[] };
    expect(own.data.map((o) => o.id)).toEqual([smallOrderId, bigOrderId]);
    expect(own.data.map((o) => [o.status, o.cancellable])).toEqual([
      ["pending", true],
      ["pending", true],
    ]);
    refBig = own.data[1].number;
    refSmall = own.data[0].number;
    // Placed one after the other: consecutive numbers of the same year.
    expect(refBig).toMatch(/^AUR-\d{4}-\d{6}$/);
    expect(refSmall).toBe(refBig.replace(/\d{6}$/, (n) => String(Number(n) + 1).padStart(6, "0")));

    const single = await api(`/api/v1/orders/${bigOrderId}`, cookieA);
    expect(((await single.json()) as { data: OrderSummary }).data.items).toHaveLength(4);

    for (const path of [`/api/v1/orders/${bigOrderId}`, "/api/v1/orders/pas-un-identifiant"]) {
      const res = await api(path, cookieB);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ error: { message: "Commande introuvable" } });
    }
    const stolen = await api(`/api/v1/orders/${bigOrderId}/cancel`, cookieB, { method: "POST" });
    expect(stolen.status).toBe(404);
    expect(((await (await api("/api/v1/orders", cookieB)).json()) as { data: unknown[] }).data).toEqual([]);
  });

  it("shows the orders in Mes Commandes and cancels one from its detail, returning the stock", async () => {
    const stockBefore = await stockOf(products[4].id);
    const context = await signedInContext(cookieA);
    const page = await context.newPage();
    try {
      await page.goto("/dashboard?tab=orders");
      await expect.poll(() => page.getByRole("heading", { name: "Mes Commandes" }).isVisible()).toBe(true);
      await expect.poll(() => page.getByText("2 commandes", { exact: true }).isVisible()).toBe(true);

      const big = orderCard(page, refBig);
      expect(await big.getByText("En attente", { exact: true }).isVisible()).toBe(true);
      expect(await big.getByText("+1 autre", { exact: true }).isVisible()).toBe(true);
      expect(await big.getByRole("listitem").count()).toBe(3);
      expect(await orderCard(page, refSmall).getByText("+1 autre", { exact: true }).count()).toBe(0);

      const dialog = await openOrderDetail(page, refSmall);
      expect(await dialog.getByText(products[4].name).isVisible()).toBe(true);
      expect(await dialog.getByText("Visa •••• 4242", { exact: true }).isVisible()).toBe(true);
      expect(await dialog.getByText("11 rue Pierre et Marie Curie", { exact: true }).isVisible()).toBe(true);
      expect(await dialog.getByText(/^2 x /).isVisible()).toBe(true);
      expect(await seriousA11yViolations(page)).toEqual([]);

      await dialog.getByRole("button", { name: "Annuler la commande" }).click();
      await dialog.getByRole("button", { name: "Oui, annuler la commande" }).click();
      await expect.poll(() => dialog.getByText("Annulée", { exact: true }).isVisible(), { timeout: 10_000 }).toBe(true);
      expect(await dialog.getByRole("button", { name: "Annuler la commande" }).count()).toBe(0);
      await expect.poll(() => page.getByText("Commande annulée", { exact: true }).isVisible()).toBe(true);

      await dialog.getByRole("button", { name: "Fermer" }).click();
      await expect.poll(() => orderCard(page, refSmall).getByText("Annulée", { exact: true }).isVisible()).toBe(true);
      expect(await orderCard(page, refBig).getByText("En attente", { exact: true }).isVisible()).toBe(true);
    } finally {
      await context.close();
    }

    expect(await stockOf(products[4].id)).toBe(stockBefore + 2);
    const again = await api(`/api/v1/orders/${smallOrderId}/cancel`, cookieA, { method: "POST" });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: { message: "Cette commande ne peut plus être annulée" } });
  });

  it("shows the same history on /profile, and the empty state to a shopper without orders", async () => {
    const contextA = await signedInContext(cookieA);
    const page = await contextA.newPage();
    try {
      await page.goto("/profile");
      const history = page.getByRole("region", { name: "Historique des commandes" });
      await expect.poll(() => history.getByText("2 commandes", { exact: true }).isVisible()).toBe(true);
      expect(await orderCard(page, refSmall).getByText("Annulée", { exact: true }).isVisible()).toBe(true);
      const dialog = await openOrderDetail(page, refSmall);
      expect(await dialog.getByRole("button", { name: "Annuler la commande" }).count()).toBe(0);
    } finally {
      await contextA.close();
    }

    const contextB = await signedInContext(cookieB);
    const pageB = await contextB.newPage();
    try {
      await pageB.goto("/dashboard?tab=orders");
      await expect.poll(() => pageB.getByText("Aucune commande", { exact: true }).isVisible()).toBe(true);
      const link = pageB.getByRole("link", { name: "Découvrir nos produits" });
      expect(await link.getAttribute("href")).toBe("/products");
    } finally {
      await contextB.close();
    }
  });
});
