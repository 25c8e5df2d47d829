import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  e2eWorkerCount,
  listTestFiles,
  PGLITE_E2E,
  PGLITE_UNIT,
  phaseProblems,
  planPhases,
  projectIncludes,
  selectFiles,
  slowestFiles,
  unplannedFiles,
} from "../../scripts/test-plan.mjs";

const root = path.resolve(import.meta.dirname, "../..");

/** Every test file of the checkout, found without the plan's own walker. */
function everyTestFile(): string[] {
  const out: string[] = [];
  const visit = (rel: string) => {
    for (const entry of fs.readdirSync(path.join(root, rel), { withFileTypes: true })) {
      if (entry.name === "node_modules" || entry.name === ".git" || entry.name === ".tmp" || entry.name === "build") continue;
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) visit(child);
      else if (/\.test\.tsx?$/.test(entry.name)) out.push(child);
    }
  };
  visit("");
  return out.sort();
}

describe("the test plan", () => {
  const files = listTestFiles(root);

  it("knows every test file of the checkout, each in one project", () => {
    const listed = Object.values(files).flat();
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual(everyTestFile());
    expect(files.unit.length).toBeGreaterThan(100);
    expect(files.e2e.length).toBeGreaterThan(50);
    expect(files.multi.length).toBeGreaterThan(0);
  });

  it("runs every test file in some phase, with PostgreSQL and without it", () => {
    const withPostgres = planPhases(files, { postgres: true });
    expect(unplannedFiles(files, withPostgres)).toEqual([]);
    const union = new Set(withPostgres.flatMap((phase) => phase.files));
    expect([...union].sort()).toEqual(Object.values(files).flat().sort());
    // Without a server the multi-instance suite cannot run; everything else does, on PGlite.
    const alone = planPhases(files, { postgres: false });
    expect(unplannedFiles({ unit: files.unit, e2e: files.e2e }, alone)).toEqual([]);
    expect(alone.every((phase) => phase.database === "pglite")).toBe(true);
  });

  it("runs every unit, workflow and journey file on PostgreSQL, and the named selections on PGlite", () => {
    const phases = planPhases(files, { postgres: true });
    const on = (project: string, database: string) =>
      phases.filter((p) => p.project === project && p.database === database).flatMap((p) => p.files);
    expect(on("unit", "postgres")).toEqual(files.unit);
    expect(on("e2e", "postgres")).toEqual(files.e2e);
    expect(on("multi", "postgres")).toEqual(files.multi);
    expect(on("unit", "pglite")).toEqual(selectFiles(files.unit, PGLITE_UNIT));
    expect(on("e2e", "pglite")).toEqual(selectFiles(files.e2e, PGLITE_E2E));
    expect(on("unit", "pglite")).toContain("app/.server/db/migrations.test.ts");
    expect(on("e2e", "pglite")).toHaveLength(PGLITE_E2E.length);
  });

  it("refuses a selection entry that names no test file, so a renamed file cannot drop out silently", () => {
    expect(() => selectFiles(files.unit, ["app/.server/db/nothing-here.test.ts"])).toThrow(/nothing-here/);
    expect(() => selectFiles(files.unit, ["app/nowhere/"])).toThrow(/nowhere/);
    expect(selectFiles(["a/x.test.ts", "a/b/y.test.ts", "c/z.test.ts"], ["a/"])).toEqual(["a/x.test.ts", "a/b/y.test.ts"]);
  });

  it("runs two journey files side by side unless E2E_WORKERS says otherwise, within 1 to 8", () => {
    expect(e2eWorkerCount({})).toBe(2);
    expect(e2eWorkerCount({ E2E_WORKERS: "3" })).toBe(3);
    for (const bad of ["0", "9", "1.5", "deux", ""]) expect(e2eWorkerCount({ E2E_WORKERS: bad }), bad).toBe(2);
  });

  it("gives Vitest include globs for each project's folders", () => {
    expect(projectIncludes("e2e")).toEqual(["tests/e2e/**/*.test.{ts,tsx}"]);
    expect(projectIncludes("unit")).toContain("app/**/*.test.{ts,tsx}");
  });
});

describe("a phase's problems", () => {
  const phase = { name: "unit · PGlite", project: "unit", database: "pglite", all: false, files: ["a/x.test.ts", "a/y.test.ts"] };
  const result = (file: string) => ({ name: path.join(root, file), startTime: 1_000, endTime: 3_500 });
  const report = (over: Record<string, unknown> = {}) => ({
    numPassedTests: 4,
    numFailedTests: 0,
    numFailedTestSuites: 0,
    testResults: phase.files.map(result),
    ...over,
  });

  it("has none when every planned file ran and passed", () => {
    expect(phaseProblems(phase, 0, report(), root)).toEqual([]);
  });

  it("fails on a failed test even when the exit status says 0", () => {
    expect(phaseProblems(phase, 0, report({ numFailedTests: 1 }), root)).toEqual(["1 failed test(s)"]);
  });

  it("fails on a file that could not load (a failed suite) and on a non-zero exit", () => {
    expect(phaseProblems(phase, 1, report({ numFailedTestSuites: 1 }), root)).toEqual([
      "Vitest exited with status 1",
      "1 failed file(s) or suite(s)",
    ]);
  });

  it("fails a phase that ran no test, or gave no report", () => {
    expect(phaseProblems(phase, 0, report({ numPassedTests: 0 }), root)).toContain("no test ran");
    expect(phaseProblems(phase, 0, null, root)).toEqual(["no report from Vitest (exit status 0)"]);
  });

  it("fails a phase that ran fewer or other files than planned", () => {
    const problems = phaseProblems(phase, 0, report({ testResults: [result("a/x.test.ts"), result("b/z.test.ts")] }), root);
    expect(problems).toEqual(["planned but not run: a/y.test.ts", "run but not planned: b/z.test.ts"]);
  });

  it("lists the slowest files first, with their phase", () => {
    const slow = slowestFiles(
      [{ phase, report: report({ testResults: [result("a/x.test.ts"), { ...result("a/y.test.ts"), endTime: 9_000 }] }) }],
      1,
      root,
    );
    expect(slow).toEqual([{ phase: "unit · PGlite", file: "a/y.test.ts", seconds: 8 }]);
  });
});

describe("a failing file fails `npm test`", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "aurore-plan-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("reports the failure from a real Vitest run's JSON report", async () => {
    // A tiny project of its own: one passing and one failing file, run by the same Vitest.
    fs.writeFileSync(path.join(dir, "ok.test.ts"), 'import { it, expect } from "vitest"; it("ok", () => expect(1).toBe(1));\n');
    fs.writeFileSync(path.join(dir, "ko.test.ts"), 'import { it, expect } from "vitest"; it("ko", () => expect(1).toBe(2));\n');
    fs.writeFileSync(path.join(dir, "vitest.config.mjs"), "export default { test: { include: ['*.test.ts'] } };\n");
    const { spawnSync } = await import("node:child_process");
    const out = path.join(dir, "report.json");
    const run = spawnSync(
      path.join(root, "node_modules/.bin/vitest"),
      ["run", "--root", dir, "--config", path.join(dir, "vitest.config.mjs"), "--reporter=json", `--outputFile.json=${out}`],
      { cwd: dir, encoding: "utf8", env: { ...process.env, CI: "true" } },
    );
    const report = JSON.parse(fs.readFileSync(out, "utf8"));
    const planned = { name: "tiny", project: "unit", database: "pglite", all: true, files: ["ko.test.ts", "ok.test.ts"] };
    const problems = phaseProblems(planned, run.status ?? 1, report, dir);
    expect(run.status).not.toBe(0);
    expect(problems).toContain("1 failed test(s)");
    expect(problems.some((p) => p.startsWith("planned but not run"))).toBe(false);
  }, 60_000);
});
