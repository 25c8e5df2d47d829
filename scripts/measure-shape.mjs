#!/usr/bin/env node
// Measures the code's shape as docs/decisions/024-layering.md describes it: imports between
// modules, transactions opened outside workflows, bespoke answer types, HTTP status literals in
// routes, message keys that are French sentences, and the largest functions.
// `node scripts/measure-shape.mjs [root]`.
import { readdirSync, readFileSync } from "node:fs";
import ts from "typescript";
import { dirname, join, normalize, relative, sep } from "node:path";

const root = process.argv[2] ?? process.cwd();
const app = join(root, "app");
const server = join(app, ".server");

function filesUnder(dir, keep) {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .map((f) => join(dir, f))
    .filter((f) => keep(f));
}
const source = (f) => /\.(ts|tsx)$/.test(f) && !/\.test\.(ts|tsx)$/.test(f);

// Module -> module imports.
const modulesDir = join(server, "modules");
let imports = 0;
const pairs = new Set();
for (const file of filesUnder(modulesDir, source)) {
  const own = relative(modulesDir, file).split(sep)[0];
  for (const [, spec] of readFileSync(file, "utf8").matchAll(/from\s+"([^"]+)"/g)) {
    const resolved = spec.startsWith("~/") ? join(app, spec.slice(2)) : spec.startsWith(".") ? normalize(join(dirname(file), spec)) : null;
    if (!resolved || !resolved.startsWith(modulesDir + sep)) continue;
    const target = relative(modulesDir, resolved).split(sep)[0];
    if (target === own) continue;
    imports++;
    pairs.add(`${own}>${target}`);
  }
}
const twoWay = [...pairs].filter((p) => p.split(">")[0] < p.split(">")[1] && pairs.has(p.split(">").reverse().join(">")));

// Transactions.
const count = (files, pattern) => files.reduce((n, f) => n + (readFileSync(f, "utf8").match(pattern)?.length ?? 0), 0);
const tx = /\.transaction\(/g;
const moduleFiles = filesUnder(modulesDir, source);
const workflowFiles = filesUnder(join(server, "workflows"), source);
const routeFiles = filesUnder(join(app, "routes"), source);
const appFiles = filesUnder(app, source);

// Message keys that are French text (decision 055): a key holding a space, or a `.message.` key
// whose last part is not an ASCII code ("account.message.Livrée").
let sentenceKeys = 0;
for (const file of filesUnder(join(app, "locales", "en"), (f) => f.endsWith(".json"))) {
  sentenceKeys += Object.keys(JSON.parse(readFileSync(file, "utf8"))).filter(
    (k) => k.includes(" ") || (k.includes(".message.") && !/^[A-Za-z0-9.]+$/.test(k)),
  ).length;
}

const figures = {
  "module -> module imports": imports,
  "module -> module pairs": pairs.size,
  "two-way pairs": twoWay.length ? `${twoWay.length} (${twoWay.join(", ")})` : 0,
  "transactions opened in modules": count(moduleFiles, tx),
  "transactions opened in workflows": count(workflowFiles, tx),
  "*Answer types": count(appFiles, /\btype \w+Answer\b\s*=/g),
  "HTTP status literals in routes": count(routeFiles, /status:\s*\d{3}\b/g),
  "French-text message keys": sentenceKeys,
  "hand-rolled caches (a Map with a TTL outside the memos)": filesUnder(server, source).filter(
    (f) =>
      !/(db-memo|read-memo)\.ts$/.test(f) &&
      /expiresAt: number/.test(readFileSync(f, "utf8")) &&
      /new (Weak)?Map</.test(readFileSync(f, "utf8")),
  ).length,
};
for (const [name, value] of Object.entries(figures)) console.log(`${name.padEnd(68)} ${value}`);

// The largest functions (declarations, methods, arrows and function expressions), in lines.
const functions = [];
for (const file of appFiles) {
  const text = readFileSync(file, "utf8");
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const visit = (node) => {
    if (ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node) || ts.isArrowFunction(node) || ts.isFunctionExpression(node)) {
      const start = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
      const end = sf.getLineAndCharacterOfPosition(node.getEnd()).line;
      let name = node.name?.getText(sf);
      if (!name && ts.isVariableDeclaration(node.parent)) name = node.parent.name.getText(sf);
      functions.push({ lines: end - start + 1, where: `${relative(root, file)}:${start + 1}`, name: name ?? "(anonymous)" });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
}
console.log("\nthe 10 largest functions (lines)");
for (const f of functions.sort((a, b) => b.lines - a.lines).slice(0, 10))
  console.log(`${String(f.lines).padStart(6)}  ${f.name}  ${f.where}`);
