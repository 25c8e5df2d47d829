import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext } from "playwright-core";
import { launchBrowser, signedInContext } from "../../support/browser";
import { signInCookie } from "../../support/http-session";
import { HTTP_ADDRESS, HTTP_CARD, HTTP_CONTACT, apiCall } from "../../support/orders-http";
import { createPasswordShopper, startPrivateShop, type PrivateShop } from "../../support/private-shop";
import { ensureDemoCategories, insertSeedProducts } from "../../../app/.server/db/seed/demo";
import { productVariants, user } from "../../../app/.server/db/schema";
import { ADMIN_ORDER_SHORT_ID_LENGTH } from "~/lib/shop-rules";

/**
 * A lipstick in two shades on a shop of this file's own (written before the server starts:
 * PGlite allows one process at a time); a shopper buys both shades, then the shopper's account
 * and the back-office each name both lines by their shade.
 */
let shop: PrivateShop;
let browser: Browser;
const contexts: BrowserContext[] = [];
let productId = "";
const variantIds: Record<string, string> = {};
const SHOPPER = { email: `teintes-${randomUUID().slice(0, 8)}@example.com`, password: "Teintes-Secret1!" };
const ADMIN = { email: `admin-${randomUUID().slice(0, 8)}@aurore.test`, password: "AdminTeintes-Secret1!" };
const NAME = "Rouge à lèvres Velours";

beforeAll(async () => {
  shop = await startPrivateShop(async (db) => {
    await db.transaction(async (tx) => {
      const categories = await ensureDemoCategories(tx);
      const [product] = await insertSeedProducts(tx, [
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
      ]);
      productId = product.id;
    });
    for (const v of await db.select().from(productVariants).where(eq(productVariants.productId, productId))) variantIds[v.label] = v.id;
    await createPasswordShopper(db, { ...SHOPPER, firstName: "Camille" });
    const adminId = await createPasswordShopper(db, { ...ADMIN, firstName: "Admin" });
    await db.update(user).set({ role: "admin" }).where(eq(user.id, adminId));
  });
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await shop?.stop();
});

describe("buying two shades of one product", () => {
  it("adds two shades from the product page's selector, buys them, and sees both labels in the account and the back-office", async () => {
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
    const shades = page.getByRole("radiogroup", { name: /^Teinte/ });
    const addToCart = page.locator("form", { has: page.getByLabel("Quantité") }).getByRole("button", { name: "Ajouter au panier" });
    /** Chooses a shade on the page (the address names it), then adds it until the cart holds its line. */
    async function addShade(shade: string, sku: string) {
      await expect
        .poll(async () => {
          await shades
            .getByRole("radio", { name: shade })
            .click({ timeout: 1000 })
            .catch(() => undefined);
          return new URL(page.url()).searchParams.get("variant");
        })
        .toBe(sku);
      await expect
        .poll(
          async () => {
            if ((await cartLines()).some((l) => l.variant_id === variantIds[shade])) return true;
            await addToCart.click({ timeout: 1000 }).catch(() => undefined);
            await page.waitForTimeout(200);
            return (await cartLines()).some((l) => l.variant_id === variantIds[shade]);
          },
          { timeout: 15_000, interval: 100 },
        )
        .toBe(true);
    }

    await page.goto(`/product/${productId}`);
    await expect.poll(() => shades.getByRole("radio", { name: "Corail" }).getAttribute("aria-checked")).toBe("true");
    await addShade("Bordeaux", "RAL-VEL-BOR");
    await expect
      .poll(async () => (await page.locator("main .text-2xl").first().innerText()).replace(/\u202f|\u00a0/g, " "))
      .toContain("26,00 €");
    await addShade("Corail", "RAL-VEL-COR");
    const lines = await cartLines();
    expect(lines.map((l) => [l.product_id, l.variant_id, l.quantity]).sort()).toEqual(
      [
        [productId, variantIds.Bordeaux, 1],
        [productId, variantIds.Corail, 1],
      ].sort(),
    );

    // Both shades in one order, each line on its variant.
    const address = await apiCall(shop.baseURL, "POST", "/api/v1/addresses", cookie, HTTP_ADDRESS);
    expect(address.status).toBe(201);
    const order = await apiCall(
      shop.baseURL,
      "POST",
      "/api/v1/orders",
      cookie,
      {
        address_id: address.json.data.id,
        contact: HTTP_CONTACT,
        card: HTTP_CARD,
        lines: lines.map(({ product_id, variant_id, quantity }) => ({ product_id, variant_id, quantity })),
      },
      { "idempotency-key": randomUUID() },
    );
    expect(order.status, JSON.stringify(order.json)).toBe(201);
    const orderId: string = order.json.data.id;

    // The shopper's account: the order's detail names each shade.
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
    await detail.getByText(`${NAME} · Corail`).waitFor();
    await detail.getByText(`${NAME} · Bordeaux`).waitFor();

    // The back-office: the same order's detail names each shade.
    const adminCookie = await signInCookie(shop.baseURL, ADMIN.email, ADMIN.password);
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
            .getByRole("button", { name: `Détails de la commande ${orderId.slice(0, ADMIN_ORDER_SHORT_ID_LENGTH)}` })
            .first()
            .click({ timeout: 1000 })
            .catch(() => undefined);
          return adminDetail.isVisible();
        },
        { timeout: 20_000, interval: 200 },
      )
      .toBe(true);
    await adminDetail.getByText(`${NAME} · Corail`).waitFor();
    await adminDetail.getByText(`${NAME} · Bordeaux`).waitFor();
  }, 120_000);
});
