/**
 * The API document and the routes, read from the routes' own code: every method a route under
 * /api/v1 answers has its operation, every operation its route and method; and each says what it
 * accepts (docs/decisions/049-api-keys-and-admin-api.md): an admin operation whose route takes an
 * API key (`requireAdminApi`, or a list built by `adminListLoader`) lists the key beside the
 * session, no other operation lists it, and every operation lists its schemes (an empty list
 * when public).
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

/** The methods a route file answers: its loader (GET) unless it refuses, and the writes its `apiAction` maps. */
function methodsOf(file: string): Set<string> {
  const code = readFileSync(join(APP, file), "utf8");
  const methods = new Set<string>();
  if (/export (const|async function|function) loader\b/.test(code) && !/export const loader = methodNotAllowed/.test(code))
    methods.add("get");
  for (const [, method] of code.matchAll(/^\s+(POST|PUT|PATCH|DELETE)\s*:/gm)) methods.add(method.toLowerCase());
  // A hand-written action (the image upload) names its methods in comparisons.
  if (/export (async )?function action\b/.test(code)) {
    for (const [, method] of code.matchAll(/method === "(POST|PUT|PATCH|DELETE)"/g)) methods.add(method.toLowerCase());
  }
  return methods;
}

/** Served, not described: the document itself. */
const UNDOCUMENTED = new Set(["/api/v1/openapi.json"]);

const takesApiKeys = (file: string) => /\b(requireAdminApi|adminListLoader)\(/.test(readFileSync(join(APP, file), "utf8"));

describe("the API document's security", () => {
  const routes = apiRoutes();

  it("documents every operation on a route the app serves", () => {
    expect(Object.keys(doc.paths).filter((path) => !fileOf(routes, path))).toEqual([]);
  });

  it("documents every method each route answers, and nothing a route does not answer", () => {
    const documented = new Map<string, Set<string>>();
    for (const [path, ops] of Object.entries(doc.paths)) {
      const file = fileOf(routes, path)!;
      for (const method of Object.keys(ops)) (documented.get(file) ?? documented.set(file, new Set()).get(file)!).add(method);
    }
    const missing: string[] = [];
    const extra: string[] = [];
    for (const route of routes) {
      const path = `/${route.segments.join("/")}`;
      if (UNDOCUMENTED.has(path)) continue;
      const answered = methodsOf(route.file);
      const described = documented.get(route.file) ?? new Set<string>();
      for (const method of answered) if (!described.has(method)) missing.push(`${method.toUpperCase()} ${path}`);
      for (const method of described) if (!answered.has(method)) extra.push(`${method.toUpperCase()} ${path}`);
    }
    expect(missing, "answered but not documented").toEqual([]);
    expect(extra, "documented but not answered").toEqual([]);
    expect(routes.length).toBeGreaterThan(70);
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
