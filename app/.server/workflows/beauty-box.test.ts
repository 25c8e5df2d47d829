/**
 * The Beauty Box (docs/decisions/071-beauty-box.md): subscribing, managing, and the monthly job
 * against the simulated acquirer's own books, with a given `now`.
 */
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/support/db";
import { createShopper, pickProducts, type TestShopper } from "../../../tests/support/shoppers";
import { storedView, wordStoredNotification } from "../../../tests/support/notification-wording";
import type { DatabaseHandle } from "../db/client";
import {
  boxCharges,
  boxEditions,
  boxSubscriptions,
  invoiceDocuments,
  notifications,
  orderItems,
  orders,
  outbox,
  paymentMethods,
  productVariants,
  stockMovements,
} from "../db/schema";
import { SimulatedPaymentProvider } from "../modules/payments/payment-provider";
import { addPaymentMethod } from "../modules/payment-methods/payment-methods.service";
import { chargeDueBoxes, manageBox, saveBoxEdition, subscribeToBox, boxAdminOverview } from "./beauty-box";
import { changeOrderStatus } from "./change-order-status";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import { seedDemoBoxEditionsIfNone } from "../db/seed/demo-beauty-box";

let handle: DatabaseHandle;
let provider: SimulatedPaymentProvider;
let admin: TestShopper;
let variant: { id: string; variantId: string };

/** Subscribed on 10 December 2026: the first box is January 2027's, charged from 1 January. */
const SUBSCRIBED = new Date("2026-12-10T10:00:00Z");
const JAN_1 = new Date("2027-01-01T08:00:00Z");
const DAY_MS = 24 * 60 * 60 * 1000;
const at = (base: Date, days: number, hours = 0) => new Date(base.getTime() + days * DAY_MS + hours * 3600_000);

beforeAll(async () => {
  handle = await createTestDatabase();
  admin = await createShopper(handle.db, { name: "Admin" });
  [variant] = await pickProducts(handle.db, 1, 100);
});

afterAll(async () => {
  await handle?.close();
});

beforeEach(() => {
  provider = new SimulatedPaymentProvider(handle.db, `box-${randomUUID()}`);
});

// The job charges every due subscription of the database: each test starts with none left.
afterEach(async () => {
  await handle.db.execute(sql`UPDATE box_charges SET status = 'cancelled' WHERE status IN ('pending', 'charging')`);
  await handle.db.execute(sql`UPDATE box_subscriptions SET status = 'cancelled', cancelled_at = now() WHERE status <> 'cancelled'`);
});

async function saveCard(shopper: TestShopper, number = "4242 4242 4242 4242") {
  return addPaymentMethod(handle.db, provider, shopper.id, { number, expiry: "12/39", holder: "Marie Curie" });
}

async function subscriber(number?: string) {
  const shopper = await createShopper(handle.db);
  const card = await saveCard(shopper, number);
  const sub = await subscribeToBox(handle.db, {
    userId: shopper.id,
    paymentMethodId: card.id,
    addressId: shopper.addressId,
    acceptTerms: true,
    now: SUBSCRIBED,
  });
  return { shopper, card, sub };
}

async function chargesOf(subscriptionId: string) {
  return handle.db.select().from(boxCharges).where(eq(boxCharges.subscriptionId, subscriptionId)).orderBy(boxCharges.month);
}

const chargedKeys = async () => (await provider.listCharges()).map((c) => c.idempotencyKey);

describe("subscribing", () => {
  it("refuses a shopper without a saved card, in French", async () => {
    const shopper = await createShopper(handle.db);
    await expect(
      subscribeToBox(handle.db, { userId: shopper.id, paymentMethodId: "", addressId: shopper.addressId, acceptTerms: true }),
    ).rejects.toMatchObject({ kind: "invalid", code: "box_no_saved_card", message: ACCOUNT_MESSAGES.boxNoSavedCard });
  });

  it("refuses another shopper's card and address, an address abroad, the terms not accepted, and a second subscription", async () => {
    const { shopper: other, card: othersCard } = await subscriber();
    const shopper = await createShopper(handle.db);
    const card = await saveCard(shopper);
    const base = { userId: shopper.id, paymentMethodId: card.id, addressId: shopper.addressId, acceptTerms: true, now: SUBSCRIBED };
    await expect(subscribeToBox(handle.db, { ...base, paymentMethodId: othersCard.id })).rejects.toMatchObject({
      code: "box_card_not_yours",
      message: ACCOUNT_MESSAGES.boxCardNotYours,
    });
    await expect(subscribeToBox(handle.db, { ...base, addressId: other.addressId })).rejects.toMatchObject({
      code: "box_address_not_yours",
      message: ACCOUNT_MESSAGES.boxAddressNotYours,
    });
    await expect(subscribeToBox(handle.db, { ...base, acceptTerms: false })).rejects.toMatchObject({ code: "box_terms_required" });
    const abroad = await createShopper(handle.db, { country: "Belgique", postalCode: "1000" });
    const abroadCard = await saveCard(abroad);
    await expect(
      subscribeToBox(handle.db, { ...base, userId: abroad.id, paymentMethodId: abroadCard.id, addressId: abroad.addressId }),
    ).rejects.toMatchObject({ code: "box_address_outside_france", message: ACCOUNT_MESSAGES.boxAddressOutsideFrance });

    // Two subscriptions at once: the unique index lets one through.
    const both = await Promise.allSettled([subscribeToBox(handle.db, base), subscribeToBox(handle.db, base)]);
    expect(both.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(both.find((r) => r.status === "rejected")).toMatchObject({ reason: { code: "box_already_subscribed" } });
  });

  it("starts with next month's box, at the set price, and mails the legal information", async () => {
    const { shopper, sub } = await subscriber();
    expect(sub).toMatchObject({ status: "active", price_cents: 2990, next_month: "2027-01", skipped_months: [] });
    const mails = await handle.db
      .select()
      .from(outbox)
      .where(sql`${outbox.payload}->>'to' = ${shopper.email}`);
    expect(mails).toHaveLength(1);
    const payload = mails[0].payload as { subject: string; text: string };
    expect(payload.subject).toBe("Bienvenue dans la Beauty Box");
    expect(payload.text).toContain("29,90");
    expect(payload.text).toContain("1 janvier 2027");
    expect(payload.text).toContain("droit de rétractation de 14 jours");
    expect(payload.text).toContain("en quelques clics");
  });
});

describe("the monthly job", () => {
  it("charges each subscription once per month even with two overlapping runs, and makes its order", async () => {
    await saveBoxEdition(handle.db, { month: "2027-01", title: "Hiver doux", lines: [{ variant: variant.variantId, quantity: 2 }] });
    const [before] = await handle.db
      .select({ stock: productVariants.stockQuantity })
      .from(productVariants)
      .where(eq(productVariants.id, variant.variantId));
    const { shopper, sub } = await subscriber();

    const runs = await Promise.all([
      chargeDueBoxes(handle.db, { provider, now: JAN_1 }),
      chargeDueBoxes(handle.db, { provider, now: JAN_1 }),
    ]);
    expect(runs.reduce((n, r) => n + r.charged, 0)).toBe(1);
    // Later the same day and the next day: nothing more for January.
    await chargeDueBoxes(handle.db, { provider, now: at(JAN_1, 0, 3) });
    await chargeDueBoxes(handle.db, { provider, now: at(JAN_1, 1) });
    const charges = await provider.listCharges();
    expect(charges).toHaveLength(1);
    expect(charges[0].amountCents).toBe(2990);

    const [row] = await chargesOf(sub.id);
    expect(row).toMatchObject({ month: "2027-01", status: "paid", tries: 1, amountCents: 2990 });
    const [order] = await handle.db.select().from(orders).where(eq(orders.id, row.orderId!));
    expect(order).toMatchObject({
      userId: shopper.id,
      status: "pending",
      paymentStatus: "paid",
      totalCents: 2990,
      shippingCents: 0,
      taxCents: 498,
    });
    expect((order.metadata as { order_source: string }).order_source).toBe("beauty_box");
    const items = await handle.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(items.map((i) => [i.variantId, i.quantity, i.totalPriceCents]).sort()).toEqual(
      [
        [null, 1, 2990],
        [variant.variantId, 2, 0],
      ].sort(),
    );
    // Its invoice, and the edition's stock taken with its movement.
    const invoices = await handle.db.select().from(invoiceDocuments).where(eq(invoiceDocuments.orderId, order.id));
    expect(invoices.map((i) => [i.kind, i.totalCents])).toEqual([["invoice", 2990]]);
    const [afterStock] = await handle.db
      .select({ stock: productVariants.stockQuantity })
      .from(productVariants)
      .where(eq(productVariants.id, variant.variantId));
    expect(afterStock.stock).toBe(before.stock - 2);
    const movements = await handle.db.select().from(stockMovements).where(eq(stockMovements.orderId, order.id));
    expect(movements.map((m) => [m.variantId, m.delta])).toEqual([[variant.variantId, -2]]);

    // The subscriber is told, with the order's number.
    const mails = await handle.db
      .select()
      .from(outbox)
      .where(sql`${outbox.payload}->>'to' = ${shopper.email}`);
    const charged = mails
      .map((m) => m.payload as { subject: string; text: string })
      .find((m) => m.subject === "Votre Beauty Box de janvier 2027 est en préparation");
    expect(charged?.text).toContain(order.orderNumber);

    // Delivered through the normal flow: the Beauty Pass points of 29,90 €.
    const delivered = await changeOrderStatus(handle.db, {
      orderId: order.id,
      newStatus: "delivered",
      actor: { userId: admin.id, role: "admin" },
      provider,
    });
    expect(delivered.pointsCredited).toBeGreaterThan(0);

    // The back-office's picking list: the edition's quantity per paid box.
    const overview = await boxAdminOverview(handle.db, "2027-01");
    expect(overview.picking).toEqual([
      expect.objectContaining({ variant_id: variant.variantId, quantity: 2 * overview.boxes.filter((b) => b.status === "paid").length }),
    ]);
    expect(overview.boxes.some((b) => b.orderNumber === order.orderNumber)).toBe(true);

    // February: a new charge, with its own key.
    await chargeDueBoxes(handle.db, { provider, now: new Date("2027-02-01T08:00:00Z") });
    expect((await chargesOf(sub.id)).map((c) => [c.month, c.status])).toEqual([
      ["2027-01", "paid"],
      ["2027-02", "paid"],
    ]);
    expect(new Set(await chargedKeys()).size).toBe(2);
  });

  it("never charges a skipped month, a paused or a cancelled subscription", async () => {
    const skipping = await subscriber();
    const pausing = await subscriber();
    const cancelling = await subscriber();
    await manageBox(handle.db, skipping.shopper.id, { intent: "skip", subscription_id: skipping.sub.id, month: "2027-01" }, SUBSCRIBED);
    await manageBox(handle.db, pausing.shopper.id, { intent: "pause", subscription_id: pausing.sub.id }, SUBSCRIBED);
    await manageBox(
      handle.db,
      cancelling.shopper.id,
      { intent: "cancel", subscription_id: cancelling.sub.id, reason: "Trop de produits" },
      SUBSCRIBED,
    );

    await chargeDueBoxes(handle.db, { provider, now: JAN_1 });
    expect(await provider.listCharges()).toEqual([]);
    expect((await chargesOf(skipping.sub.id)).map((c) => [c.month, c.status])).toEqual([["2027-01", "skipped"]]);
    expect(await chargesOf(pausing.sub.id)).toEqual([]);
    expect(await chargesOf(cancelling.sub.id)).toEqual([]);

    // The skipped one gets February's box; the others still nothing.
    await chargeDueBoxes(handle.db, { provider, now: new Date("2027-02-01T08:00:00Z") });
    expect((await chargesOf(skipping.sub.id)).map((c) => [c.month, c.status])).toEqual([
      ["2027-01", "skipped"],
      ["2027-02", "paid"],
    ]);
    expect(await chargesOf(pausing.sub.id)).toEqual([]);
    expect(await chargesOf(cancelling.sub.id)).toEqual([]);
    expect(await provider.listCharges()).toHaveLength(1);

    // Actions on a cancelled subscription are refused; so is skipping a month already charged.
    await expect(
      manageBox(handle.db, cancelling.shopper.id, { intent: "pause", subscription_id: cancelling.sub.id }),
    ).rejects.toMatchObject({ code: "box_subscription_cancelled", message: ACCOUNT_MESSAGES.boxSubscriptionCancelled });
    await expect(
      manageBox(
        handle.db,
        skipping.shopper.id,
        { intent: "skip", subscription_id: skipping.sub.id, month: "2027-02" },
        new Date("2027-02-02T08:00:00Z"),
      ),
    ).rejects.toMatchObject({ code: "box_month_already_charged", message: ACCOUNT_MESSAGES.boxMonthAlreadyCharged });
  });

  it("retries a declined card after 1 and 3 days, then marks the month unpaid and tells the subscriber", async () => {
    const { shopper, sub } = await subscriber("4000 0000 0000 0002");
    const first = await chargeDueBoxes(handle.db, { provider, now: JAN_1 });
    expect(first).toMatchObject({ charged: 0, retrying: 1 });
    let [row] = await chargesOf(sub.id);
    expect(row).toMatchObject({ status: "pending", tries: 1 });
    expect(row.nextTryAt.getTime()).toBe(at(JAN_1, 1).getTime());
    // Not again the same day.
    await chargeDueBoxes(handle.db, { provider, now: at(JAN_1, 0, 5) });
    expect((await chargesOf(sub.id))[0].tries).toBe(1);

    await chargeDueBoxes(handle.db, { provider, now: at(JAN_1, 1) });
    [row] = await chargesOf(sub.id);
    expect(row).toMatchObject({ status: "pending", tries: 2 });
    expect(row.nextTryAt.getTime()).toBe(at(JAN_1, 3).getTime());
    await chargeDueBoxes(handle.db, { provider, now: at(JAN_1, 2) });
    expect((await chargesOf(sub.id))[0].tries).toBe(2);

    const last = await chargeDueBoxes(handle.db, { provider, now: at(JAN_1, 3) });
    expect(last.failed).toBe(1);
    [row] = await chargesOf(sub.id);
    expect(row).toMatchObject({ status: "failed", tries: 3, orderId: null });
    expect(row.lastError).toBeTruthy();
    expect(await provider.listCharges()).toEqual([]);

    const told = await handle.db.select().from(notifications).where(eq(notifications.userId, shopper.id));
    expect(told.map((n) => [n.messageKey, n.title])).toEqual([["beautyBoxUnpaid", "Beauty Box de 01/2027 impayée"]]);
    // Worded by the catalog in the reader's language: the French is the text stored.
    expect(wordStoredNotification("fr", storedView(told[0]))).toEqual({ title: told[0].title, message: told[0].message });
    expect(wordStoredNotification("en", storedView(told[0]))).toEqual({
      title: "Beauty Box of 01/2027 unpaid",
      message: "Your Beauty Box of 01/2027 (€29.90) could not be charged after 3 attempts: choose another card in My Beauty Box.",
    });
    const mails = await handle.db
      .select()
      .from(outbox)
      .where(sql`${outbox.payload}->>'to' = ${shopper.email}`);
    expect(mails.map((m) => (m.payload as { subject: string }).subject)).toContain(
      "Votre Beauty Box de janvier 2027 n'a pas pu être prélevée",
    );

    // The back-office lists it with its tries; no further try.
    const overview = await boxAdminOverview(handle.db, "2027-01");
    expect(overview.failed.find((c) => c.subscriptionId === sub.id)).toMatchObject({ tries: 3, status: "failed" });
    await chargeDueBoxes(handle.db, { provider, now: at(JAN_1, 10) });
    expect((await chargesOf(sub.id))[0].tries).toBe(3);
  });

  it("does not charge a subscription whose card was removed, and asks for another card", async () => {
    const { shopper, card, sub } = await subscriber();
    await handle.db.delete(paymentMethods).where(eq(paymentMethods.id, card.id));
    await chargeDueBoxes(handle.db, { provider, now: JAN_1 });
    expect(await provider.listCharges()).toEqual([]);
    expect((await chargesOf(sub.id))[0]).toMatchObject({ status: "pending", tries: 1, lastError: ACCOUNT_MESSAGES.boxCardRemoved });
    const told = await handle.db.select().from(notifications).where(eq(notifications.userId, shopper.id));
    expect(told.map((n) => n.messageKey)).toEqual(["beautyBoxCardMissing"]);
    expect(wordStoredNotification("fr", storedView(told[0]))).toEqual({ title: told[0].title, message: told[0].message });

    // A new card before the retry: the retry charges it.
    const next = await saveCard(shopper);
    await manageBox(handle.db, shopper.id, { intent: "change_card", subscription_id: sub.id, payment_method_id: next.id }, at(JAN_1, 0, 2));
    await chargeDueBoxes(handle.db, { provider, now: at(JAN_1, 1) });
    expect((await chargesOf(sub.id))[0]).toMatchObject({ status: "paid", tries: 2 });
    expect(await provider.listCharges()).toHaveLength(1);
  });

  it("never charges a month cancelled between two tries", async () => {
    const { shopper, sub } = await subscriber("4000 0000 0000 0002");
    await chargeDueBoxes(handle.db, { provider, now: JAN_1 });
    await manageBox(handle.db, shopper.id, { intent: "cancel", subscription_id: sub.id }, at(JAN_1, 0, 2));
    expect((await chargesOf(sub.id))[0]).toMatchObject({ status: "cancelled", tries: 1 });
    const run = await chargeDueBoxes(handle.db, { provider, now: at(JAN_1, 1) });
    expect(run).toMatchObject({ charged: 0, retrying: 0, failed: 0 });
    expect((await chargesOf(sub.id))[0]).toMatchObject({ status: "cancelled", tries: 1 });
  });

  it("settles a try a dead process left charging by asking the provider for its key", async () => {
    const { sub } = await subscriber();
    await chargeDueBoxes(handle.db, { provider, now: new Date("2026-12-31T08:00:00Z") });
    expect(await chargesOf(sub.id)).toEqual([]);
    // A process claimed January's row and died before the provider answered.
    await handle.db.insert(boxCharges).values({
      subscriptionId: sub.id,
      userId: (await handle.db.select().from(boxSubscriptions).where(eq(boxSubscriptions.id, sub.id)))[0].userId,
      month: "2027-01",
      status: "charging",
      amountCents: 2990,
      tries: 1,
      chargingSince: JAN_1,
    });
    await handle.db.update(boxSubscriptions).set({ nextMonth: "2027-02" }).where(eq(boxSubscriptions.id, sub.id));
    const run = await chargeDueBoxes(handle.db, { provider, now: at(JAN_1, 0, 1) });
    // Never sent: the try is given back and sent again, once.
    expect(run.recovered).toBe(1);
    expect((await chargesOf(sub.id))[0]).toMatchObject({ status: "paid", tries: 1 });
    expect(await provider.listCharges()).toHaveLength(1);
  });
});

describe("managing", () => {
  it("answers another shopper's subscription as not found", async () => {
    const { sub } = await subscriber();
    const intruder = await createShopper(handle.db);
    await expect(manageBox(handle.db, intruder.id, { intent: "cancel", subscription_id: sub.id })).rejects.toMatchObject({
      kind: "not_found",
      code: "box_subscription_not_found",
      message: ACCOUNT_MESSAGES.boxSubscriptionNotFound,
    });
    const [row] = await handle.db
      .select()
      .from(boxSubscriptions)
      .where(and(eq(boxSubscriptions.id, sub.id)));
    expect(row.status).toBe("active");
  });

  it("refuses another shopper's card or address, and an address abroad, when changing them", async () => {
    const { shopper, sub } = await subscriber();
    const { shopper: other, card: othersCard } = await subscriber();
    await expect(
      manageBox(handle.db, shopper.id, { intent: "change_card", subscription_id: sub.id, payment_method_id: othersCard.id }),
    ).rejects.toMatchObject({ code: "box_card_not_yours", message: ACCOUNT_MESSAGES.boxCardNotYours });
    await expect(
      manageBox(handle.db, shopper.id, { intent: "change_address", subscription_id: sub.id, address_id: other.addressId }),
    ).rejects.toMatchObject({ code: "box_address_not_yours", message: ACCOUNT_MESSAGES.boxAddressNotYours });
    const [row] = await handle.db.select().from(boxSubscriptions).where(eq(boxSubscriptions.id, sub.id));
    expect(row.shippingAddress.city).toBe("Lyon");
  });

  it("skips and unskips the next box, pauses and resumes from next month", async () => {
    const { shopper, sub } = await subscriber();
    const skipped = await manageBox(handle.db, shopper.id, { intent: "skip", subscription_id: sub.id, month: "2027-01" }, SUBSCRIBED);
    expect(skipped.skipped_months).toEqual(["2027-01"]);
    await expect(
      manageBox(handle.db, shopper.id, { intent: "skip", subscription_id: sub.id, month: "2026-11" }, SUBSCRIBED),
    ).rejects.toMatchObject({ code: "box_month_not_upcoming" });
    const unskipped = await manageBox(handle.db, shopper.id, { intent: "unskip", subscription_id: sub.id, month: "2027-01" }, SUBSCRIBED);
    expect(unskipped.skipped_months).toEqual([]);
    await manageBox(handle.db, shopper.id, { intent: "pause", subscription_id: sub.id }, SUBSCRIBED);
    await expect(manageBox(handle.db, shopper.id, { intent: "pause", subscription_id: sub.id }, SUBSCRIBED)).rejects.toMatchObject({
      code: "box_already_paused",
    });
    // Resumed in March: the paused months are not charged afterwards.
    const resumed = await manageBox(handle.db, shopper.id, { intent: "resume", subscription_id: sub.id }, new Date("2027-03-05T10:00:00Z"));
    expect(resumed).toMatchObject({ status: "active", next_month: "2027-04" });
  });
});

describe("the edition editor", () => {
  it("takes variants by SKU or id, refuses an unknown one in French, and logs the change", async () => {
    const [sku] = await handle.db
      .select({ sku: productVariants.sku })
      .from(productVariants)
      .where(eq(productVariants.id, variant.variantId));
    const actor = { id: admin.id, label: "admin@example.com" };
    await saveBoxEdition(
      handle.db,
      {
        month: "2027-03",
        title: "Printemps",
        lines: [
          { variant: sku.sku, quantity: 1 },
          { variant: variant.variantId, quantity: 2 },
          { variant: "", quantity: 5 },
        ],
      },
      actor,
    );
    const overview = await boxAdminOverview(handle.db, "2027-03");
    expect(overview.edition).toMatchObject({
      title: "Printemps",
      contents: [expect.objectContaining({ variant_id: variant.variantId, quantity: 3, sku: sku.sku })],
    });
    await expect(
      saveBoxEdition(handle.db, { month: "2027-03", title: "", lines: [{ variant: "SKU-INCONNU", quantity: 1 }] }, actor),
    ).rejects.toMatchObject({ code: "box_edition_variant_not_found", message: ACCOUNT_MESSAGES.boxEditionVariantNotFound });
    const logged = await handle.db
      .select()
      .from(outbox)
      .where(sql`${outbox.payload}->>'type' = 'beauty_box.edition_update' AND ${outbox.payload}->'data'->>'entityId' = '2027-03'`);
    expect(logged).toHaveLength(1);
  });
});

describe("the demo shop", () => {
  it("seeds this month's and next month's editions into a shop without any, and never again", async () => {
    await handle.db.delete(boxEditions);
    expect(await seedDemoBoxEditionsIfNone(handle.db, SUBSCRIBED)).toBe(2);
    const editions = await handle.db.select().from(boxEditions).orderBy(boxEditions.month);
    expect(editions.map((e) => [e.month, e.contents.length])).toEqual([
      ["2026-12", 3],
      ["2027-01", 3],
    ]);
    expect(await seedDemoBoxEditionsIfNone(handle.db, SUBSCRIBED)).toBe(0);
  });
});
