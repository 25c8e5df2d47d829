// `npm start`: build when the build is missing or older than the sources, then serve.
// Migrations and demo data are applied by the server itself at boot (PGlite is single-process).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const marker = path.join(root, "build", "server", "index.js");

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else newest = Math.max(newest, fs.statSync(full).mtimeMs);
  }
  return newest;
}

function needsBuild() {
  if (!fs.existsSync(marker)) return true;
  const built = fs.statSync(marker).mtimeMs;
  const inputs = ["app", "public"].map((d) => path.join(root, d)).filter((d) => fs.existsSync(d));
  const configs = ["vite.config.ts", "react-router.config.ts", "package.json"].map((f) => path.join(root, f));
  const newest = Math.max(...inputs.map(newestMtime), ...configs.map((f) => fs.statSync(f).mtimeMs));
  return newest > built;
}

// A local .env is optional; real environment variables win.
if (fs.existsSync(path.join(root, ".env"))) {
  for (const [k, v] of Object.entries(parseEnvFile(fs.readFileSync(path.join(root, ".env"), "utf8")))) process.env[k] ??= v;
}

function parseEnvFile(text) {
  const out = {};
  for (const line of text.split(/\r?\n/)) {
    const m = /^\s*([A-Z0-9_]+)\s*=\s*(.*)\s*$/.exec(line);
    if (m) out[m[1]] = m[2].replace(/^"(.*)"$/, "$1");
  }
  return out;
}

if (needsBuild()) {
  console.log("Building the shop (first start or sources changed)...");
  const result = spawnSync("npx", ["react-router", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// One process on PGlite, one worker per core on PostgreSQL (server/cluster.mjs, decision 039).
const { startShop } = await import("../server/cluster.mjs");
await startShop();
