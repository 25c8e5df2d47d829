import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { createTestDatabase } from "../../../tests/support/db";
import { APPROVED_CARD, CONTACT, createShopper, pickProducts, type TestShopper } from "../../../tests/support/shoppers";
import { settled } from "../../../tests/support/domain-result";
import type { DatabaseHandle } from "../db/client";
import { notifications, orders, outbox, userPreferences } from "../db/schema";
import { SimulatedPaymentProvider } from "../modules/payments/payment-provider";
import { placeOrder as placeOrderOrThrow } from "./place-order";
import { changeOrderStatus, shipOrder as shipOrderOrThrow } from "./change-order-status";
import { PlaceOrderSchema } from "~/domain/checkout/checkout.schema";

const placeOrder = (...args: Parameters<typeof placeOrderOrThrow>) => settled(placeOrderOrThrow(...args));
const shipOrder = (...args: Parameters<typeof shipOrderOrThrow>) => settled(shipOrderOrThrow(...args));

let handle: DatabaseHandle;
let admin: string;
const provider = new SimulatedPaymentProvider(async () => handle.db);
const asAdmin = () => ({ userId: admin, role: "admin" as const });

beforeAll(async () => {
  handle = await createTestDatabase();
  admin = (await createShopper(handle.db, { name: "Admin" })).id;
});

afterAll(async () => {
  await handle?.close();
});

async function order(shopper: TestShopper) {
  const [p] = await pickProducts(handle.db, 1, 20);
  const result = await placeOrder(handle.db, {
    userId: shopper.id,
    idempotencyKey: randomUUID(),
    provider,
    request: PlaceOrderSchema.parse({
      address_id: shopper.addressId,
      contact: CONTACT,
      card: APPROVED_CARD,
      lines: [{ product_id: p.id, quantity: 1 }],
    }),
  });
  if (!result.ok) throw new Error(`order failed: ${result.message}`);
  return result.order;
}

describe("shipOrder", () => {
  it("keeps the carrier, number and tracking page, and tells the shopper by notification and e-mail", async () => {
    const shopper = await createShopper(handle.db);
    const placed = await order(shopper);
    const shipped = await shipOrder(handle.db, {
      orderId: placed.id,
      form: { carrier: "colissimo", tracking_number: "6a 1234 5678 901" },
      actor: asAdmin(),
    });
    expect(shipped).toMatchObject({
      ok: true,
      changed: true,
      order: {
        status: "shipped",
        carrier: "Colissimo",
        tracking_number: "6A12345678901",
        tracking_url: "https://www.laposte.fr/outils/suivre-vos-envois?code=6A12345678901",
      },
    });
    const [note] = await handle.db.select().from(notifications).where(eq(notifications.userId, shopper.id));
    expect(note.message).toBe(
      `Le statut de votre commande ${placed.number} est maintenant : Expédiée. Votre colis est confié à Colissimo, numéro de suivi 6A12345678901.`,
    );
    expect(note.metadata.tracking_url).toBe("https://www.laposte.fr/outils/suivre-vos-envois?code=6A12345678901");
    const mails = await handle.db
      .select()
      .from(outbox)
      .where(sql`${outbox.payload}->>'subject' like ${`%${placed.number} : Expédiée`}`);
    expect(mails).toHaveLength(1);
    expect(mails[0].payload.text).toContain("Suivre mon colis : https://www.laposte.fr/outils/suivre-vos-envois?code=6A12345678901");
  });

  it("words the status and the tracking sentence in the language of the shopper's Préférences (decision 044)", async () => {
    const shopper = await createShopper(handle.db);
    await handle.db.insert(userPreferences).values({ userId: shopper.id, language: "en" });
    const placed = await order(shopper);
    await shipOrder(handle.db, {
      orderId: placed.id,
      form: { carrier: "colissimo", tracking_number: "6A12345678901" },
      actor: asAdmin(),
    });
    const mails = await handle.db
      .select()
      .from(outbox)
      .where(sql`${outbox.payload}->>'subject' = ${`Your order ${placed.number}: Shipped`}`);
    expect(mails).toHaveLength(1);
    const text = mails[0].payload.text as string;
    expect(text).toContain(`is now: Shipped.`);
    expect(text).toContain("Your parcel is with Colissimo, tracking number 6A12345678901.");
    expect(text).not.toMatch(/Expédiée|Votre colis|numéro de suivi|emails\.[a-zA-Z]+\./);
    // The in-app notification is not a mail: it stays French.
    const [note] = await handle.db.select().from(notifications).where(eq(notifications.userId, shopper.id));
    expect(note.message).toContain("Votre colis est confié à Colissimo, numéro de suivi 6A12345678901.");
  });

  it("refuses a number in the wrong format or an unknown carrier, and changes nothing", async () => {
    const placed = await order(await createShopper(handle.db));
    expect(
      await shipOrder(handle.db, { orderId: placed.id, form: { carrier: "ups", tracking_number: "XY123456789FR" }, actor: asAdmin() }),
    ).toMatchObject({
      ok: false,
      code: "invalid_shipment",
      message: "Numéro de suivi UPS invalide (exemple : 1Z999AA10123456784)",
    });
    expect(
      await shipOrder(handle.db, { orderId: placed.id, form: { carrier: "dhl", tracking_number: "1" }, actor: asAdmin() }),
    ).toMatchObject({
      ok: false,
      code: "invalid_shipment",
    });
    expect(await shipOrder(handle.db, { orderId: placed.id, form: null, actor: asAdmin() })).toMatchObject({ ok: false });
    const [row] = await handle.db.select().from(orders).where(eq(orders.id, placed.id));
    expect(row).toMatchObject({ status: "pending", carrier: null, trackingNumber: null, shippedAt: null });
  });

  it("refuses to ship a cancelled or delivered order", async () => {
    const placed = await order(await createShopper(handle.db));
    await changeOrderStatus(handle.db, { orderId: placed.id, newStatus: "cancelled", actor: asAdmin(), provider });
    expect(
      await shipOrder(handle.db, { orderId: placed.id, form: { carrier: "ups", tracking_number: "1Z999AA10123456784" }, actor: asAdmin() }),
    ).toMatchObject({
      ok: false,
      code: "order_not_shippable",
      message: "Cette commande ne peut pas être expédiée : elle est annulée",
    });
  });
});
