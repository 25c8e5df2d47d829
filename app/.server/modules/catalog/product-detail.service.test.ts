import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { createTestDatabase } from "../../../../tests/support/db";
import type { DatabaseHandle } from "../../db/client";
import { categories, orderItems, orders, priceHistory, productVariants } from "../../db/schema";
import { insertSeedProducts } from "../../db/seed/demo";
import { getLowestPricesLast30Days, getProduct, toCardViews } from "./catalog.service";
import { listProductsWithVariants } from "./product-detail.service";
import { listRelatedProducts } from "./related-products.service";

let handle: DatabaseHandle;
let teintId: string;
let parfumId: string;
let makeupId: string;

const shades = [
  ["Porcelaine 01", "#f3dccb"],
  ["Ivoire 02", "#ecd0b5"],
  ["Beige 03", "#d9b48f"],
] as const;

beforeAll(async () => {
  handle = await createTestDatabase();
  const [maquillage] = await handle.db.select().from(categories).where(eq(categories.slug, "maquillage"));
  makeupId = maquillage.id;
  const seeded = await handle.db.transaction((tx) =>
    insertSeedProducts(tx, [
      {
        name: "Teint Quasarine Lumière",
        description: "Fond de teint.",
        priceCents: 3900,
        categoryId: maquillage.id,
        brand: "Maison Quasarine",
        tags: ["teint", "éclat"],
        // Given out of order: the position is the order of the list.
        variants: [
          ...shades.map(([shade, hex], i) => ({
            sku: `QUAS-T-${i + 1}`,
            label: `30 ml · ${shade}`,
            size: "30 ml",
            shade,
            shadeHex: hex,
            contentAmount: 30,
            contentUnit: "ml" as const,
            priceCents: 3900,
            originalPriceCents: i === 0 ? 4500 : null,
            stock: i === 2 ? 0 : 5,
          })),
          {
            sku: "QUAS-T-50",
            label: "50 ml · Porcelaine 01",
            size: "50 ml",
            shade: "Porcelaine 01",
            shadeHex: "#f3dccb",
            priceCents: 5200,
            stock: 2,
          },
        ],
      },
      {
        name: "Poudre Quasarine",
        priceCents: 2500,
        categoryId: maquillage.id,
        brand: "Maison Quasarine",
        tags: ["teint"],
        stock: 4,
      },
      {
        name: "Eau Quasarine",
        priceCents: 6000,
        categoryId: null,
        brand: "Autre Marque Quasar",
        tags: [],
        stock: 7,
      },
    ]),
  );
  teintId = seeded[0].id;
  parfumId = seeded.find((s) => s.priceCents === 6000)!.id;
});

afterAll(async () => {
  await handle?.close();
});

describe("product variants", () => {
  it("loads a product's variants in their order, with options, stock and content", async () => {
    const p = await getProduct(handle.db, teintId);
    expect(p?.variant_count).toBe(4);
    expect(p?.variants?.map((v) => v.sku)).toEqual(["QUAS-T-1", "QUAS-T-2", "QUAS-T-3", "QUAS-T-50"]);
    expect(p?.default_variant_id).toBe(p?.variants?.[0].id);
    const [first, , third, big] = p!.variants!;
    expect(first.options).toEqual({ size: "30 ml", shade: "Porcelaine 01", shade_hex: "#f3dccb" });
    expect(first.content_amount).toBe(30);
    expect(first.content_unit).toBe("ml");
    expect(third.in_stock).toBe(false);
    expect(third.stock_quantity).toBe(0);
    expect(big.options).toEqual({ size: "50 ml", shade: "Porcelaine 01", shade_hex: "#f3dccb" });
    // The roll-ups: cheapest price, total stock.
    expect(p?.price_cents).toBe(3900);
    expect(p?.stock_quantity).toBe(12);
  });

  it("gives each discounted variant its own 30-day reference price, from its own history", async () => {
    const p = await getProduct(handle.db, teintId);
    const [first, second] = p!.variants!;
    await handle.db.delete(priceHistory).where(eq(priceHistory.productId, teintId));
    await handle.db.insert(priceHistory).values([
      { productId: teintId, variantId: first.id, priceCents: 4800, recordedAt: sql`now() - interval '45 days'` as never },
      { productId: teintId, variantId: first.id, priceCents: 4200, recordedAt: sql`now() - interval '20 days'` as never },
      { productId: teintId, variantId: first.id, priceCents: 3900, recordedAt: sql`now()` as never },
      // Another variant's cheaper past price must not leak into the first one's reference.
      { productId: teintId, variantId: second.id, priceCents: 1000, recordedAt: sql`now() - interval '10 days'` as never },
      { productId: teintId, variantId: second.id, priceCents: 3900, recordedAt: sql`now()` as never },
    ]);
    const again = await getProduct(handle.db, teintId);
    expect(again?.variants?.[0].lowest_price_30d_cents).toBe(4200);
    // Not discounted: no reference shown.
    expect(again?.variants?.[1].lowest_price_30d_cents).toBeNull();
    // The card reads the cheapest variant (position breaks the tie): the first.
    expect((await getLowestPricesLast30Days(handle.db, [teintId])).get(teintId)).toBe(4200);
    const [card] = await toCardViews(handle.db, [again!]);
    expect(card.lowest_price_30d_cents).toBe(4200);
  });

  it("records the price history per variant when a variant's price changes", async () => {
    const p = await getProduct(handle.db, teintId);
    const big = p!.variants![3];
    const rows = () => handle.db.select().from(priceHistory).where(eq(priceHistory.variantId, big.id));
    const before = (await rows()).length;
    await handle.db.update(productVariants).set({ priceCents: 4900 }).where(eq(productVariants.id, big.id));
    await handle.db.update(productVariants).set({ label: "50 ml · Porcelaine" }).where(eq(productVariants.id, big.id));
    const after = await rows();
    expect(after.length).toBe(before + 1);
    expect(after.every((r) => r.productId === teintId)).toBe(true);
    expect(after.map((r) => r.priceCents)).toContain(4900);
  });

  it("lists products with their variants for the API, one list per product", async () => {
    const result = await listProductsWithVariants(handle.db, { search: "quasarine", page_size: 10 }, { clampPage: false });
    const teint = result.items.find((p) => p.id === teintId);
    expect(teint?.variants?.map((v) => v.sku)).toEqual(["QUAS-T-1", "QUAS-T-2", "QUAS-T-3", "QUAS-T-50"]);
    const single = result.items.find((p) => p.name === "Poudre Quasarine");
    expect(single?.variants).toHaveLength(1);
    expect(single?.variants?.[0].label).toBe("Format unique");
  });
});

describe("related products", () => {
  it("puts the same brand first, then the category, never the product itself, at most 8", async () => {
    const related = await listRelatedProducts(handle.db, teintId);
    expect(related.length).toBeGreaterThan(1);
    expect(related.length).toBeLessThanOrEqual(8);
    expect(related.map((p) => p.id)).not.toContain(teintId);
    expect(related[0].name).toBe("Poudre Quasarine");
    expect(related.slice(1).every((p) => p.category?.id === makeupId)).toBe(true);
  });

  it("ranks products bought together above the rest", async () => {
    const [order] = await handle.db
      .insert(orders)
      .values({
        orderNumber: "TEST-RELATED-1",
        subtotalCents: 9900,
        totalCents: 9900,
        shippingAddress: {
          first_name: "Zoé",
          last_name: "Z",
          street: "1 rue",
          city: "Paris",
          postal_code: "75001",
          country: "FR",
          phone: "0611223344",
        },
      })
      .returning({ id: orders.id });
    const snapshot = { name: "x", price_cents: 100, brand: null, image_url: null };
    await handle.db.insert(orderItems).values([
      { orderId: order.id, productId: teintId, quantity: 1, unitPriceCents: 3900, totalPriceCents: 3900, productSnapshot: snapshot },
      { orderId: order.id, productId: parfumId, quantity: 1, unitPriceCents: 6000, totalPriceCents: 6000, productSnapshot: snapshot },
    ]);
    const related = await listRelatedProducts(handle.db, teintId);
    expect(related[0].id).toBe(parfumId);
  });

  it("answers an unknown or malformed id with nothing", async () => {
    expect(await listRelatedProducts(handle.db, "00000000-0000-0000-0000-000000000000")).toEqual([]);
    expect(await listRelatedProducts(handle.db, "pas-un-id")).toEqual([]);
  });
});
