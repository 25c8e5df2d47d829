/**
 * The Beauty Box's tables (docs/decisions/071-beauty-box.md): subscriptions, the months' editions
 * and one charge row per (subscription, month). The job's claims follow the instalments' model
 * (decision 035): a short transaction moves due rows to `charging` with one more try and commits
 * before the provider is called, so overlapping runs never charge a month twice.
 */
import { and, asc, desc, eq, inArray, lt, lte, ne, sql } from "drizzle-orm";
import type { Database, Executor } from "~/.server/db/client";
import { boxCharges, boxEditions, boxSubscriptions, orders, user, type BoxContentLine, type OrderAddress } from "~/.server/db/schema";
import { addMonths, BEAUTY_BOX_MAX_TRIES, BEAUTY_BOX_RETRY_DELAYS_DAYS } from "~/domain/beauty-box/beauty-box";
import { isUuid } from "~/lib/uuid";

export type BoxSubscriptionRow = typeof boxSubscriptions.$inferSelect;
export type BoxChargeRow = typeof boxCharges.$inferSelect;
export type BoxEditionRow = typeof boxEditions.$inferSelect;

const DAY_MS = 24 * 60 * 60 * 1000;

/* Subscriptions ------------------------------------------------------------------------------ */

/** The shopper's subscription that is not cancelled, if any (at most one, by a unique index). */
export async function openSubscriptionOf(db: Executor, userId: string): Promise<BoxSubscriptionRow | null> {
  const [row] = await db
    .select()
    .from(boxSubscriptions)
    .where(and(eq(boxSubscriptions.userId, userId), ne(boxSubscriptions.status, "cancelled")));
  return row ?? null;
}

/** The shopper's latest subscription, cancelled or not. */
export async function latestSubscriptionOf(db: Executor, userId: string): Promise<BoxSubscriptionRow | null> {
  const [row] = await db
    .select()
    .from(boxSubscriptions)
    .where(eq(boxSubscriptions.userId, userId))
    .orderBy(desc(boxSubscriptions.createdAt))
    .limit(1);
  return row ?? null;
}

/** The subscription locked for an action of its owner; another shopper's reads as none. */
export async function lockOwnSubscription(tx: Executor, userId: string, id: string): Promise<BoxSubscriptionRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await tx
    .select()
    .from(boxSubscriptions)
    .where(and(eq(boxSubscriptions.id, id), eq(boxSubscriptions.userId, userId)))
    .for("update");
  return row ?? null;
}

export async function subscriptionById(db: Executor, id: string): Promise<BoxSubscriptionRow | null> {
  const [row] = await db.select().from(boxSubscriptions).where(eq(boxSubscriptions.id, id));
  return row ?? null;
}

/** Null when the shopper already has one not cancelled (the unique index decides, even for two requests at once). */
export async function insertSubscription(
  tx: Executor,
  values: { userId: string; paymentMethodId: string; shippingAddress: OrderAddress; priceCents: number; nextMonth: string; now: Date },
): Promise<BoxSubscriptionRow | null> {
  const [row] = await tx
    .insert(boxSubscriptions)
    .values({ ...values, status: "active", createdAt: values.now, updatedAt: values.now })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

export type SubscriptionPatch = Partial<
  Pick<
    BoxSubscriptionRow,
    "status" | "paymentMethodId" | "shippingAddress" | "nextMonth" | "skippedMonths" | "pausedAt" | "cancelledAt" | "cancellationReason"
  >
>;

export async function updateSubscription(tx: Executor, id: string, patch: SubscriptionPatch, now: Date): Promise<BoxSubscriptionRow> {
  const [row] = await tx
    .update(boxSubscriptions)
    .set({ ...patch, updatedAt: now })
    .where(eq(boxSubscriptions.id, id))
    .returning();
  return row;
}

/* Charges ------------------------------------------------------------------------------------ */

export async function chargeOfMonth(tx: Executor, subscriptionId: string, month: string): Promise<BoxChargeRow | null> {
  const [row] = await tx
    .select()
    .from(boxCharges)
    .where(and(eq(boxCharges.subscriptionId, subscriptionId), eq(boxCharges.month, month)))
    .for("update");
  return row ?? null;
}

/** A month not charged yet is given up (skipped, paused or cancelled): it is never charged. */
export async function closePendingCharges(
  tx: Executor,
  subscriptionId: string,
  status: "skipped" | "cancelled",
  now: Date,
  month?: string,
): Promise<number> {
  const rows = await tx
    .update(boxCharges)
    .set({ status, updatedAt: now })
    .where(
      and(eq(boxCharges.subscriptionId, subscriptionId), eq(boxCharges.status, "pending"), ...(month ? [eq(boxCharges.month, month)] : [])),
    )
    .returning({ id: boxCharges.id });
  return rows.length;
}

export type BoxChargeWithOrder = BoxChargeRow & { orderNumber: string | null };

export async function listChargesOf(db: Executor, subscriptionIds: readonly string[]): Promise<BoxChargeWithOrder[]> {
  if (subscriptionIds.length === 0) return [];
  const rows = await db
    .select({ charge: boxCharges, orderNumber: orders.orderNumber })
    .from(boxCharges)
    .leftJoin(orders, eq(orders.id, boxCharges.orderId))
    .where(inArray(boxCharges.subscriptionId, [...subscriptionIds]))
    .orderBy(desc(boxCharges.month));
  return rows.map((r) => ({ ...r.charge, orderNumber: r.orderNumber }));
}

/**
 * The month's charge rows of the active subscriptions due for it (the month in their skipped
 * months: a `skipped` row), their `next_month` moved past it, in one transaction. Only the current
 * month is charged: a month the job missed entirely is not charged later behind the shopper's back.
 */
export async function openMonthCharges(db: Database, input: { month: string; now: Date; limit: number }): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(boxSubscriptions)
      .where(and(eq(boxSubscriptions.status, "active"), lte(boxSubscriptions.nextMonth, input.month)))
      .orderBy(asc(boxSubscriptions.id))
      .limit(input.limit)
      .for("update", { skipLocked: true });
    for (const sub of due) {
      const skipped = sub.skippedMonths.includes(input.month);
      await tx
        .insert(boxCharges)
        .values({
          subscriptionId: sub.id,
          userId: sub.userId,
          month: input.month,
          status: skipped ? "skipped" : "pending",
          amountCents: sub.priceCents,
          nextTryAt: input.now,
          createdAt: input.now,
          updatedAt: input.now,
        })
        .onConflictDoNothing();
      await tx
        .update(boxSubscriptions)
        .set({ nextMonth: addMonths(input.month, 1), updatedAt: input.now })
        .where(eq(boxSubscriptions.id, sub.id));
    }
    return due.length;
  });
}

export type ClaimedBoxCharge = BoxChargeRow & {
  paymentMethodId: string | null;
  shippingAddress: OrderAddress;
};

/**
 * Due `pending` rows, locked (SKIP LOCKED: another run takes others), moved to `charging` with one
 * more try, committed before any provider call. A row whose subscription is no longer active is
 * closed instead (paused: skipped; cancelled: cancelled), never charged.
 */
export async function claimDueCharges(db: Database, input: { now: Date; limit: number }): Promise<ClaimedBoxCharge[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ charge: boxCharges, sub: boxSubscriptions })
      .from(boxCharges)
      .innerJoin(boxSubscriptions, eq(boxSubscriptions.id, boxCharges.subscriptionId))
      .where(and(eq(boxCharges.status, "pending"), lte(boxCharges.nextTryAt, input.now)))
      .orderBy(asc(boxCharges.nextTryAt), asc(boxCharges.id))
      .limit(input.limit)
      .for("update", { of: boxCharges, skipLocked: true });
    const claimed: ClaimedBoxCharge[] = [];
    for (const { charge, sub } of due) {
      if (sub.status !== "active" || sub.skippedMonths.includes(charge.month)) {
        await tx
          .update(boxCharges)
          .set({ status: sub.status === "cancelled" ? "cancelled" : "skipped", updatedAt: input.now })
          .where(eq(boxCharges.id, charge.id));
        continue;
      }
      const [row] = await tx
        .update(boxCharges)
        .set({ status: "charging", tries: sql`${boxCharges.tries} + 1`, chargingSince: input.now, updatedAt: input.now })
        .where(and(eq(boxCharges.id, charge.id), eq(boxCharges.status, "pending")))
        .returning();
      if (row) claimed.push({ ...row, paymentMethodId: sub.paymentMethodId, shippingAddress: sub.shippingAddress });
    }
    return claimed;
  });
}

/** Rows left `charging` by a process that died before it knew the outcome. */
export async function claimStaleCharges(db: Database, input: { staleBefore: Date; now: Date; limit: number }): Promise<ClaimedBoxCharge[]> {
  return db.transaction(async (tx) => {
    const stale = await tx
      .select({ charge: boxCharges, sub: boxSubscriptions })
      .from(boxCharges)
      .innerJoin(boxSubscriptions, eq(boxSubscriptions.id, boxCharges.subscriptionId))
      .where(and(eq(boxCharges.status, "charging"), lt(boxCharges.chargingSince, input.staleBefore)))
      .limit(input.limit)
      .for("update", { of: boxCharges, skipLocked: true });
    const claimed: ClaimedBoxCharge[] = [];
    for (const { charge, sub } of stale) {
      // Taken over: a fresh `charging_since`, so a second run does not take it too.
      await tx.update(boxCharges).set({ chargingSince: input.now, updatedAt: input.now }).where(eq(boxCharges.id, charge.id));
      claimed.push({ ...charge, paymentMethodId: sub.paymentMethodId, shippingAddress: sub.shippingAddress });
    }
    return claimed;
  });
}

/** The provider key of a row's current try: a new key per try, the same key when a try is asked about again. */
export const boxChargeKey = (row: Pick<BoxChargeRow, "id" | "tries">) => `beauty-box:${row.id}:${row.tries}`;

/** Paid, with its order: only the try that holds the row settles it. */
export async function markChargePaid(
  tx: Executor,
  input: { id: string; tries: number; orderId: string; paymentId: string; now: Date },
): Promise<boolean> {
  const rows = await tx
    .update(boxCharges)
    .set({
      status: "paid",
      orderId: input.orderId,
      providerPaymentId: input.paymentId,
      lastError: null,
      chargingSince: null,
      updatedAt: input.now,
    })
    .where(and(eq(boxCharges.id, input.id), eq(boxCharges.status, "charging"), eq(boxCharges.tries, input.tries)))
    .returning({ id: boxCharges.id });
  return rows.length > 0;
}

/** Locks the row for its settlement (the try that holds it). */
export async function lockCharge(tx: Executor, id: string): Promise<BoxChargeRow | null> {
  const [row] = await tx.select().from(boxCharges).where(eq(boxCharges.id, id)).for("update");
  return row ?? null;
}

/**
 * Declined: tried again after 1, then 2 more days; after the last try the month is `failed`.
 * Answers what became of it, or null when this try no longer holds the row.
 */
export async function markChargeDeclined(
  tx: Executor,
  input: { id: string; tries: number; message: string; now: Date },
): Promise<"retry" | "failed" | null> {
  const last = input.tries >= BEAUTY_BOX_MAX_TRIES;
  const delayDays = BEAUTY_BOX_RETRY_DELAYS_DAYS[input.tries - 1] ?? 1;
  const rows = await tx
    .update(boxCharges)
    .set({
      status: last ? "failed" : "pending",
      lastError: input.message.slice(0, 500),
      nextTryAt: last ? input.now : new Date(input.now.getTime() + delayDays * DAY_MS),
      chargingSince: null,
      updatedAt: input.now,
    })
    .where(and(eq(boxCharges.id, input.id), eq(boxCharges.status, "charging"), eq(boxCharges.tries, input.tries)))
    .returning({ id: boxCharges.id });
  if (rows.length === 0) return null;
  return last ? "failed" : "retry";
}

/** A try a dead process never sent: given back, to be sent again (its key is asked about first). */
export async function releaseChargeTry(tx: Executor, input: { id: string; tries: number; now: Date }): Promise<void> {
  await tx
    .update(boxCharges)
    .set({
      status: "pending",
      tries: sql`greatest(${boxCharges.tries} - 1, 0)`,
      chargingSince: null,
      nextTryAt: input.now,
      updatedAt: input.now,
    })
    .where(and(eq(boxCharges.id, input.id), eq(boxCharges.status, "charging"), eq(boxCharges.tries, input.tries)));
}

/* Editions ----------------------------------------------------------------------------------- */

export async function editionOf(db: Executor, month: string): Promise<BoxEditionRow | null> {
  const [row] = await db.select().from(boxEditions).where(eq(boxEditions.month, month));
  return row ?? null;
}

export async function saveEdition(
  tx: Executor,
  input: { month: string; title: string; contents: BoxContentLine[]; now: Date },
): Promise<BoxEditionRow> {
  const [row] = await tx
    .insert(boxEditions)
    .values({ month: input.month, title: input.title, contents: input.contents, updatedAt: input.now })
    .onConflictDoUpdate({ target: boxEditions.month, set: { title: input.title, contents: input.contents, updatedAt: input.now } })
    .returning();
  return row;
}

/* Back-office reads ---------------------------------------------------------------------------- */

export type SubscriberRow = {
  id: string;
  userId: string;
  email: string;
  name: string;
  status: string;
  nextMonth: string;
  priceCents: number;
  createdAt: Date;
  cancelledAt: Date | null;
  cancellationReason: string | null;
};

export async function listSubscribers(db: Executor, options: { status?: "cancelled" | "open"; limit: number }): Promise<SubscriberRow[]> {
  const where =
    options.status === "cancelled"
      ? eq(boxSubscriptions.status, "cancelled")
      : options.status === "open"
        ? ne(boxSubscriptions.status, "cancelled")
        : undefined;
  return db
    .select({
      id: boxSubscriptions.id,
      userId: boxSubscriptions.userId,
      email: user.email,
      name: user.name,
      status: boxSubscriptions.status,
      nextMonth: boxSubscriptions.nextMonth,
      priceCents: boxSubscriptions.priceCents,
      createdAt: boxSubscriptions.createdAt,
      cancelledAt: boxSubscriptions.cancelledAt,
      cancellationReason: boxSubscriptions.cancellationReason,
    })
    .from(boxSubscriptions)
    .innerJoin(user, eq(user.id, boxSubscriptions.userId))
    .where(where)
    .orderBy(options.status === "cancelled" ? desc(boxSubscriptions.cancelledAt) : desc(boxSubscriptions.createdAt))
    .limit(options.limit);
}

export type AdminChargeRow = BoxChargeWithOrder & { email: string; name: string };

/** A month's charges with their shopper (and order number once paid), or every failed one. */
export async function listAdminCharges(
  db: Executor,
  filter: { month: string } | { status: "failed" | "retrying" },
  limit = 200,
): Promise<AdminChargeRow[]> {
  const where =
    "month" in filter
      ? eq(boxCharges.month, filter.month)
      : filter.status === "failed"
        ? eq(boxCharges.status, "failed")
        : and(eq(boxCharges.status, "pending"), sql`${boxCharges.tries} > 0`);
  const rows = await db
    .select({ charge: boxCharges, orderNumber: orders.orderNumber, email: user.email, name: user.name })
    .from(boxCharges)
    .innerJoin(user, eq(user.id, boxCharges.userId))
    .leftJoin(orders, eq(orders.id, boxCharges.orderId))
    .where(where)
    .orderBy(desc(boxCharges.updatedAt))
    .limit(limit);
  return rows.map((r) => ({ ...r.charge, orderNumber: r.orderNumber, email: r.email, name: r.name }));
}
