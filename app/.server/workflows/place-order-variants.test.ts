import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { createTestDatabase } from "../../../tests/support/db";
import { APPROVED_CARD, CONTACT, createShopper, pickProducts, type TestShopper } from "../../../tests/support/shoppers";
import { settled } from "../../../tests/support/domain-result";
import type { DatabaseHandle } from "../db/client";
import { orderItems, products, productVariants, stockMovements } from "../db/schema";
import { insertSeedProducts } from "../db/seed/demo";
import { SimulatedPaymentProvider } from "../modules/payments/payment-provider";
import { CHOOSE_VARIANT_MESSAGE, FOREIGN_VARIANT_MESSAGE } from "../modules/cart/cart.service";
import { placeOrder as placeOrderOrThrow } from "./place-order";
import { PlaceOrderSchema, type PlaceOrderBody } from "~/domain/checkout/checkout.schema";
import { CART_MAX_LINE_QUANTITY } from "~/lib/shop-rules";

const placeOrder = (...args: Parameters<typeof placeOrderOrThrow>) => settled(placeOrderOrThrow(...args));

let handle: DatabaseHandle;
let provider: SimulatedPaymentProvider;
/** A foundation in two shades, 3 of each in stock. */
let foundation: { id: string; name: string };
let shadeA: string;
let shadeB: string;

beforeAll(async () => {
  handle = await createTestDatabase();
  const tag = randomUUID().slice(0, 8).toUpperCase();
  const seeded = await handle.db.transaction((tx) =>
    insertSeedProducts(tx, [
      {
        name: `Fond de teint Lumière ${tag}`,
        brand: "Aurore",
        priceCents: 3900,
        variants: [
          { sku: `FDT-${tag}-01`, label: "Porcelaine 01", shade: "Porcelaine 01", shadeHex: "#f3dccb", priceCents: 3900, stock: 3 },
          { sku: `FDT-${tag}-02`, label: "Beige rosé 02", shade: "Beige rosé 02", shadeHex: "#e2b99f", priceCents: 4100, stock: 3 },
        ],
      },
    ]),
  );
  foundation = { id: seeded[0].id, name: `Fond de teint Lumière ${tag}` };
  [shadeA, shadeB] = seeded.map((v) => v.variantId);
});

afterAll(async () => {
  await handle?.close();
});

beforeEach(() => {
  provider = new SimulatedPaymentProvider(handle.db, `test-${randomUUID()}`);
});

function order(shopper: TestShopper, lines: PlaceOrderBody["lines"]) {
  return placeOrder(handle.db, {
    userId: shopper.id,
    idempotencyKey: randomUUID(),
    request: PlaceOrderSchema.parse({ contact: CONTACT, card: APPROVED_CARD, address_id: shopper.addressId, lines }),
    provider,
  });
}

async function variantStock(ids: string[]) {
  const rows = await handle.db
    .select({ id: productVariants.id, stock: productVariants.stockQuantity })
    .from(productVariants)
    .where(inArray(productVariants.id, ids));
  return ids.map((id) => rows.find((r) => r.id === id)!.stock);
}

describe("placeOrder per variant", () => {
  it("refuses a variant of another product, and a product with several variants named alone, in French", async () => {
    const [single] = await pickProducts(handle.db, 1, 10);
    const shopper = await createShopper(handle.db);
    expect(await order(shopper, [{ product_id: single.id, variant_id: shadeA, quantity: 1 }])).toEqual({
      ok: false,
      status: 400,
      code: "variant_mismatch",
      message: FOREIGN_VARIANT_MESSAGE,
      field: "variant_id",
    });
    expect(await order(shopper, [{ product_id: foundation.id, quantity: 1 }])).toMatchObject({
      ok: false,
      status: 400,
      code: "variant_required",
      message: CHOOSE_VARIANT_MESSAGE(foundation.name),
    });
    expect(await variantStock([shadeA, shadeB])).toEqual([3, 3]);
    // A product id alone still buys a one-variant product.
    const placed = await order(shopper, [{ product_id: single.id, quantity: 2 }]);
    expect(placed).toMatchObject({ ok: true });
    const [row] = await handle.db.select({ s: products.stockQuantity }).from(products).where(eq(products.id, single.id));
    expect(row.s).toBe(8);
  });

  it("merges lines naming one variant twice (by its one-variant product and by its id), then applies the line maximum and the stock", async () => {
    const [single] = await pickProducts(handle.db, 1, 10);
    const shopper = await createShopper(handle.db);
    const placed = await order(shopper, [
      { product_id: single.id, quantity: 2 },
      { variant_id: single.variantId, quantity: 3 },
    ]);
    expect(placed).toMatchObject({ ok: true });
    if (!placed.ok) return;
    expect(placed.order.items.map((i) => [i.variant_id, i.quantity])).toEqual([[single.variantId, 5]]);
    expect(await variantStock([single.variantId])).toEqual([5]);

    // The sum is what the usual checks see: above the stock, a French stock refusal...
    expect(
      await order(shopper, [
        { product_id: single.id, quantity: 3 },
        { product_id: single.id, variant_id: single.variantId, quantity: 3 },
      ]),
    ).toMatchObject({ ok: false, status: 409, code: "insufficient_stock" });
    // ...and above the per-line maximum, refused even though each line alone is within it.
    await handle.db.update(productVariants).set({ stockQuantity: 500 }).where(eq(productVariants.id, single.variantId));
    expect(
      await order(shopper, [
        { product_id: single.id, quantity: CART_MAX_LINE_QUANTITY },
        { variant_id: single.variantId, quantity: 1 },
      ]),
    ).toMatchObject({ ok: false, status: 400, code: "invalid_item", message: `Quantité maximale : ${CART_MAX_LINE_QUANTITY} par article` });
    expect(await variantStock([single.variantId])).toEqual([500]);
    // An unknown variant beside a known one is still refused, not dropped.
    expect(
      await order(shopper, [
        { product_id: single.id, quantity: 1 },
        { variant_id: randomUUID(), quantity: 1 },
      ]),
    ).toMatchObject({ ok: false, status: 400, code: "invalid_item" });
  });

  it("sells each shade's stock exactly under concurrent orders of one shade or both, with labels in the snapshot", async () => {
    const shoppers = await Promise.all(Array.from({ length: 15 }, () => createShopper(handle.db)));
    const results = await Promise.all(
      shoppers.map((s, i) =>
        order(
          s,
          i % 3 === 0
            ? [{ product_id: foundation.id, variant_id: shadeA, quantity: 1 }]
            : i % 3 === 1
              ? [{ variant_id: shadeB, quantity: 1 }]
              : [
                  { variant_id: shadeB, quantity: 1 },
                  { variant_id: shadeA, quantity: 1 },
                ],
        ),
      ),
    );
    // Every request settled (no deadlock), as an order or a French stock refusal.
    for (const r of results) if (!r.ok) expect(r).toMatchObject({ status: 409, code: "insufficient_stock" });
    const won = results.flatMap((r) => (r.ok ? [r.order] : []));
    const soldA = won.flatMap((o) => o.items).filter((i) => i.variant_id === shadeA).length;
    const soldB = won.flatMap((o) => o.items).filter((i) => i.variant_id === shadeB).length;
    expect(soldA).toBe(3);
    expect(soldB).toBe(3);
    expect(await variantStock([shadeA, shadeB])).toEqual([0, 0]);
    // The product's stock is the variants' sum once committed; it is sold out.
    const [product] = await handle.db
      .select({ stock: products.stockQuantity, inStock: products.inStock })
      .from(products)
      .where(eq(products.id, foundation.id));
    expect(product).toEqual({ stock: 0, inStock: false });
    // The snapshot keeps what was bought; each sale left a movement on its variant.
    const items = await handle.db
      .select({ variantId: orderItems.variantId, snapshot: orderItems.productSnapshot, unit: orderItems.unitPriceCents })
      .from(orderItems)
      .where(eq(orderItems.productId, foundation.id));
    expect(items).toHaveLength(6);
    for (const item of items) {
      const label = item.variantId === shadeA ? "Porcelaine 01" : "Beige rosé 02";
      expect(item.snapshot).toMatchObject({ name: foundation.name, variant_label: label });
      expect(item.unit).toBe(item.variantId === shadeA ? 3900 : 4100);
    }
    const moves = await handle.db
      .select({ variantId: stockMovements.variantId, delta: stockMovements.delta })
      .from(stockMovements)
      .where(eq(stockMovements.productId, foundation.id));
    expect(moves.filter((m) => m.delta === -1)).toHaveLength(6);
  });
});
