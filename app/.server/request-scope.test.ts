import { describe, expect, it } from "vitest";
import { memoizeForRequest, runInRequestScope } from "./request-scope";

describe("memoizeForRequest", () => {
  it("computes once per request scope, and again in another request or outside any", async () => {
    let calls = 0;
    const compute = async () => ++calls;
    await runInRequestScope(async () => {
      expect(await Promise.all([memoizeForRequest("k", compute), memoizeForRequest("k", compute)])).toEqual([1, 1]);
      await new Promise((r) => setTimeout(r, 5));
      expect(await memoizeForRequest("k", compute)).toBe(1);
    });
    await runInRequestScope(async () => expect(await memoizeForRequest("k", compute)).toBe(2));
    expect(await memoizeForRequest("k", compute)).toBe(3);
    expect(await memoizeForRequest("k", compute)).toBe(4);
  });

  it("does not remember a failure", async () => {
    let calls = 0;
    await runInRequestScope(async () => {
      await expect(
        memoizeForRequest("f", async () => {
          calls++;
          throw new Error("down");
        }),
      ).rejects.toThrow("down");
      expect(await memoizeForRequest("f", async () => ++calls)).toBe(2);
    });
  });
});
