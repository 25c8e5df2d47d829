import { describe, expect, it } from "vitest";
import { isDatabaseUnavailableError, recordDatabaseUnavailable, takeDatabaseUnavailable } from "./availability";

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe("an unreachable database", () => {
  it("is told by the driver's socket codes, PostgreSQL's connection SQLSTATEs and node-postgres' messages, also when wrapped", () => {
    expect(isDatabaseUnavailableError(withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED"))).toBe(true);
    expect(isDatabaseUnavailableError(new Error("timeout exceeded when trying to connect"))).toBe(true);
    expect(isDatabaseUnavailableError(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isDatabaseUnavailableError(withCode("terminating connection due to administrator command", "57P01"))).toBe(true);
    expect(isDatabaseUnavailableError(withCode("the database system is starting up", "57P03"))).toBe(true);
    expect(isDatabaseUnavailableError(withCode("connection failure", "08006"))).toBe(true);
    // Drizzle wraps the driver's error; Node reports a refused dual-stack connect as an AggregateError.
    const wrapped = new Error("Failed query: select 1", { cause: withCode("connect ECONNREFUSED", "ECONNREFUSED") });
    expect(isDatabaseUnavailableError(wrapped)).toBe(true);
    expect(isDatabaseUnavailableError(new AggregateError([withCode("a", "ECONNREFUSED")], "connect failed"))).toBe(true);
  });

  it("is not any other failure", () => {
    expect(isDatabaseUnavailableError(withCode('duplicate key value violates unique constraint "user_email"', "23505"))).toBe(false);
    expect(isDatabaseUnavailableError(withCode("canceling statement due to statement timeout", "57014"))).toBe(false);
    expect(isDatabaseUnavailableError(new Error("Failed query: select 1", { cause: new TypeError("x is undefined") }))).toBe(false);
    expect(isDatabaseUnavailableError(null)).toBe(false);
    expect(isDatabaseUnavailableError("ECONNREFUSED")).toBe(false);
    const loop: { cause?: unknown } & Error = new Error("loop");
    loop.cause = loop;
    expect(isDatabaseUnavailableError(loop)).toBe(false);
  });

  it("is recorded per request id and answered once", () => {
    recordDatabaseUnavailable("req-1");
    expect(takeDatabaseUnavailable("req-2")).toBe(false);
    expect(takeDatabaseUnavailable("req-1")).toBe(true);
    expect(takeDatabaseUnavailable("req-1")).toBe(false);
  });
});
