import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, eq, sql } from "drizzle-orm";
import { createTestDatabase } from "../../../../tests/support/db";
import { createShopper } from "../../../../tests/support/shoppers";
import type { DatabaseHandle } from "../../db/client";
import {
  brands,
  carts,
  cartItems,
  categories,
  orderItems,
  orders,
  outbox,
  priceHistory,
  products,
  productVariants,
  stockMovements,
} from "../../db/schema";
import { LocalMediaStorage, setMediaStorage } from "../../media/media-storage";
import { storeProductImage } from "../../media/product-images";
import { getAdminProductDetail } from "./product-form.service";
import { saveAdminProduct as saveAdminProductOrThrow } from "../../workflows/product-form";
import { deleteAdminProduct } from "./products-admin.service";
import { subscribeShopperRestockAlert } from "./restock-alerts.service";
import {
  PRODUCT_BRAND_MESSAGE,
  PRODUCT_CATEGORY_MESSAGE,
  PRODUCT_NAME_REQUIRED_MESSAGE,
  PRODUCT_PRICE_MESSAGE,
  PRODUCT_STOCK_NEGATIVE_MESSAGE,
  PRODUCT_HS_CODE_MESSAGE,
  PRODUCT_ORIGIN_COUNTRY_MESSAGE,
  PRODUCT_TAX_CLASS_MESSAGE,
  PRODUCT_WEIGHT_MAX_MESSAGE,
  PRODUCT_WEIGHT_MESSAGE,
  VARIANTS_REQUIRED_MESSAGE,
  VARIANT_CONTENT_MESSAGE,
  VARIANT_SHADE_HEX_MESSAGE,
  VARIANT_SKU_REQUIRED_MESSAGE,
  VARIANT_SKU_TAKEN_MESSAGE,
  ProductFormSchema,
  deriveVariantLabel,
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

type VariantFormInput = ProductFormInput["variants"][number];

const variant = (overrides: Partial<VariantFormInput> = {}): VariantFormInput => ({
  id: "",
  label: "",
  size: "30 ml",
  shade: "",
  shade_hex: "",
  content_amount: "30",
  content_unit: "ml",
  sku: `SKU-${token}-${randomUUID().slice(0, 8)}`,
  price: "24.90",
  original_price: "",
  stock: "12",
  images: [],
  ...overrides,
});

const form = (overrides: Partial<ProductFormInput> = {}): ProductFormInput => ({
  name: `Sérum ${token}`,
  description: "Un sérum léger.",
  category_id: categoryId,
  brand_id: "",
  new_brand: "",
  image_url: "",
  images: [],
  tags: [" éclat ", "éclat", "", "vitamine C"],
  attributes: { color: "", skin_type: "sensible", usage: "Matin et soir" },
  ingredients: "Aqua, Glycerin, Niacinamide",
  usage_tips: "Appliquer matin et soir sur peau propre.",
  featured: true,
  variants: [variant()],
  ...overrides,
});

function parse(overrides: Partial<ProductFormInput> = {}) {
  return ProductFormSchema.safeParse(form(overrides));
}

function parsed(overrides: Partial<ProductFormInput> = {}) {
  const result = parse(overrides);
  if (!result.success) throw new Error(JSON.stringify(productFieldErrors(result.error)));
  return result.data;
}

async function variantsOf(productId: string) {
  return handle.db.select().from(productVariants).where(eq(productVariants.productId, productId)).orderBy(asc(productVariants.position));
}

/** The form's values for a product already saved: what the modal posts back after an edit. */
async function formOf(productId: string): Promise<ProductFormInput> {
  const detail = await getAdminProductDetail(handle.db, productId);
  if (!detail) throw new Error("missing");
  return detail.values;
}

async function productCount(): Promise<number> {
  return (await handle.db.select({ id: products.id }).from(products)).length;
}

async function upload(): Promise<string> {
  const bytes = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#c08" } })
    .png()
    .toBuffer();
  return (await storeProductImage(bytes, storage)).url;
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
  it("converts the form: cents, null for an empty original price, tags trimmed without duplicates, labels from size and shade", () => {
    const result = parsed({
      variants: [
        variant({ original_price: "0", stock: "", sku: " A-1 " }),
        variant({ size: "", shade: "Beige rosé 02", shade_hex: "#E2BF9F", content_amount: "", content_unit: "", sku: "A-2" }),
        variant({ size: "30 ml", shade: "Rose poudré", sku: "A-3", price: "19,90", original_price: "24.90" }),
        variant({ size: "", shade: "", label: "  Coffret  ", content_amount: "", content_unit: "", sku: "A-4" }),
      ],
    });
    expect(result).toMatchObject({
      brandId: null,
      newBrand: null,
      tags: ["éclat", "vitamine C"],
      attributes: { skin_type: "sensible", usage: "Matin et soir" },
      ingredients: "Aqua, Glycerin, Niacinamide",
      usageTips: "Appliquer matin et soir sur peau propre.",
    });
    expect(result.variants).toEqual([
      expect.objectContaining({
        id: null,
        sku: "A-1",
        label: "30 ml",
        priceCents: 2490,
        originalPriceCents: null,
        stock: 0,
        contentAmount: 30,
        contentUnit: "ml",
      }),
      expect.objectContaining({ sku: "A-2", label: "Beige rosé 02", shadeHex: "#e2bf9f", contentAmount: null, contentUnit: null }),
      expect.objectContaining({ sku: "A-3", label: "30 ml · Rose poudré", priceCents: 1990, originalPriceCents: 2490 }),
      expect.objectContaining({ sku: "A-4", label: "Coffret" }),
    ]);
    expect(deriveVariantLabel({ size: " ", shade: null })).toBe("Format unique");
  });

  it("refuses bad product and variant fields with the French messages, on the right row", () => {
    const cases: [Partial<ProductFormInput>, string, string][] = [
      [{ name: "   " }, "name", PRODUCT_NAME_REQUIRED_MESSAGE],
      [{ category_id: "" }, "category_id", PRODUCT_CATEGORY_MESSAGE],
      [{ brand_id: "Aurore" }, "brand_id", PRODUCT_BRAND_MESSAGE],
      [{ variants: [] }, "variants", VARIANTS_REQUIRED_MESSAGE],
      [{ variants: [variant(), variant({ price: "-5" })] }, "variants.1.price", PRODUCT_PRICE_MESSAGE],
      [{ variants: [variant({ price: "" })] }, "variants.0.price", PRODUCT_PRICE_MESSAGE],
      [{ variants: [variant({ stock: "-3" })] }, "variants.0.stock", PRODUCT_STOCK_NEGATIVE_MESSAGE],
      [{ variants: [variant({ sku: "  " })] }, "variants.0.sku", VARIANT_SKU_REQUIRED_MESSAGE],
      [{ variants: [variant({ shade_hex: "beige" })] }, "variants.0.shade_hex", VARIANT_SHADE_HEX_MESSAGE],
      [{ variants: [variant({ content_amount: "50", content_unit: "" })] }, "variants.0.content_amount", VARIANT_CONTENT_MESSAGE],
      [{ variants: [variant({ content_amount: "", content_unit: "g" })] }, "variants.0.content_amount", VARIANT_CONTENT_MESSAGE],
      // The same SKU twice in one form: the second row says so.
      [{ variants: [variant({ sku: "DUP-1" }), variant({ sku: " DUP-1 " })] }, "variants.1.sku", VARIANT_SKU_TAKEN_MESSAGE],
    ];
    for (const [overrides, field, message] of cases) {
      const result = parse(overrides);
      expect(result.success, field).toBe(false);
      if (!result.success) expect(productFieldErrors(result.error)[field], field).toBe(message);
    }
    expect(parse({ attributes: { skin_type: "écailleuse" as never } }).success).toBe(false);
    expect(parse({ image_url: "javascript:alert(1)" }).success).toBe(false);
    expect(parse({ image_url: "//evil.example/x.png" }).success).toBe(false);
    expect(parse({ variants: [variant({ images: ["javascript:alert(1)"] })] }).success).toBe(false);
    expect(parse({ image_url: "https://cdn.example/x.png", images: ["/media/art/jar/aa00aa/bb00bb/1.svg"] }).success).toBe(true);
  });

  it("reads the packed weight in whole grams as typed or sent, empty for not weighed, and refuses the rest", () => {
    expect(parsed({}).weightGrams).toBeNull();
    expect(parsed({ weight_grams: "" }).weightGrams).toBeNull();
    expect(parsed({ weight_grams: null }).weightGrams).toBeNull();
    expect(parsed({ weight_grams: " 350 " }).weightGrams).toBe(350);
    expect(parsed({ weight_grams: "1 200" }).weightGrams).toBe(1200);
    expect(parsed({ weight_grams: 500 }).weightGrams).toBe(500);
    expect(parsed({ weight_grams: "1" }).weightGrams).toBe(1);
    expect(parsed({ weight_grams: "30000" }).weightGrams).toBe(30_000);
    const cases: [unknown, string][] = [
      ["0", PRODUCT_WEIGHT_MESSAGE],
      ["-5", PRODUCT_WEIGHT_MESSAGE],
      ["12,5", PRODUCT_WEIGHT_MESSAGE],
      [12.5, PRODUCT_WEIGHT_MESSAGE],
      ["350 g", PRODUCT_WEIGHT_MESSAGE],
      [true, PRODUCT_WEIGHT_MESSAGE],
      ["30001", PRODUCT_WEIGHT_MAX_MESSAGE],
      [45_000, PRODUCT_WEIGHT_MAX_MESSAGE],
    ];
    for (const [weight, message] of cases) {
      const result = parse({ weight_grams: weight });
      expect(result.success, String(weight)).toBe(false);
      if (!result.success) expect(productFieldErrors(result.error).weight_grams, String(weight)).toBe(message);
    }
  });

  it("reads the tax class, the customs code and the origin, and refuses the rest with the field's French message", () => {
    expect(parsed({})).toMatchObject({ taxClass: "standard", hsCode: null, originCountry: null });
    expect(parsed({ tax_class: "reduced", hs_code: "3303 00", origin_country: "it" })).toMatchObject({
      taxClass: "reduced",
      hsCode: "330300",
      originCountry: "IT",
    });
    expect(parsed({ hs_code: "3304.99.00.00", origin_country: " " })).toMatchObject({ hsCode: "3304990000", originCountry: null });
    expect(parsed({ hs_code: "", tax_class: "" })).toMatchObject({ hsCode: null, taxClass: "standard" });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ hs_code: "33030" }, "hs_code", PRODUCT_HS_CODE_MESSAGE],
      [{ hs_code: "33030012345" }, "hs_code", PRODUCT_HS_CODE_MESSAGE],
      [{ hs_code: "3303AB" }, "hs_code", PRODUCT_HS_CODE_MESSAGE],
      [{ hs_code: "-330300" }, "hs_code", PRODUCT_HS_CODE_MESSAGE],
      [{ hs_code: true }, "hs_code", PRODUCT_HS_CODE_MESSAGE],
      [{ origin_country: "XX" }, "origin_country", PRODUCT_ORIGIN_COUNTRY_MESSAGE],
      [{ origin_country: "France" }, "origin_country", PRODUCT_ORIGIN_COUNTRY_MESSAGE],
      [{ origin_country: 33 }, "origin_country", PRODUCT_ORIGIN_COUNTRY_MESSAGE],
      [{ tax_class: "super-reduced" }, "tax_class", PRODUCT_TAX_CLASS_MESSAGE],
    ];
    expect(PRODUCT_HS_CODE_MESSAGE).toBe("Code douanier invalide : 6 à 10 chiffres");
    expect(PRODUCT_ORIGIN_COUNTRY_MESSAGE).toBe("Pays d'origine inconnu");
    for (const [fields, key, message] of cases) {
      const result = parse(fields);
      expect(result.success, JSON.stringify(fields)).toBe(false);
      if (!result.success) expect(productFieldErrors(result.error)[key], JSON.stringify(fields)).toBe(message);
    }
  });
});

describe("saveAdminProduct", () => {
  it("creates a product with 3 variants: their rows in order, the roll-ups after commit, an initial movement and a price per variant", async () => {
    const [brand] = await handle.db
      .insert(brands)
      .values({ name: `Maison ${token}`, slug: `maison-${token}` })
      .returning();
    const input = parsed({
      name: `Eau de parfum ${token}`,
      brand_id: brand.id,
      variants: [
        variant({ size: "30 ml", sku: `EDP-${token}-30`, price: "59.00", stock: "5" }),
        variant({ size: "50 ml", content_amount: "50", sku: `EDP-${token}-50`, price: "85.00", stock: "0" }),
        variant({ size: "100 ml", content_amount: "100", sku: `EDP-${token}-100`, price: "120.00", original_price: "135.00", stock: "8" }),
      ],
    });
    const result = await saveAdminProduct(handle.db, { id: null, input, actorUserId: admin.id });
    expect(result).toMatchObject({ ok: true, created: true, name: `Eau de parfum ${token}` });
    if (!result.ok) return;

    const variants = await variantsOf(result.id);
    expect(
      variants.map((v) => [
        v.position,
        v.sku,
        v.label,
        v.priceCents,
        v.originalPriceCents,
        v.stockQuantity,
        v.contentAmount,
        v.contentUnit,
      ]),
    ).toEqual([
      [0, `EDP-${token}-30`, "30 ml", 5900, null, 5, 30, "ml"],
      [1, `EDP-${token}-50`, "50 ml", 8500, null, 0, 50, "ml"],
      [2, `EDP-${token}-100`, "100 ml", 12000, 13500, 8, 100, "ml"],
    ]);
    const [row] = await handle.db.select().from(products).where(eq(products.id, result.id));
    expect(row).toMatchObject({
      priceCents: 5900,
      stockQuantity: 13,
      inStock: true,
      variantCount: 3,
      brandId: brand.id,
      brand: brand.name,
      featured: true,
      tags: ["éclat", "vitamine C"],
      ingredients: "Aqua, Glycerin, Niacinamide",
      usageTips: "Appliquer matin et soir sur peau propre.",
    });
    const moves = await handle.db.select().from(stockMovements).where(eq(stockMovements.productId, result.id));
    const bySku = new Map(variants.map((v) => [v.id, v.sku]));
    expect(moves.map((m) => [bySku.get(m.variantId ?? ""), m.reason, m.delta, m.resultingStock, m.actorUserId]).sort()).toEqual(
      [
        [`EDP-${token}-100`, "initial", 8, 8, admin.id],
        [`EDP-${token}-30`, "initial", 5, 5, admin.id],
      ].sort(),
    );
    const prices = await handle.db.select().from(priceHistory).where(eq(priceHistory.productId, result.id));
    expect(prices.map((p) => bySku.get(p.variantId ?? "")).sort()).toEqual(
      [`EDP-${token}-100`, `EDP-${token}-30`, `EDP-${token}-50`].sort(),
    );

    const detail = await getAdminProductDetail(handle.db, result.id);
    expect(detail?.values).toMatchObject({
      brand_id: brand.id,
      ingredients: "Aqua, Glycerin, Niacinamide",
      attributes: { skin_type: "sensible" },
      variants: [
        { sku: `EDP-${token}-30`, price: "59.00", stock: "5", size: "30 ml", content_amount: "30", content_unit: "ml" },
        { sku: `EDP-${token}-50`, price: "85.00", stock: "0" },
        { sku: `EDP-${token}-100`, price: "120.00", original_price: "135.00", stock: "8" },
      ],
    });
  });

  it("edits: reorders, changes one price (history for that variant only), removes one, adds one, moves stock through the inventory", async () => {
    const first = await saveAdminProduct(handle.db, {
      id: null,
      input: parsed({
        name: `Rouge ${token}`,
        variants: ["01", "02", "03"].map((n) =>
          variant({
            size: "",
            shade: `Rouge ${n}`,
            shade_hex: "#aa0000",
            content_amount: "",
            content_unit: "",
            sku: `RG-${token}-${n}`,
            price: "29.00",
            stock: "4",
          }),
        ),
      }),
      actorUserId: admin.id,
    });
    if (!first.ok) throw new Error(first.message);
    const before = await variantsOf(first.id);
    const historyBefore = await handle.db.select().from(priceHistory).where(eq(priceHistory.productId, first.id));

    const values = await formOf(first.id);
    const [v1, v2, v3] = values.variants;
    const edited = parsed({
      ...values,
      name: `Rouge ${token} v2`,
      variants: [
        { ...v3, price: "25.00", stock: "9" },
        { ...v1 },
        variant({
          size: "",
          shade: "Rouge 04",
          shade_hex: "#880000",
          content_amount: "",
          content_unit: "",
          sku: `RG-${token}-04`,
          price: "31.00",
          stock: "2",
        }),
      ],
    });
    const result = await saveAdminProduct(handle.db, { id: first.id, input: edited, actorUserId: admin.id });
    expect(result).toMatchObject({ ok: true, created: false, id: first.id });

    const after = await variantsOf(first.id);
    expect(after.map((v) => [v.sku, v.label, v.priceCents, v.stockQuantity, v.position])).toEqual([
      [`RG-${token}-03`, "Rouge 03", 2500, 9, 0],
      [`RG-${token}-01`, "Rouge 01", 2900, 4, 1],
      [`RG-${token}-04`, "Rouge 04", 3100, 2, 2],
    ]);
    // Kept variants keep their ids; the removed one is gone.
    expect(after[0].id).toBe(v3.id);
    expect(after[1].id).toBe(v1.id);
    expect(after.map((v) => v.id)).not.toContain(v2.id);
    const [row] = await handle.db.select().from(products).where(eq(products.id, first.id));
    expect(row).toMatchObject({ name: `Rouge ${token} v2`, priceCents: 2500, stockQuantity: 15, variantCount: 3, inStock: true });

    const historyAfter = await handle.db
      .select()
      .from(priceHistory)
      .where(eq(priceHistory.productId, first.id))
      .orderBy(asc(priceHistory.id));
    const newRows = historyAfter.filter((h) => !historyBefore.some((b) => b.id === h.id));
    const ids = new Map(after.map((v) => [v.id, v.sku]));
    expect(newRows.map((h) => [ids.get(h.variantId ?? ""), h.priceCents]).sort()).toEqual(
      [
        [`RG-${token}-03`, 2500],
        [`RG-${token}-04`, 3100],
      ].sort(),
    );
    const moves = await handle.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.variantId, after[0].id))
      .orderBy(asc(stockMovements.id));
    expect(moves.map((m) => [m.reason, m.delta, m.resultingStock])).toEqual([
      ["initial", 4, 4],
      ["admin_set", 5, 9],
    ]);
    expect(before).toHaveLength(3);

    // Saved again unchanged: no new movement, no new price.
    const movesBefore = (await handle.db.select().from(stockMovements).where(eq(stockMovements.productId, first.id))).length;
    const again = await formOf(first.id);
    expect((await saveAdminProduct(handle.db, { id: first.id, input: parsed(again), actorUserId: admin.id })).ok).toBe(true);
    expect(await handle.db.select().from(stockMovements).where(eq(stockMovements.productId, first.id))).toHaveLength(movesBefore);
    expect(await handle.db.select().from(priceHistory).where(eq(priceHistory.productId, first.id))).toHaveLength(historyAfter.length);
  });

  it("lets two variants of the product swap their SKUs", async () => {
    const created = await saveAdminProduct(handle.db, {
      id: null,
      input: parsed({
        name: `Vernis ${token}`,
        variants: [variant({ sku: `VN-${token}-A` }), variant({ size: "15 ml", sku: `VN-${token}-B` })],
      }),
      actorUserId: admin.id,
    });
    if (!created.ok) throw new Error(created.message);
    const values = await formOf(created.id);
    const [a, b] = values.variants;
    const swapped = await saveAdminProduct(handle.db, {
      id: created.id,
      input: parsed({
        ...values,
        variants: [
          { ...a, sku: b.sku },
          { ...b, sku: a.sku },
        ],
      }),
      actorUserId: admin.id,
    });
    expect(swapped.ok).toBe(true);
    expect((await variantsOf(created.id)).map((v) => [v.id, v.sku])).toEqual([
      [a.id, `VN-${token}-B`],
      [b.id, `VN-${token}-A`],
    ]);
  });

  it("refuses a SKU another product sells with the field's message on that row, and writes nothing", async () => {
    const owner = await saveAdminProduct(handle.db, {
      id: null,
      input: parsed({ name: `Savon A ${token}`, variants: [variant({ sku: `SV-${token}-A` })] }),
      actorUserId: admin.id,
    });
    const other = await saveAdminProduct(handle.db, {
      id: null,
      input: parsed({ name: `Savon B ${token}`, variants: [variant({ sku: `SV-${token}-B`, stock: "5" })] }),
      actorUserId: admin.id,
    });
    if (!owner.ok || !other.ok) throw new Error("setup");

    // Creating: nothing at all is written.
    const before = await productCount();
    const clashOnCreate = await saveAdminProduct(handle.db, {
      id: null,
      input: parsed({
        name: `Savon C ${token}`,
        variants: [variant({ sku: `SV-${token}-C` }), variant({ size: "50 ml", sku: `SV-${token}-A` })],
      }),
      actorUserId: admin.id,
    });
    expect(clashOnCreate).toMatchObject({
      ok: false,
      status: 409,
      code: "sku_taken",
      fieldErrors: { "variants.1.sku": VARIANT_SKU_TAKEN_MESSAGE },
    });
    expect(await productCount()).toBe(before);
    expect(
      await handle.db
        .select()
        .from(productVariants)
        .where(eq(productVariants.sku, `SV-${token}-C`)),
    ).toEqual([]);

    // Editing: neither the name nor the stock (nor a movement) changed.
    const values = await formOf(other.id);
    const clash = parsed({
      ...values,
      name: `Savon B renamed ${token}`,
      variants: [{ ...values.variants[0], stock: "99" }, variant({ size: "200 ml", sku: `SV-${token}-A` })],
    });
    const refused = await saveAdminProduct(handle.db, { id: other.id, input: clash, actorUserId: admin.id });
    expect(refused).toMatchObject({ ok: false, status: 409, fieldErrors: { "variants.1.sku": VARIANT_SKU_TAKEN_MESSAGE } });
    const [row] = await handle.db.select().from(products).where(eq(products.id, other.id));
    expect(row).toMatchObject({ name: `Savon B ${token}`, stockQuantity: 5, variantCount: 1 });
    expect(await handle.db.select().from(stockMovements).where(eq(stockMovements.productId, other.id))).toHaveLength(1);
  });

  it("refuses an unknown category, brand or variant, creates a typed brand once, and answers 404 for an unknown product", async () => {
    const before = await productCount();
    expect(
      await saveAdminProduct(handle.db, {
        id: null,
        input: parsed({ category_id: randomUUID(), name: `Orphelin ${token}` }),
        actorUserId: admin.id,
      }),
    ).toMatchObject({ ok: false, status: 400, fieldErrors: { category_id: PRODUCT_CATEGORY_MESSAGE } });
    expect(
      await saveAdminProduct(handle.db, {
        id: null,
        input: parsed({ brand_id: randomUUID(), name: `Orphelin ${token}` }),
        actorUserId: admin.id,
      }),
    ).toMatchObject({ ok: false, status: 400, fieldErrors: { brand_id: PRODUCT_BRAND_MESSAGE } });
    expect(await productCount()).toBe(before);

    const created = await saveAdminProduct(handle.db, {
      id: null,
      input: parsed({ name: `Mascara ${token}`, new_brand: `Atelier ${token}` }),
      actorUserId: admin.id,
    });
    const again = await saveAdminProduct(handle.db, {
      id: null,
      input: parsed({ name: `Crayon ${token}`, new_brand: `atelier ${token.toUpperCase()}` }),
      actorUserId: admin.id,
    });
    if (!created.ok || !again.ok) throw new Error("setup");
    const made = await handle.db
      .select()
      .from(brands)
      .where(eq(brands.name, `Atelier ${token}`));
    expect(made).toHaveLength(1);
    expect(made[0].slug).toBe(`atelier-${token}`);
    const [crayon] = await handle.db.select().from(products).where(eq(products.id, again.id));
    expect(crayon).toMatchObject({ brandId: made[0].id, brand: `Atelier ${token}` });

    // A variant id of another product in an edit.
    const values = await formOf(created.id);
    const foreign = (await formOf(again.id)).variants[0];
    expect(
      await saveAdminProduct(handle.db, { id: created.id, input: parsed({ ...values, variants: [foreign] }), actorUserId: admin.id }),
    ).toMatchObject({ ok: false, status: 400, fieldErrors: { "variants.0.sku": expect.any(String) } });

    for (const id of [randomUUID(), "not-a-uuid"]) {
      expect(await saveAdminProduct(handle.db, { id, input: parsed(), actorUserId: admin.id })).toEqual({
        ok: false,
        status: 404,
        code: "product_not_found",
        message: "Produit introuvable",
      });
    }
  });

  it("removing a variant drops it from carts and keeps the order lines' snapshot", async () => {
    const created = await saveAdminProduct(handle.db, {
      id: null,
      input: parsed({
        name: `Poudre ${token}`,
        variants: [
          variant({ sku: `PD-${token}-1` }),
          variant({ size: "12 g", content_unit: "g", content_amount: "12", sku: `PD-${token}-2` }),
        ],
      }),
      actorUserId: admin.id,
    });
    if (!created.ok) throw new Error(created.message);
    const [keep, gone] = await variantsOf(created.id);
    await handle.db
      .insert(carts)
      .values({ userId: admin.id, expiresAt: new Date(Date.now() + 86_400_000) })
      .onConflictDoNothing();
    await handle.db.insert(cartItems).values([{ userId: admin.id, productId: created.id, variantId: gone.id, quantity: 1 }]);
    const [order] = await handle.db
      .insert(orders)
      .values({
        orderNumber: `TEST-PF-${token}`,
        userId: admin.id,
        subtotalCents: 2490,
        totalCents: 2490,
        shippingAddress: {
          first_name: "Alice",
          last_name: "Martin",
          street: "1 rue des Lilas",
          city: "Lyon",
          postal_code: "69001",
          country: "France",
          phone: "06 11 22 33 44",
        },
      })
      .returning();
    await handle.db.insert(orderItems).values({
      orderId: order.id,
      productId: created.id,
      variantId: gone.id,
      quantity: 1,
      unitPriceCents: 2490,
      totalPriceCents: 2490,
      productSnapshot: {
        name: `Poudre ${token}`,
        price_cents: 2490,
        brand: null,
        image_url: null,
        variant_label: gone.label,
        sku: gone.sku,
      },
    });

    const values = await formOf(created.id);
    const result = await saveAdminProduct(handle.db, {
      id: created.id,
      input: parsed({ ...values, variants: values.variants.filter((v) => v.id === keep.id) }),
      actorUserId: admin.id,
    });
    expect(result.ok).toBe(true);
    expect((await variantsOf(created.id)).map((v) => v.id)).toEqual([keep.id]);
    expect(await handle.db.select().from(cartItems).where(eq(cartItems.variantId, gone.id))).toEqual([]);
    const [line] = await handle.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(line).toMatchObject({
      variantId: null,
      productSnapshot: expect.objectContaining({ variant_label: "12 g", sku: `PD-${token}-2` }),
    });
  });

  it("removes an uploaded image's file when the edit drops it (after the commit), and the product's files when it is deleted", async () => {
    const main = await upload();
    const gallery = await upload();
    const shared = await upload();
    const own = await upload();
    /** Also shown by a variant of the sister product: it must survive this product's deletion. */
    const sisterShade = await upload();
    const created = await saveAdminProduct(handle.db, {
      id: null,
      input: parsed({
        name: `Palette ${token}`,
        image_url: main,
        images: [gallery, shared, "https://cdn.example/x.png"],
        variants: [variant({ images: [own, sisterShade] })],
      }),
      actorUserId: admin.id,
    });
    await saveAdminProduct(handle.db, {
      id: null,
      input: parsed({ name: `Palette sœur ${token}`, image_url: shared, variants: [variant({ images: [sisterShade] })] }),
      actorUserId: admin.id,
    });
    if (!created.ok) throw new Error(created.message);
    for (const url of [main, gallery, shared, own]) expect(fs.existsSync(fileOf(url))).toBe(true);

    // The gallery image is removed in the form; the main image and the variant's own stay.
    const values = await formOf(created.id);
    expect(
      (await saveAdminProduct(handle.db, { id: created.id, input: parsed({ ...values, images: [shared] }), actorUserId: admin.id })).ok,
    ).toBe(true);
    expect(fs.existsSync(fileOf(gallery))).toBe(false);
    expect(fs.existsSync(fileOf(main))).toBe(true);
    expect(fs.existsSync(fileOf(own))).toBe(true);

    // A refused edit removes nothing.
    const refused = parsed({
      ...values,
      image_url: "",
      images: [],
      category_id: randomUUID(),
      variants: [{ ...values.variants[0], images: [] }],
    });
    expect((await saveAdminProduct(handle.db, { id: created.id, input: refused, actorUserId: admin.id })).ok).toBe(false);
    expect(fs.existsSync(fileOf(main))).toBe(true);
    expect(fs.existsSync(fileOf(own))).toBe(true);

    // Deleting the product removes its own files (its variant's too); the image its sibling still shows stays.
    expect(await deleteAdminProduct(handle.db, created.id)).toMatchObject({ name: expect.any(String) });
    expect(fs.existsSync(fileOf(main))).toBe(false);
    expect(fs.existsSync(fileOf(own))).toBe(false);
    expect(fs.existsSync(fileOf(shared))).toBe(true);
    expect(fs.existsSync(fileOf(sisterShade))).toBe(true);
  });

  it("saving a sold-out variant with stock again mails its waiting restock alerts at once, one e-mail each", async () => {
    const created = await saveAdminProduct(handle.db, {
      id: null,
      input: parsed({ name: `Vernis ${token}`, variants: [variant({ sku: `VRN-${token}`, stock: "0" })] }),
      actorUserId: admin.id,
    });
    if (!created.ok) throw new Error(created.message);
    const [sold] = await variantsOf(created.id);
    await subscribeShopperRestockAlert(handle.db, sold.id, { id: admin.id, email: "attente.formulaire@example.com" });
    const mailsTo = () =>
      handle.db
        .select({ payload: outbox.payload })
        .from(outbox)
        .where(sql`${outbox.payload}->>'to' = 'attente.formulaire@example.com'`);

    // A save that leaves the stock at 0 sends nothing.
    await saveAdminProduct(handle.db, { id: created.id, input: parsed(await formOf(created.id)), actorUserId: admin.id });
    expect(await mailsTo()).toHaveLength(0);

    const values = await formOf(created.id);
    const restocked = parsed({ ...values, variants: [{ ...values.variants[0], stock: "6" }] });
    expect(await saveAdminProduct(handle.db, { id: created.id, input: restocked, actorUserId: admin.id })).toMatchObject({ ok: true });
    expect(await mailsTo()).toHaveLength(1);
    // Saving again (stock unchanged, or raised) sends no second e-mail.
    const more = parsed({ ...values, variants: [{ ...values.variants[0], stock: "9" }] });
    await saveAdminProduct(handle.db, { id: created.id, input: more, actorUserId: admin.id });
    expect(await mailsTo()).toHaveLength(1);
  });
});

describe("the packed weight", () => {
  it("is written with the product, read back into the form, and cleared by an empty field", async () => {
    const created = await saveAdminProduct(handle.db, {
      id: null,
      input: parsed({ name: `Parfum pesé ${token}`, weight_grams: "350", variants: [variant({ sku: `PDS-${token}` })] }),
      actorUserId: admin.id,
    });
    if (!created.ok) throw new Error(created.message);
    const weightOf = async () =>
      (await handle.db.select({ weightGrams: products.weightGrams }).from(products).where(eq(products.id, created.id)))[0]?.weightGrams;
    expect(await weightOf()).toBe(350);
    const values = await formOf(created.id);
    expect(values.weight_grams).toBe("350");

    await saveAdminProduct(handle.db, { id: created.id, input: parsed({ ...values, weight_grams: "500" }), actorUserId: admin.id });
    expect(await weightOf()).toBe(500);
    await saveAdminProduct(handle.db, { id: created.id, input: parsed({ ...values, weight_grams: "" }), actorUserId: admin.id });
    expect(await weightOf()).toBeNull();
    expect((await formOf(created.id)).weight_grams).toBe("");
  });
});

describe("the tax class and the customs facts", () => {
  it("are written with the product, read back into the form, and cleared by empty fields", async () => {
    const created = await saveAdminProduct(handle.db, {
      id: null,
      input: parsed({
        name: `Parfum déclaré ${token}`,
        tax_class: "reduced",
        hs_code: "3303 00",
        origin_country: "IT",
        variants: [variant({ sku: `CN23-${token}` })],
      }),
      actorUserId: admin.id,
    });
    if (!created.ok) throw new Error(created.message);
    const columns = async () =>
      (
        await handle.db
          .select({ taxClass: products.taxClass, hsCode: products.hsCode, originCountry: products.originCountry })
          .from(products)
          .where(eq(products.id, created.id))
      )[0];
    expect(await columns()).toEqual({ taxClass: "reduced", hsCode: "330300", originCountry: "IT" });
    const values = await formOf(created.id);
    expect(values).toMatchObject({ tax_class: "reduced", hs_code: "330300", origin_country: "IT" });

    await saveAdminProduct(handle.db, {
      id: created.id,
      input: parsed({ ...values, tax_class: "standard", hs_code: "", origin_country: "" }),
      actorUserId: admin.id,
    });
    expect(await columns()).toEqual({ taxClass: "standard", hsCode: null, originCountry: null });
    expect(await formOf(created.id)).toMatchObject({ tax_class: "standard", hs_code: "", origin_country: "" });
  });
});
