import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/support/db";
import { APPROVED_CARD, CONTACT, createShopper, pickProducts, type TestShopper } from "../../../tests/support/shoppers";
import type { DatabaseHandle } from "../db/client";
import { orderStatusChanges, outbox } from "../db/schema";
import { SimulatedPaymentProvider } from "../modules/payments/payment-provider";
import { savePreferences } from "../modules/accounts/preferences.service";
import { DEFAULT_PREFERENCES } from "~/domain/account/preferences.schema";
import { PlaceOrderSchema } from "~/domain/checkout/checkout.schema";
import { placeOrder } from "./place-order";
import { changeOrderStatus } from "./change-order-status";
import { sendReviewInvitations } from "./review-invitations";

let handle: DatabaseHandle;
let admin: string;
let provider: SimulatedPaymentProvider;

beforeAll(async () => {
  handle = await createTestDatabase();
  provider = new SimulatedPaymentProvider(handle.db, `test-${randomUUID()}`);
  admin = (await createShopper(handle.db, { name: "Admin" })).id;
});
afterAll(async () => {
  await handle?.close();
});

/** A delivered order whose delivery is dated `daysAgo` days back. */
async function deliveredDaysAgo(shopper: TestShopper, daysAgo: number) {
  const [product] = await pickProducts(handle.db, 1, 10);
  const placed = await placeOrder(handle.db, {
    userId: shopper.id,
    idempotencyKey: randomUUID(),
    provider,
    request: PlaceOrderSchema.parse({
      address_id: shopper.addressId,
      contact: { ...CONTACT, email: shopper.email },
      card: APPROVED_CARD,
      lines: [{ product_id: product.id, quantity: 1 }],
    }),
  });
  await changeOrderStatus(handle.db, {
    orderId: placed.order.id,
    newStatus: "delivered",
    actor: { userId: admin, role: "admin" },
    provider,
  });
  await handle.db
    .update(orderStatusChanges)
    .set({ createdAt: sql`now() - make_interval(days => ${daysAgo})` })
    .where(eq(orderStatusChanges.orderId, placed.order.id));
  return placed.order;
}

const invitationsTo = async (email: string) =>
  (
    await handle.db
      .select()
      .from(outbox)
      .where(sql`${outbox.payload}->>'to' = ${email}`)
  ).filter((m) => String(m.payload.subject).startsWith("Votre avis sur votre commande"));

describe("review invitations", () => {
  it("invites once, seven days after delivery, with links to the products, and never twice", async () => {
    const shopper = await createShopper(handle.db);
    const tooSoon = await createShopper(handle.db);
    const tooOld = await createShopper(handle.db);
    const order = await deliveredDaysAgo(shopper, 8);
    await deliveredDaysAgo(tooSoon, 3);
    await deliveredDaysAgo(tooOld, 45);

    const runs = await Promise.all([sendReviewInvitations(handle.db), sendReviewInvitations(handle.db)]);
    expect(runs.reduce((n, r) => n + r.invited, 0)).toBeGreaterThanOrEqual(1);
    const [mail] = await invitationsTo(shopper.email);
    expect(await invitationsTo(shopper.email)).toHaveLength(1);
    expect(mail.payload.subject).toBe(`Votre avis sur votre commande ${order.number}`);
    expect(String(mail.payload.text)).toContain(`/product/${order.items[0].product_id}#donner-mon-avis`);
    expect(String(mail.payload.html)).toContain("Bonjour Marie");
    expect(await invitationsTo(tooSoon.email)).toEqual([]);
    expect(await invitationsTo(tooOld.email)).toEqual([]);

    await sendReviewInvitations(handle.db);
    expect(await invitationsTo(shopper.email)).toHaveLength(1);
  });

  it("honours a shopper who turned review invitations off, and only that switch", async () => {
    const other = await createShopper(handle.db);
    await savePreferences(handle.db, other.id, { ...DEFAULT_PREFERENCES, emailPromotions: false, emailOrderUpdates: false });
    await deliveredDaysAgo(other, 8);
    const shopper = await createShopper(handle.db);
    await savePreferences(handle.db, shopper.id, { ...DEFAULT_PREFERENCES, emailReviewInvitations: false });
    await deliveredDaysAgo(shopper, 8);
    const run = await sendReviewInvitations(handle.db);
    expect(run.skipped).toBeGreaterThanOrEqual(1);
    expect(await invitationsTo(shopper.email)).toEqual([]);
    expect(await invitationsTo(other.email)).toHaveLength(1);
  });
});
