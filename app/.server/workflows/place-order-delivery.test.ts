import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/support/db";
import { APPROVED_CARD, CONTACT, createShopper, pickProducts, setProductPrice } from "../../../tests/support/shoppers";
import { settled } from "../../../tests/support/domain-result";
import type { DatabaseHandle } from "../db/client";
import { orders } from "../db/schema";
import { SimulatedPaymentProvider } from "../modules/payments/payment-provider";
import { generatedRelayDirectory } from "../modules/delivery/relay-points.service";
import { updateDeliveryMethod } from "../modules/delivery/delivery-methods.service";
import { placeOrder as placeOrderOrThrow, quoteCheckout } from "./place-order";
import { listDeliveryOptions } from "./delivery-options";
import { PlaceOrderSchema, type PlaceOrderBody } from "~/domain/checkout/checkout.schema";
import {
  DELIVERY_METHOD_NOT_OFFERED_MESSAGE,
  RELAY_POINT_REQUIRED_MESSAGE,
  RELAY_POINT_TOO_FAR_MESSAGE,
  RELAY_POINT_UNKNOWN_MESSAGE,
} from "~/domain/delivery/delivery-methods";
import { estimateDeliveryDate } from "~/domain/delivery/delivery-dates";
import { EXPRESS_SHIPPING_FEE_CENTS } from "~/lib/shop-rules";

const placeOrder = (...args: Parameters<typeof placeOrderOrThrow>) => settled(placeOrderOrThrow(...args));

let handle: DatabaseHandle;
let provider: SimulatedPaymentProvider;
let product: { id: string; priceCents: number };

function request(input: Partial<PlaceOrderBody> & { address_id: string }) {
  return PlaceOrderSchema.parse({ contact: CONTACT, card: APPROVED_CARD, lines: [{ product_id: product.id, quantity: 1 }], ...input });
}

beforeAll(async () => {
  handle = await createTestDatabase();
  const [p] = await pickProducts(handle.db, 1, 500);
  // 20 €: below the free-delivery threshold, so every method has its price.
  await setProductPrice(handle.db, p.id, 2000);
  product = { id: p.id, priceCents: 2000 };
});

afterAll(async () => {
  await handle?.close();
});

beforeEach(() => {
  provider = new SimulatedPaymentProvider(handle.db, `test-${randomUUID()}`);
});

describe("the relay directory", () => {
  it("finds fictional points near a real postal code, nearest first, the same on every call", async () => {
    const points = await generatedRelayDirectory.search("69003");
    expect(points.length).toBeGreaterThanOrEqual(4);
    expect(points.every((p) => p.name.endsWith("(point relais fictif)") && p.postal_code.startsWith("69"))).toBe(true);
    expect(points[0].postal_code).toBe("69003");
    expect(points.map((p) => p.distance_km)).toEqual([...points.map((p) => p.distance_km)].sort((a, b) => a - b));
    expect(await generatedRelayDirectory.search("69003")).toEqual(points);
    expect(await generatedRelayDirectory.get(points[0].id)).toEqual({ ...points[0], distance_km: expect.any(Number) });
  });

  it("has nothing for an unknown code, overseas or a made-up id", async () => {
    expect(await generatedRelayDirectory.search("99999")).toEqual([]);
    expect(await generatedRelayDirectory.search("97400")).toEqual([]);
    expect(await generatedRelayDirectory.search("abc")).toEqual([]);
    expect(await generatedRelayDirectory.get("RP-69003-9")).toBeNull();
    expect(await generatedRelayDirectory.get("RP-99999-1")).toBeNull();
    expect(await generatedRelayDirectory.get("'; DROP TABLE orders; --")).toBeNull();
  });
});

describe("delivery methods at checkout", () => {
  it("quotes each method with its price and date and keeps the relay point and date in the order", async () => {
    const shopper = await createShopper(handle.db, { postalCode: "69003" });
    const now = new Date();
    const quote = await quoteCheckout(handle.db, {
      userId: shopper.id,
      addressId: shopper.addressId,
      lines: [{ product_id: product.id, quantity: 1 }],
    });
    expect(quote.delivery_options.map((o) => [o.code, o.fee_cents])).toEqual([
      ["standard", 990],
      ["relay", 790],
      ["express", 1490],
    ]);
    expect(quote.delivery_options[0].estimated_date).toBe(estimateDeliveryDate({ now, workingDays: 2 }));

    const [point] = await generatedRelayDirectory.search("69003");
    const relayQuote = await quoteCheckout(handle.db, {
      userId: shopper.id,
      addressId: shopper.addressId,
      lines: [{ product_id: product.id, quantity: 1 }],
      deliveryMethod: "relay",
      relayPointId: point.id,
    });
    expect(relayQuote).toMatchObject({ delivery_error: null, total_cents: 2790, relay_point: { id: point.id } });

    const placed = await placeOrder(handle.db, {
      userId: shopper.id,
      idempotencyKey: randomUUID(),
      request: request({ address_id: shopper.addressId, delivery_method: "relay", relay_point_id: point.id }),
      provider,
    });
    expect(placed.ok).toBe(true);
    if (!placed.ok) return;
    expect(placed.order).toMatchObject({
      shipping_cents: 790,
      total_cents: 2790,
      delivery_method: "relay",
      delivery_method_label: "Point relais",
      relay_point: { id: point.id, name: point.name, postal_code: point.postal_code },
      estimated_delivery_date: relayQuote.delivery?.estimated_date,
    });
  });

  it("refuses a missing, unknown or out-of-zone relay point and express where it is not offered, changing nothing", async () => {
    const lyon = await createShopper(handle.db, { postalCode: "69003" });
    const [ajaccio] = await generatedRelayDirectory.search("20000");
    const cases: [Partial<PlaceOrderBody>, string, string][] = [
      [{ delivery_method: "relay" }, "invalid_relay_point", RELAY_POINT_REQUIRED_MESSAGE],
      [{ delivery_method: "relay", relay_point_id: "RP-69003-9" }, "invalid_relay_point", RELAY_POINT_UNKNOWN_MESSAGE],
      [{ delivery_method: "relay", relay_point_id: "colissimo-FR-123456" }, "invalid_relay_point", RELAY_POINT_UNKNOWN_MESSAGE],
      [{ delivery_method: "relay", relay_point_id: ajaccio.id }, "invalid_relay_point", RELAY_POINT_TOO_FAR_MESSAGE],
    ];
    for (const [body, code, message] of cases) {
      const refused = await placeOrder(handle.db, {
        userId: lyon.id,
        idempotencyKey: randomUUID(),
        request: request({ address_id: lyon.addressId, ...body }),
        provider,
      });
      expect(refused, JSON.stringify(body)).toMatchObject({ ok: false, status: 400, code, message, field: "relay_point_id" });
    }
    // A point the shopper searched near another town of the same zone is accepted: nothing offered is refused afterwards.
    const [paris] = await generatedRelayDirectory.search("75011");
    const elsewhere = await quoteCheckout(handle.db, {
      userId: lyon.id,
      lines: [{ product_id: product.id, quantity: 1 }],
      addressId: lyon.addressId,
      deliveryMethod: "relay",
      relayPointId: paris.id,
    });
    expect(elsewhere).toMatchObject({ delivery_error: null, relay_point: { id: paris.id, carrier: "demo", carrier_point_id: paris.id } });
    const corsica = await createShopper(handle.db, { postalCode: "20000" });
    const express = await placeOrder(handle.db, {
      userId: corsica.id,
      idempotencyKey: randomUUID(),
      request: request({ address_id: corsica.addressId, delivery_method: "express" }),
      provider,
    });
    expect(express).toMatchObject({
      ok: false,
      status: 400,
      code: "delivery_method_not_offered",
      message: DELIVERY_METHOD_NOT_OFFERED_MESSAGE,
    });
    expect(await handle.db.select().from(orders).where(eq(orders.userId, lyon.id))).toEqual([]);
    expect(await handle.db.select().from(orders).where(eq(orders.userId, corsica.id))).toEqual([]);
    expect(await provider.listCharges()).toHaveLength(0);
  });

  it("gives a Beauty Expert one free express per month, even to two orders at once, and a VIP every time", async () => {
    const expert = await createShopper(handle.db, { points: 600 });
    const orderExpress = () =>
      placeOrder(handle.db, {
        userId: expert.id,
        idempotencyKey: randomUUID(),
        request: request({ address_id: expert.addressId, delivery_method: "express" }),
        provider,
      });
    const quote = await quoteCheckout(handle.db, {
      userId: expert.id,
      addressId: expert.addressId,
      lines: [{ product_id: product.id, quantity: 1 }],
      deliveryMethod: "express",
    });
    expect(quote.delivery).toMatchObject({ fee_cents: 0, perk: "expert_monthly" });
    // Two tabs pay the same free express at once: one gets it. The other either quoted the free
    // express before the first committed (then it is refused with a French message and its card
    // refunded) or quoted after (then it pays the express fee it was shown): never two free ones.
    const refundsBefore = (await provider.listRefunds()).length;
    const both = await Promise.all([orderExpress(), orderExpress()]);
    const refused = both.filter((r) => !r.ok);
    for (const r of refused) expect(r).toMatchObject({ ok: false, status: 409, code: "express_perk_used" });
    expect(refused.length).toBeLessThanOrEqual(1);
    expect((await provider.listRefunds()).length - refundsBefore).toBe(refused.length);
    const rows = await handle.db.select().from(orders).where(eq(orders.userId, expert.id));
    const placed = rows.map((r) => [r.expressPerk, r.shippingCents]);
    expect(placed).toHaveLength(2 - refused.length);
    expect(placed).toEqual(
      expect.arrayContaining(
        refused.length === 1
          ? [["expert_monthly", 0]]
          : [
              ["expert_monthly", 0],
              [null, EXPRESS_SHIPPING_FEE_CENTS],
            ],
      ),
    );
    // The next express this month is paid.
    const after = await quoteCheckout(handle.db, {
      userId: expert.id,
      addressId: expert.addressId,
      lines: [{ product_id: product.id, quantity: 1 }],
      deliveryMethod: "express",
    });
    expect(after.delivery).toMatchObject({ fee_cents: 1490, perk: null });

    const vip = await createShopper(handle.db, { points: 1500 });
    for (let i = 0; i < 2; i++) {
      const placed = await placeOrder(handle.db, {
        userId: vip.id,
        idempotencyKey: randomUUID(),
        request: request({ address_id: vip.addressId, delivery_method: "express" }),
        provider,
      });
      expect(placed.ok && placed.order).toMatchObject({ shipping_cents: 0, express_perk: "vip", delivery_method: "express" });
    }
  });

  it("answers GET /api/v1/delivery-methods with the shop's current prices", async () => {
    const shopper = await createShopper(handle.db, { points: 1200 });
    const visitor = await listDeliveryOptions(handle.db, { userId: null, country: "France", postalCode: "75011" });
    expect(visitor.methods.map((m) => [m.code, m.fee_cents])).toEqual([
      ["standard", 990],
      ["relay", 790],
      ["express", 1490],
    ]);
    const vip = await listDeliveryOptions(handle.db, { userId: shopper.id, country: "France", postalCode: "75011" });
    expect(vip.methods.find((m) => m.code === "express")).toMatchObject({ fee_cents: 0, perk: "vip" });
    await expect(listDeliveryOptions(handle.db, { userId: null, country: "France", postalCode: "99999" })).rejects.toMatchObject({
      code: "unknown_postal_code",
    });
    await expect(listDeliveryOptions(handle.db, { userId: null, country: "Espagne", postalCode: "28001" })).rejects.toMatchObject({
      code: "country_not_served",
    });

    // Paramètres: express switched off is no longer offered; the form's refusals change nothing.
    const expressForm = {
      name: "Livraison express",
      carrier: "chronopost",
      price: "14,90",
      free_threshold: "",
      delay_working_days: "1",
      zones: ["metropole"],
    };
    await updateDeliveryMethod(handle.db, "express", { ...expressForm, active: false }, "admin");
    try {
      const without = await listDeliveryOptions(handle.db, { userId: null, country: "France", postalCode: "75011" });
      expect(without.methods.map((m) => m.code)).toEqual(["standard", "relay"]);
      await expect(
        updateDeliveryMethod(handle.db, "standard", { ...expressForm, name: "Standard", carrier: "colissimo", active: true }, "admin"),
      ).rejects.toMatchObject({ code: "invalid_delivery_method", fieldErrors: { zones: expect.any(String) } });
      await expect(updateDeliveryMethod(handle.db, "teleport", { ...expressForm, active: true }, "admin")).rejects.toMatchObject({
        kind: "not_found",
      });
    } finally {
      await updateDeliveryMethod(handle.db, "express", { ...expressForm, active: true }, "admin");
    }
  });
});
