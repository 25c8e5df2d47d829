/**
 * `npm run backup [-- --out FILE]`: one file with the database (pg_dump on PostgreSQL, the
 * data dir on PGlite, which must not be in use by the shop), the uploaded media on local disk
 * and the generated session secret. Default: DATA_DIR/backups/aurore-<timestamp>.tar.gz.
 * See docs/operations.md.
 */
import { parseArgs } from "node:util";
import { createBackup } from "../app/.server/backup/backup";
import { fail, formatSize, shopLocationFromEnv } from "./lib/shop-location";

try {
  const { values } = parseArgs({ options: { out: { type: "string" } } });
  const shop = shopLocationFromEnv();
  const result = await createBackup(shop, { out: values.out });
  const { manifest } = result;
  const media = manifest.media.included ? `${manifest.media.count} media file(s)` : "media not included (S3 bucket)";
  console.log(`Backup written: ${result.file} (${formatSize(result.size)})`);
  console.log(`  database: ${manifest.database.kind}, last migration ${manifest.database.last_migration ?? "none"}; ${media}.`);
} catch (error) {
  fail(error);
}
