import { describe, expect, it } from "vitest";
import type { Executor } from "./db/client";
import { announceInvalidation } from "./invalidations";
import { createSettingsMemo } from "./settings-memo";

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

describe("createSettingsMemo", () => {
  it("keeps a value per database handle for ttlMs from the read, then reads again", async () => {
    const memo = createSettingsMemo<number>({ name: "test-ttl", ttlMs: 5_000 });
    let n = 0;
    const read = async () => ++n;
    expect(await memo.get(dbA, read, 1_000)).toBe(1);
    expect(await memo.get(dbA, read, 5_999)).toBe(1);
    expect(await memo.get(dbB, read, 1_000)).toBe(2);
    expect(await memo.get(dbA, read, 6_001)).toBe(3);
  });

  it("requests that ask while the value is being read wait for that read (one query, not one per page)", async () => {
    const memo = createSettingsMemo<string>({ name: "test-single-read", ttlMs: 5_000 });
    const { state, read } = controlledRead<string>();
    const asked = Array.from({ length: 50 }, () => memo.get(dbA, read));
    state.release("colissimo");
    expect(new Set(await Promise.all(asked))).toEqual(new Set(["colissimo"]));
    expect(state.reads).toBe(1);
  });

  it("a save (forget) or a settings announcement from any process drops the value", async () => {
    const memo = createSettingsMemo<number>({ name: "test-forget", ttlMs: 60_000 });
    expect(await memo.get(dbA, async () => 1)).toBe(1);
    memo.forget(dbA);
    expect(await memo.get(dbA, async () => 2)).toBe(2);
    await announceInvalidation(["settings"]);
    expect(await memo.get(dbA, async () => 3)).toBe(3);
  });

  it("a read that was under way when a save forgot the value is not kept", async () => {
    const memo = createSettingsMemo<string>({ name: "test-race", ttlMs: 60_000 });
    const { state, read } = controlledRead<string>();
    const before = memo.get(dbA, read);
    memo.forget(dbA);
    state.release("before the save");
    expect(await before).toBe("before the save");
    expect(await memo.get(dbA, async () => "after the save")).toBe("after the save");
  });

  it("a failed read is not kept: the next request reads again", async () => {
    const memo = createSettingsMemo<number>({ name: "test-failure", ttlMs: 60_000 });
    await expect(memo.get(dbA, async () => Promise.reject(new Error("database unreachable")))).rejects.toThrow("database unreachable");
    expect(await memo.get(dbA, async () => 4)).toBe(4);
  });
});
