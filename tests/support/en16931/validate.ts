/**
 * The two validators an EN 16931 CII invoice must pass (docs/decisions/064-factur-x.md): the
 * UN/CEFACT D16B schema, with xmllint (Debian's libxml2-utils), and the CEN business rules, the
 * official schematron of ConnectingEurope/eInvoicing-EN16931 compiled to a Saxon-JS SEF.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";

const HERE = import.meta.dirname;
export const CII_XSD = join(HERE, "schema/CrossIndustryInvoice_100pD16B.xsd");
const XSLT = join(HERE, "xslt/EN16931-CII-validation.xslt");
const SEF = join(HERE, "xslt/EN16931-CII-validation.sef.json.gz");
const SEF_SOURCE_HASH = join(HERE, "xslt/EN16931-CII-validation.sef.source-sha256");

type SaxonJs = {
  transform(
    options: { stylesheetInternal: unknown; sourceText: string; destination: "serialized" },
    mode: "sync",
  ): { principalResult: string };
};

/** The schema's complaints, empty when the XML validates. */
export function xsdErrors(xml: string): string[] {
  const dir = mkdtempSync(join(tmpdir(), "cii-"));
  const file = join(dir, "factur-x.xml");
  try {
    writeFileSync(file, xml);
    execFileSync("xmllint", ["--noout", "--schema", CII_XSD, file], { stdio: "pipe" });
    return [];
  } catch (error) {
    const stderr = String((error as { stderr?: Buffer }).stderr ?? error);
    return stderr.split("\n").filter((l) => l.trim() !== "" && !l.endsWith("validates"));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

let stylesheet: unknown = null;
let saxon: SaxonJs | null = null;

/** Loads the SEF once per test file (~0.5 s), refusing one compiled from another XSLT. */
function loadStylesheet(): { saxon: SaxonJs; sef: unknown } {
  if (!stylesheet || !saxon) {
    const hash = createHash("sha256").update(readFileSync(XSLT)).digest("hex");
    const compiledFrom = readFileSync(SEF_SOURCE_HASH, "utf8").trim();
    if (hash !== compiledFrom) throw new Error("The EN 16931 SEF is stale: run node scripts/compile-en16931.mjs");
    stylesheet = JSON.parse(gunzipSync(readFileSync(SEF)).toString("utf8"));
    saxon = createRequire(import.meta.url)("saxon-js") as SaxonJs;
  }
  return { saxon, sef: stylesheet };
}

export type SchematronFailure = { id: string; flag: string; location: string; text: string };

/** Every failed assertion of the EN 16931 CII rules, fatal and warnings alike. */
export function schematronFailures(xml: string): SchematronFailure[] {
  const { saxon: s, sef } = loadStylesheet();
  const svrl = s.transform({ stylesheetInternal: sef, sourceText: xml, destination: "serialized" }, "sync").principalResult;
  const failures: SchematronFailure[] = [];
  for (const m of svrl.matchAll(/<svrl:failed-assert\b([^>]*)>([\s\S]*?)<\/svrl:failed-assert>/g)) {
    const attr = (name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(m[1])?.[1] ?? "";
    const body = /<svrl:text>([\s\S]*?)<\/svrl:text>/.exec(m[2])?.[1] ?? m[2];
    failures.push({ id: attr("id"), flag: attr("flag"), location: attr("location"), text: body.trim() });
  }
  return failures;
}

/** The fatal ones, as readable lines for an assertion message. */
export function fatalSchematronMessages(xml: string): string[] {
  return schematronFailures(xml)
    .filter((f) => f.flag === "fatal")
    .map((f) => `${f.id} at ${f.location}: ${f.text}`);
}
