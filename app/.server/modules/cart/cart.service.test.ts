import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, eq } from "drizzle-orm";
import { createTestDatabase } from "../../../../tests/support/db";
import { createShopper, setProductStock } from "../../../../tests/support/shoppers";
import type { DatabaseHandle } from "../../db/client";
import { cartItems, carts, products, productVariants, user } from "../../db/schema";
import { clearCart, extendCart, getCart, mergeCart, quoteProducts, replaceCart } from "./cart.service";
import { CartLinesSchema } from "~/domain/cart/cart.schema";
import { CART_LIFETIME_MS, CART_MAX_LINE_QUANTITY } from "~/lib/shop-rules";

let handle: DatabaseHandle;
const alice = "user-cart-alice";
const bruno = "user-cart-bruno";
const chloe = "user-cart-chloe";
const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

/** Five one-variant demo products with known stock: p[0] 3, p[1] 50, p[2] 200, p[3] and p[4] 0 (sold out). */
let p: { id: string; name: string; priceCents: number }[];

beforeAll(async () => {
  handle = await createTestDatabase();
  const db = handle.db;
  await db.insert(user).values([
    { id: alice, name: "Alice Martin", email: "alice.cart@example.com" },
    { id: bruno, name: "Bruno Petit", email: "bruno.cart@example.com" },
    { id: chloe, name: "Chloé Durand", email: "chloe.cart@example.com" },
  ]);
  p = await db
    .select({ id: products.id, name: products.name, priceCents: products.priceCents })
    .from(products)
    .where(eq(products.variantCount, 1))
    .orderBy(asc(products.name))
    .limit(5);
  // Stock is the variant's (the product's is a roll-up); p[4] is sold out too.
  const stock = [3, 50, 200, 0, 0];
  for (const [i, product] of p.entries()) await setProductStock(db, product.id, stock[i]);
});

afterAll(async () => {
  await handle?.close();
});

const T0 = new Date("2030-05-01T10:00:00Z");
const at = (ms: number) => ({ now: new Date(T0.getTime() + ms) });

describe("replaceCart and getCart", () => {
  it("keeps one line for a variant named by its one-variant product and by its id, quantities summed and capped", async () => {
    const [variant] = await handle.db
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(eq(productVariants.productId, p[1].id));
    const saved = await replaceCart(
      handle.db,
      chloe,
      [
        { product_id: p[1].id, quantity: 2 },
        { variant_id: variant.id, quantity: 4 },
      ],
      at(0),
    );
    expect(saved.items.map((l) => [l.variant_id, l.quantity])).toEqual([[variant.id, 6]]);
    const capped = await replaceCart(
      handle.db,
      chloe,
      [
        { product_id: p[1].id, quantity: 40 },
        { product_id: p[1].id, variant_id: variant.id, quantity: 40 },
      ],
      at(1000),
    );
    // 80 asked, 50 in stock: the one line holds the stock.
    expect(capped.items.map((l) => [l.variant_id, l.quantity])).toEqual([[variant.id, 50]]);
    await clearCart(handle.db, chloe);
  });

  it("stores the lines and reads them priced from the catalogue, with a 6-hour lifetime", async () => {
    const saved = await replaceCart(
      handle.db,
      alice,
      [
        { product_id: p[1].id, quantity: 2 },
        { product_id: p[0].id, quantity: 1 },
      ],
      at(0),
    );
    expect(saved.items.map((l) => [l.product_id, l.quantity])).toEqual([
      [p[1].id, 2],
      [p[0].id, 1],
    ]);
    expect(saved.items[0]).toMatchObject({
      name: p[1].name,
      price_cents: p[1].priceCents,
      stock_quantity: 50,
      available: true,
    });
    expect(typeof saved.items[0].category_name).toBe("string");
    expect(saved.expires_at).toBe(new Date(T0.getTime() + CART_LIFETIME_MS).toISOString());
    expect(saved.count).toBe(3);
    expect(saved.subtotal_cents).toBe(2 * p[1].priceCents + p[0].priceCents);

    const read = await getCart(handle.db, alice, at(60_000));
    expect(read).toEqual(saved);
  });

  it("keeps the deadline on later saves, caps quantities at the stock and drops unknown or unavailable products", async () => {
    const saved = await replaceCart(
      handle.db,
      alice,
      [
        { product_id: p[0].id, quantity: 9 },
        { product_id: UNKNOWN_ID, quantity: 1 },
        { product_id: p[3].id, quantity: 1 },
        { product_id: p[4].id, quantity: 1 },
      ],
      at(3_600_000),
    );
    expect(saved.items.map((l) => [l.product_id, l.quantity])).toEqual([[p[0].id, 3]]);
    expect(saved.expires_at).toBe(new Date(T0.getTime() + CART_LIFETIME_MS).toISOString());
    const rows = await handle.db.select().from(cartItems).where(eq(cartItems.userId, alice));
    expect(rows).toHaveLength(1);
  });

  it("never lets a line hold more than the per-line maximum", async () => {
    const saved = await replaceCart(
      handle.db,
      alice,
      [
        { product_id: p[2].id, quantity: 60 },
        { product_id: p[2].id, quantity: 60 },
      ],
      at(3_600_000),
    );
    expect(saved.items.map((l) => [l.product_id, l.quantity])).toEqual([[p[2].id, CART_MAX_LINE_QUANTITY]]);
  });

  it("deletes the cart when saved empty", async () => {
    const saved = await replaceCart(handle.db, alice, [], at(3_600_000));
    expect(saved).toEqual({ items: [], expires_at: null, count: 0, subtotal_cents: 0 });
    expect(await handle.db.select().from(carts).where(eq(carts.userId, alice))).toHaveLength(0);
  });
});

describe("mergeCart", () => {
  it("adds the visitor's lines to the server cart, capped at the stock, unknown ids dropped", async () => {
    await replaceCart(
      handle.db,
      bruno,
      [
        { product_id: p[0].id, quantity: 2 },
        { product_id: p[1].id, quantity: 1 },
      ],
      at(0),
    );
    const merged = await mergeCart(
      handle.db,
      bruno,
      [
        { product_id: p[0].id, quantity: 2 },
        { product_id: p[1].id, quantity: 4 },
        { product_id: p[2].id, quantity: 1 },
        { product_id: UNKNOWN_ID, quantity: 5 },
        { product_id: p[3].id, quantity: 1 },
      ],
      { clock: at(1000) },
    );
    expect(merged.items.map((l) => [l.product_id, l.quantity])).toEqual([
      [p[0].id, 3],
      [p[1].id, 5],
      [p[2].id, 1],
    ]);
    expect(merged.count).toBe(9);
  });

  it("starts a new cart when the stored one has expired", async () => {
    const merged = await mergeCart(handle.db, bruno, [{ product_id: p[2].id, quantity: 2 }], { clock: at(CART_LIFETIME_MS + 1) });
    expect(merged.items.map((l) => [l.product_id, l.quantity])).toEqual([[p[2].id, 2]]);
    expect(merged.expires_at).toBe(new Date(T0.getTime() + 2 * CART_LIFETIME_MS + 1).toISOString());
  });

  it("adds a merge sent again with the same id once, and a new merge again", async () => {
    // A fresh account, at the file's clock: its cart starts with this merge.
    const shopper = await createShopper(handle.db);
    const visitorCart = [{ product_id: p[1].id, quantity: 1 }];
    const first = await mergeCart(handle.db, shopper.id, visitorCart, { mergeId: "merge-aaaa1111", clock: at(0) });
    // The page went away before the answer; the next page sends the same merge.
    const again = await mergeCart(handle.db, shopper.id, visitorCart, { mergeId: "merge-aaaa1111", clock: at(1000) });
    expect(again.items.map((l) => [l.product_id, l.quantity])).toEqual(first.items.map((l) => [l.product_id, l.quantity]));
    expect(again.count).toBe(1);
    // Another sign-in later, another visitor cart: merged.
    const later = await mergeCart(handle.db, shopper.id, visitorCart, { mergeId: "merge-bbbb2222", clock: at(2000) });
    expect(later.count).toBe(2);
  });
});

describe("expiry", () => {
  it("reads an expired cart as empty and deletes it", async () => {
    await replaceCart(handle.db, chloe, [{ product_id: p[1].id, quantity: 1 }], at(0));
    expect((await getCart(handle.db, chloe, at(CART_LIFETIME_MS - 1))).count).toBe(1);
    expect(await getCart(handle.db, chloe, at(CART_LIFETIME_MS))).toEqual({
      items: [],
      expires_at: null,
      count: 0,
      subtotal_cents: 0,
    });
    expect(await handle.db.select().from(carts).where(eq(carts.userId, chloe))).toHaveLength(0);
    expect(await handle.db.select().from(cartItems).where(eq(cartItems.userId, chloe))).toHaveLength(0);
  });

  it("extends a live cart to 6 hours from now, and leaves an expired one empty", async () => {
    await replaceCart(handle.db, chloe, [{ product_id: p[1].id, quantity: 1 }], at(0));
    const extended = await extendCart(handle.db, chloe, at(5 * 3_600_000));
    expect(extended.expires_at).toBe(new Date(T0.getTime() + 5 * 3_600_000 + CART_LIFETIME_MS).toISOString());
    expect((await getCart(handle.db, chloe, at(CART_LIFETIME_MS + 60_000))).count).toBe(1);

    const late = await extendCart(handle.db, chloe, at(20 * 3_600_000));
    expect(late.items).toEqual([]);
  });

  it("clearCart empties the cart", async () => {
    await replaceCart(handle.db, chloe, [{ product_id: p[1].id, quantity: 1 }], at(0));
    await clearCart(handle.db, chloe);
    expect((await getCart(handle.db, chloe, at(1))).items).toEqual([]);
  });
});

describe("user isolation", () => {
  it("never shows one shopper's cart to another", async () => {
    await replaceCart(handle.db, alice, [{ product_id: p[1].id, quantity: 4 }], at(0));
    await replaceCart(handle.db, bruno, [{ product_id: p[2].id, quantity: 1 }], at(0));
    const a = await getCart(handle.db, alice, at(1));
    const b = await getCart(handle.db, bruno, at(1));
    expect(a.items.map((l) => l.product_id)).toEqual([p[1].id]);
    expect(b.items.map((l) => l.product_id)).toEqual([p[2].id]);
    await clearCart(handle.db, bruno);
    expect((await getCart(handle.db, alice, at(1))).count).toBe(4);
  });
});

describe("availability", () => {
  it("flags a line whose product became unavailable and leaves it out of the totals", async () => {
    await replaceCart(
      handle.db,
      alice,
      [
        { product_id: p[1].id, quantity: 1 },
        { product_id: p[2].id, quantity: 1 },
      ],
      at(0),
    );
    await setProductStock(handle.db, p[2].id, 0);
    const cart = await getCart(handle.db, alice, at(1));
    expect(cart.items.map((l) => [l.product_id, l.available])).toEqual([
      [p[1].id, true],
      [p[2].id, false],
    ]);
    expect(cart.count).toBe(1);
    expect(cart.subtotal_cents).toBe(p[1].priceCents);
    await setProductStock(handle.db, p[2].id, 200);
  });

  it("quotes current prices and availability, leaving unknown ids out", async () => {
    const quotes = await quoteProducts(handle.db, [p[3].id, UNKNOWN_ID, p[1].id, p[1].id]);
    expect(quotes.map((q) => [q.product_id, q.available, q.stock_quantity])).toEqual([
      [p[3].id, false, 0],
      [p[1].id, true, 50],
    ]);
    expect(quotes[1].price_cents).toBe(p[1].priceCents);
  });
});

describe("CartLinesSchema", () => {
  it("refuses bad quantities and ids with French messages", () => {
    const bad = [
      { lines: [{ product_id: p[0].id, quantity: -1 }] },
      { lines: [{ product_id: p[0].id, quantity: 1e9 }] },
      { lines: [{ product_id: p[0].id, quantity: 1.5 }] },
      { lines: [{ product_id: "pas-un-id", quantity: 1 }] },
      { lines: "tout" },
      { lines: [{ product_id: p[0].id, quantity: 1 }], mode: "delete" },
    ];
    for (const body of bad) expect(CartLinesSchema.safeParse(body).success, JSON.stringify(body)).toBe(false);
    const parsed = CartLinesSchema.safeParse({ lines: [{ product_id: p[0].id, quantity: 1 }] });
    expect(parsed.success && parsed.data.mode).toBe("replace");
  });
});
