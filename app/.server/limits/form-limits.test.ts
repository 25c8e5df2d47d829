import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { rowsOf, type DatabaseHandle } from "../db/client";
import { FORM_LIMITS, forgetStaleCounters, hitFormLimit, isFormLimited, requestKey } from "./form-limits";
import { createSharedTestDatabase } from "../../../tests/support/shared-database";

const from = (ip: string) => new Request("http://shop.test/service-client", { headers: { "x-aurore-client-ip": ip } });
const uniqueIp = () => `198.51.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

let shared: Awaited<ReturnType<typeof createSharedTestDatabase>>;
let one: DatabaseHandle;
let two: DatabaseHandle;

beforeAll(async () => {
  shared = await createSharedTestDatabase(2);
  [one, two] = shared.handles;
});

afterAll(async () => {
  await shared.close();
});

describe("form limits", () => {
  it("keys a visitor by the IP the server recorded, a signed-in shopper by account", () => {
    expect(requestKey(from("203.0.113.7"))).toBe("ip:203.0.113.7");
    expect(requestKey(from("203.0.113.7"), "user-42")).toBe("user:user-42");
    expect(requestKey(new Request("http://shop.test/"))).toBe("ip:unknown");
  });

  it("lets 10 contact messages through in 10 minutes, refuses the 11th, not another client's or form's", async () => {
    // The start of a window, so the 11 tries all fall in it.
    const start = 6_000_000_000;
    const key = requestKey(from(uniqueIp()));
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push(await hitFormLimit(one.db, "contact", key, start + i * 1000));
    expect(answers.filter((a) => a.allowed)).toHaveLength(FORM_LIMITS.contact.limit);
    // The window's 10 hits keep the client out until just past the window's end, 590 s after the 11th try.
    expect(answers[10]).toEqual({ allowed: false, retryAfterSeconds: 591 });
    expect(await isFormLimited(two.db, "contact", key, start + 11_000)).toBe(true);
    // Each form counts on its own, and so does each client.
    expect(await hitFormLimit(one.db, "newsletter", key, start + 11_000)).toEqual({ allowed: true });
    expect(await hitFormLimit(one.db, "contact", "ip:192.0.2.200", start + 11_000)).toEqual({ allowed: true });
  });

  it("slides: a full window's hits are forgotten as the next window goes by", async () => {
    const { windowMs, limit } = FORM_LIMITS.contact;
    const start = 6_000_000_000;
    const key = requestKey(from(uniqueIp()));
    for (let i = 0; i < limit; i++) expect((await hitFormLimit(one.db, "contact", key, start + i)).allowed).toBe(true);
    // Halfway through the window: refused, from the other handle too, until the window ends.
    expect(await hitFormLimit(two.db, "contact", key, start + windowMs / 2)).toEqual({ allowed: false, retryAfterSeconds: 301 });
    // The next window counts the previous one by how much of it the last 10 minutes still cover:
    // one hit slips in as soon as it starts to slide out, the next waits for another tenth of it.
    const next = start + windowMs;
    expect(await hitFormLimit(two.db, "contact", key, next + 1000)).toEqual({ allowed: true });
    expect(await hitFormLimit(one.db, "contact", key, next + 1001)).toEqual({ allowed: false, retryAfterSeconds: 59 });
    expect(await hitFormLimit(one.db, "contact", key, next + windowMs / 10 + 1001)).toEqual({ allowed: true });
    expect((await hitFormLimit(one.db, "contact", key, next + windowMs / 10 + 1002)).allowed).toBe(false);
    // Two windows on, nothing is left.
    expect(await isFormLimited(one.db, "contact", key, start + 3 * windowMs)).toBe(false);
    expect(await hitFormLimit(one.db, "contact", key, start + 3 * windowMs)).toEqual({ allowed: true });
  });

  it("never allows more than the limit in total to parallel hits from two database handles", async () => {
    const key = requestKey(from(uniqueIp()));
    const now = 6_000_000_000 + 5_000;
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => hitFormLimit(i % 2 ? one.db : two.db, "giftCardCheck", key, now + (i % 5))),
    );
    expect(answers.filter((a) => a.allowed)).toHaveLength(FORM_LIMITS.giftCardCheck.limit);
    for (const a of answers.filter((a) => !a.allowed)) expect(a).toMatchObject({ retryAfterSeconds: expect.any(Number) });
    const [row] = rowsOf<{ count: number }>(
      await one.db.execute(sql`SELECT count FROM form_limit_counters WHERE key = ${`giftCardCheck:${key}`}`),
    );
    expect(row.count).toBe(FORM_LIMITS.giftCardCheck.limit);
  });

  it("deletes counters no window covers any more", async () => {
    const key = requestKey(from(uniqueIp()));
    await hitFormLimit(one.db, "newsletter", key, 1_000_000);
    const fresh = requestKey(from(uniqueIp()));
    await hitFormLimit(one.db, "newsletter", fresh, 6_000_000_000);
    await forgetStaleCounters(one.db, 6_000_000_000, true);
    const keys = rowsOf<{ key: string }>(
      await one.db.execute(sql`SELECT key FROM form_limit_counters WHERE key IN (${`newsletter:${key}`}, ${`newsletter:${fresh}`})`),
    );
    expect(keys.map((k) => k.key)).toEqual([`newsletter:${fresh}`]);
  });
});
