/**
 * The committed API types are the ones the served document generates: openapi-typescript runs
 * again in memory and the text must be the file's, so the typed client of the API tests cannot
 * drift from the contract (docs/decisions/049-api-keys-and-admin-api.md).
 */
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { API_TYPES_FILE, generateApiTypes } from "../../scripts/lib/api-types";

describe("the generated API types", () => {
  it("are the committed tests/support/api/openapi-types.d.ts (else run npm run api:types)", async () => {
    const committed = await readFile(API_TYPES_FILE, "utf8").catch(() => "");
    const generated = await generateApiTypes();
    expect(generated).toContain('"/api/v1/products/{id}"');
    // A plain comparison, not toEqual: a 10 000-line diff would bury the one thing to do.
    expect(committed === generated, "tests/support/api/openapi-types.d.ts is out of date: run npm run api:types").toBe(true);
  });
});
