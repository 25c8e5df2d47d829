/**
 * The delivery methods upgrade on a shop that already sells: a database migrated up to 0017 with
 * a delivery fee and threshold edited in Paramètres (shop_settings 'shipping') and an order, then
 * migrated to the latest schema. The edited figures carry into the Standard method (the relay
 * point 2 € less), and the old order reads as sent by the standard method.
 * Runs on PGlite, and on the PostgreSQL server when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { upgradedDatabase, type UpgradedDatabase } from "../../../tests/support/migrations";
import { listDeliveryMethods } from "../modules/delivery/delivery-methods.service";
import { getShippingSettings } from "../modules/delivery/shipping-settings.service";
import { rowsOf, type DatabaseHandle } from "./client";

const LAST_OLD_MIGRATION = "0017_order_tracking";

let handle: DatabaseHandle;
let upgraded: UpgradedDatabase | undefined;
let orderId: string;

const query = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await handle.db.execute(q));

beforeAll(async () => {
  upgraded = await upgradedDatabase(LAST_OLD_MIGRATION, async (old) => {
    handle = old;
    await query(
      sql`INSERT INTO shop_settings (key, value) VALUES ('shipping', ${JSON.stringify({ fee_cents: 590, free_threshold_cents: 6000 })}::jsonb)`,
    );
    const [row] = await query<{ id: string }>(sql`
      INSERT INTO orders (order_number, status, payment_status, subtotal_cents, shipping_cents, total_cents, shipping_address)
      VALUES ('AUR-2026-000001', 'delivered', 'paid', 2500, 590, 3090, ${JSON.stringify({ first_name: "Ancienne", city: "Lyon", postal_code: "69002" })}::jsonb)
      RETURNING id`);
    orderId = row.id;
  });
}, 120_000);

afterAll(async () => {
  await upgraded?.close();
}, 60_000);

describe("upgrading a shop to delivery methods", () => {
  it("carries the edited fee and threshold into the standard and relay methods", async () => {
    const methods = await listDeliveryMethods(handle.db);
    expect(methods.map((m) => [m.code, m.priceCents, m.freeThresholdCents, m.carrier])).toEqual([
      ["standard", 590, 6000, "colissimo"],
      ["relay", 390, 6000, "colissimo"],
      ["express", 1490, null, "chronopost"],
    ]);
    expect(await getShippingSettings(handle.db)).toEqual({ feeCents: 590, freeThresholdCents: 6000 });
  });

  it("keeps the old order, sent by the standard method, with no date promised", async () => {
    const [order] = await query<{ delivery_method: string; estimated_delivery_date: string | null; total_cents: number }>(
      sql`SELECT delivery_method, estimated_delivery_date, total_cents FROM orders WHERE id = ${orderId}`,
    );
    expect(order).toEqual({ delivery_method: "standard", estimated_delivery_date: null, total_cents: 3090 });
  });
});
