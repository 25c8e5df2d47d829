import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { createTestDatabase } from "../../../../tests/support/db";
import { createShopper } from "../../../../tests/support/shoppers";
import type { DatabaseHandle } from "../../db/client";
import { categories, orderItems, products, productVariants, stockMovements } from "../../db/schema";
import { insertSeedProducts } from "../../db/seed/demo";
import { adjustAdminStock as adjustAdminStockOrThrow } from "../../workflows/admin-stock";
import {
  countProductsPerCategory,
  deleteAdminProduct,
  getStockHistory,
  getStockReport,
  listAdminProducts,
  listStockAlerts,
  streamStockCsv,
} from "./products-admin.service";
import {
  DEFAULT_ADMIN_PRODUCT_QUERY,
  readAdminProductQuery,
  stockStatus,
  type AdminProductQuery,
} from "~/domain/catalog/admin-products.schema";
import { settled } from "../../../../tests/support/domain-result";

const adjustAdminStock = (...args: Parameters<typeof adjustAdminStockOrThrow>) => settled(adjustAdminStockOrThrow(...args));

let handle: DatabaseHandle;
let admin: { id: string; email: string };
let categoryId: string;
const token = `zq${randomUUID().slice(0, 6)}`;
/** A product with three variants, under its own word so the lists above keep their counts. */
const multiToken = `mv${randomUUID().slice(0, 6)}`;
const ids: Record<string, string> = {};
const variantIds: Record<string, string> = {};

const q = (overrides: Partial<AdminProductQuery>): AdminProductQuery => ({ ...DEFAULT_ADMIN_PRODUCT_QUERY, ...overrides });

async function csvOf(filter: Partial<AdminProductQuery>): Promise<string> {
  let text = "";
  for await (const chunk of streamStockCsv(handle.db, q(filter))) text += chunk;
  return text;
}

beforeAll(async () => {
  handle = await createTestDatabase();
  admin = await createShopper(handle.db, { name: "Admin" });
  const [cat] = await handle.db
    .insert(categories)
    .values({ name: `Catégorie ${token}`, slug: `cat-${token}` })
    .returning();
  categoryId = cat.id;
  const rows = [
    { key: "creme", name: `Crème ${token} Éclat`, priceCents: 2550, stock: 0, categoryId },
    { key: "rouge", name: `Rouge, "mat" ${token}`, priceCents: 1000, stock: 5, categoryId },
    { key: "parfum", name: `Parfum ${token}`, priceCents: 9900, stock: 40, categoryId },
    { key: "savon", name: `Savon ${token}`, priceCents: 300, stock: 10, categoryId: null },
  ];
  for (const { key, ...values } of rows) {
    // One at a time: the list's default order is the newest first.
    const [p] = await handle.db.transaction((tx) =>
      insertSeedProducts(tx, [{ ...values, brand: "Aurore Test", sku: `SKU-${token}-${key}` }]),
    );
    ids[key] = p.id;
  }
  const [multi] = await handle.db.transaction((tx) =>
    insertSeedProducts(tx, [
      {
        name: `Fond de teint ${multiToken}`,
        priceCents: 3900,
        brand: "Aurore Test",
        categoryId: null,
        variants: [
          { sku: `FDT-${multiToken}-01`, label: "Ivoire 01", shade: "Ivoire 01", shadeHex: "#f1d9c4", priceCents: 3900, stock: 4 },
          { sku: `FDT-${multiToken}-02`, label: "Beige 02", shade: "Beige 02", shadeHex: "#e2bf9f", priceCents: 3900, stock: 0 },
          { sku: `FDT-${multiToken}-03`, label: "Miel 03", shade: "Miel 03", shadeHex: "#c99a6e", priceCents: 4200, stock: 12 },
        ],
      },
    ]),
  );
  ids.multi = multi.id;
  for (const v of await handle.db.select().from(productVariants).where(eq(productVariants.productId, multi.id))) {
    variantIds[v.label] = v.id;
  }
});

afterAll(async () => {
  await handle?.close();
});

describe("readAdminProductQuery", () => {
  it("keeps valid parameters and falls back on the others", () => {
    expect(readAdminProductQuery(new URLSearchParams("stock=low&sort=price&dir=desc&page=3&search=%20rouge%20"))).toEqual(
      q({ stock: "low", sort: "price", dir: "desc", page: 3, search: "rouge" }),
    );
    expect(readAdminProductQuery(new URLSearchParams("stock=nope&sort=x&page=-1&category=abc"))).toEqual(DEFAULT_ADMIN_PRODUCT_QUERY);
  });

  it("names the stock status from the quantity", () => {
    expect([0, 1, 10, 11].map(stockStatus)).toEqual(["out", "low", "low", "in"]);
  });
});

describe("listAdminProducts", () => {
  it("searches name words without accents, and an exact SKU", async () => {
    const found = await listAdminProducts(handle.db, q({ search: `creme ${token}` }));
    expect(found.total).toBe(1);
    expect(found.rows[0]).toMatchObject({ id: ids.creme, price_cents: 2550, stock: 0, category_name: `Catégorie ${token}` });
    const bySku = await listAdminProducts(handle.db, q({ search: `SKU-${token}-savon` }));
    expect(bySku.rows.map((r) => r.id)).toEqual([ids.savon]);
  });

  it("shows the newest first by default", async () => {
    const recent = await listAdminProducts(handle.db, q({ search: token }));
    expect(recent.rows[0].id).toBe(ids.savon);
  });

  it("filters by stock level and category, sorts and pages", async () => {
    const low = await listAdminProducts(handle.db, q({ search: token, stock: "low" }));
    expect(low.rows.map((r) => r.id).sort()).toEqual([ids.rouge, ids.savon].sort());
    const out = await listAdminProducts(handle.db, q({ search: token, stock: "out" }));
    expect(out.rows.map((r) => r.id)).toEqual([ids.creme]);
    const inCategory = await listAdminProducts(handle.db, q({ category: categoryId, sort: "price", dir: "desc" }));
    expect(inCategory.rows.map((r) => r.id)).toEqual([ids.parfum, ids.creme, ids.rouge]);
    const uncategorised = await listAdminProducts(handle.db, q({ category: "none", search: token }));
    expect(uncategorised.rows).toEqual([expect.objectContaining({ id: ids.savon, category_name: null })]);

    const byStock = await listAdminProducts(handle.db, q({ search: token, sort: "stock" }), 2);
    expect(byStock).toMatchObject({ total: 4, page: 1, page_count: 2 });
    expect(byStock.rows.map((r) => r.stock)).toEqual([0, 5]);
    const page2 = await listAdminProducts(handle.db, q({ search: token, sort: "stock", page: 2 }), 2);
    expect(page2.rows.map((r) => r.stock)).toEqual([10, 40]);
    // Past the end: the last page.
    expect((await listAdminProducts(handle.db, q({ search: token, page: 99 }), 2)).page).toBe(2);
  });

  it("finds nothing for an unknown word", async () => {
    expect(await listAdminProducts(handle.db, q({ search: `${token}inconnu` }))).toMatchObject({ total: 0, rows: [] });
  });
});

describe("stock report", () => {
  it("counts variants by stock level, products apart, and sums price times stock", async () => {
    const all = await handle.db.select({ id: products.id }).from(products);
    const variants = await handle.db
      .select({ price: productVariants.priceCents, stock: productVariants.stockQuantity })
      .from(productVariants);
    const report = await getStockReport(handle.db, { fresh: true });
    expect(report).toEqual({
      total_products: all.length,
      total_variants: variants.length,
      variants_in_stock: variants.filter((v) => v.stock > 10).length,
      low_stock_variants: variants.filter((v) => v.stock >= 1 && v.stock <= 10).length,
      variants_out_of_stock: variants.filter((v) => v.stock === 0).length,
      total_stock_value_cents: variants.reduce((sum, v) => sum + v.price * v.stock, 0),
    });
    expect(report.total_variants).toBeGreaterThan(report.total_products);
    // The foundation (16 in stock over its shades) adds one variant to each level: Beige 02 is
    // sold out, Ivoire 01 is low, Miel 03 is in stock; counting products would have seen one
    // product in stock.
    await handle.db.update(productVariants).set({ stockQuantity: 12 }).where(eq(productVariants.id, variantIds["Beige 02"]));
    const refilled = await getStockReport(handle.db, { fresh: true });
    expect(refilled.variants_out_of_stock).toBe(report.variants_out_of_stock - 1);
    expect(refilled.variants_in_stock).toBe(report.variants_in_stock + 1);
    expect(refilled.low_stock_variants).toBe(report.low_stock_variants);
    await handle.db.update(productVariants).set({ stockQuantity: 0 }).where(eq(productVariants.id, variantIds["Beige 02"]));
    expect(await getStockReport(handle.db, { fresh: true })).toEqual(report);
    expect(report.variants_out_of_stock).toBeGreaterThanOrEqual(1);
    // The stock's value counts each variant at its own price (not the product's cheapest one).
    const multi = await handle.db.select().from(productVariants).where(eq(productVariants.productId, ids.multi));
    expect(multi.reduce((sum, v) => sum + v.priceCents * v.stockQuantity, 0)).toBe(4 * 3900 + 12 * 4200);
    // Remembered a few seconds, forgotten by the back-office's own stock changes.
    await handle.db.update(productVariants).set({ stockQuantity: 7 }).where(eq(productVariants.productId, ids.parfum));
    expect(await getStockReport(handle.db)).toEqual(report);
    await adjustAdminStock(handle.db, { productIds: [ids.parfum], mode: "set", quantity: 40, bulk: false, actorUserId: admin.id });
    expect(await getStockReport(handle.db)).toEqual(report);
  });

  it("lists alerts (stock <= 10) lowest first and counts products per category", async () => {
    const alerts = await listStockAlerts(handle.db, 1000);
    expect(alerts.every((a) => a.stock <= 10)).toBe(true);
    expect(alerts.map((a) => a.stock)).toEqual([...alerts.map((a) => a.stock)].sort((x, y) => x - y));
    expect(alerts.map((a) => a.product_id)).toEqual(expect.arrayContaining([ids.creme, ids.rouge, ids.savon]));
    expect(alerts.map((a) => a.product_id)).not.toContain(ids.parfum);
    // A one-variant product by its name alone ('Format unique' is not shown).
    expect(alerts.find((a) => a.product_id === ids.creme)).toMatchObject({
      name: `Crème ${token} Éclat`,
      sku: `SKU-${token}-creme`,
      stock: 0,
    });
    // Per variant: the sold-out and the low shade each alert, the well-stocked one does not.
    const shades = alerts.filter((a) => a.product_id === ids.multi);
    expect(shades.map((a) => [a.variant_id, a.name, a.stock])).toEqual([
      [variantIds["Beige 02"], `Fond de teint ${multiToken} · Beige 02`, 0],
      [variantIds["Ivoire 01"], `Fond de teint ${multiToken} · Ivoire 01`, 4],
    ]);
    const perCategory = await countProductsPerCategory(handle.db);
    expect(perCategory.find((c) => c.category_id === categoryId)?.count).toBe(3);
  });
});

describe("adjustAdminStock", () => {
  it("adds in bulk and records who did it in the history", async () => {
    const result = await adjustAdminStock(handle.db, {
      productIds: [ids.rouge, ids.savon],
      mode: "add",
      quantity: 5,
      bulk: true,
      actorUserId: admin.id,
    });
    expect(result).toMatchObject({ ok: true });
    const list = await listAdminProducts(handle.db, q({ search: token, sort: "stock" }));
    expect(list.rows.map((r) => r.stock)).toEqual([0, 10, 15, 40]);
    const history = await getStockHistory(handle.db, ids.rouge);
    expect(history?.movements[0]).toMatchObject({
      reason: "admin_add",
      reason_label: "Ajout par l'administrateur",
      delta: 5,
      resulting_stock: 10,
      actor: admin.email,
    });
  });

  it("refuses one product's minus at 0 and an invalid quantity", async () => {
    expect(
      await adjustAdminStock(handle.db, { productIds: [ids.creme], mode: "remove", quantity: 1, bulk: false, actorUserId: admin.id }),
    ).toEqual({
      ok: false,
      status: 409,
      code: "insufficient_stock",
      message: "Stock insuffisant",
    });
    expect(
      await adjustAdminStock(handle.db, { productIds: [ids.creme], mode: "set", quantity: -3, bulk: false, actorUserId: admin.id }),
    ).toMatchObject({
      ok: false,
      message: "Quantité invalide",
    });
  });

  it("a stock change shows in the filtered counts at once, though counts are remembered", async () => {
    const low = q({ search: token, stock: "low" });
    const before = await listAdminProducts(handle.db, low);
    // Remembered: a change behind the back-office's back (an order from the shop) shows within 5 s.
    await handle.db.update(productVariants).set({ stockQuantity: 3 }).where(eq(productVariants.productId, ids.parfum));
    expect((await listAdminProducts(handle.db, low)).total).toBe(before.total);
    // The back-office's own change forgets the counts.
    await adjustAdminStock(handle.db, { productIds: [ids.parfum], mode: "set", quantity: 4, bulk: false, actorUserId: admin.id });
    expect((await listAdminProducts(handle.db, low)).total).toBe(before.total + 1);
    await adjustAdminStock(handle.db, { productIds: [ids.parfum], mode: "set", quantity: 40, bulk: false, actorUserId: admin.id });
    expect((await listAdminProducts(handle.db, low)).total).toBe(before.total);
  });

  it("gives no history for an unknown product", async () => {
    expect(await getStockHistory(handle.db, randomUUID())).toBeNull();
    expect(await getStockHistory(handle.db, "nope")).toBeNull();
  });
});

describe("a product with several variants", () => {
  it("is one row with its variants' total stock and cheapest price, its variants in order; a variant's SKU finds it", async () => {
    const list = await listAdminProducts(handle.db, q({ search: multiToken }));
    expect(list.total).toBe(1);
    expect(list.rows[0]).toMatchObject({ id: ids.multi, stock: 16, price_cents: 3900, variant_count: 3 });
    expect(list.rows[0].variants.map((v) => [v.label, v.sku, v.price_cents, v.stock])).toEqual([
      ["Ivoire 01", `FDT-${multiToken}-01`, 3900, 4],
      ["Beige 02", `FDT-${multiToken}-02`, 3900, 0],
      ["Miel 03", `FDT-${multiToken}-03`, 4200, 12],
    ]);
    const bySku = await listAdminProducts(handle.db, q({ search: `FDT-${multiToken}-02` }));
    expect(bySku.rows.map((r) => r.id)).toEqual([ids.multi]);
    // A single-variant product lists its one variant.
    const single = await listAdminProducts(handle.db, q({ search: `SKU-${token}-savon` }));
    expect(single.rows[0]).toMatchObject({ variant_count: 1, variants: [expect.objectContaining({ label: "Format unique" })] });
  });

  it("moves one variant's stock alone, and the bulk bar's stock on every variant of the product; the history names the variant", async () => {
    const one = await adjustAdminStock(handle.db, {
      variantIds: [variantIds["Beige 02"]],
      mode: "add",
      quantity: 3,
      bulk: false,
      actorUserId: admin.id,
    });
    expect(one).toMatchObject({ ok: true, variants: [{ variantId: variantIds["Beige 02"], productId: ids.multi, stock: 3, delta: 3 }] });
    const stockOf = async () =>
      Object.fromEntries(
        (await handle.db.select().from(productVariants).where(eq(productVariants.productId, ids.multi))).map((v) => [
          v.label,
          v.stockQuantity,
        ]),
      );
    expect(await stockOf()).toEqual({ "Ivoire 01": 4, "Beige 02": 3, "Miel 03": 12 });

    const bulk = await adjustAdminStock(handle.db, {
      productIds: [ids.multi, ids.savon],
      mode: "remove",
      quantity: 5,
      bulk: true,
      actorUserId: admin.id,
    });
    expect(bulk.ok && bulk.variants).toHaveLength(4);
    expect(await stockOf()).toEqual({ "Ivoire 01": 0, "Beige 02": 0, "Miel 03": 7 });
    // The roll-up follows at commit.
    const [row] = await handle.db.select().from(products).where(eq(products.id, ids.multi));
    expect(row).toMatchObject({ stockQuantity: 7, inStock: true });

    const history = await getStockHistory(handle.db, ids.multi);
    expect(
      history?.movements
        .slice(0, 4)
        .map((m) => [m.variant_label, m.reason, m.delta])
        .sort(),
    ).toEqual(
      [
        ["Beige 02", "admin_add", 3],
        ["Beige 02", "admin_remove", -3],
        ["Ivoire 01", "admin_remove", -4],
        ["Miel 03", "admin_remove", -5],
      ].sort(),
    );
    // Put the savon back for the lists below.
    await adjustAdminStock(handle.db, { productIds: [ids.savon], mode: "add", quantity: 5, bulk: false, actorUserId: admin.id });
  });

  it("refuses an unknown product or variant and changes nothing", async () => {
    const before = await handle.db.select().from(stockMovements);
    for (const target of [{ productIds: [ids.multi, randomUUID()] }, { variantIds: [variantIds["Miel 03"], randomUUID()] }]) {
      expect(await adjustAdminStock(handle.db, { ...target, mode: "add", quantity: 1, bulk: true, actorUserId: admin.id })).toMatchObject({
        ok: false,
        status: 404,
        message: "Produit introuvable",
      });
    }
    expect(await handle.db.select().from(stockMovements)).toHaveLength(before.length);
  });
});

describe("streamStockCsv", () => {
  it("writes a BOM, the French header, quoted fields and accents, honouring the filters", async () => {
    const text = await csvOf({ search: token });
    const lines = text.split("\r\n");
    expect(lines[0]).toBe(
      "\uFEFFRéf. produit;Produit;Marque;Catégorie;Variante;SKU;Prix;Prix barré;Stock;Images;Poids (g);Catégorie fiscale;Code douanier;Pays d'origine;Statut",
    );
    // Images, then the parcel and customs columns (not filled for these products: the standard tax class), then the status.
    const art = (key: string) => (lines.find((l) => l.startsWith(ids[key])) ?? "").split(";").slice(-6, -5)[0];
    expect(lines.slice(1, -1)).toEqual([
      `${ids.creme};Crème ${token} Éclat;Aurore Test;Catégorie ${token};Format unique;SKU-${token}-creme;25,50;;0;${art("creme")};;standard;;;Rupture`,
      `${ids.parfum};Parfum ${token};Aurore Test;Catégorie ${token};Format unique;SKU-${token}-parfum;99,00;;40;${art("parfum")};;standard;;;En stock`,
      `${ids.rouge};"Rouge, ""mat"" ${token}";Aurore Test;Catégorie ${token};Format unique;SKU-${token}-rouge;10,00;;10;${art("rouge")};;standard;;;Stock faible`,
      `${ids.savon};Savon ${token};Aurore Test;Non classé;Format unique;SKU-${token}-savon;3,00;;15;${art("savon")};;standard;;;En stock`,
    ]);
    expect(lines.at(-1)).toBe("");
    const outOnly = (await csvOf({ search: token, stock: "out" })).split("\r\n");
    expect(outOnly).toHaveLength(3);
  });

  it("writes one line per variant, in the product's order (stocks as the bulk change above left them)", async () => {
    const lines = (await csvOf({ search: multiToken })).split("\r\n").slice(1, -1);
    expect(lines.map((l) => l.split(";").filter((_, i) => i < 9 || i > 13))).toEqual([
      [
        ids.multi,
        `Fond de teint ${multiToken}`,
        "Aurore Test",
        "Non classé",
        "Ivoire 01",
        `FDT-${multiToken}-01`,
        "39,00",
        "",
        "0",
        "Rupture",
      ],
      [
        ids.multi,
        `Fond de teint ${multiToken}`,
        "Aurore Test",
        "Non classé",
        "Beige 02",
        `FDT-${multiToken}-02`,
        "39,00",
        "",
        "0",
        "Rupture",
      ],
      [
        ids.multi,
        `Fond de teint ${multiToken}`,
        "Aurore Test",
        "Non classé",
        "Miel 03",
        `FDT-${multiToken}-03`,
        "42,00",
        "",
        "7",
        "Stock faible",
      ],
    ]);
  });

  it("reads past one chunk of rows", async () => {
    const all = await handle.db.select({ id: productVariants.id }).from(productVariants);
    const text = await csvOf({});
    expect(text.split("\r\n").length - 2).toBe(all.length);
  });
});

describe("deleteAdminProduct", () => {
  it("answers 404 'Produit introuvable' for an unknown or malformed id", async () => {
    const missing = { kind: "not_found", code: "product_not_found", message: "Produit introuvable" };
    await expect(deleteAdminProduct(handle.db, randomUUID())).rejects.toMatchObject(missing);
    await expect(deleteAdminProduct(handle.db, "42")).rejects.toMatchObject(missing);
  });

  it("deletes the product and its movements; order lines keep their snapshot", async () => {
    const lines = await handle.db.select({ id: orderItems.id }).from(orderItems).limit(1);
    expect(await deleteAdminProduct(handle.db, ids.rouge)).toEqual({ name: `Rouge, "mat" ${token}` });
    expect(await handle.db.select().from(products).where(eq(products.id, ids.rouge))).toEqual([]);
    expect(await handle.db.select().from(stockMovements).where(eq(stockMovements.productId, ids.rouge))).toEqual([]);
    expect(await handle.db.select({ id: orderItems.id }).from(orderItems).limit(1)).toEqual(lines);
  });
});
