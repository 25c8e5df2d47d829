/**
 * Order numbers ("AUR-2026-000123"): allocated in the order transaction, distinct and
 * consecutive under concurrency, counted per Paris calendar year, shown by the shopper's and the
 * administrator's views and the API, found by the back-office search with the old references.
 * Runs on PGlite, and on the PostgreSQL server when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestDatabase } from "../../../../tests/support/db";
import { createShopper, type TestShopper } from "../../../../tests/support/shoppers";
import type { DatabaseHandle } from "../../db/client";
import { orderNumberCounters, orders } from "../../db/schema";
import { OrderSchema } from "../../api/schemas";
import { AdminOrderDetailSchema } from "../../api/contracts/admin/order.contract";
import { AdminOrderRowSchema } from "../../api/contracts/admin/orders.contract";
import { listAdminOrders } from "./orders-admin.service";
import { allocateOrderNumber, createOrder, type OrderRowValues } from "./orders.service";
import { getAdminOrder, getOrder } from "../../workflows/order-views";
import { formatOrderNumber } from "~/domain/orders/order.types";

let handle: DatabaseHandle;
let shopper: TestShopper;

beforeAll(async () => {
  handle = await createTestDatabase();
  shopper = await createShopper(handle.db);
}, 60_000);

afterAll(async () => {
  await handle?.close();
});

const values = (): OrderRowValues => ({
  userId: shopper.id,
  subtotalCents: 2500,
  totalCents: 2500,
  shippingAddress: {
    first_name: "Inès",
    last_name: "Numéro",
    street: "3 rue du Compteur",
    city: "Lyon",
    postal_code: "69002",
    country: "France",
    phone: "06 11 22 33 44",
  },
});

/** One order placed at `now`, in its own transaction, as the checkout does. */
async function place(now: Date) {
  const created = await handle.db.transaction((tx) => createOrder(tx, values(), now));
  if (created.kind !== "created") throw new Error("expected a new order");
  const [row] = await handle.db.select().from(orders).where(eq(orders.id, created.orderId));
  return row;
}

/** Years far from today, so the seeded orders of the current year never share their counter. */
const inParis = (year: number, month: number, day: number, hour = 12) => new Date(Date.UTC(year, month - 1, day, hour - 1));

describe("order numbers", () => {
  it("formats the year and at least six digits", () => {
    expect(formatOrderNumber(2026, 123)).toBe("AUR-2026-000123");
    expect(formatOrderNumber(2026, 1_234_567)).toBe("AUR-2026-1234567");
  });

  it("gives 50 concurrent orders distinct, consecutive numbers", async () => {
    const now = inParis(2040, 5, 14);
    const placed = await Promise.all(Array.from({ length: 50 }, () => place(now)));
    const numbers = placed.map((o) => o.orderNumber).sort();
    expect(new Set(numbers).size).toBe(50);
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => formatOrderNumber(2040, i + 1)));
    const [counter] = await handle.db.select().from(orderNumberCounters).where(eq(orderNumberCounters.year, 2040));
    expect(counter.lastValue).toBe(50);
  }, 60_000);

  it("gives the number back when the order transaction rolls back", async () => {
    const now = inParis(2041, 3, 2);
    await expect(
      handle.db.transaction(async (tx) => {
        await createOrder(tx, values(), now);
        throw new Error("payment refused");
      }),
    ).rejects.toThrow("payment refused");
    expect((await place(now)).orderNumber).toBe("AUR-2041-000001");
  });

  it("starts again at 000001 in a new Paris year", async () => {
    // 31 December 2042, 23:30 in Paris, then 00:30 on 1 January 2043 (23:30 UTC the same evening).
    const lastOf2042 = new Date(Date.UTC(2042, 11, 31, 22, 30));
    const firstOf2043 = new Date(Date.UTC(2042, 11, 31, 23, 30));
    expect(await handle.db.transaction((tx) => allocateOrderNumber(tx, lastOf2042))).toBe("AUR-2042-000001");
    expect(await handle.db.transaction((tx) => allocateOrderNumber(tx, lastOf2042))).toBe("AUR-2042-000002");
    expect((await place(firstOf2043)).orderNumber).toBe("AUR-2043-000001");
    expect((await place(lastOf2042)).orderNumber).toBe("AUR-2042-000003");
    expect((await place(firstOf2043)).orderNumber).toBe("AUR-2043-000002");
  });

  it("is the number the shopper, the administrator and the API see", async () => {
    const order = await place(inParis(2044, 6, 1));
    expect(order.orderNumber).toBe("AUR-2044-000001");

    const view = await getOrder(handle.db, shopper.id, order.id);
    expect(view).toMatchObject({ number: "AUR-2044-000001", reference: "AUR-2044-000001", order_number: "AUR-2044-000001" });
    expect(OrderSchema.parse(view).number).toBe("AUR-2044-000001");

    const admin = await getAdminOrder(handle.db, order.id);
    expect(AdminOrderDetailSchema.parse(admin).number).toBe("AUR-2044-000001");
    const { rows } = await listAdminOrders(handle.db, { search: "AUR-2044-000001" });
    expect(AdminOrderRowSchema.parse(rows[0]).number).toBe("AUR-2044-000001");
  });

  it.each([
    ["the new number", (o: { orderNumber: string }) => o.orderNumber],
    ["the new number after a #", (o: { orderNumber: string }) => `#${o.orderNumber}`],
    ["the new number in lower case", (o: { orderNumber: string }) => o.orderNumber.toLowerCase()],
    ["the old admin reference", (o: { id: string }) => `#${o.id.slice(0, 8)}`],
    ["the old shopper reference", (o: { id: string }) => `#${o.id.replace(/-/g, "").slice(-8).toUpperCase()}`],
    ["the old order number", (o: { id: string }) => `CMD-${o.id.replace(/-/g, "").slice(-8).toUpperCase()}`],
  ])("finds the order in the back-office by %s", async (_label, term) => {
    const now = inParis(2045, 9, 20);
    await place(now);
    const wanted = await place(now);
    await place(now);
    const found = await listAdminOrders(handle.db, { search: term(wanted) });
    expect(found.rows.map((r) => r.id)).toEqual([wanted.id]);
  });

  it("finds the order by the digits of its number alone", async () => {
    const wanted = await place(inParis(2046, 2, 2));
    const digits = wanted.orderNumber.slice(-6);
    const found = await listAdminOrders(handle.db, { search: `2046-${digits}` });
    expect(found.rows.map((r) => r.id)).toEqual([wanted.id]);
    const bare = await listAdminOrders(handle.db, { search: digits, pageSize: 100 });
    expect(bare.rows.map((r) => r.id)).toContain(wanted.id);
  });
});
