/**
 * What `npm run backup` and `npm run restore` read from the environment, like `npm start` does:
 * a local `.env` first (real environment variables win), then the shop's checked configuration.
 */
import fs from "node:fs";
import path from "node:path";
import { parseEnv } from "../../app/.server/env";
import type { ShopLocation } from "../../app/.server/backup/backup";

function loadDotEnv(file = path.resolve(".env")): void {
  if (!fs.existsSync(file)) return;
  for (const line of fs.readFileSync(file, "utf8").split(/\r?\n/)) {
    const m = /^\s*([A-Z0-9_]+)\s*=\s*(.*)\s*$/.exec(line);
    if (m) process.env[m[1]] ??= m[2].replace(/^"(.*)"$/, "$1");
  }
}

export function shopLocationFromEnv(): ShopLocation {
  loadDotEnv();
  const env = parseEnv();
  return { dataDir: env.dataDir, databaseUrl: env.DATABASE_URL, mediaStorage: env.S3_BUCKET ? "s3" : "local" };
}

/** Operator refusals print their message alone; anything else keeps its stack. */
export function fail(error: unknown): never {
  if (error instanceof Error && error.name === "BackupError") console.error(`\n${error.message}\n`);
  else console.error(error);
  process.exit(1);
}

export function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
