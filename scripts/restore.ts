/**
 * `npm run restore FILE`: restores a backup made by `npm run backup` into an empty database
 * (DATABASE_URL) or an empty DATA_DIR (PGlite). The file is checked whole first; a damaged,
 * foreign or newer file, or a target that is not empty, is refused and nothing is changed.
 * Start the shop afterwards: it applies any newer migrations. See docs/operations.md.
 */
import { parseArgs } from "node:util";
import { restoreBackup } from "../app/.server/backup/backup";
import { fail, shopLocationFromEnv } from "./lib/shop-location";

try {
  const { positionals } = parseArgs({ allowPositionals: true, options: {} });
  if (positionals.length !== 1) {
    console.error("Usage: npm run restore FILE");
    process.exit(2);
  }
  const shop = shopLocationFromEnv();
  const result = await restoreBackup(positionals[0], shop);
  const target = shop.databaseUrl ? "the PostgreSQL database (DATABASE_URL)" : `${shop.dataDir}`;
  console.log(`Backup of ${result.manifest.created_at} restored into ${target}.`);
  console.log(
    `  last migration ${result.lastMigration ?? "none"}; ${result.manifest.media.included ? `${result.media} media file(s)` : "media not included (they are in the S3 bucket)"}.`,
  );
  console.log("Start the shop: it applies any newer migrations.");
} catch (error) {
  fail(error);
}
