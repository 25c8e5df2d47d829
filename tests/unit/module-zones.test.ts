/**
 * Modules stand alone (docs/decisions/024-layering.md): the lint refuses a module importing
 * another module, a workflow or the API layer, and no module's source does (read here apart from
 * the lint, so a disabled rule or a lint exemption cannot hide one).
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

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
  it("no module's source imports another module, a workflow or the API layer", () => {
    const found = [...moduleImports()].flatMap(([module, targets]) => [...targets].map((target) => `${module} -> ${target}`));
    expect(found, "move the operation to a workflow, or the shared helper to app/domain or app/lib").toEqual([]);
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
