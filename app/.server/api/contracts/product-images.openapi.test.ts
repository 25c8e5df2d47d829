import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "../openapi";

type Op = {
  requestBody?: { content: Record<string, unknown> };
  parameters?: { name: string }[];
  responses: Record<string, unknown>;
  security?: unknown[];
};
type Doc = { paths: Record<string, Record<string, Op>> };

describe("OpenAPI document: product image uploads", () => {
  const doc = buildOpenApiDocument("http://localhost") as unknown as Doc;

  it("documents the upload as a raw image body with its 413 and 415, and the discard with its url parameter", () => {
    const path = doc.paths["/api/v1/admin/product-images"];
    expect(Object.keys(path).sort()).toEqual(["delete", "get", "post"]);
    expect(Object.keys(path.post.requestBody!.content).sort()).toEqual(["image/jpeg", "image/png", "image/webp"]);
    expect(Object.keys(path.post.responses).sort()).toEqual(["201", "401", "403", "413", "415"]);
    expect(path.post.security).toEqual([{ sessionCookie: [] }]);
    expect(path.delete.parameters!.map((p) => p.name)).toEqual(["url"]);
  });
});
