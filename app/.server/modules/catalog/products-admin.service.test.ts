import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { createTestDatabase } from "../../../../tests/support/db";
import { createShopper } from "../../../../tests/support/shoppers";
import type { DatabaseHandle } from "../../db/client";
import { categories, orderItems, products, stockMovements } from "../../db/schema";
import {
  adjustAdminStock as adjustAdminStockOrThrow,
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
const ids: Record<string, string> = {};

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
    { key: "creme", name: `Crème ${token} Éclat`, priceCents: 2550, stockQuantity: 0, categoryId },
    { key: "rouge", name: `Rouge, "mat" ${token}`, priceCents: 1000, stockQuantity: 5, categoryId },
    { key: "parfum", name: `Parfum ${token}`, priceCents: 9900, stockQuantity: 40, categoryId },
    { key: "savon", name: `Savon ${token}`, priceCents: 300, stockQuantity: 10, categoryId: null },
  ];
  for (const { key, ...values } of rows) {
    const [p] = await handle.db
      .insert(products)
      .values({ ...values, brand: "Aurore Test", sku: `SKU-${token}-${key}` })
      .returning({ id: products.id });
    ids[key] = p.id;
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
  it("counts the whole catalogue by stock level and sums price times stock", async () => {
    const all = await handle.db.select({ price: products.priceCents, stock: products.stockQuantity }).from(products);
    const report = await getStockReport(handle.db, { fresh: true });
    expect(report).toEqual({
      total_products: all.length,
      products_in_stock: all.filter((p) => p.stock > 10).length,
      low_stock_products: all.filter((p) => p.stock >= 1 && p.stock <= 10).length,
      products_out_of_stock: all.filter((p) => p.stock === 0).length,
      total_stock_value_cents: all.reduce((sum, p) => sum + p.price * p.stock, 0),
    });
    expect(report.products_out_of_stock).toBeGreaterThanOrEqual(1);
    // Remembered a few seconds, forgotten by the back-office's own stock changes.
    await handle.db.update(products).set({ stockQuantity: 7 }).where(eq(products.id, ids.parfum));
    expect(await getStockReport(handle.db)).toEqual(report);
    await adjustAdminStock(handle.db, { productIds: [ids.parfum], mode: "set", quantity: 40, bulk: false, actorUserId: admin.id });
    expect(await getStockReport(handle.db)).toEqual(report);
  });

  it("lists alerts (stock <= 10) lowest first and counts products per category", async () => {
    const alerts = await listStockAlerts(handle.db, 1000);
    expect(alerts.every((a) => a.stock <= 10)).toBe(true);
    expect(alerts.map((a) => a.id)).toEqual(expect.arrayContaining([ids.creme, ids.rouge, ids.savon]));
    expect(alerts.map((a) => a.id)).not.toContain(ids.parfum);
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
    await handle.db.update(products).set({ stockQuantity: 3 }).where(eq(products.id, ids.parfum));
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

describe("streamStockCsv", () => {
  it("writes a BOM, the French header, quoted fields and accents, honouring the filters", async () => {
    const text = await csvOf({ search: token });
    const lines = text.split("\r\n");
    expect(lines[0]).toBe("\uFEFFNom;Catégorie;Prix;Stock;Statut");
    expect(lines.slice(1, -1)).toEqual([
      `Crème ${token} Éclat;Catégorie ${token};25,50;0;Rupture`,
      `Parfum ${token};Catégorie ${token};99,00;40;En stock`,
      `"Rouge, ""mat"" ${token}";Catégorie ${token};10,00;10;Stock faible`,
      `Savon ${token};Non classé;3,00;15;En stock`,
    ]);
    expect(lines.at(-1)).toBe("");
    const outOnly = (await csvOf({ search: token, stock: "out" })).split("\r\n");
    expect(outOnly).toHaveLength(3);
  });

  it("reads past one chunk of rows", async () => {
    const all = await handle.db.select({ id: products.id }).from(products);
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
