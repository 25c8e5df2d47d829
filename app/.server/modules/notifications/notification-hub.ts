/**
 * Realtime fan-out of new notifications to the open pages of this server process.
 *
 * One LISTEN per process on NOTIFICATION_CHANNEL (opened when the first page subscribes), however
 * many pages are open: each signal names the notification and its owner, the hub reads the row
 * once (by id AND user id) and hands it to that user's subscribers only. A transaction that rolls
 * back sends no signal (PostgreSQL delivers NOTIFY on commit), so nothing unwritten is ever shown.
 */
import type { Database, DatabaseHandle } from "~/.server/db/client";
import { getDatabaseHandle } from "~/.server/db";
import { remember } from "~/lib/remember";
import type { NotificationView } from "~/domain/notifications/notification.types";
import { NOTIFICATION_CHANNEL, getNotification, type NotificationSignal } from "./notifications.service";
import { log } from "../../logger";

export type NotificationListener = (notification: NotificationView) => void;

/**
 * Open live streams one account may hold in this process: each is an HTTP connection and a
 * subscription, so a script opening streams in a loop cannot pile them up. The next one closes
 * the oldest (a person rarely keeps more tabs of the shop open than this).
 */
export const NOTIFICATION_STREAMS_PER_ACCOUNT = 5;

export type SubscribeOptions = {
  /** Called when a newer subscription of the same account pushed this one out; it is already removed. */
  onEvicted?: () => void;
  /** Called when the server is shutting down (`closeAll`); the subscription is already removed. */
  onServerClosing?: () => void;
};

export type NotificationHub = {
  /**
   * Resolves once the process listens, so any notification committed afterwards reaches `listener`.
   * Past NOTIFICATION_STREAMS_PER_ACCOUNT subscriptions of one account, the oldest is evicted.
   */
  subscribe(userId: string, listener: NotificationListener, options?: SubscribeOptions): Promise<() => void>;
  /**
   * Graceful shutdown: every open subscription is removed and told (`onServerClosing`), and any
   * later one is told at once, so no stream keeps a stopping server waiting.
   */
  closeAll(): void;
  /** Pages currently subscribed (for tests and diagnostics). */
  readonly subscriberCount: number;
};

type HubSource = Pick<DatabaseHandle, "listen"> & { db: Database };

function parseSignal(payload: string): NotificationSignal | null {
  try {
    const value = JSON.parse(payload) as Partial<NotificationSignal> | null;
    if (value && typeof value.id === "string" && typeof value.user_id === "string") return { id: value.id, user_id: value.user_id };
  } catch {
    // A payload we did not write: ignored.
  }
  return null;
}

/** A hub over one database; `source` is resolved on the first subscription. */
export function createNotificationHub(source: () => Promise<HubSource>, maxPerAccount = NOTIFICATION_STREAMS_PER_ACCOUNT): NotificationHub {
  // Per account, listeners in subscription order (a Map keeps it): the first is the oldest.
  const subscribers = new Map<string, Map<NotificationListener, SubscribeOptions>>();
  let listening: Promise<void> | null = null;
  let db: Database | null = null;
  let closing = false;

  function tellClosing(options: SubscribeOptions) {
    try {
      options.onServerClosing?.();
    } catch (error) {
      log.error({ err: error }, "notifications: closing a stream failed");
    }
  }

  async function deliver(signal: NotificationSignal) {
    const listeners = subscribers.get(signal.user_id);
    if (!listeners || listeners.size === 0 || !db) return;
    let notification: NotificationView | null;
    try {
      notification = await getNotification(db, signal.user_id, signal.id);
    } catch (error) {
      log.error({ err: error }, "notifications: could not read a new notification");
      return;
    }
    // Deleted in the meantime: nothing to show.
    if (!notification) return;
    for (const listener of [...(subscribers.get(signal.user_id)?.keys() ?? [])]) {
      try {
        listener(notification);
      } catch (error) {
        log.error({ err: error }, "notifications: a subscriber failed");
      }
    }
  }

  function startListening(): Promise<void> {
    listening ??= (async () => {
      const handle = await source();
      db = handle.db;
      await handle.listen(NOTIFICATION_CHANNEL, (payload) => {
        const signal = parseSignal(payload);
        if (signal) void deliver(signal);
      });
    })().catch((error: unknown) => {
      // The next subscriber tries again instead of inheriting a dead subscription.
      listening = null;
      throw error;
    });
    return listening;
  }

  return {
    async subscribe(userId, listener, options = {}) {
      if (closing) {
        tellClosing(options);
        return () => {};
      }
      let set = subscribers.get(userId);
      if (!set) subscribers.set(userId, (set = new Map()));
      set.set(listener, options);
      while (set.size > maxPerAccount) {
        const [oldest, oldestOptions] = set.entries().next().value!;
        set.delete(oldest);
        try {
          oldestOptions.onEvicted?.();
        } catch (error) {
          log.error({ err: error }, "notifications: closing an evicted stream failed");
        }
      }
      const unsubscribe = () => {
        const current = subscribers.get(userId);
        if (!current) return;
        current.delete(listener);
        if (current.size === 0) subscribers.delete(userId);
      };
      try {
        await startListening();
      } catch (error) {
        unsubscribe();
        throw error;
      }
      return unsubscribe;
    },
    closeAll() {
      closing = true;
      const all = [...subscribers.values()].flatMap((set) => [...set.values()]);
      subscribers.clear();
      for (const options of all) tellClosing(options);
    },
    get subscriberCount() {
      let n = 0;
      for (const set of subscribers.values()) n += set.size;
      return n;
    },
  };
}

/** The process-wide hub, remembered so the dev server's module reloads do not LISTEN twice. */
export function getNotificationHub(): NotificationHub {
  return remember("notification-hub", () => createNotificationHub(getDatabaseHandle));
}
