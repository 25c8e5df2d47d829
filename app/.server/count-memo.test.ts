import { describe, expect, it } from "vitest";
import type { Executor } from "./db/client";
import { createCountMemo } from "./count-memo";

const dbA = {} as Executor;
const dbB = {} as Executor;

describe("createCountMemo", () => {
  it("remembers a count per database and key for ttlMs, then counts again", async () => {
    let clock = 1_000;
    const memo = createCountMemo({ ttlMs: 5_000, now: () => clock });
    let calls = 0;
    const count = async () => ++calls * 10;
    expect(await memo.get(dbA, "all", count)).toBe(10);
    expect(await memo.get(dbA, "all", count)).toBe(10);
    expect(await memo.get(dbA, "shipped", count)).toBe(20);
    expect(await memo.get(dbB, "all", count)).toBe(30);
    clock += 5_001;
    expect(await memo.get(dbA, "all", count)).toBe(40);
  });

  it("forget drops one database's counts only", async () => {
    const memo = createCountMemo({ ttlMs: 60_000 });
    await memo.get(dbA, "k", async () => 1);
    await memo.get(dbB, "k", async () => 2);
    memo.forget(dbA);
    expect(await memo.get(dbA, "k", async () => 3)).toBe(3);
    expect(await memo.get(dbB, "k", async () => 4)).toBe(2);
  });

  it("a count that was running when a write forgot the counts is not remembered", async () => {
    const memo = createCountMemo({ ttlMs: 60_000 });
    let release!: (n: number) => void;
    const pending = memo.get(dbA, "k", () => new Promise<number>((r) => (release = r)));
    memo.forget(dbA);
    release(7);
    expect(await pending).toBe(7);
    expect(await memo.get(dbA, "k", async () => 8)).toBe(8);
  });

  it("keeps at most maxEntries keys, dropping the oldest", async () => {
    const memo = createCountMemo({ ttlMs: 60_000, maxEntries: 2 });
    await memo.get(dbA, "a", async () => 1);
    await memo.get(dbA, "b", async () => 2);
    await memo.get(dbA, "c", async () => 3);
    expect(await memo.get(dbA, "a", async () => 10)).toBe(10);
    expect(await memo.get(dbA, "c", async () => 30)).toBe(3);
  });
});

describe("createCountMemo, concurrent misses", () => {
  it("runs one count for requests that arrive while it runs, and again after a failure", async () => {
    const memo = createCountMemo({ ttlMs: 60_000 });
    let calls = 0;
    let release!: (n: number) => void;
    const slow = () => {
      calls++;
      return new Promise<number>((r) => (release = r));
    };
    const all = Promise.all([memo.get(dbA, "k", slow), memo.get(dbA, "k", slow), memo.get(dbA, "k", slow)]);
    release(42);
    expect(await all).toEqual([42, 42, 42]);
    expect(calls).toBe(1);
    await expect(memo.get(dbA, "boom", async () => Promise.reject(new Error("panne")))).rejects.toThrow("panne");
    expect(await memo.get(dbA, "boom", async () => 5)).toBe(5);
  });
});
