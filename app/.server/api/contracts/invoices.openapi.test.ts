import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "../openapi";

type Operation = { parameters?: { name: string; in: string }[]; responses: Record<string, { content?: Record<string, unknown> }> };
type Doc = { paths: Record<string, Record<string, Operation>> };

describe("OpenAPI document: invoices and credit notes", () => {
  const doc = buildOpenApiDocument("http://localhost") as unknown as Doc;

  it.each([
    ["/api/v1/orders/{id}/invoice", ["id"], ["200", "401", "404"]],
    ["/api/v1/orders/{id}/credit-notes/{number}", ["id", "number"], ["200", "401", "404"]],
    ["/api/v1/admin/orders/{id}/invoice", ["id"], ["200", "401", "403", "404"]],
    ["/api/v1/admin/orders/{id}/credit-notes/{number}", ["id", "number"], ["200", "401", "403", "404"]],
  ])("documents GET %s as a PDF download", (path, params, statuses) => {
    const op = doc.paths[path].get;
    expect(op.parameters!.map((p) => p.name)).toEqual(params);
    expect(Object.keys(op.responses).sort()).toEqual(statuses);
    expect(Object.keys(op.responses["200"].content!)).toEqual(["application/pdf"]);
  });

  it("lists the documents in the order views", () => {
    const json = JSON.stringify(doc);
    expect(json).toContain("FA-2026-000001 / AV-2026-000001");
  });
});
