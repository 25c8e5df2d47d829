import { afterEach, describe, expect, it } from "vitest";
import express from "express";
import type { AddressInfo } from "node:net";
import { createReadMemo, forgetReadMemos, setReadMemosActive } from "../../app/.server/read-memo";
import { forgetReadMemosAfterWrites } from "../../server/server.mjs";

afterEach(() => setReadMemosActive(false));

describe("createReadMemo", () => {
  it("computes every time while inactive (dev server, tests, scripts)", async () => {
    const memo = createReadMemo<number>({ ttlMs: 60_000 });
    let n = 0;
    expect(await memo.get("k", async () => ++n)).toBe(1);
    expect(await memo.get("k", async () => ++n)).toBe(2);
  });

  it("remembers a value per key until forgotten, never undefined", async () => {
    setReadMemosActive(true);
    const memo = createReadMemo<number | undefined>({ ttlMs: 60_000 });
    let n = 0;
    expect(await memo.get("a", async () => ++n)).toBe(1);
    expect(await memo.get("a", async () => ++n)).toBe(1);
    expect(await memo.get("b", async () => ++n)).toBe(2);
    forgetReadMemos();
    expect(await memo.get("a", async () => ++n)).toBe(3);
    expect(await memo.get("u", async () => undefined)).toBeUndefined();
    expect(await memo.get("u", async () => 9)).toBe(9);
  });

  it("an entry lives at most ttlMs, or less when expiresAt says so", async () => {
    setReadMemosActive(true);
    const short = createReadMemo<{ until: number }>({ ttlMs: 60_000 });
    const value = { until: Date.now() - 1 };
    await short.get("s", async () => value, { expiresAt: (v) => v.until });
    expect(await short.get("s", async () => ({ until: 0 }))).toEqual({ until: 0 });
    const tiny = createReadMemo<number>({ ttlMs: 1 });
    await tiny.get("t", async () => 1);
    await new Promise((r) => setTimeout(r, 5));
    expect(await tiny.get("t", async () => 2)).toBe(2);
  });

  it("does not keep an answer read while a write forgot everything", async () => {
    setReadMemosActive(true);
    const memo = createReadMemo<string>({ ttlMs: 60_000 });
    let release!: (v: string) => void;
    const pending = memo.get("k", () => new Promise<string>((r) => (release = r)));
    forgetReadMemos();
    release("before the write");
    expect(await pending).toBe("before the write");
    expect(await memo.get("k", async () => "after the write")).toBe("after the write");
  });
});

describe("createReadMemo, reads under way", () => {
  it("requests that ask while a key is being read share that read", async () => {
    setReadMemosActive(true);
    const memo = createReadMemo<number>({ ttlMs: 60_000 });
    let reads = 0;
    let release!: (v: number) => void;
    const read = () => {
      reads++;
      return new Promise<number>((r) => (release = r));
    };
    const asked = [memo.get("k", read), memo.get("k", read), memo.get("k", read)];
    release(42);
    expect(await Promise.all(asked)).toEqual([42, 42, 42]);
    expect(reads).toBe(1);
    // Another key is its own read.
    expect(await memo.get("other", async () => 7)).toBe(7);
  });

  it("a request that asks after a write forgot everything does not wait for the read begun before it", async () => {
    setReadMemosActive(true);
    const memo = createReadMemo<string>({ ttlMs: 60_000 });
    let release!: (v: string) => void;
    const before = memo.get("k", () => new Promise<string>((r) => (release = r)));
    forgetReadMemos();
    expect(await memo.get("k", async () => "after the write")).toBe("after the write");
    release("before the write");
    expect(await before).toBe("before the write");
    expect(await memo.get("k", async () => "again")).toBe("after the write");
  });

  it("a failed read fails the requests that shared it, and the next request reads again", async () => {
    setReadMemosActive(true);
    const memo = createReadMemo<number>({ ttlMs: 60_000 });
    let fail!: (e: Error) => void;
    const read = () => new Promise<number>((_, reject) => (fail = reject));
    const asked = [memo.get("k", read), memo.get("k", read)];
    fail(new Error("database unreachable"));
    for (const a of asked) await expect(a).rejects.toThrow("database unreachable");
    expect(await memo.get("k", async () => 3)).toBe(3);
  });
});

describe("forgetReadMemosAfterWrites (server/server.mjs)", () => {
  it("forgets on POST, DELETE and every auth route, not on plain reads", async () => {
    setReadMemosActive(true);
    const memo = createReadMemo<number>({ ttlMs: 60_000 });
    let version = 0;
    const app = express();
    app.use(forgetReadMemosAfterWrites(forgetReadMemos));
    app.all("/{*any}", async (req, res) => {
      if (req.method !== "GET") version++;
      res.json({ seen: await memo.get("user", async () => version) });
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const seen = async (method: string, path = "/page") => ((await (await fetch(base + path, { method })).json()) as { seen: number }).seen;
    try {
      expect(await seen("GET")).toBe(0);
      version = 5; // changed behind the server's back: a read keeps the remembered value
      expect(await seen("GET")).toBe(0);
      expect(await seen("POST")).toBe(6);
      expect(await seen("GET")).toBe(6);
      version = 10;
      expect(await seen("GET", "/api/auth/verify-email")).toBe(10);
      expect(await seen("DELETE")).toBe(11);
    } finally {
      server.close();
    }
  });
});

describe("forgetReadMemosAfterWrites, announcing to the other processes", () => {
  it("forgets here before a write and announces once after it, never for a plain read", async () => {
    const calls: string[] = [];
    const app = express();
    app.use(
      forgetReadMemosAfterWrites(
        () => calls.push("forget"),
        () => calls.push("announce"),
      ),
    );
    app.all("/{*any}", (req, res) => {
      calls.push(`handle ${req.method}`);
      res.json({});
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      await fetch(`${base}/page`);
      expect(calls).toEqual(["handle GET"]);
      calls.length = 0;
      await fetch(`${base}/api/auth/sign-out`, { method: "POST" });
      // The response is on its way before "finish": wait for the announcement.
      await new Promise((r) => setTimeout(r, 50));
      expect(calls).toEqual(["forget", "handle POST", "announce"]);
    } finally {
      server.close();
    }
  });
});
