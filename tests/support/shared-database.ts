import { randomBytes } from "node:crypto";
import { openDatabase, type DatabaseHandle } from "../../app/.server/db/client";
import { adminQuery, createTestDatabase, PG_TEMPLATE_DB, testDatabaseUrl, withDatabase } from "./db";

/**
 * Several handles on ONE test database, as several server processes have: on PostgreSQL each
 * handle is its own pool and LISTEN connection; PGlite is one process, so every "handle" is the
 * same one. `empty` gives a database without migrations (PostgreSQL only).
 */
export async function createSharedTestDatabase(
  count: number,
  options: { empty?: boolean } = {},
): Promise<{ handles: DatabaseHandle[]; url?: string; close(): Promise<void> }> {
  const url = testDatabaseUrl();
  if (!url) {
    const handle = await createTestDatabase();
    return { handles: Array.from({ length: count }, () => handle), close: () => handle.close() };
  }
  const name = `aurore_shared_${process.pid}_${randomBytes(4).toString("hex")}`;
  await adminQuery(url, [options.empty ? `CREATE DATABASE ${name}` : `CREATE DATABASE ${name} TEMPLATE ${PG_TEMPLATE_DB}`]);
  const dbUrl = withDatabase(url, name);
  const handles = await Promise.all(Array.from({ length: count }, () => openDatabase({ kind: "postgres", url: dbUrl, poolSize: 5 })));
  return {
    handles,
    url: dbUrl,
    close: async () => {
      for (const h of handles) await h.close();
      await adminQuery(url, [`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`]);
    },
  };
}
