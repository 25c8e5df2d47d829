/**
 * One realtime hub per server process for every live feature (the notifications, the chat;
 * decisions 010, 039 and 047). A feature describes its topic: the NOTIFY channel its transactions
 * signal on, how to read a signal, which subscribers it reaches and how to load what they are
 * shown. The hub LISTENs on a topic's channel when its first page subscribes (the database handle
 * shares one LISTEN connection per process), loads each signalled row once however many pages
 * wait for it, and closes every stream on shutdown. A transaction that rolls back sends no signal
 * (PostgreSQL delivers NOTIFY on commit), so nothing unwritten is ever shown.
 */
import type { Database, DatabaseHandle } from "./db/client";
import { getDatabaseHandle } from "./db";
import { remember } from "~/lib/remember";
import { log } from "./logger";

export type LiveTopic<Signal, View> = {
  /** For log lines ("notifications", "chat"). */
  name: string;
  channel: string;
  /** The signal in a NOTIFY payload, or null for a payload we did not write. */
  parse(payload: string): Signal | null;
  /** The subscriber keys a signal reaches (an account, a conversation, the administrators). */
  keysOf(signal: Signal): string[];
  /** What the reached pages are shown; null when it is gone meanwhile. */
  load(db: Database, signal: Signal): Promise<View | null>;
  /** Open subscriptions per key in this process: the next one evicts the oldest. */
  maxPerKey: number;
};

export type LiveSubscribeOptions = {
  /** A newer subscription of the same key pushed this one out; it is already removed. */
  onEvicted?: () => void;
  /** The server is shutting down (`closeAll`); the subscription is already removed. */
  onServerClosing?: () => void;
};

export type LiveHub = {
  /** Resolves once the process listens on the topic, so any change committed afterwards reaches `listener`. */
  subscribe<S, V>(topic: LiveTopic<S, V>, key: string, listener: (view: V) => void, options?: LiveSubscribeOptions): Promise<() => void>;
  /** Graceful shutdown: every subscription is removed and told, and any later one is told at once. */
  closeAll(): void;
  /** Open subscriptions, of one topic or of all. */
  subscriberCount(topic?: LiveTopic<never, never> | { channel: string }): number;
};

export type LiveHubSource = Pick<DatabaseHandle, "listen"> & { db: Database };

type Listener = (view: unknown) => void;

function safely(what: string, fn: (() => void) | undefined) {
  try {
    fn?.();
  } catch (error) {
    log.error({ err: error }, `live: ${what} failed`);
  }
}

/** A hub over one database; `source` is resolved on the first subscription. */
export function createLiveHub(source: () => Promise<LiveHubSource>): LiveHub {
  // Per channel, per key, listeners in subscription order (a Map keeps it): the first is the oldest.
  const subscribers = new Map<string, Map<string, Map<Listener, LiveSubscribeOptions>>>();
  const listening = new Map<string, Promise<void>>();
  let db: Database | null = null;
  let closing = false;
  let sourced: Promise<LiveHubSource> | null = null;

  async function deliver<S, V>(topic: LiveTopic<S, V>, signal: S) {
    const byKey = subscribers.get(topic.channel);
    const keys = topic.keysOf(signal).filter((k) => (byKey?.get(k)?.size ?? 0) > 0);
    if (keys.length === 0 || !db) return;
    let view: V | null;
    try {
      view = await topic.load(db, signal);
    } catch (error) {
      log.error({ err: error }, `${topic.name}: could not read a signalled change`);
      return;
    }
    if (!view) return;
    for (const key of keys) {
      for (const listener of [...(subscribers.get(topic.channel)?.get(key)?.keys() ?? [])]) {
        safely(`${topic.name} subscriber`, () => listener(view));
      }
    }
  }

  function startListening<S, V>(topic: LiveTopic<S, V>): Promise<void> {
    let started = listening.get(topic.channel);
    if (!started) {
      started = (async () => {
        sourced ??= source().catch((error: unknown) => {
          sourced = null;
          throw error;
        });
        const handle = await sourced;
        db = handle.db;
        await handle.listen(topic.channel, (payload) => {
          const signal = topic.parse(payload);
          if (signal) void deliver(topic, signal);
        });
      })().catch((error: unknown) => {
        // The next subscriber tries again instead of inheriting a dead subscription.
        listening.delete(topic.channel);
        throw error;
      });
      listening.set(topic.channel, started);
    }
    return started;
  }

  return {
    async subscribe(topic, key, listener, options = {}) {
      if (closing) {
        safely(`${topic.name} closing a stream`, options.onServerClosing);
        return () => {};
      }
      let byKey = subscribers.get(topic.channel);
      if (!byKey) subscribers.set(topic.channel, (byKey = new Map()));
      let set = byKey.get(key);
      if (!set) byKey.set(key, (set = new Map()));
      set.set(listener as Listener, options);
      while (set.size > topic.maxPerKey) {
        const [oldest, oldestOptions] = set.entries().next().value!;
        set.delete(oldest);
        safely(`${topic.name} closing an evicted stream`, oldestOptions.onEvicted);
      }
      const unsubscribe = () => {
        const current = subscribers.get(topic.channel)?.get(key);
        if (!current) return;
        current.delete(listener as Listener);
        if (current.size === 0) subscribers.get(topic.channel)?.delete(key);
      };
      try {
        await startListening(topic);
      } catch (error) {
        unsubscribe();
        throw error;
      }
      return unsubscribe;
    },
    closeAll() {
      closing = true;
      const all = [...subscribers.values()].flatMap((byKey) => [...byKey.values()].flatMap((set) => [...set.values()]));
      subscribers.clear();
      for (const options of all) safely("closing a stream", options.onServerClosing);
    },
    subscriberCount(topic) {
      let n = 0;
      for (const [channel, byKey] of subscribers) {
        if (topic && channel !== topic.channel) continue;
        for (const set of byKey.values()) n += set.size;
      }
      return n;
    },
  };
}

/** The process-wide hub, remembered so the dev server's module reloads do not LISTEN twice. */
export function getLiveHub(): LiveHub {
  return remember("live-hub", () => createLiveHub(getDatabaseHandle));
}
