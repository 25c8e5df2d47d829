import { describe, expect, it } from "vitest";
import { isUniqueViolation } from "./errors";

describe("isUniqueViolation", () => {
  it("finds SQLSTATE 23505 on the error or down its causes, and nothing else", () => {
    expect(isUniqueViolation({ code: "23505" })).toBe(true);
    expect(isUniqueViolation(new Error("Failed query", { cause: { code: "23505" } }))).toBe(true);
    expect(isUniqueViolation(new Error("outer", { cause: new Error("inner", { cause: { code: "23505" } }) }))).toBe(true);
    expect(isUniqueViolation({ code: "23503" })).toBe(false);
    expect(isUniqueViolation(new Error("no code"))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
  });

  it("stops on a cycle of causes", () => {
    const looping: { code: string; cause?: unknown } = { code: "40001" };
    looping.cause = looping;
    expect(isUniqueViolation(looping)).toBe(false);
  });
});
