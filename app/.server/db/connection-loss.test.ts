/**
 * A PostgreSQL connection that dies while a transaction holds it (between two statements) fails
 * that transaction and nothing else: the process goes on, and the pool serves again once the
 * server is reachable (docs/decisions/039). The server is reached through a TCP proxy the test
 * cuts, never restarted. Needs a PostgreSQL server: runs only when TEST_DATABASE_URL is set.
 */
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { testDatabaseUrl } from "../../../tests/support/db";
import { createTcpProxy } from "../../../tests/support/tcp-proxy";
import { isDatabaseUnavailableError } from "./availability";
import { openDatabase, type DatabaseHandle } from "./client";

const PROXY_PORT = 4240;
const url = testDatabaseUrl();

describe.skipIf(!url)("a PostgreSQL connection lost while in use (needs TEST_DATABASE_URL: PGlite has no connection to lose)", () => {
  const target = new URL(url ?? "postgres://127.0.0.1:5432/test");
  const proxy = createTcpProxy(PROXY_PORT, { host: target.hostname, port: Number(target.port || 5432) });
  let handle: DatabaseHandle | undefined;

  afterAll(async () => {
    await proxy.close();
    await handle?.close();
  });

  it("fails the transaction that held it, then the pool serves again", async () => {
    await proxy.open();
    const proxied = new URL(url!);
    proxied.hostname = "127.0.0.1";
    proxied.port = String(PROXY_PORT);
    handle = await openDatabase({ kind: "postgres", url: proxied.href, poolSize: 2 });
    const db = handle.db;

    const transaction = db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      // The connection dies while no statement runs on it: node-postgres emits an 'error' event.
      await proxy.refuse();
      await new Promise((r) => setTimeout(r, 300));
      await tx.execute(sql`select 2`);
    });
    const failure = await transaction.then(
      () => null,
      (error: unknown) => error,
    );
    expect(isDatabaseUnavailableError(failure)).toBe(true);

    await expect(db.execute(sql`select 3`)).rejects.toSatisfy(isDatabaseUnavailableError);
    await proxy.open();
    await expect
      .poll(() =>
        db.execute(sql`select 4`).then(
          () => "answered",
          () => "failed",
        ),
      )
      .toBe("answered");
  });
});
