/**
 * The served API document passes an independent OpenAPI 3.1 validator: Redocly's recommended
 * rules, with no error (unresolved references, operations without security, invalid schemas).
 * Warnings (no licence, a server on localhost) are not errors and are left to the shop.
 */
import { describe, expect, it } from "vitest";
import { createConfig, lintFromString } from "@redocly/openapi-core";
import { e2eShop } from "../../support/e2e-shop";

const baseURL = e2eShop().baseURL;

describe("the served OpenAPI document", () => {
  it("has no error under Redocly's recommended rules, and its shared schemas in components", async () => {
    const res = await fetch(`${baseURL}/api/v1/openapi.json`);
    expect(res.status).toBe(200);
    const source = await res.text();
    const document = JSON.parse(source) as { openapi: string; components: { schemas: Record<string, unknown> } };
    expect(document.openapi).toBe("3.1.0");
    expect(Object.keys(document.components.schemas)).toEqual(expect.arrayContaining(["Error", "Order", "Product"]));
    expect(source).not.toContain('"#/$defs/');

    const config = await createConfig({ extends: ["recommended"] });
    const problems = await lintFromString({ source, absoluteRef: `${baseURL}/api/v1/openapi.json`, config });
    const errors = problems
      .filter((p) => p.severity === "error")
      .map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? "?"}`);
    expect(errors).toEqual([]);
  });
});
