import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, eq } from "drizzle-orm";
import { createTestDatabase } from "../../../../tests/support/db";
import { createShopper } from "../../../../tests/support/shoppers";
import type { DatabaseHandle } from "../../db/client";
import { categories, priceHistory, products, stockMovements } from "../../db/schema";
import { LocalMediaStorage, setMediaStorage } from "../../media/media-storage";
import { storeProductImage } from "../../media/product-images";
import { getAdminProductDetail, saveAdminProduct as saveAdminProductOrThrow } from "./product-form.service";
import { deleteAdminProduct } from "./products-admin.service";
import {
  PRODUCT_CATEGORY_MESSAGE,
  PRODUCT_NAME_REQUIRED_MESSAGE,
  PRODUCT_PRICE_MESSAGE,
  PRODUCT_RATING_MESSAGE,
  PRODUCT_SKU_TAKEN_MESSAGE,
  PRODUCT_STOCK_NEGATIVE_MESSAGE,
  ProductFormSchema,
  productFieldErrors,
  type ProductFormInput,
} from "~/domain/catalog/admin-product-form.schema";
import { settled } from "../../../../tests/support/domain-result";

const saveAdminProduct = (...args: Parameters<typeof saveAdminProductOrThrow>) => settled(saveAdminProductOrThrow(...args));

let handle: DatabaseHandle;
let admin: { id: string };
let categoryId: string;
const token = `pf${randomUUID().slice(0, 6)}`;
const root = fs.mkdtempSync(path.join(os.tmpdir(), "aurore-form-"));
const storage = new LocalMediaStorage(root);

const form = (overrides: Partial<ProductFormInput> = {}): ProductFormInput => ({
  name: `Sérum ${token}`,
  description: "Un sérum léger.",
  category_id: categoryId,
  brand: "Aurore",
  sku: "",
  price: "24.90",
  original_price: "",
  stock: "12",
  rating: "4.5",
  review_count: "3",
  image_url: "",
  images: [],
  tags: [" éclat ", "éclat", "", "vitamine C"],
  attributes: { size: "30 ml", color: "", skin_type: "sensible", usage: "Matin et soir" },
  featured: true,
  ...overrides,
});

function parse(overrides: Partial<ProductFormInput> = {}) {
  return ProductFormSchema.safeParse(form(overrides));
}

async function productCount(): Promise<number> {
  return (await handle.db.select({ id: products.id }).from(products)).length;
}

async function upload(): Promise<string> {
  const bytes = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#c08" } })
    .png()
    .toBuffer();
  const stored = await storeProductImage(bytes, storage);
  if (!stored.ok) throw new Error(stored.message);
  return stored.url;
}

const fileOf = (url: string) => path.join(root, url.replace("/media/uploads/", ""));

beforeAll(async () => {
  handle = await createTestDatabase();
  admin = await createShopper(handle.db, { name: "Admin" });
  const [cat] = await handle.db
    .insert(categories)
    .values({ name: `Catégorie ${token}`, slug: `cat-${token}` })
    .returning();
  categoryId = cat.id;
  setMediaStorage(storage);
});

afterAll(async () => {
  setMediaStorage(undefined);
  await handle?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe("ProductFormSchema", () => {
  it("converts the form: cents, null for empty brand/SKU/original price, tags trimmed without duplicates, in_stock from stock", () => {
    const parsed = parse({ original_price: "0", brand: "  ", stock: "" });
    expect(parsed.success).toBe(true);
    if (!parsed.success) return;
    expect(parsed.data).toMatchObject({
      priceCents: 2490,
      originalPriceCents: null,
      brand: null,
      sku: null,
      stock: 0,
      inStock: false,
      rating: 4.5,
      tags: ["éclat", "vitamine C"],
      attributes: { size: "30 ml", skin_type: "sensible", usage: "Matin et soir" },
    });
    // Numeric fields fall back to 0 (spec §5): an empty review count is 0.
    const fallback = parse({ review_count: "abc", rating: "" });
    expect(fallback.success && [fallback.data.reviewCount, fallback.data.rating]).toEqual([0, 0]);
  });

  it("refuses a negative price, a rating of 7, a stock of -3, a blank name and no category with the French messages", () => {
    const cases: [Partial<ProductFormInput>, string, string][] = [
      [{ price: "-5" }, "price", PRODUCT_PRICE_MESSAGE],
      [{ price: "" }, "price", PRODUCT_PRICE_MESSAGE],
      [{ rating: "7" }, "rating", PRODUCT_RATING_MESSAGE],
      [{ stock: "-3" }, "stock", PRODUCT_STOCK_NEGATIVE_MESSAGE],
      [{ name: "   " }, "name", PRODUCT_NAME_REQUIRED_MESSAGE],
      [{ category_id: "" }, "category_id", PRODUCT_CATEGORY_MESSAGE],
    ];
    for (const [overrides, field, message] of cases) {
      const parsed = parse(overrides);
      expect(parsed.success).toBe(false);
      if (!parsed.success) expect(productFieldErrors(parsed.error)[field]).toBe(message);
    }
    expect(parse({ rating: "4.55" }).success).toBe(false);
    expect(parse({ attributes: { skin_type: "écailleuse" as never } }).success).toBe(false);
    expect(parse({ image_url: "javascript:alert(1)" }).success).toBe(false);
    expect(parse({ image_url: "//evil.example/x.png" }).success).toBe(false);
    expect(parse({ image_url: "https://cdn.example/x.png", images: ["/media/art/jar/aa00aa/bb00bb/1.svg"] }).success).toBe(true);
  });
});

describe("saveAdminProduct", () => {
  it("creates a product with its initial stock movement and price history, and reads it back for the form", async () => {
    const parsed = parse({ sku: `SKU-${token}` });
    if (!parsed.success) throw parsed.error;
    const result = await saveAdminProduct(handle.db, { id: null, input: parsed.data, actorUserId: admin.id });
    expect(result).toMatchObject({ ok: true, created: true, name: `Sérum ${token}` });
    if (!result.ok) return;
    const [row] = await handle.db.select().from(products).where(eq(products.id, result.id));
    expect(row).toMatchObject({
      priceCents: 2490,
      stockQuantity: 12,
      inStock: true,
      featured: true,
      sku: `SKU-${token}`,
      tags: ["éclat", "vitamine C"],
    });
    const moves = await handle.db.select().from(stockMovements).where(eq(stockMovements.productId, result.id));
    expect(moves).toMatchObject([{ reason: "initial", delta: 12, resultingStock: 12, actorUserId: admin.id }]);
    expect(await handle.db.select().from(priceHistory).where(eq(priceHistory.productId, result.id))).toHaveLength(1);
    const detail = await getAdminProductDetail(handle.db, result.id);
    expect(detail?.values).toMatchObject({
      price: "24.90",
      stock: "12",
      rating: "4.5",
      sku: `SKU-${token}`,
      attributes: { skin_type: "sensible" },
    });
  });

  it("edits: stock through the inventory service (a movement), price history kept, in_stock follows the stock", async () => {
    const created = parse({ name: `Crème ${token}` });
    if (!created.success) throw created.error;
    const first = await saveAdminProduct(handle.db, { id: null, input: created.data, actorUserId: admin.id });
    if (!first.ok) throw new Error(first.message);

    const edited = parse({ name: `Crème ${token} v2`, price: "19.90", original_price: "24.90", stock: "0" });
    if (!edited.success) throw edited.error;
    const result = await saveAdminProduct(handle.db, { id: first.id, input: edited.data, actorUserId: admin.id });
    expect(result).toMatchObject({ ok: true, created: false, id: first.id });
    const [row] = await handle.db.select().from(products).where(eq(products.id, first.id));
    expect(row).toMatchObject({ name: `Crème ${token} v2`, priceCents: 1990, originalPriceCents: 2490, stockQuantity: 0, inStock: false });
    const moves = await handle.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.productId, first.id))
      .orderBy(asc(stockMovements.id));
    expect(moves.map((m) => [m.reason, m.delta, m.resultingStock, m.actorUserId])).toEqual([
      ["initial", 12, 12, admin.id],
      ["admin_set", -12, 0, admin.id],
    ]);
    const prices = await handle.db.select().from(priceHistory).where(eq(priceHistory.productId, first.id)).orderBy(asc(priceHistory.id));
    expect(prices.map((p) => [p.priceCents, p.originalPriceCents])).toEqual([
      [2490, null],
      [1990, 2490],
    ]);

    // Same stock again: no new movement.
    await saveAdminProduct(handle.db, { id: first.id, input: edited.data, actorUserId: admin.id });
    expect(await handle.db.select().from(stockMovements).where(eq(stockMovements.productId, first.id))).toHaveLength(2);
  });

  it("answers 404 'Produit introuvable' for an unknown or malformed id, and saves nothing", async () => {
    const parsed = parse({ name: `Fantôme ${token}` });
    if (!parsed.success) throw parsed.error;
    const before = await productCount();
    for (const id of [randomUUID(), "not-a-uuid"]) {
      expect(await saveAdminProduct(handle.db, { id, input: parsed.data, actorUserId: admin.id })).toEqual({
        ok: false,
        status: 404,
        code: "product_not_found",
        message: "Produit introuvable",
      });
    }
    expect(await productCount()).toBe(before);
  });

  it("refuses an unknown category and a SKU already used, leaving the product untouched", async () => {
    const a = parse({ name: `Savon A ${token}`, sku: `SKU-A-${token}` });
    const b = parse({ name: `Savon B ${token}`, sku: `SKU-B-${token}`, stock: "5" });
    if (!a.success || !b.success) throw new Error("setup");
    const saved = await saveAdminProduct(handle.db, { id: null, input: a.data, actorUserId: admin.id });
    const other = await saveAdminProduct(handle.db, { id: null, input: b.data, actorUserId: admin.id });
    if (!saved.ok || !other.ok) throw new Error("setup");

    const clash = parse({ name: `Savon B renamed ${token}`, sku: `SKU-A-${token}`, stock: "99" });
    if (!clash.success) throw clash.error;
    const refused = await saveAdminProduct(handle.db, { id: other.id, input: clash.data, actorUserId: admin.id });
    expect(refused).toMatchObject({ ok: false, status: 409, fieldErrors: { sku: PRODUCT_SKU_TAKEN_MESSAGE } });
    const [row] = await handle.db.select().from(products).where(eq(products.id, other.id));
    // Nothing half-saved: neither the name nor the stock (nor a movement) changed.
    expect(row).toMatchObject({ name: `Savon B ${token}`, stockQuantity: 5 });
    expect(await handle.db.select().from(stockMovements).where(eq(stockMovements.productId, other.id))).toHaveLength(1);

    const noCategory = parse({ category_id: randomUUID(), name: `Orphelin ${token}` });
    if (!noCategory.success) throw noCategory.error;
    const before = await productCount();
    expect(await saveAdminProduct(handle.db, { id: null, input: noCategory.data, actorUserId: admin.id })).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { category_id: PRODUCT_CATEGORY_MESSAGE },
    });
    expect(await productCount()).toBe(before);
  });

  it("removes an uploaded image's file when the edit drops it (after the commit), and the product's files when it is deleted", async () => {
    const main = await upload();
    const gallery = await upload();
    const shared = await upload();
    const parsed = parse({ name: `Palette ${token}`, image_url: main, images: [gallery, shared, "https://cdn.example/x.png"] });
    const sibling = parse({ name: `Palette sœur ${token}`, image_url: shared });
    if (!parsed.success || !sibling.success) throw new Error("setup");
    const created = await saveAdminProduct(handle.db, { id: null, input: parsed.data, actorUserId: admin.id });
    await saveAdminProduct(handle.db, { id: null, input: sibling.data, actorUserId: admin.id });
    if (!created.ok) throw new Error(created.message);
    for (const url of [main, gallery, shared]) expect(fs.existsSync(fileOf(url))).toBe(true);

    // The gallery image is removed in the form; the main image stays.
    const edited = parse({ name: `Palette ${token}`, image_url: main, images: [shared] });
    if (!edited.success) throw edited.error;
    expect((await saveAdminProduct(handle.db, { id: created.id, input: edited.data, actorUserId: admin.id })).ok).toBe(true);
    expect(fs.existsSync(fileOf(gallery))).toBe(false);
    expect(fs.existsSync(fileOf(main))).toBe(true);

    // A refused edit removes nothing.
    const refused = parse({ name: `Palette ${token}`, image_url: "", images: [], category_id: randomUUID() });
    if (!refused.success) throw refused.error;
    expect((await saveAdminProduct(handle.db, { id: created.id, input: refused.data, actorUserId: admin.id })).ok).toBe(false);
    expect(fs.existsSync(fileOf(main))).toBe(true);

    // Deleting the product removes its own files; the image its sibling still shows stays.
    expect(await deleteAdminProduct(handle.db, created.id)).toMatchObject({ name: expect.any(String) });
    expect(fs.existsSync(fileOf(main))).toBe(false);
    expect(fs.existsSync(fileOf(shared))).toBe(true);
  });
});
