// `npm test`: the phases of scripts/test-plan.mjs one after the other (decision 053), then the
// duration of each phase, the ten slowest files, and one summary line ("N passed, N failed")
// that CI reads. With TEST_DATABASE_URL, every unit and journey file runs on that PostgreSQL
// server and a selection again on PGlite; without it, everything runs on PGlite.
// Extra arguments go to every Vitest run (a filter then narrows each phase: the plan check is off).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { listTestFiles, phaseProblems, planPhases, slowestFiles, unplannedFiles } from "./test-plan.mjs";

const extra = process.argv.slice(2);
const root = process.cwd();
const outDir = path.resolve(".tmp");
fs.mkdirSync(outDir, { recursive: true });

const postgresUrl = process.env.TEST_DATABASE_URL || undefined;
const files = listTestFiles(root);
const phases = planPhases(files, { postgres: Boolean(postgresUrl) });
const unplanned = unplannedFiles(files, postgresUrl ? phases : phases.concat({ files: files.multi }));
if (unplanned.length) {
  console.error(`These test files are in no phase of scripts/test-plan.mjs: ${unplanned.join(", ")}`);
  process.exit(1);
}
if (!postgresUrl)
  console.log("TEST_DATABASE_URL is not set: every phase runs on PGlite, and the multi-instance suite (PostgreSQL only) is left out.");

let passed = 0;
let failed = 0;
let skipped = 0;
let exitCode = 0;
const runs = [];

for (const [index, phase] of phases.entries()) {
  const out = path.join(outDir, `vitest-${index + 1}-${phase.project}-${phase.database}.json`);
  fs.rmSync(out, { force: true });
  const env = { ...process.env };
  if (phase.database === "pglite") delete env.TEST_DATABASE_URL;
  const filters = phase.all ? [] : phase.files;
  console.log(`\n== ${phase.name}: ${phase.files.length} files`);
  const started = Date.now();
  const run = spawnSync(
    "npx",
    [
      "vitest",
      "run",
      "--project",
      phase.project,
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${out}`,
      ...extra,
      ...filters,
    ],
    { stdio: "inherit", env },
  );
  const seconds = (Date.now() - started) / 1000;
  const report = fs.existsSync(out) ? JSON.parse(fs.readFileSync(out, "utf8")) : null;
  let problems = phaseProblems(phase, run.status ?? 1, report, root);
  // A filter given to `npm test` narrows the phase on purpose: only failures count then.
  if (extra.length) problems = problems.filter((p) => !p.startsWith("planned but not run") && p !== "no test ran");
  runs.push({ phase, report, seconds, problems });
  passed += report?.numPassedTests ?? 0;
  failed += report?.numFailedTests ?? 0;
  skipped += (report?.numPendingTests ?? 0) + (report?.numTodoTests ?? 0);
  if (!report) failed += 1;
  if (problems.length) exitCode = 1;
}

console.log("\nPhases:");
for (const { phase, seconds, problems } of runs) {
  console.log(
    `  ${phase.name.padEnd(22)} ${seconds.toFixed(0).padStart(5)} s  ${problems.length ? `FAILED: ${problems.join("; ")}` : "ok"}`,
  );
}
console.log("\nThe 10 slowest files:");
for (const { phase, file, seconds } of slowestFiles(runs, 10, root)) {
  console.log(`  ${seconds.toFixed(1).padStart(6)} s  ${file}  (${phase})`);
}
console.log(`\nTests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(exitCode);
