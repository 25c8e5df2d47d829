/**
 * PostgreSQL's answers the services act on. Drizzle wraps the driver's error (DrizzleQueryError,
 * its `cause`), and PGlite and node-postgres each throw their own class, so the SQLSTATE is looked
 * for down the chain of causes (a few levels: a cycle cannot hold the caller).
 */
const UNIQUE_VIOLATION = "23505";
const CAUSE_DEPTH = 5;

/** A unique index refused the row (SQLSTATE 23505): another writer got there first. */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < CAUSE_DEPTH; depth++) {
    if ((current as { code?: unknown }).code === UNIQUE_VIOLATION) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
