import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import { createTestDatabase } from "../../../../tests/support/db";
import { createShopper } from "../../../../tests/support/shoppers";
import { INSUFFICIENT_POINTS_MESSAGE } from "~/domain/loyalty/loyalty.rules";
import type { DatabaseHandle } from "../../db/client";
import { beautyPassTransactions, notifications, orders, outbox, userProfiles } from "../../db/schema";
import { pointsExpiryDate, REPAIR_DESCRIPTION, useLoyaltyPoints } from "./loyalty.service";
import { expireLoyaltyPoints } from "../../workflows/points-expiry";
import { repairLoyaltyPoints } from "../../workflows/order-points";

let handle: DatabaseHandle;
const DAY = 24 * 3600 * 1000;
const NOW = new Date("2026-11-21T10:00:00Z");

beforeAll(async () => {
  handle = await createTestDatabase();
});

afterAll(async () => {
  await handle?.close();
});

async function pointsOf(userId: string) {
  const [row] = await handle.db.select({ p: userProfiles.loyaltyPoints }).from(userProfiles).where(eq(userProfiles.id, userId));
  return row.p;
}

async function ledger(userId: string) {
  return handle.db
    .select()
    .from(beautyPassTransactions)
    .where(eq(beautyPassTransactions.userId, userId))
    .orderBy(asc(beautyPassTransactions.createdAt), asc(beautyPassTransactions.points));
}

/** Points earned at a date, in the ledger and the balance, as a delivery would have. */
async function earn(userId: string, points: number, at: Date) {
  await handle.db
    .update(userProfiles)
    .set({ loyaltyPoints: sql`${userProfiles.loyaltyPoints} + ${points}` })
    .where(eq(userProfiles.id, userId));
  await handle.db.insert(beautyPassTransactions).values({
    userId,
    points,
    type: "earned",
    description: "Points gagnés",
    expiresAt: pointsExpiryDate(at),
    createdAt: at,
  });
}

async function spend(userId: string, points: number, at: Date) {
  const result = await handle.db.transaction((tx) => useLoyaltyPoints(tx, { userId, points, description: "Points utilisés", now: at }));
  expect(result.ok).toBe(true);
}

describe("useLoyaltyPoints", () => {
  it("debits and records the points, or refuses with 'Points insuffisants' changing nothing", async () => {
    const { id } = await createShopper(handle.db);
    await earn(id, 250, NOW);
    const ok = await handle.db.transaction((tx) => useLoyaltyPoints(tx, { userId: id, points: 200, description: "Réduction" }));
    expect(ok).toEqual({ ok: true, balance: 50 });
    const refused = await handle.db.transaction((tx) => useLoyaltyPoints(tx, { userId: id, points: 100, description: "Réduction" }));
    expect(refused).toEqual({ ok: false, message: INSUFFICIENT_POINTS_MESSAGE });
    expect(await pointsOf(id)).toBe(50);
    expect((await ledger(id)).map((t) => t.points).sort((x, y) => x - y)).toEqual([-200, 250]);
  });

  it("lets only one of two parallel uses spend the same points", async () => {
    const { id } = await createShopper(handle.db);
    await earn(id, 100, NOW);
    const results = await Promise.all(
      [1, 2].map(() => handle.db.transaction((tx) => useLoyaltyPoints(tx, { userId: id, points: 100, description: "Réduction" }))),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(await pointsOf(id)).toBe(0);
  });
});

describe("expireLoyaltyPoints", () => {
  it("expires points earned 13 months ago once; running the job twice changes nothing", async () => {
    const { id } = await createShopper(handle.db);
    await earn(id, 120, new Date(NOW.getTime() - 395 * DAY)); // 13 months ago
    await earn(id, 80, new Date(NOW.getTime() - 60 * DAY)); // still valid
    await spend(id, 100, new Date(NOW.getTime() - 300 * DAY)); // spent from the oldest points

    const first = await expireLoyaltyPoints(handle.db, NOW);
    expect(first.expiredPoints).toBeGreaterThanOrEqual(20);
    expect(await pointsOf(id)).toBe(80);
    const expired = (await ledger(id)).filter((t) => t.type === "expired");
    expect(expired).toHaveLength(1);
    expect(expired[0]).toMatchObject({ points: -20, description: "Points expirés (12 mois après leur obtention)" });

    await expireLoyaltyPoints(handle.db, NOW);
    await expireLoyaltyPoints(handle.db, new Date(NOW.getTime() + DAY));
    expect(await pointsOf(id)).toBe(80);
    expect((await ledger(id)).filter((t) => t.type === "expired")).toHaveLength(1);
  });

  it("never expires more than the balance, and keeps balance = sum of the ledger", async () => {
    const { id } = await createShopper(handle.db);
    await earn(id, 300, new Date(NOW.getTime() - 400 * DAY));
    await spend(id, 300, new Date(NOW.getTime() - 100 * DAY));
    await expireLoyaltyPoints(handle.db, NOW);
    const rows = await ledger(id);
    expect(rows.filter((t) => t.type === "expired")).toHaveLength(0);
    expect(await pointsOf(id)).toBe(rows.reduce((s, t) => s + t.points, 0));
  });

  it("reminds once, 30 days before, with a notification and an e-mail", async () => {
    const { id, email } = await createShopper(handle.db);
    const awarded = new Date(NOW.getTime() - 345 * DAY); // lapses in about 20 days
    await earn(id, 150, awarded);
    const before = await expireLoyaltyPoints(handle.db, NOW);
    expect(before.reminders).toBeGreaterThanOrEqual(1);
    await expireLoyaltyPoints(handle.db, new Date(NOW.getTime() + DAY));
    const notes = await handle.db.select().from(notifications).where(eq(notifications.userId, id));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ type: "system", title: "Vos points Beauty Pass vont expirer" });
    expect(notes[0].message).toBe(
      "150 points Beauty Pass expireront le 11 décembre 2026. Utilisez-les lors de votre prochaine commande (dès 100 points).",
    );
    const mails = await handle.db
      .select()
      .from(outbox)
      .where(
        and(sql`${outbox.payload}->>'to' = ${email}`, sql`${outbox.payload}->>'subject' = 'Vos points Beauty Pass vont bientôt expirer'`),
      );
    expect(mails).toHaveLength(1);
    expect(await pointsOf(id)).toBe(150);
  });

  it("writes one reminder when two runs (two instances) go at once", async () => {
    const { id, email } = await createShopper(handle.db);
    await earn(id, 130, new Date(NOW.getTime() - 340 * DAY));
    await Promise.all([expireLoyaltyPoints(handle.db, NOW), expireLoyaltyPoints(handle.db, NOW), expireLoyaltyPoints(handle.db, NOW)]);
    const notes = await handle.db.select().from(notifications).where(eq(notifications.userId, id));
    expect(notes).toHaveLength(1);
    const mails = await handle.db
      .select()
      .from(outbox)
      .where(
        and(sql`${outbox.payload}->>'to' = ${email}`, sql`${outbox.payload}->>'subject' = 'Vos points Beauty Pass vont bientôt expirer'`),
      );
    expect(mails).toHaveLength(1);
  });
});

describe("repairLoyaltyPoints", () => {
  it("credits delivered orders that were never credited, adds to the balance, and is idempotent", async () => {
    const { id } = await createShopper(handle.db);
    await earn(id, 40, NOW);
    await spend(id, 40, NOW); // points already spent must stay spent
    const insertOrder = (status: "delivered" | "shipped", totalCents: number) =>
      handle.db
        .insert(orders)
        .values({
          orderNumber: `CMD-${randomUUID().slice(0, 8)}`,
          userId: id,
          status,
          paymentStatus: "paid",
          subtotalCents: totalCents,
          totalCents,
          shippingAddress: {
            first_name: "M",
            last_name: "C",
            street: "1 rue",
            city: "Lyon",
            postal_code: "69001",
            country: "France",
            phone: "0600000000",
          },
        })
        .returning({ id: orders.id });
    const [a] = await insertOrder("delivered", 4599);
    const [b] = await insertOrder("delivered", 12050);
    await insertOrder("shipped", 9900);

    const first = await repairLoyaltyPoints(handle.db, NOW);
    expect(first.orders).toBeGreaterThanOrEqual(2);
    expect(await pointsOf(id)).toBe(45 + 120);
    const earned = (await ledger(id)).filter((t) => t.description === REPAIR_DESCRIPTION);
    expect(earned.map((t) => [t.orderId, t.points]).sort()).toEqual(
      [
        [a.id, 45],
        [b.id, 120],
      ].sort(),
    );

    const second = await repairLoyaltyPoints(handle.db, NOW);
    expect(second).toEqual({ orders: 0, points: 0 });
    expect(await pointsOf(id)).toBe(165);
  });
});
