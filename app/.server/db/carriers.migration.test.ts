/**
 * The carriers upgrade (0047) on a shop that already ships: a database migrated up to 0046, whose
 * express method was moved to UPS in Paramètres and which has an order shipped with a typed
 * Colissimo number, then migrated to the latest schema. Each method gets the product it shipped
 * by, the shipped order keeps its number and link, and products start unweighed.
 * Runs on PGlite, and on the PostgreSQL server when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { upgradedDatabase, type UpgradedDatabase } from "../../../tests/support/migrations";
import { forgetDeliveryMethods, listDeliveryMethods } from "../modules/delivery/delivery-methods.service";
import { rowsOf, type DatabaseHandle } from "./client";

const LAST_OLD_MIGRATION = "0046_dispute_status_updates";

let handle: DatabaseHandle;
let upgraded: UpgradedDatabase | undefined;
let orderId: string;

const query = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await handle.db.execute(q));

beforeAll(async () => {
  upgraded = await upgradedDatabase(LAST_OLD_MIGRATION, async (old) => {
    handle = old;
    await query(sql`UPDATE delivery_methods SET carrier = 'ups' WHERE code = 'express'`);
    const [row] = await query<{ id: string }>(sql`
      INSERT INTO orders (order_number, status, payment_status, subtotal_cents, shipping_cents, total_cents, shipping_address,
                          carrier, tracking_number, tracking_url, shipped_at)
      VALUES ('AUR-2026-000001', 'shipped', 'paid', 2500, 590, 3090, ${JSON.stringify({ first_name: "Ancienne", city: "Lyon", postal_code: "69002" })}::jsonb,
              'colissimo', '6A12345678901', 'https://www.laposte.fr/outils/suivre-vos-envois?code=6A12345678901', now())
      RETURNING id`);
    orderId = row.id;
  });
  forgetDeliveryMethods(handle.db);
}, 120_000);

afterAll(async () => {
  await upgraded?.close();
}, 60_000);

describe("upgrading a shop to real carriers", () => {
  it("gives each method the product it shipped by, keeping the carrier chosen in Paramètres", async () => {
    const methods = await listDeliveryMethods(handle.db);
    expect(methods.map((m) => [m.code, m.carrier, m.productCode])).toEqual([
      ["standard", "colissimo", "DOM"],
      ["relay", "colissimo", "A2P"],
      ["express", "ups", "UPS_STANDARD"],
    ]);
  });

  it("keeps the order shipped with a typed number, and starts with no parcel and no weight", async () => {
    const [order] = await query<{ status: string; carrier: string; tracking_number: string }>(
      sql`SELECT status, carrier, tracking_number FROM orders WHERE id = ${orderId}`,
    );
    expect(order).toEqual({ status: "shipped", carrier: "colissimo", tracking_number: "6A12345678901" });
    expect(await query(sql`SELECT id FROM shipments`)).toEqual([]);
    const [weights] = await query<{ weighed: number }>(sql`SELECT count(weight_grams)::int AS weighed FROM products`);
    expect(weights.weighed).toBe(0);
  });

  it("refuses a method with no product and a product weight out of range", async () => {
    await expect(query(sql`UPDATE delivery_methods SET product_code = NULL WHERE code = 'standard'`)).rejects.toThrow();
    await query(sql`INSERT INTO products (name, price_cents, weight_grams) VALUES ('Eau de parfum pesée', 4900, 350)`);
    await expect(query(sql`INSERT INTO products (name, price_cents, weight_grams) VALUES ('Sans poids', 4900, 0)`)).rejects.toThrow();
  });
});
