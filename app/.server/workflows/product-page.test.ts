import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/support/db";
import { pickProducts } from "../../../tests/support/shoppers";
import type { DatabaseHandle } from "../db/client";
import { productVariants } from "../db/schema";
import { forgetReadMemos, setReadMemosActive } from "../read-memo";
import { announceInvalidation } from "../invalidations";
import { ReviewListQuerySchema } from "~/domain/reviews/reviews";
import { readProductPage } from "./product-page";

let handle: DatabaseHandle;
const firstPage = ReviewListQuerySchema.parse({});

beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});
afterEach(() => setReadMemosActive(false));

async function setStock(variantId: string, stock: number) {
  await handle.db.update(productVariants).set({ stockQuantity: stock }).where(eq(productVariants.id, variantId));
}

describe("readProductPage", () => {
  it("reads the product, its related products and its reviews; null for an unknown or malformed id", async () => {
    const [p] = await pickProducts(handle.db, 1, 7);
    const page = await readProductPage(handle.db, p.id, firstPage);
    expect(page?.product).toMatchObject({ id: p.id, stock_quantity: 7 });
    expect(page?.reviews).toMatchObject({ page: 1 });
    expect(Array.isArray(page?.related)).toBe(true);
    expect(await readProductPage(handle.db, "00000000-0000-4000-8000-000000000000", firstPage)).toBeNull();
    expect(await readProductPage(handle.db, "not-a-uuid\u0000", firstPage)).toBeNull();
  });

  it("reads afresh every time while the memos are off (tests, scripts, the dev server)", async () => {
    const [p] = await pickProducts(handle.db, 1, 5);
    expect((await readProductPage(handle.db, p.id, firstPage))?.product.stock_quantity).toBe(5);
    await setStock(p.variantId, 4);
    expect((await readProductPage(handle.db, p.id, firstPage))?.product.stock_quantity).toBe(4);
  });

  it("under the server, is remembered per product and review page until a write or a catalogue announcement forgets it", async () => {
    setReadMemosActive(true);
    const [p] = await pickProducts(handle.db, 1, 5);
    const first = await readProductPage(handle.db, p.id, firstPage);
    await setStock(p.variantId, 3);
    // Remembered: the same answer, without reading the database.
    expect(await readProductPage(handle.db, p.id, firstPage)).toBe(first);
    // Another review page is another entry, read now.
    const secondReviews = await readProductPage(handle.db, p.id, ReviewListQuerySchema.parse({ page: 2 }));
    expect(secondReviews?.product.stock_quantity).toBe(3);
    // What the server does before and after each request that may write (an order, an edit).
    forgetReadMemos();
    expect((await readProductPage(handle.db, p.id, firstPage))?.product.stock_quantity).toBe(3);
    // A catalogue change announced from outside a request (the import script) forgets it too.
    await setStock(p.variantId, 2);
    await announceInvalidation(["pages"]);
    expect((await readProductPage(handle.db, p.id, firstPage))?.product.stock_quantity).toBe(2);
  });
});
