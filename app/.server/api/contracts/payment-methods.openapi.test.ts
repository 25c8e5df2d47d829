import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "../openapi";

type Doc = {
  paths: Record<
    string,
    Record<
      string,
      {
        requestBody?: { content: Record<string, { schema: any }> };
        responses: Record<string, { content?: Record<string, { schema: any }> }>;
      }
    >
  >;
  components: { schemas: Record<string, any> };
};

describe("OpenAPI document: payment methods and support tickets", () => {
  const doc = buildOpenApiDocument("http://localhost") as unknown as Doc;

  it("documents every method of the new routes", () => {
    expect(Object.keys(doc.paths["/api/v1/payment-methods"]).sort()).toEqual(["get", "post"]);
    expect(Object.keys(doc.paths["/api/v1/payment-methods/{id}"]).sort()).toEqual(["delete", "get", "patch"]);
    expect(Object.keys(doc.paths["/api/v1/support-tickets"]).sort()).toEqual(["get", "post"]);
    expect(Object.keys(doc.paths["/api/v1/support-tickets/{id}"])).toEqual(["get"]);
  });

  it("asks for the number, the expiry and the holder, never a CVC, and makes category and priority optional", () => {
    const card = doc.paths["/api/v1/payment-methods"].post.requestBody!.content["application/json"].schema;
    expect(Object.keys(card.properties).sort()).toEqual(["expiry", "holder", "is_default", "number"]);
    expect(card.required.sort()).toEqual(["expiry", "holder", "number"]);
    const ticket = doc.paths["/api/v1/support-tickets"].post.requestBody!.content["application/json"].schema;
    expect(ticket.required.sort()).toEqual(["description", "subject"]);
  });

  it("answers the saved card as brand, last four, expiry MM/AA, holder, default, expired and usable", () => {
    const created = doc.paths["/api/v1/payment-methods"].post.responses["201"].content!["application/json"].schema;
    const card = created.properties?.data ?? created;
    const view = card.$ref ? doc.components.schemas[card.$ref.split("/").pop()] : card;
    expect(Object.keys(view.properties).sort()).toEqual(
      ["brand", "created_at", "expired", "expiry", "holder", "id", "is_default", "last4", "usable"].sort(),
    );
  });
});
