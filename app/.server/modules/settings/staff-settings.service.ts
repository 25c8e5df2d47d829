/**
 * The team's settings the owner sets in Équipe (decision 066): the refund limit of roles that
 * refund within one (customer service), and above which a refund asks for the second factor again.
 */
import type { Executor } from "~/.server/db/client";
import { readSetting, writeSetting } from "./settings-store";

const REFUND_LIMIT_KEY = "staff.refund_limit_cents";
/** Until the owner sets one: 100 €. */
export const DEFAULT_REFUND_LIMIT_CENTS = 10_000;
export const REFUND_LIMIT_MAX_CENTS = 100_000_000;

export async function getRefundLimitCents(db: Executor): Promise<number> {
  const value = await readSetting(db, REFUND_LIMIT_KEY);
  return typeof value === "number" && Number.isInteger(value) && value >= 0 ? value : DEFAULT_REFUND_LIMIT_CENTS;
}

export async function setRefundLimitCents(db: Executor, cents: number): Promise<void> {
  await writeSetting(db, REFUND_LIMIT_KEY, cents);
}
