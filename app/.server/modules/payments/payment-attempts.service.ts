/**
 * Payment attempts: the shop's durable record of every card charge it asks for (decision 021),
 * and the only writer of `payment_attempts`.
 *
 * The checkout writes the attempt `pending` before calling the provider, marks it `charged` with
 * the provider's reference once the money is taken, and links it to the order inside the order's
 * transaction. Every step is a conditional UPDATE on the status it expects, so the checkout and
 * the reconciliation job never both act on one attempt: whoever moves it first owns it, the other
 * sees zero rows and stands back. A crash anywhere leaves an attempt the job can finish:
 *   - `charged` (or `pending` but charged at the provider) and never linked: refunded;
 *   - `pending` never charged: `failed`;
 *   - `refunding` whose refund was cut short: refunded again with the same refund key.
 * The provider's idempotency keys make each money movement happen once even when a step is
 * retried after a crash.
 */
import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, lt, or, sql } from "drizzle-orm";
import type { Database, Executor } from "~/.server/db/client";
import { paymentAttempts, type PaymentAttemptStatus } from "~/.server/db/schema";
import { isUuid } from "~/lib/uuid";
import type { PaymentProvider } from "./payment-provider";
import { log } from "../../logger";

/** How long an unlinked attempt is left to its checkout before the job settles it. */
export const PAYMENT_RECONCILE_GRACE_MS = 2 * 60_000;
/** How long the shopper has to pass the bank's authentication before the job gives up the attempt. */
export const PAYMENT_AUTHENTICATION_TTL_MS = 15 * 60_000;
/** Attempts settled per reconciliation pass. */
export const PAYMENT_RECONCILE_BATCH = 50;

export type PaymentAttempt = typeof paymentAttempts.$inferSelect;

export type BeginAttemptResult =
  | { kind: "new"; attempt: PaymentAttempt }
  /** The order of this key exists: answer with it. */
  | { kind: "linked"; orderId: string }
  /** Another request with this key is still paying (or being settled): do not charge. */
  | { kind: "busy"; status: PaymentAttemptStatus; authenticationId?: string | null };

/** The provider key of an attempt's try: a new try is a new charge at the provider. */
function providerKeyOf(attemptId: string, tries: number): string {
  return `${attemptId}:${tries}`;
}

/** The refund's idempotency key, derived from the try: the checkout and the job use the same one. */
export function refundKeyOf(attempt: Pick<PaymentAttempt, "providerKey">): string {
  return `${attempt.providerKey}:refund`;
}

/** The attempt and try a provider key names, or null for a key the shop never makes. */
function triedKeyParts(providerKey: string): { attemptId: string; tryNumber: number } | null {
  const separator = providerKey.lastIndexOf(":");
  const attemptId = providerKey.slice(0, separator);
  const tryNumber = Number(providerKey.slice(separator + 1));
  if (separator < 0 || !isUuid(attemptId) || !Number.isSafeInteger(tryNumber) || tryNumber < 1) return null;
  // Only the shop's own spelling of the key (no "01", no "1.0").
  return providerKeyOf(attemptId, tryNumber) === providerKey ? { attemptId, tryNumber } : null;
}

function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 1000);
}

/**
 * Records the attempt before any money moves (its own committed statement). The same key again:
 * the linked order, a busy answer while the first request is in flight, or, after a decline or a
 * refund, the same row opened for a new try.
 */
export async function beginPaymentAttempt(
  db: Database,
  input: { userId: string; idempotencyKey: string; amountCents: number; currency: "EUR"; provider: string; now?: Date },
): Promise<BeginAttemptResult> {
  const now = input.now ?? new Date();
  const id = randomUUID();
  const [created] = await db
    .insert(paymentAttempts)
    .values({
      id,
      userId: input.userId,
      idempotencyKey: input.idempotencyKey,
      amountCents: input.amountCents,
      currency: input.currency,
      status: "pending",
      provider: input.provider,
      providerKey: providerKeyOf(id, 1),
      tries: 1,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: [paymentAttempts.userId, paymentAttempts.idempotencyKey] })
    .returning();
  if (created) return { kind: "new", attempt: created };

  const [existing] = await db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.userId, input.userId), eq(paymentAttempts.idempotencyKey, input.idempotencyKey)));
  if (!existing) throw new Error("payment attempt vanished");
  if (existing.status === "linked" && existing.orderId) return { kind: "linked", orderId: existing.orderId };
  if (existing.status !== "failed" && existing.status !== "refunded") {
    return { kind: "busy", status: existing.status, authenticationId: existing.authenticationId };
  }
  // A settled attempt without an order: the shopper tries again with the same key.
  const tries = existing.tries + 1;
  const [reopened] = await db
    .update(paymentAttempts)
    .set({
      status: "pending",
      tries,
      providerKey: providerKeyOf(existing.id, tries),
      amountCents: input.amountCents,
      currency: input.currency,
      provider: input.provider,
      providerPaymentId: null,
      orderId: null,
      authenticationId: null,
      resumeRequest: null,
      chargedAt: null,
      refundedAt: null,
      lastError: `try ${existing.tries} ${existing.status}${existing.lastError ? `: ${existing.lastError}` : ""}`.slice(0, 1000),
      updatedAt: now,
    })
    .where(and(eq(paymentAttempts.id, existing.id), eq(paymentAttempts.status, existing.status), eq(paymentAttempts.tries, existing.tries)))
    .returning();
  return reopened ? { kind: "new", attempt: reopened } : { kind: "busy", status: "pending" };
}

/** The statuses in which an attempt still waits for the provider's answer. */
const AWAITING_PROVIDER: PaymentAttemptStatus[] = ["pending", "requires_action"];

/**
 * The provider took the money: kept with its reference. True too when the provider's webhook
 * already marked this very payment charged (it may arrive before the checkout hears the answer,
 * decision 059); false when the job settled the attempt meanwhile.
 */
export async function markAttemptCharged(db: Database, attemptId: string, providerPaymentId: string, now = new Date()): Promise<boolean> {
  const rows = await db
    .update(paymentAttempts)
    .set({ status: "charged", providerPaymentId, chargedAt: now, updatedAt: now, resumeRequest: null })
    .where(
      and(
        eq(paymentAttempts.id, attemptId),
        or(
          inArray(paymentAttempts.status, AWAITING_PROVIDER),
          and(eq(paymentAttempts.status, "charged"), eq(paymentAttempts.providerPaymentId, providerPaymentId)),
        ),
      ),
    )
    .returning({ id: paymentAttempts.id });
  return rows.length === 1;
}

/** The provider declined (or was never reached with a charge): nothing to give back. */
export async function markAttemptFailed(db: Database, attemptId: string, reason: string, now = new Date()): Promise<boolean> {
  const rows = await db
    .update(paymentAttempts)
    .set({ status: "failed", lastError: reason.slice(0, 1000), updatedAt: now, resumeRequest: null })
    .where(and(eq(paymentAttempts.id, attemptId), inArray(paymentAttempts.status, AWAITING_PROVIDER)))
    .returning({ id: paymentAttempts.id });
  return rows.length === 1;
}

/**
 * The bank asked the shopper to authenticate (3-D Secure): the attempt waits, with the request to
 * resume (never a card number or CVC). False when the job settled the attempt meanwhile.
 */
export async function markAttemptRequiresAction(
  db: Database,
  attemptId: string,
  authenticationId: string,
  resumeRequest: Record<string, unknown>,
  now = new Date(),
): Promise<boolean> {
  const rows = await db
    .update(paymentAttempts)
    .set({ status: "requires_action", authenticationId, resumeRequest, updatedAt: now })
    .where(and(eq(paymentAttempts.id, attemptId), eq(paymentAttempts.status, "pending")))
    .returning({ id: paymentAttempts.id });
  return rows.length === 1;
}

/** The authentication this shopper's attempt with this key is waiting for, or null. */
export async function waitingAuthenticationOf(db: Executor, userId: string, idempotencyKey: string): Promise<string | null> {
  const [row] = await db
    .select({ authenticationId: paymentAttempts.authenticationId })
    .from(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.userId, userId),
        eq(paymentAttempts.idempotencyKey, idempotencyKey),
        eq(paymentAttempts.status, "requires_action"),
      ),
    );
  return row?.authenticationId ?? null;
}

/**
 * Inside a webhook's transaction: the attempt of a provider's payment, locked until the event's
 * handling commits (so two events about one payment, or an event and the checkout, take turns).
 * Found by the payment's id (kept once charged, or as the authentication it waits for) or by the
 * provider key the payment carries (an attempt still `pending`: its checkout has not heard the
 * answer yet, or died before). A key of an earlier try matches nothing (findEarlierTryOfPayment).
 */
export async function lockAttemptOfProviderPayment(
  tx: Executor,
  provider: string,
  paymentId: string,
  providerKey: string | null,
): Promise<PaymentAttempt | null> {
  const [row] = await tx
    .select()
    .from(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.provider, provider),
        or(
          eq(paymentAttempts.providerPaymentId, paymentId),
          eq(paymentAttempts.authenticationId, paymentId),
          providerKey ? eq(paymentAttempts.providerKey, providerKey) : undefined,
        ),
      ),
    )
    .limit(1)
    .for("update");
  return row ?? null;
}

/** A payment made under an earlier try of an attempt, and the refund key of that try. */
export type EarlierTry = { attempt: PaymentAttempt; tryNumber: number; providerKey: string; refundKey: string };

/**
 * The attempt whose earlier try made this payment (decision 059, "Webhooks"): its provider key
 * names a known attempt and a try before the current one, and the payment is none of the
 * attempt's own. Such a charge paid no order and never will: an order links the current try only,
 * and an attempt gets a new try only once its last one failed or was refunded. Its refund key is
 * the one the checkout and the job would have used for that try, so a try they already refunded
 * is not refunded again. Read without a lock: tries only grow, so a try earlier now stays earlier.
 */
export async function findEarlierTryOfPayment(
  db: Executor,
  provider: string,
  paymentId: string,
  providerKey: string | null,
): Promise<EarlierTry | null> {
  const parts = providerKey ? triedKeyParts(providerKey) : null;
  if (!providerKey || !parts) return null;
  const [attempt] = await db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.id, parts.attemptId), eq(paymentAttempts.provider, provider)));
  if (!attempt || parts.tryNumber >= attempt.tries) return null;
  if (attempt.providerPaymentId === paymentId || attempt.authenticationId === paymentId) return null;
  return { attempt, tryNumber: parts.tryNumber, providerKey, refundKey: refundKeyOf({ providerKey }) };
}

/**
 * The earlier try a refund key of the shop names, for this payment (the refund the webhook made
 * of an earlier try's charge), or null.
 */
export function findEarlierTryOfRefundKey(
  db: Executor,
  provider: string,
  paymentId: string,
  refundKey: string,
): Promise<EarlierTry | null> {
  const suffix = refundKeyOf({ providerKey: "" });
  if (!refundKey.endsWith(suffix)) return Promise.resolve(null);
  return findEarlierTryOfPayment(db, provider, paymentId, refundKey.slice(0, -suffix.length));
}

/**
 * The provider reports the payment succeeded (its webhook): an attempt still waiting for the
 * answer, or given up as never charged (`failed`) by the job while the charge was in flight, is
 * `charged` with the payment's id. The request to resume stays: the shopper's browser may still
 * come back from the bank and make the order (completeOrderAuthentication); if nothing links the
 * attempt within the grace period, the reconciliation refunds it. False when the attempt had
 * moved on (charged, linked, being refunded).
 */
export async function markAttemptChargedByProvider(
  tx: Executor,
  attemptId: string,
  providerPaymentId: string,
  now = new Date(),
): Promise<boolean> {
  const rows = await tx
    .update(paymentAttempts)
    .set({ status: "charged", providerPaymentId, chargedAt: now, updatedAt: now })
    .where(and(eq(paymentAttempts.id, attemptId), inArray(paymentAttempts.status, [...AWAITING_PROVIDER, "failed"])))
    .returning({ id: paymentAttempts.id });
  return rows.length === 1;
}

/**
 * The provider reports the payment failed (its webhook): an attempt still waiting is `failed`.
 * The request to resume stays, so the browser coming back from the bank still hears why
 * (completeOrderAuthentication asks the provider, which closes the payment). False otherwise.
 */
export async function markAttemptFailedByProvider(tx: Executor, attemptId: string, reason: string, now = new Date()): Promise<boolean> {
  const rows = await tx
    .update(paymentAttempts)
    .set({ status: "failed", lastError: reason.slice(0, 1000), updatedAt: now })
    .where(and(eq(paymentAttempts.id, attemptId), inArray(paymentAttempts.status, AWAITING_PROVIDER)))
    .returning({ id: paymentAttempts.id });
  return rows.length === 1;
}

/**
 * The provider reports the refund the shop asked for under this attempt's refund key: an
 * attempt still `refunding` (its refunder died between the provider's answer and this mark) is
 * `refunded`. The refunder, if alive, then finds nothing to mark. False otherwise.
 */
export async function markAttemptRefundedByProvider(tx: Executor, attemptId: string, now = new Date()): Promise<boolean> {
  const rows = await tx
    .update(paymentAttempts)
    .set({ status: "refunded", refundedAt: now, updatedAt: now })
    .where(and(eq(paymentAttempts.id, attemptId), eq(paymentAttempts.status, "refunding")))
    .returning({ id: paymentAttempts.id });
  return rows.length === 1;
}

/** The attempt waiting for (or once waiting for) this authentication, or null. */
export async function findAttemptByAuthentication(db: Executor, authenticationId: string): Promise<PaymentAttempt | null> {
  const [row] = await db.select().from(paymentAttempts).where(eq(paymentAttempts.authenticationId, authenticationId));
  return row ?? null;
}

/**
 * Inside the order's transaction: the charge belongs to this order, committed with it or not at
 * all. False when the job already took the attempt back (the order must then not be created).
 */
export async function linkPaymentAttempt(tx: Executor, attemptId: string, orderId: string, now = new Date()): Promise<boolean> {
  const rows = await tx
    .update(paymentAttempts)
    .set({ status: "linked", orderId, updatedAt: now })
    .where(and(eq(paymentAttempts.id, attemptId), eq(paymentAttempts.status, "charged")))
    .returning({ id: paymentAttempts.id });
  return rows.length === 1;
}

export type RefundOutcome = "refunded" | "not_charged" | "not_owned" | "provider_error";

/**
 * Gives back the money of a charged attempt that got no order (the checkout's own compensation).
 * Takes the attempt `charged` -> `refunding` first, so neither the order transaction nor the job
 * can act on it meanwhile; if the provider fails, the attempt stays `refunding` and the job
 * retries it with the same refund key once the grace period has passed.
 */
export async function refundPaymentAttempt(
  db: Database,
  provider: PaymentProvider,
  attemptId: string,
  reason: string,
  now = new Date(),
): Promise<RefundOutcome> {
  const [claimed] = await db
    .update(paymentAttempts)
    .set({ status: "refunding", lastError: reason.slice(0, 1000), updatedAt: now })
    .where(and(eq(paymentAttempts.id, attemptId), eq(paymentAttempts.status, "charged")))
    .returning();
  if (!claimed) return "not_owned";
  return settleRefunding(db, provider, claimed, now);
}

/**
 * Finishes an attempt this process holds in `refunding`: refunds what the provider charged
 * under its key (nothing when it never charged it) and records the outcome.
 */
async function settleRefunding(db: Database, provider: PaymentProvider, attempt: PaymentAttempt, now: Date): Promise<RefundOutcome> {
  try {
    let paymentId = attempt.providerPaymentId;
    let amountCents = attempt.amountCents;
    if (!paymentId && attempt.authenticationId) {
      // An authentication the shopper never finished: closed at the provider first, so the
      // bank's page can no longer charge it; a charge it already made is refunded below.
      await provider.completeAuthentication(attempt.authenticationId, "failed");
    }
    if (!paymentId) {
      // Left `pending` by a crash: only the provider knows whether the charge went through.
      const found = await provider.findCharge(attempt.providerKey);
      if (!found) {
        await db
          .update(paymentAttempts)
          .set({ status: "failed", lastError: "never charged at the provider", updatedAt: now })
          .where(and(eq(paymentAttempts.id, attempt.id), eq(paymentAttempts.status, "refunding")));
        return "not_charged";
      }
      paymentId = found.paymentId;
      amountCents = found.amountCents;
    }
    await provider.refund({ paymentId, amountCents, idempotencyKey: refundKeyOf(attempt) });
    await db
      .update(paymentAttempts)
      .set({ status: "refunded", providerPaymentId: paymentId, refundedAt: now, updatedAt: now })
      .where(and(eq(paymentAttempts.id, attempt.id), eq(paymentAttempts.status, "refunding")));
    return "refunded";
  } catch (error) {
    log.error({ err: error, attemptId: attempt.id }, "payments: refund failed (retried by reconciliation)");
    await db
      .update(paymentAttempts)
      .set({ lastError: errorText(error) })
      .where(and(eq(paymentAttempts.id, attempt.id), eq(paymentAttempts.status, "refunding")))
      .catch(() => undefined);
    return "provider_error";
  }
}

/**
 * The checkout's charge landed after the job had already settled its `pending` attempt (a charge
 * slower than the grace period): the money goes back under the attempt's refund key, which the
 * job uses too, so it is refunded once whoever gets there first.
 */
export async function refundOrphanCharge(
  provider: PaymentProvider,
  attempt: Pick<PaymentAttempt, "id" | "providerKey">,
  charge: { paymentId: string; amountCents: number },
): Promise<void> {
  await provider.refund({ paymentId: charge.paymentId, amountCents: charge.amountCents, idempotencyKey: refundKeyOf(attempt) });
}

export type ReconcileResult = { examined: number; refunded: number; failed: number; errors: number };

/**
 * Settles the attempts no checkout finished within `graceMs` (a crash, a lost process). Attempts
 * are claimed in a short transaction with FOR UPDATE SKIP LOCKED and moved to `refunding` (their
 * lease: a claim older than the grace period is taken again), then settled outside it, so two
 * processes never work on the same attempt and the provider is never called under a row lock
 * (PGlite has one connection). Idempotent: a second run finds nothing left to do.
 */
export async function reconcilePayments(
  db: Database,
  provider: PaymentProvider,
  options: { graceMs?: number; authenticationTtlMs?: number; now?: Date; batchSize?: number } = {},
): Promise<ReconcileResult> {
  const now = options.now ?? new Date();
  const cutoff = new Date(now.getTime() - (options.graceMs ?? PAYMENT_RECONCILE_GRACE_MS));
  const authenticationCutoff = new Date(now.getTime() - (options.authenticationTtlMs ?? PAYMENT_AUTHENTICATION_TTL_MS));
  const result: ReconcileResult = { examined: 0, refunded: 0, failed: 0, errors: 0 };
  for (;;) {
    const claimed = await db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: paymentAttempts.id })
        .from(paymentAttempts)
        .where(
          and(
            eq(paymentAttempts.provider, provider.name),
            or(
              and(inArray(paymentAttempts.status, ["pending", "charged", "refunding"]), lt(paymentAttempts.updatedAt, cutoff)),
              and(eq(paymentAttempts.status, "requires_action"), lt(paymentAttempts.updatedAt, authenticationCutoff)),
            ),
          ),
        )
        .orderBy(asc(paymentAttempts.updatedAt))
        .limit(options.batchSize ?? PAYMENT_RECONCILE_BATCH)
        .for("update", { skipLocked: true });
      if (rows.length === 0) return [];
      return tx
        .update(paymentAttempts)
        .set({
          status: "refunding",
          updatedAt: now,
          resumeRequest: null,
          lastError: sql`coalesce(${paymentAttempts.lastError}, 'no order after the grace period')`,
        })
        .where(
          inArray(
            paymentAttempts.id,
            rows.map((r) => r.id),
          ),
        )
        .returning();
    });
    for (const attempt of claimed) {
      result.examined += 1;
      const outcome = await settleRefunding(db, provider, attempt, now);
      if (outcome === "refunded") result.refunded += 1;
      else if (outcome === "not_charged") result.failed += 1;
      else result.errors += 1;
    }
    // A full batch may hide more; a failing provider must not make this loop spin.
    if (claimed.length < (options.batchSize ?? PAYMENT_RECONCILE_BATCH) || result.errors > 0) return result;
  }
}

/** Attempts per status (the chaos check and the back-office's curiosity). */
export async function countPaymentAttempts(db: Executor): Promise<Partial<Record<PaymentAttemptStatus, number>>> {
  const rows = await db
    .select({ status: paymentAttempts.status, count: sql<number>`count(*)::int`.mapWith(Number) })
    .from(paymentAttempts)
    .groupBy(paymentAttempts.status);
  return Object.fromEntries(rows.map((r) => [r.status, r.count]));
}
