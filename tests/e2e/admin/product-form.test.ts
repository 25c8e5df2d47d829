import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser, seriousA11yViolations, signedInContext, waitForHeaderHydration } from "../../support/browser";
import { E2E_ADMIN, uniqueEmail } from "../../support/accounts";
import { signInCookie, signUpCookie } from "../../support/http-session";

/**
 * The product form as the administrator: a product is created with an uploaded image (a PNG
 * named .jpg, accepted by its content), the spec's messages show for bad values, the storefront
 * shows it with its image served from the uploads, then it is edited (price, stock, image
 * removed: its file goes) and deleted (its last file goes). The upload endpoint refuses text,
 * 6 MB and non-administrators.
 */
const baseURL = inject("baseURL");
let browser: Browser;
let adminCookie: string;
let shopperCookie: string;

const NAME = `Eau Florale Aurore ${Date.now().toString(36)}`;
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
};

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
      await waitForHeaderHydration(page);
      await page.getByRole("link", { name: "Nouveau Produit" }).first().click();
      const dialog = page.getByRole("dialog", { name: "Nouveau produit" });
      await expect.poll(() => dialog.count()).toBe(1);
      expect(await seriousA11yViolations(page)).toEqual([]);

      // Empty form: the spec's messages, nothing posted.
      await dialog.getByRole("button", { name: "Créer" }).click();
      await expect.poll(() => dialog.getByText("Veuillez corriger les champs signalés").count()).toBe(1);
      for (const message of ["Le nom du produit est requis", "Le prix doit être supérieur à 0", "Veuillez sélectionner une catégorie"]) {
        expect(await dialog.getByText(message, { exact: true }).count()).toBe(1);
      }
      // A field's message clears when it is edited.
      await dialog.getByRole("textbox", { name: "Nom du produit" }).fill(NAME);
      expect(await dialog.getByText("Le nom du produit est requis").count()).toBe(0);

      await dialog.getByRole("combobox", { name: "Catégorie" }).selectOption({ label: "Parfums" });
      await dialog.getByRole("textbox", { name: "Marque" }).fill("Aurore");
      await dialog.getByRole("spinbutton", { name: "Prix (€)" }).fill("-5");
      await dialog.getByRole("spinbutton", { name: "Note (0 à 5)" }).fill("7");
      await dialog.getByRole("spinbutton", { name: "Stock" }).fill("-3");
      await dialog.getByRole("button", { name: "Créer" }).click();
      for (const message of [
        "Le prix doit être supérieur à 0",
        "La note doit être comprise entre 0 et 5",
        "Le stock ne peut pas être négatif",
      ]) {
        await expect.poll(() => dialog.getByText(message, { exact: true }).count()).toBe(1);
      }
      await dialog.getByRole("spinbutton", { name: "Prix (€)" }).fill("49.90");
      await dialog.getByRole("spinbutton", { name: "Note (0 à 5)" }).fill("4.6");
      await dialog.getByRole("spinbutton", { name: "Stock" }).fill("25");
      await dialog.getByRole("spinbutton", { name: "Nombre d'avis" }).fill("12");

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
      await dialog.getByRole("button", { name: "Ajouter l'URL" }).click();
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
      await waitForHeaderHydration(page);
      await rowOf(page, NAME)
        .getByRole("link", { name: `Modifier ${NAME}` })
        .click();
      const edit = page.getByRole("dialog", { name: "Modifier le produit" });
      await expect.poll(() => edit.count()).toBe(1);
      expect(await edit.getByRole("textbox", { name: "Nom du produit" }).inputValue()).toBe(NAME);
      expect(await edit.getByRole("spinbutton", { name: "Prix (€)" }).inputValue()).toBe("49.90");
      expect(await edit.getByRole("combobox", { name: "Type de peau" }).inputValue()).toBe("sensible");
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

  it("refuses a negative price, a rating of 7 and a stock of -3 with the messages, saves nothing; unknown id is 404", async () => {
    const { data: cats } = (await (await fetch(`${baseURL}/api/v1/categories`)).json()) as { data: { id: string }[] };
    const name = `Refusé ${Date.now().toString(36)}`;
    const bad = await save({ intent: "save-product", product: { name, category_id: cats[0].id, price: -5, rating: 7, stock: -3 } });
    expect(bad.status).toBe(400);
    const text = await bad.text();
    for (const message of [
      "Le prix doit être supérieur à 0",
      "La note doit être comprise entre 0 et 5",
      "Le stock ne peut pas être négatif",
    ]) {
      expect(text).toContain(message);
    }
    expect(await shopProduct(name)).toBeUndefined();

    const unknown = await save({
      intent: "save-product",
      id: randomUUID(),
      product: { name, category_id: cats[0].id, price: 10, stock: 1 },
    });
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain("Produit introuvable");
    expect(await shopProduct(name)).toBeUndefined();

    expect((await save({ intent: "save-product", product: { name, category_id: cats[0].id, price: 10 } }, shopperCookie)).status).toBe(403);
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
