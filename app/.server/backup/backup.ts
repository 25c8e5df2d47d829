/**
 * `npm run backup` and `npm run restore` (docs/decisions/041-backups-and-object-storage.md,
 * docs/operations.md). One file holds the database, the uploaded media kept on local disk and
 * the generated session secret; restore writes only into an empty database or data directory.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { isMediaKey } from "../media/media-storage";
import {
  BACKUP_APP,
  BACKUP_FORMAT_VERSION,
  BackupError,
  DATABASE_MEMBER,
  MEDIA_PREFIX,
  SESSION_SECRET_MEMBER,
  readArchive,
  sha256File,
  writeArchive,
  type Manifest,
} from "./archive";
import {
  dumpPglite,
  dumpPostgres,
  isKnownMigration,
  postgresLastMigration,
  postgresTableCount,
  restorePglite,
  restorePostgres,
} from "./database";

export { BackupError } from "./archive";

/** Where the shop keeps its data (read from the environment by the scripts, given by tests). */
export type ShopLocation = {
  /** DATA_DIR, absolute. */
  dataDir: string;
  /** DATABASE_URL: the PostgreSQL database; absent for the embedded one in DATA_DIR/pglite. */
  databaseUrl?: string;
  /** "s3" when S3_BUCKET is set: media stay in the bucket and are not in the backup. */
  mediaStorage: "local" | "s3";
};

const SESSION_SECRET_FILE = "session-secret";
const pgliteDir = (dataDir: string) => path.join(dataDir, "pglite");
const uploadsDir = (dataDir: string) => path.join(dataDir, "uploads");

export function defaultBackupFile(dataDir: string, now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replace(/:/g, "-");
  return path.join(dataDir, "backups", `aurore-${stamp}.tar.gz`);
}

/** The uploaded media under DATA_DIR/uploads, as keys (products/..., reviews/...); temp files skipped. */
async function listLocalMedia(dataDir: string): Promise<string[]> {
  const root = uploadsDir(dataDir);
  const keys: string[] = [];
  for (const folder of ["products", "reviews"]) {
    const dir = path.join(root, folder);
    if (!fs.existsSync(dir)) continue;
    for (const name of await fs.promises.readdir(dir)) {
      const key = `${folder}/${name}`;
      if (isMediaKey(key)) keys.push(key);
    }
  }
  return keys.sort();
}

export type BackupResult = { file: string; size: number; manifest: Manifest };

export async function createBackup(shop: ShopLocation, options: { out?: string; now?: Date } = {}): Promise<BackupResult> {
  const now = options.now ?? new Date();
  const out = path.resolve(options.out ?? defaultBackupFile(shop.dataDir, now));
  if (fs.existsSync(out)) throw new BackupError(`${out} already exists: choose another name (--out).`);
  await fs.promises.mkdir(path.dirname(out), { recursive: true });
  const staging = `${out}.staging-${randomBytes(4).toString("hex")}`;
  await fs.promises.mkdir(staging, { recursive: true, mode: 0o700 });
  try {
    const kind = shop.databaseUrl ? "postgres" : "pglite";
    const dbMember = DATABASE_MEMBER[kind];
    const dbFile = path.join(staging, dbMember);
    let lastMigration: string | null;
    if (shop.databaseUrl) {
      lastMigration = await postgresLastMigration(shop.databaseUrl);
      await dumpPostgres(shop.databaseUrl, dbFile);
    } else {
      ({ lastMigration } = await dumpPglite(pgliteDir(shop.dataDir), dbFile));
    }
    const members: { name: string; file: string }[] = [{ name: dbMember, file: dbFile }];

    // Media after the database: every image the dump refers to was stored before its row was
    // written, so it is on disk now (unless deleted since, which only happens once no row shows it).
    let media: Manifest["media"];
    if (shop.mediaStorage === "s3") {
      media = {
        storage: "s3",
        included: false,
        note: "Media are in the S3 bucket (S3_BUCKET) and not in this backup: back up the bucket itself.",
      };
    } else {
      const keys = await listLocalMedia(shop.dataDir);
      for (const key of keys) {
        const target = path.join(staging, MEDIA_PREFIX, key);
        await fs.promises.mkdir(path.dirname(target), { recursive: true });
        try {
          await fs.promises.copyFile(path.join(uploadsDir(shop.dataDir), key), target);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === "ENOENT") continue; // deleted meanwhile
          throw error;
        }
        members.push({ name: `${MEDIA_PREFIX}${key}`, file: target });
      }
      media = { storage: "local", included: true, count: members.length - 1 };
    }

    // The generated secret signs sessions and encrypts two-factor secrets: a restore without it
    // would lock every two-factor account out. (A SESSION_SECRET from the environment is the
    // operator's to keep.)
    const secretFile = path.join(shop.dataDir, SESSION_SECRET_FILE);
    if (fs.existsSync(secretFile)) members.push({ name: SESSION_SECRET_MEMBER, file: secretFile });

    const files = [];
    for (const member of members) {
      files.push({ name: member.name, size: (await fs.promises.stat(member.file)).size, sha256: await sha256File(member.file) });
    }
    const manifest: Manifest = {
      app: BACKUP_APP,
      format_version: BACKUP_FORMAT_VERSION,
      created_at: now.toISOString(),
      database: { kind, last_migration: lastMigration, member: dbMember },
      media,
      files,
    };
    await writeArchive(out, manifest, members);
    return { file: out, size: (await fs.promises.stat(out)).size, manifest };
  } finally {
    await fs.promises.rm(staging, { recursive: true, force: true });
  }
}

async function isEmptyDir(dir: string): Promise<boolean> {
  try {
    return (await fs.promises.readdir(dir)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return true;
    throw error;
  }
}

/** Files under a folder, recursively (0 when absent). */
async function fileCount(dir: string): Promise<number> {
  if (!fs.existsSync(dir)) return 0;
  const entries = await fs.promises.readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).length;
}

/** Refuses, before anything is written, any target that is not empty or not of the backup's kind. */
async function checkTarget(shop: ShopLocation, manifest: Manifest, staging: string): Promise<void> {
  const kind = manifest.database.kind;
  if (kind === "postgres" && !shop.databaseUrl) {
    throw new BackupError(
      "This backup holds a PostgreSQL database: set DATABASE_URL to an empty database (createdb) and run restore again.",
    );
  }
  if (kind === "pglite" && shop.databaseUrl) {
    throw new BackupError("This backup holds the embedded (PGlite) database: unset DATABASE_URL to restore it into DATA_DIR.");
  }
  if (!isKnownMigration(manifest.database.last_migration)) {
    throw new BackupError(
      `This backup was made by a newer version of Aurore (migration ${manifest.database.last_migration}): upgrade this installation first.`,
    );
  }
  if (shop.databaseUrl) {
    const tables = await postgresTableCount(shop.databaseUrl);
    if (tables > 0) {
      throw new BackupError(
        `The target database is not empty (${tables} tables): restore into a new, empty database (createdb), nothing was changed.`,
      );
    }
  } else if (!(await isEmptyDir(pgliteDir(shop.dataDir)))) {
    throw new BackupError(`${pgliteDir(shop.dataDir)} already holds a database: restore into an empty DATA_DIR, nothing was changed.`);
  }
  if (manifest.media.included && (await fileCount(uploadsDir(shop.dataDir))) > 0) {
    throw new BackupError(`${uploadsDir(shop.dataDir)} already holds files: restore into an empty DATA_DIR, nothing was changed.`);
  }
  const secretTarget = path.join(shop.dataDir, SESSION_SECRET_FILE);
  if (manifest.files.some((f) => f.name === SESSION_SECRET_MEMBER) && fs.existsSync(secretTarget)) {
    const ours = (await fs.promises.readFile(secretTarget, "utf8")).trim();
    const theirs = (await fs.promises.readFile(path.join(staging, SESSION_SECRET_MEMBER), "utf8")).trim();
    if (ours !== theirs) {
      throw new BackupError(
        `${secretTarget} differs from the backup's session secret (needed for two-factor sign-ins): remove it and run restore again, nothing was changed.`,
      );
    }
  }
}

export type RestoreResult = { manifest: Manifest; media: number; lastMigration: string | null };

/**
 * Restores `file` into the shop at `shop`: the whole archive is checked first, then the target
 * (empty database or data directory, same kind as the backup); only then is anything written.
 * The shop applies newer migrations itself at its next start.
 */
export async function restoreBackup(file: string, shop: ShopLocation): Promise<RestoreResult> {
  // Staged inside DATA_DIR: writable, and on the same disk as the files restored from it.
  const createdDataDir = !fs.existsSync(shop.dataDir);
  await fs.promises.mkdir(shop.dataDir, { recursive: true });
  const staging = await fs.promises.mkdtemp(path.join(shop.dataDir, ".restore-"));
  try {
    const manifest = await readArchive(path.resolve(file), staging);
    await checkTarget(shop, manifest, staging);

    const dbFile = path.join(staging, manifest.database.member);
    let lastMigration: string | null;
    if (shop.databaseUrl) {
      await restorePostgres(shop.databaseUrl, dbFile);
      lastMigration = await postgresLastMigration(shop.databaseUrl);
    } else {
      const dir = pgliteDir(shop.dataDir);
      try {
        ({ lastMigration } = await restorePglite(dir, dbFile));
      } catch (error) {
        // It was empty or absent: leave it so.
        await fs.promises.rm(dir, { recursive: true, force: true });
        throw error;
      }
    }

    let media = 0;
    if (manifest.media.included) {
      for (const f of manifest.files.filter((m) => m.name.startsWith(MEDIA_PREFIX))) {
        const target = path.join(uploadsDir(shop.dataDir), f.name.slice(MEDIA_PREFIX.length));
        await fs.promises.mkdir(path.dirname(target), { recursive: true });
        await fs.promises.copyFile(path.join(staging, f.name), target, fs.constants.COPYFILE_EXCL);
        media++;
      }
    }
    const secretTarget = path.join(shop.dataDir, SESSION_SECRET_FILE);
    if (manifest.files.some((f) => f.name === SESSION_SECRET_MEMBER) && !fs.existsSync(secretTarget)) {
      await fs.promises.mkdir(shop.dataDir, { recursive: true });
      await fs.promises.copyFile(path.join(staging, SESSION_SECRET_MEMBER), secretTarget);
      await fs.promises.chmod(secretTarget, 0o600);
    }
    return { manifest, media, lastMigration };
  } finally {
    await fs.promises.rm(staging, { recursive: true, force: true });
    if (createdDataDir && (await isEmptyDir(shop.dataDir))) await fs.promises.rmdir(shop.dataDir).catch(() => {});
  }
}
