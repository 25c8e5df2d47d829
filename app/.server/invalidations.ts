/**
 * Cross-process invalidation of what server processes remember (decision 038). Each process keeps
 * short memos (read-memo.ts: sessions and themes; db-memo.ts: the back-office's listing counts,
 * "counts", and the shop settings, "settings") and the Node server's anonymous page cache ("pages"); a write in one process must reach the others' within a second.
 *
 * `announceInvalidation(kinds)` forgets the named kinds in this process at once and sends
 * `NOTIFY aurore_invalidations, '{"from": <sender>, "kinds": [...]}'`; every process LISTENs
 * (the bus started in bootstrap.ts) and forgets the kinds it hears, skipping its own messages.
 * While the LISTEN connection is down a process may miss messages, so `remembersAcrossProcesses()`
 * turns false and the memos read afresh; when it is back, everything is forgotten once.
 * The page cache cannot be bypassed from here: it is emptied when the connection drops and comes
 * back, and in between its entries live their own s-maxage (10 s) at most.
 */
import { log } from "./logger";
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { remember } from "~/lib/remember";
import type { DatabaseHandle, Executor } from "./db/client";

export type InvalidationKind = "sessions" | "counts" | "pages" | "settings";
export const INVALIDATION_KINDS: readonly InvalidationKind[] = ["sessions", "counts", "pages", "settings"];
export const INVALIDATIONS_CHANNEL = "aurore_invalidations";

type Registry = {
  /** Per kind, the forgetters registered by the modules that remember (by name, so a reloaded module replaces its own). */
  forgetters: Map<InvalidationKind, Map<string, () => void>>;
  bus?: InvalidationBus;
  starting?: Promise<void>;
};

/** Remembered so that modules reloaded in development register with the same registry. */
const registry = remember<Registry>("invalidations", () => ({ forgetters: new Map() }));

/** A module that remembers something of this kind registers how to forget it. */
export function onInvalidation(kind: InvalidationKind, name: string, forget: () => void): void {
  let named = registry.forgetters.get(kind);
  if (!named) registry.forgetters.set(kind, (named = new Map()));
  named.set(name, forget);
}

/** Forgets the kinds in this process only. */
export function forgetLocally(kinds: readonly InvalidationKind[]): void {
  for (const kind of kinds) for (const forget of registry.forgetters.get(kind)?.values() ?? []) forget();
}

/**
 * False while this process's bus is started but cannot hear the others (LISTEN connection down):
 * memos then read afresh rather than risk serving what another process changed.
 */
export function remembersAcrossProcesses(): boolean {
  return registry.bus?.listening ?? true;
}

/**
 * Forgets the kinds here at once and tells every other process. Sent through `db` when given
 * (a script, or a write made outside a request), else through this process's bus; with neither
 * (tests, tools) only this process forgets. `here: false` when the caller already forgot what
 * it changed in this process (a count memo forgets one handle's counts, not every memo's).
 * Never throws: a lost message is logged, and the others' memos end with their short lifetimes.
 */
export async function announceInvalidation(
  kinds: readonly InvalidationKind[],
  options: { db?: Executor; here?: boolean } = {},
): Promise<void> {
  if (options.here !== false) forgetLocally(kinds);
  const { bus } = registry;
  if (bus && (!options.db || options.db === bus.db)) return bus.announce(kinds);
  if (options.db) await notify(options.db, { from: bus?.sender ?? senderId(), kinds: [...kinds] });
}

export type InvalidationBus = {
  /** This bus's id in the messages it sends, to skip its own. */
  sender: string;
  db: Executor;
  /** Whether the bus hears the others now. */
  listening: boolean;
  /** Sends the kinds to every other bus (does not forget locally: `announceInvalidation` does). */
  announce(kinds: readonly InvalidationKind[]): Promise<void>;
  stop(): Promise<void>;
};

type Message = { from: string; kinds: InvalidationKind[] };

function senderId(): string {
  return `${process.pid}-${randomBytes(4).toString("hex")}`;
}

async function notify(db: Executor, message: Message): Promise<void> {
  try {
    await db.execute(sql`SELECT pg_notify(${INVALIDATIONS_CHANNEL}, ${JSON.stringify(message)})`);
  } catch (error) {
    log.error({ err: error }, "invalidations: not announced");
  }
}

function parse(payload: string): Message | null {
  try {
    const message = JSON.parse(payload) as Partial<Message>;
    if (typeof message.from !== "string" || !Array.isArray(message.kinds)) return null;
    return { from: message.from, kinds: message.kinds.filter((k): k is InvalidationKind => INVALIDATION_KINDS.includes(k)) };
  } catch {
    return null;
  }
}

const RETRY_LISTEN_MS = 1_000;

/**
 * A bus on this database handle: hears the other buses' messages and calls `apply` with their
 * kinds (all kinds when its connection comes back, since it may have missed some).
 */
export async function createInvalidationBus(
  handle: Pick<DatabaseHandle, "db" | "listen">,
  apply: (kinds: readonly InvalidationKind[]) => void,
): Promise<InvalidationBus> {
  const sender = senderId();
  let unlisten: (() => Promise<void>) | undefined;
  let stopped = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const bus: InvalidationBus = {
    sender,
    db: handle.db,
    listening: false,
    announce: (kinds) => notify(handle.db, { from: sender, kinds: [...kinds] }),
    async stop() {
      stopped = true;
      clearTimeout(retry);
      await unlisten?.();
    },
  };
  const onMessage = (payload: string) => {
    const message = parse(payload);
    if (message && message.from !== sender && message.kinds.length > 0) apply(message.kinds);
  };
  const onState = (listening: boolean) => {
    bus.listening = listening;
    apply(INVALIDATION_KINDS);
  };
  const subscribe = async () => {
    try {
      unlisten = await handle.listen(INVALIDATIONS_CHANNEL, onMessage, onState);
      if (stopped) return void (await unlisten());
      bus.listening = true;
    } catch (error) {
      // The database is out of reach at start-up: memos stay off until the bus can hear.
      log.warn({ err: error }, "invalidations: cannot LISTEN yet");
      if (!stopped) retry = setTimeout(() => void subscribe(), RETRY_LISTEN_MS).unref();
    }
  };
  await subscribe();
  return bus;
}

/** Starts this process's bus (bootstrap, once the database is open): from then on every process forgets what the others announce. */
export function startInvalidations(handle: DatabaseHandle): Promise<void> {
  registry.starting ??= createInvalidationBus(handle, forgetLocally).then((bus) => {
    registry.bus = bus;
  });
  return registry.starting;
}

export async function stopInvalidations(): Promise<void> {
  await registry.starting?.catch(() => {});
  const bus = registry.bus;
  registry.bus = undefined;
  registry.starting = undefined;
  await bus?.stop();
}
