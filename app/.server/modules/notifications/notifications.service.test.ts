import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestDatabase } from "../../../../tests/support/db";
import type { DatabaseHandle } from "../../db/client";
import { notifications, user } from "../../db/schema";
import {
  NOTIFICATION_NOT_FOUND_MESSAGE,
  countUnread,
  createNotification,
  deleteNotification,
  getNotification,
  listHeaderNotifications,
  listNotifications,
  markAllRead,
  markRead,
  type NewNotification,
} from "./notifications.service";
import { HEADER_NOTIFICATIONS_LIMIT, NOTIFICATIONS_LIST_LIMIT } from "~/lib/shop-rules";

let handle: DatabaseHandle;
let seq = 0;
const base = Date.parse("2025-05-01T08:00:00Z");

async function newUser(name: string): Promise<string> {
  const id = `user-notif-${name}-${randomUUID()}`;
  await handle.db.insert(user).values({ id, name, email: `${id}@example.com` });
  return id;
}

/** A notification created one minute after the previous one, so the order is known. */
async function notify(userId: string, input: Partial<NewNotification> = {}): Promise<string> {
  seq += 1;
  return createNotification(handle.db, {
    userId,
    type: "order_status",
    title: `Commande expédiée ${seq}`,
    message: `Votre commande ${seq} a été expédiée.`,
    metadata: { new_status: "shipped" },
    createdAt: new Date(base + seq * 60_000),
    ...input,
  });
}

async function rowsOf(userId: string) {
  return handle.db.select().from(notifications).where(eq(notifications.userId, userId));
}

beforeAll(async () => {
  handle = await createTestDatabase();
});

afterAll(async () => {
  await handle?.close();
});

describe("listing", () => {
  it("gives the header the user's order_status notifications only, newest first", async () => {
    const claire = await newUser("claire");
    const marc = await newUser("marc");
    const first = await notify(claire);
    await notify(claire, { type: "promotion", title: "Soldes" });
    const second = await notify(claire, { priority: "high" });
    await notify(marc);
    const header = await listHeaderNotifications(handle.db, claire);
    expect(header.map((n) => n.id)).toEqual([second, first]);
    expect(header[0]).toMatchObject({
      type: "order_status",
      priority: "high",
      is_read: false,
      action_url: null,
      metadata: { new_status: "shipped" },
    });
    expect(Date.parse(header[0].created_at)).toBeGreaterThan(Date.parse(header[1].created_at));
  });

  it("caps the header at 50 and keeps the 50 newest", async () => {
    const busy = await newUser("busy");
    const ids: string[] = [];
    for (let i = 0; i < HEADER_NOTIFICATIONS_LIMIT + 5; i++) ids.push(await notify(busy));
    const header = await listHeaderNotifications(handle.db, busy);
    expect(header).toHaveLength(HEADER_NOTIFICATIONS_LIMIT);
    expect(header.map((n) => n.id)).toEqual(ids.slice(-HEADER_NOTIFICATIONS_LIMIT).reverse());
    expect(await countUnread(handle.db, busy, "order_status")).toBe(HEADER_NOTIFICATIONS_LIMIT + 5);
  });

  it("lists every type for the dashboard, filtered by all, unread or read", async () => {
    const lea = await newUser("lea");
    const a = await notify(lea, { type: "order" });
    const b = await notify(lea, { type: "system", priority: "urgent" });
    const c = await notify(lea, { type: "other", priority: "low" });
    await markRead(handle.db, lea, b);
    expect((await listNotifications(handle.db, lea)).map((n) => n.id)).toEqual([c, b, a]);
    expect((await listNotifications(handle.db, lea, { filter: "all" })).map((n) => n.type)).toEqual(["other", "system", "order"]);
    expect((await listNotifications(handle.db, lea, { filter: "unread" })).map((n) => n.id)).toEqual([c, a]);
    expect((await listNotifications(handle.db, lea, { filter: "read" })).map((n) => n.id)).toEqual([b]);
    expect(await countUnread(handle.db, lea)).toBe(2);
    expect(await countUnread(handle.db, lea, "order_status")).toBe(0);
  });

  it("never lists more than the dashboard limit", async () => {
    const many = await newUser("many");
    await handle.db.insert(notifications).values(
      Array.from({ length: NOTIFICATIONS_LIST_LIMIT + 3 }, (_, i) => ({
        userId: many,
        type: "promotion",
        title: `Offre ${i}`,
        message: "Une offre",
        createdAt: new Date(base + i * 1000),
      })),
    );
    const list = await listNotifications(handle.db, many, { limit: 10_000 });
    expect(list).toHaveLength(NOTIFICATIONS_LIST_LIMIT);
    expect(list[0].title).toBe(`Offre ${NOTIFICATIONS_LIST_LIMIT + 2}`);
  });
});

describe("ownership", () => {
  it("treats another user's id, an unknown id and a malformed id as not found, and changes nothing", async () => {
    const owner = await newUser("owner");
    const intruder = await newUser("intruder");
    const id = await notify(owner);
    const before = await rowsOf(owner);

    for (const target of [id, randomUUID(), "not-a-uuid", "", "'; DROP TABLE notifications; --"]) {
      expect(await getNotification(handle.db, intruder, target)).toBeNull();
      await expect(markRead(handle.db, intruder, target)).rejects.toMatchObject({
        kind: "not_found",
        code: "not_found",
        message: NOTIFICATION_NOT_FOUND_MESSAGE,
      });
      await expect(deleteNotification(handle.db, intruder, target)).rejects.toMatchObject({ kind: "not_found" });
    }
    expect(await markAllRead(handle.db, intruder)).toEqual({ updated: 0 });
    expect(await listNotifications(handle.db, intruder)).toEqual([]);
    expect(await rowsOf(owner)).toEqual(before);
    expect(NOTIFICATION_NOT_FOUND_MESSAGE).toBe("Notification introuvable");
  });
});

describe("reading and deleting", () => {
  it("marks one read, then all, and the unread count never goes below 0", async () => {
    const paul = await newUser("paul");
    const a = await notify(paul);
    const b = await notify(paul, { type: "promotion" });
    const c = await notify(paul);
    expect(await countUnread(handle.db, paul)).toBe(3);

    const read = await markRead(handle.db, paul, a);
    expect(read).toMatchObject({ id: a, is_read: true });
    // Marking it again is harmless and does not count twice.
    expect(await markRead(handle.db, paul, a)).toMatchObject({ id: a, is_read: true });
    expect(await countUnread(handle.db, paul)).toBe(2);

    expect(await markAllRead(handle.db, paul)).toEqual({ updated: 2 });
    expect(await countUnread(handle.db, paul)).toBe(0);
    expect(await markAllRead(handle.db, paul)).toEqual({ updated: 0 });
    expect(await countUnread(handle.db, paul)).toBe(0);

    expect(await deleteNotification(handle.db, paul, c)).toEqual({ id: c });
    await expect(deleteNotification(handle.db, paul, c)).rejects.toMatchObject({ kind: "not_found" });
    expect(await getNotification(handle.db, paul, c)).toBeNull();
    expect((await listNotifications(handle.db, paul)).map((n) => n.id)).toEqual([b, a]);
    expect(await countUnread(handle.db, paul)).toBe(0);
  });

  it("mark-all-read leaves other users' notifications unread", async () => {
    const one = await newUser("one");
    const two = await newUser("two");
    await notify(one);
    const theirs = await notify(two);
    await markAllRead(handle.db, one);
    expect(await getNotification(handle.db, two, theirs)).toMatchObject({ is_read: false });
    expect(await countUnread(handle.db, two)).toBe(1);
  });
});
