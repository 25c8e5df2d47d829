/**
 * Beauty Pass, the write side: every change of a shopper's points goes through here, inside
 * the caller's transaction, and leaves one row in beauty_pass_transactions. The balance
 * (user_profiles.loyalty_points) is changed by the same statement that checks it, so it always
 * equals the sum of the shopper's transactions and never goes below 0 (a CHECK backs this up).
 *
 * Crediting happens in the order-status workflow, exactly once per delivery, and points are spent
 * in the order's own transaction, so no page view or remote call can overwrite a balance or spend
 * points apart from their order (docs/decisions/007-order-status-loyalty-notifications.md).
 * Delivered orders that missed their points are credited by a maintenance command
 * (`npm run loyalty:repair`).
 */
import { and, asc, eq, gte, lte, sql } from "drizzle-orm";
import type { Database, Executor } from "~/.server/db/client";
import { beautyPassTransactions, user, userProfiles } from "~/.server/db/schema";
import { enqueueMail } from "~/.server/outbox/outbox.service";
import { mailWording, renderMail } from "~/.server/mail/templates";
import { INSUFFICIENT_POINTS_MESSAGE, pointsEarnedFor } from "~/domain/loyalty/loyalty.rules";
import { formatDate } from "~/lib/paris-time";
import { BEAUTY_PASS_EXPIRY_REMINDER_DAYS, BEAUTY_PASS_POINTS_VALIDITY_MONTHS } from "~/lib/shop-rules";
import { firstNameOfUser, promotionPreferencesOf } from "~/.server/db/recipients";

export const USE_POINTS_FAILED_MESSAGE = "Échec de l'utilisation des points";
export const REPAIR_DESCRIPTION = "Points gagnés pour commande (récupération automatique)";

const DAY_MS = 24 * 60 * 60 * 1000;

/** When points awarded at `awardedAt` lapse: 12 months later. */
export function pointsExpiryDate(awardedAt: Date): Date {
  const expiry = new Date(awardedAt);
  expiry.setUTCMonth(expiry.getUTCMonth() + BEAUTY_PASS_POINTS_VALIDITY_MONTHS);
  return expiry;
}

export type UsePointsResult = { ok: true; balance: number } | { ok: false; message: string };

/**
 * The spec's use_loyalty_points: debits the points if the balance covers them, in one
 * conditional UPDATE (two parallel calls cannot both spend the same points), and records a
 * 'used' transaction. Refused with 'Points insuffisants' otherwise; nothing changes then.
 */
export async function useLoyaltyPoints(
  tx: Executor,
  input: { userId: string; points: number; description: string; orderId?: string | null; now?: Date },
): Promise<UsePointsResult> {
  if (!Number.isInteger(input.points) || input.points <= 0) return { ok: false, message: USE_POINTS_FAILED_MESSAGE };
  const now = input.now ?? new Date();
  const [debited] = await tx
    .update(userProfiles)
    .set({ loyaltyPoints: sql`${userProfiles.loyaltyPoints} - ${input.points}`, updatedAt: now })
    .where(and(eq(userProfiles.id, input.userId), gte(userProfiles.loyaltyPoints, input.points)))
    .returning({ balance: userProfiles.loyaltyPoints });
  if (!debited) return { ok: false, message: INSUFFICIENT_POINTS_MESSAGE };
  await tx.insert(beautyPassTransactions).values({
    userId: input.userId,
    points: -input.points,
    type: "used",
    description: input.description,
    orderId: input.orderId ?? null,
    createdAt: now,
  });
  return { ok: true, balance: debited.balance };
}

/** Adds points to the balance and records why (credits: earned, refunded, adjusted). */
async function credit(
  tx: Executor,
  row: {
    userId: string;
    points: number;
    type: "earned" | "refunded";
    description: string;
    orderId: string | null;
    now: Date;
    expiresAt?: Date | null;
    /** A delivered order's total, added to the shopper's total spent in the same UPDATE. */
    spentCents?: number;
  },
): Promise<void> {
  await tx
    .update(userProfiles)
    .set({
      loyaltyPoints: sql`${userProfiles.loyaltyPoints} + ${row.points}`,
      ...(row.spentCents ? { totalSpentCents: sql`${userProfiles.totalSpentCents} + ${row.spentCents}` } : {}),
      updatedAt: row.now,
    })
    .where(eq(userProfiles.id, row.userId));
  await tx.insert(beautyPassTransactions).values({
    userId: row.userId,
    points: row.points,
    type: row.type,
    description: row.description,
    orderId: row.orderId,
    expiresAt: row.expiresAt ?? null,
    createdAt: row.now,
  });
}

/**
 * Takes points back, at most what the balance holds (points already spent cannot be taken
 * back: the balance never goes below 0). Returns the points actually debited.
 */
async function debitUpTo(
  tx: Executor,
  row: { userId: string; points: number; type: "reversed" | "expired"; description: string; orderId: string | null; now: Date },
): Promise<number> {
  const points = Math.min(row.points, await lockBalance(tx, row.userId));
  if (points <= 0) return 0;
  await tx
    .update(userProfiles)
    .set({ loyaltyPoints: sql`${userProfiles.loyaltyPoints} - ${points}`, updatedAt: row.now })
    .where(eq(userProfiles.id, row.userId));
  await tx.insert(beautyPassTransactions).values({
    userId: row.userId,
    points: -points,
    type: row.type,
    description: row.description,
    orderId: row.orderId,
    createdAt: row.now,
  });
  return points;
}

export type OrderForPoints = {
  id: string;
  orderNumber: string;
  userId: string | null;
  totalCents: number;
  pointsUsed: number;
  pointsEarned: number;
};

/**
 * Credits the points of a delivered order (1 per whole euro paid; the part paid with points
 * is not in the total and earns none), unless they are credited already. The order row,
 * locked by the caller, remembers what is credited (orders.points_earned), so however the
 * statuses move an order is credited at most once at a time. Returns the points.
 *
 * An order paid in 3 (decision 035) earns on what is paid so far: the caller gives `paid`, the
 * cents paid up to now and those this credit adds to the shopper's total spent, and only the
 * points those paid euros earn beyond the ones already credited are added (at most once per euro).
 *
 * The order's points_earned then grows by the points returned: the orders module writes it, in
 * the same transaction (workflows/order-points.ts, the only caller).
 */
export async function creditPointsForOrder(
  tx: Executor,
  order: OrderForPoints,
  options: { now?: Date; description?: string; paid?: { totalCents: number; newCents: number } } = {},
): Promise<number> {
  if (!order.userId) return 0;
  if (!options.paid && order.pointsEarned > 0) return 0;
  const points = pointsEarnedFor(options.paid?.totalCents ?? order.totalCents) - order.pointsEarned;
  if (points <= 0) return 0;
  const now = options.now ?? new Date();
  await credit(tx, {
    userId: order.userId,
    points,
    type: "earned",
    description: options.description ?? `Points gagnés pour la commande ${order.orderNumber}`,
    orderId: order.id,
    now,
    expiresAt: pointsExpiryDate(now),
    spentCents: options.paid?.newCents ?? order.totalCents,
  });
  return points;
}

/**
 * Takes back the delivery points of an order that is no longer delivered. Points already
 * spent cannot be taken back (the balance never goes below 0): only what is left is debited.
 * Returns the points debited, or null when the order had none credited; otherwise its
 * points_earned is then 0 (workflows/order-points.ts has the orders module write it).
 */
export async function takeBackPointsOfOrder(tx: Executor, order: OrderForPoints, now = new Date()): Promise<number | null> {
  if (!order.userId || order.pointsEarned <= 0) return null;
  const points = await debitUpTo(tx, {
    userId: order.userId,
    points: order.pointsEarned,
    type: "reversed",
    description: `Points annulés (commande ${order.orderNumber})`,
    orderId: order.id,
    now,
  });
  await tx
    .update(userProfiles)
    .set({ totalSpentCents: sql`greatest(0, ${userProfiles.totalSpentCents} - ${order.totalCents})` })
    .where(eq(userProfiles.id, order.userId));
  return points;
}

/**
 * The shopper's balance with their profile row locked until the transaction ends: the express
 * perk of the tiers is decided on it, so two orders of one shopper are priced one after the other.
 */
export function lockPointsBalance(tx: Executor, userId: string): Promise<number> {
  return lockBalance(tx, userId);
}

async function lockBalance(tx: Executor, userId: string): Promise<number> {
  const [row] = await tx
    .select({ balance: userProfiles.loyaltyPoints })
    .from(userProfiles)
    .where(eq(userProfiles.id, userId))
    .for("update");
  return row?.balance ?? 0;
}

/** Gives back the points an order spent (the order was cancelled or returned). */
export async function refundOrderPoints(
  tx: Executor,
  order: OrderForPoints,
  why: "cancelled" | "returned",
  now = new Date(),
): Promise<void> {
  if (!order.userId || order.pointsUsed <= 0) return;
  await credit(tx, {
    userId: order.userId,
    points: order.pointsUsed,
    type: "refunded",
    description: `Points restitués (commande ${why === "returned" ? "retournée" : "annulée"} ${order.orderNumber})`,
    orderId: order.id,
    now,
  });
}

/** Spends again the points of an order taken back from cancelled/returned; false if short. */
export async function respendOrderPoints(tx: Executor, order: OrderForPoints, now = new Date()): Promise<boolean> {
  if (!order.userId || order.pointsUsed <= 0) return true;
  const result = await useLoyaltyPoints(tx, {
    userId: order.userId,
    points: order.pointsUsed,
    description: `Points utilisés pour la commande ${order.orderNumber}`,
    orderId: order.id,
    now,
  });
  return result.ok;
}

/**
 * A return's points: those the returned lines' share of the spent points gives back, and those
 * the refunded amount had earned taken back (never below 0). Returns what moved.
 */
export async function settleReturnPoints(
  tx: Executor,
  input: { userId: string; orderId: string; returnNumber: string; restore: number; reverse: number; now: Date },
): Promise<{ restored: number; reversed: number }> {
  if (input.restore > 0) {
    await credit(tx, {
      userId: input.userId,
      points: input.restore,
      type: "refunded",
      description: `Points restitués (retour ${input.returnNumber})`,
      orderId: input.orderId,
      now: input.now,
    });
  }
  const reversed =
    input.reverse > 0
      ? await debitUpTo(tx, {
          userId: input.userId,
          points: input.reverse,
          type: "reversed",
          description: `Points annulés (retour ${input.returnNumber})`,
          orderId: input.orderId,
          now: input.now,
        })
      : 0;
  return { restored: Math.max(0, input.restore), reversed };
}

export const POINTS_BELOW_ZERO_MESSAGE = "Le solde de points ne peut pas devenir négatif";

export type AdjustPointsResult = { ok: true; balance: number } | { ok: false; message: string };

/**
 * An administrator's correction of a balance (gesture, error, complaint): one 'adjusted' row
 * in the ledger with the reason the shopper reads in their history, the balance moved by the
 * same conditional UPDATE so it never goes below 0 (a removal larger than the balance is
 * refused, nothing changes). Adjusted credits do not lapse. Who did it is the caller's audit.
 */
export async function adjustLoyaltyPoints(
  tx: Executor,
  input: { userId: string; points: number; reason: string; now?: Date },
): Promise<AdjustPointsResult> {
  if (!Number.isInteger(input.points) || input.points === 0) return { ok: false, message: USE_POINTS_FAILED_MESSAGE };
  const now = input.now ?? new Date();
  const [row] = await tx
    .update(userProfiles)
    .set({ loyaltyPoints: sql`${userProfiles.loyaltyPoints} + ${input.points}`, updatedAt: now })
    .where(
      input.points < 0
        ? and(eq(userProfiles.id, input.userId), gte(userProfiles.loyaltyPoints, -input.points))
        : eq(userProfiles.id, input.userId),
    )
    .returning({ balance: userProfiles.loyaltyPoints });
  if (!row) return { ok: false, message: POINTS_BELOW_ZERO_MESSAGE };
  await tx.insert(beautyPassTransactions).values({
    userId: input.userId,
    points: input.points,
    type: "adjusted",
    description: input.reason,
    createdAt: now,
  });
  return { ok: true, balance: row.balance };
}

/* -------------------------------------------------------------------------------------------- */
/* Expiry                                                                                         */
/* -------------------------------------------------------------------------------------------- */

/**
 * Points that lapse by `at` for one user, first-in first-out: credits that expire by then,
 * minus everything already taken out of the balance (spent, expired or reversed, net of
 * refunds), since spending always uses the oldest points first. Never more than the balance.
 * Because expired points count as taken out, computing it again after writing the expiry
 * gives 0: the job is idempotent by construction.
 */
async function pointsLapsingBy(tx: Executor, userId: string, at: Date): Promise<number> {
  const [row] = await tx
    .select({
      due: sql<number>`coalesce(sum(${beautyPassTransactions.points}) filter (where ${beautyPassTransactions.type} = 'earned' and ${beautyPassTransactions.expiresAt} <= ${at}), 0)`.mapWith(
        Number,
      ),
      out: sql<number>`coalesce(-sum(${beautyPassTransactions.points}) filter (where ${beautyPassTransactions.points} < 0), 0) - coalesce(sum(${beautyPassTransactions.points}) filter (where ${beautyPassTransactions.type} = 'refunded'), 0)`.mapWith(
        Number,
      ),
    })
    .from(beautyPassTransactions)
    .where(eq(beautyPassTransactions.userId, userId));
  return Math.max(0, (row?.due ?? 0) - (row?.out ?? 0));
}

/** The shoppers holding earned points that lapse by `at`: who may need expiring, or a reminder. */
export async function usersWithCreditsExpiringBy(db: Executor, at: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ userId: beautyPassTransactions.userId })
    .from(beautyPassTransactions)
    .where(and(eq(beautyPassTransactions.type, "earned"), lte(beautyPassTransactions.expiresAt, at)));
  return rows.map((r) => r.userId);
}

export type PointsExpiryResult = { expiredUsers: number; expiredPoints: number };

/**
 * The daily job's first half: writes an 'expired' transaction for points past their 12 months.
 * Safe to run any number of times: what lapses is computed from the ledger. The reminders of
 * points lapsing soon are the workflow's (app/.server/workflows/points-expiry.ts): they also
 * write a notification.
 */
export async function expireLapsedPoints(db: Database, now = new Date()): Promise<PointsExpiryResult> {
  const result: PointsExpiryResult = { expiredUsers: 0, expiredPoints: 0 };
  for (const userId of await usersWithCreditsExpiringBy(db, now)) {
    const points = await db.transaction(async (tx) => {
      await lockBalance(tx, userId); // locks the profile: one writer per shopper at a time
      const lapsing = await pointsLapsingBy(tx, userId, now);
      if (lapsing <= 0) return 0;
      return debitUpTo(tx, {
        userId,
        points: lapsing,
        type: "expired",
        description: "Points expirés (12 mois après leur obtention)",
        orderId: null,
        now,
      });
    });
    if (points > 0) {
      result.expiredUsers += 1;
      result.expiredPoints += points;
    }
  }
  return result;
}

/** The end of the reminder window that starts at `now`: 30 days later. */
export function expiryReminderHorizon(now: Date): Date {
  return new Date(now.getTime() + BEAUTY_PASS_EXPIRY_REMINDER_DAYS * DAY_MS);
}

/** What a reminder says: how many points lapse by the horizon, and the first date they do. */
export type LapsingPoints = { points: number; firstExpiresAt: Date; reminderKey: string };

/**
 * Inside the reminder's transaction: locks the shopper's balance (so two runs see the same
 * ledger one after the other) and reads the points lapsing between `now` and `horizon`. The
 * reminder key names the first lapse date: one reminder per date, whatever the runs.
 */
export async function lockLapsingPoints(tx: Executor, userId: string, now: Date, horizon: Date): Promise<LapsingPoints | null> {
  await lockBalance(tx, userId);
  const lapsing = await pointsLapsingBy(tx, userId, horizon);
  if (lapsing <= 0) return null;
  const [first] = await tx
    .select({ expiresAt: beautyPassTransactions.expiresAt })
    .from(beautyPassTransactions)
    .where(
      and(
        eq(beautyPassTransactions.userId, userId),
        eq(beautyPassTransactions.type, "earned"),
        sql`${beautyPassTransactions.expiresAt} > ${now}`,
        lte(beautyPassTransactions.expiresAt, horizon),
      ),
    )
    .orderBy(asc(beautyPassTransactions.expiresAt))
    .limit(1);
  if (!first?.expiresAt) return null;
  return { points: lapsing, firstExpiresAt: first.expiresAt, reminderKey: `points-expiry:${first.expiresAt.toISOString().slice(0, 10)}` };
}

type ShopperPreferences = Awaited<ReturnType<typeof promotionPreferencesOf>>;

/** The reminder as the notification reads it, in French (the pages translate it by `messageKey`). */
export function pointsExpiryNotice(userId: string, lapsing: LapsingPoints, prefs: ShopperPreferences) {
  const date = formatDate(lapsing.firstExpiresAt, prefs.timezone);
  return {
    userId,
    type: "system" as const,
    priority: "high" as const,
    title: "Vos points Beauty Pass vont expirer",
    message: `${lapsing.points} points Beauty Pass expireront le ${date}. Utilisez-les lors de votre prochaine commande (dès 100 points).`,
    actionUrl: "/beauty-pass",
    messageKey: "pointsExpiry" as const,
    params: { points: String(lapsing.points), expiresAt: lapsing.firstExpiresAt.toISOString() },
    metadata: { reminder_key: lapsing.reminderKey, points: lapsing.points, expires_at: lapsing.firstExpiresAt.toISOString() },
  };
}

/** The reminder's e-mail, in the same transaction as its notification (the outbox sends it). */
export async function enqueuePointsExpiryMail(
  tx: Executor,
  userId: string,
  lapsing: LapsingPoints,
  prefs: ShopperPreferences,
): Promise<void> {
  const [owner] = await tx.select({ email: user.email }).from(user).where(eq(user.id, userId));
  // A reminder to spend points is a promotion: only with the "Promotions" switch on (decision 043).
  if (!owner?.email || !prefs.emailPromotions) return;
  // The mail speaks the Préférences language (decision 044), as the pages word the notification.
  const m = mailWording(prefs.language);
  const mail = await renderMail(
    "points-expiry",
    {
      firstName: await firstNameOfUser(tx, userId),
      message: m.t("emails.pointsExpiry.sentence", {
        count: String(lapsing.points),
        date: formatDate(lapsing.firstExpiresAt, prefs.timezone, m.locale),
      }),
      beautyPassPath: "/beauty-pass",
    },
    { language: prefs.language },
  );
  await enqueueMail(tx, { to: owner.email, ...mail });
}

/** The erasure of an account (RGPD art. 17): the points history goes with it. */
export async function eraseLoyaltyHistoryOf(tx: Executor, userId: string): Promise<void> {
  await tx.delete(beautyPassTransactions).where(eq(beautyPassTransactions.userId, userId));
}
