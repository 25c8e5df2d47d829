/**
 * Compiles the vendored EN 16931 CII validation XSLT (tests/support/en16931/xslt) into the SEF that
 * Saxon-JS runs in the Factur-X tests (docs/decisions/064-factur-x.md). Compiling takes ~12 s, loading
 * the SEF well under one, so the SEF is committed, gzipped, beside the SHA-256 of the XSLT it came
 * from; the tests refuse a SEF whose source hash no longer matches. Run after updating the XSLT:
 *   node scripts/compile-en16931.mjs
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const dir = join(root, "tests/support/en16931/xslt");
const xslt = join(dir, "EN16931-CII-validation.xslt");
const work = mkdtempSync(join(tmpdir(), "en16931-"));
try {
  const sef = join(work, "cii.sef.json");
  execFileSync(process.execPath, [join(root, "node_modules/xslt3/xslt3.js"), `-xsl:${xslt}`, `-export:${sef}`, "-nogo", "-relocate:on"], {
    stdio: "inherit",
  });
  // mtime 0 in the gzip header: the same SEF always gives the same bytes.
  writeFileSync(join(dir, "EN16931-CII-validation.sef.json.gz"), gzipSync(readFileSync(sef), { level: 9 }));
  const hash = createHash("sha256").update(readFileSync(xslt)).digest("hex");
  writeFileSync(join(dir, "EN16931-CII-validation.sef.source-sha256"), `${hash}\n`);
  console.log(`compiled ${xslt} (sha256 ${hash})`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
