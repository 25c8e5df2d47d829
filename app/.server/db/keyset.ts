import { and, asc, gt, gte, or, eq, type AnyColumn, type SQL } from "drizzle-orm";

/**
 * Keyset paging over (updated_at, id) for the admin API's lists (decision 049): the conditions
 * that keep rows after the cursor and updated at or after `updatedSince`, and the order that
 * goes with them. A module passes its own columns; the API layer parses the cursor.
 */
export type KeysetWindow = { after: { updatedAt: Date; id: string } | null; updatedSince: Date | null };

export function keysetConditions(updatedAt: AnyColumn, id: AnyColumn, window: KeysetWindow): SQL[] {
  const conditions: SQL[] = [];
  if (window.updatedSince) conditions.push(gte(updatedAt, window.updatedSince));
  if (window.after) {
    const { updatedAt: at, id: lastId } = window.after;
    conditions.push(or(gt(updatedAt, at), and(eq(updatedAt, at), gt(id, lastId)))!);
  }
  return conditions;
}

export function keysetOrder(updatedAt: AnyColumn, id: AnyColumn): SQL[] {
  return [asc(updatedAt), asc(id)];
}
