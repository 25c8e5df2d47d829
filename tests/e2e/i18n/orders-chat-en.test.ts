import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { randomUUID } from "node:crypto";
import { launchBrowser, newShopContext, signedInContext, waitForHydration } from "../../support/browser";
import { E2E_ADMIN, uniqueEmail } from "../../support/accounts";
import { signInCookie, signUpCookie } from "../../support/http-session";
import { apiCall, HTTP_ADDRESS, HTTP_CARD, HTTP_CONTACT } from "../../support/orders-http";
import { e2eShop } from "../../support/e2e-shop";

/**
 * What the server used to word in French on English pages (decision 044), now worded by the page
 * from data: an order's delivery method, instalment plan and card; the chat's next opening and
 * its system lines; a checkout stock problem with the quantity left. French stays as it was
 * (the French journeys of these pages check it).
 */
const baseURL = e2eShop().baseURL;
let browser: Browser;
let adminCookie: string;
const contexts: BrowserContext[] = [];

/** A catalog key shown as its id instead of its message. */
const RAW_KEY = /\b(shop|account|checkout|common|emails)\.[a-zA-Z]+\.[a-zA-Z.]+/;

type ApiProduct = { id: string; name: string; price_cents: number; stock_quantity: number; in_stock: boolean; variant_count: number };

beforeAll(async () => {
  browser = await launchBrowser();
  adminCookie = await signInCookie(baseURL, E2E_ADMIN.email, E2E_ADMIN.password);
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

async function open(cookie: string | null, english = true): Promise<Page> {
  const context = cookie ? await signedInContext(browser, baseURL, cookie) : await newShopContext(browser, baseURL);
  if (english) await context.addCookies([{ name: "aurore_lang", value: "en", url: baseURL }]);
  contexts.push(context);
  return context.newPage();
}

/** A shopper whose Préférences say English (the footer's choice saves them), with a Lyon address. */
async function englishShopper(): Promise<{ cookie: string; addressId: string }> {
  const cookie = await signUpCookie(baseURL, uniqueEmail("english-orders"), "Secret123!Aurore", "Emma");
  const chosen = await fetch(`${baseURL}/langue`, {
    method: "POST",
    headers: { origin: baseURL, cookie },
    body: new URLSearchParams({ language: "en", redirectTo: "/" }),
    redirect: "manual",
  });
  expect(chosen.status).toBe(302);
  const address = await apiCall(baseURL, "POST", "/api/v1/addresses", cookie, HTTP_ADDRESS);
  expect(address.status).toBe(201);
  return { cookie, addressId: address.json.data.id as string };
}

/** A new product with this stock, through the back-office's product form action. */
async function productWithStock(stock: number): Promise<ApiProduct> {
  const { data: categories } = (await (await fetch(`${baseURL}/api/v1/categories`)).json()) as { data: { id: string }[] };
  const name = `Baume Rare ${Date.now().toString(36)}`;
  const saved = await fetch(`${baseURL}/admin/produits.data`, {
    method: "POST",
    headers: { cookie: adminCookie, origin: baseURL, "content-type": "application/json" },
    body: JSON.stringify({
      intent: "save-product",
      product: {
        name,
        category_id: categories[0]!.id,
        variants: [{ sku: `RARE-${Date.now().toString(36)}`, price: 24, stock }],
        image_url: "/media/art/perfume/9f1239/fde7ec/1.svg",
        rating: 4.5,
        review_count: 12,
      },
    }),
  });
  expect(saved.status).toBe(200);
  const found = (await (await fetch(`${baseURL}/api/v1/products?search=${encodeURIComponent(name)}&fresh=${Date.now()}`)).json()) as {
    data: ApiProduct[];
  };
  const product = found.data.find((p) => p.name === name);
  expect(product).toMatchObject({ stock_quantity: stock });
  return product!;
}

describe("orders, chat and stock messages in English (decision 044)", () => {
  it("shows an order paid in 3 and sent to a relay point with its delivery, instalment plan and card in English", async () => {
    const { cookie, addressId } = await englishShopper();
    const points = await apiCall(baseURL, "GET", "/api/v1/relay-points?postal_code=69002", null);
    const relayPoint = points.json.data[0] as { id: string; name: string };
    const catalogue = (await apiCall(baseURL, "GET", "/api/v1/products?sort=price_desc&page_size=40", null)).json.data as ApiProduct[];
    // At least 50 € paid by card, so that the order may be paid in 3 (docs/decisions/035-instalments.md).
    const [product, quantity] = catalogue
      .filter((p) => p.variant_count === 1 && p.in_stock)
      .map((p) => [p, Math.ceil(6000 / p.price_cents)] as const)
      .find(([p, q]) => q <= 5 && p.stock_quantity >= q + 5)!;
    const placed = await apiCall(
      baseURL,
      "POST",
      "/api/v1/orders",
      cookie,
      {
        address_id: addressId,
        contact: HTTP_CONTACT,
        card: HTTP_CARD,
        instalments: 3,
        delivery_method: "relay",
        relay_point_id: relayPoint.id,
        lines: [{ product_id: product.id, quantity }],
      },
      { "idempotency-key": randomUUID() },
    );
    expect(placed.status, JSON.stringify(placed.json)).toBe(201);
    const order = placed.json.data as { number: string; payment_schedule: unknown[] };
    expect(order.payment_schedule).toHaveLength(3);

    const page = await open(cookie);
    await page.goto("/dashboard?tab=orders");
    await waitForHydration(page);
    expect(await page.locator("html").getAttribute("lang")).toBe("en");
    const card = page.getByRole("article", { name: `Order ${order.number}` });
    const dialog = page.getByRole("dialog", { name: `Order ${order.number}` });
    await expect
      .poll(
        async () => {
          if (await dialog.isVisible()) return true;
          await card
            .getByRole("button", { name: "View details" })
            .click({ timeout: 1000 })
            .catch(() => undefined);
          await dialog.waitFor({ timeout: 1500 }).catch(() => undefined);
          return dialog.isVisible();
        },
        { timeout: 20_000, interval: 100 },
      )
      .toBe(true);

    // Delivery: the method in English; the relay point's name and hours are the directory's French, marked so.
    expect(await dialog.getByRole("heading", { name: "Delivery method" }).isVisible()).toBe(true);
    const detail = await dialog.innerText();
    expect(detail).toMatch(/Pickup point: expected delivery from [A-Z][a-z]+day \d{1,2} [A-Z][a-z]+/);
    expect(await dialog.locator('[lang="fr"]', { hasText: relayPoint.name }).count()).toBe(1);
    // The instalment plan: its heading, three rows with English statuses.
    const schedule = dialog.getByRole("region", { name: "Instalment plan" });
    expect(await schedule.getByRole("row").count()).toBe(4);
    expect(await schedule.innerText()).toMatch(/Paid/);
    // The card: worded in English from its brand and last four digits.
    expect(detail).toContain("Visa card ending in 4242");
    expect(detail).not.toMatch(RAW_KEY);
    for (const french of [
      "•••• 4242",
      "se terminant",
      "Point relais",
      "Livraison prévue",
      "Échéancier",
      "Payée",
      "À venir",
      "Mode de livraison",
    ]) {
      expect(detail, french).not.toContain(french);
    }
  });

  it("says in English when the closed chat opens next, and words the chat's system lines in English", async () => {
    const page = await open(null);
    // The e2e shop's chat is always open (CHAT_ALWAYS_OPEN): GET /chat's answer is taken as the
    // server sends it and only told it is closed until Monday 9:00, as it would be on a Sunday.
    await page.route(
      (url) => url.pathname === "/chat",
      async (route) => {
        if (route.request().method() !== "GET") return route.fallback();
        const response = await route.fetch();
        const state = (await response.json()) as Record<string, unknown>;
        await route.fulfill({ response, json: { ...state, open: false, nextOpening: { dayOffset: 1, weekday: 1, opens: "09:00" } } });
      },
    );
    await page.goto("/service-client");
    // The card's own heading and hours belong to the information page (its body is not translated yet).
    const chatCard = page.getByRole("article", { name: /^(Chat en direct|Live chat)$/ });
    await chatCard
      .getByText("The chat is closed; it opens tomorrow at 9:00 (Paris time). Leave us a message: we will answer by e-mail.", {
        exact: true,
      })
      .waitFor({ timeout: 20_000 });
    expect(await chatCard.getByRole("button", { name: "Leave a message" }).isVisible()).toBe(true);

    // Another day: Saturday at 10:30.
    await page.unrouteAll();
    await page.route(
      (url) => url.pathname === "/chat",
      async (route) => {
        if (route.request().method() !== "GET") return route.fallback();
        const response = await route.fetch();
        const state = (await response.json()) as Record<string, unknown>;
        await route.fulfill({ response, json: { ...state, open: false, nextOpening: { dayOffset: 3, weekday: 6, opens: "10:30" } } });
      },
    );
    await page.reload();
    await chatCard.getByText("it opens on Saturday at 10:30 (Paris time)", { exact: false }).waitFor({ timeout: 20_000 });
    await page.unrouteAll();

    // Open for real: a visitor writes, an administrator takes the conversation, then ends it.
    await page.reload();
    await chatCard.getByRole("button", { name: "Start the chat" }).click({ timeout: 20_000 });
    await chatCard.getByLabel("Name").fill("Emma Visitor");
    await chatCard.getByLabel("E-mail").fill("emma.visitor@example.com");
    await chatCard.getByLabel("Your message").fill("Hello, is the serum available in 50 ml?");
    const stream = page.waitForResponse((res) => new URL(res.url()).pathname === "/chat/stream", { timeout: 20_000 });
    await chatCard.getByRole("button", { name: "Start the conversation" }).click();
    const log = page.getByRole("log", { name: "Chat messages" });
    await log.getByText("Hello, is the serum available in 50 ml?").waitFor();
    const state = (await page.evaluate(async () => (await fetch("/chat", { headers: { accept: "application/json" } })).json())) as {
      conversation: { id: string };
    };
    const adminAction = (intent: string) =>
      fetch(`${baseURL}/admin/chat.data`, {
        method: "POST",
        headers: { cookie: adminCookie, origin: baseURL, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent, conversationId: state.conversation.id }),
      });
    // The administrator acts once the visitor's page listens to its conversation's stream.
    await stream;
    expect((await adminAction("take")).status).toBe(200);
    await log.getByText(/^[^ ]+ has joined the conversation\.$/).waitFor({ timeout: 15_000 });
    expect((await adminAction("close")).status).toBe(200);
    await log.getByText("The conversation has ended. Thank you, and see you soon!").waitFor({ timeout: 15_000 });
    await chatCard.getByText("Conversation ended.").waitFor();
    const chatText = await chatCard.innerText();
    expect(chatText).not.toMatch(RAW_KEY);
    for (const french of ["a rejoint la conversation", "La conversation est terminée", "Merci et à bientôt"]) {
      expect(chatText, french).not.toContain(french);
    }
  });

  it("names the product and the quantity left in English when the cart holds more than the stock", async () => {
    const { cookie } = await englishShopper();
    const product = await productWithStock(2);
    // Both left go in the shopper's cart, then another shopper buys one: the cart now asks for more than the stock.
    const cart = await apiCall(baseURL, "PUT", "/api/v1/cart", cookie, { lines: [{ product_id: product.id, quantity: 2 }] });
    expect(cart.status).toBe(200);
    const other = await englishShopper();
    const bought = await apiCall(
      baseURL,
      "POST",
      "/api/v1/orders",
      other.cookie,
      { address_id: other.addressId, contact: HTTP_CONTACT, card: HTTP_CARD, lines: [{ product_id: product.id, quantity: 1 }] },
      { "idempotency-key": randomUUID() },
    );
    expect(bought.status, JSON.stringify(bought.json)).toBe(201);
    const page = await open(cookie);
    await page.goto("/checkout");
    const main = page.getByRole("main");
    const alert = main.getByRole("alert").filter({ hasText: "Not enough stock" });
    await alert.waitFor({ timeout: 20_000 });
    const text = await alert.innerText();
    expect(text).toContain(`Not enough stock: ${product.name} (only 1 left)`);
    expect(text).toContain("Please adjust the quantities in your cart and try again.");
    for (const french of ["Stock insuffisant", "disponible :"]) expect(text, french).not.toContain(french);
  });
});
