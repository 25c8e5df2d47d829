import { describe, expect, it } from "vitest";
import { z } from "zod";
import { conflict } from "~/domain/errors";
import { apiAction, apiLoader, everyIssue, firstIssue, found, methodNotAllowed, readJsonObject, readValidJson, validate } from "./route";

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

describe("the /api/v1 skeleton helpers", () => {
  const post = (body: string) =>
    new Request("http://shop.test/api/v1/thing", { method: "POST", body, headers: { "content-type": "application/json" } });
  const answer = async (res: Response) => [res.status, res.headers.get("cache-control"), await res.json()];
  const Body = z.object({ name: z.string({ error: "Nom requis" }), size: z.number({ error: "Taille invalide" }) });

  it("answers a domain error thrown by a handler as the API's JSON error", async () => {
    const action = apiAction({
      POST: () => {
        throw conflict("address_limit", "Trop d'adresses");
      },
    });
    expect(await answer(await action({ request: post("{}") }))).toEqual([
      409,
      "no-store",
      { error: { code: "address_limit", message: "Trop d'adresses" } },
    ]);
  });

  it("answers found's miss as the 404 not_found, and anything else is rethrown", async () => {
    const loader = apiLoader(async () => Response.json({ data: found(null, "Adresse introuvable") }));
    expect(await answer(await loader({}))).toEqual([404, "no-store", { error: { code: "not_found", message: "Adresse introuvable" } }]);
    const failing = apiLoader(async () => {
      throw new Error("database down");
    });
    await expect(failing({})).rejects.toThrow("database down");
  });

  it("validates a JSON body with a fixed message, the first issue, or every issue per field", async () => {
    const run = (answerWith: Parameters<typeof readValidJson>[2]) =>
      apiAction({ POST: async ({ request }) => Response.json(await readValidJson(request, Body, answerWith)) })({
        request: post('{"size":"big"}'),
      });
    expect(await answer(await run("Corps invalide"))).toEqual([
      400,
      "no-store",
      { error: { code: "invalid_body", message: "Corps invalide" } },
    ]);
    expect((await (await run(firstIssue("Défaut"))).json()).error.message).toBe("Nom requis");
    expect((await (await run(everyIssue())).json()).error).toEqual({
      code: "invalid_body",
      message: "Nom requis ; Taille invalide",
      details: [
        { field: "name", message: "Nom requis" },
        { field: "size", message: "Taille invalide" },
      ],
    });
    expect(validate(Body, { name: "a", size: 1 }, "x")).toEqual({ name: "a", size: 1 });
  });

  it("readJsonObject refuses JSON that is not an object", async () => {
    const action = apiAction({ POST: async ({ request }) => Response.json(await readJsonObject(request)) });
    expect(await answer(await action({ request: post("[1,2]") }))).toEqual([
      400,
      "no-store",
      { error: { code: "invalid_body", message: "Corps de requête JSON invalide" } },
    ]);
    expect(await (await action({ request: post('{"a":1}') })).json()).toEqual({ a: 1 });
  });
});
