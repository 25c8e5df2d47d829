import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/support/db";
import { APPROVED_CARD, CONTACT, createShopper, pickProducts } from "../../../tests/support/shoppers";
import { settled } from "../../../tests/support/domain-result";
import type { DatabaseHandle } from "../db/client";
import { orders, outbox, savedAddresses } from "../db/schema";
import { SimulatedPaymentProvider } from "../modules/payments/payment-provider";
import { generatedRelayDirectory } from "../modules/delivery/relay-points.service";
import { placeOrder } from "./place-order";
import {
  changeOrderAddress,
  ORDER_ADDRESS_LOCKED_MESSAGE,
  ORDER_ADDRESS_OTHER_ZONE_MESSAGE,
  ORDER_ADDRESS_RELAY_MESSAGE,
} from "./change-order-address";
import { PlaceOrderSchema, type PlaceOrderBody } from "~/domain/checkout/checkout.schema";

let handle: DatabaseHandle;
let productId: string;

beforeAll(async () => {
  handle = await createTestDatabase();
  productId = (await pickProducts(handle.db, 1, 200))[0].id;
});

afterAll(async () => {
  await handle?.close();
});

async function addAddress(userId: string, postalCode: string, city: string) {
  const [row] = await handle.db
    .insert(savedAddresses)
    .values({
      userId,
      firstName: "Marie",
      lastName: "Curie",
      addressLine1: "8 avenue Foch",
      city,
      postalCode,
      country: "France",
      phone: "06 12 34 56 78",
    })
    .returning({ id: savedAddresses.id });
  return row.id;
}

async function order(shopper: { id: string; addressId: string }, extra: Partial<PlaceOrderBody> = {}, now = new Date()) {
  const placed = await placeOrder(handle.db, {
    userId: shopper.id,
    idempotencyKey: randomUUID(),
    request: PlaceOrderSchema.parse({
      contact: CONTACT,
      card: APPROVED_CARD,
      address_id: shopper.addressId,
      lines: [{ product_id: productId, quantity: 1 }],
      ...extra,
    }),
    provider: new SimulatedPaymentProvider(handle.db, `test-${randomUUID()}`),
    now,
  });
  return placed.order;
}

describe("changing the delivery address within the hour", () => {
  it("sends a pending order to another address of the same zone and tells the shopper", async () => {
    const shopper = await createShopper(handle.db);
    const placed = await order(shopper);
    const marseille = await addAddress(shopper.id, "13001", "Marseille");
    const changed = await changeOrderAddress(handle.db, { userId: shopper.id, orderId: placed.id, addressId: marseille });
    expect(changed.shipping_address).toMatchObject({ street: "8 avenue Foch", postal_code: "13001", city: "Marseille" });
    expect(changed.total_cents).toBe(placed.total_cents);
    const mails = await handle.db.select().from(outbox);
    expect(
      mails.some((m) => JSON.stringify(m.payload).includes(`Nouvelle adresse de livraison pour votre commande ${placed.number}`)),
    ).toBe(true);
  });

  it("refuses another zone, another shopper's address or order, a relay order and an order past the hour, changing nothing", async () => {
    const shopper = await createShopper(handle.db);
    const placed = await order(shopper);
    const ajaccio = await addAddress(shopper.id, "20000", "Ajaccio");
    const stranger = await createShopper(handle.db);
    const attempt = (input: { userId?: string; orderId?: string; addressId?: unknown; now?: Date }) =>
      settled(changeOrderAddress(handle.db, { userId: shopper.id, orderId: placed.id, addressId: ajaccio, ...input }));
    expect(await attempt({})).toMatchObject({
      ok: false,
      status: 409,
      code: "order_address_other_zone",
      message: ORDER_ADDRESS_OTHER_ZONE_MESSAGE,
    });
    expect(await attempt({ addressId: stranger.addressId })).toMatchObject({ ok: false, status: 400, code: "invalid_address" });
    expect(await attempt({ addressId: "not-a-uuid" })).toMatchObject({ ok: false, status: 400, code: "invalid_address" });
    expect(await attempt({ userId: stranger.id, addressId: stranger.addressId })).toMatchObject({ ok: false, status: 404 });
    expect(await attempt({ orderId: "x' OR 1=1" })).toMatchObject({ ok: false, status: 404 });
    const later = new Date(Date.now() + 61 * 60 * 1000);
    const lyon2 = await addAddress(shopper.id, "69002", "Lyon");
    expect(await attempt({ addressId: lyon2, now: later })).toMatchObject({
      ok: false,
      status: 409,
      message: ORDER_ADDRESS_LOCKED_MESSAGE,
    });

    const [point] = await generatedRelayDirectory.search("69003");
    const relay = await order(shopper, { delivery_method: "relay", relay_point_id: point.id });
    expect(await attempt({ orderId: relay.id, addressId: lyon2 })).toMatchObject({
      ok: false,
      status: 409,
      message: ORDER_ADDRESS_RELAY_MESSAGE,
    });

    const [row] = await handle.db.select().from(orders).where(eq(orders.id, placed.id));
    expect(row.shippingAddress).toMatchObject({ postal_code: "69003" });
  });
});
