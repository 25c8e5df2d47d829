/**
 * Accounts on a shop from before e-mail verification (migration 0027): a database migrated up to
 * 0025 holding an unverified account, an account without a profile ("Marie Claire Dupont"), a
 * one-word name without a profile, and a profile that already has its names; then migrated to the
 * latest schema. Every existing account counts as verified; the missing profiles get first and
 * last names split on the first space; the names already there are kept.
 * Runs on PGlite, and on the PostgreSQL server when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { upgradedDatabase, type UpgradedDatabase } from "../../../tests/support/migrations";
import { rowsOf, type DatabaseHandle } from "./client";

const LAST_OLD_MIGRATION = "0025_shared_state";

let handle: DatabaseHandle;
let upgraded: UpgradedDatabase | undefined;

const query = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await handle.db.execute(q));

beforeAll(async () => {
  upgraded = await upgradedDatabase(LAST_OLD_MIGRATION, async (old) => {
    handle = old;
    await query(sql`
      INSERT INTO "user" (id, name, email, email_verified) VALUES
        ('u-marie', '  Marie Claire Dupont ', 'marie@example.com', false),
        ('u-solo', 'Camille', 'camille@example.com', false),
        ('u-kept', 'Jean Martin', 'jean@example.com', true)`);
    await query(sql`INSERT INTO user_profiles (id, first_name, last_name) VALUES ('u-kept', 'Jean-Pierre', 'Martin-Durand')`);
  });
}, 120_000);

afterAll(async () => {
  await upgraded?.close();
}, 60_000);

describe("upgrading accounts to verified addresses and first names (0027)", () => {
  it("treats every existing account as verified", async () => {
    const rows = await query<{ id: string; email_verified: boolean }>(sql`SELECT id, email_verified FROM "user" ORDER BY id`);
    expect(rows).toEqual([
      { id: "u-kept", email_verified: true },
      { id: "u-marie", email_verified: true },
      { id: "u-solo", email_verified: true },
    ]);
  });

  it("fills missing profiles from the name split on the first space, and keeps existing names", async () => {
    const rows = await query<{ id: string; first_name: string; last_name: string | null }>(
      sql`SELECT id, first_name, last_name FROM user_profiles ORDER BY id`,
    );
    expect(rows).toEqual([
      { id: "u-kept", first_name: "Jean-Pierre", last_name: "Martin-Durand" },
      { id: "u-marie", first_name: "Marie", last_name: "Claire Dupont" },
      { id: "u-solo", first_name: "Camille", last_name: null },
    ]);
  });
});
