import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "../openapi";
import { inlined } from "../../../../tests/support/openapi";

type Operation = {
  security?: Record<string, unknown>[];
  parameters?: { name: string; in: string }[];
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
};
type Doc = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, unknown> } };

describe("OpenAPI document: the admin API's webhooks", () => {
  const doc = buildOpenApiDocument("http://localhost") as unknown as Doc;

  it("documents every operation for a session or a key, the delivery log with the cursor walk", () => {
    const operations = [
      ["/api/v1/admin/webhooks", "get"],
      ["/api/v1/admin/webhooks", "post"],
      ["/api/v1/admin/webhooks/{id}", "get"],
      ["/api/v1/admin/webhooks/{id}", "patch"],
      ["/api/v1/admin/webhooks/{id}", "delete"],
      ["/api/v1/admin/webhooks/{id}/deliveries", "get"],
      ["/api/v1/admin/webhooks/{id}/deliveries/{deliveryId}/resend", "post"],
    ];
    for (const [path, method] of operations) {
      const op = doc.paths[path][method];
      expect(op.security).toEqual([{ sessionCookie: [] }, { apiKey: [] }]);
      expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(["401", "403", "429"]));
    }
    const log = doc.paths["/api/v1/admin/webhooks/{id}/deliveries"].get;
    expect(log.parameters!.map((p) => `${p.in}:${p.name}`).sort()).toEqual([
      "path:id",
      "query:cursor",
      "query:limit",
      "query:updated_since",
    ]);
    expect(JSON.stringify(inlined(doc, log.responses["200"]))).toContain("next_cursor");
    // The secret is in the creation's answer only.
    expect(JSON.stringify(inlined(doc, doc.paths["/api/v1/admin/webhooks"].post.responses["201"]))).toContain("secret");
    expect(JSON.stringify(inlined(doc, doc.paths["/api/v1/admin/webhooks/{id}"].get.responses["200"]))).not.toContain("secret");
  });
});
