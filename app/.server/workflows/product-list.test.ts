import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/support/db";
import { pickProducts, setProductStock } from "../../../tests/support/shoppers";
import type { DatabaseHandle } from "../db/client";
import { announceInvalidation } from "../invalidations";
import { forgetReadMemos, setReadMemosActive } from "../read-memo";
import { ProductListQuerySchema, type ProductListQuery } from "~/domain/catalog/catalog.schema";
import { memoKey, readProductList } from "./product-list";

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});
afterEach(() => setReadMemosActive(false));

/** The stock the listing shows for one variant. */
async function listedStock(query: ProductListQuery, productId: string, variantId: string) {
  const page = await readProductList(handle.db, query);
  return page.items.find((p) => p.id === productId)?.variants?.find((v) => v.id === variantId)?.stock_quantity;
}

describe("readProductList", () => {
  it("gives the page of the catalogue with each product's variants", async () => {
    const query = ProductListQuerySchema.parse({ page_size: "5" });
    const page = await readProductList(handle.db, query);
    expect(page.items).toHaveLength(5);
    expect(page.total).toBeGreaterThan(5);
    for (const item of page.items) expect(item.variants?.length).toBeGreaterThan(0);
  });

  it("reads afresh every time while the memos are off", async () => {
    const [p] = await pickProducts(handle.db, 1, 5);
    const query = ProductListQuerySchema.parse({ search: p.name, page_size: "100" });
    expect(await listedStock(query, p.id, p.variantId)).toBe(5);
    await setProductStock(handle.db, p.id, 4);
    expect(await listedStock(query, p.id, p.variantId)).toBe(4);
  });

  it("under the server, is remembered per query until a write or a catalogue announcement forgets it", async () => {
    setReadMemosActive(true);
    const [p] = await pickProducts(handle.db, 1, 5);
    const query = ProductListQuerySchema.parse({ search: p.name, page_size: "100" });
    const first = await readProductList(handle.db, query);
    await setProductStock(handle.db, p.id, 3);
    // Remembered: the same answer object, the database not read.
    expect(await readProductList(handle.db, query)).toBe(first);
    // Another query is another entry, read now.
    expect(await listedStock({ ...query, page_size: 99 }, p.id, p.variantId)).toBe(3);
    // What the server does before and after each request that may write (an order, an edit).
    forgetReadMemos();
    expect(await listedStock(query, p.id, p.variantId)).toBe(3);
    // A catalogue change announced from outside a request (the import script) forgets it too.
    await setProductStock(handle.db, p.id, 2);
    await announceInvalidation(["pages"]);
    expect(await listedStock(query, p.id, p.variantId)).toBe(2);
  });

  it("keys a query by its values, not by the order of its parameters", () => {
    const a = ProductListQuerySchema.parse({ sort: "price_asc", page: "2", category: ["parfums", "cheveux"] });
    const b = ProductListQuerySchema.parse({ category: ["parfums", "cheveux"], page: "2", sort: "price_asc" });
    expect(memoKey(a)).toBe(memoKey(b));
    expect(memoKey(a)).not.toBe(memoKey({ ...a, page: 3 }));
  });
});
