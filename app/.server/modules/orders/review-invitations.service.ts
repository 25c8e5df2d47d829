import { sql } from "drizzle-orm";
import { rowsOf, type Executor } from "../../db/client";
import { orders, orderStatusChanges } from "../../db/schema";

/** Orders delivered at least this long ago are invited to review... */
export const REVIEW_INVITATION_DELAY_DAYS = 7;
/** ...and no longer once this long has passed (a shop upgraded with old orders mails nobody about them). */
export const REVIEW_INVITATION_WINDOW_DAYS = 30;

export type ReviewInvitationOrder = { id: string; orderNumber: string; userId: string; email: string | null; firstName: string | null };

/**
 * Claims, in the caller's transaction, delivered orders whose invitation is due and not decided
 * yet, marking them decided (`review_invited_at`): each order is invited at most once, whichever
 * of several processes runs the job (FOR UPDATE SKIP LOCKED).
 */
export async function claimReviewInvitations(tx: Executor, now: Date, limit: number): Promise<ReviewInvitationOrder[]> {
  const dueBefore = new Date(now.getTime() - REVIEW_INVITATION_DELAY_DAYS * 86_400_000).toISOString();
  const notBefore = new Date(now.getTime() - REVIEW_INVITATION_WINDOW_DAYS * 86_400_000).toISOString();
  const result = await tx.execute<{
    id: string;
    order_number: string;
    user_id: string;
    email: string | null;
    first_name: string | null;
  }>(sql`
    UPDATE ${orders} o SET review_invited_at = ${now.toISOString()}
    FROM (
      SELECT c.id FROM ${orders} c
      WHERE c.status = 'delivered' AND c.review_invited_at IS NULL AND c.user_id IS NOT NULL
        AND (SELECT max(s.created_at) FROM ${orderStatusChanges} s WHERE s.order_id = c.id AND s.to_status = 'delivered')
            BETWEEN ${notBefore} AND ${dueBefore}
      ORDER BY c.created_at
      LIMIT ${limit}
      FOR UPDATE OF c SKIP LOCKED
    ) due
    WHERE o.id = due.id
    RETURNING o.id, o.order_number, o.user_id, o.metadata->'customer_info'->>'email' AS email, o.shipping_address->>'first_name' AS first_name`);
  return rowsOf<{ id: string; order_number: string; user_id: string; email: string | null; first_name: string | null }>(result).map(
    (r) => ({
      id: r.id,
      orderNumber: r.order_number,
      userId: r.user_id,
      email: r.email,
      firstName: r.first_name,
    }),
  );
}
