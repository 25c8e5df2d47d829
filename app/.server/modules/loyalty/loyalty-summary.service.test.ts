import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestDatabase } from "../../../../tests/support/db";
import { createShopper } from "../../../../tests/support/shoppers";
import type { DatabaseHandle } from "../../db/client";
import { beautyPassTransactions, orders, userProfiles } from "../../db/schema";
import { getLoyaltySummary, nextExpiry } from "./loyalty-summary.service";

let handle: DatabaseHandle;
const NOW = new Date("2026-03-01T10:00:00Z");
const DAY = 24 * 60 * 60 * 1000;
const daysFromNow = (days: number) => new Date(NOW.getTime() + days * DAY);

type Row = typeof beautyPassTransactions.$inferInsert;

async function shopper(points = 0): Promise<string> {
  return (await createShopper(handle.db, { points })).id;
}

async function setBalance(userId: string, points: number) {
  await handle.db.update(userProfiles).set({ loyaltyPoints: points }).where(eq(userProfiles.id, userId));
}

async function insertRows(userId: string, rows: Omit<Row, "userId">[]) {
  if (rows.length > 0) await handle.db.insert(beautyPassTransactions).values(rows.map((r) => ({ ...r, userId })));
}

let orderSeq = 0;
async function insertOrder(userId: string, totalCents: number): Promise<string> {
  orderSeq += 1;
  const [order] = await handle.db
    .insert(orders)
    .values({
      orderNumber: `AUR-LOY-${String(orderSeq).padStart(4, "0")}`,
      userId,
      status: "delivered",
      paymentStatus: "paid",
      subtotalCents: totalCents,
      totalCents,
      shippingAddress: {
        first_name: "Marie",
        last_name: "Curie",
        street: "12 rue des Lilas",
        city: "Lyon",
        postal_code: "69003",
        country: "France",
        phone: "0612345678",
      },
    })
    .returning({ id: orders.id });
  return order.id;
}

beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});

describe("getLoyaltySummary: tiers and thresholds follow the balance", () => {
  it.each([
    [0, "lover", "Beauty Lover", 0, 499],
    [499, "lover", "Beauty Lover", 0, 499],
    [500, "expert", "Beauty Expert", 500, 999],
    [999, "expert", "Beauty Expert", 500, 999],
    [1000, "vip", "Beauty VIP", 1000, null],
    [4200, "vip", "Beauty VIP", 1000, null],
  ])("%i points -> %s", async (points, id, name, min, max) => {
    const userId = await shopper(points);
    const summary = await getLoyaltySummary(handle.db, userId, { now: NOW });
    expect(summary.balance).toBe(points);
    expect(summary.tier).toEqual({ id, name, min, max });
  });

  it.each([
    [0, 50, 0, 50],
    [49, 50, 98, 1],
    [50, 100, 50, 50],
    [150, 200, 75, 50],
    [499, 500, 99, 1],
    [999, 1000, 99, 1],
  ])("%i points: next threshold %i, %i %%, %i to go", async (points, next, percent, toGo) => {
    const summary = await getLoyaltySummary(handle.db, await shopper(points), { now: NOW });
    expect(summary.next_threshold).toBe(next);
    expect(summary.progress_percent).toBe(percent);
    expect(summary.points_to_next).toBe(toGo);
  });

  it("past every threshold (1000 points and more): no next threshold, 100 %", async () => {
    for (const points of [1000, 2500]) {
      const summary = await getLoyaltySummary(handle.db, await shopper(points), { now: NOW });
      expect(summary.next_threshold).toBeNull();
      expect(summary.points_to_next).toBeNull();
      expect(summary.progress_percent).toBe(100);
    }
  });

  it("a user without a profile row reads as an empty Beauty Pass", async () => {
    const summary = await getLoyaltySummary(handle.db, "no-such-user", { now: NOW });
    expect(summary).toMatchObject({ balance: 0, lifetime_points: 0, next_expiry: null, transactions: [] });
    expect(summary.tier.name).toBe("Beauty Lover");
  });
});

describe("getLoyaltySummary: lifetime points, history and expiry", () => {
  it("lifetime points add up the earnings net of reversals; spending does not lower them", async () => {
    const userId = await shopper();
    const kept = await insertOrder(userId, 12_000);
    const returned = await insertOrder(userId, 4_500);
    await insertRows(userId, [
      {
        points: 120,
        type: "earned",
        description: "Points gagnés",
        orderId: kept,
        expiresAt: daysFromNow(300),
        createdAt: daysFromNow(-65),
      },
      {
        points: 45,
        type: "earned",
        description: "Points gagnés",
        orderId: returned,
        expiresAt: daysFromNow(320),
        createdAt: daysFromNow(-45),
      },
      { points: -100, type: "used", description: "Points utilisés", createdAt: daysFromNow(-30) },
      { points: -45, type: "reversed", description: "Points annulés", orderId: returned, createdAt: daysFromNow(-20) },
      { points: 100, type: "refunded", description: "Points restitués", createdAt: daysFromNow(-10) },
    ]);
    await setBalance(userId, 120);
    const summary = await getLoyaltySummary(handle.db, userId, { now: NOW });
    expect(summary.balance).toBe(120);
    expect(summary.lifetime_points).toBe(120);
    expect(summary.transactions.map((tx) => tx.type)).toEqual(["refunded", "reversed", "used", "earned", "earned"]);
  });

  it("lists the 20 latest transactions, newest first, each with its signed points and order reference", async () => {
    const userId = await shopper();
    const orderId = await insertOrder(userId, 3_000);
    const [{ orderNumber }] = await handle.db.select({ orderNumber: orders.orderNumber }).from(orders).where(eq(orders.id, orderId));
    await insertRows(
      userId,
      Array.from({ length: 25 }, (_, i) => ({
        points: 10 + i,
        type: "earned",
        description: `Points gagnés n° ${i + 1}`,
        orderId: i === 24 ? orderId : null,
        expiresAt: daysFromNow(365 - (25 - i)),
        createdAt: daysFromNow(-(25 - i)),
      })),
    );
    await setBalance(userId, 25 * 10 + (24 * 25) / 2);
    const summary = await getLoyaltySummary(handle.db, userId, { now: NOW });
    expect(summary.transactions).toHaveLength(20);
    expect(summary.transactions[0]).toMatchObject({
      points: 34,
      type: "earned",
      description: "Points gagnés n° 25",
      order_id: orderId,
      order_reference: orderNumber,
      created_at: daysFromNow(-1).toISOString(),
    });
    expect(summary.transactions[1].order_reference).toBeNull();
    expect(summary.transactions.at(-1)!.description).toBe("Points gagnés n° 6");
    const times = summary.transactions.map((tx) => tx.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(summary.lifetime_points).toBe(25 * 10 + (24 * 25) / 2);
  });

  it("shows only the shopper's own transactions", async () => {
    const alice = await shopper(50);
    const bob = await shopper(70);
    await insertRows(alice, [
      { points: 50, type: "earned", description: "Alice", expiresAt: daysFromNow(100), createdAt: daysFromNow(-1) },
    ]);
    await insertRows(bob, [{ points: 70, type: "earned", description: "Bob", expiresAt: daysFromNow(200), createdAt: daysFromNow(-2) }]);
    const a = await getLoyaltySummary(handle.db, alice, { now: NOW });
    const b = await getLoyaltySummary(handle.db, bob, { now: NOW });
    expect(a.transactions.map((tx) => tx.description)).toEqual(["Alice"]);
    expect(b.transactions.map((tx) => tx.description)).toEqual(["Bob"]);
    expect(a.lifetime_points).toBe(50);
    expect(b.lifetime_points).toBe(70);
    expect(a.next_expiry).toEqual({ points: 50, expires_at: daysFromNow(100).toISOString() });
  });

  it("next expiry: the oldest earned points still in the balance (spending takes the oldest first)", async () => {
    const userId = await shopper();
    await insertRows(userId, [
      { points: 80, type: "earned", description: "Ancien", expiresAt: daysFromNow(-5), createdAt: daysFromNow(-370) },
      { points: -80, type: "expired", description: "Expirés", createdAt: daysFromNow(-4) },
      { points: 100, type: "earned", description: "A", expiresAt: daysFromNow(30), createdAt: daysFromNow(-335) },
      { points: 60, type: "earned", description: "B", expiresAt: daysFromNow(90), createdAt: daysFromNow(-275) },
      { points: 40, type: "earned", description: "C", expiresAt: daysFromNow(200), createdAt: daysFromNow(-165) },
      { points: -100, type: "used", description: "Utilisés", createdAt: daysFromNow(-100) },
    ]);
    // 200 earned and alive, 100 spent: the 100 left are C (40) and B (60); B lapses first.
    await setBalance(userId, 100);
    expect((await getLoyaltySummary(handle.db, userId, { now: NOW })).next_expiry).toEqual({
      points: 60,
      expires_at: daysFromNow(90).toISOString(),
    });
    // 150 left: C, B and half of A.
    await setBalance(userId, 150);
    expect((await getLoyaltySummary(handle.db, userId, { now: NOW })).next_expiry).toEqual({
      points: 50,
      expires_at: daysFromNow(30).toISOString(),
    });
    await setBalance(userId, 0);
    expect((await getLoyaltySummary(handle.db, userId, { now: NOW })).next_expiry).toBeNull();
  });

  it("next expiry ignores the points of a reversed order", async () => {
    const userId = await shopper();
    const returned = await insertOrder(userId, 9_000);
    await insertRows(userId, [
      { points: 30, type: "earned", description: "A", expiresAt: daysFromNow(40), createdAt: daysFromNow(-325) },
      { points: 90, type: "earned", description: "B", orderId: returned, expiresAt: daysFromNow(300), createdAt: daysFromNow(-65) },
      { points: -90, type: "reversed", description: "Annulés", orderId: returned, createdAt: daysFromNow(-50) },
    ]);
    await setBalance(userId, 30);
    const summary = await getLoyaltySummary(handle.db, userId, { now: NOW });
    expect(summary.next_expiry).toEqual({ points: 30, expires_at: daysFromNow(40).toISOString() });
    expect(summary.lifetime_points).toBe(30);
  });
});

describe("nextExpiry", () => {
  const at = (iso: string) => new Date(iso);
  it("adds up the batches lapsing the same day (Paris time)", () => {
    const lots = [
      { points: 20, expiresAt: at("2026-06-10T21:00:00Z") },
      { points: 15, expiresAt: at("2026-06-10T08:00:00Z") },
      { points: 50, expiresAt: at("2026-05-01T08:00:00Z") },
    ];
    expect(nextExpiry(lots, 35)).toEqual({ points: 35, expires_at: "2026-06-10T08:00:00.000Z" });
    expect(nextExpiry(lots, 1000)).toEqual({ points: 50, expires_at: "2026-05-01T08:00:00.000Z" });
    expect(nextExpiry([], 100)).toBeNull();
  });
});
