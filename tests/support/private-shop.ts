/**
 * A shop server of one test file's own, started on a database the test filled first. For data that
 * no public flow can create yet (the shared journeys' server owns its PGlite database, and PGlite
 * allows one process at a time): prepare the database here, then start the production server on it.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { migrateDatabase, openDatabase, type Database } from "../../app/.server/db/client";
import { account, user, userProfiles } from "../../app/.server/db/schema";
import { stopChildProcess } from "./shop-process";

export type PrivateShop = { baseURL: string; stop: () => Promise<void> };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

/**
 * Runs `prepare` on a fresh, migrated database, then serves the built shop (the tests' build,
 * AURORE_BUILD_DIR) from it, with `env` over the tests' environment (a live shop's configuration).
 */
export async function startPrivateShop(prepare: (db: Database) => Promise<void>, env: NodeJS.ProcessEnv = {}): Promise<PrivateShop> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "aurore-private-"));
  const handle = await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "pglite") });
  try {
    await migrateDatabase(handle);
    await prepare(handle.db);
  } finally {
    await handle.close();
  }

  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: baseURL,
    DATA_DIR: dataDir,
    AUTH_RATE_LIMIT_MAX: "1000",
    ...env,
  };
  delete childEnv.DATABASE_URL;
  const root = path.resolve(import.meta.dirname, "../..");
  const child: ChildProcess = spawn(process.execPath, ["server/server.mjs"], {
    cwd: root,
    env: childEnv,
    stdio: ["ignore", "inherit", "inherit"],
  });

  const stop = async () => {
    await stopChildProcess(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`The private shop server exited with code ${child.exitCode}`);
    }
    try {
      if ((await fetch(`${baseURL}/robots.txt`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 90_000) {
      await stop();
      throw new Error("The private shop server did not start within 90 s");
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { baseURL, stop };
}

/** A shopper who signs in with e-mail and password, written the way the auth library stores one. */
export async function createPasswordShopper(
  db: Database,
  { email, password, firstName = "Client" }: { email: string; password: string; firstName?: string },
): Promise<string> {
  const id = `shopper-${randomUUID()}`;
  await db.insert(user).values({ id, name: firstName, email, emailVerified: true });
  await db.insert(account).values({
    id: randomUUID(),
    accountId: id,
    providerId: "credential",
    userId: id,
    password: await hashPassword(password),
  });
  await db.insert(userProfiles).values({ id, firstName });
  return id;
}
