import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, signedInContext, waitForHydration } from "../../support/browser";
import { E2E_ADMIN, uniqueEmail } from "../../support/accounts";
import { signInCookie, signUpCookie } from "../../support/http-session";
import { openOrderDetail } from "../../support/order-pages";
import { TEST_CARD_APPROVED } from "~/domain/checkout/checkout.schema";
import { DEFAULT_SHIPPING_SETTINGS, quoteShipping } from "~/domain/checkout/shipping.rules";
import { INSTALMENTS_CHOICE_MESSAGE, INSTALMENTS_NOT_ALLOWED_MESSAGE, instalmentAmounts } from "~/domain/payments/instalments";
import { randomUUID } from "node:crypto";
import { formatPrice } from "~/lib/money";
import { e2eShop } from "../../support/e2e-shop";

/** Paiement en 3 fois sans frais (docs/decisions/035-instalments.md), as a shopper does it. */
const baseURL = e2eShop().baseURL;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

function api(pathname: string, cookie: string | null, init: RequestInit = {}) {
  return fetch(`${baseURL}${pathname}`, {
    ...init,
    headers: { origin: baseURL, "content-type": "application/json", ...(cookie ? { cookie } : {}) },
  });
}

/** A new product at this price, created through the back-office's product form action. */
async function productAt(priceCents: number): Promise<{ id: string; price_cents: number }> {
  const admin = await signInCookie(baseURL, E2E_ADMIN.email, E2E_ADMIN.password);
  const { data: categories } = (await (await fetch(`${baseURL}/api/v1/categories`)).json()) as { data: { id: string }[] };
  const name = `Coffret Trois Fois ${Date.now().toString(36)}`;
  const saved = await fetch(`${baseURL}/admin/produits.data`, {
    method: "POST",
    headers: { cookie: admin, origin: baseURL, "content-type": "application/json" },
    body: JSON.stringify({
      intent: "save-product",
      product: {
        name,
        category_id: categories[0].id,
        variants: [{ sku: `X3-${Date.now().toString(36)}`, price: priceCents / 100, stock: 20 }],
        image_url: "/media/art/perfume/9f1239/fde7ec/1.svg",
        rating: 4.5,
        review_count: 12,
      },
    }),
  });
  expect(saved.status).toBe(200);
  const found = (await (await fetch(`${baseURL}/api/v1/products?search=${encodeURIComponent(name)}&fresh=${Date.now()}`)).json()) as {
    data: { id: string; name: string; price_cents: number }[];
  };
  const product = found.data.find((p) => p.name === name);
  expect(product).toMatchObject({ price_cents: priceCents });
  return product!;
}

async function storedItems(page: Page): Promise<number> {
  return page.evaluate(() => {
    const raw = localStorage.getItem("aurore-cart");
    return raw ? (JSON.parse(raw) as { items: unknown[] }).items.length : 0;
  });
}

describe("Paiement en 3 fois sans frais", () => {
  it("a shopper pays in 3 and sees the schedule on the confirmation and in the order detail", async () => {
    const product = await productAt(6000);
    const total = product.price_cents + quoteShipping("metropole", product.price_cents, DEFAULT_SHIPPING_SETTINGS).feeCents;
    const [first, second, third] = instalmentAmounts(total);
    const cookie = await signUpCookie(baseURL, uniqueEmail("trois-fois"));
    const address = await api("/api/v1/addresses", cookie, {
      method: "POST",
      body: JSON.stringify({
        label: "Maison",
        first_name: "Léa",
        last_name: "Moreau",
        address_line_1: "8 rue de la Paix",
        city: "Paris",
        postal_code: "75002",
        country: "France",
        phone: "06 11 22 33 44",
      }),
    });
    expect(address.status).toBe(201);

    const context = await signedInContext(browser, baseURL, cookie, { viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`/product/${product.id}`);
    const add = page.getByRole("main").getByRole("button", { name: "Ajouter au panier", exact: true }).first();
    // Once the page is hydrated, one click adds one line.
    await waitForHydration(page);
    await add.click();
    await expect.poll(() => storedItems(page), { timeout: 15_000 }).toBeGreaterThan(0);

    await page.goto("/checkout");
    const main = page.getByRole("main");
    await main.getByRole("radio", { name: /8 rue de la Paix/ }).waitFor();
    await main.getByLabel("Nom complet").fill("Léa Moreau");
    await main.getByLabel("Téléphone").fill("06 11 22 33 44");
    await main.getByRole("button", { name: "Continuer vers le paiement" }).click();
    await main.getByRole("heading", { level: 2, name: "2. Paiement" }).waitFor();
    await main.getByLabel("Titulaire de la carte").fill("Léa Moreau");
    await main.getByLabel("Numéro de carte").fill(TEST_CARD_APPROVED);
    await main.getByLabel("Date d'expiration (MM/AA)").fill("12/39");
    await main.getByLabel("Cryptogramme (CVC)").fill("123");

    // The choice, with its three amounts; a one-time payment is the default.
    const choice = main.getByRole("group", { name: "Paiement par carte" });
    await expect.poll(() => choice.getByRole("radio", { name: /Payer en une fois/ }).isChecked(), { timeout: 10_000 }).toBe(true);
    const inThree = choice.getByRole("radio", { name: /Payer en 3 fois sans frais/ });
    for (const amount of [first, second, third]) expect(await choice.textContent()).toContain(formatPrice(amount));
    await inThree.check();
    // It fits a phone: nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    const order = main.getByRole("button", { name: "Commander avec obligation de paiement", exact: true });
    await expect.poll(() => order.isEnabled(), { timeout: 10_000 }).toBe(true);
    await order.click();
    await main.getByRole("heading", { level: 1, name: "Merci pour votre commande !" }).waitFor();
    const confirmation = main.getByRole("region", { name: "Échéancier" });
    await confirmation.waitFor();
    const rows = confirmation.getByRole("row");
    expect(await rows.count()).toBe(4); // the header and 3 instalments
    expect(await rows.nth(1).textContent()).toContain(formatPrice(first));
    expect(await rows.nth(1).textContent()).toContain("Payée");
    expect(await rows.nth(2).textContent()).toContain("À venir");
    expect(await rows.nth(3).textContent()).toContain(formatPrice(third));

    // The order detail in Mes Commandes.
    const orders = (await (await api("/api/v1/orders", cookie)).json()) as {
      data: { number: string; payment_status: string; payment_schedule: { amount_cents: number; status: string }[] }[];
    };
    expect(orders.data[0]).toMatchObject({
      payment_status: "instalments",
      payment_schedule: [
        { amount_cents: first, status: "paid" },
        { amount_cents: second, status: "pending" },
        { amount_cents: third, status: "pending" },
      ],
    });
    await page.goto("/dashboard?tab=orders");
    const dialog = await openOrderDetail(page, orders.data[0].number);
    const schedule = dialog.getByRole("region", { name: "Échéancier" });
    await schedule.waitFor();
    expect(await schedule.getByRole("row").count()).toBe(4);
    expect(await schedule.textContent()).toContain("Payée");
    expect(await schedule.textContent()).toContain(formatPrice(second));
    await context.close();

    // The back-office's order detail shows it too.
    const adminCookie = await signInCookie(baseURL, E2E_ADMIN.email, E2E_ADMIN.password);
    const adminContext = await signedInContext(browser, baseURL, adminCookie, { viewport: { width: 1366, height: 768 } });
    const adminPage = await adminContext.newPage();
    const number = orders.data[0].number;
    await adminPage.goto(`/admin/commandes?search=${number}`);
    const row = adminPage.getByRole("row").filter({ hasText: number });
    const adminDialog = adminPage.getByRole("dialog", { name: `Commande ${number}` });
    await expect
      .poll(
        async () => {
          if (await adminDialog.isVisible()) return true;
          await row
            .getByRole("button", { name: `Détails de la commande ${number}` })
            .click({ timeout: 1000 })
            .catch(() => undefined);
          await adminDialog.waitFor({ timeout: 1500 }).catch(() => undefined);
          return adminDialog.isVisible();
        },
        { timeout: 20_000, interval: 100 },
      )
      .toBe(true);
    const adminSchedule = adminDialog.getByRole("region", { name: "Échéancier" });
    await adminSchedule.waitFor();
    expect(await adminSchedule.getByRole("row").count()).toBe(4);
    expect(await adminDialog.getByText("Échéance impayée").count()).toBe(0);
    await adminContext.close();
  });

  it("refuses 3 instalments under 50 € and any other count, in French, with no order", async () => {
    const product = await productAt(2000);
    const cookie = await signUpCookie(baseURL, uniqueEmail("trois-fois-refus"));
    const address = (await (
      await api("/api/v1/addresses", cookie, {
        method: "POST",
        body: JSON.stringify({
          label: "Maison",
          first_name: "Léa",
          last_name: "Moreau",
          address_line_1: "8 rue de la Paix",
          city: "Paris",
          postal_code: "75002",
          country: "France",
          phone: "06 11 22 33 44",
        }),
      })
    ).json()) as { data: { id: string } };
    const order = (instalments: number) =>
      fetch(`${baseURL}/api/v1/orders`, {
        method: "POST",
        headers: { origin: baseURL, "content-type": "application/json", cookie, "idempotency-key": randomUUID() },
        body: JSON.stringify({
          address_id: address.data.id,
          contact: { email: "lea@example.com", name: "Léa Moreau", phone: "06 11 22 33 44" },
          card: { holder: "Léa Moreau", number: TEST_CARD_APPROVED, expiry: "12/39", cvc: "123" },
          lines: [{ product_id: product.id, quantity: 1 }],
          instalments,
        }),
      });
    const under = await order(3);
    expect(under.status).toBe(400);
    expect(((await under.json()) as { error: { code: string; message: string } }).error).toMatchObject({
      code: "instalments_not_allowed",
      message: INSTALMENTS_NOT_ALLOWED_MESSAGE,
    });
    const two = await order(2);
    expect(two.status).toBe(400);
    expect(JSON.stringify(await two.json())).toContain(INSTALMENTS_CHOICE_MESSAGE);
    const orders = (await (await api("/api/v1/orders", cookie)).json()) as { data: unknown[] };
    expect(orders.data).toEqual([]);
  });
});
