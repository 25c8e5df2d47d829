import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext } from "playwright-core";
import { launchBrowser, signedInContext, waitForHydration } from "../../support/browser";
import { signInCookie } from "../../support/http-session";
import { makeStaff, staffCookie } from "../../support/staff";
import { apiCall } from "../../support/orders-http";
import { createPasswordShopper, startPrivateShop, type PrivateShop } from "../../support/private-shop";
import { ensureDemoCategories, insertSeedProducts } from "../../../app/.server/db/seed/demo";
import { products, productVariants } from "../../../app/.server/db/schema";

/**
 * A lipstick in two shades and a perfume in two sizes on a shop of this file's own (written
 * before the server starts: PGlite allows one process at a time). A shopper picks a shade with
 * the keyboard and a size, adds both, buys them through the checkout pages, and the shopper's
 * account and the back-office each name both lines by their variant; exactly those two variants'
 * stock went down.
 */
let shop: PrivateShop;
let browser: Browser;
const contexts: BrowserContext[] = [];
let productId = "";
let perfumeId = "";
const variantIds: Record<string, string> = {};
const SHOPPER = { email: `teintes-${randomUUID().slice(0, 8)}@example.com`, password: "Teintes-Secret1!" };
const ADMIN = { email: `admin-${randomUUID().slice(0, 8)}@aurore.test`, password: "AdminTeintes-Secret1!" };
const NAME = "Rouge à lèvres Velours";
const PERFUME = "Eau de parfum Aube";

beforeAll(async () => {
  shop = await startPrivateShop(async (db) => {
    await db.transaction(async (tx) => {
      const categories = await ensureDemoCategories(tx);
      await insertSeedProducts(tx, [
        {
          name: NAME,
          description: "Rouge à lèvres mat, tenue 12 h.",
          priceCents: 2400,
          categoryId: categories.get("maquillage"),
          brand: "Maison Velours",
          variants: [
            { sku: "RAL-VEL-COR", label: "Corail", shade: "Corail", shadeHex: "#f26b5b", priceCents: 2400, stock: 8 },
            { sku: "RAL-VEL-BOR", label: "Bordeaux", shade: "Bordeaux", shadeHex: "#7a1f2b", priceCents: 2600, stock: 8 },
          ],
        },
        {
          name: PERFUME,
          description: "Eau de parfum florale.",
          priceCents: 4900,
          categoryId: categories.get("parfums"),
          brand: "Maison Velours",
          variants: [
            { sku: "EDP-AUBE-30", label: "30 ml", size: "30 ml", contentAmount: 30, contentUnit: "ml", priceCents: 4900, stock: 8 },
            { sku: "EDP-AUBE-50", label: "50 ml", size: "50 ml", contentAmount: 50, contentUnit: "ml", priceCents: 6900, stock: 8 },
          ],
        },
      ]);
    });
    const idOf = async (name: string) => (await db.select({ id: products.id }).from(products).where(eq(products.name, name)))[0].id;
    productId = await idOf(NAME);
    perfumeId = await idOf(PERFUME);
    for (const id of [productId, perfumeId]) {
      for (const v of await db.select().from(productVariants).where(eq(productVariants.productId, id))) variantIds[v.label] = v.id;
    }
    await createPasswordShopper(db, { ...SHOPPER, firstName: "Camille" });
    const adminId = await createPasswordShopper(db, { ...ADMIN, firstName: "Admin" });
    await makeStaff(db, adminId);
  });
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await shop?.stop();
});

describe("buying a shade and a size", () => {
  it("picks a shade with the keyboard and a size, buys both through the checkout pages, and sees both variants in the account and the back-office", async () => {
    const cookie = await signInCookie(shop.baseURL, SHOPPER.email, SHOPPER.password);
    const context = await signedInContext(browser, shop.baseURL, cookie);
    contexts.push(context);
    const page = await context.newPage();

    type Line = { product_id: string; variant_id?: string; quantity: number };
    const cartLines = () =>
      page.evaluate(() => {
        const raw = localStorage.getItem("aurore-cart");
        return raw ? (JSON.parse(raw) as { items: Line[] }).items : [];
      });
    const variantParam = () => new URL(page.url()).searchParams.get("variant");
    const addToCart = page.locator("form", { has: page.getByLabel("Quantité") }).getByRole("button", { name: "Ajouter au panier" });
    /** Adds the chosen variant: once the page is hydrated, one click adds its line. */
    async function addChosen(label: string) {
      await waitForHydration(page);
      await addToCart.click();
      await expect.poll(async () => (await cartLines()).some((l) => l.variant_id === variantIds[label]), { timeout: 15_000 }).toBe(true);
    }

    // A shade, with the keyboard: the checked swatch takes the focus, the arrow key picks the next.
    await page.goto(`/product/${productId}`);
    const shades = page.getByRole("radiogroup", { name: /^Teinte/ });
    await expect.poll(() => shades.getByRole("radio", { name: "Corail" }).getAttribute("aria-checked")).toBe("true");
    await expect
      .poll(async () => {
        await shades.getByRole("radio", { name: "Corail" }).focus();
        await page.keyboard.press("ArrowRight");
        return variantParam();
      })
      .toBe("RAL-VEL-BOR");
    await expect
      .poll(async () => (await page.locator("main .text-2xl").first().innerText()).replace(/\u202f|\u00a0/g, " "))
      .toContain("26,00 €");
    await addChosen("Bordeaux");

    // A size, with a click.
    await page.goto(`/product/${perfumeId}`);
    const sizes = page.getByRole("radiogroup", { name: /^Contenance/ });
    await expect
      .poll(async () => {
        await sizes
          .getByRole("radio", { name: "50 ml" })
          .click({ timeout: 1000 })
          .catch(() => undefined);
        return variantParam();
      })
      .toBe("EDP-AUBE-50");
    await addChosen("50 ml");
    expect((await cartLines()).map((l) => [l.product_id, l.variant_id, l.quantity]).sort()).toEqual(
      [
        [productId, variantIds.Bordeaux, 1],
        [perfumeId, variantIds["50 ml"], 1],
      ].sort(),
    );

    // The checkout pages: contact and a new address, then the payment with the recap.
    await page.goto("/checkout");
    const main = page.getByRole("main");
    await main.getByRole("heading", { level: 2, name: "1. Livraison" }).waitFor();
    await main.getByLabel("Téléphone").fill("06 12 34 56 78");
    await main.getByRole("button", { name: "Ajouter une adresse" }).click();
    const dialog = page.getByRole("dialog", { name: "Nouvelle adresse" });
    await dialog.waitFor();
    await dialog.getByRole("textbox", { name: "Nom", exact: true }).fill("Lefèvre");
    await dialog.getByRole("textbox", { name: "Adresse", exact: true }).fill("12 rue des Lilas");
    await dialog.getByLabel("Ville").fill("Lyon");
    await dialog.getByLabel("Code postal").fill("69003");
    await dialog.getByRole("button", { name: "Enregistrer l'adresse" }).click();
    await dialog.waitFor({ state: "hidden" });
    await main.getByRole("button", { name: "Continuer vers le paiement" }).click();
    await main.getByRole("heading", { level: 2, name: "2. Paiement" }).waitFor();
    const recap = main.getByRole("region", { name: "Récapitulatif de votre commande" });
    await recap.getByText(`${NAME} · Bordeaux`).waitFor();
    await recap.getByText(`${PERFUME} · 50 ml`).waitFor();
    await main.getByLabel("Titulaire de la carte").fill("Camille Lefèvre");
    await main.getByLabel("Numéro de carte").fill("4242 4242 4242 4242");
    await main.getByLabel("Date d'expiration (MM/AA)").fill("12/39");
    await main.getByLabel("Cryptogramme (CVC)").fill("123");
    const order = main.getByRole("button", { name: "Commander avec obligation de paiement", exact: true });
    await expect.poll(() => order.isEnabled(), { timeout: 10_000 }).toBe(true);
    await order.click();
    await main.getByRole("heading", { level: 1, name: "Merci pour votre commande !" }).waitFor();
    const reference = (await main.locator("strong", { hasText: /^n° AUR-/ }).textContent())?.replace("n° ", "").trim() ?? "";
    expect(reference).toMatch(/^AUR-\d{4}-\d{6}$/);
    expect(await cartLines()).toEqual([]);

    // Exactly the two variants bought lost one unit each.
    const stockOf = async (id: string) =>
      Object.fromEntries(
        (
          (await apiCall(shop.baseURL, "GET", `/api/v1/products/${id}`, null)).json.data.variants as {
            label: string;
            stock_quantity: number;
          }[]
        ).map((v) => [v.label, v.stock_quantity]),
      );
    expect(await stockOf(productId)).toEqual({ Corail: 8, Bordeaux: 7 });
    expect(await stockOf(perfumeId)).toEqual({ "30 ml": 8, "50 ml": 7 });

    // The shopper's account: the order's detail names each variant.
    await page.goto("/profile");
    const detail = page.getByRole("dialog");
    await expect
      .poll(
        async () => {
          if (await detail.isVisible()) return true;
          await page
            .getByRole("button", { name: /Voir le détail/ })
            .first()
            .click({ timeout: 1000 })
            .catch(() => undefined);
          return detail.isVisible();
        },
        { timeout: 20_000, interval: 200 },
      )
      .toBe(true);
    await detail.getByText(`${NAME} · Bordeaux`).waitFor();
    await detail.getByText(`${PERFUME} · 50 ml`).waitFor();

    // The back-office: the same order's detail names each variant.
    const adminCookie = await staffCookie(shop.baseURL, ADMIN.email, ADMIN.password);
    const adminContext = await signedInContext(browser, shop.baseURL, adminCookie);
    contexts.push(adminContext);
    const admin = await adminContext.newPage();
    await admin.goto("/admin/commandes");
    const adminDetail = admin.getByRole("dialog");
    await expect
      .poll(
        async () => {
          if (await adminDetail.isVisible()) return true;
          await admin
            .getByRole("button", { name: `Détails de la commande ${reference}` })
            .first()
            .click({ timeout: 1000 })
            .catch(() => undefined);
          return adminDetail.isVisible();
        },
        { timeout: 20_000, interval: 200 },
      )
      .toBe(true);
    await adminDetail.getByText(`${NAME} · Bordeaux`).waitFor();
    await adminDetail.getByText(`${PERFUME} · 50 ml`).waitFor();
  }, 120_000);
});
