import { asc, sql, type AnyColumn, type SQL } from "drizzle-orm";

/**
 * Keyset paging over (updated_at, id) for the admin API's lists (decision 049): the conditions
 * that keep rows after the cursor and updated at or after `updatedSince`, and the order that
 * goes with them. A module passes its own columns; the API layer parses the cursor.
 *
 * Compared at the millisecond: a cursor carries a JavaScript date, which keeps milliseconds only,
 * while rows stamped by the database (`now()`, column defaults) hold microseconds; compared as
 * stored, the last row of a page would come back on the next one. `updatedAt` may be an
 * expression (a table without its own column computes when it changed).
 */
export type KeysetWindow = { after: { updatedAt: Date; id: string } | null; updatedSince: Date | null };

function millis(updatedAt: AnyColumn | SQL): SQL {
  return sql`date_trunc('milliseconds', ${updatedAt})`;
}

export function keysetConditions(updatedAt: AnyColumn | SQL, id: AnyColumn, window: KeysetWindow): SQL[] {
  const at = millis(updatedAt);
  const conditions: SQL[] = [];
  if (window.updatedSince) conditions.push(sql`${at} >= ${window.updatedSince.toISOString()}::timestamptz`);
  if (window.after) {
    conditions.push(sql`(${at}, ${id}) > (${window.after.updatedAt.toISOString()}::timestamptz, ${window.after.id})`);
  }
  return conditions;
}

export function keysetOrder(updatedAt: AnyColumn | SQL, id: AnyColumn): SQL[] {
  return [asc(millis(updatedAt)), asc(id)];
}
