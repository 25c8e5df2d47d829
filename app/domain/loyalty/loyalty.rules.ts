/**
 * Beauty Pass rules shared by the server and the pages (no server imports, no zod).
 * Spec storefront §9 and back-office §9: tiers by points, reward thresholds, progress.
 */
import { BEAUTY_PASS_EXPERT_MIN_POINTS, BEAUTY_PASS_POINTS_PER_EURO, BEAUTY_PASS_VIP_MIN_POINTS } from "~/lib/shop-rules";
import * as CHECKOUT_MESSAGES from "~/domain/messages/checkout";

/** The refusal of a spend above the balance; the checkout translates it (decision 044). */
export const INSUFFICIENT_POINTS_MESSAGE = CHECKOUT_MESSAGES.notEnoughBeautyPassPoints;

export const BEAUTY_PASS_TIERS = [
  { id: "lover", name: "Beauty Lover", minPoints: 0, maxPoints: BEAUTY_PASS_EXPERT_MIN_POINTS - 1 },
  { id: "expert", name: "Beauty Expert", minPoints: BEAUTY_PASS_EXPERT_MIN_POINTS, maxPoints: BEAUTY_PASS_VIP_MIN_POINTS - 1 },
  { id: "vip", name: "Beauty VIP", minPoints: BEAUTY_PASS_VIP_MIN_POINTS, maxPoints: null },
] as const;
export type BeautyPassTier = (typeof BEAUTY_PASS_TIERS)[number];
export type BeautyPassTierId = BeautyPassTier["id"];

/** Reward thresholds shown on the profile card: the next one above the balance. */
export const BEAUTY_PASS_REWARD_THRESHOLDS = [50, 100, 200, 500, 1000] as const;

export function tierFor(points: number): BeautyPassTier {
  if (points >= BEAUTY_PASS_VIP_MIN_POINTS) return BEAUTY_PASS_TIERS[2];
  if (points >= BEAUTY_PASS_EXPERT_MIN_POINTS) return BEAUTY_PASS_TIERS[1];
  return BEAUTY_PASS_TIERS[0];
}

/** The first threshold above the balance, or null once past them all. */
export function nextRewardThreshold(points: number): number | null {
  return BEAUTY_PASS_REWARD_THRESHOLDS.find((t) => t > points) ?? null;
}

/** Progress towards the next threshold in percent, capped at 100; 100 past all thresholds. */
export function rewardProgressPercent(points: number): number {
  const next = nextRewardThreshold(points);
  if (next === null) return 100;
  // Rounded down: 199 of 200 points must not read 100 %.
  return Math.min(100, Math.max(0, Math.floor((points / next) * 100)));
}

/** Points earned by an order: 1 per whole euro actually paid (the part paid with points earns none). */
export function pointsEarnedFor(totalPaidCents: number): number {
  return Math.max(0, Math.floor(totalPaidCents / 100) * BEAUTY_PASS_POINTS_PER_EURO);
}
