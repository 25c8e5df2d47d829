/**
 * The API tests' response check can fail: an answer whose body does not match its documented
 * schema, or whose status the operation does not list, rejects the typed client's call with the
 * reason; the documented answer goes through. The client's fetch is a stand-in here, the
 * document is the one the shop serves.
 */
import createClient from "openapi-fetch";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "~/.server/api/openapi";
import type { paths } from "../support/api/openapi-types";
import { createResponseChecker, responseValidation, schemaPathOf, type OpenApiDocument } from "../support/api/response-validator";

const document = buildOpenApiDocument("http://localhost") as OpenApiDocument;
const checker = createResponseChecker(document);
const ID = "6f1c1c43-8d0c-4a4e-9d3a-3c8c2d6f7a10";

/** A typed client whose every request is answered `status` with the JSON `body`. */
function clientAnswering(status: number, body: unknown) {
  const client = createClient<paths>({
    baseUrl: "http://shop.test",
    fetch: async () =>
      new Response(typeof body === "string" ? body : JSON.stringify(body), { status, headers: { "content-type": "application/json" } }),
  });
  client.use(responseValidation(() => checker));
  return client;
}

describe("the typed client's response check", () => {
  it("lets the documented answer through", async () => {
    const { data, error } = await clientAnswering(404, { error: { code: "not_found", message: "Produit introuvable" } }).GET(
      "/api/v1/products/{id}",
      { params: { path: { id: ID } } },
    );
    expect(data).toBeUndefined();
    expect(error?.error.message).toBe("Produit introuvable");
  });

  it("rejects a body whose field has the wrong type, naming the field", async () => {
    const call = clientAnswering(404, { error: { code: "not_found", message: 404 } }).GET("/api/v1/products/{id}", {
      params: { path: { id: ID } },
    });
    await expect(call).rejects.toThrow(
      /GET \/api\/v1\/products\/\{id\} 404 does not match its documented schema[\s\S]*\/error\/message must be string/,
    );
  });

  it("rejects a body missing a required field", async () => {
    const call = clientAnswering(200, { data: [{ id: ID }] }).GET("/api/v1/categories");
    await expect(call).rejects.toThrow(/GET \/api\/v1\/categories 200 does not match[\s\S]*must have required property/);
  });

  it("rejects a status the operation does not list", async () => {
    const call = clientAnswering(418, { error: { code: "teapot", message: "Je suis une théière" } }).GET("/api/v1/categories");
    await expect(call).rejects.toThrow("GET /api/v1/categories answered 418, which the document does not list (it lists 200)");
  });

  it("finds the operation of a concrete path for the untyped calls, a literal segment before a parameter", () => {
    expect(schemaPathOf(document, `/api/v1/orders/${ID}/cancel`)).toBe("/api/v1/orders/{id}/cancel");
    expect(schemaPathOf(document, "/api/v1/notifications/read-all")).toBe("/api/v1/notifications/read-all");
    expect(schemaPathOf(document, `/api/v1/notifications/${ID}`)).toBe("/api/v1/notifications/{id}");
    expect(schemaPathOf(document, "/api/v1/nowhere")).toBeUndefined();
  });
});
