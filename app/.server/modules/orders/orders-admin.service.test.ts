import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestDatabase } from "../../../../tests/support/db";
import { createShopper, pickProducts, type TestShopper } from "../../../../tests/support/shoppers";
import type { DatabaseHandle } from "../../db/client";
import { orderItems, orders, user, type OrderAddress } from "../../db/schema";
import { adminSearchTerms } from "~/lib/search-text";
import { forgetAdminOrderCounts, listAdminOrders, wholeEmailSearch } from "./orders-admin.service";
import { getAdminOrder } from "../../workflows/order-views";

let handle: DatabaseHandle;
let shopper: TestShopper;
let product: { id: string; name: string; priceCents: number };
let counter = 0;

const address = (overrides: Partial<OrderAddress> = {}): OrderAddress => ({
  first_name: "Marie",
  last_name: "Curie",
  company: null,
  street: "12 rue des Lilas",
  city: "Lyon",
  postal_code: "69003",
  country: "France",
  phone: "06 12 34 56 78",
  ...overrides,
});

async function insertOrder(opts: {
  userId?: string | null;
  status?: (typeof orders.$inferInsert)["status"];
  shipping?: OrderAddress;
  billing?: OrderAddress | null;
  email?: string;
  createdAt?: Date;
  lines?: { quantity: number; unitPriceCents: number }[];
}) {
  counter++;
  const lines = opts.lines ?? [{ quantity: 2, unitPriceCents: 1500 }];
  const subtotal = lines.reduce((s, l) => s + l.quantity * l.unitPriceCents, 0);
  const [row] = await handle.db
    .insert(orders)
    .values({
      orderNumber: `TEST-ADMIN-${counter}`,
      userId: opts.userId === undefined ? shopper.id : opts.userId,
      status: opts.status ?? "pending",
      subtotalCents: subtotal,
      totalCents: subtotal,
      shippingAddress: opts.shipping ?? address(),
      billingAddress: opts.billing === undefined ? null : opts.billing,
      metadata: opts.email ? { customer_info: { email: opts.email, name: "Contact", phone: "07 00 00 00 01" } } : {},
      createdAt: opts.createdAt ?? new Date(Date.UTC(2026, 0, 1, 0, counter)),
    })
    .returning();
  for (const l of lines) {
    await handle.db.insert(orderItems).values({
      orderId: row.id,
      productId: product.id,
      quantity: l.quantity,
      unitPriceCents: l.unitPriceCents,
      totalPriceCents: l.quantity * l.unitPriceCents,
      productSnapshot: { name: product.name, price_cents: l.unitPriceCents, brand: null, image_url: null },
    });
  }
  return row;
}

let lefevre: Awaited<ReturnType<typeof insertOrder>>;
let company: Awaited<ReturnType<typeof insertOrder>>;
let guest: Awaited<ReturnType<typeof insertOrder>>;

beforeAll(async () => {
  handle = await createTestDatabase();
  shopper = await createShopper(handle.db);
  [product] = await pickProducts(handle.db, 1);
  // 25 plain orders (one page of 20 and a second of 5) ...
  for (let i = 0; i < 25; i++) await insertOrder({ status: i % 5 === 0 ? "shipped" : "pending" });
  // ... and a few that each search field must find.
  lefevre = await insertOrder({
    shipping: address({ first_name: "Hélène", last_name: "Lefèvre", city: "Besançon", postal_code: "25000", phone: "06 98 76 54 32" }),
    status: "delivered",
    email: "helene.contact@exemple.fr",
    lines: [
      { quantity: 1, unitPriceCents: 4200 },
      { quantity: 3, unitPriceCents: 1000 },
    ],
    billing: address({ first_name: "Hélène", last_name: "Lefèvre", street: "1 place de la Facture", city: "Dijon", postal_code: "21000" }),
  });
  company = await insertOrder({
    shipping: address({
      company: "Parfumerie Zéphyr",
      street: "8 boulevard Haussmann",
      city: "Paris",
      postal_code: "75009",
      country: "Belgique",
    }),
    status: "cancelled",
  });
  guest = await insertOrder({
    userId: null,
    email: "visiteur.unique@exemple.fr",
    status: "processing",
    shipping: address({ city: "Nantes" }),
  });
});

beforeEach(() => {
  forgetAdminOrderCounts(handle.db);
});

afterAll(async () => {
  await handle?.close();
});

describe("listAdminOrders", () => {
  it("pages 20 by 20, newest first, with the total count and the page count", async () => {
    const first = await listAdminOrders(handle.db, {});
    expect(first.total).toBe(28);
    expect(first.page_count).toBe(2);
    expect(first.rows).toHaveLength(20);
    expect(first.rows[0].id).toBe(guest.id);
    const second = await listAdminOrders(handle.db, { page: 2 });
    expect(second.rows).toHaveLength(8);
    const ids = new Set([...first.rows, ...second.rows].map((r) => r.id));
    expect(ids.size).toBe(28);
    // A page past the end shows the last page.
    expect((await listAdminOrders(handle.db, { page: 99 })).page).toBe(2);
  });

  it("returns the row the table shows", async () => {
    const { rows } = await listAdminOrders(handle.db, { search: lefevre.id.slice(0, 8) });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: lefevre.id,
      number: lefevre.orderNumber,
      short_id: lefevre.id.slice(0, 8),
      item_count: 4,
      customer_name: "Hélène Lefèvre",
      email: "helene.contact@exemple.fr",
      address: "12 rue des Lilas, 25000 Besançon, France",
      total_cents: 7200,
      status: "delivered",
    });
  });

  it("filters by status and counts the filtered rows", async () => {
    const shipped = await listAdminOrders(handle.db, { status: "shipped" });
    expect(shipped.total).toBe(5);
    expect(shipped.rows.every((r) => r.status === "shipped")).toBe(true);
    expect((await listAdminOrders(handle.db, { status: "pending" })).total).toBe(20);
    expect((await listAdminOrders(handle.db, { status: "returned" })).total).toBe(0);
    expect((await listAdminOrders(handle.db, { status: "all" })).total).toBe(28);
  });

  it.each([
    ["the id prefix", () => lefevre.id.slice(0, 8), () => lefevre.id],
    ["the old admin reference", () => `#${lefevre.id.slice(0, 8)}`, () => lefevre.id],
    ["the old shopper reference", () => `#${lefevre.id.replace(/-/g, "").slice(-8).toUpperCase()}`, () => lefevre.id],
    ["the old order number", () => `CMD-${lefevre.id.replace(/-/g, "").slice(-8).toUpperCase()}`, () => lefevre.id],
    ["the order number", () => company.orderNumber, () => company.id],
    ["the contact e-mail", () => "helene.contact@", () => lefevre.id],
    ["a last name without its accent", () => "lefevre", () => lefevre.id],
    ["a first name with its accent", () => "Hélène", () => lefevre.id],
    ["the company", () => "zephyr", () => company.id],
    ["the street", () => "haussmann", () => company.id],
    ["the city", () => "besancon", () => lefevre.id],
    ["the postal code", () => "75009", () => company.id],
    ["the country", () => "belgique", () => company.id],
    ["the phone as written", () => "06 98 76 54 32", () => lefevre.id],
    ["the phone without spaces", () => "0698765432", () => lefevre.id],
    ["two words that must both match", () => "marie nantes", () => guest.id],
  ])("searches by %s", async (_label, term, expected) => {
    const result = await listAdminOrders(handle.db, { search: term() });
    expect(result.rows.map((r) => r.id)).toEqual([expected()]);
    expect(result.total).toBe(1);
  });

  it("searches by the account e-mail, for every order of that account", async () => {
    const result = await listAdminOrders(handle.db, { search: shopper.email });
    expect(result.total).toBe(27);
    expect(result.rows.some((r) => r.id === guest.id)).toBe(false);
  });

  it("finds a whole contact e-mail by equality, whatever its case, and a guest's too", async () => {
    expect(wholeEmailSearch("  Helene.Contact@Exemple.fr ")).toBe("helene.contact@exemple.fr");
    expect(wholeEmailSearch("helene.contact@")).toBeNull();
    expect(wholeEmailSearch("helene contact@exemple.fr")).toBeNull();
    expect((await listAdminOrders(handle.db, { search: "HELENE.CONTACT@exemple.fr" })).rows.map((r) => r.id)).toEqual([lefevre.id]);
    expect((await listAdminOrders(handle.db, { search: "visiteur.unique@exemple.fr" })).rows.map((r) => r.id)).toEqual([guest.id]);
    expect((await listAdminOrders(handle.db, { search: "personne@exemple.fr" })).total).toBe(0);
  });

  it("combines search and status filter", async () => {
    expect((await listAdminOrders(handle.db, { search: "lyon", status: "shipped" })).total).toBe(5);
    expect((await listAdminOrders(handle.db, { search: "besancon", status: "pending" })).total).toBe(0);
  });

  it("treats % and _ as plain characters", async () => {
    expect(adminSearchTerms("50%_off")).toEqual(["50\\%\\_off"]);
    expect((await listAdminOrders(handle.db, { search: "%" })).total).toBe(0);
    expect((await listAdminOrders(handle.db, { search: "_" })).total).toBe(0);
  });

  it("keeps the search text current when an account is erased (no personal data left to find)", async () => {
    const other = await createShopper(handle.db);
    const o = await insertOrder({ userId: other.id });
    expect((await listAdminOrders(handle.db, { search: other.email })).rows.map((r) => r.id)).toEqual([o.id]);
    await handle.db.update(orders).set({ userId: null }).where(eq(orders.id, o.id));
    await handle.db.delete(user).where(eq(user.id, other.id));
    forgetAdminOrderCounts(handle.db);
    expect((await listAdminOrders(handle.db, { search: other.email })).total).toBe(0);
    await handle.db.delete(orders).where(eq(orders.id, o.id));
  });
});

describe("count memo", () => {
  it("remembers a count for a few seconds, and forgets it on demand", async () => {
    const before = (await listAdminOrders(handle.db, { status: "confirmed" })).total;
    const o = await insertOrder({ status: "confirmed" });
    expect((await listAdminOrders(handle.db, { status: "confirmed" })).total).toBe(before);
    forgetAdminOrderCounts(handle.db);
    expect((await listAdminOrders(handle.db, { status: "confirmed" })).total).toBe(before + 1);
    await handle.db.delete(orders).where(eq(orders.id, o.id));
  });
});

describe("getAdminOrder", () => {
  it("returns contact, both addresses and the lines", async () => {
    const detail = await getAdminOrder(handle.db, lefevre.id);
    expect(detail).toMatchObject({
      id: lefevre.id,
      status: "delivered",
      total_cents: 7200,
      email: "helene.contact@exemple.fr",
      phone: "07 00 00 00 01",
      shipping_address: { city: "Besançon" },
      billing_address: { city: "Dijon", street: "1 place de la Facture" },
    });
    const lines = detail!.items.map((i) => [i.name, i.quantity, i.unit_price_cents, i.total_price_cents]);
    expect(lines.sort((a, b) => Number(a[2]) - Number(b[2]))).toEqual([
      [product.name, 3, 1000, 3000],
      [product.name, 1, 4200, 4200],
    ]);
  });

  it("falls back to the account e-mail and the shipping phone", async () => {
    const detail = await getAdminOrder(handle.db, company.id);
    expect(detail!.email).toBe(shopper.email);
    expect(detail!.phone).toBe("06 12 34 56 78");
    expect(detail!.billing_address).toBeNull();
  });

  it("returns null for an unknown or malformed id", async () => {
    expect(await getAdminOrder(handle.db, "00000000-0000-0000-0000-000000000000")).toBeNull();
    expect(await getAdminOrder(handle.db, "not-a-uuid")).toBeNull();
    expect(await getAdminOrder(handle.db, "'; DROP TABLE orders; --")).toBeNull();
  });
});
