import { describe, expect, it } from "vitest";
import { HEADERS_TIMEOUT_SECONDS, REQUEST_TIMEOUT_SECONDS, serverTimeouts } from "../../server/timeouts.mjs";

describe("the server's bounds on slow clients", () => {
  it("are the shop's own, not Node's defaults", () => {
    expect(serverTimeouts({})).toEqual({
      headersTimeout: HEADERS_TIMEOUT_SECONDS * 1000,
      requestTimeout: REQUEST_TIMEOUT_SECONDS * 1000,
      keepAliveTimeout: 5_000,
      connectionsCheckingInterval: 5_000,
    });
    expect(HEADERS_TIMEOUT_SECONDS).toBeLessThan(60);
  });

  it("take shorter bounds from the environment, never a request bound below the headers one", () => {
    expect(serverTimeouts({ HTTP_HEADERS_TIMEOUT_SECONDS: "1", HTTP_REQUEST_TIMEOUT_SECONDS: "2" })).toMatchObject({
      headersTimeout: 1_000,
      requestTimeout: 2_000,
      connectionsCheckingInterval: 250,
    });
    expect(serverTimeouts({ HTTP_HEADERS_TIMEOUT_SECONDS: "30", HTTP_REQUEST_TIMEOUT_SECONDS: "10" }).requestTimeout).toBe(30_000);
    for (const bad of ["0", "-5", "vingt", ""]) {
      expect(serverTimeouts({ HTTP_HEADERS_TIMEOUT_SECONDS: bad }).headersTimeout, bad).toBe(HEADERS_TIMEOUT_SECONDS * 1000);
    }
  });
});
