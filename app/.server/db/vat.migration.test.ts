/**
 * The VAT-by-destination upgrade (0048) on a shop that already sells: a database migrated up to
 * 0047 with a Swiss order invoiced at 20 % and a Swiss order not yet invoiced (placed before
 * invoices), then migrated to the latest schema. Nothing is re-taxed: the issued invoice stays
 * byte for byte, the order not yet invoiced is invoiced as it was sold (French VAT at 20 %), the
 * rate table starts with the rates in force and every product is standard-rated.
 * Runs on PGlite, and on the PostgreSQL server when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { upgradedDatabase, type UpgradedDatabase } from "../../../tests/support/migrations";
import { ensureInvoice } from "../workflows/invoices";
import { listTaxRates } from "../modules/tax/tax-rates.service";
import { DEFAULT_TAX_RATES } from "~/domain/tax/rates";
import { rowsOf, type DatabaseHandle } from "./client";

const LAST_OLD_MIGRATION = "0047_carriers_and_shipments";

let handle: DatabaseHandle;
let upgraded: UpgradedDatabase | undefined;
let invoicedId: string;
let uninvoicedId: string;
let snapshotBefore: unknown;

const query = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await handle.db.execute(q));
const geneva = JSON.stringify({
  first_name: "Ancienne",
  last_name: "Cliente",
  street: "1 rue du Rhône",
  city: "Genève",
  postal_code: "1204",
  country: "Suisse",
});

async function oldOrder(number: string): Promise<string> {
  const [row] = await query<{ id: string }>(sql`
    INSERT INTO orders (order_number, status, payment_status, subtotal_cents, shipping_cents, total_cents, shipping_address, metadata)
    VALUES (${number}, 'delivered', 'paid', 6000, 1490, 7490, ${geneva}::jsonb, '{"shipping_info":{"zone":"suisse"}}'::jsonb)
    RETURNING id`);
  await query(sql`
    INSERT INTO order_items (order_id, quantity, unit_price_cents, total_price_cents, product_snapshot)
    VALUES (${row.id}, 1, 6000, 6000, '{"name":"Eau de parfum","price_cents":6000,"brand":"Aurore","image_url":null}'::jsonb)`);
  return row.id;
}

beforeAll(async () => {
  upgraded = await upgradedDatabase(LAST_OLD_MIGRATION, async (old) => {
    handle = old;
    invoicedId = await oldOrder("AUR-2026-000001");
    uninvoicedId = await oldOrder("AUR-2026-000002");
    snapshotBefore = {
      version: 1,
      kind: "invoice",
      number: "FA-2026-000001",
      lines: [{ kind: "product", vat_rate: 20, total_ttc_cents: 6000, total_ht_cents: 5000, vat_cents: 1000 }],
      totals: { ht_cents: 6242, vat_cents: 1248, ttc_cents: 7490 },
    };
    await query(sql`
      INSERT INTO invoice_documents (kind, number, order_id, issued_at, total_cents, snapshot)
      VALUES ('invoice', 'FA-2026-000001', ${invoicedId}, now(), 7490, ${JSON.stringify(snapshotBefore)}::jsonb)`);
    await query(sql`INSERT INTO invoice_number_counters (kind, year, last_value) VALUES ('invoice', 2026, 1)`);
  });
}, 120_000);

afterAll(async () => {
  await upgraded?.close();
}, 60_000);

describe("upgrading a shop to VAT by destination", () => {
  it("keeps the issued invoice as it was and the orders without VAT of their own", async () => {
    const [doc] = await query<{ snapshot: unknown }>(sql`SELECT snapshot FROM invoice_documents WHERE order_id = ${invoicedId}`);
    expect(doc.snapshot).toEqual(snapshotBefore);
    const rows = await query<{ tax: unknown; vat_rate_bp: number | null; tax_regime: string | null }>(sql`
      SELECT o.tax, i.vat_rate_bp, i.tax_regime FROM orders o JOIN order_items i ON i.order_id = o.id`);
    expect(rows).toEqual([
      { tax: null, vat_rate_bp: null, tax_regime: null },
      { tax: null, vat_rate_bp: null, tax_regime: null },
    ]);
  });

  it("invoices an older Swiss order as it was sold: French VAT at 20 %, not re-taxed as an export", async () => {
    const invoice = await ensureInvoice(handle.db, uninvoicedId);
    expect(invoice.snapshot.lines.filter((l) => l.kind !== "discount").map((l) => [l.kind, l.vat_rate])).toEqual([
      ["product", 20],
      ["shipping", 20],
    ]);
    expect(invoice.snapshot.totals).toEqual({ ht_cents: 6242, vat_cents: 1248, ttc_cents: 7490 });
    expect(invoice.snapshot.tax).toBeUndefined();
  });

  it("starts with the rates in force and every product standard-rated", async () => {
    expect(await listTaxRates(handle.db, 0)).toEqual(
      [...DEFAULT_TAX_RATES].sort((a, b) => a.country_code.localeCompare(b.country_code) || a.tax_class.localeCompare(b.tax_class)),
    );
    await query(sql`INSERT INTO products (name, price_cents) VALUES ('Crème nouvelle', 2900)`);
    const [classes] = await query<{ other: number }>(sql`SELECT count(*)::int AS other FROM products WHERE tax_class <> 'standard'`);
    expect(classes.other).toBe(0);
    await expect(query(sql`INSERT INTO products (name, price_cents, hs_code) VALUES ('Code faux', 2900, '33A3')`)).rejects.toThrow();
    await expect(
      query(sql`INSERT INTO tax_rates (country_code, tax_class, rate_bp, valid_from) VALUES ('DE', 'standard', 1900, '2026-01-01')`),
    ).rejects.toThrow();
  });
});
