import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, signedInContext, waitForHydration } from "../../support/browser";
import { E2E_ADMIN, uniqueEmail } from "../../support/accounts";
import { signInCookie, signUpCookie } from "../../support/http-session";
import { TEST_CARD_APPROVED } from "~/domain/checkout/checkout.schema";
import { DEFAULT_SHIPPING_SETTINGS, quoteShipping } from "~/domain/checkout/shipping.rules";
import { formatPrice } from "~/lib/money";
import { e2eShop } from "../../support/e2e-shop";
import { waitForMail } from "../../support/mail";

const baseURL = e2eShop().baseURL;
const dataDir = e2eShop().dataDir;
let browser: Browser;

type ApiProduct = { id: string; name: string; price_cents: number; stock_quantity: number; in_stock: boolean };

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

function api(pathname: string, cookie: string | null, init: RequestInit = {}) {
  return fetch(`${baseURL}${pathname}`, {
    ...init,
    headers: {
      origin: baseURL,
      "content-type": "application/json",
      ...(cookie ? { cookie } : {}),
      ...(init.headers as Record<string, string> | undefined),
    },
  });
}

/** A new product at this price, created through the back-office's product form action. */
async function productAt(priceCents: number): Promise<ApiProduct> {
  const admin = await signInCookie(baseURL, E2E_ADMIN.email, E2E_ADMIN.password);
  const { data: categories } = (await (await fetch(`${baseURL}/api/v1/categories`)).json()) as { data: { id: string }[] };
  const name = `Coffret Carte Cadeau ${Date.now().toString(36)}`;
  const saved = await fetch(`${baseURL}/admin/produits.data`, {
    method: "POST",
    headers: { cookie: admin, origin: baseURL, "content-type": "application/json" },
    body: JSON.stringify({
      intent: "save-product",
      product: {
        name,
        category_id: categories[0].id,
        variants: [{ sku: `GC-${Date.now().toString(36)}-${priceCents}`, price: priceCents / 100, stock: 20 }],
        image_url: "/media/art/perfume/9f1239/fde7ec/1.svg",
      },
    }),
  });
  expect(saved.status).toBe(200);
  const found = (await (await fetch(`${baseURL}/api/v1/products?search=${encodeURIComponent(name)}&fresh=${Date.now()}`)).json()) as {
    data: ApiProduct[];
  };
  const product = found.data.find((p) => p.name === name);
  expect(product).toMatchObject({ price_cents: priceCents, in_stock: true });
  return product!;
}

async function storedCart(page: Page) {
  return page.evaluate(() => {
    const raw = localStorage.getItem("aurore-cart");
    return raw ? (JSON.parse(raw) as { items: { product_id: string }[]; giftCards?: { amountCents: number }[] }) : null;
  });
}

async function payWithCard(page: Page) {
  const main = page.getByRole("main");
  await main.getByLabel("Titulaire de la carte").fill("Léa Moreau");
  await main.getByLabel("Numéro de carte").fill(TEST_CARD_APPROVED);
  await main.getByLabel("Date d'expiration (MM/AA)").fill("12/39");
  await main.getByLabel("Cryptogramme (CVC)").fill("123");
}

describe("gift cards, bought and spent", () => {
  it("buys a 50 € e-mail card, the recipient's code pays part of another shopper's order, the balance page shows the rest", async () => {
    const recipient = uniqueEmail("destinataire");

    // 1. The buyer configures a 50 € e-mail card and offers it.
    const buyerCookie = await signUpCookie(baseURL, uniqueEmail("acheteuse"));
    const buyer = await signedInContext(browser, baseURL, buyerCookie);
    const page = await buyer.newPage();
    await page.goto("/carte-cadeau");
    await waitForHydration(page);
    const form = page.getByRole("main");
    await form.getByLabel(/E-mail du destinataire/).fill(recipient);
    await form.getByLabel(/Nom du destinataire/).fill("Camille");
    const offer = form.getByRole("button", { name: "Offrir cette carte cadeau" });
    // The page is hydrated: one click adds one card.
    await offer.click();
    await expect.poll(async () => (await storedCart(page))?.giftCards?.length ?? 0, { timeout: 15_000 }).toBeGreaterThan(0);
    expect((await storedCart(page))?.giftCards).toEqual([expect.objectContaining({ amountCents: 5000 })]);
    await page
      .getByRole("dialog", { name: /Mon Panier/ })
      .getByText("Carte cadeau 50,00 €")
      .waitFor();

    // 2. Checkout: no address, no delivery fee, paid by card.
    await page.goto("/checkout");
    const main = page.getByRole("main");
    await main.getByRole("region", { name: "Récapitulatif" }).getByText("Aucune (envoi par e-mail)").waitFor();
    await main.getByLabel("Nom complet").fill("Léa Moreau");
    await main.getByLabel("Téléphone").fill("06 11 22 33 44");
    await main.getByRole("button", { name: "Continuer vers le paiement" }).click();
    await main.getByRole("heading", { level: 2, name: "2. Paiement" }).waitFor();
    await payWithCard(page);
    const order = main.getByRole("button", { name: "Commander avec obligation de paiement", exact: true });
    await expect.poll(() => order.isEnabled(), { timeout: 10_000 }).toBe(true);
    await order.click();
    await main.getByRole("heading", { level: 1, name: "Merci pour votre commande !" }).waitFor();
    await buyer.close();

    // 3. The recipient's e-mail carries the code.
    const mail = await waitForMail(dataDir, recipient);
    expect(mail).toContain("Camille");
    const code = /Votre code : ([A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4})/.exec(mail)?.[1];
    expect(code).toBeTruthy();

    // 4. Another shopper spends 30 € of it (typed in lower case with spaces): the administrator
    // puts a 20,10 € product on sale, which costs 30 € with the 9,90 € delivery.
    const product = await productAt(2010);
    const total = product.price_cents + quoteShipping("metropole", product.price_cents, DEFAULT_SHIPPING_SETTINGS).feeCents;
    expect(total).toBe(3000);
    const shopperCookie = await signUpCookie(baseURL, uniqueEmail("cliente"));
    const address = await api("/api/v1/addresses", shopperCookie, {
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
    const shopper = await signedInContext(browser, baseURL, shopperCookie);
    const p2 = await shopper.newPage();
    await p2.goto(`/product/${product.id}`);
    const add = p2.getByRole("main").getByRole("button", { name: "Ajouter au panier", exact: true }).first(); // the page's own, before related products
    await waitForHydration(p2);
    await add.click();
    await expect.poll(async () => (await storedCart(p2))?.items.length ?? 0, { timeout: 15_000 }).toBeGreaterThan(0);
    await p2.goto("/checkout");
    const m2 = p2.getByRole("main");
    await m2.getByRole("radio", { name: /8 rue de la Paix/ }).waitFor();
    await m2.getByRole("button", { name: "Continuer vers le paiement" }).click();
    await m2.getByRole("heading", { level: 2, name: "2. Paiement" }).waitFor();

    // A wrong code first: a French refusal.
    const field = m2.getByRole("textbox", { name: "Carte cadeau" });
    await field.fill("AAAA-BBBB-CCCC-DDDD");
    await m2.getByRole("group", { name: "Carte cadeau" }).getByRole("button", { name: "Appliquer" }).click();
    await m2.getByText("Code de carte cadeau inconnu").waitFor();
    await field.fill(code!.toLowerCase().replace(/-/g, " "));
    await m2.getByRole("group", { name: "Carte cadeau" }).getByRole("button", { name: "Appliquer" }).click();
    const recap = m2.getByRole("region", { name: "Récapitulatif de votre commande" });
    await recap.getByText(`Carte cadeau •••• ${code!.slice(-4)}`).waitFor();
    await recap.getByText(`-${formatPrice(total)}`).waitFor();
    // Fully covered: no bank card needed.
    await m2.getByText(/aucun paiement par carte bancaire n'est nécessaire/).waitFor();
    const order2 = m2.getByRole("button", { name: "Commander avec obligation de paiement", exact: true });
    await expect.poll(() => order2.isEnabled(), { timeout: 10_000 }).toBe(true);
    await order2.click();
    await m2.getByRole("heading", { level: 1, name: "Merci pour votre commande !" }).waitFor();
    const placed = (
      (await (await api("/api/v1/orders", shopperCookie)).json()) as {
        data: { gift_card_cents: number; gift_card_payments: { last4: string }[] }[];
      }
    ).data;
    expect(placed[0]).toMatchObject({ gift_card_cents: total, gift_card_payments: [{ last4: code!.slice(-4) }] });
    await shopper.close();

    // 5. The balance page shows what is left.
    const visitor = await signedInContext(browser, baseURL, null);
    const p3 = await visitor.newPage();
    await p3.goto("/carte-cadeau");
    const balance = p3.getByRole("region", { name: "Consulter le solde d'une carte cadeau" });
    await waitForHydration(p3);
    await balance.getByLabel("Code de la carte cadeau").fill(code!);
    await balance.getByRole("button", { name: "Vérifier le solde" }).click();
    await expect
      .poll(async () => (await balance.getByRole("status").textContent()) ?? "", { timeout: 15_000 })
      .toContain(`solde restant ${formatPrice(2000)}`);
    await visitor.close();

    // 6. The administrator finds the card by its last 4, reads its ledger and disables it.
    const last4 = code!.slice(-4);
    const adminContext = await signedInContext(browser, baseURL, await signInCookie(baseURL, E2E_ADMIN.email, E2E_ADMIN.password));
    const admin = await adminContext.newPage();
    await admin.goto(`/admin/cartes-cadeaux?q=${last4}`);
    const row = admin.getByRole("row").filter({ hasText: `•••• ${last4}` });
    expect(await row.count()).toBe(1);
    expect(await row.getByRole("cell").nth(2).textContent()).toBe(formatPrice(2000));
    await row.getByRole("link", { name: `Historique de la carte cadeau •••• ${last4}` }).click();
    const ledger = admin.getByRole("region", { name: `Historique de la carte •••• ${last4}` });
    await ledger.waitFor();
    const entry = (kind: string) => ledger.getByRole("row").filter({ hasText: kind }).getByRole("cell");
    expect(await entry("Émission").nth(2).textContent()).toBe(`+${formatPrice(5000)}`);
    expect(await entry("Utilisation").nth(2).textContent()).toBe(formatPrice(-3000));
    expect(await entry("Utilisation").nth(3).textContent()).toBe(formatPrice(2000));
    admin.once("dialog", (dialog) => void dialog.accept());
    await row.getByRole("button", { name: `Désactiver la carte cadeau •••• ${last4}` }).click();
    await expect.poll(() => row.getByRole("cell").nth(3).textContent()).toBe("Désactivée");
    await adminContext.close();
  });

  it("limits balance checks: a burst from one client gets 429 with a French message", async () => {
    const check = () =>
      fetch(`${baseURL}/carte-cadeau.data`, {
        method: "POST",
        headers: { origin: baseURL, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "balance", code: "ZZZZ-ZZZZ-ZZZZ-ZZZZ" }).toString(),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await check()).status);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(15);
    const limited = await check();
    expect(limited.status).toBe(429);
    expect(await limited.text()).toContain("Trop de vérifications de carte cadeau");
  });
});
