/**
 * Backups end to end on real databases: a shop with orders (one paid partly with a gift card and
 * points), stock, a loyalty balance and an uploaded image is backed up, restored into a fresh
 * target, opened, and found the same. PGlite always; PostgreSQL too when TEST_DATABASE_URL is set.
 * Then every refusal: target not empty, truncated, altered, foreign, newer, shop running.
 */
import { issueTestGiftCard } from "../../../tests/support/gift-cards";
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { asc, eq, inArray } from "drizzle-orm";
import tar from "tar-stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PlaceOrderSchema } from "~/domain/checkout/checkout.schema";
import { PG_TEMPLATE_DB, TEMPLATE_DUMP, adminQuery, testDatabaseUrl, withDatabase } from "../../../tests/support/db";
import { settled } from "../../../tests/support/domain-result";
import { APPROVED_CARD, CONTACT, createShopper, pickProducts } from "../../../tests/support/shoppers";
import { migrateDatabase, openDatabase, type Database, type DatabaseHandle } from "../db/client";
import { seedDemoData } from "../db/seed/demo";
import { giftCards, orderItems, orders, products, userProfiles } from "../db/schema";
import { SimulatedPaymentProvider } from "../modules/payments/payment-provider";
import { placeOrder as placeOrderOrThrow } from "../workflows/place-order";
import { BACKUP_FORMAT_VERSION, MANIFEST_NAME, readArchive, writeArchive, type Manifest } from "./archive";
import { BackupError, createBackup, restoreBackup, type ShopLocation } from "./backup";
import { journal } from "./database";

const placeOrder = (...args: Parameters<typeof placeOrderOrThrow>) => settled(placeOrderOrThrow(...args));

const root = fs.mkdtempSync(path.join(os.tmpdir(), "aurore-backup-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const MEDIA_KEY = "products/1735689600000-abcdefgh12345678.webp";
const MEDIA_BYTES = Buffer.from("RIFF....WEBPVP8 fake image bytes");
const LAST_MIGRATION = journal().at(-1)!.tag;

type Facts = {
  orders: { number: string; total: number; status: string; giftCard: number; points: number; items: number }[];
  stock: Record<string, number>;
  points: number;
  giftCardBalance: number;
};

type Shop = { shopperId: string; productIds: string[]; giftCardId: string };

/** Two orders through the checkout workflow: one with points and part of a gift card. */
async function fillShop(db: Database): Promise<Shop> {
  const provider = new SimulatedPaymentProvider(db, `backup-${randomUUID()}`);
  const shopper = await createShopper(db, { points: 700 });
  const [a, b] = await pickProducts(db, 2, 30);
  const card = await issueTestGiftCard(db, { amountCents: 2000 });
  const request = (input: Record<string, unknown>) =>
    PlaceOrderSchema.parse({ contact: CONTACT, card: APPROVED_CARD, address_id: shopper.addressId, ...input });
  const first = await placeOrder(db, {
    userId: shopper.id,
    idempotencyKey: randomUUID(),
    request: request({ lines: [{ product_id: a.id, quantity: 3 }], points_to_use: 100, gift_card_codes: [card.code] }),
    provider,
  });
  const second = await placeOrder(db, {
    userId: shopper.id,
    idempotencyKey: randomUUID(),
    request: request({ lines: [{ product_id: b.id, quantity: 2 }] }),
    provider,
  });
  expect(first.ok && second.ok).toBe(true);
  return { shopperId: shopper.id, productIds: [a.id, b.id], giftCardId: card.id };
}

async function factsOf(db: Database, shop: Shop): Promise<Facts> {
  const rows = await db
    .select({
      id: orders.id,
      number: orders.orderNumber,
      total: orders.totalCents,
      status: orders.status,
      giftCard: orders.giftCardCents,
      points: orders.pointsUsed,
    })
    .from(orders)
    .where(eq(orders.userId, shop.shopperId))
    .orderBy(asc(orders.orderNumber));
  const items = await db
    .select({ orderId: orderItems.orderId })
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        rows.map((r) => r.id),
      ),
    );
  const stock = await db.select({ id: products.id, s: products.stockQuantity }).from(products).where(inArray(products.id, shop.productIds));
  const [profile] = await db.select({ p: userProfiles.loyaltyPoints }).from(userProfiles).where(eq(userProfiles.id, shop.shopperId));
  const [card] = await db.select({ b: giftCards.balanceCents }).from(giftCards).where(eq(giftCards.id, shop.giftCardId));
  return {
    orders: rows.map(({ id, ...r }) => ({ ...r, items: items.filter((i) => i.orderId === id).length })),
    stock: Object.fromEntries(stock.map((r) => [r.id, r.s])),
    points: profile.p,
    giftCardBalance: card.b,
  };
}

/** The facts the shop was built to show, so a backup of an empty or wrong shop cannot pass. */
function expectBuiltShop(facts: Facts, shop: Shop) {
  expect(facts.orders).toHaveLength(2);
  expect(facts.orders.every((o) => o.total > 0 && o.status === "pending")).toBe(true);
  expect(facts.orders.map((o) => o.points).sort()).toEqual([0, 100]);
  expect(facts.orders.some((o) => o.giftCard > 0)).toBe(true);
  expect(facts.stock[shop.productIds[0]]).toBe(27);
  expect(facts.stock[shop.productIds[1]]).toBe(28);
  expect(facts.points).toBeLessThan(700);
  expect(facts.giftCardBalance).toBeLessThan(2000);
}

function seedSourceFiles(dataDir: string) {
  fs.mkdirSync(path.join(dataDir, "uploads", "products"), { recursive: true });
  fs.writeFileSync(path.join(dataDir, "uploads", MEDIA_KEY), MEDIA_BYTES);
  fs.writeFileSync(path.join(dataDir, "session-secret"), `${"s".repeat(64)}\n`, { mode: 0o600 });
}

function expectRestoredFiles(dataDir: string) {
  expect(fs.readFileSync(path.join(dataDir, "uploads", MEDIA_KEY))).toEqual(MEDIA_BYTES);
  expect(fs.readFileSync(path.join(dataDir, "session-secret"), "utf8").trim()).toBe("s".repeat(64));
}

/** A seeded PGlite data dir: the test template when there is one, else migrated and seeded here. */
async function seededPglite(dataDir: string): Promise<DatabaseHandle> {
  const dir = path.join(dataDir, "pglite");
  if (!testDatabaseUrl() && fs.existsSync(TEMPLATE_DUMP)) {
    return openDatabase({ kind: "pglite", dataDir: dir, loadDataDir: new Blob([fs.readFileSync(TEMPLATE_DUMP)]) });
  }
  const handle = await openDatabase({ kind: "pglite", dataDir: dir });
  await migrateDatabase(handle);
  await seedDemoData(handle.db);
  return handle;
}

// ------------------------------------------------------------------ PGlite

describe("backup and restore on PGlite", () => {
  const source: ShopLocation = { dataDir: path.join(root, "pglite-source"), mediaStorage: "local" };
  let shop: Shop;
  let before: Facts;
  let backupFile: string;

  beforeAll(async () => {
    const handle = await seededPglite(source.dataDir);
    try {
      shop = await fillShop(handle.db);
      before = await factsOf(handle.db, shop);
    } finally {
      await handle.close();
    }
    seedSourceFiles(source.dataDir);
  });

  it("refuses to back up while another process (the shop) holds the data dir", async () => {
    const other: ChildProcess = spawn("sleep", ["30"], { stdio: "ignore" });
    try {
      fs.writeFileSync(path.join(source.dataDir, "pglite.lock"), String(other.pid));
      await expect(createBackup(source, { out: path.join(root, "busy.tar.gz") })).rejects.toThrow(/in use by process/);
      expect(fs.existsSync(path.join(root, "busy.tar.gz"))).toBe(false);
    } finally {
      other.kill();
      fs.rmSync(path.join(source.dataDir, "pglite.lock"), { force: true });
    }
  });

  it("backs up into one file under DATA_DIR/backups with a manifest, and restores the same shop into an empty DATA_DIR", async () => {
    expectBuiltShop(before, shop);
    const result = await createBackup(source, { now: new Date("2026-03-04T05:06:07.123Z") });
    backupFile = result.file;
    expect(result.file).toBe(path.join(source.dataDir, "backups", "aurore-2026-03-04T05-06-07Z.tar.gz"));
    expect(result.size).toBe(fs.statSync(result.file).size);
    expect(fs.readdirSync(path.dirname(result.file))).toEqual([path.basename(result.file)]);
    expect(result.manifest).toMatchObject({
      app: "aurore",
      format_version: BACKUP_FORMAT_VERSION,
      created_at: "2026-03-04T05:06:07.123Z",
      database: { kind: "pglite", last_migration: LAST_MIGRATION, member: "database.pglite.tar.gz" },
      media: { storage: "local", included: true, count: 1 },
    });
    expect(result.manifest.files.map((f) => f.name).sort()).toEqual(["database.pglite.tar.gz", `media/${MEDIA_KEY}`, "session-secret"]);

    const target: ShopLocation = { dataDir: path.join(root, "pglite-target"), mediaStorage: "local" };
    const restored = await restoreBackup(result.file, target);
    expect(restored).toMatchObject({ media: 1, lastMigration: LAST_MIGRATION });
    expectRestoredFiles(target.dataDir);
    // Nothing of the staging is left in the restored DATA_DIR.
    expect(fs.readdirSync(target.dataDir).sort()).toEqual(["pglite", "session-secret", "uploads"]);

    const handle = await openDatabase({ kind: "pglite", dataDir: path.join(target.dataDir, "pglite") });
    try {
      expect(await factsOf(handle.db, shop)).toEqual(before);
      // The shop's start still works on it: migrations apply (none are newer) without error.
      await migrateDatabase(handle);
    } finally {
      await handle.close();
    }

    // Restoring again into the now full DATA_DIR is refused, and nothing changes there.
    const mtime = fs.statSync(path.join(target.dataDir, "pglite", "PG_VERSION")).mtimeMs;
    await expect(restoreBackup(result.file, target)).rejects.toThrow(/already holds a database.*nothing was changed/);
    expect(fs.statSync(path.join(target.dataDir, "pglite", "PG_VERSION")).mtimeMs).toBe(mtime);
    expect(fs.readdirSync(target.dataDir).sort()).toEqual(["pglite", "session-secret", "uploads"]);
  });

  it("refuses an empty data dir's uploads folder that already holds files, and a session secret that differs", async () => {
    const withUploads = path.join(root, "pglite-uploads");
    fs.mkdirSync(path.join(withUploads, "uploads", "products"), { recursive: true });
    fs.writeFileSync(path.join(withUploads, "uploads", "products", "other.webp"), "x");
    await expect(restoreBackup(backupFile, { dataDir: withUploads, mediaStorage: "local" })).rejects.toThrow(/uploads already holds files/);
    expect(fs.existsSync(path.join(withUploads, "pglite"))).toBe(false);

    const withSecret = path.join(root, "pglite-secret");
    fs.mkdirSync(withSecret);
    fs.writeFileSync(path.join(withSecret, "session-secret"), "t".repeat(64));
    await expect(restoreBackup(backupFile, { dataDir: withSecret, mediaStorage: "local" })).rejects.toThrow(
      /differs from the backup's session secret/,
    );
    expect(fs.readdirSync(withSecret)).toEqual(["session-secret"]);
  });

  describe("damaged, foreign and newer files are refused with nothing changed", () => {
    const cases: [string, () => Promise<string>, RegExp][] = [
      [
        "a truncated file",
        async () => {
          const bytes = fs.readFileSync(backupFile);
          return writeFile("truncated.tar.gz", bytes.subarray(0, Math.floor(bytes.length * 0.6)));
        },
        /truncated or damaged|incomplete/,
      ],
      ["a file cut right after its manifest", async () => rewrite("cut.tar.gz", (m, members) => [m, members.slice(0, 0)]), /incomplete/],
      [
        "a member altered after the backup",
        async () =>
          rewrite("altered.tar.gz", (m, members) => {
            const db = members.find((x) => x.name === m.database.member)!;
            const bytes = fs.readFileSync(db.file);
            bytes[bytes.length - 10] ^= 0xff;
            fs.writeFileSync(db.file, bytes);
            return [m, members];
          }),
        /does not match its checksum/,
      ],
      [
        "a file from another app",
        async () => rewrite("other-app.tar.gz", (m, members) => [{ ...m, app: "boutique" as "aurore" }, members]),
        /not an Aurore backup/,
      ],
      [
        "a tar.gz without a manifest",
        async () => tarGz("no-manifest.tar.gz", [{ name: "dump.sql", data: "SELECT 1;" }]),
        /does not start with a manifest/,
      ],
      ["a file that is not a tar.gz at all", async () => writeFile("plain.tar.gz", Buffer.from("hello")), /cannot be read/],
      [
        "a newer backup format",
        async () => rewrite("newer.tar.gz", (m, members) => [{ ...m, format_version: BACKUP_FORMAT_VERSION + 1 }, members]),
        /format 2, newer than this version of Aurore reads/,
      ],
      [
        "a backup made by a newer version (unknown migration)",
        async () =>
          rewrite("newer-app.tar.gz", (m, members) => [{ ...m, database: { ...m.database, last_migration: "9999_future" } }, members]),
        /newer version of Aurore \(migration 9999_future\)/,
      ],
    ];
    it.each(cases)("%s", async (_label, make, message) => {
      const file = await make();
      const target = path.join(root, `refused-${randomBytes(4).toString("hex")}`);
      const error = await restoreBackup(file, { dataDir: target, mediaStorage: "local" }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(BackupError);
      expect((error as Error).message).toMatch(message);
      expect(fs.existsSync(target)).toBe(false);
    });
  });

  async function writeFile(name: string, bytes: Buffer): Promise<string> {
    const file = path.join(root, name);
    fs.writeFileSync(file, bytes);
    return file;
  }

  /** The real backup, unpacked, changed and packed again with the manifest it is given. */
  async function rewrite(
    name: string,
    change: (m: Manifest, members: { name: string; file: string }[]) => [Manifest, { name: string; file: string }[]],
  ): Promise<string> {
    const staging = fs.mkdtempSync(path.join(root, "rewrite-"));
    const manifest = await readArchive(backupFile, staging);
    const [m, members] = change(
      manifest,
      manifest.files.map((f) => ({ name: f.name, file: path.join(staging, f.name) })),
    );
    const out = path.join(root, name);
    await writeArchive(out, m, members);
    return out;
  }

  async function tarGz(name: string, entries: { name: string; data: string }[]): Promise<string> {
    const pack = tar.pack();
    for (const e of entries) pack.entry({ name: e.name }, e.data);
    pack.finalize();
    const chunks: Buffer[] = [];
    for await (const chunk of pack.pipe(zlib.createGzip())) chunks.push(chunk as Buffer);
    return writeFile(name, Buffer.concat(chunks));
  }

  it("writes the manifest first in the archive", async () => {
    const extract = tar.extract();
    fs.createReadStream(backupFile).pipe(zlib.createGunzip()).pipe(extract);
    for await (const entry of extract) {
      expect(entry.header.name).toBe(MANIFEST_NAME);
      entry.resume();
      break;
    }
    extract.destroy();
  });
});

// ------------------------------------------------------------------ PostgreSQL

const serverUrl = testDatabaseUrl();

describe.runIf(serverUrl)("backup and restore on PostgreSQL", () => {
  const suffix = `${process.pid}_${randomBytes(4).toString("hex")}`;
  const sourceDb = `backup_source_${suffix}`;
  const targetDb = `backup_restore_${suffix}`;
  const dataDir = path.join(root, "pg-source");
  let shop: Shop;
  let before: Facts;

  beforeAll(async () => {
    await adminQuery(serverUrl!, [`CREATE DATABASE ${sourceDb} TEMPLATE ${PG_TEMPLATE_DB}`, `CREATE DATABASE ${targetDb}`]);
    const handle = await openDatabase({ kind: "postgres", url: withDatabase(serverUrl!, sourceDb), poolSize: 4 });
    try {
      shop = await fillShop(handle.db);
      before = await factsOf(handle.db, shop);
    } finally {
      await handle.close();
    }
    seedSourceFiles(dataDir);
  });
  afterAll(async () => {
    await adminQuery(serverUrl!, [`DROP DATABASE IF EXISTS ${sourceDb} WITH (FORCE)`, `DROP DATABASE IF EXISTS ${targetDb} WITH (FORCE)`]);
  });

  it("backs up with pg_dump and restores the same shop into an empty database, then refuses that database once full", async () => {
    expectBuiltShop(before, shop);
    const source: ShopLocation = { dataDir, databaseUrl: withDatabase(serverUrl!, sourceDb), mediaStorage: "local" };
    const out = path.join(root, "pg.tar.gz");
    const result = await createBackup(source, { out });
    expect(result.manifest.database).toEqual({ kind: "postgres", last_migration: LAST_MIGRATION, member: "database.pgdump" });
    expect(result.manifest.files.map((f) => f.name).sort()).toEqual(["database.pgdump", `media/${MEDIA_KEY}`, "session-secret"]);

    const target: ShopLocation = {
      dataDir: path.join(root, "pg-target"),
      databaseUrl: withDatabase(serverUrl!, targetDb),
      mediaStorage: "local",
    };
    // A PostgreSQL backup into the embedded database (no DATABASE_URL) is refused.
    await expect(restoreBackup(out, { ...target, databaseUrl: undefined })).rejects.toThrow(/set DATABASE_URL/);

    const restored = await restoreBackup(out, target);
    expect(restored).toMatchObject({ media: 1, lastMigration: LAST_MIGRATION });
    expectRestoredFiles(target.dataDir);
    const handle = await openDatabase({ kind: "postgres", url: target.databaseUrl!, poolSize: 2 });
    try {
      expect(await factsOf(handle.db, shop)).toEqual(before);
      await migrateDatabase(handle);
    } finally {
      await handle.close();
    }

    // Now full: a second restore is refused before pg_restore runs (it would fail half-way).
    fs.rmSync(path.join(target.dataDir, "uploads"), { recursive: true });
    await expect(restoreBackup(out, target)).rejects.toThrow(/target database is not empty \(\d+ tables\)/);
    expect(fs.existsSync(path.join(target.dataDir, "uploads"))).toBe(false);
  });

  it("says media are in the bucket with S3 storage, and refuses a truncated dump with the database left empty", async () => {
    const scratch = `backup_restore_${suffix}_b`;
    await adminQuery(serverUrl!, [`CREATE DATABASE ${scratch}`]);
    try {
      const source: ShopLocation = { dataDir, databaseUrl: withDatabase(serverUrl!, sourceDb), mediaStorage: "s3" };
      const out = path.join(root, "pg-s3.tar.gz");
      const result = await createBackup(source, { out });
      expect(result.manifest.media).toMatchObject({ storage: "s3", included: false });
      expect(result.manifest.files.some((f) => f.name.startsWith("media/"))).toBe(false);

      const bytes = fs.readFileSync(out);
      const truncated = path.join(root, "pg-truncated.tar.gz");
      fs.writeFileSync(truncated, bytes.subarray(0, bytes.length - 200));
      const target: ShopLocation = {
        dataDir: path.join(root, "pg-target-b"),
        databaseUrl: withDatabase(serverUrl!, scratch),
        mediaStorage: "s3",
      };
      await expect(restoreBackup(truncated, target)).rejects.toThrow(BackupError);
      const { default: pg } = await import("pg");
      const client = new pg.Client({ connectionString: target.databaseUrl });
      await client.connect();
      const tables = await client.query("SELECT count(*)::int AS n FROM pg_tables WHERE schemaname IN ('public', 'drizzle')");
      await client.end();
      expect(tables.rows[0].n).toBe(0);
    } finally {
      await adminQuery(serverUrl!, [`DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`]);
    }
  });
});
