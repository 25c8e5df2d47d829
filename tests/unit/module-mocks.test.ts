/**
 * Unit files share a worker's modules (vitest.config.ts: isolate false, decision 053). A file that
 * mocks a module and loads code through the mock leaves those modules in the worker's registry;
 * the next file there would then run against the mock (a closed database, a stopped Stripe
 * server). So every unit file that mocks a module resets the registry once its tests are done.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { listTestFiles } from "../../scripts/test-plan.mjs";

const root = path.resolve(import.meta.dirname, "../..");

/** Whether an `afterAll` hook of the file calls `vi.resetModules()` (its body, up to the hook's end). */
function resetsModulesAfterAll(source: string): boolean {
  for (const match of source.matchAll(/afterAll\(/g)) {
    const body = source.slice(match.index, source.indexOf("\n});", match.index) + 4);
    if (body.includes("vi.resetModules()")) return true;
  }
  return false;
}

describe("unit files that mock modules", () => {
  it("tells a hook that resets the modules from one that does not", () => {
    expect(resetsModulesAfterAll("afterAll(async () => {\n  await close();\n  vi.resetModules();\n});")).toBe(true);
    expect(resetsModulesAfterAll("afterAll(async () => {\n  await close();\n});\nvi.resetModules();\n")).toBe(false);
    expect(resetsModulesAfterAll("beforeAll(() => {\n  vi.resetModules();\n});")).toBe(false);
  });

  it("reset the worker's modules after their tests", () => {
    const mocking = listTestFiles(root).unit.filter((file: string) => /\bvi\.mock\(/.test(fs.readFileSync(path.join(root, file), "utf8")));
    expect(mocking.length).toBeGreaterThan(0);
    const leaking = mocking.filter((file: string) => !resetsModulesAfterAll(fs.readFileSync(path.join(root, file), "utf8")));
    expect(leaking).toEqual([]);
  });
});
