import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { and, desc, eq, inArray } from "drizzle-orm";
import { createTestDatabase } from "../../../../tests/support/db";
import { createShopper, pickProducts } from "../../../../tests/support/shoppers";
import type { DatabaseHandle } from "../../db/client";
import { products, stockMovements } from "../../db/schema";
import {
  adjustStock as adjustStockOrThrow,
  INSUFFICIENT_STOCK_MESSAGE,
  INVALID_QUANTITY_MESSAGE,
  returnStock,
  takeStock,
} from "./inventory.service";
import { settled } from "../../../../tests/support/domain-result";

const adjustStock = (...args: Parameters<typeof adjustStockOrThrow>) => settled(adjustStockOrThrow(...args));

let handle: DatabaseHandle;
let admin: string;

beforeAll(async () => {
  handle = await createTestDatabase();
  admin = (await createShopper(handle.db, { name: "Admin" })).id;
});

afterAll(async () => {
  await handle?.close();
});

async function stock(ids: string[]) {
  const rows = await handle.db
    .select({ id: products.id, s: products.stockQuantity, inStock: products.inStock })
    .from(products)
    .where(inArray(products.id, ids));
  return ids.map((id) => rows.find((r) => r.id === id)!);
}

async function lastMovement(productId: string) {
  const [row] = await handle.db
    .select()
    .from(stockMovements)
    .where(eq(stockMovements.productId, productId))
    .orderBy(desc(stockMovements.id))
    .limit(1);
  return row;
}

describe("adjustStock (administrator)", () => {
  it("sets, adds and removes in bulk, flooring at 0, with one movement per changed product", async () => {
    const [a, b] = await pickProducts(handle.db, 2, 5);
    const ids = [a.id, b.id];
    expect(
      await adjustStock(handle.db, { variantIds: [a.variantId, b.variantId], mode: "set", quantity: 12, actorUserId: admin }),
    ).toMatchObject({ ok: true });
    expect((await stock(ids)).map((r) => r.s)).toEqual([12, 12]);
    await adjustStock(handle.db, { variantIds: [a.variantId, b.variantId], mode: "add", quantity: 3, actorUserId: admin });
    expect((await stock(ids)).map((r) => r.s)).toEqual([15, 15]);
    await adjustStock(handle.db, { variantIds: [a.variantId], mode: "set", quantity: 4, actorUserId: admin });
    const removed = await adjustStock(handle.db, {
      variantIds: [a.variantId, b.variantId],
      mode: "remove",
      quantity: 10,
      actorUserId: admin,
      floorAtZero: true,
    });
    expect(removed).toMatchObject({ ok: true });
    expect(await stock(ids)).toEqual([
      { id: a.id, s: 0, inStock: false },
      { id: b.id, s: 5, inStock: true },
    ]);
    expect(await lastMovement(a.id)).toMatchObject({ reason: "admin_remove", delta: -4, resultingStock: 0, actorUserId: admin });
    expect(await lastMovement(b.id)).toMatchObject({ reason: "admin_remove", delta: -10, resultingStock: 5 });
  });

  it("refuses to remove more than the stock of one product ('Stock insuffisant') and changes nothing", async () => {
    const [a, b] = await pickProducts(handle.db, 2, 3);
    await adjustStock(handle.db, { variantIds: [b.variantId], mode: "set", quantity: 10, actorUserId: admin });
    const before = await handle.db
      .select()
      .from(stockMovements)
      .where(inArray(stockMovements.productId, [a.id, b.id]));
    const result = await adjustStock(handle.db, {
      variantIds: [a.variantId, b.variantId],
      mode: "remove",
      quantity: 5,
      actorUserId: admin,
    });
    expect(result).toEqual({ ok: false, status: 409, code: "insufficient_stock", message: INSUFFICIENT_STOCK_MESSAGE });
    expect((await stock([a.id, b.id])).map((r) => r.s)).toEqual([3, 10]);
    const after = await handle.db
      .select()
      .from(stockMovements)
      .where(inArray(stockMovements.productId, [a.id, b.id]));
    expect(after).toHaveLength(before.length);
  });

  it("refuses negative, fractional and huge quantities, and unknown products, with French messages", async () => {
    const [a] = await pickProducts(handle.db, 1, 7);
    for (const quantity of [-3, 1.5, Number.NaN, 2_000_000]) {
      expect(await adjustStock(handle.db, { variantIds: [a.variantId], mode: "set", quantity, actorUserId: admin })).toEqual({
        ok: false,
        status: 400,
        code: "invalid_quantity",
        message: INVALID_QUANTITY_MESSAGE,
      });
    }
    for (const id of [randomUUID(), "not-an-id"]) {
      expect(await adjustStock(handle.db, { variantIds: [a.variantId, id], mode: "add", quantity: 1, actorUserId: admin })).toMatchObject({
        ok: false,
        status: 404,
        message: "Produit introuvable",
      });
    }
    expect((await stock([a.id]))[0].s).toBe(7);
  });

  it("keeps every concurrent add and remove (row locks, no lost update)", async () => {
    const [a] = await pickProducts(handle.db, 1, 100);
    await Promise.all([
      ...Array.from({ length: 10 }, () =>
        adjustStock(handle.db, { variantIds: [a.variantId], mode: "add", quantity: 2, actorUserId: admin }),
      ),
      ...Array.from({ length: 10 }, () =>
        adjustStock(handle.db, { variantIds: [a.variantId], mode: "remove", quantity: 1, actorUserId: admin }),
      ),
    ]);
    expect((await stock([a.id]))[0].s).toBe(110);
  });
});

describe("takeStock / returnStock (orders)", () => {
  it("takes all or reports the first product short of stock; returns with movements", async () => {
    const [a, b] = await pickProducts(handle.db, 2, 2);
    // On a failure the caller rolls its transaction back (a was already taken).
    let short: unknown;
    await handle.db
      .transaction(async (tx) => {
        short = await takeStock(
          tx,
          [
            { variantId: a.variantId, quantity: 1 },
            { variantId: b.variantId, quantity: 3 },
          ],
          { reason: "order" },
        );
        throw new Error("rollback");
      })
      .catch(() => {});
    expect(short).toMatchObject({ ok: false, variantId: b.variantId, productId: b.id, exists: true, available: 2 });
    const taken = await handle.db.transaction(async (tx) =>
      takeStock(
        tx,
        [
          { variantId: a.variantId, quantity: 2 },
          { variantId: b.variantId, quantity: 1 },
        ],
        { reason: "order" },
      ),
    );
    expect(taken.ok).toBe(true);
    expect(await stock([a.id, b.id])).toEqual([
      { id: a.id, s: 0, inStock: false },
      { id: b.id, s: 1, inStock: true },
    ]);
    await handle.db.transaction((tx) => returnStock(tx, [{ variantId: a.variantId, quantity: 2 }], { reason: "order_cancelled" }));
    expect((await stock([a.id]))[0]).toMatchObject({ s: 2, inStock: true });
    const moves = await handle.db
      .select({ delta: stockMovements.delta, reason: stockMovements.reason })
      .from(stockMovements)
      .where(and(eq(stockMovements.productId, a.id), inArray(stockMovements.reason, ["order", "order_cancelled"])));
    expect(moves).toEqual(
      expect.arrayContaining([
        { delta: -2, reason: "order" },
        { delta: 2, reason: "order_cancelled" },
      ]),
    );
  });
});
