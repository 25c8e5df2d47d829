/**
 * Tells a database that cannot be reached (down, restarting, unreachable, out of connections)
 * from any other failure. The Node server answers the former with a 503 and `Retry-After`
 * instead of a 500 (docs/decisions/039-workers-health-shutdown.md): the request was fine, the
 * shop will serve it again once PostgreSQL is back, and the pool reconnects on its own.
 */

/** Socket-level failures node-postgres passes on as they are. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/**
 * SQLSTATEs of a server that is going away or not taking connections: class 08 (connection
 * exception), 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now, 57P04
 * database_dropped, 53300 too_many_connections.
 */
const UNAVAILABLE_SQLSTATES = new Set(["57P01", "57P02", "57P03", "57P04", "53300"]);

/**
 * 55000 (object_not_in_prerequisite_state) is an outage only as the refusal of a database that
 * does not take connections now (`ALTER DATABASE … ALLOW_CONNECTIONS false`).
 */
const NOT_ACCEPTING_CONNECTIONS = /is not currently accepting connections/i;

/** node-postgres' own messages for a connection that failed or died (they carry no code). */
const CONNECTION_MESSAGES = [/timeout exceeded when trying to connect/i, /connection terminated/i, /not queryable/i, /Connection ended/i];

export function isDatabaseUnavailableError(error: unknown): boolean {
  // Drizzle wraps the driver's error (`cause`); Node reports a refused dual-stack connect as an AggregateError.
  const seen = new Set<unknown>();
  const pending: unknown[] = [error];
  while (pending.length > 0) {
    const current = pending.pop();
    if (!current || typeof current !== "object" || seen.has(current)) continue;
    seen.add(current);
    const { code, message, cause, errors } = current as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    if (typeof code === "string" && (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || /^08/.test(code))) return true;
    if (code === "55000" && typeof message === "string" && NOT_ACCEPTING_CONNECTIONS.test(message)) return true;
    if (typeof message === "string" && CONNECTION_MESSAGES.some((pattern) => pattern.test(message))) return true;
    pending.push(cause);
    if (Array.isArray(errors)) pending.push(...errors);
  }
  return false;
}

/**
 * The last time a query or a connection of this process failed because the database was
 * unreachable, with its error. The auth library reports a failed query as an error of its own
 * that keeps nothing of the cause, so the code that calls it asks here whether the database
 * failed meanwhile (decision 039): such a failure is an outage (503), not a bug (500).
 */
let lastUnavailable: { at: number; error: unknown } | null = null;

/** Called with every error of the PostgreSQL pool's queries and connections. */
export function noteDatabaseFailure(error: unknown): void {
  if (isDatabaseUnavailableError(error)) lastUnavailable = { at: Date.now(), error };
}

/** The error of an unreachable database met at or after `since` (a Date.now() value), or null. */
export function databaseUnavailableSince(since: number): unknown {
  return lastUnavailable && lastUnavailable.at >= since ? lastUnavailable.error : null;
}

/**
 * Runs a call into a library that hides the cause of its failures. When it throws, or its answer
 * is one `failed` says is a failure, while the database was unreachable meanwhile, the outage's
 * own error is thrown instead, which the app's error hook answers with the 503.
 */
export async function revealingOutage<T>(call: () => Promise<T>, failed: (value: T) => boolean = () => false): Promise<T> {
  const startedAt = Date.now();
  let value: T;
  try {
    value = await call();
  } catch (error) {
    throw databaseUnavailableSince(startedAt) ?? error;
  }
  const outage = failed(value) ? databaseUnavailableSince(startedAt) : null;
  if (outage) throw outage;
  return value;
}

/**
 * Requests whose handling met an unreachable database, by request id: the app's error hook
 * records them, and the Node server, which holds the response, asks once (and forgets) whether
 * to answer 503 instead of the page or JSON the app made of the failure.
 */
const unavailableRequests = new Set<string>();

/** Ids nobody asked about (an error after the answer began) must not pile up. */
const MAX_RECORDED = 10_000;

export function recordDatabaseUnavailable(requestId: string): void {
  if (unavailableRequests.size >= MAX_RECORDED) unavailableRequests.clear();
  unavailableRequests.add(requestId);
}

export function takeDatabaseUnavailable(requestId: string): boolean {
  return unavailableRequests.delete(requestId);
}
