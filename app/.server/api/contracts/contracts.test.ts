/**
 * Each API route's HTTP contract sits beside it (docs/decisions/049-api-keys-and-admin-api.md):
 * `app/routes/api/v1/<path>.ts` has `app/.server/api/contracts/<path>.contract.ts`, found by
 * its path, and the contract declares only that route's operations. The document is assembled from the
 * contracts (openapi.ts), so a route without one would go undocumented and a contract without its
 * route would document nothing the app serves.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { ApiOperation } from "../api-operation";

const APP = join(__dirname, "..", "..", "..");
const ROUTES = join(APP, "routes", "api", "v1");
const CONTRACTS = __dirname;

/** Paths relative to the folder, without the suffix, of the files ending with it. */
function filesIn(folder: string, suffix: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(suffix) && !f.endsWith(".test.ts"))
    .map((f) => f.slice(0, -suffix.length))
    .sort();
}

/** The document itself: served from the contracts, it has none of its own. */
const NO_CONTRACT = new Set(["openapi"]);

const routeFiles = filesIn(ROUTES, ".ts").filter((f) => !NO_CONTRACT.has(f));
const contractFiles = filesIn(CONTRACTS, ".contract.ts");

/** The URL pattern of each route file, from app/routes.ts ("api/v1/orders/:id" -> "orders"). */
function urlPatterns(): Map<string, string[]> {
  const source = readFileSync(join(APP, "routes.ts"), "utf8");
  const patterns = new Map<string, string[]>();
  for (const [, url, file] of source.matchAll(/route\(\s*"(api\/v1\/[^"]+)",\s*"routes\/api\/v1\/([^"]+)\.ts"/g)) {
    patterns.set(file, url.split("/"));
  }
  return patterns;
}

describe("the API's contracts", () => {
  it("gives every route file a contract of the same path, and every contract its route file", () => {
    expect(routeFiles.length).toBeGreaterThan(70);
    expect(
      routeFiles.filter((f) => !contractFiles.includes(f)),
      "route files without a contract",
    ).toEqual([]);
    expect(
      contractFiles.filter((f) => !routeFiles.includes(f)),
      "contracts without a route file",
    ).toEqual([]);
  });

  it("has a route read schemas from its own contract or a shared file, never from another route's", () => {
    const reaching: string[] = [];
    for (const f of routeFiles) {
      const code = readFileSync(join(ROUTES, `${f}.ts`), "utf8");
      for (const [, contract] of code.matchAll(/from "~\/\.server\/api\/contracts\/([^"]+)"/g)) {
        if (contract !== `${f}.contract` && !contract.startsWith("shared/")) reaching.push(`${f} -> ${contract}`);
      }
    }
    expect(reaching).toEqual([]);
  });

  it("declares in each contract only the operations of its route's URL", () => {
    const modules = import.meta.glob<{ operations: ApiOperation[] }>("./**/*.contract.ts", { eager: true });
    expect(Object.keys(modules).sort()).toEqual(contractFiles.map((f) => `./${f}.contract.ts`).sort());
    const patterns = urlPatterns();
    const strays: string[] = [];
    for (const file of contractFiles) {
      const { operations } = modules[`./${file}.contract.ts`];
      expect(operations.length, `${file}.contract.ts declares no operation`).toBeGreaterThan(0);
      const pattern = patterns.get(file);
      for (const op of operations) {
        const segments = op.path.slice(1).split("/");
        // "{id}" fills ":id"; a literal fills a parameter too (the moderation steps of one route).
        const fits =
          pattern?.length === segments.length && pattern.every((s, i) => s === segments[i] || (s.startsWith(":") && segments[i] !== ""));
        if (!fits) strays.push(`${file}: ${op.method.toUpperCase()} ${op.path}`);
      }
    }
    expect(strays).toEqual([]);
  });
});
