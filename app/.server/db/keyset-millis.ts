import { asc, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { KeysetWindow } from "./keyset";

/**
 * Keyset paging over (updated_at, id) compared at the millisecond (decision 049). A cursor carries
 * a JavaScript date, which keeps milliseconds only, while rows stamped by the database (`now()`,
 * column defaults) hold microseconds: compared as stored, the last row of a page would come back
 * on the next one. Truncating both sides to the millisecond keeps "every row exactly once".
 * `updatedAt` may be an expression (a table without its own column computes when it changed).
 */
export function millis(updatedAt: AnyColumn | SQL): SQL {
  return sql`date_trunc('milliseconds', ${updatedAt})`;
}

export function keysetMillisConditions(updatedAt: AnyColumn | SQL, id: AnyColumn, window: KeysetWindow): SQL[] {
  const at = millis(updatedAt);
  const conditions: SQL[] = [];
  if (window.updatedSince) conditions.push(sql`${at} >= ${window.updatedSince.toISOString()}::timestamptz`);
  if (window.after) {
    conditions.push(sql`(${at}, ${id}) > (${window.after.updatedAt.toISOString()}::timestamptz, ${window.after.id})`);
  }
  return conditions;
}

export function keysetMillisOrder(updatedAt: AnyColumn | SQL, id: AnyColumn): SQL[] {
  return [asc(millis(updatedAt)), asc(id)];
}
