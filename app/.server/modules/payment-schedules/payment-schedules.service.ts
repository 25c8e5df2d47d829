/**
 * Paiement en 3 fois sans frais, the write side (docs/decisions/035-instalments.md): the only
 * writer of `payment_instalments`. Every function takes the caller's executor; the daily job's
 * claim is its own short transaction (decision 021: the provider is never called under a lock).
 */
import { and, asc, desc, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Database, Executor } from "~/.server/db/client";
import { orders, paymentInstalments } from "~/.server/db/schema";
import {
  INSTALMENT_MAX_TRIES,
  PAYMENT_STATUS_INSTALMENT_UNPAID,
  PAYMENT_STATUS_INSTALMENTS,
  type InstalmentStatus,
  type PaymentScheduleEntry,
} from "~/domain/payments/instalments";

export type InstalmentRow = typeof paymentInstalments.$inferSelect;

/** Instalments not paid yet and not given up: what the shopper still owes. */
const OPEN: InstalmentStatus[] = ["pending", "charging", "failed"];

/** The provider key of an instalment's try: one charge per (order, seq, try). */
export function instalmentChargeKey(row: Pick<InstalmentRow, "orderId" | "seq" | "tries">): string {
  return `instalment:${row.orderId}:${row.seq}:${row.tries}`;
}

/**
 * The schedule of an order paid in 3, in the order's transaction: the first instalment is the
 * order's own charge (paid), the later ones wait for the job with the card's token.
 */
export async function createPaymentSchedule(
  tx: Executor,
  input: {
    orderId: string;
    entries: readonly { seq: number; due_date: string; amount_cents: number }[];
    token: string;
    firstPaymentId: string;
    now: Date;
  },
): Promise<void> {
  await tx.insert(paymentInstalments).values(
    input.entries.map((e) => ({
      orderId: input.orderId,
      seq: e.seq,
      dueDate: e.due_date,
      amountCents: e.amount_cents,
      status: (e.seq === 1 ? "paid" : "pending") as InstalmentStatus,
      tries: e.seq === 1 ? 1 : 0,
      lastTryOn: e.seq === 1 ? e.due_date : null,
      providerToken: input.token,
      providerPaymentId: e.seq === 1 ? input.firstPaymentId : null,
      createdAt: input.now,
      updatedAt: input.now,
    })),
  );
}

/** The schedules of some orders, by order id (orders paid at once have none). */
export async function paymentSchedulesOf(db: Executor, orderIds: readonly string[]): Promise<Map<string, PaymentScheduleEntry[]>> {
  const byOrder = new Map<string, PaymentScheduleEntry[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select()
    .from(paymentInstalments)
    .where(inArray(paymentInstalments.orderId, [...orderIds]))
    .orderBy(asc(paymentInstalments.orderId), asc(paymentInstalments.seq));
  for (const r of rows) {
    const list = byOrder.get(r.orderId) ?? [];
    list.push({ seq: r.seq, due_date: r.dueDate, amount_cents: r.amountCents, status: r.status });
    byOrder.set(r.orderId, list);
  }
  return byOrder;
}

export async function listInstalments(db: Executor, orderId: string): Promise<InstalmentRow[]> {
  return db.select().from(paymentInstalments).where(eq(paymentInstalments.orderId, orderId)).orderBy(asc(paymentInstalments.seq));
}

/** What is still owed on an order's schedule (0 without one). */
export async function unpaidInstalmentCents(db: Executor, orderId: string): Promise<number> {
  const [row] = await db
    .select({ cents: sql<number>`coalesce(sum(${paymentInstalments.amountCents}), 0)::int`.mapWith(Number) })
    .from(paymentInstalments)
    .where(and(eq(paymentInstalments.orderId, orderId), inArray(paymentInstalments.status, OPEN)));
  return row?.cents ?? 0;
}

/**
 * The order's payment status its schedule gives: `paid` once nothing is owed, `instalment_unpaid`
 * after a final failure, `instalments` while some are due. Null for an order without a schedule.
 */
export async function schedulePaymentStatus(db: Executor, orderId: string): Promise<string | null> {
  const rows = await listInstalments(db, orderId);
  if (rows.length === 0) return null;
  if (rows.some((r) => r.status === "failed")) return PAYMENT_STATUS_INSTALMENT_UNPAID;
  if (rows.some((r) => r.status === "pending" || r.status === "charging")) return PAYMENT_STATUS_INSTALMENTS;
  return "paid";
}

/** An order's cancellation: what is still owed is no longer charged. Returns the instalments cancelled. */
export async function cancelOpenInstalments(tx: Executor, orderId: string, now: Date): Promise<number> {
  const rows = await tx
    .update(paymentInstalments)
    .set({ status: "cancelled", updatedAt: now })
    .where(and(eq(paymentInstalments.orderId, orderId), inArray(paymentInstalments.status, OPEN)))
    .returning({ id: paymentInstalments.id });
  return rows.length;
}

/**
 * A refund on an order paid in 3 first lowers what is still owed, the latest instalment first
 * (one fully covered is cancelled). Returns the cents taken off; the rest is refunded on charges.
 * An instalment being charged right now is left alone (its charge may already be made).
 */
export async function reduceOpenInstalments(tx: Executor, orderId: string, cents: number, now: Date): Promise<number> {
  if (cents <= 0) return 0;
  const open = await tx
    .select()
    .from(paymentInstalments)
    .where(and(eq(paymentInstalments.orderId, orderId), inArray(paymentInstalments.status, ["pending", "failed"])))
    .orderBy(desc(paymentInstalments.seq))
    .for("update");
  let left = cents;
  for (const row of open) {
    if (left <= 0) break;
    const cut = Math.min(left, row.amountCents);
    const amount = row.amountCents - cut;
    await tx
      .update(paymentInstalments)
      .set({ amountCents: amount, ...(amount === 0 ? { status: "cancelled" as const } : {}), updatedAt: now })
      .where(eq(paymentInstalments.id, row.id));
    left -= cut;
  }
  return cents - left;
}

/** The instalments paid, the latest first: what a refund goes back on. */
export async function paidInstalments(db: Executor, orderId: string): Promise<InstalmentRow[]> {
  return db
    .select()
    .from(paymentInstalments)
    .where(and(eq(paymentInstalments.orderId, orderId), eq(paymentInstalments.status, "paid")))
    .orderBy(desc(paymentInstalments.seq));
}

/* -------------------------------------------------------------------------------------------- */
/* The daily job's claim and settlement                                                           */
/* -------------------------------------------------------------------------------------------- */

/** A claimed instalment with the customer its token was made for. */
export type ClaimedInstalment = InstalmentRow & { userId: string | null };

/**
 * Claims the instalments due today and not tried today: each moved to `charging` with one more
 * try, committed before any charge. `FOR UPDATE SKIP LOCKED` and the status condition make two
 * processes running the job at once take disjoint rows.
 */
export async function claimDueInstalments(db: Database, input: { today: string; now: Date; limit: number }): Promise<ClaimedInstalment[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: paymentInstalments.id, userId: orders.userId })
      .from(paymentInstalments)
      .innerJoin(orders, eq(orders.id, paymentInstalments.orderId))
      .where(
        and(
          eq(paymentInstalments.status, "pending"),
          lte(paymentInstalments.dueDate, input.today),
          or(isNull(paymentInstalments.lastTryOn), lt(paymentInstalments.lastTryOn, input.today)),
          lt(paymentInstalments.tries, INSTALMENT_MAX_TRIES),
        ),
      )
      .orderBy(asc(paymentInstalments.dueDate), asc(paymentInstalments.id))
      .limit(input.limit)
      .for("update", { of: paymentInstalments, skipLocked: true });
    if (due.length === 0) return [];
    const owner = new Map(due.map((d) => [d.id, d.userId]));
    const claimed = await tx
      .update(paymentInstalments)
      .set({
        status: "charging",
        tries: sql`${paymentInstalments.tries} + 1`,
        lastTryOn: input.today,
        updatedAt: input.now,
      })
      .where(
        and(
          inArray(
            paymentInstalments.id,
            due.map((d) => d.id),
          ),
          eq(paymentInstalments.status, "pending"),
        ),
      )
      .returning();
    return claimed.map((row) => ({ ...row, userId: owner.get(row.id) ?? null }));
  });
}

/**
 * Instalments left `charging` longer than the grace period (a process died between its claim and
 * the settlement): taken over (their lease renewed) so that one job settles each.
 */
export async function claimStaleInstalments(
  db: Database,
  input: { staleBefore: Date; now: Date; limit: number },
): Promise<ClaimedInstalment[]> {
  return db.transaction(async (tx) => {
    const stale = await tx
      .select({ id: paymentInstalments.id, userId: orders.userId })
      .from(paymentInstalments)
      .innerJoin(orders, eq(orders.id, paymentInstalments.orderId))
      .where(and(eq(paymentInstalments.status, "charging"), lt(paymentInstalments.updatedAt, input.staleBefore)))
      .limit(input.limit)
      .for("update", { of: paymentInstalments, skipLocked: true });
    if (stale.length === 0) return [];
    const owner = new Map(stale.map((d) => [d.id, d.userId]));
    const taken = await tx
      .update(paymentInstalments)
      .set({ updatedAt: input.now })
      .where(
        and(
          inArray(
            paymentInstalments.id,
            stale.map((d) => d.id),
          ),
          eq(paymentInstalments.status, "charging"),
        ),
      )
      .returning();
    return taken.map((row) => ({ ...row, userId: owner.get(row.id) ?? null }));
  });
}

type TryRef = { id: string; tries: number };

const ofTry = (ref: TryRef) =>
  and(eq(paymentInstalments.id, ref.id), eq(paymentInstalments.status, "charging"), eq(paymentInstalments.tries, ref.tries));

/** The try was charged. False when the instalment is no longer this try's (cancelled meanwhile). */
export async function markInstalmentPaid(tx: Executor, ref: TryRef & { paymentId: string; now: Date }): Promise<boolean> {
  const rows = await tx
    .update(paymentInstalments)
    .set({ status: "paid", providerPaymentId: ref.paymentId, lastError: null, updatedAt: ref.now })
    .where(ofTry(ref))
    .returning({ id: paymentInstalments.id });
  return rows.length === 1;
}

/**
 * The try was declined: back to `pending` for tomorrow, or `failed` after the last try.
 * Null when the instalment is no longer this try's.
 */
export async function markInstalmentDeclined(
  tx: Executor,
  ref: TryRef & { message: string; now: Date },
): Promise<"retry" | "failed" | null> {
  const failed = ref.tries >= INSTALMENT_MAX_TRIES;
  const rows = await tx
    .update(paymentInstalments)
    .set({ status: failed ? "failed" : "pending", lastError: ref.message.slice(0, 1000), updatedAt: ref.now })
    .where(ofTry(ref))
    .returning({ id: paymentInstalments.id });
  if (rows.length === 0) return null;
  return failed ? "failed" : "retry";
}

/**
 * The provider never saw this try (a crash before the charge): the try is given back, so the
 * next claim sends the same key again (a charge that lands late is then found, never doubled).
 */
export async function releaseInstalmentTry(db: Executor, ref: TryRef & { now: Date }): Promise<boolean> {
  const rows = await db
    .update(paymentInstalments)
    .set({ status: "pending", tries: ref.tries - 1, lastTryOn: null, updatedAt: ref.now })
    .where(ofTry(ref))
    .returning({ id: paymentInstalments.id });
  return rows.length === 1;
}

/**
 * What an order has been paid so far (card and gift cards), net of refunds: its total less what
 * its schedule still owes. Points are earned on it (decision 035).
 */
export async function paidSoFarCents(db: Executor, order: { id: string; totalCents: number; refundedCents: number }): Promise<number> {
  return Math.max(0, order.totalCents - order.refundedCents - (await unpaidInstalmentCents(db, order.id)));
}
