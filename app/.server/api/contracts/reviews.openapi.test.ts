import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "../openapi";

type Operation = { parameters?: { name: string; in: string }[]; responses: Record<string, unknown>; requestBody?: unknown };
type Doc = { paths: Record<string, Record<string, Operation>> };

describe("OpenAPI document: reviews", () => {
  const doc = buildOpenApiDocument("http://localhost") as unknown as Doc;

  it.each([
    ["get", "/api/v1/products/{id}/reviews", ["200", "400", "404"]],
    ["post", "/api/v1/products/{id}/reviews", ["201", "400", "401", "403", "404", "409"]],
    ["patch", "/api/v1/reviews/{id}", ["200", "400", "401", "404", "409"]],
    ["delete", "/api/v1/reviews/{id}", ["200", "401", "404"]],
    ["post", "/api/v1/reviews/{id}/vote", ["200", "401", "403", "404"]],
    ["post", "/api/v1/reviews/{id}/report", ["200", "401", "404"]],
    ["get", "/api/v1/admin/reviews", ["200", "400", "401", "403"]],
    ["post", "/api/v1/admin/reviews/{id}/publish", ["200", "400", "401", "403", "404", "409"]],
    ["post", "/api/v1/admin/reviews/{id}/reject", ["200", "400", "401", "403", "404", "409"]],
    ["post", "/api/v1/admin/reviews/{id}/answer", ["200", "400", "401", "403", "404", "409"]],
  ])("documents %s %s", (method, path, statuses) => {
    const op = doc.paths[path][method];
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(statuses));
  });

  it("lists sort, stars, with_photos and page on the product's reviews", () => {
    const names = doc.paths["/api/v1/products/{id}/reviews"].get.parameters!.map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(["id", "sort", "stars", "with_photos", "page"]));
  });
});
