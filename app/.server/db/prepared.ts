import type { Executor } from "./client";

/**
 * Named prepared statements, built once per database handle (or transaction). On PGlite a
 * prepared statement skips parsing and planning, which is most of a small query's cost.
 */
const statements = new WeakMap<object, Map<string, unknown>>();

export function prepared<T>(db: Executor, name: string, build: (db: Executor, name: string) => T): T {
  let byName = statements.get(db);
  if (!byName) {
    byName = new Map();
    statements.set(db, byName);
  }
  let statement = byName.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build(db, name);
    byName.set(name, statement);
  }
  return statement;
}
