/**
 * Migration 0045 (an instalment the bank wants authenticated, decision 035) on a shop with orders
 * paid in 3: a database migrated up to 0044, holding a schedule with instalments paid, due and
 * being charged, is migrated to the latest schema. The instalments are untouched and none waits
 * for its shopper, the daily job still claims the one due, and the new columns take a link.
 * Runs on PGlite, and on the PostgreSQL server when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { upgradedDatabase, type UpgradedDatabase } from "../../../tests/support/migrations";
import {
  claimDueInstalments,
  hashAuthenticationToken,
  instalmentOfAuthenticationToken,
  markInstalmentAwaitingShopper,
} from "../modules/payment-schedules/payment-schedules.service";
import { rowsOf, type DatabaseHandle } from "./client";

const LAST_OLD_MIGRATION = "0044_stripe_earlier_try_outcome";

let handle: DatabaseHandle;
let upgraded: UpgradedDatabase | undefined;
let orderId: string;
let before: Record<string, unknown>[];

const query = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await handle.db.execute(q));
const OLD_COLUMNS = sql`id, order_id, seq, due_date, amount_cents, status, tries, last_try_on, provider_token, provider_payment_id, last_error`;
const instalmentsNow = () => query<Record<string, unknown>>(sql`SELECT ${OLD_COLUMNS} FROM payment_instalments ORDER BY seq`);

beforeAll(async () => {
  upgraded = await upgradedDatabase(LAST_OLD_MIGRATION, async (old) => {
    handle = old;
    await query(sql`INSERT INTO "user" (id, name, email) VALUES ('client', 'Camille', 'camille@example.com')`);
    const [order] = await query<{ id: string }>(sql`
      INSERT INTO orders (order_number, user_id, status, payment_status, subtotal_cents, total_cents, shipping_address, idempotency_key)
      VALUES ('AUR-2026-000045', 'client', 'confirmed', 'instalments', 10000, 10000, ${JSON.stringify({ city: "Lyon" })}::jsonb, 'key-3x')
      RETURNING id`);
    orderId = order!.id;
    await query(sql`
      INSERT INTO payment_instalments (order_id, seq, due_date, amount_cents, status, tries, last_try_on, provider_token, provider_payment_id, last_error)
      VALUES
        (${orderId}, 1, '2026-01-05', 3334, 'paid', 1, '2026-01-05', 'pm_kept', 'pi_first', NULL),
        (${orderId}, 2, '2026-02-04', 3333, 'pending', 1, '2026-02-04', 'pm_kept', NULL, 'Paiement refusé par votre banque.'),
        (${orderId}, 3, '2026-03-06', 3333, 'charging', 1, '2026-03-06', 'pm_kept', NULL, NULL)`);
    before = await instalmentsNow();
  });
}, 120_000);

afterAll(async () => {
  await upgraded?.close();
}, 60_000);

describe("upgrading a shop with orders paid in 3 to instalments the bank wants authenticated", () => {
  it("leaves every instalment as it was, none waiting for its shopper", async () => {
    expect(await instalmentsNow()).toEqual(before);
    expect(
      await query(
        sql`SELECT authentication_token_hash, authentication_expires_at, authentication_id FROM payment_instalments ORDER BY seq`,
      ),
    ).toEqual(Array(3).fill({ authentication_token_hash: null, authentication_expires_at: null, authentication_id: null }));
  });

  it("lets the daily job claim the due one as before, then takes a link to pay it", async () => {
    const now = new Date("2026-02-05T08:00:00Z");
    const claimed = await claimDueInstalments(handle.db, { today: "2026-02-05", now, limit: 10 });
    expect(claimed.map((r) => [r.seq, r.status, r.tries, r.userId])).toEqual([[2, "charging", 2, "client"]]);
    const token = await handle.db.transaction((tx) =>
      markInstalmentAwaitingShopper(tx, {
        id: claimed[0]!.id,
        tries: 2,
        message: "authentification demandée",
        expiresAt: new Date("2026-02-12T08:00:00Z"),
        now,
      }),
    );
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await instalmentOfAuthenticationToken(handle.db, { token: token!, userId: "client", now })).toMatchObject({
      seq: 2,
      status: "pending",
      orderNumber: "AUR-2026-000045",
      authenticationTokenHash: hashAuthenticationToken(token!),
    });
    // Waiting for the shopper: the job's next day passes it over.
    expect(await claimDueInstalments(handle.db, { today: "2026-02-06", now: new Date("2026-02-06T08:00:00Z"), limit: 10 })).toEqual([]);
  });

  it("refuses a link without an expiry, and the same link twice", async () => {
    await expect(query(sql`UPDATE payment_instalments SET authentication_token_hash = 'x' WHERE seq = 1`)).rejects.toThrow();
    const [waiting] = await query<{ hash: string }>(sql`SELECT authentication_token_hash AS hash FROM payment_instalments WHERE seq = 2`);
    await expect(
      query(
        sql`UPDATE payment_instalments SET authentication_token_hash = ${waiting!.hash}, authentication_expires_at = now() WHERE seq = 1`,
      ),
    ).rejects.toThrow();
  });
});
