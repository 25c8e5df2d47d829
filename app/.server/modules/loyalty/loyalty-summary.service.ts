/**
 * Beauty Pass, read side: what a shopper sees of their points (profile card, account history,
 * /beauty-pass, GET /api/v1/loyalty). Always read for one user id. The write side (credits on
 * delivery, reversals, use at checkout, expiry) lives in loyalty.service.ts and keeps
 * user_profiles.loyalty_points in step with beauty_pass_transactions.
 */
import { and, desc, eq, gt, inArray, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { beautyPassTransactions, orders, userProfiles } from "../../db/schema";
import { nextRewardThreshold, rewardProgressPercent, tierFor } from "~/domain/loyalty/loyalty.rules";
import {
  BEAUTY_PASS_TRANSACTION_TYPES,
  type BeautyPassTransactionType,
  type LoyaltySummary,
  type LoyaltyTransactionView,
} from "~/domain/loyalty/loyalty.types";
import { parisDay } from "~/lib/paris-time";
import { BEAUTY_PASS_HISTORY_LIMIT } from "~/lib/shop-rules";

const t = beautyPassTransactions;

export type LoyaltySummaryOptions = { now?: Date; transactionsLimit?: number };

/**
 * The shopper's Beauty Pass: balance, lifetime points, tier, next reward threshold, the next
 * points to lapse and the latest transactions (newest first). The tier follows the balance, like
 * the reward thresholds (spec: "tiers by points"; storefront §9: "next threshold above the
 * balance"), so the card, the thresholds and the tier always speak of the same number.
 */
export async function getLoyaltySummary(db: Executor, userId: string, options: LoyaltySummaryOptions = {}): Promise<LoyaltySummary> {
  const now = options.now ?? new Date();
  const limit = Math.max(1, Math.min(options.transactionsLimit ?? BEAUTY_PASS_HISTORY_LIMIT, BEAUTY_PASS_HISTORY_LIMIT));
  const [balance, lifetime, lots, transactions] = await Promise.all([
    readBalance(db, userId),
    readLifetimePoints(db, userId),
    readLiveLots(db, userId, now),
    listTransactions(db, userId, limit),
  ]);
  const tier = tierFor(balance);
  const next = nextRewardThreshold(balance);
  return {
    balance,
    lifetime_points: lifetime,
    tier: { id: tier.id, name: tier.name, min: tier.minPoints, max: tier.maxPoints },
    next_threshold: next,
    progress_percent: rewardProgressPercent(balance),
    points_to_next: next === null ? null : next - balance,
    next_expiry: nextExpiry(lots, balance),
    transactions,
  };
}

async function readBalance(db: Executor, userId: string): Promise<number> {
  const [row] = await db.select({ points: userProfiles.loyaltyPoints }).from(userProfiles).where(eq(userProfiles.id, userId));
  return Math.max(0, row?.points ?? 0);
}

/** Points earned on orders, minus the earnings taken back when an order was cancelled or returned. */
async function readLifetimePoints(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ points: sql<number>`coalesce(sum(${t.points}), 0)::int` })
    .from(t)
    .where(and(eq(t.userId, userId), inArray(t.type, ["earned", "reversed"])));
  return Math.max(0, Number(row?.points ?? 0));
}

type Lot = { points: number; expiresAt: Date };

/**
 * Earned batches not yet expired, newest first, each net of the reversals of its order (a
 * cancelled or returned order takes its own points back, not the oldest ones).
 */
async function readLiveLots(db: Executor, userId: string, now: Date): Promise<Lot[]> {
  const [earned, reversed] = await Promise.all([
    db
      .select({ points: t.points, orderId: t.orderId, expiresAt: t.expiresAt })
      .from(t)
      .where(and(eq(t.userId, userId), eq(t.type, "earned"), gt(t.expiresAt, now)))
      .orderBy(desc(t.createdAt), desc(t.id)),
    db
      .select({ orderId: t.orderId, points: sql<number>`coalesce(-sum(${t.points}), 0)::int` })
      .from(t)
      .where(and(eq(t.userId, userId), eq(t.type, "reversed")))
      .groupBy(t.orderId),
  ]);
  const takenBack = new Map(reversed.filter((r) => r.orderId).map((r) => [r.orderId!, Number(r.points)]));
  const lots: Lot[] = [];
  for (const row of earned) {
    let points = row.points;
    const back = row.orderId ? (takenBack.get(row.orderId) ?? 0) : 0;
    if (back > 0) {
      const taken = Math.min(back, points);
      points -= taken;
      takenBack.set(row.orderId!, back - taken);
    }
    if (points > 0 && row.expiresAt) lots.push({ points, expiresAt: row.expiresAt });
  }
  return lots;
}

/**
 * FIFO: spending and expiry consume the oldest points first, so the points still in the balance
 * are the newest earned ones. Walking the live batches from the newest back until the balance is
 * covered, the oldest batch reached (possibly in part) is the next to lapse; batches lapsing the
 * same day are added up. An approximation: points given back or added by hand carry no expiry
 * date and are counted as the newest; a balance larger than every live batch simply covers them
 * all. Null when no earned point with a future expiry is left in the balance.
 */
export function nextExpiry(lots: readonly Lot[], balance: number): LoyaltySummary["next_expiry"] {
  let remaining = balance;
  const kept: Lot[] = [];
  for (const lot of lots) {
    if (remaining <= 0) break;
    const points = Math.min(lot.points, remaining);
    kept.push({ points, expiresAt: lot.expiresAt });
    remaining -= points;
  }
  if (kept.length === 0) return null;
  const earliest = kept.reduce((a, b) => (b.expiresAt < a.expiresAt ? b : a));
  const day = parisDay(earliest.expiresAt);
  const points = kept.filter((lot) => parisDay(lot.expiresAt) === day).reduce((sum, lot) => sum + lot.points, 0);
  return { points, expires_at: earliest.expiresAt.toISOString() };
}

function asType(type: string): BeautyPassTransactionType {
  return (BEAUTY_PASS_TRANSACTION_TYPES as readonly string[]).includes(type) ? (type as BeautyPassTransactionType) : "adjusted";
}

/** The shopper's latest transactions, newest first. */
export async function listTransactions(db: Executor, userId: string, limit = BEAUTY_PASS_HISTORY_LIMIT): Promise<LoyaltyTransactionView[]> {
  const rows = await db
    .select({
      id: t.id,
      points: t.points,
      type: t.type,
      description: t.description,
      orderId: t.orderId,
      orderNumber: orders.orderNumber,
      createdAt: t.createdAt,
    })
    .from(t)
    .leftJoin(orders, eq(orders.id, t.orderId))
    .where(eq(t.userId, userId))
    .orderBy(desc(t.createdAt), desc(t.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    points: row.points,
    type: asType(row.type),
    description: row.description,
    order_id: row.orderId,
    order_reference: row.orderNumber,
    created_at: row.createdAt.toISOString(),
  }));
}
