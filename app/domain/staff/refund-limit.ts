/**
 * The refund limit (decision 066): the owner sets an amount in Équipe; a role that refunds within
 * it (`refunds.write`, customer service) is refused above it, and a role that refunds without a
 * limit (`refunds.unlimited`) confirms its second factor again above it, as for every sensitive
 * action. Pure and isomorphic: the amount is the one the server refunds, the limit the owner's
 * setting, the permissions the staff member's role. API keys are not judged here: their
 * `orders:write` scope is only given by someone who holds `refunds.unlimited`.
 */
import { allows } from "./permissions";

/**
 * `ok`: refund it; `over_limit`: refused, the role refunds within the limit only; `second_factor`:
 * allowed once the session passed the second factor within STEP_UP_MINUTES;
 * `missing_permission`: the role does not refund at all.
 */
export type RefundVerdict = "ok" | "over_limit" | "second_factor" | "missing_permission";

export function refundVerdict(input: {
  amountCents: number;
  limitCents: number;
  permissions: readonly string[];
  /** Whether the session passed the second factor recently; unknown (not looked up yet) counts as not. */
  recentSecondFactor?: boolean;
}): RefundVerdict {
  const { amountCents, limitCents, permissions } = input;
  if (!allows(permissions, "refunds.write")) return "missing_permission";
  // The limit itself is allowed: "jusqu'à la limite".
  if (amountCents <= limitCents) return "ok";
  if (!allows(permissions, "refunds.unlimited")) return "over_limit";
  return input.recentSecondFactor === true ? "ok" : "second_factor";
}
