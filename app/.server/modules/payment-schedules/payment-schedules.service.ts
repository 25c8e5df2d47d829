/**
 * Paiement en 3 fois sans frais, the write side (docs/decisions/035-instalments.md): the only
 * writer of `payment_instalments`. Every function takes the caller's executor; the daily job's
 * claim is its own short transaction (decision 021: the provider is never called under a lock).
 */
import { createHash, randomBytes } from "node:crypto";
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Database, Executor } from "~/.server/db/client";
import { orders, paymentInstalments } from "~/.server/db/schema";
import { recordEvent } from "~/.server/outbox/events";
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

/**
 * Records `payment_schedule.ended` once nothing is owed on the order's schedule any more (each
 * instalment paid or cancelled): its card's token is then no longer needed to charge it, and the
 * provider may forget it unless a saved card still holds it (decision 059, "Saved cards"). A
 * final failure owes still: its token is kept until the instalment is cancelled.
 */
async function recordEndIfOver(tx: Executor, orderId: string): Promise<void> {
  const rows = await tx
    .select({ status: paymentInstalments.status, token: paymentInstalments.providerToken })
    .from(paymentInstalments)
    .where(eq(paymentInstalments.orderId, orderId));
  if (rows.length === 0 || rows.some((r) => OPEN.includes(r.status))) return;
  const tokens = [...new Set(rows.flatMap((r) => (r.token ? [r.token] : [])))];
  if (tokens.length > 0) await recordEvent(tx, "payment_schedule.ended", { orderId, tokens });
}

/** Which of these provider tokens a schedule still owing something charges. */
export async function tokensOfOpenSchedules(db: Executor, tokens: readonly string[]): Promise<Set<string>> {
  if (tokens.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ token: paymentInstalments.providerToken })
    .from(paymentInstalments)
    .where(and(inArray(paymentInstalments.providerToken, [...tokens]), inArray(paymentInstalments.status, OPEN)));
  return new Set(rows.flatMap((r) => (r.token ? [r.token] : [])));
}

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
export async function paymentSchedulesOf(
  db: Executor,
  orderIds: readonly string[],
  now: Date = new Date(),
): Promise<Map<string, PaymentScheduleEntry[]>> {
  const byOrder = new Map<string, PaymentScheduleEntry[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select()
    .from(paymentInstalments)
    .where(inArray(paymentInstalments.orderId, [...orderIds]))
    .orderBy(asc(paymentInstalments.orderId), asc(paymentInstalments.seq));
  for (const r of rows) {
    const list = byOrder.get(r.orderId) ?? [];
    // A link still valid: the shopper is the one to act, not the daily job (decision 035).
    const awaiting = r.status === "pending" && r.authenticationExpiresAt !== null && r.authenticationExpiresAt > now;
    list.push({
      seq: r.seq,
      due_date: r.dueDate,
      amount_cents: r.amountCents,
      status: r.status,
      ...(awaiting ? { awaiting_authentication: true } : {}),
    });
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
  if (rows.length > 0) await recordEndIfOver(tx, orderId);
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
  if (left < cents) await recordEndIfOver(tx, orderId);
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
          // Waiting for the shopper: the bank wants them, so the job does not try behind their back (decision 035).
          isNull(paymentInstalments.authenticationTokenHash),
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
    .returning({ id: paymentInstalments.id, orderId: paymentInstalments.orderId });
  if (rows.length === 1) await recordEndIfOver(tx, rows[0].orderId);
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

/* -------------------------------------------------------------------------------------------- */
/* Waiting for the shopper: an instalment the bank wants authenticated (decision 035)             */
/* -------------------------------------------------------------------------------------------- */

/** The mailed link's token as stored: its SHA-256 only, so the table never holds a usable link. */
export function hashAuthenticationToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * The bank declined this try off session because it wants the shopper to authenticate: the
 * instalment waits for them (`pending`, with a link the daily job leaves alone) until
 * `expiresAt`. Returns the link's token, which only the e-mail carries; null when the instalment
 * is no longer this try's.
 */
export async function markInstalmentAwaitingShopper(
  tx: Executor,
  ref: TryRef & { message: string; expiresAt: Date; now: Date },
): Promise<string | null> {
  const token = randomBytes(32).toString("base64url");
  const rows = await tx
    .update(paymentInstalments)
    .set({
      status: "pending",
      lastError: ref.message.slice(0, 1000),
      authenticationTokenHash: hashAuthenticationToken(token),
      authenticationExpiresAt: ref.expiresAt,
      authenticationId: null,
      updatedAt: ref.now,
    })
    .where(ofTry(ref))
    .returning({ id: paymentInstalments.id });
  return rows.length === 1 ? token : null;
}

/** An instalment waiting for (or paid by) its shopper, with its order's owner and number. */
export type ShopperInstalment = InstalmentRow & { userId: string | null; orderNumber: string };

const shopperColumns = { row: paymentInstalments, userId: orders.userId, orderNumber: orders.orderNumber };

/**
 * The instalment of a link still valid at `now`, when it belongs to `userId`'s order; null for an
 * unknown, expired or someone else's link (the page answers 404 alike).
 */
export async function instalmentOfAuthenticationToken(
  db: Executor,
  input: { token: string; userId: string; now: Date },
): Promise<ShopperInstalment | null> {
  if (!input.token || input.token.length > 200) return null;
  const [found] = await db
    .select(shopperColumns)
    .from(paymentInstalments)
    .innerJoin(orders, eq(orders.id, paymentInstalments.orderId))
    .where(
      and(
        eq(paymentInstalments.authenticationTokenHash, hashAuthenticationToken(input.token)),
        gt(paymentInstalments.authenticationExpiresAt, input.now),
        eq(orders.userId, input.userId),
      ),
    );
  return found ? { ...found.row, userId: found.userId, orderNumber: found.orderNumber } : null;
}

export type ShopperClaim =
  /** Moved to `charging` with one more try (its key is new): charge it now. */
  | { kind: "claimed"; instalment: ShopperInstalment }
  /** Another try of the shopper is under way (a second click, a second tab). */
  | { kind: "busy"; instalment: ShopperInstalment }
  /** Paid already (a replay): nothing more to charge. */
  | { kind: "paid"; instalment: ShopperInstalment }
  /** No longer owed (cancelled, refunded by a return, or unpaid after the link expired). */
  | { kind: "closed"; instalment: ShopperInstalment };

/**
 * The shopper's "Confirmer le paiement": under the row's lock, a waiting instalment moves to
 * `charging` with one more try, committed before the provider is called (decision 021), so two
 * clicks at once charge once. Null for a link that is not this shopper's or no longer valid.
 */
export async function claimShopperTry(db: Database, input: { token: string; userId: string; now: Date }): Promise<ShopperClaim | null> {
  return db.transaction(async (tx) => {
    const found = await instalmentOfAuthenticationToken(tx, input);
    if (!found) return null;
    const [locked] = await tx.select().from(paymentInstalments).where(eq(paymentInstalments.id, found.id)).for("update");
    const instalment = { ...found, ...locked };
    if (locked.status === "paid") return { kind: "paid", instalment };
    if (locked.status === "charging") return { kind: "busy", instalment };
    if (locked.status !== "pending") return { kind: "closed", instalment };
    const [claimed] = await tx
      .update(paymentInstalments)
      .set({ status: "charging", tries: sql`${paymentInstalments.tries} + 1`, authenticationId: null, updatedAt: input.now })
      .where(and(eq(paymentInstalments.id, locked.id), eq(paymentInstalments.status, "pending")))
      .returning();
    return { kind: "claimed", instalment: { ...found, ...claimed } };
  });
}

/** The bank asked the shopper to authenticate this try: its authentication is kept to complete it. */
export async function recordShopperAuthentication(tx: Executor, ref: TryRef & { authenticationId: string; now: Date }): Promise<boolean> {
  const rows = await tx
    .update(paymentInstalments)
    .set({ authenticationId: ref.authenticationId, updatedAt: ref.now })
    .where(ofTry(ref))
    .returning({ id: paymentInstalments.id });
  return rows.length === 1;
}

/**
 * The shopper's try did not pay (declined, authentication failed or abandoned, or never sent):
 * the instalment waits for them again, its link unchanged. The try is not given back: the next
 * one is a new key, as a new payment (the provider may have seen this one).
 */
export async function releaseShopperTry(tx: Executor, ref: TryRef & { message: string | null; now: Date }): Promise<boolean> {
  const rows = await tx
    .update(paymentInstalments)
    .set({
      status: "pending",
      authenticationId: null,
      ...(ref.message ? { lastError: ref.message.slice(0, 1000) } : {}),
      updatedAt: ref.now,
    })
    .where(and(ofTry(ref), isNotNull(paymentInstalments.authenticationTokenHash)))
    .returning({ id: paymentInstalments.id });
  return rows.length === 1;
}

/** An instalment as it stands now (after a settlement lost a race, to tell "paid by it" from "cancelled"). */
export async function instalmentById(db: Executor, id: string): Promise<InstalmentRow | null> {
  const [row] = await db.select().from(paymentInstalments).where(eq(paymentInstalments.id, id));
  return row ?? null;
}

/** Instalments whose shopper did not pay them before their link expired: the job gives them up. */
export async function expiredAuthentications(db: Executor, input: { now: Date; limit: number }): Promise<ClaimedInstalment[]> {
  const rows = await db
    .select({ row: paymentInstalments, userId: orders.userId })
    .from(paymentInstalments)
    .innerJoin(orders, eq(orders.id, paymentInstalments.orderId))
    .where(
      and(
        eq(paymentInstalments.status, "pending"),
        isNotNull(paymentInstalments.authenticationTokenHash),
        lte(paymentInstalments.authenticationExpiresAt, input.now),
      ),
    )
    .orderBy(asc(paymentInstalments.authenticationExpiresAt))
    .limit(input.limit);
  return rows.map((r) => ({ ...r.row, userId: r.userId }));
}

/** The link expired unpaid: the instalment is unpaid for good. False when it was paid or changed meanwhile. */
export async function markAuthenticationExpired(tx: Executor, input: { id: string; message: string; now: Date }): Promise<boolean> {
  const rows = await tx
    .update(paymentInstalments)
    .set({ status: "failed", lastError: input.message.slice(0, 1000), updatedAt: input.now })
    .where(
      and(
        eq(paymentInstalments.id, input.id),
        eq(paymentInstalments.status, "pending"),
        isNotNull(paymentInstalments.authenticationTokenHash),
        lte(paymentInstalments.authenticationExpiresAt, input.now),
      ),
    )
    .returning({ id: paymentInstalments.id });
  return rows.length === 1;
}
