/**
 * The API document says what each operation accepts (docs/decisions/049-api-keys-and-admin-api.md):
 * read from the routes' own code, every admin operation whose route takes an API key
 * (`requireAdminApi`, or a list built by `adminListLoader`) lists the key beside the session,
 * no other operation lists it, and every operation lists its schemes (an empty list when public).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "./openapi";

const APP = join(__dirname, "..", "..");

type Operation = { security?: Record<string, string[]>[]; operationId?: string };
const doc = buildOpenApiDocument("http://localhost") as unknown as { paths: Record<string, Record<string, Operation>> };

/** The routes of app/routes.ts under /api/v1: their path's segments and the file serving them. */
function apiRoutes(): { segments: string[]; file: string }[] {
  const source = readFileSync(join(APP, "routes.ts"), "utf8");
  return [...source.matchAll(/route\(\s*"(api\/v1\/[^"]+)",\s*"([^"]+)"/g)].map((m) => ({ segments: m[1].split("/"), file: m[2] }));
}

/** The file serving a documented path ("{id}" and literals both fill a route's ":param"); literal segments win. */
function fileOf(routes: ReturnType<typeof apiRoutes>, path: string): string | undefined {
  const segments = path.slice(1).split("/");
  const fits = routes.filter(
    (r) => r.segments.length === segments.length && r.segments.every((s, i) => s === segments[i] || s.startsWith(":")),
  );
  const literal = (r: (typeof fits)[number]) => r.segments.filter((s, i) => s === segments[i]).length;
  return fits.sort((a, b) => literal(b) - literal(a))[0]?.file;
}

const takesApiKeys = (file: string) => /\b(requireAdminApi|adminListLoader)\(/.test(readFileSync(join(APP, file), "utf8"));

describe("the API document's security", () => {
  const routes = apiRoutes();

  it("documents every operation on a route the app serves", () => {
    expect(Object.keys(doc.paths).filter((path) => !fileOf(routes, path))).toEqual([]);
  });

  it("lists the API key exactly on the operations whose route takes one", () => {
    const wrong: string[] = [];
    let withKeys = 0;
    for (const [path, ops] of Object.entries(doc.paths)) {
      const keys = takesApiKeys(fileOf(routes, path)!);
      for (const [method, op] of Object.entries(ops)) {
        const schemes = (op.security ?? []).flatMap((requirement) => Object.keys(requirement));
        if (keys) withKeys++;
        if (keys !== schemes.includes("apiKey")) wrong.push(`${method.toUpperCase()} ${path}: ${schemes.join(", ") || "public"}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(withKeys).toBeGreaterThan(40);
  });

  it("gives every operation its schemes and a unique operationId", () => {
    const ids = new Set<string>();
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        expect(Array.isArray(op.security), `${method} ${path}`).toBe(true);
        expect(op.operationId, `${method} ${path}`).toMatch(/^[a-z]+[A-Za-z0-9]+$/);
        expect(ids.has(op.operationId!), op.operationId).toBe(false);
        ids.add(op.operationId!);
      }
    }
  });
});
