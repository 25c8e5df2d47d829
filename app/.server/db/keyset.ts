import { asc, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { index, type AnyPgColumn } from "drizzle-orm/pg-core";

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

/**
 * The update time as the lists compare and order it, in UTC without a zone: `date_trunc` on a
 * `timestamptz` depends on the session's time zone (so PostgreSQL will not index it), on a UTC
 * `timestamp` it does not. The tables' `(keyset expression, id)` indexes (`keysetIndex`, migration
 * 0035) are built on exactly this expression, so a page is an index range scan.
 */
export function keysetMillis(updatedAt: AnyColumn | SQL): SQL {
  return sql`date_trunc('milliseconds', (${updatedAt}) AT TIME ZONE 'UTC')`;
}

/** A cursor's or `updated_since`'s instant, in the expression's terms. */
function utcMillis(at: Date): SQL {
  return sql`(${at.toISOString()}::timestamptz AT TIME ZONE 'UTC')`;
}

export function keysetConditions(updatedAt: AnyColumn | SQL, id: AnyColumn, window: KeysetWindow): SQL[] {
  const at = keysetMillis(updatedAt);
  const conditions: SQL[] = [];
  if (window.updatedSince) conditions.push(sql`${at} >= ${utcMillis(window.updatedSince)}`);
  if (window.after) conditions.push(sql`(${at}, ${id}) > (${utcMillis(window.after.updatedAt)}, ${window.after.id})`);
  return conditions;
}

export function keysetOrder(updatedAt: AnyColumn | SQL, id: AnyColumn): SQL[] {
  return [asc(keysetMillis(updatedAt)), asc(id)];
}

/**
 * The index a list's keyset walk reads: (keyset expression, id), so a page of an admin API list
 * is a range scan in order instead of a sort of the whole table.
 */
export function keysetIndex(name: string, updatedAt: AnyPgColumn, id: AnyPgColumn) {
  return index(name).on(keysetMillis(updatedAt), id);
}
