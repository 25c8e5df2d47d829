import { getEnv } from "../env";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { createTestDatabase } from "../../../tests/support/db";
import { APPROVED_CARD, CONTACT, createShopper, pickProducts, type TestShopper } from "../../../tests/support/shoppers";
import type { DatabaseHandle } from "../db/client";
import {
  beautyPassTransactions,
  notifications,
  orderItems,
  orders,
  orderStatusChanges,
  outbox,
  products,
  restockAlerts,
  stockMovements,
  userPreferences,
  userProfiles,
} from "../db/schema";
import { SimulatedPaymentProvider } from "../modules/payments/payment-provider";
import { placeOrder as placeOrderOrThrow } from "./place-order";
import {
  cancelOwnOrder as cancelOwnOrderOrThrow,
  changeOrderStatus as changeOrderStatusOrThrow,
  INVALID_STATUS_MESSAGE,
} from "./change-order-status";
import { PlaceOrderSchema } from "~/domain/checkout/checkout.schema";
import { ORDER_STATUS_VALUES } from "~/domain/orders/order.types";
import { pointsEarnedFor } from "~/domain/loyalty/loyalty.rules";
import { settled } from "../../../tests/support/domain-result";
import { subscribeShopperRestockAlert } from "../modules/catalog/restock-alerts.service";

const placeOrder = (...args: Parameters<typeof placeOrderOrThrow>) => settled(placeOrderOrThrow(...args));
const cancelOwnOrder = (...args: Parameters<typeof cancelOwnOrderOrThrow>) => settled(cancelOwnOrderOrThrow(...args));
const changeOrderStatus = (...args: Parameters<typeof changeOrderStatusOrThrow>) => settled(changeOrderStatusOrThrow(...args));

let handle: DatabaseHandle;
let admin: string;
// The shop's own merchant account: changes made without a provider refund through the same books.
const provider = new SimulatedPaymentProvider(async () => handle.db);

beforeAll(async () => {
  handle = await createTestDatabase();
  admin = (await createShopper(handle.db, { name: "Admin" })).id;
});

afterAll(async () => {
  await handle?.close();
});

/** A shopper whose starting points are in the ledger too (balance = sum of transactions). */
async function shopperWithPoints(points: number): Promise<TestShopper> {
  const shopper = await createShopper(handle.db);
  if (points > 0) {
    await handle.db.update(userProfiles).set({ loyaltyPoints: points }).where(eq(userProfiles.id, shopper.id));
    await handle.db.insert(beautyPassTransactions).values({ userId: shopper.id, points, type: "adjusted", description: "Solde de départ" });
  }
  return shopper;
}

async function order(shopper: TestShopper, lines: { product_id: string; quantity: number }[], pointsToUse = 0) {
  const result = await placeOrder(handle.db, {
    userId: shopper.id,
    idempotencyKey: randomUUID(),
    provider,
    request: PlaceOrderSchema.parse({
      address_id: shopper.addressId,
      contact: CONTACT,
      card: APPROVED_CARD,
      lines,
      points_to_use: pointsToUse,
    }),
  });
  if (!result.ok) throw new Error(`order failed: ${result.message}`);
  return result.order;
}

async function stockOf(id: string) {
  const [row] = await handle.db.select({ s: products.stockQuantity }).from(products).where(eq(products.id, id));
  return row.s;
}

async function pointsOf(userId: string) {
  const [row] = await handle.db.select({ p: userProfiles.loyaltyPoints }).from(userProfiles).where(eq(userProfiles.id, userId));
  return row.p;
}

async function ledgerOf(userId: string) {
  return handle.db
    .select()
    .from(beautyPassTransactions)
    .where(eq(beautyPassTransactions.userId, userId))
    .orderBy(asc(beautyPassTransactions.createdAt));
}

const asAdmin = () => ({ userId: admin, role: "admin" as const });

describe("changeOrderStatus", () => {
  it("delivered credits 1 point per whole euro paid, once, with a notification and an e-mail", async () => {
    const [p] = await pickProducts(handle.db, 1, 20);
    const shopper = await shopperWithPoints(0);
    const placed = await order(shopper, [{ product_id: p.id, quantity: 2 }]);
    const expected = pointsEarnedFor(placed.total_cents);
    expect(expected).toBeGreaterThan(0);

    const shipped = await changeOrderStatus(handle.db, { orderId: placed.id, newStatus: "shipped", actor: asAdmin() });
    expect(shipped).toMatchObject({ ok: true, changed: true, pointsCredited: 0 });
    const delivered = await changeOrderStatus(handle.db, { orderId: placed.id, newStatus: "delivered", actor: asAdmin() });
    expect(delivered).toMatchObject({ ok: true, changed: true, pointsCredited: expected });
    expect(await pointsOf(shopper.id)).toBe(expected);
    const again = await changeOrderStatus(handle.db, { orderId: placed.id, newStatus: "delivered", actor: asAdmin() });
    expect(again).toMatchObject({ ok: true, changed: false, pointsCredited: 0 });
    expect(await pointsOf(shopper.id)).toBe(expected);

    const [earned] = (await ledgerOf(shopper.id)).filter((t) => t.type === "earned");
    expect(earned).toMatchObject({
      points: expected,
      orderId: placed.id,
      description: `Points gagnés pour la commande ${placed.number}`,
    });
    expect(earned.expiresAt!.getTime() - earned.createdAt.getTime()).toBeGreaterThan(364 * 24 * 3600 * 1000);

    const notes = await handle.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, shopper.id))
      .orderBy(asc(notifications.createdAt));
    expect(notes.map((n) => n.metadata.new_status)).toEqual(["shipped", "delivered"]);
    expect(notes[1]).toMatchObject({
      type: "order_status",
      title: `Commande ${placed.number} livrée`,
      message: `Le statut de votre commande ${placed.number} est maintenant : Livrée. Vous avez gagné ${expected} points Beauty Pass.`,
      isRead: false,
    });
    const mails = await handle.db
      .select()
      .from(outbox)
      .where(sql`${outbox.payload}->>'subject' like ${`%${placed.number} : Livrée`}`);
    expect(mails).toHaveLength(1);
    expect(mails[0].payload.to).toBe(CONTACT.email);
    expect(String(mails[0].payload.text)).toMatch(/^Bonjour Marie,\n/);
    expect(String(mails[0].payload.html)).toContain("Bonjour Marie,");
    expect(String(mails[0].payload.html)).toContain(`href="${getEnv().publicUrl}/dashboard?tab=orders&amp;commande=${placed.number}"`);

    const history = await handle.db
      .select()
      .from(orderStatusChanges)
      .where(eq(orderStatusChanges.orderId, placed.id))
      .orderBy(asc(orderStatusChanges.id));
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.actorUserId])).toEqual([
      [null, "pending", shopper.id],
      ["pending", "shipped", admin],
      ["shipped", "delivered", admin],
    ]);
  });

  it("leaving delivered takes the points back; delivering again credits them once more", async () => {
    const [p] = await pickProducts(handle.db, 1, 20);
    const shopper = await shopperWithPoints(0);
    const placed = await order(shopper, [{ product_id: p.id, quantity: 1 }]);
    const earned = pointsEarnedFor(placed.total_cents);
    await changeOrderStatus(handle.db, { orderId: placed.id, newStatus: "delivered", actor: asAdmin() });
    await changeOrderStatus(handle.db, { orderId: placed.id, newStatus: "shipped", actor: asAdmin() });
    expect(await pointsOf(shopper.id)).toBe(0);
    await changeOrderStatus(handle.db, { orderId: placed.id, newStatus: "delivered", actor: asAdmin() });
    expect(await pointsOf(shopper.id)).toBe(earned);
    expect((await ledgerOf(shopper.id)).map((t) => [t.type, t.points])).toEqual([
      ["earned", earned],
      ["reversed", -earned],
      ["earned", earned],
    ]);
  });

  it("cancelled and returned give the stock and spent points back; restoring takes them again", async () => {
    const [p] = await pickProducts(handle.db, 1, 10);
    const shopper = await shopperWithPoints(300);
    const placed = await order(shopper, [{ product_id: p.id, quantity: 3 }], 100);
    expect(await stockOf(p.id)).toBe(7);
    expect(await pointsOf(shopper.id)).toBe(200);

    const returned = await changeOrderStatus(handle.db, { orderId: placed.id, newStatus: "returned", actor: asAdmin() });
    expect(returned).toMatchObject({ ok: true, order: { status: "returned", payment_status: "refunded" } });
    expect(await stockOf(p.id)).toBe(10);
    expect(await pointsOf(shopper.id)).toBe(300);
    // returned -> cancelled: both release the stock, nothing moves.
    await changeOrderStatus(handle.db, { orderId: placed.id, newStatus: "cancelled", actor: asAdmin() });
    expect(await stockOf(p.id)).toBe(10);
    expect(await pointsOf(shopper.id)).toBe(300);

    const restored = await changeOrderStatus(handle.db, { orderId: placed.id, newStatus: "processing", actor: asAdmin() });
    expect(restored).toMatchObject({ ok: true, order: { status: "processing", payment_status: "pending" } });
    expect(await stockOf(p.id)).toBe(7);
    expect(await pointsOf(shopper.id)).toBe(200);
    const reasons = await handle.db
      .select({ reason: stockMovements.reason, delta: stockMovements.delta })
      .from(stockMovements)
      .where(eq(stockMovements.orderId, placed.id))
      .orderBy(asc(stockMovements.id));
    expect(reasons).toEqual([
      { reason: "order", delta: -3 },
      { reason: "order_returned", delta: 3 },
      { reason: "order_restored", delta: -3 },
    ]);
  });

  it("cancelling an order that took a variant's last units mails its waiting restock alerts in the same commit", async () => {
    const [p] = await pickProducts(handle.db, 1, 2);
    const shopper = await createShopper(handle.db);
    const placed = await order(shopper, [{ product_id: p.id, quantity: 2 }]);
    expect(await stockOf(p.id)).toBe(0);
    await subscribeShopperRestockAlert(handle.db, p.variantId, { id: shopper.id, email: "attente.annulation@example.com" });

    const restockMails = () =>
      handle.db
        .select({ payload: outbox.payload })
        .from(outbox)
        .where(sql`${outbox.payload}->>'to' = 'attente.annulation@example.com'`);
    expect(await restockMails()).toHaveLength(0);
    await changeOrderStatus(handle.db, { orderId: placed.id, newStatus: "cancelled", actor: asAdmin() });
    const sent = await restockMails();
    expect(sent).toHaveLength(1);
    expect(String(sent[0].payload.subject)).toBe(`De retour en stock : ${p.name}`);
    const [alert] = await handle.db.select().from(restockAlerts).where(eq(restockAlerts.variantId, p.variantId));
    expect(alert.notifiedAt).not.toBeNull();
  });

  it("refuses to restore a cancelled order without the stock ('Stock insuffisant') and changes nothing", async () => {
    const [p] = await pickProducts(handle.db, 1, 2);
    const first = await shopperWithPoints(0);
    const placed = await order(first, [{ product_id: p.id, quantity: 2 }]);
    await changeOrderStatus(handle.db, { orderId: placed.id, newStatus: "cancelled", actor: asAdmin() });
    const second = await shopperWithPoints(0);
    await order(second, [{ product_id: p.id, quantity: 1 }]);

    const result = await changeOrderStatus(handle.db, { orderId: placed.id, newStatus: "pending", actor: asAdmin() });
    expect(result).toMatchObject({ ok: false, status: 409, code: "insufficient_stock" });
    expect(!result.ok && result.message).toMatch(/^Stock insuffisant: .+ \(disponible : 1\)$/);
    expect(await stockOf(p.id)).toBe(1);
    const [row] = await handle.db.select().from(orders).where(eq(orders.id, placed.id));
    expect(row.status).toBe("cancelled");
    const notes = await handle.db.select().from(notifications).where(eq(notifications.userId, first.id));
    expect(notes.map((n) => n.metadata.new_status)).toEqual(["cancelled"]);
  });

  it("refuses an unknown status, an unknown or malformed order id, with French messages", async () => {
    const [p] = await pickProducts(handle.db, 1, 5);
    const shopper = await shopperWithPoints(0);
    const placed = await order(shopper, [{ product_id: p.id, quantity: 1 }]);
    expect(await changeOrderStatus(handle.db, { orderId: placed.id, newStatus: "lost", actor: asAdmin() })).toEqual({
      ok: false,
      status: 400,
      code: "invalid_status",
      message: INVALID_STATUS_MESSAGE,
    });
    for (const orderId of [randomUUID(), "nope", ""]) {
      expect(await changeOrderStatus(handle.db, { orderId, newStatus: "shipped", actor: asAdmin() })).toMatchObject({
        ok: false,
        status: 404,
        message: "Commande introuvable",
      });
    }
  });

  it("lets a shopper only cancel their own recent pending order", async () => {
    const [p] = await pickProducts(handle.db, 1, 5);
    const owner = await shopperWithPoints(0);
    const other = await shopperWithPoints(0);
    const placed = await order(owner, [{ product_id: p.id, quantity: 1 }]);
    const asOwner = { userId: owner.id, role: "customer" as const };
    expect(await changeOrderStatus(handle.db, { orderId: placed.id, newStatus: "delivered", actor: asOwner })).toMatchObject({
      ok: false,
      status: 409,
      message: "Cette commande ne peut plus être annulée",
    });
    expect(await cancelOwnOrder(handle.db, other.id, placed.id)).toMatchObject({ ok: false, status: 404 });
    expect(await cancelOwnOrder(handle.db, owner.id, placed.id)).toMatchObject({ ok: true, order: { status: "cancelled" } });
  });

  it("writes no e-mail when the shopper turned order updates off (the notification stays)", async () => {
    const [p] = await pickProducts(handle.db, 1, 5);
    const shopper = await shopperWithPoints(0);
    await handle.db.insert(userPreferences).values({ userId: shopper.id, emailOrderUpdates: false });
    const placed = await order(shopper, [{ product_id: p.id, quantity: 1 }]);
    await changeOrderStatus(handle.db, { orderId: placed.id, newStatus: "shipped", actor: asAdmin() });
    const mails = await handle.db
      .select()
      .from(outbox)
      .where(sql`${outbox.payload}->>'subject' like ${`%${placed.number} : Expédiée`}`);
    expect(mails).toHaveLength(0);
    expect(await handle.db.select().from(notifications).where(eq(notifications.userId, shopper.id))).toHaveLength(1);
  });
});

describe("changeOrderStatus, any sequence of changes (property)", () => {
  it("keeps stock, points and the ledger consistent", async () => {
    const catalogue = await pickProducts(handle.db, 3, 4);
    const productIds = catalogue.map((p) => p.id);
    const shoppers = [await shopperWithPoints(400), await shopperWithPoints(100)];
    // Orders placed by this test (other tests' orders may hold these products too: counted in).
    const placed: string[] = [];

    async function heldByOrders(id: string): Promise<number> {
      const [row] = await handle.db
        .select({ quantity: sql<number>`coalesce(sum(${orderItems.quantity}), 0)`.mapWith(Number) })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(and(eq(orderItems.productId, id), sql`${orders.status} not in ('cancelled', 'returned')`));
      return row.quantity;
    }
    const baseline = new Map<string, number>();
    for (const id of productIds) baseline.set(id, (await stockOf(id)) + (await heldByOrders(id)));

    const action = fc.oneof(
      {
        weight: 3,
        arbitrary: fc.record({ kind: fc.constant("status" as const), order: fc.nat(), status: fc.constantFrom(...ORDER_STATUS_VALUES) }),
      },
      {
        weight: 1,
        arbitrary: fc.record({
          kind: fc.constant("order" as const),
          shopper: fc.nat({ max: 1 }),
          product: fc.nat({ max: 2 }),
          quantity: fc.integer({ min: 1, max: 3 }),
          points: fc.constantFrom(0, 100),
        }),
      },
    );

    async function check() {
      // Stock + quantities held by orders that hold stock = what there was to start with.
      for (const id of productIds) {
        const holding = await heldByOrders(id);
        const stock = await stockOf(id);
        expect(stock).toBeGreaterThanOrEqual(0);
        expect(stock + holding).toBe(baseline.get(id));
      }
      // Points: the balance is the sum of the ledger and never negative.
      for (const s of shoppers) {
        const ledger = await ledgerOf(s.id);
        const balance = await pointsOf(s.id);
        expect(balance).toBeGreaterThanOrEqual(0);
        expect(balance).toBe(ledger.reduce((sum, t) => sum + t.points, 0));
      }
      // Each order: credited at most once at a time, and exactly its points while delivered.
      if (placed.length === 0) return;
      const rows = await handle.db.select().from(orders).where(inArray(orders.id, placed));
      const credits = await handle.db
        .select({
          orderId: beautyPassTransactions.orderId,
          earned:
            sql<number>`coalesce(sum(${beautyPassTransactions.points}) filter (where ${beautyPassTransactions.type} = 'earned'), 0)`.mapWith(
              Number,
            ),
          reversed:
            sql<number>`coalesce(-sum(${beautyPassTransactions.points}) filter (where ${beautyPassTransactions.type} = 'reversed'), 0)`.mapWith(
              Number,
            ),
          used: sql<number>`coalesce(-sum(${beautyPassTransactions.points}) filter (where ${beautyPassTransactions.type} = 'used'), 0)`.mapWith(
            Number,
          ),
          refunded:
            sql<number>`coalesce(sum(${beautyPassTransactions.points}) filter (where ${beautyPassTransactions.type} = 'refunded'), 0)`.mapWith(
              Number,
            ),
        })
        .from(beautyPassTransactions)
        .where(inArray(beautyPassTransactions.orderId, placed))
        .groupBy(beautyPassTransactions.orderId);
      for (const row of rows) {
        const c = credits.find((x) => x.orderId === row.id) ?? { earned: 0, reversed: 0, used: 0, refunded: 0 };
        const earnable = pointsEarnedFor(row.totalCents);
        expect(row.pointsEarned).toBe(row.status === "delivered" ? earnable : 0);
        // Net credit never exceeds one delivery's points.
        expect(c.earned - c.reversed).toBeLessThanOrEqual(earnable);
        // Points spent on the order are spent exactly when it holds its goods.
        const spentNow = c.used - c.refunded;
        expect(spentNow).toBe(["cancelled", "returned"].includes(row.status) ? 0 : row.pointsUsed);
      }
    }

    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 12 }), async (actions) => {
        for (const a of actions) {
          if (a.kind === "order") {
            const shopper = shoppers[a.shopper];
            const result = await placeOrder(handle.db, {
              userId: shopper.id,
              idempotencyKey: randomUUID(),
              provider,
              request: PlaceOrderSchema.parse({
                address_id: shopper.addressId,
                contact: CONTACT,
                card: APPROVED_CARD,
                lines: [{ product_id: productIds[a.product], quantity: a.quantity }],
                points_to_use: a.points,
              }),
            });
            if (result.ok) placed.push(result.order.id);
          } else if (placed.length > 0) {
            const orderId = placed[a.order % placed.length];
            const result = await changeOrderStatus(handle.db, { orderId, newStatus: a.status, actor: asAdmin() });
            if (!result.ok) expect(["insufficient_stock", "insufficient_points"]).toContain(result.code);
          }
          await check();
        }
      }),
      { numRuns: 25 },
    );
    expect(placed.length).toBeGreaterThan(0);
  });
});
