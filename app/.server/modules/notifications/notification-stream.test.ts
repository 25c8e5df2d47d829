/**
 * The realtime path: a notification committed by another transaction reaches the user's open
 * stream within 2 s; a rolled-back one never does; other users' notifications never do; the
 * subscription ends with the request. Last, the same stream through the Node server's
 * compression middleware, to prove events are not held back in a compression buffer.
 */
import { randomUUID } from "node:crypto";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import express from "express";
import { writeReadableStreamToWritable } from "@react-router/node";
import { createTestDatabase } from "../../../../tests/support/db";
import type { DatabaseHandle } from "../../db/client";
import { user } from "../../db/schema";
import type { NotificationView } from "~/domain/notifications/notification.types";
import { NOTIFICATION_STREAMS_PER_ACCOUNT, createNotificationHub, type NotificationHub } from "./notification-hub";
import {
  EVICTED_RECONNECT_DELAY_MS,
  SHUTDOWN_RECONNECT_MIN_MS,
  SHUTDOWN_RECONNECT_SPREAD_MS,
  openNotificationStream,
} from "./notification-stream";
import { createNotification, deleteNotification, type NewNotification } from "./notifications.service";

const PROMPT_MS = 2_000;

let handle: DatabaseHandle;
let hub: NotificationHub;
const alice = `user-stream-alice-${randomUUID()}`;
const bob = `user-stream-bob-${randomUUID()}`;

function shipped(userId: string, title = "Commande expédiée"): NewNotification {
  return { userId, type: "order_status", title, message: "Votre commande est en route.", metadata: { new_status: "shipped" } };
}

/** Commits a notification in its own transaction, like the order workflow will. */
function commitNotification(input: NewNotification): Promise<string> {
  return handle.db.transaction((tx) => createNotification(tx, input));
}

class Rollback extends Error {}

async function rolledBackNotification(input: NewNotification): Promise<void> {
  await handle.db
    .transaction(async (tx) => {
      await createNotification(tx, input);
      throw new Rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof Rollback)) throw error;
    });
}

/** Reads server-sent events from a body, one parsed block at a time. */
function eventReader(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  type Block = { event?: string; id?: string; data?: string; comments: string[]; retry?: string };

  function parse(block: string): Block {
    const out: Block = { comments: [] };
    for (const line of block.split("\n")) {
      if (line.startsWith(":")) out.comments.push(line.slice(1).trim());
      else {
        const at = line.indexOf(":");
        const field = line.slice(0, at);
        const value = line.slice(at + 1).replace(/^ /, "");
        if (field === "event" || field === "id" || field === "data" || field === "retry") out[field] = value;
      }
    }
    return out;
  }

  // A read that lost a race against the timeout is kept for the next call, so no chunk is lost.
  let pendingRead: Promise<ReadableStreamReadResult<Uint8Array>> | null = null;

  /** The next block, or null when nothing comes within `ms` (or the stream ended). */
  async function next(ms: number): Promise<Block | null> {
    const deadline = Date.now() + ms;
    for (;;) {
      const end = buffer.indexOf("\n\n");
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        return parse(block);
      }
      const left = deadline - Date.now();
      if (left <= 0) return null;
      pendingRead ??= reader.read();
      let timer: ReturnType<typeof setTimeout> | undefined;
      const chunk = await Promise.race([
        pendingRead,
        new Promise<"timeout">((resolve) => (timer = setTimeout(() => resolve("timeout"), left))),
      ]);
      clearTimeout(timer);
      if (chunk === "timeout") return null;
      pendingRead = null;
      if (chunk.done) return null;
      buffer += decoder.decode(chunk.value, { stream: true });
    }
  }

  /** The next `notification` event, skipping heartbeats. */
  async function nextNotification(ms: number): Promise<NotificationView | null> {
    const deadline = Date.now() + ms;
    for (;;) {
      const block = await next(Math.max(0, deadline - Date.now()));
      if (!block) return null;
      if (block.event === "notification" && block.data) return JSON.parse(block.data) as NotificationView;
    }
  }

  return { next, nextNotification, cancel: () => reader.cancel().catch(() => {}) };
}

beforeAll(async () => {
  handle = await createTestDatabase();
  await handle.db.insert(user).values([
    { id: alice, name: "Alice", email: `${alice}@example.com` },
    { id: bob, name: "Bob", email: `${bob}@example.com` },
  ]);
  hub = createNotificationHub(async () => handle);
});

afterAll(async () => {
  await handle?.close();
});

describe("the notification stream", () => {
  it("starts with an open comment and the SSE headers", async () => {
    const abort = new AbortController();
    const response = openNotificationStream({ userId: alice, signal: abort.signal, hub });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-cache, no-transform");
    expect(response.headers.get("x-accel-buffering")).toBe("no");
    const events = eventReader(response.body!);
    const first = await events.next(PROMPT_MS);
    expect(first).toMatchObject({ retry: "5000", comments: ["connected"] });
    abort.abort();
  });

  it("pushes a notification committed in another transaction within 2 s, and only to its owner", async () => {
    const aliceAbort = new AbortController();
    const bobAbort = new AbortController();
    const aliceEvents = eventReader(openNotificationStream({ userId: alice, signal: aliceAbort.signal, hub }).body!);
    const bobEvents = eventReader(openNotificationStream({ userId: bob, signal: bobAbort.signal, hub }).body!);
    await aliceEvents.next(PROMPT_MS);
    await bobEvents.next(PROMPT_MS);

    const started = Date.now();
    const id = await commitNotification(shipped(alice));
    const received = await aliceEvents.nextNotification(PROMPT_MS);
    expect(Date.now() - started).toBeLessThan(PROMPT_MS);
    expect(received).toMatchObject({
      id,
      type: "order_status",
      title: "Commande expédiée",
      message: "Votre commande est en route.",
      is_read: false,
      metadata: { new_status: "shipped" },
    });
    expect(await bobEvents.nextNotification(300)).toBeNull();
    aliceAbort.abort();
    bobAbort.abort();
  });

  it("sends nothing for a rolled-back transaction", async () => {
    const abort = new AbortController();
    const events = eventReader(openNotificationStream({ userId: alice, signal: abort.signal, hub }).body!);
    await events.next(PROMPT_MS);

    await rolledBackNotification(shipped(alice, "Jamais écrite"));
    expect(await events.nextNotification(500)).toBeNull();
    // The stream is alive: the next committed notification is the first one to arrive.
    const id = await commitNotification(shipped(alice, "Bien écrite"));
    const received = await events.nextNotification(PROMPT_MS);
    expect(received).toMatchObject({ id, title: "Bien écrite" });
    abort.abort();
  });

  it("skips a notification deleted before it could be read", async () => {
    const abort = new AbortController();
    const events = eventReader(openNotificationStream({ userId: alice, signal: abort.signal, hub }).body!);
    await events.next(PROMPT_MS);
    const id = await handle.db.transaction(async (tx) => {
      const created = await createNotification(tx, shipped(alice, "Supprimée"));
      await deleteNotification(tx, alice, created);
      return created;
    });
    expect(id).toBeTruthy();
    expect(await events.nextNotification(500)).toBeNull();
    abort.abort();
  });

  it("sends a heartbeat comment and unsubscribes when the request is aborted", async () => {
    const before = hub.subscriberCount;
    const abort = new AbortController();
    const events = eventReader(openNotificationStream({ userId: alice, signal: abort.signal, hub, heartbeatMs: 50 }).body!);
    await events.next(PROMPT_MS);
    expect(hub.subscriberCount).toBe(before + 1);
    expect(await events.next(PROMPT_MS)).toMatchObject({ comments: ["ping"] });
    abort.abort();
    expect(hub.subscriberCount).toBe(before);
    // The body ends: nothing more is read.
    expect(await events.next(300)).toBeNull();
  });

  it("reads each notification once per process however many pages are open", async () => {
    let reads = 0;
    const counted = createNotificationHub(async () => ({
      listen: handle.listen,
      db: new Proxy(handle.db, {
        get(target, prop, receiver) {
          if (prop === "select") reads += 1;
          return Reflect.get(target, prop, receiver);
        },
      }),
    }));
    const aborts = [new AbortController(), new AbortController(), new AbortController()];
    const readers = aborts.map((abort) => eventReader(openNotificationStream({ userId: alice, signal: abort.signal, hub: counted }).body!));
    for (const r of readers) await r.next(PROMPT_MS);
    const id = await commitNotification(shipped(alice, "Trois onglets"));
    for (const r of readers) expect(await r.nextNotification(PROMPT_MS)).toMatchObject({ id });
    expect(reads).toBe(1);
    for (const abort of aborts) abort.abort();
  });
});

describe("streams per account", () => {
  it("keeps at most 5 open per account: the 6th closes the oldest, which waits long before reconnecting", async () => {
    expect(NOTIFICATION_STREAMS_PER_ACCOUNT).toBe(5);
    const local = createNotificationHub(async () => handle);
    const aborts = Array.from({ length: 6 }, () => new AbortController());
    const readers = [];
    for (const abort of aborts) {
      const events = eventReader(openNotificationStream({ userId: alice, signal: abort.signal, hub: local }).body!);
      expect(await events.next(PROMPT_MS)).toMatchObject({ comments: ["connected"] });
      readers.push(events);
    }
    const bobAbort = new AbortController();
    const bobEvents = eventReader(openNotificationStream({ userId: bob, signal: bobAbort.signal, hub: local }).body!);
    await bobEvents.next(PROMPT_MS);
    expect(local.subscriberCount).toBe(6); // five of Alice's, one of Bob's

    // The oldest was told to wait before reconnecting, then its stream ended.
    expect(await readers[0].next(PROMPT_MS)).toMatchObject({
      retry: String(EVICTED_RECONNECT_DELAY_MS),
      comments: ["closed, too many open pages"],
    });
    expect(await readers[0].next(300)).toBeNull();

    // The five newest still receive Alice's notifications; Bob's stream is untouched.
    const id = await commitNotification(shipped(alice, "Cinq onglets"));
    for (const r of readers.slice(1)) expect(await r.nextNotification(PROMPT_MS)).toMatchObject({ id });
    const forBob = await commitNotification(shipped(bob, "Pour Bob"));
    expect(await bobEvents.nextNotification(PROMPT_MS)).toMatchObject({ id: forBob });

    // Closing one makes room: a new one evicts nobody.
    aborts[1].abort();
    expect(local.subscriberCount).toBe(5);
    const extra = new AbortController();
    const extraEvents = eventReader(openNotificationStream({ userId: alice, signal: extra.signal, hub: local }).body!);
    await extraEvents.next(PROMPT_MS);
    expect(local.subscriberCount).toBe(6);
    expect(await readers[2].next(300)).toBeNull(); // nothing sent: still open, no eviction notice
    for (const abort of [...aborts, extra, bobAbort]) abort.abort();
    expect(local.subscriberCount).toBe(0);
  });
});

describe("a server shutting down", () => {
  it("ends every open stream with a retry hint of a few seconds, and any stream opened afterwards at once", async () => {
    const local = createNotificationHub(async () => handle);
    const aborts = [new AbortController(), new AbortController()];
    const readers = [];
    for (const [i, abort] of aborts.entries()) {
      const events = eventReader(openNotificationStream({ userId: i === 0 ? alice : bob, signal: abort.signal, hub: local }).body!);
      expect(await events.next(PROMPT_MS)).toMatchObject({ comments: ["connected"] });
      readers.push(events);
    }
    expect(local.subscriberCount).toBe(2);

    local.closeAll();
    expect(local.subscriberCount).toBe(0);
    for (const events of readers) {
      const block = await events.next(PROMPT_MS);
      expect(block).toMatchObject({ comments: ["closed, server restarting"] });
      const retry = Number(block!.retry);
      expect(retry).toBeGreaterThanOrEqual(SHUTDOWN_RECONNECT_MIN_MS);
      expect(retry).toBeLessThan(SHUTDOWN_RECONNECT_MIN_MS + SHUTDOWN_RECONNECT_SPREAD_MS);
      expect(await events.next(300)).toBeNull(); // ended
    }

    const late = eventReader(openNotificationStream({ userId: alice, signal: new AbortController().signal, hub: local }).body!);
    expect(await late.next(PROMPT_MS)).toMatchObject({ comments: ["closed, server restarting"] });
    expect(await late.next(300)).toBeNull();
    expect(local.subscriberCount).toBe(0);
  });
});

describe("through the Node server's compression", () => {
  let server: Server;
  let base: string;

  beforeAll(async () => {
    // The module path is computed so TypeScript does not look for the .mjs file's types.
    const serverModule = "../../../../server/server.mjs";
    const { compressUnlessEventStream } = (await import(/* @vite-ignore */ serverModule)) as {
      compressUnlessEventStream: (req: unknown, res: unknown) => boolean;
    };
    const { default: compression } = await import("compression");
    const app = express();
    app.use(compression({ filter: compressUnlessEventStream as never }));
    app.get("/stream", async (req, res) => {
      const abort = new AbortController();
      res.on("close", () => abort.abort());
      const response = openNotificationStream({ userId: alice, signal: abort.signal, hub });
      res.status(response.status);
      response.headers.forEach((value, name) => res.setHeader(name, value));
      // The same writer as React Router's Express adapter.
      await writeReadableStreamToWritable(response.body!, res).catch(() => {});
    });
    app.get("/text", (_req, res) => {
      res.type("text/plain").send("compressible ".repeat(200));
    });
    await new Promise<void>((resolve) => {
      server = app.listen(0, "127.0.0.1", () => resolve());
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  });

  it("still compresses ordinary responses", async () => {
    const res = await fetch(`${base}/text`, { headers: { "accept-encoding": "gzip" } });
    expect(res.headers.get("content-encoding")).toBe("gzip");
  });

  it("delivers an event promptly, uncompressed, to a browser that accepts gzip", async () => {
    const abort = new AbortController();
    const res = await fetch(`${base}/stream`, { headers: { "accept-encoding": "gzip, br" }, signal: abort.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(res.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    const events = eventReader(res.body!);
    expect(await events.next(PROMPT_MS)).toMatchObject({ comments: ["connected"] });

    const started = Date.now();
    const id = await commitNotification(shipped(alice, "Par le serveur"));
    expect(await events.nextNotification(PROMPT_MS)).toMatchObject({ id, title: "Par le serveur" });
    expect(Date.now() - started).toBeLessThan(PROMPT_MS);
    abort.abort();
  });
});
