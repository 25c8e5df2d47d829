import { describe, expect, it } from "vitest";
import {
  databaseUnavailableSince,
  isDatabaseUnavailableError,
  noteDatabaseFailure,
  recordDatabaseUnavailable,
  takeDatabaseUnavailable,
} from "./availability";

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

  it("is also a database that does not take connections now (55000, ALLOW_CONNECTIONS false), and only that 55000", () => {
    expect(isDatabaseUnavailableError(withCode('database "shop" is not currently accepting connections', "55000"))).toBe(true);
    expect(isDatabaseUnavailableError(withCode('database "shop" does not exist', "57P04"))).toBe(true);
    expect(isDatabaseUnavailableError(withCode("cannot ALTER TABLE because it is being used by active queries", "55000"))).toBe(false);
  });

  it("remembers the last outage the pool met, for errors the auth library rewords without their cause", () => {
    const before = Date.now();
    noteDatabaseFailure(withCode('duplicate key value violates unique constraint "user_email"', "23505"));
    expect(databaseUnavailableSince(before)).toBeNull();
    const refused = withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED");
    noteDatabaseFailure(refused);
    expect(databaseUnavailableSince(before)).toBe(refused);
    // An outage before the call started is not this call's.
    expect(databaseUnavailableSince(Date.now() + 1_000)).toBeNull();
  });
});
