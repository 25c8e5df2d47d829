import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { addSessionCookies, launchBrowser, newShopContext, seriousA11yViolations, waitForHydration } from "../../support/browser";
import { uniqueEmail } from "../../support/accounts";
import { signInCookie, signUpCookie } from "../../support/http-session";
import { e2eShop } from "../../support/e2e-shop";

const baseURL = e2eShop().baseURL;
const PASSWORD = "Secret123!Aurore";
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
beforeEach(async () => {
  context = await newShopContext(browser, baseURL);
  page = await context.newPage();
});
afterEach(async () => {
  await context?.close();
});

type ApiProduct = { id: string; name: string; price_cents: number; stock_quantity: number; in_stock: boolean };

const euro = new Intl.NumberFormat("fr-FR", { style: "currency", currency: "EUR" });
const price = (cents: number) => euro.format(cents / 100);

/** Cheap catalogue products by name (demo data), with their current price and stock. */
async function cheapProducts(): Promise<Map<string, ApiProduct>> {
  const res = await fetch(`${baseURL}/api/v1/products?sort=price_asc&page_size=24`);
  const { data } = (await res.json()) as { data: ApiProduct[] };
  return new Map(data.map((p) => [p.name, p]));
}

function header(): Locator {
  return page.getByRole("banner");
}

function cartButton(p: Page = page): Locator {
  return p.getByRole("banner").getByRole("button", { name: /^Mon Panier/ });
}

function drawer(p: Page = page): Locator {
  return p.getByRole("dialog", { name: /Mon Panier/ });
}

const hydrated = (p: Page = page) => waitForHydration(p);

function card(name: string): Locator {
  return page.getByRole("article").filter({ has: page.getByRole("heading", { name, exact: true }) });
}

async function addFromCard(name: string, expectedCount: number): Promise<void> {
  await card(name).getByRole("button", { name: "Ajouter au panier" }).click();
  await expect.poll(() => cartButton().textContent()).toContain(`(${expectedCount} article`);
}

async function openDrawer(p: Page = page): Promise<Locator> {
  await cartButton(p).click();
  const dialog = drawer(p);
  await dialog.waitFor();
  return dialog;
}

function summaryValue(dialog: Locator, term: string): Promise<string | null> {
  return dialog
    .locator("dt", { hasText: new RegExp(`^${term}$`) })
    .locator("xpath=following-sibling::dd")
    .textContent();
}

function useSession(ctx: BrowserContext, cookieHeader: string): Promise<void> {
  return addSessionCookies(ctx, baseURL, cookieHeader);
}

describe("cart drawer (visitor)", () => {
  it("adds two products from the catalogue, changes quantities, shows the free-shipping progress, removes and empties", async () => {
    const products = await cheapProducts();
    const balm = products.get("Baume Lèvres Nourrissant")!;
    const soap = products.get("Savon Surgras au Lait d'Ânesse")!;
    expect(balm.stock_quantity).toBeGreaterThan(3);
    expect(soap.stock_quantity).toBeGreaterThanOrEqual(2);
    expect(soap.stock_quantity).toBeLessThanOrEqual(5);

    await page.goto("/products?sort=price_asc");
    await hydrated();
    await addFromCard(balm.name, 1);
    await addFromCard(soap.name, 2);

    const dialog = await openDrawer();
    expect(await dialog.getAttribute("aria-modal")).toBe("true");
    const lines = dialog.getByRole("list", { name: "Articles du panier" }).getByRole("listitem");
    expect(await lines.count()).toBe(2);
    // The line links to the product page on the variant in the cart.
    // (the variant's reference arrives with the drawer's price check)
    await expect
      .poll(() => dialog.getByRole("link", { name: balm.name }).getAttribute("href"))
      .toMatch(new RegExp(`^/product/${balm.id}\\?variant=`));
    expect(await lines.first().textContent()).toContain(price(balm.price_cents));
    expect(await dialog.getByText("Votre panier est conservé encore").count()).toBe(1);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // "+" up to the stock, then disabled.
    const more = dialog.getByRole("button", { name: `Augmenter la quantité de ${soap.name}` });
    for (let q = 1; q < soap.stock_quantity; q++) await more.click();
    expect(await more.isDisabled()).toBe(true);
    await dialog.getByRole("button", { name: `Diminuer la quantité de ${soap.name}` }).click();
    const soapQuantity = soap.stock_quantity - 1;

    const subtotal = balm.price_cents + soapQuantity * soap.price_cents;
    expect(subtotal).toBeLessThan(10_000);
    await expect.poll(() => summaryValue(dialog, "Sous-total")).toBe(price(subtotal));
    expect(await summaryValue(dialog, "Livraison")).toBe(price(990));
    expect(await summaryValue(dialog, "Total")).toBe(price(subtotal + 990));
    expect(await dialog.getByText(`Plus que ${price(10_000 - subtotal)} pour profiter de la livraison offerte`).count()).toBe(1);
    const progress = dialog.getByRole("progressbar", { name: "Progression vers la livraison offerte" });
    expect(await progress.getAttribute("aria-valuenow")).toBe(String(Math.round((subtotal / 10_000) * 100)));

    // The line's name carries the variant's size when it has one ("… · 15 ml").
    await dialog.getByRole("button", { name: new RegExp(`^Retirer ${balm.name}( · .+)? du panier$`) }).click();
    await expect.poll(() => lines.count()).toBe(1);
    await expect.poll(() => cartButton().textContent()).toContain(`(${soapQuantity} articles)`);

    // Escape closes the drawer and gives the focus back to "Mon Panier".
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    await expect.poll(() => cartButton().evaluate((el) => el === document.activeElement)).toBe(true);

    // The cart survives a reload.
    await page.reload();
    await hydrated();
    await expect.poll(() => cartButton().textContent()).toContain(`(${soapQuantity} articles)`);

    // A visitor's "Commander" asks to sign in.
    const again = await openDrawer();
    await again.getByRole("link", { name: "Commander" }).click();
    await page.getByText("Veuillez vous connecter pour finaliser votre commande").waitFor();
    const login = page.getByRole("dialog", { name: "Connexion" });
    await login.waitFor();
    await login.getByRole("button", { name: "Fermer" }).click();
    await login.waitFor({ state: "hidden" });

    const last = await openDrawer();
    await last.getByRole("button", { name: "Vider le panier" }).click();
    await last.getByText("Votre panier est vide").waitFor();
    expect(await last.getByRole("link", { name: "Continuer mes achats" }).getAttribute("href")).toBe("/products");
    expect(await cartButton().textContent()).toContain("(0 article)");
    expect(await page.evaluate(() => localStorage.getItem("aurore-cart"))).toBeNull();
  });

  it("continues to the checkout, the cart kept, when a visitor signs in from 'Commander'", async () => {
    const balm = (await cheapProducts()).get("Baume Lèvres Nourrissant")!;
    const email = uniqueEmail("commander");
    await signUpCookie(baseURL, email, "Secret123!Aurore", "Chloé");
    await context.addInitScript(
      ({ id, name, priceCents }) => {
        if (sessionStorage.getItem("seeded")) return;
        sessionStorage.setItem("seeded", "1");
        const item = {
          product_id: id,
          quantity: 1,
          name,
          price_cents: priceCents,
          image_url: null,
          category_name: "Soins Visage",
          stock_quantity: 10,
        };
        localStorage.setItem("aurore-cart", JSON.stringify({ items: [item], expiresAt: Date.now() + 3_600_000 }));
      },
      { id: balm.id, name: balm.name, priceCents: balm.price_cents },
    );
    await page.goto("/");
    await hydrated();
    const drawer = await openDrawer();
    await drawer.getByRole("link", { name: "Commander" }).click();
    const login = page.getByRole("dialog", { name: "Connexion" });
    await login.waitFor();
    await login.getByLabel("E-mail").fill(email);
    await login.getByLabel("Mot de passe", { exact: true }).fill("Secret123!Aurore");
    await login.getByRole("button", { name: "Se Connecter" }).click();
    await page.waitForURL(/\/checkout$/);
    await page.getByRole("heading", { level: 1, name: "Finaliser ma commande" }).waitFor();
    await page.getByRole("main").getByRole("region", { name: "Récapitulatif" }).getByText(balm.name).waitFor();
  });

  it("warns when the cart is about to expire, and 'Prolonger +6h' gives it 6 more hours", async () => {
    const balm = (await cheapProducts()).get("Baume Lèvres Nourrissant")!;
    await context.addInitScript(
      ({ id, name, priceCents }) => {
        if (sessionStorage.getItem("seeded")) return;
        sessionStorage.setItem("seeded", "1");
        // The stored price is stale, and the second product no longer exists.
        const item = {
          product_id: id,
          quantity: 1,
          name,
          price_cents: priceCents - 100,
          image_url: null,
          category_name: "Soins Visage",
          stock_quantity: 10,
        };
        const gone = { ...item, product_id: "00000000-0000-4000-8000-000000000000", name: "Ancien produit" };
        localStorage.setItem("aurore-cart", JSON.stringify({ items: [item, gone], expiresAt: Date.now() + 5 * 60_000 }));
      },
      { id: balm.id, name: balm.name, priceCents: balm.price_cents },
    );
    await page.goto("/");
    const banner = page.getByRole("region", { name: "Votre panier va expirer !" });
    await banner.waitFor();
    expect(await banner.textContent()).toMatch(/Temps restant : [45]min/);
    expect(await banner.getByRole("link", { name: "Commander" }).getAttribute("href")).toBe("/checkout");
    expect(await seriousA11yViolations(page)).toEqual([]);

    await banner.getByRole("button", { name: "Prolonger +6h" }).click();
    await banner.waitFor({ state: "hidden" });
    const expiresAt = await page.evaluate(() => JSON.parse(localStorage.getItem("aurore-cart")!).expiresAt as number);
    expect(expiresAt - Date.now()).toBeGreaterThan(6 * 3_600_000 - 60_000);

    // The drawer's indicator shows the new deadline; its lines were checked against the catalogue.
    const dialog = await openDrawer();
    expect(await dialog.getByText(/Votre panier est conservé encore (5h 59min|6h 0min)/).count()).toBe(1);
    await dialog.getByText(`Prix modifié : ${price(balm.price_cents - 100)} → ${price(balm.price_cents)}`).waitFor();
    expect(await dialog.getByText("Produit indisponible").count()).toBe(1);
    expect(await dialog.getByRole("button", { name: "Augmenter la quantité de Ancien produit" }).isDisabled()).toBe(true);
    expect(await summaryValue(dialog, "Sous-total")).toBe(price(balm.price_cents));
  });
});

describe("cart across devices", () => {
  it("merges the visitor's cart at sign-up and finds it again when signing in elsewhere", async () => {
    const products = await cheapProducts();
    const balm = products.get("Baume Lèvres Nourrissant")!;
    const gel = products.get("Gel Douche Verveine Citron")!;
    const email = uniqueEmail("panier");

    await page.goto("/products?sort=price_asc");
    await hydrated();
    await addFromCard(balm.name, 1);
    await addFromCard(gel.name, 2);
    await addFromCard(gel.name, 3);

    // Sign up in the dialog: the browser's cart becomes the account's cart.
    await header().getByRole("button", { name: "Connexion" }).click();
    const login = page.getByRole("dialog", { name: "Connexion" });
    await login.waitFor();
    await login.getByRole("button", { name: "S'inscrire" }).click();
    const signup = page.getByRole("dialog", { name: "Inscription" });
    await signup.getByLabel("Prénom").fill("Inès");
    await signup.getByLabel("Nom", { exact: true }).fill("Laurent");
    await signup.getByLabel("E-mail").fill(email);
    await signup.getByLabel("Mot de passe", { exact: true }).fill(PASSWORD);
    await signup.getByRole("button", { name: "S'inscrire" }).click();
    await signup.waitFor({ state: "hidden" });
    await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem("aurore-cart") ?? "{}").owner ?? null)).not.toBeNull();

    const cookie = await signInCookie(baseURL, email, PASSWORD);
    const server = (await (await fetch(`${baseURL}/api/v1/cart`, { headers: { cookie } })).json()) as {
      data: { items: { product_id: string; quantity: number }[] };
    };
    expect(server.data.items.map((l) => [l.product_id, l.quantity])).toEqual([
      [balm.id, 1],
      [gel.id, 2],
    ]);

    // A change on this device is saved too.
    const dialog = await openDrawer();
    await dialog.getByRole("button", { name: `Augmenter la quantité de ${balm.name}` }).click();
    await expect
      .poll(async () => {
        const res = (await (await fetch(`${baseURL}/api/v1/cart`, { headers: { cookie } })).json()) as typeof server;
        return res.data.items.find((l) => l.product_id === balm.id)?.quantity;
      })
      .toBe(2);

    // Another device: a fresh browser context signed in as the same shopper.
    const other = await newShopContext(browser, baseURL);
    try {
      await useSession(other, cookie);
      const second = await other.newPage();
      await second.goto("/");
      await expect.poll(() => cartButton(second).textContent()).toContain("(4 articles)");
      const secondDrawer = await openDrawer(second);
      expect(await secondDrawer.getByRole("link", { name: balm.name }).count()).toBe(1);
      expect(await secondDrawer.getByRole("link", { name: gel.name }).count()).toBe(1);
    } finally {
      await other.close();
    }

    // Signing out leaves the cart in the account, not in this browser.
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    await header()
      .getByRole("button", { name: /^Mon compte : Bonjour / })
      .click();
    await header().getByRole("button", { name: "Déconnexion" }).click();
    await header().getByRole("button", { name: "Connexion" }).waitFor();
    await expect.poll(() => cartButton().textContent()).toContain("(0 article)");
    expect(await page.evaluate(() => localStorage.getItem("aurore-cart"))).toBeNull();
  });
});

describe("cart API", () => {
  it("answers 401 to visitors, quotes products for anyone and refuses bad input in French", async () => {
    const products = [...(await cheapProducts()).values()];
    const [a, b] = products;
    const unauth = await fetch(`${baseURL}/api/v1/cart`);
    expect(unauth.status).toBe(401);

    const quote = await fetch(`${baseURL}/api/v1/cart?ids=${a.id},${b.id}`);
    expect(quote.status).toBe(200);
    const quoted = (await quote.json()) as { data: { products: { product_id: string; price_cents: number; available: boolean }[] } };
    expect(quoted.data.products.map((p) => [p.product_id, p.price_cents])).toEqual([
      [a.id, a.price_cents],
      [b.id, b.price_cents],
    ]);
    expect((await fetch(`${baseURL}/api/v1/cart?ids=pas-un-id`)).status).toBe(400);

    const cookie = await signUpCookie(baseURL, uniqueEmail("api-panier"));
    const put = (body: string) =>
      fetch(`${baseURL}/api/v1/cart`, {
        method: "PUT",
        headers: { cookie, origin: baseURL, "content-type": "application/json" },
        body,
      });
    const bad = [
      JSON.stringify({ lines: [{ product_id: a.id, quantity: -2 }] }),
      JSON.stringify({ lines: [{ product_id: a.id, quantity: 1e12 }] }),
      JSON.stringify({ lines: [{ product_id: "pas-un-id", quantity: 1 }] }),
      JSON.stringify({ lines: "beaucoup" }),
      "{pas du json",
    ];
    for (const body of bad) {
      const res = await put(body);
      expect(res.status, body).toBe(400);
      const json = (await res.json()) as { error: { message: string } };
      expect(json.error.message.length).toBeGreaterThan(0);
    }
    const negative = (await (await put(bad[0])).json()) as { error: { message: string } };
    expect(negative.error.message).toBe("Article invalide dans le panier");

    const ok = await put(JSON.stringify({ lines: [{ product_id: a.id, quantity: 1 }] }));
    expect(ok.status).toBe(200);
    const saved = (await ok.json()) as { data: { expires_at: string; count: number } };
    expect(saved.data.count).toBe(1);
    const extended = await fetch(`${baseURL}/api/v1/cart`, { method: "PATCH", headers: { cookie, origin: baseURL } });
    expect(extended.status).toBe(200);
    const after = (await extended.json()) as { data: { expires_at: string } };
    expect(Date.parse(after.data.expires_at)).toBeGreaterThanOrEqual(Date.parse(saved.data.expires_at));
    expect(Date.parse(after.data.expires_at) - Date.now()).toBeGreaterThan(6 * 3_600_000 - 60_000);
    const emptied = await fetch(`${baseURL}/api/v1/cart`, { method: "DELETE", headers: { cookie, origin: baseURL } });
    expect(((await emptied.json()) as { data: { items: unknown[] } }).data.items).toEqual([]);
  });
});
