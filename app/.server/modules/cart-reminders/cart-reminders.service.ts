/**
 * Forgotten-cart reminders (docs/decisions/069-forgotten-cart.md): the only writer of
 * `cart_reminders`. A cart's "episode" runs from its first line to the moment it is ordered or
 * emptied; its key is the earliest `added_at` of its lines when the first reminder goes. A line
 * keeps its `added_at` while it stays in the cart, so a cart still holding a line added before
 * the last reminder was sent is the same episode, and a cart whose every line came after it is a
 * new one (the previous one was ordered or emptied in between). Each step is sent once per
 * episode: the unique index on (user, episode, step) settles two runs at once.
 *
 * The due query reads the cart's tables (the cart module writes them) in one statement rather
 * than ask the cart module cart by cart: the job scans every idle cart.
 */
import { and, desc, eq, gte, isNotNull, sql } from "drizzle-orm";
import { rowsOf, type Executor } from "../../db/client";
import { cartReminders, orders, user } from "../../db/schema";
import type { CartReminderReport, CartReminderStep } from "~/domain/cart-reminders/cart-reminders";

/** The episode key as PostgreSQL wrote it (microseconds kept): handed back unchanged to the insert. */
export type EpisodeKey = string;

export type DueReminder = { userId: string; step: CartReminderStep; episodeStartedAt: EpisodeKey };

/**
 * Carts due a reminder at `now`, in user id order after `afterUserId` (a run pages through them
 * all). Step 1: the cart is a new episode and unchanged for `firstDelayMs`. Step 2: the episode
 * had step 1, the cart is unchanged for `secondDelayMs`, and step 1 went at least the gap between
 * the two delays ago (a job that was stopped for days does not send both at once). Never a third,
 * and nothing for a cart left more than `staleAfterMs` ago (a reminder weeks later is no reminder;
 * it also keeps the scan to recent carts).
 */
export async function listDueReminders(
  db: Executor,
  options: { now: Date; firstDelayMs: number; secondDelayMs: number; staleAfterMs: number; afterUserId?: string; limit: number },
): Promise<DueReminder[]> {
  const now = options.now.toISOString();
  const firstBefore = new Date(options.now.getTime() - options.firstDelayMs).toISOString();
  const secondBefore = new Date(options.now.getTime() - options.secondDelayMs).toISOString();
  const gapBefore = new Date(options.now.getTime() - (options.secondDelayMs - options.firstDelayMs)).toISOString();
  const staleBefore = new Date(options.now.getTime() - options.staleAfterMs).toISOString();
  const res = await db.execute(sql`
    WITH idle AS (
      SELECT c.user_id, c.updated_at, min(i.added_at) AS first_added_at
      FROM carts c JOIN cart_items i ON i.user_id = c.user_id
      WHERE c.updated_at <= ${firstBefore}::timestamptz AND c.updated_at > ${staleBefore}::timestamptz
        AND c.user_id > ${options.afterUserId ?? ""}
      GROUP BY c.user_id, c.updated_at
    ),
    last AS (
      SELECT DISTINCT ON (r.user_id) r.user_id, r.episode_started_at, r.step, r.sent_at
      FROM cart_reminders r JOIN idle ON idle.user_id = r.user_id
      WHERE r.sent_at <= ${now}::timestamptz
      ORDER BY r.user_id, r.sent_at DESC, r.step DESC
    )
    SELECT idle.user_id AS "userId",
      CASE WHEN last.user_id IS NULL OR idle.first_added_at > last.sent_at THEN 1 ELSE 2 END AS step,
      (CASE WHEN last.user_id IS NULL OR idle.first_added_at > last.sent_at THEN idle.first_added_at ELSE last.episode_started_at END)::text
        AS "episodeStartedAt"
    FROM idle LEFT JOIN last ON last.user_id = idle.user_id
    WHERE last.user_id IS NULL
      OR idle.first_added_at > last.sent_at
      OR (last.step = 1 AND idle.updated_at <= ${secondBefore}::timestamptz AND last.sent_at <= ${gapBefore}::timestamptz)
    ORDER BY idle.user_id
    LIMIT ${options.limit}`);
  return rowsOf<{ userId: string; step: number; episodeStartedAt: string }>(res).map((r) => ({
    userId: r.userId,
    step: Number(r.step) === 2 ? 2 : 1,
    episodeStartedAt: r.episodeStartedAt,
  }));
}

/**
 * Records a reminder about to be mailed in the caller's transaction; false when this step of this
 * episode was already recorded (another run got there first): then no mail is sent.
 */
export async function recordReminder(
  tx: Executor,
  reminder: DueReminder & { sentAt: Date; cartAmountCents: number; itemCount: number },
): Promise<boolean> {
  const res = await tx.execute(sql`
    INSERT INTO ${cartReminders} (user_id, episode_started_at, step, sent_at, cart_amount_cents, item_count)
    VALUES (${reminder.userId}, ${reminder.episodeStartedAt}::timestamptz, ${reminder.step}, ${reminder.sentAt.toISOString()}::timestamptz,
      ${reminder.cartAmountCents}, ${reminder.itemCount})
    ON CONFLICT DO NOTHING
    RETURNING id`);
  return rowsOf(res).length > 0;
}

export type EpisodeAwaitingRecovery = {
  userId: string;
  episodeStartedAt: EpisodeKey;
  /** The episode's reminders, oldest first. */
  reminders: { id: number; sentAt: Date }[];
};

/** Episodes not recovered yet whose last reminder went within `windowMs` of `now`. */
export async function listEpisodesAwaitingRecovery(
  db: Executor,
  options: { now: Date; windowMs: number; limit: number },
): Promise<EpisodeAwaitingRecovery[]> {
  const since = new Date(options.now.getTime() - options.windowMs).toISOString();
  const res = await db.execute(sql`
    SELECT r.user_id AS "userId", r.episode_started_at::text AS "episodeStartedAt",
      json_agg(json_build_object('id', r.id, 'sentAt', r.sent_at) ORDER BY r.sent_at) AS reminders
    FROM ${cartReminders} r
    WHERE r.user_id IS NOT NULL
    GROUP BY r.user_id, r.episode_started_at
    HAVING bool_and(r.recovered_order_id IS NULL) AND max(r.sent_at) >= ${since}::timestamptz
    ORDER BY min(r.sent_at)
    LIMIT ${options.limit}`);
  return rowsOf<{ userId: string; episodeStartedAt: string; reminders: { id: number | string; sentAt: string }[] | string }>(res).map(
    (r) => {
      const reminders = typeof r.reminders === "string" ? (JSON.parse(r.reminders) as { id: number; sentAt: string }[]) : r.reminders;
      return {
        userId: r.userId,
        episodeStartedAt: r.episodeStartedAt,
        reminders: reminders.map((m) => ({ id: Number(m.id), sentAt: new Date(m.sentAt) })),
      };
    },
  );
}

/**
 * Marks the reminder as followed by this order; false when the episode or the order is already
 * recorded as recovered. Two runs at once could both pass the checks: the unique indexes then
 * refuse the second (the caller runs each recovery in its own transaction).
 */
export async function recordRecovery(
  tx: Executor,
  recovery: { reminderId: number; orderId: string; amountCents: number; at: Date },
): Promise<boolean> {
  const updated = await tx.execute(sql`
    UPDATE ${cartReminders} SET recovered_order_id = ${recovery.orderId}::uuid, recovered_amount_cents = ${recovery.amountCents},
      recovered_at = ${recovery.at.toISOString()}::timestamptz
    WHERE id = ${recovery.reminderId} AND recovered_order_id IS NULL
      AND NOT EXISTS (SELECT 1 FROM ${cartReminders} o WHERE o.recovered_order_id = ${recovery.orderId}::uuid)
      AND NOT EXISTS (
        SELECT 1 FROM ${cartReminders} e JOIN ${cartReminders} me ON me.id = ${recovery.reminderId}
        WHERE e.user_id = me.user_id AND e.episode_started_at = me.episode_started_at AND e.recovered_order_id IS NOT NULL)
    RETURNING id`);
  return rowsOf(updated).length > 0;
}

/** The back-office's view: the latest reminders with their customer and recovery, and the totals over all of them. */
export async function cartReminderReport(db: Executor, options: { limit: number; since?: Date }): Promise<CartReminderReport> {
  const where = options.since ? gte(cartReminders.sentAt, options.since) : undefined;
  const rows = await db
    .select({
      id: cartReminders.id,
      sentAt: cartReminders.sentAt,
      step: cartReminders.step,
      userId: cartReminders.userId,
      name: user.name,
      email: user.email,
      cartAmountCents: cartReminders.cartAmountCents,
      itemCount: cartReminders.itemCount,
      recoveredOrderId: cartReminders.recoveredOrderId,
      orderNumber: orders.orderNumber,
      recoveredAmountCents: cartReminders.recoveredAmountCents,
      recoveredAt: cartReminders.recoveredAt,
    })
    .from(cartReminders)
    .leftJoin(user, eq(user.id, cartReminders.userId))
    .leftJoin(orders, eq(orders.id, cartReminders.recoveredOrderId))
    .where(where)
    .orderBy(desc(cartReminders.sentAt), desc(cartReminders.id))
    .limit(options.limit);
  const [totals] = await db
    .select({
      sent: sql<number>`count(*)::int`,
      recoveredCarts: sql<number>`count(${cartReminders.recoveredAt})::int`,
      recoveredAmountCents: sql<number>`coalesce(sum(${cartReminders.recoveredAmountCents}), 0)::int`,
    })
    .from(cartReminders)
    .where(where);
  return {
    rows: rows.map((r) => ({
      id: r.id,
      sentAt: r.sentAt.toISOString(),
      step: r.step === 2 ? 2 : 1,
      customer: r.userId && r.email ? { id: r.userId, name: r.name ?? "", email: r.email } : null,
      cartAmountCents: r.cartAmountCents,
      itemCount: r.itemCount,
      recovered:
        r.recoveredAt && r.recoveredAmountCents !== null
          ? {
              orderId: r.recoveredOrderId,
              orderNumber: r.orderNumber,
              amountCents: r.recoveredAmountCents,
              at: r.recoveredAt.toISOString(),
            }
          : null,
    })),
    totals: {
      sent: totals?.sent ?? 0,
      recoveredCarts: totals?.recoveredCarts ?? 0,
      recoveredAmountCents: totals?.recoveredAmountCents ?? 0,
    },
  };
}

/** The erasure of an account (RGPD art. 17): its reminders stay as anonymous figures, without the user. */
export async function anonymiseRemindersOf(tx: Executor, userId: string): Promise<number> {
  const res = await tx
    .update(cartReminders)
    .set({ userId: null })
    .where(eq(cartReminders.userId, userId))
    .returning({ id: cartReminders.id });
  return res.length;
}

/** How many reminders went to this user (the erasure test, the job's tests). */
export async function countRemindersOf(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(cartReminders)
    .where(and(eq(cartReminders.userId, userId), isNotNull(cartReminders.sentAt)));
  return row?.n ?? 0;
}
