/**
 * The order-number upgrade on a shop that already has orders: a database migrated up to 0014 and
 * holding orders numbered the old way ("CMD-" and the id's last 8 characters) is migrated to the
 * latest schema. Old orders are numbered per Paris year in the order they were placed, the
 * counters continue after them, and the old references still find them in the back-office.
 * Runs on PGlite, and on the PostgreSQL server when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { upgradedDatabase, type UpgradedDatabase } from "../../../tests/support/migrations";
import { listAdminOrders } from "../modules/orders/orders-admin.service";
import { createOrder } from "../modules/orders/orders.service";
import { rowsOf, type DatabaseHandle } from "./client";

/** The last migration before order numbers. */
const LAST_OLD_MIGRATION = "0014_facet_cells";

let handle: DatabaseHandle;
let upgraded: UpgradedDatabase | undefined;

const query = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await handle.db.execute(q));

/** Old orders, inserted out of date order; `expected` is the number the upgrade must give. */
const OLD_ORDERS = [
  // 1 January 2026 at 00:30 in Paris: already 2026 although UTC still says 2025.
  { key: "new-year", createdAt: "2025-12-31T23:30:00Z", expected: "AUR-2026-000001" },
  { key: "march", createdAt: "2025-03-10T09:00:00Z", expected: "AUR-2025-000001" },
  { key: "february", createdAt: "2026-02-01T10:00:00Z", expected: "AUR-2026-000002" },
  // 31 December 2025 at 23:30 in Paris: still 2025.
  { key: "new-year-eve", createdAt: "2025-12-31T22:30:00Z", expected: "AUR-2025-000002" },
];
const ids = new Map<string, string>();

async function fillTheOldWay() {
  for (const o of OLD_ORDERS) {
    const [row] = await query<{ id: string }>(sql`
      INSERT INTO orders (order_number, status, payment_status, subtotal_cents, total_cents, shipping_address, created_at, updated_at)
      VALUES ('CMD-PENDING', 'delivered', 'paid', 2500, 2500,
              ${JSON.stringify({ first_name: "Ancienne", last_name: "Cliente", city: "Lyon", postal_code: "69002" })}::jsonb,
              ${o.createdAt}, ${o.createdAt})
      RETURNING id`);
    // The old number: "CMD-" and the last 8 characters of the id, upper case.
    await query(sql`UPDATE orders SET order_number = ${`CMD-${oldReference(row.id)}`} WHERE id = ${row.id}`);
    ids.set(o.key, row.id);
  }
}

const oldReference = (id: string) => id.replace(/-/g, "").slice(-8).toUpperCase();

beforeAll(async () => {
  upgraded = await upgradedDatabase(LAST_OLD_MIGRATION, async (old) => {
    handle = old;
    await fillTheOldWay();
  });
}, 120_000);

afterAll(async () => {
  await upgraded?.close();
}, 60_000);

const numberOf = async (id: string) =>
  (await query<{ order_number: string }>(sql`SELECT order_number FROM orders WHERE id = ${id}`))[0].order_number;

const newOrder = (now: Date) =>
  handle.db.transaction((tx) =>
    createOrder(
      tx,
      {
        subtotalCents: 1000,
        totalCents: 1000,
        shippingAddress: {
          first_name: "Nouvelle",
          last_name: "Cliente",
          street: "1 rue Neuve",
          city: "Lyon",
          postal_code: "69002",
          country: "France",
          phone: "06 00 00 00 00",
        },
      },
      now,
    ),
  );

describe("upgrading a shop with orders to order numbers", () => {
  it("numbers the old orders per Paris year, in the order they were placed", async () => {
    for (const o of OLD_ORDERS) expect([o.key, await numberOf(ids.get(o.key)!)]).toEqual([o.key, o.expected]);
  });

  it("keeps the column required and unique", async () => {
    const [column] = await query<{ is_nullable: string }>(
      sql`SELECT is_nullable FROM information_schema.columns WHERE table_name = 'orders' AND column_name = 'order_number'`,
    );
    expect(column.is_nullable).toBe("NO");
    const march = ids.get("march")!;
    await expect(query(sql`UPDATE orders SET order_number = 'AUR-2026-000001' WHERE id = ${march}`)).rejects.toThrow();
  });

  it("continues each year's counter after the old orders", async () => {
    const in2026 = await newOrder(new Date("2026-06-15T10:00:00Z"));
    const in2025 = await newOrder(new Date("2025-11-15T10:00:00Z"));
    if (in2026.kind !== "created" || in2025.kind !== "created") throw new Error("expected new orders");
    expect(in2026.number).toBe("AUR-2026-000003");
    expect(in2025.number).toBe("AUR-2025-000003");
    expect(await numberOf(in2026.orderId)).toBe("AUR-2026-000003");
  });

  it("finds an old order by its new number and by its old references", async () => {
    const id = ids.get("february")!;
    for (const term of ["AUR-2026-000002", `#${id.slice(0, 8)}`, `#${oldReference(id)}`, `CMD-${oldReference(id)}`]) {
      const found = await listAdminOrders(handle.db, { search: term });
      expect([term, found.rows.map((r) => r.id)]).toEqual([term, [id]]);
    }
  });
});
