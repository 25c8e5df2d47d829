import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser, seriousA11yViolations, signedInContext, waitForHydration } from "../../support/browser";
import { E2E_ADMIN, uniqueEmail } from "../../support/accounts";
import { signInCookie, signUpCookie } from "../../support/http-session";
import { apiCall, HTTP_ADDRESS, HTTP_CARD, HTTP_CONTACT } from "../../support/orders-http";
import { addFromProductPage } from "../../support/checkout-pages";
import { openOrderDetail } from "../../support/order-pages";
import { e2eShop } from "../../support/e2e-shop";

/**
 * Gift wrap, gift message and the gift receipt over HTTP (docs/decisions/068-gift-wrap.md): bad
 * input is refused in French (never a 500), the invoice never prints the message, the gift receipt
 * has no price and only its shopper (or the back-office) reaches it; then one journey in a browser.
 */
const baseURL = e2eShop().baseURL;
let admin: string;
let browser: Browser;

type Json = Record<string, any>;

async function pdfText(res: Response): Promise<string> {
  const { extractText, getDocumentProxy } = await import("unpdf");
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(await res.arrayBuffer())), { mergePages: true });
  return text.replace(/\s+/g, " ");
}

async function productToBuy(): Promise<Json> {
  const list = await apiCall(baseURL, "GET", "/api/v1/products?sort=price_asc&page_size=100", null);
  const found = list.json.data.find((p: Json) => p.variant_count === 1 && p.in_stock && p.stock_quantity >= 10);
  if (!found) throw new Error("no product to buy");
  return found;
}

async function shopperWithAddress(tag: string): Promise<{ cookie: string; addressId: string }> {
  const cookie = await signUpCookie(baseURL, uniqueEmail(tag));
  const address = await apiCall(baseURL, "POST", "/api/v1/addresses", cookie, HTTP_ADDRESS);
  expect(address.status).toBe(201);
  return { cookie, addressId: address.json.data.id };
}

async function order(shopper: { cookie: string; addressId: string }, productId: string, gift?: unknown) {
  return apiCall(
    baseURL,
    "POST",
    "/api/v1/orders",
    shopper.cookie,
    {
      address_id: shopper.addressId,
      contact: HTTP_CONTACT,
      card: HTTP_CARD,
      lines: [{ product_id: productId, quantity: 1 }],
      ...(gift === undefined ? {} : { gift }),
    },
    { "idempotency-key": randomUUID() },
  );
}

async function saveGiftWrap(values: Record<string, string>) {
  return fetch(`${baseURL}/admin/parametres.data`, {
    method: "POST",
    headers: { cookie: admin, origin: baseURL, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "gift-wrap", ...values }),
  });
}

beforeAll(async () => {
  admin = await signInCookie(baseURL, E2E_ADMIN.email, E2E_ADMIN.password);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe("gift options over HTTP", () => {
  it("refuses a message over 200 characters, with markup or of the wrong type, in French, and orders nothing", async () => {
    const product = await productToBuy();
    const shopper = await shopperWithAddress("gift-bad");
    const cases: [unknown, string][] = [
      [{ wrap: true, message: "a".repeat(201) }, "Le message cadeau ne peut pas dépasser 200 caractères."],
      [
        { message: "<b>Joyeux anniversaire</b>" },
        "Le message cadeau doit être du texte simple : les caractères < et > ne sont pas acceptés.",
      ],
      [{ wrap: "oui" }, "Options cadeau invalides."],
      ["cadeau", "Options cadeau invalides."],
    ];
    for (const [gift, message] of cases) {
      const refused = await order(shopper, product.id, gift);
      expect(refused.status).toBe(400);
      expect(refused.json.error.message).toContain(message);
    }
    const list = await apiCall(baseURL, "GET", "/api/v1/orders", shopper.cookie);
    expect(list.json.data).toHaveLength(0);
  });

  it("refuses a wrong price in Paramètres in French, and saves a right one that the order then charges", async () => {
    const refused = await saveGiftWrap({ offered: "on", price: "60", vip_free: "on" });
    expect(refused.status).toBeLessThan(500);
    expect(await refused.text()).toContain("Le prix de l'emballage cadeau doit être compris entre 0 et 50 €");
    const saved = await saveGiftWrap({ offered: "on", price: "4,90", vip_free: "on" });
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain("Emballage cadeau : réglages enregistrés.");
  });

  it("edits gift wrap in Paramètres: a price over 50 € refused on its field in French, then saved", async () => {
    const context = await signedInContext(browser, baseURL, admin, { viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    try {
      await page.goto("/admin/parametres");
      await waitForHydration(page);
      const form = page.getByRole("form", { name: "Emballage cadeau" });
      const price = form.getByLabel("Prix de l'emballage cadeau (€ TTC)");
      expect(await price.inputValue()).toBe("4,90");
      expect(await form.getByRole("checkbox", { name: "Offert aux membres Beauty VIP" }).isChecked()).toBe(true);
      await price.fill("75");
      await form.getByRole("button", { name: "Enregistrer l'emballage cadeau" }).click();
      await form.getByText("Le prix de l'emballage cadeau doit être compris entre 0 et 50 €", { exact: false }).waitFor();
      expect(await price.getAttribute("aria-invalid")).toBe("true");
      expect(await seriousA11yViolations(page)).toEqual([]);
      await price.fill("4,90");
      await form.getByRole("button", { name: "Enregistrer l'emballage cadeau" }).click();
      await form.getByRole("status").getByText("Emballage cadeau : réglages enregistrés.").waitFor();
      expect(await price.getAttribute("aria-invalid")).toBeNull();
    } finally {
      await context.close();
    }
  });

  it("charges the wrap, never prints the message on the invoice, and gives the gift receipt without prices to its shopper only", async () => {
    const product = await productToBuy();
    const shopper = await shopperWithAddress("gift-ok");
    const message = "Joyeux anniversaire Léa, avec toute mon affection";
    const placed = await order(shopper, product.id, { wrap: true, message: `  ${message} `, hide_prices: true });
    expect(placed.status).toBe(201);
    const view = placed.json.data as Json;
    expect(view.gift).toEqual({ wrap: true, wrap_cents: 490, message, hide_prices: true });
    expect(view.total_cents).toBe(view.subtotal_cents + view.shipping_cents + 490);

    const invoice = await fetch(`${baseURL}/api/v1/orders/${view.id}/invoice`, { headers: { cookie: shopper.cookie } });
    expect(invoice.status).toBe(200);
    const invoiceText = await pdfText(invoice);
    expect(invoiceText).toContain("Emballage cadeau");
    expect(invoiceText).not.toContain("Léa");
    expect(invoiceText).not.toContain("anniversaire");

    const receipt = await fetch(`${baseURL}/api/v1/orders/${view.id}/gift-receipt`, { headers: { cookie: shopper.cookie } });
    expect(receipt.status).toBe(200);
    expect(receipt.headers.get("content-type")).toContain("application/pdf");
    const receiptText = await pdfText(receipt);
    expect(receiptText).toContain("Ticket cadeau");
    expect(receiptText).toContain(message);
    expect(receiptText).toContain(view.items[0].product_snapshot.name);
    expect(receiptText).not.toMatch(/€|\d+,\d{2}/);

    // Another shopper, a visitor, and an order without gift options.
    const other = await shopperWithAddress("gift-other");
    const foreign = await apiCall(baseURL, "GET", `/api/v1/orders/${view.id}/gift-receipt`, other.cookie);
    expect(foreign.status).toBe(404);
    expect(foreign.json.error.message).toBe("Commande introuvable");
    expect((await apiCall(baseURL, "GET", `/api/v1/orders/${view.id}/gift-receipt`, null)).status).toBe(401);
    expect((await apiCall(baseURL, "GET", `/api/v1/orders/not-a-uuid/gift-receipt`, shopper.cookie)).status).toBe(404);
    const plain = await order(other, product.id);
    expect(plain.status).toBe(201);
    expect(plain.json.data.gift).toBeNull();
    const none = await apiCall(baseURL, "GET", `/api/v1/orders/${plain.json.data.id}/gift-receipt`, other.cookie);
    expect(none.status).toBe(404);
    expect(none.json.error.message).toBe("Cette commande n'a pas de ticket cadeau.");

    // The back-office prints the packing slip (message, no price: hidden) and the gift receipt; a shopper may not.
    const slip = await fetch(`${baseURL}/api/v1/admin/orders/${view.id}/packing-slip`, { headers: { cookie: admin } });
    expect(slip.status).toBe(200);
    const slipText = await pdfText(slip);
    expect(slipText).toContain("Bon de livraison");
    expect(slipText).toContain(message);
    expect(slipText).not.toMatch(/€|\d+,\d{2}/);
    const priced = await fetch(`${baseURL}/api/v1/admin/orders/${plain.json.data.id}/packing-slip`, { headers: { cookie: admin } });
    expect(await pdfText(priced)).toMatch(/Total TTC : \d+,\d{2}/);
    expect((await fetch(`${baseURL}/api/v1/admin/orders/${view.id}/gift-receipt`, { headers: { cookie: admin } })).status).toBe(200);
    expect((await apiCall(baseURL, "GET", `/api/v1/admin/orders/${view.id}/packing-slip`, shopper.cookie)).status).toBe(403);
  });
});

describe("gift options in the checkout", () => {
  it("gift-wraps with a message and hidden prices at 390 px by keyboard, and shows them on the order page", async () => {
    const product = await productToBuy();
    const email = uniqueEmail("gift-journey");
    const cookie = await signUpCookie(baseURL, email);
    expect((await apiCall(baseURL, "POST", "/api/v1/addresses", cookie, HTTP_ADDRESS)).status).toBe(201);
    const context = await signedInContext(browser, baseURL, cookie, { viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    try {
      await addFromProductPage(page, product as { id: string });
      await page.goto("/checkout");
      const main = page.getByRole("main");
      await main.getByRole("heading", { level: 2, name: "1. Livraison" }).waitFor();
      await main.getByLabel("Téléphone").fill("06 12 34 56 78");
      const options = main.getByRole("group", { name: "Options cadeau" });
      const wrap = options.getByRole("checkbox", { name: /Emballage cadeau/ });
      await expect.poll(() => wrap.textContent().then(() => options.innerText())).toContain("4,90");
      await wrap.focus();
      await page.keyboard.press("Space");
      expect(await wrap.isChecked()).toBe(true);
      const summary = page.getByRole("complementary");
      await expect.poll(() => summary.innerText()).toContain("Emballage cadeau");

      const message = options.getByRole("textbox", { name: "Message cadeau" });
      await message.fill("<b>Bises</b>");
      const error = options.getByText("Le message cadeau doit être du texte simple", { exact: false });
      await error.waitFor();
      expect(await message.getAttribute("aria-invalid")).toBe("true");
      const describedBy = (await message.getAttribute("aria-describedby"))!.split(" ");
      expect(describedBy).toContain(await error.getAttribute("id"));
      await message.fill("Bon anniversaire Léa !");
      expect(await options.getByText("22 / 200 caractères").count()).toBe(1);
      expect(await message.getAttribute("aria-invalid")).toBeNull();
      await options.getByRole("checkbox", { name: "Masquer les prix pour le destinataire (ticket cadeau)" }).check();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(await seriousA11yViolations(page)).toEqual([]);

      await main.getByRole("button", { name: "Continuer vers le paiement" }).click();
      await main.getByRole("heading", { level: 2, name: "2. Paiement" }).waitFor();
      await main.getByLabel("Titulaire de la carte").fill("Alice Martin");
      await main.getByLabel("Numéro de carte").fill("4242 4242 4242 4242");
      await main.getByLabel("Date d'expiration (MM/AA)").fill("12/39");
      await main.getByLabel("Cryptogramme (CVC)").fill("123");
      const submit = main.getByRole("button", { name: "Commander avec obligation de paiement", exact: true });
      await expect.poll(() => submit.isEnabled(), { timeout: 10_000 }).toBe(true);
      await submit.click();
      await main.getByRole("heading", { level: 1, name: "Merci pour votre commande !" }).waitFor();

      const list = await apiCall(baseURL, "GET", "/api/v1/orders", cookie);
      const placed = list.json.data[0] as Json;
      expect(placed.gift).toEqual({ wrap: true, wrap_cents: 490, message: "Bon anniversaire Léa !", hide_prices: true });
      // The order page shows what was chosen, and offers the gift receipt.
      await page.goto("/profile");
      const dialog = await openOrderDetail(page, placed.number);
      const gift = dialog.getByRole("region", { name: "Options cadeau" });
      const text = await gift.innerText();
      expect(text).toContain("Emballage cadeau · 4,90");
      expect(text).toContain("Prix masqués pour le destinataire (ticket cadeau)");
      expect(text).toContain("Bon anniversaire Léa !");
      expect(await gift.getByRole("link", { name: "Télécharger le ticket cadeau" }).getAttribute("href")).toBe(
        `/api/v1/orders/${placed.id}/gift-receipt`,
      );
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    } finally {
      await context.close();
    }
  });
});
