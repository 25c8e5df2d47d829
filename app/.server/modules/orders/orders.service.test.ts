import { randomUUID } from "node:crypto";
import { setProductStock } from "../../../../tests/support/shoppers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, eq, inArray, sql } from "drizzle-orm";
import { createTestDatabase } from "../../../../tests/support/db";
import { APPROVED_CARD } from "../../../../tests/support/shoppers";
import type { DatabaseHandle } from "../../db/client";
import {
  beautyPassTransactions,
  orderItems,
  orders,
  orderStatusChanges,
  outbox,
  products,
  stockMovements,
  user,
  userProfiles,
  type OrderAddress,
} from "../../db/schema";
import { SimulatedPaymentProvider } from "../payments/payment-provider";
import { ORDER_NOT_CANCELLABLE_MESSAGE, ORDER_NOT_FOUND_MESSAGE } from "./orders.service";
import { getOrder, listOrders } from "../../workflows/order-views";
import { cancelOwnOrder as cancelOrderOrThrow } from "~/.server/workflows/change-order-status";
import { settled } from "../../../../tests/support/domain-result";

const cancelOrder = (...args: Parameters<typeof cancelOrderOrThrow>) => settled(cancelOrderOrThrow(...args));

let handle: DatabaseHandle;
const alice = "user-orders-alice";
const bruno = "user-orders-bruno";
const MINUTE = 60_000;

type ProductRow = { id: string; name: string; priceCents: number; brand: string | null; stockQuantity: number };
let catalogue: ProductRow[];

const address: OrderAddress = {
  first_name: "Alice",
  last_name: "Martin",
  street: "12 rue des Lilas",
  city: "Lyon",
  postal_code: "69003",
  country: "France",
  phone: "0612345678",
};

let orderSeq = 0;

/** A provider on its own merchant account: its books hold this test's charges and refunds only. */
function newProvider(): SimulatedPaymentProvider {
  return new SimulatedPaymentProvider(handle.db, `test-${randomUUID()}`);
}

/** Inserts an order placed at `createdAt` with one line per [product, quantity]. */
async function placeOrder(
  userId: string,
  lines: [ProductRow, number][],
  options: { createdAt?: Date; pointsUsed?: number; paymentStatus?: string; email?: string; provider?: SimulatedPaymentProvider } = {},
) {
  const subtotal = lines.reduce((sum, [p, q]) => sum + p.priceCents * q, 0);
  const discount = ((options.pointsUsed ?? 0) / 100) * 1000;
  orderSeq += 1;
  // The card really is charged at the (simulated) acquirer, so a refund has a payment to refer to.
  const charged = await (options.provider ?? new SimulatedPaymentProvider(handle.db)).charge({
    amountCents: subtotal + 990 - discount,
    currency: "EUR",
    source: { type: "card", card: APPROVED_CARD },
    customerRef: "test",
    idempotencyKey: randomUUID(),
    description: "test",
  });
  if (!charged.ok) throw new Error("test charge declined");
  const [order] = await handle.db
    .insert(orders)
    .values({
      orderNumber: `AUR-TEST-${String(orderSeq).padStart(4, "0")}`,
      userId,
      status: "pending",
      paymentStatus: options.paymentStatus ?? "paid",
      subtotalCents: subtotal,
      shippingCents: 990,
      discountCents: discount,
      totalCents: subtotal + 990 - discount,
      pointsUsed: options.pointsUsed ?? 0,
      shippingAddress: address,
      metadata: {
        customer_info: { email: options.email ?? `${userId}@example.com`, name: "Alice Martin", phone: "0612345678" },
        payment: { provider: "simulated", payment_id: charged.paymentId, brand: "visa", last_four: "4242" },
      },
      ...(options.createdAt ? { createdAt: options.createdAt } : {}),
    })
    .returning();
  await handle.db.insert(orderItems).values(
    lines.map(([p, q]) => ({
      orderId: order.id,
      productId: p.id,
      variantId: sql<string>`(SELECT "id" FROM "product_variants" WHERE "product_id" = ${p.id} LIMIT 1)`,
      quantity: q,
      unitPriceCents: p.priceCents,
      totalPriceCents: p.priceCents * q,
      productSnapshot: { name: p.name, price_cents: p.priceCents, brand: p.brand, image_url: null },
    })),
  );
  return order;
}

async function stockOf(ids: string[]): Promise<Record<string, number>> {
  const rows = await handle.db.select({ id: products.id, stock: products.stockQuantity }).from(products).where(inArray(products.id, ids));
  return Object.fromEntries(rows.map((r) => [r.id, r.stock]));
}

async function pointsOf(userId: string): Promise<number> {
  const [row] = await handle.db.select({ points: userProfiles.loyaltyPoints }).from(userProfiles).where(eq(userProfiles.id, userId));
  return row.points;
}

beforeAll(async () => {
  handle = await createTestDatabase();
  const { db } = handle;
  await db.insert(user).values([
    { id: alice, name: "Alice Martin", email: "alice.orders@example.com" },
    { id: bruno, name: "Bruno Petit", email: "bruno.orders@example.com" },
  ]);
  await db.insert(userProfiles).values([
    { id: alice, firstName: "Alice", lastName: "Martin", loyaltyPoints: 50 },
    { id: bruno, firstName: "Bruno", lastName: "Petit", loyaltyPoints: 0 },
  ]);
  catalogue = await db
    .select({
      id: products.id,
      name: products.name,
      priceCents: products.priceCents,
      brand: products.brand,
      stockQuantity: products.stockQuantity,
    })
    .from(products)
    .where(eq(products.variantCount, 1))
    .orderBy(asc(products.name))
    .limit(5);
});

afterAll(async () => {
  await handle?.close();
});

describe("listOrders and getOrder", () => {
  it("lists only the shopper's own orders, newest first, with their items", async () => {
    const now = Date.now();
    const older = await placeOrder(alice, [[catalogue[0], 1]], { createdAt: new Date(now - 3 * 86_400_000) });
    const newer = await placeOrder(
      alice,
      [
        [catalogue[1], 2],
        [catalogue[2], 1],
      ],
      { createdAt: new Date(now - 86_400_000) },
    );
    const other = await placeOrder(bruno, [[catalogue[3], 1]]);

    const list = await listOrders(handle.db, alice);
    expect(list.map((o) => o.id)).toEqual([newer.id, older.id]);
    expect(list[0].items.map((i) => [i.product_snapshot.name, i.quantity])).toEqual(
      expect.arrayContaining([
        [catalogue[1].name, 2],
        [catalogue[2].name, 1],
      ]),
    );
    expect(list[0].number).toBe(newer.orderNumber);
    expect(list[0].reference).toBe(newer.orderNumber);
    expect(list[0].cancellable).toBe(false);

    const bruList = await listOrders(handle.db, bruno);
    expect(bruList.map((o) => o.id)).toEqual([other.id]);
    expect(bruList[0].cancellable).toBe(true);
  });

  it("returns null for someone else's order, an unknown id or a malformed id", async () => {
    const [own] = await listOrders(handle.db, bruno);
    expect((await getOrder(handle.db, bruno, own.id))?.id).toBe(own.id);
    expect(await getOrder(handle.db, alice, own.id)).toBeNull();
    expect(await getOrder(handle.db, alice, "00000000-0000-4000-8000-000000000000")).toBeNull();
    expect(await getOrder(handle.db, alice, "not-a-uuid'; DROP TABLE orders;--")).toBeNull();
  });
});

describe("cancelOrder", () => {
  it("cancels a pending order within the hour: stock, movements, status change, points and e-mail", async () => {
    const provider = newProvider();
    const [a, b] = [catalogue[0], catalogue[4]];
    const before = await stockOf([a.id, b.id]);
    // Placing the order took the stock and 200 points (what the place-order workflow does).
    await setProductStock(handle.db, a.id, before[a.id] - 3);
    await setProductStock(handle.db, b.id, before[b.id] - 1);
    const order = await placeOrder(
      alice,
      [
        [a, 2],
        [b, 1],
        [a, 1],
      ],
      { createdAt: new Date(Date.now() - 10 * MINUTE), pointsUsed: 200, email: "contact.alice@example.com", provider },
    );
    const pointsBefore = await pointsOf(alice);

    const result = await cancelOrder(handle.db, alice, order.id, new Date(), provider);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect((await provider.listRefunds()).map(({ paymentId, amountCents }) => ({ paymentId, amountCents }))).toEqual([
      { paymentId: (order.metadata.payment as { payment_id: string }).payment_id, amountCents: order.totalCents },
    ]);
    expect(result.order.status).toBe("cancelled");
    expect(result.order.payment_status).toBe("refunded");
    expect(result.order.cancellable).toBe(false);

    expect(await stockOf([a.id, b.id])).toEqual(before);
    const [row] = await handle.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row.status).toBe("cancelled");
    expect(row.paymentStatus).toBe("refunded");

    const movements = await handle.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.orderId, order.id))
      .orderBy(asc(stockMovements.productId));
    expect(movements.map((m) => [m.productId, m.delta, m.resultingStock, m.reason])).toEqual(
      [
        [a.id, 3, before[a.id], "order_cancelled"],
        [b.id, 1, before[b.id], "order_cancelled"],
      ].sort((x, y) => String(x[0]).localeCompare(String(y[0]))),
    );

    const changes = await handle.db.select().from(orderStatusChanges).where(eq(orderStatusChanges.orderId, order.id));
    expect(changes.map((c) => [c.fromStatus, c.toStatus, c.actorUserId])).toEqual([["pending", "cancelled", alice]]);

    expect(await pointsOf(alice)).toBe(pointsBefore + 200);
    const refunds = await handle.db.select().from(beautyPassTransactions).where(eq(beautyPassTransactions.orderId, order.id));
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({
      userId: alice,
      points: 200,
      type: "refunded",
      description: `Points restitués (commande annulée ${result.order.reference})`,
    });

    const mails = (await handle.db.select().from(outbox).where(eq(outbox.topic, "mail"))).filter((m) =>
      String(m.payload.subject).includes(result.order.reference),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0].payload).toMatchObject({
      to: "contact.alice@example.com",
      subject: `Annulation de votre commande ${result.order.number}`,
    });
    expect(String(mails[0].payload.text)).toContain(`${a.name} x 2`);
  });

  it("mails the account's address when the order has no contact e-mail, and leaves a pending payment pending", async () => {
    const order = await placeOrder(bruno, [[catalogue[2], 1]], { paymentStatus: "pending" });
    await handle.db.update(orders).set({ metadata: {} }).where(eq(orders.id, order.id));
    const provider = newProvider();
    const result = await cancelOrder(handle.db, bruno, order.id, new Date(), provider);
    expect(result.ok && result.order.payment_status).toBe("pending");
    expect(await provider.listRefunds()).toEqual([]);
    const mails = (await handle.db.select().from(outbox).where(eq(outbox.topic, "mail"))).filter(
      (m) => m.payload.to === "bruno.orders@example.com",
    );
    expect(mails).toHaveLength(1);
  });

  it("refuses after 61 minutes and changes nothing", async () => {
    const p = catalogue[3];
    const placedAt = new Date("2030-01-01T10:00:00Z");
    const order = await placeOrder(alice, [[p, 1]], { createdAt: placedAt, pointsUsed: 100 });
    const stock = await stockOf([p.id]);
    const points = await pointsOf(alice);

    const inTime = await getOrder(handle.db, alice, order.id, new Date(placedAt.getTime() + 59 * MINUTE));
    expect(inTime?.cancellable).toBe(true);

    const provider = newProvider();
    const result = await cancelOrder(handle.db, alice, order.id, new Date(placedAt.getTime() + 61 * MINUTE), provider);
    expect(await provider.listRefunds()).toEqual([]);
    expect(result).toEqual({ ok: false, status: 409, code: "order_not_cancellable", message: ORDER_NOT_CANCELLABLE_MESSAGE });
    const [row] = await handle.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row.status).toBe("pending");
    expect(await stockOf([p.id])).toEqual(stock);
    expect(await pointsOf(alice)).toBe(points);
    expect(await handle.db.select().from(stockMovements).where(eq(stockMovements.orderId, order.id))).toHaveLength(0);
  });

  it("refuses a second cancellation (also when both run at once) and returns the stock only once", async () => {
    const p = catalogue[1];
    const provider = newProvider();
    const order = await placeOrder(alice, [[p, 2]], { provider });
    const stock = (await stockOf([p.id]))[p.id];

    const [first, second] = await Promise.all([
      cancelOrder(handle.db, alice, order.id, new Date(), provider),
      cancelOrder(handle.db, alice, order.id, new Date(), provider),
    ]);
    expect(await provider.listRefunds()).toHaveLength(1);
    expect([first.ok, second.ok].sort()).toEqual([false, true]);
    const refused = first.ok ? second : first;
    expect(refused).toMatchObject({ status: 409, message: ORDER_NOT_CANCELLABLE_MESSAGE });

    const again = await cancelOrder(handle.db, alice, order.id);
    expect(again).toMatchObject({ ok: false, status: 409, message: ORDER_NOT_CANCELLABLE_MESSAGE });
    expect((await stockOf([p.id]))[p.id]).toBe(stock + 2);
    expect(await handle.db.select().from(stockMovements).where(eq(stockMovements.orderId, order.id))).toHaveLength(1);
    expect(await handle.db.select().from(orderStatusChanges).where(eq(orderStatusChanges.orderId, order.id))).toHaveLength(1);
  });

  it("treats someone else's order, an unknown id and a malformed id as not found, changing nothing", async () => {
    const p = catalogue[2];
    const order = await placeOrder(bruno, [[p, 1]], { pointsUsed: 100 });
    const stock = await stockOf([p.id]);
    const notFound = { ok: false, status: 404, code: "not_found", message: ORDER_NOT_FOUND_MESSAGE };

    expect(await cancelOrder(handle.db, alice, order.id)).toEqual(notFound);
    expect(await cancelOrder(handle.db, alice, "00000000-0000-4000-8000-000000000000")).toEqual(notFound);
    expect(await cancelOrder(handle.db, alice, "abc")).toEqual(notFound);

    const [row] = await handle.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row.status).toBe("pending");
    expect(await stockOf([p.id])).toEqual(stock);
    expect(await pointsOf(bruno)).toBe(0);
    expect(await handle.db.select().from(orderStatusChanges).where(eq(orderStatusChanges.orderId, order.id))).toHaveLength(0);
  });
});
