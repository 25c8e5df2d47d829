import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "../openapi";

type Doc = { paths: Record<string, Record<string, { parameters?: { name: string; in: string }[]; responses: Record<string, unknown> }>> };

describe("OpenAPI document: administrator's orders", () => {
  const doc = buildOpenApiDocument("http://localhost") as unknown as Doc;

  it("documents the list with its query parameters and the detail with its 404", () => {
    const list = doc.paths["/api/v1/admin/orders"].get;
    expect(list.parameters!.map((p) => p.name).sort()).toEqual([
      "created_from",
      "created_to",
      "cursor",
      "limit",
      "page",
      "page_size",
      "search",
      "status",
      "updated_since",
    ]);
    expect(Object.keys(list.responses).sort()).toEqual(["200", "400", "401", "403"]);
    const detail = doc.paths["/api/v1/admin/orders/{id}"].get;
    expect(detail.parameters!.map((p) => [p.name, p.in])).toEqual([["id", "path"]]);
    expect(Object.keys(detail.responses).sort()).toEqual(["200", "401", "403", "404"]);
  });

  it("documents the free-amount refunds: list, and the refund with its 201, 400, 409 and the idempotent 200", () => {
    const list = doc.paths["/api/v1/admin/orders/{id}/refunds"].get;
    expect(Object.keys(list.responses).sort()).toEqual(["200", "401", "403", "404"]);
    const refund = doc.paths["/api/v1/admin/orders/{id}/refunds"].post;
    expect(refund.parameters!.map((p) => [p.name, p.in])).toEqual([["id", "path"]]);
    expect(Object.keys(refund.responses).sort()).toEqual(["200", "201", "400", "401", "403", "404", "409", "413", "415"]);
  });
});
