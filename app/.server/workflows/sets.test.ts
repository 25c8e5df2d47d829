/**
 * Sets ("coffrets", docs/decisions/070-sets.md): derived stock by every path, selling under
 * concurrency, cancellation and whole-set returns, the frozen price shares, and the French
 * refusals of a bad composition. Runs on PGlite and on PostgreSQL (TEST_DATABASE_URL).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { createTestDatabase } from "../../../tests/support/db";
import { APPROVED_CARD, CONTACT, createShopper, type TestShopper } from "../../../tests/support/shoppers";
import { settled } from "../../../tests/support/domain-result";
import type { DatabaseHandle } from "../db/client";
import { orderItems, products, productVariants, stockMovements } from "../db/schema";
import { insertSeedProducts } from "../db/seed/demo";
import { SimulatedPaymentProvider } from "../modules/payments/payment-provider";
import { adjustStock, returnStock, setStockLevels, takeStock } from "../modules/inventory/inventory.service";
import { getBundleViews, setBundleComposition } from "../modules/inventory/bundles.service";
import { placeOrder as placeOrderOrThrow } from "./place-order";
import { changeOrderStatus } from "./change-order-status";
import { receiveReturn, requestReturn } from "./returns";
import { saveBundleComposition } from "./bundle-composition";
import { PlaceOrderSchema, type PlaceOrderBody } from "~/domain/checkout/checkout.schema";
import { BundleCompositionSchema, type BundleCompositionInput } from "~/domain/catalog/bundles";
import * as SHOP_MESSAGES from "~/domain/messages/shop";

const placeOrder = (...args: Parameters<typeof placeOrderOrThrow>) => settled(placeOrderOrThrow(...args));

let handle: DatabaseHandle;
let provider: SimulatedPaymentProvider;
let admin: string;
let tag: string;

beforeAll(async () => {
  handle = await createTestDatabase();
  admin = (await createShopper(handle.db, { name: "Admin" })).id;
});

afterAll(async () => {
  await handle?.close();
});

beforeEach(() => {
  provider = new SimulatedPaymentProvider(handle.db, `test-${randomUUID()}`);
});

/** One-variant products (name, price, stock); returns their variant and product ids. */
async function seed(rows: { name: string; priceCents: number; stock: number }[]) {
  tag = randomUUID().slice(0, 8).toUpperCase();
  const seeded = await handle.db.transaction((tx) =>
    insertSeedProducts(
      tx,
      rows.map((r, i) => ({
        name: `${r.name} ${tag}`,
        brand: "Aurore",
        priceCents: r.priceCents,
        variants: [{ sku: `SET-${tag}-${i}`, label: "Format unique", priceCents: r.priceCents, stock: r.stock }],
      })),
    ),
  );
  return seeded.map((s) => ({ productId: s.id, variantId: s.variantId }));
}

function compose(bundleVariantId: string, components: BundleCompositionInput["components"], returnableByComponent = false) {
  return handle.db.transaction((tx) => setBundleComposition(tx, { bundleVariantId, components, returnableByComponent }));
}

async function stockOf(...ids: string[]) {
  const rows = await handle.db
    .select({ id: productVariants.id, stock: productVariants.stockQuantity })
    .from(productVariants)
    .where(inArray(productVariants.id, ids));
  return ids.map((id) => rows.find((r) => r.id === id)!.stock);
}

function order(shopper: TestShopper, lines: PlaceOrderBody["lines"]) {
  return placeOrder(handle.db, {
    userId: shopper.id,
    idempotencyKey: randomUUID(),
    request: PlaceOrderSchema.parse({ contact: CONTACT, card: APPROVED_CARD, address_id: shopper.addressId, lines }),
    provider,
  });
}

describe("a set's stock", () => {
  it("is min(floor(stock / quantity)) and follows its components by every path, for two sets sharing one", async () => {
    const [a, b, c, s1, s2] = await seed([
      { name: "Sérum A", priceCents: 3000, stock: 3 },
      { name: "Crème B", priceCents: 1000, stock: 10 },
      { name: "Baume C", priceCents: 2000, stock: 4 },
      { name: "Coffret S1", priceCents: 3500, stock: 0 },
      { name: "Coffret S2", priceCents: 2500, stock: 0 },
    ]);
    expect(
      await compose(s1.variantId, [
        { variantId: a.variantId, quantity: 1 },
        { variantId: b.variantId, quantity: 2 },
      ]),
    ).toEqual({ stock: 3, isBundle: true });
    await compose(s2.variantId, [
      { variantId: b.variantId, quantity: 3 },
      { variantId: c.variantId, quantity: 1 },
    ]);
    expect(await stockOf(s1.variantId, s2.variantId)).toEqual([3, 3]);

    // Administrator adjustment of the shared component: both sets follow in the same transaction.
    await adjustStock(handle.db, { variantIds: [b.variantId], mode: "set", quantity: 5, actorUserId: admin });
    expect(await stockOf(s1.variantId, s2.variantId)).toEqual([2, 1]);
    // The products' roll-ups (read by listings, feeds, low-stock) follow at commit.
    const [rollup] = await handle.db
      .select({ s: products.stockQuantity, inStock: products.inStock })
      .from(products)
      .where(eq(products.id, s2.productId));
    expect(rollup).toEqual({ s: 1, inStock: true });

    // An order's take and its return.
    const taken = await handle.db.transaction((tx) =>
      takeStock(tx, [{ variantId: c.variantId, quantity: 4 }], { reason: "order", actorUserId: admin }),
    );
    expect(taken.ok).toBe(true);
    expect(await stockOf(s1.variantId, s2.variantId)).toEqual([2, 0]);
    await handle.db.transaction((tx) => returnStock(tx, [{ variantId: c.variantId, quantity: 2 }], { reason: "order_cancelled" }));
    expect(await stockOf(s2.variantId)).toEqual([1]);

    // The catalogue import's levels: a component's level moves the sets, a set's level is ignored.
    await handle.db.transaction((tx) =>
      setStockLevels(
        tx,
        [
          { variantId: b.variantId, stock: 9 },
          { variantId: s1.variantId, stock: 500 },
        ],
        { actorUserId: admin, note: "import" },
      ),
    );
    expect(await stockOf(s1.variantId, s2.variantId)).toEqual([3, 2]);

    // A set's own stock is not editable.
    await expect(
      adjustStock(handle.db, { variantIds: [s1.variantId], mode: "add", quantity: 5, actorUserId: admin }),
    ).rejects.toMatchObject({
      code: "bundle_stock_derived",
      message: SHOP_MESSAGES.setStockDerived,
    });
    // A bulk change over products leaves the sets out and recomputes them.
    await adjustStock(handle.db, {
      variantIds: [a.variantId, s1.variantId],
      mode: "remove",
      quantity: 2,
      actorUserId: admin,
      floorAtZero: true,
    });
    expect(await stockOf(a.variantId, s1.variantId)).toEqual([1, 1]);
  });

  it("sells a set out of its components' stock, snapshots its price shares to the cent, and cancelling gives them back", async () => {
    const [a, b, set] = await seed([
      { name: "Sérum A", priceCents: 3000, stock: 6 },
      { name: "Crème B", priceCents: 1000, stock: 9 },
      { name: "Coffret éclat", priceCents: 3333, stock: 0 },
    ]);
    await compose(set.variantId, [
      { variantId: a.variantId, quantity: 1 },
      { variantId: b.variantId, quantity: 2 },
    ]);
    const shopper = await createShopper(handle.db);
    const placed = await order(shopper, [{ variant_id: set.variantId, quantity: 2 }]);
    if (!placed.ok) throw new Error(JSON.stringify(placed));
    expect(await stockOf(a.variantId, b.variantId, set.variantId)).toEqual([4, 5, 2]);
    // One order line: the set, at its own price; the components only moved stock.
    const lines = await handle.db.select().from(orderItems).where(eq(orderItems.orderId, placed.order.id));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ variantId: set.variantId, quantity: 2, unitPriceCents: 3333, totalPriceCents: 6666 });
    // 3333 split by catalogue value 3000 : 2 x 1000: 1999 (rounded down), the remainder 1334 on the last.
    expect(lines[0].productSnapshot.bundle).toEqual({
      returnable_by_component: false,
      components: [
        expect.objectContaining({ variant_id: a.variantId, quantity: 1, catalogue_price_cents: 3000, share_cents: 1999 }),
        expect.objectContaining({ variant_id: b.variantId, quantity: 2, catalogue_price_cents: 1000, share_cents: 1334 }),
      ],
    });
    const moved = await handle.db
      .select({ variantId: stockMovements.variantId, delta: stockMovements.delta, resulting: stockMovements.resultingStock })
      .from(stockMovements)
      .where(and(eq(stockMovements.orderId, placed.order.id), eq(stockMovements.reason, "order")));
    expect(moved.sort((x, y) => x.delta - y.delta)).toEqual([
      { variantId: b.variantId, delta: -4, resulting: 5 },
      { variantId: a.variantId, delta: -2, resulting: 4 },
    ]);

    // A later composition change does not change what the cancellation puts back: the snapshot's components.
    await compose(set.variantId, [{ variantId: a.variantId, quantity: 3 }]);
    const cancelled = await settled(
      changeOrderStatus(handle.db, { orderId: placed.order.id, newStatus: "cancelled", actor: { userId: admin, role: "admin" }, provider }),
    );
    expect(cancelled.ok).toBe(true);
    expect(await stockOf(a.variantId, b.variantId, set.variantId)).toEqual([6, 9, 2]);
  });

  it("names the set, with the sets left, when its components run short", async () => {
    const [a, set] = await seed([
      { name: "Sérum A", priceCents: 3000, stock: 3 },
      { name: "Coffret duo", priceCents: 5000, stock: 0 },
    ]);
    await compose(set.variantId, [{ variantId: a.variantId, quantity: 2 }]);
    const refused = await order(await createShopper(handle.db), [{ variant_id: set.variantId, quantity: 2 }]);
    expect(refused).toMatchObject({ ok: false, status: 409, code: "insufficient_stock" });
    expect(!refused.ok && refused.message).toContain(`Coffret duo ${tag}`);
    expect(await stockOf(a.variantId, set.variantId)).toEqual([3, 1]);
  });
});

describe("selling sets concurrently", () => {
  it("sells exactly 3 of 10 concurrent orders of a set whose component has 3 units, never below 0", async () => {
    const [a, set] = await seed([
      { name: "Sérum A", priceCents: 3000, stock: 3 },
      { name: "Coffret solo", priceCents: 2900, stock: 0 },
    ]);
    await compose(set.variantId, [{ variantId: a.variantId, quantity: 1 }]);
    const shoppers = await Promise.all(Array.from({ length: 10 }, () => createShopper(handle.db)));
    const results = await Promise.all(shoppers.map((s) => order(s, [{ variant_id: set.variantId, quantity: 1 }])));
    for (const r of results) if (!r.ok) expect(r).toMatchObject({ status: 409, code: "insufficient_stock" });
    expect(results.filter((r) => r.ok)).toHaveLength(3);
    expect(await stockOf(a.variantId, set.variantId)).toEqual([0, 0]);
  });

  it("shares a component between concurrent orders of the set and of the component alone, without deadlock", async () => {
    const [a, b, set] = await seed([
      { name: "Sérum A", priceCents: 3000, stock: 5 },
      { name: "Crème B", priceCents: 1000, stock: 20 },
      { name: "Coffret duo", priceCents: 3500, stock: 0 },
    ]);
    await compose(set.variantId, [
      { variantId: a.variantId, quantity: 1 },
      { variantId: b.variantId, quantity: 1 },
    ]);
    const shoppers = await Promise.all(Array.from({ length: 12 }, () => createShopper(handle.db)));
    const results = await Promise.all(
      shoppers.map((s, i) =>
        order(
          s,
          i % 3 === 0
            ? [{ variant_id: a.variantId, quantity: 1 }]
            : i % 3 === 1
              ? [{ variant_id: set.variantId, quantity: 1 }]
              : [
                  { variant_id: b.variantId, quantity: 1 },
                  { variant_id: set.variantId, quantity: 1 },
                ],
        ),
      ),
    );
    for (const r of results) if (!r.ok) expect(r).toMatchObject({ status: 409, code: "insufficient_stock" });
    const won = results.flatMap((r) => (r.ok ? [r.order] : []));
    const units = (variantId: string) =>
      won
        .flatMap((o) => o.items)
        .filter((i) => i.variant_id === variantId)
        .reduce((sum, i) => sum + i.quantity, 0);
    // Every unit of A went, to the component alone or inside a set; none oversold.
    expect(units(a.variantId) + units(set.variantId)).toBe(5);
    const [stockA, stockB, stockSet] = await stockOf(a.variantId, b.variantId, set.variantId);
    expect(stockA).toBe(0);
    expect(stockB).toBe(20 - units(b.variantId) - units(set.variantId));
    expect(stockSet).toBe(0);
  });
});

describe("returning a set", () => {
  it("takes the whole set back: its components return to stock and its price is refunded", async () => {
    const [a, b, set] = await seed([
      { name: "Sérum A", priceCents: 3000, stock: 4 },
      { name: "Crème B", priceCents: 1000, stock: 4 },
      { name: "Coffret retour", priceCents: 3500, stock: 0 },
    ]);
    await compose(set.variantId, [
      { variantId: a.variantId, quantity: 1 },
      { variantId: b.variantId, quantity: 2 },
    ]);
    const shopper = await createShopper(handle.db);
    const placed = await order(shopper, [{ variant_id: set.variantId, quantity: 1 }]);
    if (!placed.ok) throw new Error(JSON.stringify(placed));
    await changeOrderStatus(handle.db, {
      orderId: placed.order.id,
      newStatus: "delivered",
      actor: { userId: admin, role: "admin" },
      provider,
    });
    expect(await stockOf(a.variantId, b.variantId, set.variantId)).toEqual([3, 2, 1]);
    const ret = await requestReturn(handle.db, {
      userId: shopper.id,
      orderId: placed.order.id,
      body: { lines: [{ order_item_id: placed.order.items[0].id, quantity: 1 }], reason: "not_suited", confirm_unopened: true },
    });
    const received = await receiveReturn(handle.db, {
      returnId: ret.id,
      body: { lines: [{ return_item_id: ret.items[0].id, accepted: true }] },
      actorUserId: admin,
      provider,
    });
    expect(received).toMatchObject({ status: "refunded", refund_cents: 3500 });
    expect(await stockOf(a.variantId, b.variantId, set.variantId)).toEqual([4, 4, 2]);
  });
});

describe("a set's composition (French refusals)", () => {
  it("refuses itself, a cycle, a set inside a set, a duplicate, a quantity of 0 and an unknown component", async () => {
    const [a, b, set, other] = await seed([
      { name: "Sérum A", priceCents: 3000, stock: 4 },
      { name: "Crème B", priceCents: 1000, stock: 4 },
      { name: "Coffret principal", priceCents: 3500, stock: 0 },
      { name: "Coffret second", priceCents: 3500, stock: 0 },
    ]);
    await compose(set.variantId, [{ variantId: a.variantId, quantity: 1 }]);
    const refusal = (p: Promise<object>) => settled(p);
    expect(await refusal(compose(other.variantId, [{ variantId: other.variantId, quantity: 1 }]))).toMatchObject({
      ok: false,
      code: "bundle_contains_itself",
      message: "Un coffret ne peut pas se contenir lui-même.",
    });
    // A (inside the set) made into a set holding the set: a cycle.
    expect(await refusal(compose(a.variantId, [{ variantId: set.variantId, quantity: 1 }]))).toMatchObject({
      ok: false,
      code: "bundle_cycle",
      message: `Coffret principal ${tag} contient déjà ce coffret : un coffret ne peut pas contenir un coffret qui le contient.`,
    });
    expect(await refusal(compose(other.variantId, [{ variantId: set.variantId, quantity: 1 }]))).toMatchObject({
      ok: false,
      code: "bundle_component_is_set",
      message: `Coffret principal ${tag} est un coffret : un coffret ne peut pas contenir un autre coffret.`,
    });
    expect(await refusal(compose(a.variantId, [{ variantId: b.variantId, quantity: 1 }]))).toMatchObject({
      ok: false,
      code: "bundle_is_component",
    });
    expect(
      await refusal(
        compose(other.variantId, [
          { variantId: b.variantId, quantity: 1 },
          { variantId: b.variantId, quantity: 2 },
        ]),
      ),
    ).toMatchObject({
      ok: false,
      code: "bundle_duplicate_component",
      message: `Crème B ${tag} figure deux fois dans le coffret : modifiez plutôt sa quantité.`,
    });
    expect(await refusal(compose(other.variantId, [{ variantId: b.variantId, quantity: 0 }]))).toMatchObject({
      ok: false,
      code: "bundle_quantity_invalid",
      message: "La quantité d'un composant doit être un nombre entier entre 1 et 99.",
    });
    expect(await refusal(compose(other.variantId, [{ variantId: randomUUID(), quantity: 1 }]))).toMatchObject({
      ok: false,
      code: "bundle_component_not_found",
    });
    // The form's schema says the same before the server is asked.
    const parsed = BundleCompositionSchema.safeParse({
      returnableByComponent: false,
      components: [{ variantId: b.variantId, quantity: 0 }],
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0].message).toBe("La quantité d'un composant doit être un nombre entier entre 1 et 99.");
    // Nothing was written by the refusals: the second set is still a plain variant.
    expect(
      await saveBundleComposition(handle.db, {
        productId: other.productId,
        variantId: other.variantId,
        composition: { returnableByComponent: true, components: [{ variantId: b.variantId, quantity: 2 }] },
      }),
    ).toEqual({ stock: 2, isBundle: true });
    // Emptied, it becomes a plain variant again, keeping its last stock, editable again.
    expect(
      await saveBundleComposition(handle.db, {
        productId: other.productId,
        variantId: other.variantId,
        composition: { returnableByComponent: false, components: [] },
      }),
    ).toEqual({ stock: 2, isBundle: false });
    await adjustStock(handle.db, { variantIds: [other.variantId], mode: "add", quantity: 1, actorUserId: admin });
    expect(await stockOf(other.variantId)).toEqual([3]);
  });

  it("sells a set out when one of its components' product is deleted", async () => {
    const [a, b, set] = await seed([
      { name: "Sérum A", priceCents: 3000, stock: 4 },
      { name: "Crème B", priceCents: 1000, stock: 4 },
      { name: "Coffret orphelin", priceCents: 3500, stock: 0 },
    ]);
    await compose(set.variantId, [
      { variantId: a.variantId, quantity: 1 },
      { variantId: b.variantId, quantity: 1 },
    ]);
    expect(await stockOf(set.variantId)).toEqual([4]);
    await handle.db.delete(products).where(eq(products.id, b.productId));
    expect(await stockOf(set.variantId)).toEqual([0]);
  });
});

describe("the demo shop's set", () => {
  it("seeds 'Coffret routine éclat' made of three demo variants, its stock what they make", async () => {
    const [set] = await handle.db
      .select({ variantId: productVariants.id, stock: productVariants.stockQuantity, price: productVariants.priceCents })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(eq(products.name, "Coffret routine éclat"));
    const views = await getBundleViews(handle.db, [set.variantId]);
    const components = views.get(set.variantId)!.components;
    expect(components.map((c) => c.name)).toEqual(["Gel Nettoyant Purifiant", "Sérum Éclat Vitamine C", "Crème Hydratante Intense"]);
    expect(set.stock).toBe(Math.min(...components.map((c) => Math.floor(c.stock / c.quantity))));
    expect(set.stock).toBeGreaterThan(0);
    expect(views.get(set.variantId)!.returnableByComponent).toBe(true);
  });
});
