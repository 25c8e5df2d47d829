/**
 * The team upgrade (0049) on a shop that already has its administrator and its shoppers: a
 * database migrated up to 0048, then to the latest schema. The administrator becomes the owner
 * (with every permission, two-factor still to enrol), shoppers stay shoppers, nobody loses a row.
 * Runs on PGlite, and on the PostgreSQL server when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { upgradedDatabase, type UpgradedDatabase } from "../../../tests/support/migrations";
import { staffAccessOf } from "../modules/staff/staff.service";
import { BUILTIN_ROLES } from "~/domain/staff/roles";
import { rowsOf, type DatabaseHandle } from "./client";

const LAST_OLD_MIGRATION = "0048_vat_by_destination";

let handle: DatabaseHandle;
let upgraded: UpgradedDatabase | undefined;

const query = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await handle.db.execute(q));

beforeAll(async () => {
  upgraded = await upgradedDatabase(LAST_OLD_MIGRATION, async (old) => {
    handle = old;
    await query(sql`
      INSERT INTO "user" (id, name, email, email_verified, role) VALUES
        ('old-admin', 'Administrateur', 'admin@boutique.test', true, 'admin'),
        ('old-shopper', 'Camille', 'camille@example.com', true, 'user')`);
  });
}, 120_000);

afterAll(async () => {
  await upgraded?.close();
}, 60_000);

describe("upgrading a shop to staff roles", () => {
  it("makes the administrator the owner, with two-factor still to enrol, and leaves shoppers alone", async () => {
    expect(await staffAccessOf(handle.db, "old-admin")).toEqual({
      roleKey: "owner",
      roleName: "Propriétaire",
      permissions: BUILTIN_ROLES.owner.permissions,
      status: "active",
    });
    expect(await staffAccessOf(handle.db, "old-shopper")).toBeNull();
    const users = await query<{ id: string; role: string; two_factor_enabled: boolean | null }>(
      sql`SELECT id, role, two_factor_enabled FROM "user" ORDER BY id`,
    );
    expect(users).toEqual([
      { id: "old-admin", role: "admin", two_factor_enabled: false },
      { id: "old-shopper", role: "user", two_factor_enabled: false },
    ]);
  });
});
