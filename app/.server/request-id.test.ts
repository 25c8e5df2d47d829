import { afterEach, describe, expect, it, vi } from "vitest";
import { log } from "./logger";
import { logRequestError, REQUEST_ID_HEADER, requestIdOf, withReference } from "./request-id";

afterEach(() => vi.restoreAllMocks());

describe("request ids", () => {
  it("uses the id the Node server set", () => {
    const request = new Request("http://shop.test/", { headers: { [REQUEST_ID_HEADER]: "req-7f3a" } });
    expect(requestIdOf(request)).toBe("req-7f3a");
  });

  it("makes one up once per request when none was set (dev server, tests), and for a malformed one", () => {
    const request = new Request("http://shop.test/");
    const id = requestIdOf(request);
    expect(id).toMatch(/^[0-9a-f]{12}$/);
    expect(requestIdOf(request)).toBe(id);
    expect(requestIdOf(new Request("http://shop.test/"))).not.toBe(id);
    const forged = new Request("http://shop.test/", { headers: { [REQUEST_ID_HEADER]: "x y <script>" } });
    expect(requestIdOf(forged)).toMatch(/^[0-9a-f]{12}$/);
  });

  it("logs the detail with the id and returns the id for the French message", () => {
    const logged = vi.spyOn(log, "error").mockImplementation(() => {});
    const request = new Request("http://shop.test/admin/commandes?search=x", { headers: { [REQUEST_ID_HEADER]: "abc123" } });
    const error = new Error('Failed query: select "id" from "orders"');
    expect(logRequestError(request, "admin-orders", error)).toBe("abc123");
    expect(logged).toHaveBeenCalledWith(
      { err: error, context: "admin-orders", requestId: "abc123", method: "GET", path: "/admin/commandes" },
      "admin-orders failed",
    );
    expect(withReference("Erreur lors du chargement des commandes.", "abc123")).toBe(
      "Erreur lors du chargement des commandes. Référence : abc123",
    );
  });
});
