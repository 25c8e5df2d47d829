/**
 * The variants upgrade on a shop that already has data: a database migrated up to 0009 and
 * filled the way the shop wrote it then (brand as text, SKU, stock and size on the product,
 * price history, a cart, a favourite, an order, stock movements) is migrated to the latest
 * schema, and everything must still be there, now pointing at each product's only variant.
 * Runs on PGlite, and on the PostgreSQL server when TEST_DATABASE_URL is set.
 */
import fs from "node:fs";
import path from "node:path";
import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { adminQuery, testDatabaseUrl, withDatabase } from "../../../tests/support/db";
import { migrateFrom, migrationsUpTo } from "../../../tests/support/migrations";
import { migrationsFolder, openDatabase, rowsOf, type DatabaseHandle } from "./client";

/** The last migration before variants and brands. */
const LAST_OLD_MIGRATION = "0009_durable_payments";
const DAY_MS = 86_400_000;

let handle: DatabaseHandle;
let dropDatabase: () => Promise<void> = async () => {};
let oldFolder: string;

async function migrate(folder: string): Promise<void> {
  await migrateFrom(handle, folder);
}

const query = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await handle.db.execute(q));

type OldProduct = {
  key: string;
  name: string;
  brand: string | null;
  sku: string | null;
  size: string | null;
  price: number;
  original: number | null;
  stock: number;
};

/** The old shop's products: brand names with an accent twin, a product with no SKU, size or brand. */
const OLD_PRODUCTS: OldProduct[] = [
  {
    key: "rose",
    name: "Eau de Parfum Rose 50 ml",
    brand: "Maison Célestine",
    sku: "OLD-001",
    size: "50 ml",
    price: 8900,
    original: 11900,
    stock: 12,
  },
  { key: "opale", name: "Enlumineur Opale", brand: "Éclat d'Opale", sku: "OLD-002", size: null, price: 2690, original: null, stock: 44 },
  { key: "twin", name: "Poudre Opale", brand: "Eclat d Opale ", sku: "OLD-003", size: "10 g", price: 2890, original: null, stock: 3 },
  { key: "bare", name: "Miroir sans marque", brand: null, sku: null, size: null, price: 1890, original: null, stock: 0 },
  {
    key: "box",
    name: "Coffret 5 × 10 ml",
    brand: "Maison Célestine",
    sku: "OLD-005",
    size: "5 × 10 ml",
    price: 4900,
    original: null,
    stock: 8,
  },
];

const ids = new Map<string, string>();
const userId = `user-${randomUUID()}`;
let orderId: string;
let historyBefore: { id: string; product_id: string; price_cents: number; recorded_at: Date | string }[];

async function fillTheOldWay(): Promise<void> {
  const now = Date.now();
  const [cat] = await query<{ id: string }>(
    sql`INSERT INTO categories (name, slug, position) VALUES ('Parfums', 'parfums', 1) RETURNING id`,
  );
  for (const p of OLD_PRODUCTS) {
    const created = new Date(now - 90 * DAY_MS);
    const [row] = await query<{ id: string }>(sql`
      INSERT INTO products (name, price_cents, original_price_cents, category_id, brand, sku, stock_quantity, in_stock,
                            attributes, created_at, updated_at)
      VALUES (${p.name}, ${p.price}, ${p.original}, ${cat.id}, ${p.brand}, ${p.sku}, ${p.stock}, ${p.stock > 0},
              ${JSON.stringify(p.size ? { size: p.size } : {})}::jsonb, ${created}, ${created})
      RETURNING id`);
    ids.set(p.key, row.id);
    // The old price trigger wrote one row "now"; the old seed moved it to the truth, as here.
    if (p.original === null) {
      await query(sql`UPDATE price_history SET recorded_at = ${created} WHERE product_id = ${row.id}`);
    } else {
      await query(sql`UPDATE price_history SET recorded_at = ${new Date(now - 12 * DAY_MS)} WHERE product_id = ${row.id}`);
      await query(sql`INSERT INTO price_history (product_id, price_cents, recorded_at)
                      VALUES (${row.id}, ${p.original}, ${new Date(now - 60 * DAY_MS)})`);
    }
    await query(sql`INSERT INTO stock_movements (product_id, delta, resulting_stock, reason, created_at)
                    VALUES (${row.id}, ${p.stock + 1}, ${p.stock + 1}, 'initial', ${created})`);
  }
  await query(sql`INSERT INTO "user" (id, name, email) VALUES (${userId}, 'Ancienne Cliente', ${`${userId}@example.com`})`);
  await query(sql`INSERT INTO carts (user_id, expires_at) VALUES (${userId}, ${new Date(now + 30 * DAY_MS)})`);
  await query(
    sql`INSERT INTO cart_items (user_id, product_id, quantity) VALUES (${userId}, ${ids.get("rose")}, 2), (${userId}, ${ids.get("bare")}, 1)`,
  );
  await query(sql`INSERT INTO favorites (user_id, product_id) VALUES (${userId}, ${ids.get("opale")})`);
  const [order] = await query<{ id: string }>(sql`
    INSERT INTO orders (order_number, user_id, status, payment_status, subtotal_cents, total_cents, shipping_address)
    VALUES ('AUR-2026-000001', ${userId}, 'delivered', 'paid', 13590, 13590, ${JSON.stringify({ city: "Lyon" })}::jsonb)
    RETURNING id`);
  orderId = order.id;
  const rose = OLD_PRODUCTS[0];
  await query(sql`
    INSERT INTO order_items (order_id, product_id, quantity, unit_price_cents, total_price_cents, product_snapshot) VALUES
      (${orderId}, ${ids.get("rose")}, 1, ${rose.price}, ${rose.price}, ${JSON.stringify({ name: rose.name, brand: rose.brand })}::jsonb),
      (${orderId}, ${ids.get("opale")}, 1, 2690, 2690, ${JSON.stringify({ name: "Enlumineur Opale" })}::jsonb),
      (${orderId}, NULL, 1, 2010, 2010, ${JSON.stringify({ name: "Produit retiré" })}::jsonb)`);
  await query(sql`INSERT INTO stock_movements (product_id, delta, resulting_stock, reason, order_id)
                  VALUES (${ids.get("rose")}, -1, ${rose.stock}, 'order', ${orderId})`);
  historyBefore = await query(sql`SELECT id::text, product_id, price_cents, recorded_at FROM price_history ORDER BY id`);
}

beforeAll(async () => {
  const url = testDatabaseUrl();
  if (url) {
    const name = `aurore_migr_${process.pid}_${randomBytes(4).toString("hex")}`;
    await adminQuery(url, [`CREATE DATABASE ${name}`]);
    handle = await openDatabase({ kind: "postgres", url: withDatabase(url, name), poolSize: 2 });
    dropDatabase = () => adminQuery(url, [`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`]);
  } else {
    handle = await openDatabase({ kind: "pglite" });
  }
  oldFolder = migrationsUpTo(LAST_OLD_MIGRATION);
  await migrate(oldFolder);
  await fillTheOldWay();
  await migrate(migrationsFolder());
}, 120_000);

afterAll(async () => {
  await handle?.close();
  await dropDatabase();
  if (oldFolder) fs.rmSync(oldFolder, { recursive: true, force: true });
}, 60_000);

type Variant = {
  id: string;
  product_id: string;
  sku: string;
  label: string;
  size: string | null;
  content_amount: string | null;
  content_unit: string | null;
  price_cents: number;
  original_price_cents: number | null;
  stock_quantity: number;
  position: number;
};
const variants = () => query<Variant>(sql`SELECT * FROM product_variants`);
const variantOf = async (key: string) => (await variants()).find((v) => v.product_id === ids.get(key)) as Variant;

describe("upgrading a shop with data to variants and brands", () => {
  it("started from the old schema: no variants table before the upgrade", async () => {
    const applied = await query<{ n: number }>(sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`);
    const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder(), "meta", "_journal.json"), "utf8")) as { entries: unknown[] };
    expect(applied[0].n).toBe(journal.entries.length);
    expect(fs.readdirSync(oldFolder).filter((f) => f.endsWith(".sql"))).toHaveLength(10);
  });

  it("gives every product exactly one variant with its SKU, size, price and stock", async () => {
    const all = await variants();
    expect(all).toHaveLength(OLD_PRODUCTS.length);
    for (const p of OLD_PRODUCTS) {
      const mine = all.filter((v) => v.product_id === ids.get(p.key));
      expect(mine, p.key).toHaveLength(1);
      expect(mine[0]).toMatchObject({
        label: p.size ?? "Format unique",
        size: p.size,
        price_cents: p.price,
        original_price_cents: p.original,
        stock_quantity: p.stock,
        position: 0,
      });
      if (p.sku) expect(mine[0].sku).toBe(p.sku);
      else expect(mine[0].sku).toBe(`AUR-${(ids.get(p.key) as string).replace(/-/g, "").slice(0, 12).toUpperCase()}`);
    }
    expect(await variantOf("rose")).toMatchObject({ content_unit: "ml" });
    expect(Number((await variantOf("rose")).content_amount)).toBe(50);
    expect(Number((await variantOf("twin")).content_amount)).toBe(10);
    expect((await variantOf("twin")).content_unit).toBe("g");
    // A box of minis has no single net content.
    expect(await variantOf("box")).toMatchObject({ content_amount: null, content_unit: null });
  });

  it("keeps the product roll-ups equal to the old values", async () => {
    const rows = await query<{
      id: string;
      price_cents: number;
      original_price_cents: number | null;
      stock_quantity: number;
      in_stock: boolean;
      variant_count: number;
    }>(sql`SELECT id, price_cents, original_price_cents, stock_quantity, in_stock, variant_count FROM products`);
    for (const p of OLD_PRODUCTS) {
      expect(
        rows.find((r) => r.id === ids.get(p.key)),
        p.key,
      ).toMatchObject({
        price_cents: p.price,
        original_price_cents: p.original,
        stock_quantity: p.stock,
        in_stock: p.stock > 0,
        variant_count: 1,
      });
    }
  });

  it("turns brand names into brands with unique slugs and points products to them", async () => {
    const brands = await query<{ id: string; name: string; slug: string }>(sql`SELECT id, name, slug FROM brands`);
    expect(brands.map((b) => [b.name, b.slug]).sort((a, b) => a[1].localeCompare(b[1]))).toEqual([
      ["Eclat d Opale", "eclat-d-opale"],
      ["Éclat d'Opale", "eclat-d-opale-2"],
      ["Maison Célestine", "maison-celestine"],
    ]);
    const products = await query<{ id: string; brand: string | null; brand_id: string | null }>(
      sql`SELECT id, brand, brand_id FROM products`,
    );
    const brandName = new Map(brands.map((b) => [b.id, b.name]));
    for (const p of OLD_PRODUCTS) {
      const row = products.find((r) => r.id === ids.get(p.key));
      expect(row?.brand ?? null, p.key).toBe(p.brand?.trim() ?? null);
      expect(row?.brand_id ? brandName.get(row.brand_id) : null, p.key).toBe(p.brand?.trim() ?? null);
    }
  });

  it("points cart lines, order items, stock movements at the variant and keeps the favourite", async () => {
    const cart = await query<{ product_id: string; variant_id: string; quantity: number }>(
      sql`SELECT product_id, variant_id, quantity FROM cart_items WHERE user_id = ${userId} ORDER BY quantity`,
    );
    expect(cart).toEqual([
      { product_id: ids.get("bare"), variant_id: (await variantOf("bare")).id, quantity: 1 },
      { product_id: ids.get("rose"), variant_id: (await variantOf("rose")).id, quantity: 2 },
    ]);
    const favourites = await query<{ product_id: string }>(sql`SELECT product_id FROM favorites WHERE user_id = ${userId}`);
    expect(favourites).toEqual([{ product_id: ids.get("opale") }]);

    const items = await query<{
      product_id: string | null;
      variant_id: string | null;
      unit_price_cents: number;
      product_snapshot: Record<string, unknown>;
    }>(
      sql`SELECT product_id, variant_id, unit_price_cents, product_snapshot FROM order_items WHERE order_id = ${orderId} ORDER BY unit_price_cents DESC`,
    );
    const rose = await variantOf("rose");
    expect(items[0]).toEqual({
      product_id: ids.get("rose"),
      variant_id: rose.id,
      unit_price_cents: 8900,
      product_snapshot: { name: "Eau de Parfum Rose 50 ml", brand: "Maison Célestine", variant_label: "50 ml", sku: "OLD-001" },
    });
    expect(items[1].product_snapshot).toEqual({ name: "Enlumineur Opale", variant_label: "Format unique", sku: "OLD-002" });
    // A line whose product was deleted long ago stays as it was.
    expect(items[2]).toEqual({ product_id: null, variant_id: null, unit_price_cents: 2010, product_snapshot: { name: "Produit retiré" } });

    const moves = await query<{ product_id: string; variant_id: string | null }>(sql`SELECT product_id, variant_id FROM stock_movements`);
    expect(moves).toHaveLength(OLD_PRODUCTS.length + 1);
    const byProduct = new Map((await variants()).map((v) => [v.product_id, v.id]));
    for (const m of moves) expect(m.variant_id).toBe(byProduct.get(m.product_id));
  });

  it("keeps the price history and its dates, now per variant", async () => {
    const after = await query<{
      id: string;
      product_id: string;
      variant_id: string | null;
      price_cents: number;
      recorded_at: Date | string;
    }>(sql`SELECT id::text, product_id, variant_id, price_cents, recorded_at FROM price_history ORDER BY id`);
    expect(after.map(({ variant_id: _v, ...rest }) => rest)).toEqual(historyBefore);
    const byProduct = new Map((await variants()).map((v) => [v.product_id, v.id]));
    for (const h of after) expect(h.variant_id).toBe(byProduct.get(h.product_id));
    const rose = after.filter((h) => h.product_id === ids.get("rose"));
    const days = rose.map((h) => Math.round((Date.now() - new Date(h.recorded_at).getTime()) / DAY_MS)).sort((a, b) => b - a);
    expect(days).toEqual([60, 12]);
  });

  it("keeps the roll-ups moving with the variants after the upgrade", async () => {
    const rose = await variantOf("rose");
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE product_variants SET stock_quantity = stock_quantity + 5, price_cents = 7900 WHERE id = ${rose.id}`);
    });
    const [row] = await query<{ stock_quantity: number; price_cents: number }>(
      sql`SELECT stock_quantity, price_cents FROM products WHERE id = ${ids.get("rose")}`,
    );
    expect(row).toEqual({ stock_quantity: 17, price_cents: 7900 });
    const newest = await query<{ price_cents: number; variant_id: string }>(
      sql`SELECT price_cents, variant_id FROM price_history WHERE product_id = ${ids.get("rose")} ORDER BY recorded_at DESC LIMIT 1`,
    );
    expect(newest).toEqual([{ price_cents: 7900, variant_id: rose.id }]);
  });
});
