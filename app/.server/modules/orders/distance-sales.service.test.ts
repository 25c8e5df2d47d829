import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { createTestDatabase } from "../../../../tests/support/db";
import type { DatabaseHandle } from "../../db/client";
import { orderItems, orders, type OrderStatus } from "../../db/schema";
import type { OrderTax } from "~/domain/tax/order-tax";
import type { TaxRegime } from "~/domain/tax/tax-rules";
import { euDistanceSalesCents } from "./distance-sales.service";

let handle: DatabaseHandle;
// A year no seeded order is in, so the sums are this file's orders only.
const YEAR = 2031;

const ADDRESS = {
  first_name: "Anne",
  last_name: "Peeters",
  street: "Rue Neuve 1",
  city: "Bruxelles",
  postal_code: "1000",
  country: "BE",
  phone: "+32 2 000 00 00",
};

function taxOf(regime: TaxRegime, shipping: { regime: TaxRegime; rate_percent: number }): OrderTax {
  return {
    version: 1,
    destination: { territory: "eu", country_code: "BE", vat_country: "BE" },
    regime,
    vat_country: regime === "oss" ? "BE" : "FR",
    shipping: { ...shipping, category: "S" },
    ddp: false,
    business: null,
  };
}

/** One order at `createdAt` with its lines (TTC cents, basis points, regime) and its delivery fee. */
async function insertOrder(input: {
  createdAt: string;
  tax: OrderTax | null;
  status?: OrderStatus;
  shippingCents: number;
  lines: { totalCents: number; bp: number | null; regime: TaxRegime | null }[];
}) {
  const subtotal = input.lines.reduce((s, l) => s + l.totalCents, 0);
  const [order] = await handle.db
    .insert(orders)
    .values({
      orderNumber: `T-${randomUUID().slice(0, 12)}`,
      status: input.status ?? "confirmed",
      subtotalCents: subtotal,
      shippingCents: input.shippingCents,
      totalCents: subtotal + input.shippingCents,
      shippingAddress: ADDRESS,
      tax: input.tax,
      createdAt: new Date(input.createdAt),
    })
    .returning({ id: orders.id });
  await handle.db.insert(orderItems).values(
    input.lines.map((l) => ({
      orderId: order!.id,
      quantity: 1,
      unitPriceCents: l.totalCents,
      totalPriceCents: l.totalCents,
      vatRateBp: l.bp,
      taxRegime: l.regime,
      productSnapshot: { name: "Eau de parfum", price_cents: l.totalCents, brand: null, image_url: null },
    })),
  );
}

beforeAll(async () => {
  handle = await createTestDatabase();
});

afterAll(async () => {
  await handle?.close();
});

describe("euDistanceSalesCents", () => {
  it("sums the year's distance sales excluding VAT: goods and delivery, Paris calendar", async () => {
    expect(await euDistanceSalesCents(handle.db, YEAR)).toBe(0);
    // French VAT under the threshold: 120,00 € TTC at 20 % is 100,00 € HT; 6,00 € of delivery is 5,00 € HT.
    await insertOrder({
      createdAt: "2031-03-10T10:00:00Z",
      tax: taxOf("distance_fr", { regime: "distance_fr", rate_percent: 20 }),
      shippingCents: 600,
      lines: [{ totalCents: 12_000, bp: 2000, regime: "distance_fr" }],
    });
    // Belgian VAT (OSS): 121,00 € at 21 % is 100,00 € HT; a gift card sold with it is out of scope.
    await insertOrder({
      createdAt: "2031-12-31T22:30:00Z", // 23:30 in Paris: still 2031
      tax: taxOf("oss", { regime: "oss", rate_percent: 21 }),
      shippingCents: 0,
      lines: [
        { totalCents: 12_100, bp: 2100, regime: "oss" },
        { totalCents: 5_000, bp: null, regime: "out_of_scope" },
      ],
    });
    expect(await euDistanceSalesCents(handle.db, YEAR)).toBe(10_000 + 500 + 10_000);
  });

  it("leaves out other regimes, cancelled orders, orders without VAT record and other Paris years", async () => {
    const before = await euDistanceSalesCents(handle.db, YEAR);
    await insertOrder({
      createdAt: "2031-05-01T10:00:00Z",
      tax: taxOf("domestic", { regime: "domestic", rate_percent: 20 }),
      shippingCents: 990,
      lines: [{ totalCents: 6_000, bp: 2000, regime: "domestic" }],
    });
    await insertOrder({
      createdAt: "2031-05-02T10:00:00Z",
      tax: taxOf("intra_eu_b2b", { regime: "intra_eu_b2b", rate_percent: 0 }),
      shippingCents: 500,
      lines: [{ totalCents: 5_000, bp: 0, regime: "intra_eu_b2b" }],
    });
    await insertOrder({
      createdAt: "2031-05-03T10:00:00Z",
      status: "cancelled",
      tax: taxOf("distance_fr", { regime: "distance_fr", rate_percent: 20 }),
      shippingCents: 600,
      lines: [{ totalCents: 12_000, bp: 2000, regime: "distance_fr" }],
    });
    await insertOrder({
      createdAt: "2031-05-04T10:00:00Z",
      tax: null,
      shippingCents: 0,
      lines: [{ totalCents: 12_000, bp: null, regime: null }],
    });
    // 31 December 2030 at 23:30 in Paris is 2030; 1 January 2032 at 00:30 in Paris is 2032.
    for (const createdAt of ["2030-12-31T22:30:00Z", "2031-12-31T23:30:00Z"]) {
      await insertOrder({
        createdAt,
        tax: taxOf("distance_fr", { regime: "distance_fr", rate_percent: 20 }),
        shippingCents: 0,
        lines: [{ totalCents: 1_200, bp: 2000, regime: "distance_fr" }],
      });
    }
    expect(await euDistanceSalesCents(handle.db, YEAR)).toBe(before);
    expect(await euDistanceSalesCents(handle.db, 2030)).toBe(1_000);
    expect(await euDistanceSalesCents(handle.db, 2032)).toBe(1_000);
  });

  it("rounds each line's HT to the cent as invoices do (5,5 %)", async () => {
    // 10,00 € TTC at 5,5 % is 9,478... € HT: 9,48 €.
    await insertOrder({
      createdAt: "2033-02-01T10:00:00Z",
      tax: taxOf("distance_fr", { regime: "distance_fr", rate_percent: 5.5 }),
      shippingCents: 1_000,
      lines: [{ totalCents: 1_000, bp: 550, regime: "distance_fr" }],
    });
    expect(await euDistanceSalesCents(handle.db, 2033)).toBe(948 + 948);
  });
});
