import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../../tests/support/db";
import type { DatabaseHandle } from "../../db/client";
import { categories, orderItems, orders, products, user } from "../../db/schema";
import { dashboardStatusLabel, formatChange, monthOverMonthPercent, topProductRows } from "~/domain/statistics/admin-dashboard";
import { lastParisDays, lastParisMonths, parisDay, parisMonthStart } from "~/lib/paris-time";
import { computeDashboard, computeStatistics, getDashboard } from "./dashboard.service";

let handle: DatabaseHandle;
// Mid-April 2031 in Paris (summer time, UTC+2).
const now = new Date("2031-04-15T10:00:00Z");

describe("monthOverMonthPercent", () => {
  it("gives the change in percent with one decimal", () => {
    expect(monthOverMonthPercent(125, 100)).toBe(25);
    expect(monthOverMonthPercent(1125, 1000)).toBe(12.5);
    expect(monthOverMonthPercent(2, 3)).toBe(-33.3);
    expect(monthOverMonthPercent(1, 3)).toBe(-66.7);
    expect(monthOverMonthPercent(0, 10)).toBe(-100);
    expect(monthOverMonthPercent(300, 100)).toBe(200);
    expect(monthOverMonthPercent(100, 100)).toBe(0);
  });

  it("is 0 when last month had nothing", () => {
    expect(monthOverMonthPercent(5, 0)).toBe(0);
    expect(monthOverMonthPercent(0, 0)).toBe(0);
    expect(Object.is(monthOverMonthPercent(999_999, 1_000_000), 0)).toBe(true);
  });

  it("prints fr-FR with a sign and one decimal", () => {
    // fr-FR puts a no-break space before % (which one depends on the ICU version).
    const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, " ");
    expect(plain(formatChange(12.5))).toBe("+12,5 %");
    expect(plain(formatChange(-66.7))).toBe("-66,7 %");
    expect(plain(formatChange(0))).toBe("0,0 %");
  });
});

describe("Paris calendar", () => {
  it("starts months at midnight in Paris, winter and summer time", () => {
    expect(parisMonthStart(now).toISOString()).toBe("2031-03-31T22:00:00.000Z");
    expect(parisMonthStart(now, -1).toISOString()).toBe("2031-02-28T23:00:00.000Z");
    // 00:30 on 1 April in Paris is still 31 March in UTC.
    expect(parisMonthStart(new Date("2031-03-31T22:30:00Z")).toISOString()).toBe("2031-03-31T22:00:00.000Z");
    expect(parisMonthStart(new Date("2031-03-31T21:30:00Z")).toISOString()).toBe("2031-02-28T23:00:00.000Z");
    expect(parisMonthStart(new Date("2031-01-10T12:00:00Z"), -1).toISOString()).toBe("2030-11-30T23:00:00.000Z");
    expect(parisDay(new Date("2031-03-31T22:30:00Z"))).toBe("2031-04-01");
  });

  it("lists the last days and months, oldest first", () => {
    const days = lastParisDays(now, 30);
    expect(days).toHaveLength(30);
    expect(days[0]).toBe("2031-03-17");
    expect(days[29]).toBe("2031-04-15");
    expect(lastParisMonths(new Date("2031-01-05T12:00:00Z"), 3)).toEqual(["2030-11", "2030-12", "2031-01"]);
  });
});

describe("topProductRows", () => {
  it("fills the four places with 'Aucune vente' placeholders", () => {
    const empty = topProductRows([]);
    expect(empty).toHaveLength(4);
    expect(empty.every((r) => r.placeholder && r.name === "Aucune vente" && r.units === 0 && r.revenue_cents === 0)).toBe(true);
    const one = topProductRows([{ key: "p", name: "Crème", units: 3, revenue_cents: 4500 }]);
    expect(one.map((r) => [r.name, r.placeholder])).toEqual([
      ["Crème", false],
      ["Aucune vente", true],
      ["Aucune vente", true],
      ["Aucune vente", true],
    ]);
  });
});

describe("dashboardStatusLabel", () => {
  it("uses the dashboard's words, 'En attente' otherwise", () => {
    expect(dashboardStatusLabel("delivered")).toBe("Livré");
    expect(dashboardStatusLabel("shipped")).toBe("Expédié");
    expect(dashboardStatusLabel("processing")).toBe("En cours");
    expect(dashboardStatusLabel("confirmed")).toBe("Confirmé");
    expect(dashboardStatusLabel("pending")).toBe("En attente");
    expect(dashboardStatusLabel("perdue")).toBe("En attente");
    expect(dashboardStatusLabel("cancelled")).toBe("Annulée");
  });
});

const address = {
  first_name: "Zoé",
  last_name: "Zénith",
  street: "1 rue Haute",
  city: "Nantes",
  postal_code: "44000",
  country: "France",
  phone: "0611223344",
};
let counter = 0;

async function order(
  status: (typeof orders.$inferInsert)["status"],
  createdAt: string,
  lines: { productId: string; quantity: number; unit: number }[],
  name = "Zoé Zénith",
) {
  counter++;
  const total = lines.reduce((sum, l) => sum + l.quantity * l.unit, 0);
  const [row] = await handle.db
    .insert(orders)
    .values({
      orderNumber: `TEST-DASH-${counter}`,
      status,
      subtotalCents: total,
      totalCents: total,
      shippingAddress: address,
      metadata: { customer_info: { email: "zoe@example.com", name, phone: "0611223344" } },
      createdAt: new Date(createdAt),
    })
    .returning({ id: orders.id });
  for (const l of lines) {
    await handle.db.insert(orderItems).values({
      orderId: row.id,
      productId: l.productId,
      quantity: l.quantity,
      unitPriceCents: l.unit,
      totalPriceCents: l.quantity * l.unit,
      productSnapshot: { name: "ancien nom", price_cents: l.unit, brand: null, image_url: null },
    });
  }
  return row.id;
}

async function product(name: string, categoryId: string | null, createdAt: string) {
  const [row] = await handle.db
    .insert(products)
    .values({ name, priceCents: 1000, categoryId, stockQuantity: 5, createdAt: new Date(createdAt) })
    .returning({ id: products.id });
  return row.id;
}

let empty: Awaited<ReturnType<typeof computeDashboard>>;
let emptyStats: Awaited<ReturnType<typeof computeStatistics>>;
const ids: Record<string, string> = {};

beforeAll(async () => {
  handle = await createTestDatabase();
  empty = await computeDashboard(handle.db, now);
  emptyStats = await computeStatistics(handle.db, now);

  const [cat1, cat2] = await handle.db
    .insert(categories)
    .values([
      { name: "Dash Parfums", slug: "dash-parfums" },
      { name: "Dash Soins", slug: "dash-soins" },
    ])
    .returning({ id: categories.id });
  // Products: one this month, three last month (change -66,7 %).
  ids.p1 = await product("Dash Eau de Parfum", cat1.id, "2031-04-02T08:00:00Z");
  ids.p2 = await product("Dash Crème", cat2.id, "2031-03-10T08:00:00Z");
  ids.p3 = await product("Dash Luxe", cat1.id, "2031-03-11T08:00:00Z");
  ids.p4 = await product("Dash Sans Catégorie", null, "2031-03-31T21:30:00Z");

  // 00:30 on 1 April in Paris: this month. 23:30 on 31 March in Paris: last month.
  ids.a = await order("delivered", "2031-03-31T22:30:00Z", [{ productId: ids.p1, quantity: 1, unit: 10000 }], "Anne Avril");
  ids.b = await order("pending", "2031-03-31T21:30:00Z", [{ productId: ids.p2, quantity: 5, unit: 1000 }], "Bruno Mars");
  ids.c = await order("cancelled", "2031-04-10T09:00:00Z", [{ productId: ids.p3, quantity: 1, unit: 99999 }], "Chloé Annule");
  ids.d = await order("shipped", "2031-03-05T09:00:00Z", [{ productId: ids.p2, quantity: 3, unit: 1000 }], "Denis Mars");
  ids.e = await order("delivered", "2031-01-10T09:00:00Z", [
    { productId: ids.p1, quantity: 1, unit: 7000 },
    { productId: ids.p4, quantity: 2, unit: 500 },
  ]);
  ids.f = await order("returned", "2031-04-12T09:00:00Z", [{ productId: ids.p3, quantity: 50, unit: 100 }]);

  // Customers: one this month, two last month; administrators are not customers.
  await handle.db.insert(user).values([
    { id: "dash-u1", name: "U1", email: "dash-u1@example.com", createdAt: new Date("2031-04-03T00:00:00Z") },
    { id: "dash-u2", name: "U2", email: "dash-u2@example.com", createdAt: new Date("2031-03-20T00:00:00Z") },
    { id: "dash-u3", name: "U3", email: "dash-u3@example.com", createdAt: new Date("2031-03-31T21:59:59Z") },
    { id: "dash-admin", name: "Chef", email: "dash-admin@example.com", role: "admin", createdAt: new Date("2031-04-03T00:00:00Z") },
  ]);
});

afterAll(async () => {
  await handle?.close();
});

describe("computeDashboard", () => {
  it("is empty before any order: zero figures, no rows, 30 zero days", () => {
    expect(empty.revenue).toEqual({ value: 0, change_percent: 0 });
    expect(empty.orders).toEqual({ value: 0, change_percent: 0 });
    expect(empty.recent_orders).toEqual([]);
    expect(empty.top_products).toEqual([]);
    expect(empty.revenue_by_day).toHaveLength(30);
    expect(empty.revenue_by_day.every((d) => d.revenue_cents === 0 && d.orders === 0)).toBe(true);
    expect(emptyStats.by_category).toEqual([]);
    expect(emptyStats.best_sellers).toEqual([]);
    expect(emptyStats.by_month).toHaveLength(12);
  });

  it("counts revenue without cancelled or returned orders, months in Paris time", async () => {
    const d = await computeDashboard(handle.db, now);
    // a 10000 + b 5000 + d 3000 + e 8000; c (cancelled) and f (returned) left out.
    expect(d.revenue.value).toBe(26000);
    // This month: a (10000). Last month: b + d (8000). +25 %.
    expect(d.revenue.change_percent).toBe(25);
    // Every order is counted: a, c, f this month; b, d last month.
    expect(d.orders).toEqual({ value: 6, change_percent: 50 });
    expect(d.products.value).toBe(empty.products.value + 4);
    expect(d.products.change_percent).toBe(-66.7);
    expect(d.customers.value).toBe(empty.customers.value + 3);
    expect(d.customers.change_percent).toBe(-50);
  });

  it("lists the four latest orders with their customer", async () => {
    const d = await computeDashboard(handle.db, now);
    expect(d.recent_orders.map((o) => o.id)).toEqual([ids.f, ids.c, ids.a, ids.b]);
    expect(d.recent_orders[2]).toMatchObject({
      customer: "Anne Avril",
      total_cents: 10000,
      status: "delivered",
      created_at: "2031-03-31T22:30:00.000Z",
    });
  });

  it("ranks products by revenue from counted orders, with today's names", async () => {
    const d = await computeDashboard(handle.db, now);
    expect(d.top_products.map((p) => [p.name, p.units, p.revenue_cents])).toEqual([
      ["Dash Eau de Parfum", 2, 17000],
      ["Dash Crème", 8, 8000],
      ["Dash Sans Catégorie", 2, 1000],
    ]);
  });

  it("charts revenue per Paris day over the last 30 days", async () => {
    const d = await computeDashboard(handle.db, now);
    const byDay = Object.fromEntries(d.revenue_by_day.filter((x) => x.orders > 0).map((x) => [x.day, x.revenue_cents]));
    // d (5 March) is older than 30 days; cancelled and returned orders are left out.
    expect(byDay).toEqual({ "2031-03-31": 5000, "2031-04-01": 10000 });
  });

  it("is remembered a few seconds by getDashboard", async () => {
    const first = await getDashboard(handle.db);
    expect(await getDashboard(handle.db)).toBe(first);
  });
});

describe("computeStatistics", () => {
  it("gives sales by category, by Paris month and the best sellers by units", async () => {
    const s = await computeStatistics(handle.db, now);
    expect(s.by_category).toEqual([
      { category: "Dash Parfums", units: 2, revenue_cents: 17000 },
      { category: "Dash Soins", units: 8, revenue_cents: 8000 },
      { category: "Non classé", units: 2, revenue_cents: 1000 },
    ]);
    expect(s.by_month.map((m) => m.month)).toEqual([
      "2030-05",
      "2030-06",
      "2030-07",
      "2030-08",
      "2030-09",
      "2030-10",
      "2030-11",
      "2030-12",
      "2031-01",
      "2031-02",
      "2031-03",
      "2031-04",
    ]);
    const months = Object.fromEntries(s.by_month.filter((m) => m.orders > 0).map((m) => [m.month, [m.revenue_cents, m.orders]]));
    expect(months).toEqual({ "2031-01": [8000, 1], "2031-03": [8000, 2], "2031-04": [10000, 1] });
    expect(s.best_sellers.map((p) => [p.name, p.units, p.revenue_cents])).toEqual([
      ["Dash Crème", 8, 8000],
      ["Dash Eau de Parfum", 2, 17000],
      ["Dash Sans Catégorie", 2, 1000],
    ]);
  });
});
