/**
 * Modules stand alone (docs/decisions/024-layering.md): the lint refuses a module importing
 * another module, a workflow or the API layer, and the list of imports still to move
 * (MODULE_IMPORTS_LEFT in scripts/module-imports-left.mjs) holds only imports that still exist, so it can only
 * shrink.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { MODULE_IMPORTS_LEFT } from "../../scripts/module-imports-left.mjs";

const ROOT = join(__dirname, "..", "..");
const MODULES = join(ROOT, "app", ".server", "modules");

/** Each module's imports of other modules ("#api", "#workflows" for those layers), read from its source. */
function moduleImports(): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  for (const module of readdirSync(MODULES)) {
    const files = readdirSync(join(MODULES, module), { recursive: true, encoding: "utf8" }).filter(
      (f) => f.endsWith(".ts") && !f.endsWith(".test.ts"),
    );
    const targets = new Set<string>();
    for (const file of files) {
      const path = join(MODULES, module, file);
      for (const [, spec] of readFileSync(path, "utf8").matchAll(/from\s+"([^"]+)"/g)) {
        const resolved = spec.startsWith("~/")
          ? join(ROOT, "app", spec.slice(2))
          : spec.startsWith(".")
            ? normalize(join(dirname(path), spec))
            : null;
        if (!resolved) continue;
        const inServer = relative(join(ROOT, "app", ".server"), resolved).split("/");
        if (inServer[0] === "modules" && inServer[1] !== module) targets.add(inServer[1]);
        if (inServer[0] === "api" || inServer[0] === "workflows") targets.add(`#${inServer[0]}`);
      }
    }
    if (targets.size > 0) found.set(module, targets);
  }
  return found;
}

describe("modules stand alone", () => {
  it("lists every import still to move, and no import that has moved already", () => {
    const found = moduleImports();
    const listed = MODULE_IMPORTS_LEFT;
    const stale: string[] = [];
    const unlisted: string[] = [];
    for (const [module, targets] of Object.entries(listed)) {
      for (const target of targets) if (!found.get(module)?.has(target)) stale.push(`${module} -> ${target}`);
    }
    for (const [module, targets] of found) {
      for (const target of targets) if (!(listed[module] ?? []).includes(target)) unlisted.push(`${module} -> ${target}`);
    }
    expect(stale, "moved already: remove from MODULE_IMPORTS_LEFT").toEqual([]);
    expect(unlisted, "new module imports: move the operation to a workflow").toEqual([]);
  });

  it("fails the lint of a module that imports another module, a workflow or the API layer", async () => {
    const eslint = new ESLint({ cwd: ROOT });
    const probe = [
      'import { lockOrder } from "../orders/orders.service";',
      'import { placeOrder } from "~/.server/workflows/place-order";',
      'import { ApiErrorSchema } from "~/.server/api/schemas";',
      "export const probe = [lockOrder, placeOrder, ApiErrorSchema];",
      "",
    ].join("\n");
    const [result] = await eslint.lintText(probe, { filePath: join(MODULES, "inventory", "probe.ts") });
    const restricted = result.messages.filter((m) => m.ruleId === "import-x/no-restricted-paths").map((m) => m.line);
    expect(restricted).toEqual([1, 2, 3]);
    // The same imports from a workflow are the way to compose modules.
    const [workflow] = await eslint.lintText(
      probe.split("\n").slice(0, 1).join("\n").replace("../orders", "~/.server/modules/orders") + "\nexport const probe = lockOrder;\n",
      {
        filePath: join(ROOT, "app", ".server", "workflows", "probe.ts"),
      },
    );
    expect(workflow.messages.filter((m) => m.ruleId === "import-x/no-restricted-paths")).toEqual([]);
  }, 60_000);
});
