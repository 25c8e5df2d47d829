/**
 * The owner's refund limit applied to a staff member's action that pays money back (decision
 * 066): a free-amount refund, and a status change that refunds the whole order (cancelled,
 * returned). The rule is app/domain/staff/refund-limit.ts; this reads the owner's setting.
 */
import type { Executor } from "~/.server/db/client";
import { getRefundLimitCents } from "~/.server/modules/settings/staff-settings.service";
import { forbidden } from "~/domain/errors";
import { refundVerdict } from "~/domain/staff/refund-limit";
import { missingPermissionMessage, refundOverLimitMessage } from "~/domain/staff/staff-messages";
import { formatPrice } from "~/lib/money";

/** A staff member's session as the money paths judge it: its permissions and the second factor's re-check. */
export type StaffRefunder = { permissions: readonly string[]; confirmSecondFactor: () => Promise<void> };

/**
 * A role that refunds within the limit is refused above it (403 `refund_over_limit`, naming the
 * limit); a role that refunds without one confirms its second factor again above it (403
 * `second_factor_required` when the last check is too old).
 */
export async function checkRefundLimit(db: Executor, amountCents: number, staff: StaffRefunder): Promise<void> {
  const limitCents = await getRefundLimitCents(db);
  const verdict = refundVerdict({ amountCents, limitCents, permissions: staff.permissions });
  if (verdict === "over_limit") throw forbidden("refund_over_limit", refundOverLimitMessage(formatPrice(limitCents)));
  if (verdict === "missing_permission") throw forbidden("missing_permission", missingPermissionMessage("refunds.write"));
  if (verdict === "second_factor") await staff.confirmSecondFactor();
}
