/**
 * Domain events (decision 054). A change records its event with `recordEvent(tx, type, payload)`
 * in the transaction that makes it: an outbox row of topic "event", so the event exists exactly
 * when the change commits. Subscribers run from the outbox after the commit: the claim, lease,
 * retries and backoff are the mail's (outbox.service.ts). A subscriber's own writes and its
 * receipt commit together, so an event run again (a crash, a lease run out, a neighbour that
 * failed) skips the subscribers already done.
 *
 * Modules record events; they never know who listens. The subscribers are composed in
 * app/.server/workflows/event-subscribers.ts and handed to the worker and to `settleEvents`.
 */
import { sql } from "drizzle-orm";
import { maskSecrets } from "~/domain/activity-log/masking";
import type { AdminActor, AdminChangeAction } from "~/domain/activity-log/activity-log";
import { isDomainEventType, type DomainEvent, type DomainEventPayloads, type DomainEventType } from "~/domain/events/domain-events";
import { remember } from "~/lib/remember";
import type { Database, Executor } from "../db/client";
import { eventReceipts, outbox } from "../db/schema";
import { log } from "../logger";
import { processOutboxTopic, type OutboxOptions, type OutboxPassResult } from "./outbox.service";

export const EVENT_TOPIC = "event";
/** A summary longer than this is cut (the log's column is meant for one line). */
const SUMMARY_MAX = 500;
const POLL_INTERVAL_MS = 1_000;
/** Passes `settleEvents` makes at most: a subscriber's event recording more events settles too. */
const SETTLE_MAX_PASSES = 10;

export type EventSubscriber = {
  /** Stable: receipts are keyed by it, so renaming a subscriber runs it again on pending events. */
  name: string;
  types: readonly DomainEventType[];
  /** Runs in a transaction that also writes its receipt; throw to have the event retried. */
  handle: (tx: Executor, event: DomainEvent) => Promise<void>;
};

/** Records an event in the caller's transaction; subscribers run once it commits. */
export async function recordEvent<T extends DomainEventType>(tx: Executor, type: T, payload: DomainEventPayloads[T]): Promise<void> {
  await tx.insert(outbox).values({ topic: EVENT_TOPIC, payload: { type, data: payload } });
  kickEvents();
}

/** One change to the shop's records, as the back-office or the admin API made it. */
export type AdminChangeEntry = {
  action: AdminChangeAction;
  entityType: string;
  entityId?: string | null;
  summary?: string;
  before?: unknown;
  after?: unknown;
};

/**
 * Records an administrator's change as its domain event (the activity log subscribes). Values
 * are masked here, so no secret reaches even the outbox row.
 */
export async function recordAdminChange(tx: Executor, actor: AdminActor, entry: AdminChangeEntry): Promise<void> {
  await recordEvent(tx, entry.action, {
    actor: { type: actor.type ?? "user", id: actor.id, label: actor.label.slice(0, 254) },
    entityType: entry.entityType,
    entityId: entry.entityId ?? null,
    summary: (entry.summary ?? "").slice(0, SUMMARY_MAX),
    before: entry.before === undefined ? null : maskSecrets(entry.before),
    after: entry.after === undefined ? null : maskSecrets(entry.after),
  });
}

/**
 * Records the change when an actor is given. Services take an optional actor so seeds, jobs and
 * the shopper's own paths (which are not administrator actions) record nothing; every back-office
 * route and admin API route passes one (decision 048).
 */
export async function recordAdminChangeBy(tx: Executor, actor: AdminActor | undefined, entry: AdminChangeEntry): Promise<void> {
  if (actor) await recordAdminChange(tx, actor, entry);
}

/**
 * One pass over the due events: each is handed to every subscriber of its type that has no
 * receipt for it yet, each in its own transaction with its receipt. A subscriber that throws
 * leaves no receipt and the event is retried with the outbox's backoff; the others still run.
 */
export async function processEvents(
  db: Database,
  subscribers: readonly EventSubscriber[],
  options: { now?: Date } & OutboxOptions = {},
): Promise<OutboxPassResult> {
  return processOutboxTopic(
    db,
    EVENT_TOPIC,
    async (row) => {
      const { type, data } = row.payload;
      if (!isDomainEventType(type)) throw new Error(`unknown event type ${JSON.stringify(type)}`);
      const event = { id: row.id, type, payload: data, occurredAt: row.createdAt } as DomainEvent;
      const failures: string[] = [];
      for (const subscriber of subscribers) {
        if (!subscriber.types.includes(type)) continue;
        try {
          await db.transaction(async (tx) => {
            // The receipt first: a second runner of the same event waits on its key, then skips.
            const fresh = await tx
              .insert(eventReceipts)
              .values({ eventId: row.id, subscriber: subscriber.name })
              .onConflictDoNothing()
              .returning({ eventId: eventReceipts.eventId });
            if (fresh.length > 0) await subscriber.handle(tx, event);
          });
        } catch (error) {
          failures.push(`${subscriber.name}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      if (failures.length > 0) throw new Error(failures.join("; "));
    },
    options,
  );
}

type DispatchState = { chain: Promise<unknown>; kick?: () => void };
/** Remembered so the dev server's reloads share one chain: passes in this process never overlap. */
const dispatch = remember<DispatchState>("event-dispatch", () => ({ chain: Promise.resolve() }));

function serialized<T>(run: () => Promise<T>): Promise<T> {
  const next = dispatch.chain.then(run, run);
  dispatch.chain = next.catch(() => undefined);
  return next;
}

/**
 * Runs the events due now before a reader looks at what their subscribers write (the Journal
 * d'activité): after any pass this process has under way, so an event it had claimed is done
 * too. Events another server process has claimed are that process's to finish.
 */
export function settleEvents(db: Database, subscribers: readonly EventSubscriber[]): Promise<void> {
  return serialized(async () => {
    for (let pass = 0; pass < SETTLE_MAX_PASSES; pass += 1) {
      const result = await processEvents(db, subscribers);
      if (result.sent + result.failed === 0) return;
    }
  });
}

/** Polls the events every second (and when one is recorded); returns the stop function. */
export function startEventWorker(db: Database, subscribers: readonly EventSubscriber[], options: OutboxOptions = {}): () => Promise<void> {
  let queued = false;
  let running: Promise<unknown> | undefined;
  let stopped = false;
  const tick = () => {
    if (queued || stopped) return;
    queued = true;
    running = serialized(async () => {
      queued = false;
      if (!stopped) await processEvents(db, subscribers, options);
    }).catch((error) => log.error({ err: error }, "events: pass failed"));
  };
  const timer = setInterval(tick, POLL_INTERVAL_MS);
  timer.unref();
  // Shortly after the recording transaction has likely committed; the poll catches any it missed.
  dispatch.kick = () => setTimeout(tick, 25).unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    dispatch.kick = undefined;
    await running;
  };
}

function kickEvents(): void {
  dispatch.kick?.();
}

/** Events not yet handled by every subscriber and not given up: for tests and inspection. */
export async function countPendingEvents(db: Executor): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(outbox)
    .where(sql`${outbox.topic} = ${EVENT_TOPIC} AND ${outbox.processedAt} IS NULL`);
  return Number(row?.n ?? 0);
}
