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
import { APIError } from "better-auth/api";
import { SIGN_UP_FAILED_MESSAGE } from "~/domain/auth/auth.rules";

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

/**
 * The library's adapter on `db`, whose own transactions (sign-up: the user, its credential and
 * session) are real transactions of ours: the mail hooks write the outbox with the same handle
 * (`queueAuthMail`), so the verification mail is queued exactly when the account commits. A mail
 * that could not be queued, or any failure after it, rolls the account back; the shopper reads a
 * French 503 and can sign up again. The library runs its "after" user hooks once this commits.
 */
export function transactionalAuthAdapter(db: Database) {
  const config = { provider: "pg", schema: AUTH_TABLES } as const;
  const factory = drizzleAdapter(db, config);
  return (options: BetterAuthOptions) => {
    const adapter = factory(options);
    adapter.transaction = (callback) =>
      db.transaction(async (tx) => {
        const scope: Scope = { tx };
        let result: Awaited<ReturnType<typeof callback>>;
        try {
          result = await scopes.run(scope, () => callback(drizzleAdapter(tx, config)(options)));
        } catch (error) {
          // The library's refusals keep their answer; our failures become one French 503.
          if (error instanceof APIError) throw error;
          log.error({ err: error }, "auth: transaction failed, rolled back");
          throw new APIError("SERVICE_UNAVAILABLE", { code: "SIGN_UP_FAILED", message: SIGN_UP_FAILED_MESSAGE });
        }
        if (scope.mailFailure) {
          log.error({ err: scope.mailFailure }, "auth: link mail not queued, transaction rolled back");
          throw new APIError("SERVICE_UNAVAILABLE", { code: "SIGN_UP_FAILED", message: SIGN_UP_FAILED_MESSAGE });
        }
        return result;
      });
    return adapter;
  };
}

/** The handle a hook of the library should write with: the surrounding transaction when there is one. */
export function authExecutor(db: Database): Executor {
  return scopes.getStore()?.tx ?? db;
}

/**
 * Queues a mail from a library hook. Inside one of our transactions (`runAuthInTransaction`, the
 * library's own through `transactionalAuthAdapter`) a failure rolls the whole call back and
 * reaches the caller; the mail is written under a savepoint, so its failure leaves the
 * transaction usable until the library returns. Outside, the library only logs it, so we log it
 * loudly too: the shopper can ask for the link again.
 */
export async function queueAuthMail(db: Database, queue: (executor: Executor) => Promise<void>): Promise<void> {
  const scope = scopes.getStore();
  try {
    if (scope) await scope.tx.transaction((savepoint) => queue(savepoint));
    else await queue(db);
  } catch (error) {
    if (scope) scope.mailFailure ??= error;
    else log.error({ err: error }, "auth: link mail not queued");
    throw error;
  }
}
