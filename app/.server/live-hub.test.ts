/**
 * One live hub serves every realtime feature (notifications, chat): one database source, one
 * LISTEN per channel, each signalled change loaded once, evictions per key, and one shutdown for
 * all the streams.
 */
import { describe, expect, it } from "vitest";
import type { Database } from "./db/client";
import { createLiveHub, type LiveTopic } from "./live-hub";
import { chatHubOn } from "./modules/chat/chat-hub";
import { notificationHubOn } from "./modules/notifications/notification-hub";

function fakeSource() {
  const handlers = new Map<string, (payload: string) => void>();
  const calls = { source: 0, listen: [] as string[] };
  const source = async () => {
    calls.source += 1;
    return {
      db: {} as Database,
      listen: async (channel: string, handler: (payload: string) => void) => {
        calls.listen.push(channel);
        handlers.set(channel, handler);
        return async () => {};
      },
    };
  };
  const notify = (channel: string, payload: unknown) => handlers.get(channel)?.(JSON.stringify(payload));
  return { source, calls, notify };
}

function topic(channel: string, loads: string[]): LiveTopic<{ key: string }, string> {
  return {
    name: channel,
    channel,
    parse: (payload) => JSON.parse(payload) as { key: string },
    keysOf: (signal) => [signal.key, "all"],
    load: async (_db, signal) => {
      loads.push(signal.key);
      return `${channel}:${signal.key}`;
    },
    maxPerKey: 2,
  };
}

describe("the live hub", () => {
  it("serves two topics from one source, listens once per channel and loads each change once", async () => {
    const { source, calls, notify } = fakeSource();
    const hub = createLiveHub(source);
    const loads: string[] = [];
    const alerts = topic("alerts", loads);
    const chat = topic("talk", loads);
    const seen: string[] = [];
    await hub.subscribe(alerts, "a", (v) => seen.push(`1 ${v}`));
    await hub.subscribe(alerts, "all", (v) => seen.push(`2 ${v}`));
    await hub.subscribe(chat, "a", (v) => seen.push(`3 ${v}`));
    await hub.subscribe(chat, "b", (v) => seen.push(`4 ${v}`));
    expect(calls.source).toBe(1);
    expect(calls.listen).toEqual(["alerts", "talk"]);
    expect(hub.subscriberCount(alerts)).toBe(2);
    expect(hub.subscriberCount()).toBe(4);

    notify("alerts", { key: "a" });
    notify("talk", { key: "b" });
    await new Promise((r) => setTimeout(r, 10));
    expect(loads).toEqual(["a", "b"]);
    expect(seen).toEqual(["1 alerts:a", "2 alerts:a", "4 talk:b"]);
  });

  it("evicts the oldest past the limit of a key, and one shutdown closes every topic's streams", async () => {
    const { source } = fakeSource();
    const live = createLiveHub(source);
    const closed: string[] = [];
    const notifications = notificationHubOn(live, 1);
    const chat = chatHubOn(live);
    await notifications.subscribe("user-1", () => {}, {
      onEvicted: () => closed.push("evicted"),
      onServerClosing: () => closed.push("n1"),
    });
    await notifications.subscribe("user-1", () => {}, { onServerClosing: () => closed.push("n2") });
    await chat.subscribe(
      "admins",
      () => {},
      () => closed.push("c1"),
    );
    expect(closed).toEqual(["evicted"]);
    expect(notifications.subscriberCount).toBe(1);
    expect(chat.subscriberCount).toBe(1);

    chat.closeAll();
    expect(closed.sort()).toEqual(["c1", "evicted", "n2"]);
    expect(live.subscriberCount()).toBe(0);
    // After the shutdown a new stream is told at once.
    await notifications.subscribe("user-2", () => {}, { onServerClosing: () => closed.push("late") });
    expect(closed).toContain("late");
  });
});
