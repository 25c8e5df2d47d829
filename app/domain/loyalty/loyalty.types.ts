/** Beauty Pass as the pages and the API see it (isomorphic: no server code, no zod). */
import type { BeautyPassTierId } from "./loyalty.rules";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";

export const BEAUTY_PASS_TRANSACTION_TYPES = ["earned", "used", "expired", "reversed", "refunded", "adjusted"] as const;
export type BeautyPassTransactionType = (typeof BEAUTY_PASS_TRANSACTION_TYPES)[number];

/**
 * French labels of the transaction types: earned on a delivered order, used at checkout, lapsed
 * after 12 months, cancelled (an order's earned points taken back), given back (points used on a
 * cancelled order), or corrected by the shop.
 */
export const BEAUTY_PASS_TRANSACTION_LABELS: Record<BeautyPassTransactionType, string> = {
  earned: ACCOUNT_MESSAGES.pointsEarned,
  used: ACCOUNT_MESSAGES.pointsUsed,
  expired: ACCOUNT_MESSAGES.pointsExpired,
  reversed: ACCOUNT_MESSAGES.pointsCancelled,
  refunded: ACCOUNT_MESSAGES.pointsGivenBack,
  adjusted: ACCOUNT_MESSAGES.pointsAdjustment,
};

export function transactionTypeLabel(type: string): string {
  return (BEAUTY_PASS_TRANSACTION_LABELS as Record<string, string>)[type] ?? ACCOUNT_MESSAGES.pointsAdjustment;
}

export type LoyaltyTransactionView = {
  id: string;
  /** Positive for a credit, negative for a debit. */
  points: number;
  type: BeautyPassTransactionType;
  description: string;
  order_id: string | null;
  /** The number the shopper knows the order by ("AUR-2026-000123"), or null. */
  order_reference: string | null;
  created_at: string;
};

export type LoyaltyTierView = { id: BeautyPassTierId; name: string; min: number; max: number | null };

export type LoyaltySummary = {
  /** Points available now (user_profiles.loyalty_points). */
  balance: number;
  /** Points earned on orders since the account opened, net of earnings taken back (reversed). */
  lifetime_points: number;
  tier: LoyaltyTierView;
  /** The next reward threshold above the balance, or null once past them all. */
  next_threshold: number | null;
  progress_percent: number;
  /** Points still missing to reach next_threshold, or null once past them all. */
  points_to_next: number | null;
  /** The earliest batch of points still in the balance that will lapse, or null. */
  next_expiry: { points: number; expires_at: string } | null;
  /** The latest transactions, newest first. */
  transactions: LoyaltyTransactionView[];
};

/** "+45 points" / "-100 points": a transaction's points with their sign. */
export function formatSignedPoints(points: number): string {
  const abs = Math.abs(points).toLocaleString("fr-FR");
  return `${points > 0 ? "+" : "-"}${abs} point${Math.abs(points) > 1 ? "s" : ""}`;
}

/** "1 250 points", "1 point", "0 point" (French singular below 2). */
export function formatPoints(points: number): string {
  return `${points.toLocaleString("fr-FR")} point${Math.abs(points) >= 2 ? "s" : ""}`;
}

/** Spec storefront §8: the card's fallback, and the history's. */
export const LOYALTY_LOAD_ERROR = ACCOUNT_MESSAGES.errorWhileLoadingPoints;
export const LOYALTY_TRANSACTIONS_LOAD_ERROR = ACCOUNT_MESSAGES.errorWhileLoadingTransactions;
