import { startDatabase, stopDatabase } from "./db";
import { getSessionSecret } from "./secrets";
import { getAuth } from "./auth/session.server";
import { ensureAdministrator } from "./auth/admin-bootstrap";

export type BootstrapResult = { database: string };

/** Everything the server needs before it takes requests. Safe to call more than once. */
export async function bootstrap(): Promise<BootstrapResult> {
  getSessionSecret();
  const handle = await startDatabase();
  await ensureAdministrator(handle.db, await getAuth());
  return { database: handle.label };
}

/** Called by the Node server on SIGINT/SIGTERM: closes the database (PGlite flushes, lock released). */
export async function shutdown(): Promise<void> {
  await stopDatabase();
}
