/**
 * The backup file: one gzip-compressed tar whose first member is `manifest.json`, followed by
 * the members it lists with their size and SHA-256. Reading checks everything (first member,
 * app, format version, names, sizes, checksums, nothing missing, nothing extra) into a staging
 * folder before the caller touches its target, so a truncated, altered or foreign file is
 * refused with nothing changed.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import tar from "tar-stream";
import { isMediaKey } from "../media/media-storage";

export const BACKUP_APP = "aurore";
/** Bumped when a backup stops being readable by an older restore. */
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_NAME = "manifest.json";

export type DatabaseKind = "pglite" | "postgres";

/** The database member: PostgreSQL's custom-format dump, or PGlite's own data-dir archive. */
export const DATABASE_MEMBER: Record<DatabaseKind, string> = {
  postgres: "database.pgdump",
  pglite: "database.pglite.tar.gz",
};
export const SESSION_SECRET_MEMBER = "session-secret";
export const MEDIA_PREFIX = "media/";

export type ManifestFile = { name: string; size: number; sha256: string };

export type Manifest = {
  app: typeof BACKUP_APP;
  format_version: number;
  created_at: string;
  database: {
    kind: DatabaseKind;
    /** The tag of the last migration applied (drizzle/meta/_journal.json), null if none. */
    last_migration: string | null;
    member: string;
  };
  media: { storage: "local"; included: true; count: number } | { storage: "s3"; included: false; note: string };
  files: ManifestFile[];
};

/** A refusal meant for the operator: the CLI prints its message alone, without a stack. */
export class BackupError extends Error {
  override name = "BackupError";
}

/** Member names a backup may hold: nothing that could leave the staging folder. */
export function isAllowedMember(name: string): boolean {
  if (name === SESSION_SECRET_MEMBER || Object.values(DATABASE_MEMBER).includes(name)) return true;
  return name.startsWith(MEDIA_PREFIX) && isMediaKey(name.slice(MEDIA_PREFIX.length));
}

export async function sha256File(file: string): Promise<string> {
  const hash = createHash("sha256");
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest("hex");
}

/**
 * Writes the archive to `out` through a temporary name renamed at the end: a crash leaves a
 * `.partial` file, never a half backup under the final name. `members` maps names to files.
 */
export async function writeArchive(out: string, manifest: Manifest, members: readonly { name: string; file: string }[]): Promise<void> {
  const partial = `${out}.partial`;
  const pack = tar.pack();
  const writing = pipeline(pack, zlib.createGzip({ level: 6 }), fs.createWriteStream(partial, { mode: 0o600 }));
  const mtime = new Date(manifest.created_at);
  try {
    await new Promise<void>((resolve, reject) =>
      pack.entry({ name: MANIFEST_NAME, mtime, mode: 0o600 }, JSON.stringify(manifest, null, 2), (err) => (err ? reject(err) : resolve())),
    );
    for (const member of members) {
      const size = (await fs.promises.stat(member.file)).size;
      await new Promise<void>((resolve, reject) => {
        const sink = pack.entry({ name: member.name, size, mtime, mode: 0o600 }, (err) => (err ? reject(err) : resolve()));
        fs.createReadStream(member.file).on("error", reject).pipe(sink);
      });
    }
    pack.finalize();
    await writing;
    await fs.promises.rename(partial, out);
  } catch (error) {
    pack.destroy();
    await writing.catch(() => {});
    await fs.promises.rm(partial, { force: true });
    throw error;
  }
}

function parseManifest(text: string): Manifest {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new BackupError("This file is not an Aurore backup: its manifest is not readable.");
  }
  const m = value as Partial<Manifest> | null;
  if (!m || typeof m !== "object" || m.app !== BACKUP_APP) {
    throw new BackupError(`This file is not an Aurore backup (its manifest names the app ${JSON.stringify(m?.app ?? null)}).`);
  }
  if (typeof m.format_version !== "number" || !Number.isInteger(m.format_version)) {
    throw new BackupError("This backup's manifest has no format version: it cannot be restored.");
  }
  if (m.format_version > BACKUP_FORMAT_VERSION) {
    throw new BackupError(
      `This backup uses format ${m.format_version}, newer than this version of Aurore reads (${BACKUP_FORMAT_VERSION}): restore it with the version that made it, or a newer one.`,
    );
  }
  const kind = m.database?.kind;
  if ((kind !== "pglite" && kind !== "postgres") || m.database?.member !== DATABASE_MEMBER[kind] || !Array.isArray(m.files)) {
    throw new BackupError("This backup's manifest is incomplete: it cannot be restored.");
  }
  for (const f of m.files) {
    if (
      !f ||
      typeof f.name !== "string" ||
      !isAllowedMember(f.name) ||
      !Number.isInteger(f.size) ||
      !/^[0-9a-f]{64}$/.test(String(f.sha256))
    ) {
      throw new BackupError(`This backup's manifest lists a member it may not hold: ${JSON.stringify(f?.name)}.`);
    }
  }
  if (!m.files.some((f) => f.name === m.database!.member)) throw new BackupError("This backup's manifest lists no database.");
  return m as Manifest;
}

const MAX_MANIFEST_BYTES = 16 * 1024 * 1024;

/**
 * Reads and checks the whole archive, extracting its members under `staging` (which must exist
 * and be empty). Returns the manifest once every listed member arrived whole and unaltered.
 */
export async function readArchive(file: string, staging: string): Promise<Manifest> {
  if (!fs.existsSync(file)) throw new BackupError(`No such file: ${file}`);
  const extract = tar.extract();
  const reading = pipeline(fs.createReadStream(file), zlib.createGunzip(), extract);
  let manifest: Manifest | undefined;
  const seen = new Set<string>();
  try {
    for await (const entry of extract) {
      const { name, type } = entry.header;
      if (!manifest) {
        if (name !== MANIFEST_NAME || type !== "file" || entry.header.size > MAX_MANIFEST_BYTES) {
          throw new BackupError("This file is not an Aurore backup: it does not start with a manifest.");
        }
        const chunks: Buffer[] = [];
        for await (const chunk of entry) chunks.push(chunk as Buffer);
        manifest = parseManifest(Buffer.concat(chunks).toString("utf8"));
        continue;
      }
      const expected = manifest.files.find((f) => f.name === name);
      if (!expected || type !== "file" || seen.has(name)) {
        throw new BackupError(`This backup holds a member its manifest does not list: ${JSON.stringify(name)}.`);
      }
      seen.add(name);
      const target = path.join(staging, name);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      const hash = createHash("sha256");
      let size = 0;
      await pipeline(
        entry,
        async function* (source) {
          for await (const chunk of source) {
            hash.update(chunk as Buffer);
            size += (chunk as Buffer).length;
            // A member larger than listed is refused as it arrives, not after filling the disk.
            if (size > expected.size) throw new BackupError(`This backup is damaged: ${name} is larger than its manifest says.`);
            yield chunk;
          }
        },
        fs.createWriteStream(target, { mode: 0o600 }),
      );
      if (size !== expected.size || hash.digest("hex") !== expected.sha256) {
        throw new BackupError(`This backup is damaged: ${name} does not match its checksum.`);
      }
    }
    await reading;
  } catch (error) {
    extract.destroy();
    await reading.catch(() => {});
    if (error instanceof BackupError) throw error;
    throw new BackupError(`This backup cannot be read (truncated or damaged file): ${(error as Error).message}`);
  }
  if (!manifest) throw new BackupError("This file is not an Aurore backup: it is empty.");
  const missing = manifest.files.filter((f) => !seen.has(f.name));
  if (missing.length > 0) {
    throw new BackupError(`This backup is incomplete (truncated?): ${missing.length} member(s) missing, first ${missing[0].name}.`);
  }
  return manifest;
}
