// `npm test`: service tests, then browser journeys, then the multi-instance suite (PostgreSQL
// only: skipped without TEST_DATABASE_URL), then one summary line
// ("N passed, N failed") that CI reads. Extra arguments go to every vitest run.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const extra = process.argv.slice(2);
const outDir = path.resolve(".tmp");
fs.mkdirSync(outDir, { recursive: true });

let passed = 0;
let failed = 0;
let skipped = 0;
let exitCode = 0;

for (const project of ["unit", "e2e", "multi"]) {
  const out = path.join(outDir, `vitest-${project}.json`);
  fs.rmSync(out, { force: true });
  const run = spawnSync(
    "npx",
    ["vitest", "run", "--project", project, "--reporter=default", "--reporter=json", `--outputFile.json=${out}`, ...extra],
    { stdio: "inherit", env: process.env },
  );
  if (run.status !== 0) exitCode = run.status ?? 1;
  if (fs.existsSync(out)) {
    const report = JSON.parse(fs.readFileSync(out, "utf8"));
    passed += report.numPassedTests ?? 0;
    failed += report.numFailedTests ?? 0;
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    if ((report.numTotalTests ?? 0) === 0) exitCode ||= 1;
  } else {
    exitCode ||= 1;
    failed += 1;
  }
}

console.log(`\nTests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(exitCode);
