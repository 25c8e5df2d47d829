import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "../../api/openapi";

type Doc = { paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: any }> } }>> };

describe("OpenAPI document: payment methods and support tickets", () => {
  const doc = buildOpenApiDocument("http://localhost") as unknown as Doc;

  it("documents every method of the new routes", () => {
    expect(Object.keys(doc.paths["/api/v1/payment-methods"]).sort()).toEqual(["get", "post"]);
    expect(Object.keys(doc.paths["/api/v1/payment-methods/{id}"]).sort()).toEqual(["delete", "get", "patch"]);
    expect(Object.keys(doc.paths["/api/v1/support-tickets"]).sort()).toEqual(["get", "post"]);
    expect(Object.keys(doc.paths["/api/v1/support-tickets/{id}"])).toEqual(["get"]);
  });

  it("asks for the last four digits only, never a card number, and makes category and priority optional", () => {
    const card = doc.paths["/api/v1/payment-methods"].post.requestBody!.content["application/json"].schema;
    expect(Object.keys(card.properties).sort()).toEqual(
      ["card_brand", "card_holder_name", "card_last_four", "exp_month", "exp_year", "is_default"].sort(),
    );
    expect(card.required.sort()).toEqual(["card_brand", "card_holder_name", "card_last_four"]);
    const ticket = doc.paths["/api/v1/support-tickets"].post.requestBody!.content["application/json"].schema;
    expect(ticket.required.sort()).toEqual(["description", "subject"]);
  });
});
