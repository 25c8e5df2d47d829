import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser, seriousA11yViolations, signedInContext, waitForHydration } from "../../support/browser";
import { E2E_ADMIN, uniqueEmail } from "../../support/accounts";
import { signInCookie, signUpCookie } from "../../support/http-session";
import { e2eShop } from "../../support/e2e-shop";

/**
 * The product form as the administrator: a product is created with an uploaded image (a PNG
 * named .jpg, accepted by its content), the spec's messages show for bad values, the storefront
 * shows it with its image served from the uploads, then it is edited (price, stock, image
 * removed: its file goes) and deleted (its last file goes). A foundation is created with two
 * shades: a duplicate SKU shows on its row (in the form and against another product), the
 * shades are reordered from the keyboard, and the list shows the product once with its total
 * stock and its variants. The upload endpoint refuses text, 6 MB and non-administrators.
 */
const baseURL = e2eShop().baseURL;
let browser: Browser;
let adminCookie: string;
let shopperCookie: string;

const RUN = Date.now().toString(36);
const NAME = `Eau Florale Aurore ${RUN}`;
const UPLOAD_URL = /^\/media\/uploads\/products\/\d{13}-[a-z0-9]{16}\.webp$/;

function contextWith(cookie: string): Promise<BrowserContext> {
  return signedInContext(browser, baseURL, cookie, { viewport: { width: 1400, height: 1000 } });
}

const rowOf = (page: Page, name: string) => page.getByRole("row").filter({ has: page.getByText(name, { exact: true }) });

type ApiProduct = {
  id: string;
  name: string;
  image_url: string | null;
  images: string[];
  price_cents: number;
  stock_quantity: number;
  tags: string[];
  attributes: { skin_type?: string };
  featured: boolean;
  variant_count: number;
};

/** A product of the seeded shop whose SKU a new variant may not reuse. */
async function shopProductWithSku(): Promise<{ sku: string }> {
  const res = await fetch(`${baseURL}/api/v1/products?page_size=50&fresh=${Date.now()}`);
  const body = (await res.json()) as { data: { sku: string | null }[] };
  const found = body.data.find((p) => p.sku);
  if (!found?.sku) throw new Error("no seeded product with a SKU");
  return { sku: found.sku };
}

async function shopProduct(name: string): Promise<ApiProduct | undefined> {
  const res = await fetch(`${baseURL}/api/v1/products?search=${encodeURIComponent(name)}&fresh=${Date.now()}`);
  const body = (await res.json()) as { data: ApiProduct[] };
  return body.data.find((p) => p.name === name);
}

beforeAll(async () => {
  browser = await launchBrowser();
  adminCookie = await signInCookie(baseURL, E2E_ADMIN.email, E2E_ADMIN.password);
  shopperCookie = await signUpCookie(baseURL, uniqueEmail("product-form"));
});

afterAll(async () => {
  await browser?.close();
});

describe("Product form", () => {
  it("creates a product with an uploaded image, shows it in the shop, then edits it", async () => {
    const png = await sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 220, g: 150, b: 180 } } })
      .png()
      .toBuffer();
    const context = await contextWith(adminCookie);
    const page = await context.newPage();
    try {
      await page.goto("/admin/produits");
      await waitForHydration(page);
      await page.getByRole("link", { name: "Nouveau Produit" }).first().click();
      const dialog = page.getByRole("dialog", { name: "Nouveau produit" });
      await expect.poll(() => dialog.count()).toBe(1);
      expect(await seriousA11yViolations(page)).toEqual([]);

      // Empty form: the spec's messages, nothing posted.
      await dialog.getByRole("button", { name: "Créer" }).click();
      await expect.poll(() => dialog.getByText("Veuillez corriger les champs signalés").count()).toBe(1);
      for (const message of [
        "Le nom du produit est requis",
        "Le prix doit être supérieur à 0",
        "Veuillez sélectionner une catégorie",
        "La référence (SKU) est requise",
      ]) {
        expect(await dialog.getByText(message, { exact: true }).count()).toBe(1);
      }
      // A field's message clears when it is edited.
      await dialog.getByRole("textbox", { name: "Nom du produit" }).fill(NAME);
      expect(await dialog.getByText("Le nom du produit est requis").count()).toBe(0);

      await dialog.getByRole("combobox", { name: /^Catégorie(?! fiscale)/ }).selectOption({ label: "Parfums" });
      await dialog.getByRole("textbox", { name: "Ou nouvelle marque" }).fill("Aurore");
      await dialog.getByRole("textbox", { name: "Référence (SKU)" }).fill(`EFA-${RUN}`);
      await dialog.getByRole("spinbutton", { name: "Prix (€)" }).fill("-5");
      await dialog.getByRole("spinbutton", { name: "Stock" }).fill("-3");
      await dialog.getByRole("button", { name: "Créer" }).click();
      for (const message of ["Le prix doit être supérieur à 0", "Le stock ne peut pas être négatif"]) {
        await expect.poll(() => dialog.getByText(message, { exact: true }).count()).toBe(1);
      }
      await dialog.getByRole("spinbutton", { name: "Prix (€)" }).fill("49.90");
      // Ratings come from published reviews only: the form has no field for them.
      expect(await dialog.getByRole("spinbutton", { name: "Note (0 à 5)" }).count()).toBe(0);
      await dialog.getByRole("spinbutton", { name: "Stock" }).fill("25");

      // The CN23's customs facts (decision 063): a malformed code is refused in French, a listed country chosen.
      expect(await dialog.getByRole("combobox", { name: "Catégorie fiscale" }).inputValue()).toBe("standard");
      const hsCode = dialog.getByRole("textbox", { name: "Code douanier (SH)" });
      await hsCode.fill("3303");
      await dialog.getByRole("button", { name: "Créer" }).click();
      await expect.poll(() => dialog.getByText("Code douanier invalide : 6 à 10 chiffres", { exact: true }).count()).toBe(1);
      await hsCode.fill("3303 00");
      expect(await dialog.getByText("Code douanier invalide : 6 à 10 chiffres").count()).toBe(0);
      await dialog.getByRole("combobox", { name: "Pays d'origine" }).selectOption({ label: "Italie" });

      // A PNG named .jpg is accepted by its content; a text file named .png is refused.
      await dialog.getByLabel("Téléverser l'image principale").setInputFiles({ name: "flacon.jpg", mimeType: "image/jpeg", buffer: png });
      const mainUrl = dialog.getByRole("textbox", { name: "URL de l'image principale" });
      await expect.poll(() => mainUrl.inputValue(), { timeout: 15_000 }).toMatch(UPLOAD_URL);
      const imageUrl = await mainUrl.inputValue();
      await dialog.getByLabel("Téléverser des images dans la galerie").setInputFiles({
        name: "notes.png",
        mimeType: "image/png",
        buffer: Buffer.from("Ceci n'est pas une image.\n".repeat(50)),
      });
      await expect
        .poll(() => dialog.getByText("Format d'image non supporté. Utilisez JPG, PNG ou WebP.").count(), { timeout: 15_000 })
        .toBe(1);
      // Pasting a URL still works for the gallery.
      await dialog.getByRole("textbox", { name: "Ajouter une image par URL" }).fill("/media/art/perfume/9f1239/fde7ec/1.svg");
      await dialog.getByRole("button", { name: "Ajouter l'URL", exact: true }).click();
      expect(await dialog.getByRole("textbox", { name: "URL de l'image 1 de la galerie" }).inputValue()).toBe(
        "/media/art/perfume/9f1239/fde7ec/1.svg",
      );
      await dialog
        .getByLabel("Téléverser des images dans la galerie")
        .setInputFiles({ name: "vue.png", mimeType: "image/png", buffer: png });
      const galleryUrl = dialog.getByRole("textbox", { name: "URL de l'image 2 de la galerie" });
      await expect.poll(async () => ((await galleryUrl.count()) ? galleryUrl.inputValue() : ""), { timeout: 15_000 }).toMatch(UPLOAD_URL);
      const galleryImage = await galleryUrl.inputValue();

      // Tags: Enter adds, a duplicate is refused.
      const tag = dialog.getByRole("textbox", { name: "Nouveau tag" });
      await tag.fill("floral");
      await tag.press("Enter");
      await tag.fill("floral");
      await tag.press("Enter");
      expect(await dialog.getByText("Ce tag est déjà présent").count()).toBe(1);
      await tag.fill("printemps");
      await dialog.getByRole("button", { name: "Ajouter le tag" }).click();
      expect(await dialog.getByRole("list", { name: "Tags du produit" }).getByRole("listitem").allTextContents()).toEqual([
        "floral×",
        "printemps×",
      ]);
      await dialog.getByRole("combobox", { name: "Type de peau" }).selectOption({ label: "Sensible" });
      await dialog.getByRole("checkbox", { name: "Mettre en avant ce produit" }).check();
      expect(await dialog.getByRole("checkbox", { name: "Produit en stock" }).isChecked()).toBe(true);
      expect(await seriousA11yViolations(page)).toEqual([]);

      await dialog.getByRole("button", { name: "Créer" }).click();
      await expect.poll(() => dialog.count(), { timeout: 10_000 }).toBe(0);

      // The storefront sees it, with the uploaded image.
      const created = await shopProduct(NAME);
      expect(created).toMatchObject({
        image_url: imageUrl,
        images: ["/media/art/perfume/9f1239/fde7ec/1.svg", galleryImage],
        price_cents: 4990,
        stock_quantity: 25,
        featured: true,
        tags: ["floral", "printemps"],
      });
      expect(created!.attributes.skin_type).toBe("sensible");
      const image = await fetch(`${baseURL}${imageUrl}`);
      expect(image.status).toBe(200);
      expect(image.headers.get("content-type")).toBe("image/webp");
      expect(image.headers.get("cache-control")).toBe("public, max-age=3600");
      const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["webp", 800, 600]);

      const shop = await context.newPage();
      await shop.goto(`/product/${created!.id}`);
      expect(await shop.getByRole("heading", { level: 1 }).textContent()).toBe(NAME);
      const shown = shop.getByRole("img", { name: NAME }).first();
      expect(await shown.getAttribute("src")).toBe(imageUrl);
      await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(800);
      await shop.close();

      // Edit: the same modal, filled; price and stock change, the main image is removed.
      await page.goto(`/admin/produits?search=${encodeURIComponent(NAME)}`);
      await waitForHydration(page);
      await rowOf(page, NAME)
        .getByRole("link", { name: `Modifier ${NAME}` })
        .click();
      const edit = page.getByRole("dialog", { name: "Modifier le produit" });
      await expect.poll(() => edit.count()).toBe(1);
      expect(await edit.getByRole("textbox", { name: "Nom du produit" }).inputValue()).toBe(NAME);
      expect(await edit.getByRole("spinbutton", { name: "Prix (€)" }).inputValue()).toBe("49.90");
      expect(await edit.getByRole("combobox", { name: "Type de peau" }).inputValue()).toBe("sensible");
      expect(await edit.getByRole("textbox", { name: "Code douanier (SH)" }).inputValue()).toBe("330300");
      expect(await edit.getByRole("combobox", { name: "Pays d'origine" }).inputValue()).toBe("IT");
      await edit.getByRole("spinbutton", { name: "Prix (€)" }).fill("39.90");
      await edit.getByRole("spinbutton", { name: "Stock" }).fill("3");
      await edit.getByRole("button", { name: "Retirer l'image principale" }).click();
      await edit.getByRole("button", { name: "Modifier", exact: true }).click();
      await expect.poll(() => edit.count(), { timeout: 10_000 }).toBe(0);
      await expect.poll(() => rowOf(page, NAME).getByTestId("stock-value").textContent()).toBe("3");

      const edited = await shopProduct(NAME);
      expect(edited).toMatchObject({ price_cents: 3990, stock_quantity: 3, image_url: null });
      // The file of the removed image is gone.
      expect((await fetch(`${baseURL}${imageUrl}`)).status).toBe(404);

      // The stock change went through the inventory (a movement by the administrator).
      await rowOf(page, NAME)
        .getByRole("link", { name: `Historique du stock de ${NAME}` })
        .click();
      const history = page.getByRole("dialog", { name: `Historique du stock : ${NAME}` });
      await expect.poll(() => history.count()).toBe(1);
      expect(await history.textContent()).toContain("Stock défini par l'administrateur");
      await page.keyboard.press("Escape");
      await expect.poll(() => history.count()).toBe(0);

      // Deleting the product removes its remaining uploaded file too.
      expect((await fetch(`${baseURL}${galleryImage}`)).status).toBe(200);
      await rowOf(page, NAME)
        .getByRole("button", { name: `Supprimer ${NAME}` })
        .click();
      await page.getByRole("dialog", { name: "Supprimer le produit" }).getByRole("button", { name: "Supprimer" }).click();
      await expect.poll(() => rowOf(page, NAME).count(), { timeout: 10_000 }).toBe(0);
      expect(await shopProduct(NAME)).toBeUndefined();
      expect((await fetch(`${baseURL}${galleryImage}`)).status).toBe(404);
    } finally {
      await context.close();
    }
  });

  it("creates a foundation with two shades: duplicate SKU on its row, shades reordered by keyboard, one row with its variants", async () => {
    const FOUNDATION = `Fond de Teint Seconde Peau ${RUN}`;
    const taken = await shopProductWithSku();
    const context = await contextWith(adminCookie);
    const page = await context.newPage();
    try {
      await page.goto("/admin/produits?edit=new");
      await waitForHydration(page);
      const dialog = page.getByRole("dialog", { name: "Nouveau produit" });
      await expect.poll(() => dialog.count()).toBe(1);
      await dialog.getByRole("textbox", { name: "Nom du produit" }).fill(FOUNDATION);
      await dialog.getByRole("combobox", { name: /^Catégorie(?! fiscale)/ }).selectOption({ label: "Maquillage" });
      const brand = dialog.getByRole("combobox", { name: "Marque" });
      const brandName = (await brand.locator("option").nth(1).textContent()) ?? "";
      await brand.selectOption({ label: brandName });
      await dialog.getByRole("textbox", { name: "Ingrédients (liste INCI)" }).fill("Aqua, Cyclopentasiloxane, Glycerin");
      await dialog.getByRole("textbox", { name: "Conseils d'utilisation" }).fill("Appliquer du centre du visage vers l'extérieur.");

      const first = dialog.getByRole("group", { name: /^Variante 1 :/ });
      await first.getByRole("textbox", { name: "Nom de la teinte" }).fill("Ivoire 01");
      await first.getByRole("textbox", { name: "Couleur de la teinte (hexadécimal)" }).fill("#f1d9c4");
      await first.getByRole("spinbutton", { name: "Contenance" }).fill("30");
      await first.getByRole("combobox", { name: "Unité" }).selectOption("ml");
      await first.getByRole("textbox", { name: "Référence (SKU)" }).fill(`FDT-${RUN}-01`);
      await first.getByRole("spinbutton", { name: "Prix (€)" }).fill("39.90");
      await first.getByRole("spinbutton", { name: "Stock", exact: true }).fill("6");
      // No label typed: the shade names the variant.
      expect(await first.getByRole("textbox", { name: "Libellé" }).getAttribute("placeholder")).toBe("Ivoire 01");

      await dialog.getByRole("button", { name: "Ajouter une variante" }).click();
      const second = dialog.getByRole("group", { name: /^Variante 2 :/ });
      await expect.poll(() => second.count()).toBe(1);
      // The new variant's first field has the focus.
      expect(await second.getByRole("textbox", { name: "Taille" }).evaluate((el) => el === document.activeElement)).toBe(true);
      await second.getByRole("textbox", { name: "Nom de la teinte" }).fill("Beige rosé 02");
      await second.getByRole("textbox", { name: "Couleur de la teinte (hexadécimal)" }).fill("#e2bf9f");
      await second.getByRole("spinbutton", { name: "Contenance" }).fill("30");
      await second.getByRole("combobox", { name: "Unité" }).selectOption("ml");
      await second.getByRole("spinbutton", { name: "Prix (€)" }).fill("39.90");
      await second.getByRole("spinbutton", { name: "Stock", exact: true }).fill("4");
      const secondSku = second.getByRole("textbox", { name: "Référence (SKU)" });

      // The same SKU twice in the form: the second row says so, nothing is posted.
      await secondSku.fill(`FDT-${RUN}-01`);
      await dialog.getByRole("button", { name: "Créer" }).click();
      await expect.poll(() => second.getByText("Cette référence est déjà utilisée").count()).toBe(1);
      expect(await secondSku.getAttribute("aria-invalid")).toBe("true");
      expect(await first.getByText("Cette référence est déjà utilisée").count()).toBe(0);
      expect(await seriousA11yViolations(page)).toEqual([]);

      // A SKU another product sells: the server answers on that row, and saves nothing.
      await secondSku.fill(taken.sku);
      expect(await second.getByText("Cette référence est déjà utilisée").count()).toBe(0);
      await dialog.getByRole("button", { name: "Créer" }).click();
      await expect.poll(() => second.getByText("Cette référence est déjà utilisée").count(), { timeout: 10_000 }).toBe(1);
      expect(await dialog.count()).toBe(1);
      expect(await shopProduct(FOUNDATION)).toBeUndefined();

      await secondSku.fill(`FDT-${RUN}-02`);
      // Reorder from the keyboard: the moved shade keeps the focus (on 'Descendre' once at the top).
      await second.getByRole("button", { name: "Monter la variante Beige rosé 02" }).focus();
      await page.keyboard.press("Enter");
      const top = dialog.getByRole("group", { name: /^Variante 1 :/ });
      await expect.poll(() => top.getAttribute("aria-label")).toBe("Variante 1 : Beige rosé 02");
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label")))
        .toBe("Descendre la variante Beige rosé 02");
      expect(await seriousA11yViolations(page)).toEqual([]);

      await dialog.getByRole("button", { name: "Créer" }).click();
      await expect.poll(() => dialog.count(), { timeout: 10_000 }).toBe(0);

      // The list: the product once, its variants' total stock, its variants behind a disclosure.
      await page.goto(`/admin/produits?search=${encodeURIComponent(FOUNDATION)}`);
      await waitForHydration(page);
      await expect.poll(() => rowOf(page, FOUNDATION).count()).toBe(1);
      expect(await rowOf(page, FOUNDATION).getByTestId("stock-value").textContent()).toBe("10");
      const disclosure = page.getByRole("button", { name: `Afficher les variantes de ${FOUNDATION}` });
      expect(await disclosure.getAttribute("aria-expanded")).toBe("false");
      const variants = page.getByRole("table", { name: `Variantes de ${FOUNDATION}` });
      expect(await variants.isVisible()).toBe(false);
      await disclosure.click();
      await expect
        .poll(() => page.getByRole("button", { name: `Masquer les variantes de ${FOUNDATION}` }).getAttribute("aria-expanded"))
        .toBe("true");
      await expect.poll(() => variants.getByRole("rowheader").allTextContents()).toEqual(["Beige rosé 02", "Ivoire 01"]);
      expect(await variants.getByText(`FDT-${RUN}-01`, { exact: true }).count()).toBe(1);
      expect(await seriousA11yViolations(page)).toEqual([]);

      // One shade's own stock: the total follows.
      await page.getByRole("button", { name: `Ajouter une unité à ${FOUNDATION} · Ivoire 01` }).click();
      await expect
        .poll(() => variants.getByRole("spinbutton", { name: `Stock de ${FOUNDATION} · Ivoire 01` }).inputValue(), { timeout: 10_000 })
        .toBe("7");
      await expect.poll(() => rowOf(page, FOUNDATION).getByTestId("stock-value").textContent()).toBe("11");
      expect(await shopProduct(FOUNDATION)).toMatchObject({ stock_quantity: 11, price_cents: 3990, variant_count: 2 });

      // The form reads the shades back in their order.
      await rowOf(page, FOUNDATION)
        .getByRole("link", { name: `Modifier ${FOUNDATION}` })
        .click();
      const edit = page.getByRole("dialog", { name: "Modifier le produit" });
      await expect.poll(() => edit.count()).toBe(1);
      expect(await edit.getByRole("combobox", { name: "Marque" }).locator("option:checked").textContent()).toBe(brandName);
      expect(
        await edit.getByRole("group", { name: /^Variante \d :/ }).evaluateAll((els) => els.map((el) => el.getAttribute("aria-label"))),
      ).toEqual(["Variante 1 : Beige rosé 02", "Variante 2 : Ivoire 01"]);
      // On a 390 px phone the form and its variants fit the screen: no sideways scroll.
      await page.setViewportSize({ width: 390, height: 844 });
      await expect
        .poll(() =>
          edit.evaluate((dialogEl) => ({
            inside: dialogEl.getBoundingClientRect().right <= window.innerWidth,
            noSideways: dialogEl.scrollWidth <= dialogEl.clientWidth,
          })),
        )
        .toEqual({ inside: true, noSideways: true });
    } finally {
      await context.close();
    }
  });

  it("answers 'Produit introuvable' for an unknown product id", async () => {
    const context = await contextWith(adminCookie);
    const page = await context.newPage();
    try {
      const res = await page.goto(`/admin/produits?edit=${randomUUID()}`);
      expect(res?.status()).toBe(200);
      const dialog = page.getByRole("dialog", { name: "Modifier le produit" });
      await expect.poll(() => dialog.getByText("Produit introuvable").count()).toBe(1);
    } finally {
      await context.close();
    }
  });
});

describe("the product form's action", () => {
  /** What the modal's fetcher posts (single-fetch endpoint of /admin/produits). */
  const save = (body: unknown, cookie = adminCookie) =>
    fetch(`${baseURL}/admin/produits.data`, {
      method: "POST",
      headers: { cookie, origin: baseURL, "content-type": "application/json" },
      body: JSON.stringify(body),
    });

  it("refuses a negative price and a stock of -3 with the messages, ignores a typed rating, saves nothing; unknown id is 404", async () => {
    const { data: cats } = (await (await fetch(`${baseURL}/api/v1/categories`)).json()) as { data: { id: string }[] };
    const name = `Refusé ${Date.now().toString(36)}`;
    const bad = await save({
      intent: "save-product",
      product: { name, category_id: cats[0].id, rating: 7, variants: [{ sku: `BAD-${RUN}`, price: -5, stock: -3 }] },
    });
    expect(bad.status).toBe(400);
    const text = await bad.text();
    for (const message of ["Le prix doit être supérieur à 0", "Le stock ne peut pas être négatif"]) {
      expect(text).toContain(message);
    }
    expect(await shopProduct(name)).toBeUndefined();

    const unknown = await save({
      intent: "save-product",
      id: randomUUID(),
      product: { name, category_id: cats[0].id, variants: [{ sku: `UNK-${RUN}`, price: 10, stock: 1 }] },
    });
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain("Produit introuvable");
    expect(await shopProduct(name)).toBeUndefined();

    expect(
      (
        await save(
          { intent: "save-product", product: { name, category_id: cats[0].id, variants: [{ sku: `SH-${RUN}`, price: 10 }] } },
          shopperCookie,
        )
      ).status,
    ).toBe(403);
    expect(await shopProduct(name)).toBeUndefined();
  });
});

describe("POST /api/v1/admin/product-images", () => {
  const post = (cookie: string | null, body: Uint8Array, type = "image/png") =>
    fetch(`${baseURL}/api/v1/admin/product-images`, {
      method: "POST",
      headers: { ...(cookie ? { cookie } : {}), origin: baseURL, "content-type": type },
      body: Buffer.from(body),
    });

  it("refuses visitors and shoppers, text and 6 MB with the spec's messages", async () => {
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    expect((await post(null, png)).status).toBe(401);
    expect((await post(shopperCookie, png)).status).toBe(403);

    const text = await post(adminCookie, Buffer.from("hello, not an image".repeat(10)));
    expect(text.status).toBe(415);
    expect(((await text.json()) as { error: { message: string } }).error.message).toBe(
      "Format d'image non supporté. Utilisez JPG, PNG ou WebP.",
    );

    const big = Buffer.alloc(6 * 1024 * 1024, 7);
    png.copy(big);
    const tooBig = await post(adminCookie, big);
    expect(tooBig.status).toBe(413);
    expect(((await tooBig.json()) as { error: { message: string } }).error.message).toBe(
      "L'image est trop volumineuse. Taille maximale : 5MB.",
    );

    // An upload the form never saves can be discarded.
    const ok = await post(adminCookie, png);
    expect(ok.status).toBe(201);
    const { data } = (await ok.json()) as { data: { url: string } };
    expect(data.url).toMatch(UPLOAD_URL);
    const discard = await fetch(`${baseURL}/api/v1/admin/product-images?url=${encodeURIComponent(data.url)}`, {
      method: "DELETE",
      headers: { cookie: adminCookie, origin: baseURL },
    });
    expect(((await discard.json()) as { data: { deleted: boolean } }).data.deleted).toBe(true);
    expect((await fetch(`${baseURL}${data.url}`)).status).toBe(404);
    // Nothing outside the uploads can be reached.
    expect((await fetch(`${baseURL}/media/uploads/..%2F..%2Fpackage.json`)).status).toBe(404);
  });
});
