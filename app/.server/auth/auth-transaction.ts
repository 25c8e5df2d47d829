/**
 * Runs a call into the auth library inside one of our database transactions, so the rows the
 * library writes (a reset token) and the mail our hooks queue in the outbox commit together or not
 * at all (decision 042).
 *
 * The library reads its adapter from an AsyncLocalStorage (`getCurrentAdapter`); its public
 * `runWithTransaction` puts there an adapter bound to our transaction handle, and our own storage
 * hands the same handle to the mail hooks. The library catches and only logs an error thrown by
 * a mail hook: the hook records it here and the transaction is rolled back once the call returns.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { runWithTransaction } from "@better-auth/core/context";
import type { BetterAuthOptions } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import type { Database, Executor } from "../db/client";
import * as schema from "../db/schema";
import { log } from "../logger";

/** The tables the auth library reads and writes (passed to its Drizzle adapter). */
export const AUTH_TABLES = {
  user: schema.user,
  session: schema.session,
  account: schema.account,
  verification: schema.verification,
  twoFactor: schema.twoFactor,
  rateLimit: schema.rateLimit,
};

type Scope = { tx: Executor; mailFailure?: unknown };
const scopes = new AsyncLocalStorage<Scope>();

/** What we need of the auth instance: its resolved options, to build an adapter on the transaction. */
type AuthWithContext = { $context: Promise<{ options: BetterAuthOptions }> };

export async function runAuthInTransaction<T>(db: Database, auth: AuthWithContext, fn: (tx: Executor) => Promise<T>): Promise<T> {
  const { options } = await auth.$context;
  return db.transaction(async (tx) => {
    const adapter = drizzleAdapter(tx, { provider: "pg", schema: AUTH_TABLES })(options);
    const scope: Scope = { tx };
    const result = await scopes.run(scope, () => runWithTransaction(adapter, () => fn(tx)));
    if (scope.mailFailure) throw scope.mailFailure;
    return result;
  });
}

/** The handle a hook of the library should write with: the surrounding transaction when there is one. */
export function authExecutor(db: Database): Executor {
  return scopes.getStore()?.tx ?? db;
}

/**
 * Queues a mail from a library hook. Inside `runAuthInTransaction` a failure rolls the whole call
 * back and reaches the caller; outside (sign-up over HTTP) the library only logs it, so we log it
 * loudly too: the shopper can ask for the link again.
 */
export async function queueAuthMail(db: Database, queue: (executor: Executor) => Promise<void>): Promise<void> {
  const scope = scopes.getStore();
  try {
    await queue(scope?.tx ?? db);
  } catch (error) {
    if (scope) scope.mailFailure ??= error;
    else log.error({ err: error }, "auth: link mail not queued");
    throw error;
  }
}
