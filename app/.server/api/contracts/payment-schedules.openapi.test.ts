import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "../openapi";

type Schema = { properties?: Record<string, Schema>; items?: Schema; enum?: unknown[]; $defs?: Record<string, Schema> };
type Operation = {
  requestBody?: { content: { "application/json": { schema: Schema } } };
  responses: Record<string, { content?: { "application/json": { schema: Schema } } }>;
};
type Doc = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } };

describe("OpenAPI document: Paiement en 3 fois", () => {
  const doc = buildOpenApiDocument("http://localhost") as unknown as Doc;
  // The answer refers to its shared schemas, in components/schemas.
  const defs = (op: Operation, status: string) => {
    expect(JSON.stringify(op.responses[status].content!["application/json"].schema)).toContain('"$ref":"#/components/schemas/');
    return doc.components.schemas;
  };

  it("documents instalments in the order request and payment_schedule in orders, shopper's and admin's", () => {
    const post = doc.paths["/api/v1/orders"].post;
    const instalments = post.requestBody!.content["application/json"].schema.properties!.instalments;
    expect(JSON.stringify(instalments)).toMatch(/1[\s\S]*3/);
    const entry = defs(post, "201").Order.properties!.payment_schedule.items!;
    expect(Object.keys(entry.properties!).sort()).toEqual(["amount_cents", "awaiting_authentication", "due_date", "seq", "status"]);
    expect(entry.properties!.status.enum).toEqual(["paid", "pending", "charging", "failed", "cancelled"]);
    const admin = defs(doc.paths["/api/v1/admin/orders/{id}"].get, "200").AdminOrderDetail;
    expect(admin.properties!.payment_schedule.items!.properties!.due_date).toBeDefined();
    expect(admin.properties!.payment_status).toBeDefined();
  });
});
