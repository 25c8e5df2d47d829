import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "../openapi";

type Doc = {
  paths: Record<string, Record<string, { security?: Record<string, unknown>[]; responses: Record<string, unknown> }>>;
  components: { securitySchemes: Record<string, { type: string; scheme?: string }> };
};

describe("OpenAPI document: the admin API's catalogue and stock", () => {
  const doc = buildOpenApiDocument("http://localhost") as unknown as Doc;

  it("declares the bearer key scheme and lets each operation take a session or a key", () => {
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: "http", scheme: "bearer" });
    const operations = [
      ["/api/v1/admin/products", "get"],
      ["/api/v1/admin/products", "post"],
      ["/api/v1/admin/products/{id}", "patch"],
      ["/api/v1/admin/products/{id}", "delete"],
      ["/api/v1/admin/categories", "post"],
      ["/api/v1/admin/brands", "get"],
      ["/api/v1/admin/brands", "post"],
      ["/api/v1/admin/brands/{id}", "get"],
      ["/api/v1/admin/brands/{id}", "patch"],
      ["/api/v1/admin/brands/{id}", "delete"],
      ["/api/v1/admin/stock", "post"],
      ["/api/v1/admin/variants/{id}/stock", "post"],
    ];
    for (const [path, method] of operations) {
      const op = doc.paths[path][method];
      expect(op.security).toEqual([{ sessionCookie: [] }, { apiKey: [] }]);
      expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(["401", "403", "429"]));
    }
  });

  it("documents the brands' writes with their refusals", () => {
    expect(Object.keys(doc.paths["/api/v1/admin/brands"].post.responses)).toEqual(expect.arrayContaining(["201", "400", "409"]));
    expect(Object.keys(doc.paths["/api/v1/admin/brands/{id}"].patch.responses)).toEqual(
      expect.arrayContaining(["200", "400", "404", "409"]),
    );
    expect(Object.keys(doc.paths["/api/v1/admin/brands/{id}"].delete.responses)).toEqual(expect.arrayContaining(["200", "404", "409"]));
  });
});
