import { describe, expect, it } from "vitest";
import { apiAction, methodNotAllowed } from "./route";

const ask = (method: string) => ({ request: new Request("http://shop.test/api/v1/thing", { method }) });

describe("apiAction, the method dispatch of /api/v1 routes", () => {
  const action = apiAction<{ request: Request }>({
    POST: () => Response.json({ served: "POST" }, { status: 201 }),
    PATCH: async ({ request }) => Response.json({ served: request.method }),
  });

  it("runs the handler of the request's method", async () => {
    const posted = await action(ask("POST"));
    expect([posted.status, await posted.json()]).toEqual([201, { served: "POST" }]);
    expect(await (await action(ask("PATCH"))).json()).toEqual({ served: "PATCH" });
  });

  it.each(["PUT", "DELETE", "patch", "OPTIONS"])("answers %s with the French JSON 405", async (method) => {
    const res = await action(ask(method));
    expect(res.status).toBe(405);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toEqual({ error: { code: "method_not_allowed", message: "Méthode non autorisée" } });
  });

  it("never takes an inherited property for a handler", async () => {
    const res = await apiAction({})({ request: new Request("http://shop.test/", { method: "constructor" }) });
    expect(res.status).toBe(405);
  });

  it("methodNotAllowed is the same 405", async () => {
    const res = methodNotAllowed();
    expect([res.status, await res.json()]).toEqual([405, { error: { code: "method_not_allowed", message: "Méthode non autorisée" } }]);
  });
});
