import { describe, expect, it } from "vitest";
import type { Executor } from "./db/client";
import { createDbMemo } from "./db-memo";
import { announceInvalidation, onInvalidation } from "./invalidations";

const dbA = {} as Executor;
const dbB = {} as Executor;

/** A read that answers when told to, counting how often it was made. */
function controlledRead<T>() {
  const state = { reads: 0, release: (_: T) => {} };
  const read = () => {
    state.reads++;
    return new Promise<T>((resolve) => (state.release = resolve));
  };
  return { state, read };
}

let names = 0;
const counts = (options: { ttlMs: number; maxEntries?: number }) =>
  createDbMemo<number>({ kind: "counts", name: `test-counts-${++names}`, ...options });
const setting = <T>(ttlMs: number) => createDbMemo<T>({ kind: "settings", name: `test-setting-${++names}`, ttlMs });

describe("createDbMemo", () => {
  it("keeps a value per database handle and key for ttlMs from the ask, then reads again", async () => {
    const memo = counts({ ttlMs: 5_000 });
    let reads = 0;
    const read = async () => ++reads * 10;
    expect(await memo.get(dbA, "all", read, 1_000)).toBe(10);
    expect(await memo.get(dbA, "all", read, 5_999)).toBe(10);
    expect(await memo.get(dbA, "shipped", read, 1_000)).toBe(20);
    expect(await memo.get(dbB, "all", read, 1_000)).toBe(30);
    expect(await memo.get(dbA, "all", read, 6_001)).toBe(40);
  });

  it("keeps at most maxEntries keys per handle, dropping the oldest", async () => {
    const memo = counts({ ttlMs: 60_000, maxEntries: 2 });
    await memo.get(dbA, "a", async () => 1);
    await memo.get(dbA, "b", async () => 2);
    await memo.get(dbA, "c", async () => 3);
    expect(await memo.get(dbA, "a", async () => 10)).toBe(10);
    expect(await memo.get(dbA, "c", async () => 30)).toBe(3);
  });

  it("requests that ask while a value is being read wait for that read (one query, not one per page)", async () => {
    const memo = setting<string>(5_000);
    const { state, read } = controlledRead<string>();
    const asked = Array.from({ length: 50 }, () => memo.get(dbA, "value", read));
    state.release("colissimo");
    expect(new Set(await Promise.all(asked))).toEqual(new Set(["colissimo"]));
    expect(state.reads).toBe(1);
  });

  it("forget drops one handle's values only", async () => {
    const memo = counts({ ttlMs: 60_000 });
    await memo.get(dbA, "k", async () => 1);
    await memo.get(dbB, "k", async () => 2);
    memo.forget(dbA);
    expect(await memo.get(dbA, "k", async () => 3)).toBe(3);
    expect(await memo.get(dbB, "k", async () => 4)).toBe(2);
  });

  it("a read under way when a write forgot the values answers the requests that waited for it, is not kept, and is not shared after the write", async () => {
    const memo = setting<string>(60_000);
    const { state, read } = controlledRead<string>();
    const before = memo.get(dbA, "value", read);
    memo.forget(dbA);
    const after = memo.get(dbA, "value", async () => "after the save");
    state.release("before the save");
    expect(await before).toBe("before the save");
    expect(await after).toBe("after the save");
    expect(await memo.get(dbA, "value", async () => "read again")).toBe("after the save");
  });

  it("a failed read is not kept: the next request reads again", async () => {
    const memo = counts({ ttlMs: 60_000 });
    await expect(memo.get(dbA, "boom", async () => Promise.reject(new Error("database unreachable")))).rejects.toThrow(
      "database unreachable",
    );
    expect(await memo.get(dbA, "boom", async () => 4)).toBe(4);
  });

  it("an announcement of its kind, from any process, drops every handle's values; another kind's does not", async () => {
    const settingMemo = setting<number>(60_000);
    const countMemo = counts({ ttlMs: 60_000 });
    await settingMemo.get(dbA, "value", async () => 1);
    await countMemo.get(dbB, "k", async () => 1);
    await announceInvalidation(["settings"]);
    expect(await settingMemo.get(dbA, "value", async () => 2)).toBe(2);
    expect(await countMemo.get(dbB, "k", async () => 2)).toBe(1);
    await announceInvalidation(["counts"]);
    expect(await countMemo.get(dbB, "k", async () => 3)).toBe(3);
  });

  // That forget reaches the other processes is checked on PostgreSQL (invalidations.test.ts).
  it("forget never makes this process forget its other memos of the same kind", async () => {
    const heard: string[] = [];
    onInvalidation("counts", "test-heard-counts", () => heard.push("counts"));
    onInvalidation("settings", "test-heard-settings", () => heard.push("settings"));
    const other = counts({ ttlMs: 60_000 });
    await other.get(dbA, "k", async () => 1);
    counts({ ttlMs: 60_000 }).forget(dbA);
    setting<number>(60_000).forget(dbA);
    expect(heard).toEqual([]);
    expect(await other.get(dbA, "k", async () => 2)).toBe(1);
  });
});
