import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray, sql } from "drizzle-orm";
import { createTestDatabase } from "../../../../tests/support/db";
import { rowsOf, type DatabaseHandle } from "../../db/client";
import { brands, catalogFacetCells, categories, products, productVariants } from "../../db/schema";
import { insertSeedProducts } from "../../db/seed/demo";
import { compactFacetCells, queryFacetCube, type FacetCube } from "./facets.service";

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await createTestDatabase();
});

afterAll(async () => {
  await handle?.close();
});

const normalise = (cube: FacetCube) => cube.map((c) => `${c.categoryId}|${c.brandId}|${c.key}|${c.count}`).sort();

/** The cube grouped from the products themselves: what the cells must always add up to. */
async function groupedCube(): Promise<string[]> {
  const res = await handle.db.execute(sql`SELECT category_id, brand_id, facet_key, count(*) AS n FROM products GROUP BY 1, 2, 3`);
  return rowsOf<{ category_id: string | null; brand_id: string | null; facet_key: number | string; n: number | string }>(res)
    .map((r) => `${r.category_id}|${r.brand_id}|${Number(r.facet_key)}|${Number(r.n)}`)
    .sort();
}

const cellCube = async () => normalise(await queryFacetCube(handle.db, undefined));

async function seed(skus: string[], extra: { categoryId?: string; brand?: string; stock?: number; priceCents?: number } = {}) {
  await handle.db.transaction((tx) =>
    insertSeedProducts(
      tx,
      skus.map((sku) => ({ name: `Cellule ${sku}`, priceCents: extra.priceCents ?? 1500, stock: extra.stock ?? 3, sku, ...extra })),
    ),
  );
}

describe("catalogue facet cells", () => {
  it("start as the demo catalogue's cube and follow inserts, stock, price, category and brand moves and deletes", async () => {
    expect(await cellCube()).toEqual(await groupedCube());
    const [soins] = await handle.db.select().from(categories).where(eq(categories.slug, "soins-visage"));
    await seed(["CELL-A", "CELL-B", "CELL-C"], { categoryId: soins.id, brand: "Maison Cellule" });
    expect(await cellCube()).toEqual(await groupedCube());

    const variantsOf = async (sku: string) =>
      handle.db
        .select({ id: productVariants.id })
        .from(productVariants)
        .innerJoin(products, eq(products.id, productVariants.productId))
        .where(eq(products.sku, sku));
    // Sold out (in stock flips), a price into another band, on sale: each moves the product to another cell.
    const [a] = await variantsOf("CELL-A");
    await handle.db.update(productVariants).set({ stockQuantity: 0 }).where(eq(productVariants.id, a.id));
    const [b] = await variantsOf("CELL-B");
    await handle.db.update(productVariants).set({ priceCents: 12_000, originalPriceCents: 15_000 }).where(eq(productVariants.id, b.id));
    expect(await cellCube()).toEqual(await groupedCube());

    // A stock move that keeps the product in stock appends nothing.
    const rowsBefore = (await handle.db.select().from(catalogFacetCells)).length;
    const [c] = await variantsOf("CELL-C");
    await handle.db.update(productVariants).set({ stockQuantity: 9 }).where(eq(productVariants.id, c.id));
    expect((await handle.db.select().from(catalogFacetCells)).length).toBe(rowsBefore);

    const [parfums] = await handle.db.select().from(categories).where(eq(categories.slug, "parfums"));
    await handle.db.update(products).set({ categoryId: parfums.id }).where(eq(products.sku, "CELL-C"));
    // Deleting the brand sets its products' brand to none: they move to the brandless cells.
    await handle.db.delete(brands).where(eq(brands.name, "Maison Cellule"));
    expect(await cellCube()).toEqual(await groupedCube());

    await handle.db.delete(products).where(inArray(products.sku, ["CELL-A", "CELL-B", "CELL-C"]));
    expect(await cellCube()).toEqual(await groupedCube());
  });

  it("fold back to one row per cell without changing the cube", async () => {
    await seed(["CELL-F1"]);
    await seed(["CELL-F2"]);
    const before = await cellCube();
    const { before: rows, after } = await compactFacetCells(handle.db);
    expect(after).toBeLessThan(rows);
    expect(after).toBe(before.length);
    expect(await cellCube()).toEqual(before);
    expect(await cellCube()).toEqual(await groupedCube());
    // Nothing to fold: the same rows again.
    expect((await compactFacetCells(handle.db)).after).toBe(after);
  });

  it("stay right when checkouts sell out and imports add products at the same time, folding included", async () => {
    await seed(
      Array.from({ length: 12 }, (_, i) => `CELL-R${i}`),
      { stock: 1 },
    );
    const variants = await handle.db
      .select({ id: productVariants.id })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(sql`${products.sku} LIKE 'CELL-R%'`);
    expect(variants).toHaveLength(12);
    // Each "checkout" sells out two products of the same cell, in opposite orders: with locked
    // counters this would deadlock on PostgreSQL; appended deltas never wait.
    const checkout = (first: string, second: string) =>
      handle.db.transaction(async (tx) => {
        await tx.update(productVariants).set({ stockQuantity: 0 }).where(eq(productVariants.id, first));
        await tx.execute(sql`SET CONSTRAINTS ALL IMMEDIATE`);
        await tx.update(productVariants).set({ stockQuantity: 0 }).where(eq(productVariants.id, second));
      });
    const ids = variants.map((v) => v.id);
    await Promise.all([
      ...Array.from({ length: 6 }, (_, i) => (i % 2 === 0 ? checkout(ids[2 * i], ids[2 * i + 1]) : checkout(ids[2 * i + 1], ids[2 * i]))),
      seed(["CELL-R-NEW1", "CELL-R-NEW2"]),
      compactFacetCells(handle.db),
      seed(["CELL-R-NEW3"]),
      compactFacetCells(handle.db),
    ]);
    expect(await cellCube()).toEqual(await groupedCube());
    await compactFacetCells(handle.db);
    expect(await cellCube()).toEqual(await groupedCube());
  });

  it("are filled for a shop that already has products when the migration runs", async () => {
    const before = await groupedCube();
    const migration = fs.readFileSync(path.resolve("drizzle/0014_facet_cells.sql"), "utf8");
    const fill = migration.split("--> statement-breakpoint").at(-1)!;
    expect(fill).toContain("INSERT INTO catalog_facet_cells");
    await handle.db.transaction(async (tx) => {
      await tx.delete(catalogFacetCells);
      await tx.execute(sql.raw(fill));
    });
    expect(await cellCube()).toEqual(before);
  });
});
