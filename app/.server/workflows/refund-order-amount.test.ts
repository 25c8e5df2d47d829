import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/support/db";
import { settled } from "../../../tests/support/domain-result";
import { issueTestGiftCard } from "../../../tests/support/gift-cards";
import { storedView, wordStoredNotification } from "../../../tests/support/notification-wording";
import { APPROVED_CARD, CONTACT, createShopper, pickProducts, setProductPrice, type TestShopper } from "../../../tests/support/shoppers";
import type { DatabaseHandle } from "../db/client";
import {
  adminActivityLog,
  giftCards,
  invoiceDocuments,
  notifications,
  orderRefunds,
  orders,
  outbox,
  paymentInstalments,
  webhookEndpoints,
  webhookEvents,
} from "../db/schema";
import { SimulatedPaymentProvider } from "../modules/payments/payment-provider";
import { placeOrder } from "./place-order";
import { changeOrderStatus, ORDER_HAS_REFUNDS_MESSAGE } from "./change-order-status";
import { getOrderRefunds, GOODWILL_DESIGNATION, refundOrderAmount, REFUND_FORBIDDEN_MESSAGE } from "./refund-order-amount";
import { PlaceOrderSchema } from "~/domain/checkout/checkout.schema";
import { ORDER_REFUND_MESSAGES, refundAboveRemainderMessage } from "~/domain/orders/order-refunds";
import { ORDER_REFUND_REASON_MAX } from "~/lib/shop-rules";
import { formatPrice } from "~/lib/money";
import { DEFAULT_PREFERENCES } from "~/domain/account/preferences.schema";
import { savePreferences } from "../modules/accounts/preferences.service";
import { settleDomainEvents } from "~/.server/workflows/event-subscribers";

let handle: DatabaseHandle;
let admin: string;
let provider: SimulatedPaymentProvider;
let productId: string;

const asAdmin = () => ({ userId: admin, role: "admin" as const, admin: { id: admin, label: "Admin Aurore" } });

beforeAll(async () => {
  handle = await createTestDatabase();
  provider = new SimulatedPaymentProvider(handle.db, `test-${randomUUID()}`);
  admin = (await createShopper(handle.db, { name: "Admin" })).id;
  const [p] = await pickProducts(handle.db, 1, 500);
  await setProductPrice(handle.db, p.id, 3000);
  productId = p.id;
  // One endpoint listening: order.refunded events are written only when someone listens (decision 050).
  await handle.db
    .insert(webhookEndpoints)
    .values({ url: "https://hooks.example.com/refunds", events: ["order.refunded"], secret: "whsec_test", active: true });
});

afterAll(async () => {
  await handle?.close();
});

/** 2 x 30 € and delivery 9,90 €: 69,90 € paid by card. */
async function paidOrder(shopper: TestShopper, extra: Partial<Parameters<typeof PlaceOrderSchema.parse>[0]> = {}) {
  const placed = await placeOrder(handle.db, {
    userId: shopper.id,
    idempotencyKey: randomUUID(),
    provider,
    request: PlaceOrderSchema.parse({
      address_id: shopper.addressId,
      contact: CONTACT,
      card: APPROVED_CARD,
      lines: [{ product_id: productId, quantity: 2 }],
      ...extra,
    }),
  });
  return placed.order;
}

const orderRow = async (id: string) => (await handle.db.select().from(orders).where(eq(orders.id, id)))[0];
const creditNotesOf = (id: string) =>
  handle.db
    .select()
    .from(invoiceDocuments)
    .where(and(eq(invoiceDocuments.orderId, id), eq(invoiceDocuments.kind, "credit_note")));
const refundedEventsOf = async (id: string) =>
  (await handle.db.select().from(webhookEvents).where(eq(webhookEvents.resourceId, id))).filter((e) => e.type === "order.refunded");

describe("refundOrderAmount", () => {
  it("refunds a free amount to the card with a 'Geste commercial' credit note, the log, the mail and one webhook event", async () => {
    const shopper = await createShopper(handle.db);
    const order = await paidOrder(shopper);
    expect(order.total_cents).toBe(6990);

    const result = await refundOrderAmount(handle.db, {
      orderId: order.id,
      amountCents: 1250,
      reason: "Livraison arrivée avec trois jours de retard",
      actor: asAdmin(),
      idempotencyKey: "refund-key-0001",
      provider,
    });
    expect(result).toMatchObject({
      replayed: false,
      refundable_cents: 6990 - 1250,
      refund: { amount_cents: 1250, card_cents: 1250, gift_card_cents: 0, reduced_cents: 0 },
      credit_note: { number: expect.stringMatching(/^AV-\d{4}-\d{6}$/), total_cents: 1250 },
    });
    expect(result.credit_note.url).toBe(`/api/v1/admin/orders/${order.id}/credit-notes/${result.credit_note.number}`);
    expect((await orderRow(order.id)).refundedCents).toBe(1250);
    // The card is refunded after the commit, with the refund's own key.
    const refunds = (await provider.listRefunds()).filter((r) => r.refundKey === `amount-refund:${result.refund.id}`);
    expect(refunds.map((r) => r.amountCents)).toEqual([1250]);

    // The credit note: one negative line at 20 %, HT = round(12,50 / 1,2).
    const [note] = await creditNotesOf(order.id);
    expect(note.totalCents).toBe(1250);
    expect(note.snapshot.reason).toBe("Livraison arrivée avec trois jours de retard");
    expect(note.snapshot.lines).toEqual([
      expect.objectContaining({
        kind: "goodwill",
        designation: GOODWILL_DESIGNATION,
        vat_rate: 20,
        total_ttc_cents: -1250,
        total_ht_cents: -1042,
        vat_cents: -208,
      }),
    ]);
    expect(note.snapshot.totals).toEqual({ ht_cents: -1042, vat_cents: -208, ttc_cents: -1250 });
    expect(note.snapshot.payment).toMatchObject({ card_cents: 1250, gift_card_cents: 0 });

    await settleDomainEvents(handle.db);
    const [log] = await handle.db.select().from(adminActivityLog).where(eq(adminActivityLog.entityId, order.id));
    expect(log).toMatchObject({
      action: "order.refund",
      before: { refundedCents: 0 },
      after: expect.objectContaining({ refundedCents: 1250 }),
    });
    const mails = (await handle.db.select().from(outbox)).filter((m) =>
      JSON.stringify(m.payload).includes(`Remboursement sur votre commande ${order.number}`),
    );
    expect(mails).toHaveLength(1);
    expect(JSON.stringify(mails[0].payload)).toContain("Livraison arrivée avec trois jours de retard");

    // The shopper's notification: stored in French, worded at display from its key.
    const told = await handle.db.select().from(notifications).where(eq(notifications.userId, shopper.id));
    const notice = told.find((n) => n.title === `Remboursement sur la commande ${order.number}`)!;
    expect(notice).toMatchObject({
      messageKey: "orderRefunded",
      params: { orderNumber: order.number, amountCents: "1250" },
    });
    expect(wordStoredNotification("fr", storedView(notice))).toEqual({ title: notice.title, message: notice.message });
    expect(wordStoredNotification("en", storedView(notice))).toEqual({
      title: `Refund on order ${order.number}`,
      message: `€12.50 is being refunded to you on your order ${order.number}.`,
    });

    const events = await refundedEventsOf(order.id);
    expect(events).toHaveLength(1);
    expect(events[0].payload).toMatchObject({
      refund_id: result.refund.id,
      refund_cents: 1250,
      credit_note_number: result.credit_note.number,
    });

    // The same key again: the first refund, nothing paid twice, no second event or credit note.
    const again = await refundOrderAmount(handle.db, {
      orderId: order.id,
      amountCents: 1250,
      reason: "Livraison arrivée avec trois jours de retard",
      actor: asAdmin(),
      idempotencyKey: "refund-key-0001",
      provider,
    });
    expect(again).toMatchObject({ replayed: true, refund: { id: result.refund.id }, credit_note: { number: result.credit_note.number } });
    expect((await orderRow(order.id)).refundedCents).toBe(1250);
    expect(await creditNotesOf(order.id)).toHaveLength(1);
    expect(await refundedEventsOf(order.id)).toHaveLength(1);
    // The same key for another amount is refused rather than silently ignored.
    expect(
      await settled(
        refundOrderAmount(handle.db, {
          orderId: order.id,
          amountCents: 500,
          reason: "Autre",
          actor: asAdmin(),
          idempotencyKey: "refund-key-0001",
          provider,
        }),
      ),
    ).toMatchObject({ ok: false, status: 409, code: "idempotency_key_reused", message: ORDER_REFUND_MESSAGES.keyReused });

    expect(await getOrderRefunds(handle.db, order.id)).toMatchObject({
      refundable_cents: 5740,
      refunds: [{ id: result.refund.id, amount_cents: 1250, credit_note_number: result.credit_note.number }],
    });
    // A whole-order cancellation now would pay the 12,50 € twice.
    expect(
      await settled(changeOrderStatus(handle.db, { orderId: order.id, newStatus: "cancelled", actor: asAdmin(), provider })),
    ).toMatchObject({
      ok: false,
      status: 409,
      message: ORDER_HAS_REFUNDS_MESSAGE,
    });
  });

  it("writes the shopper's e-mail in the language of their Préférences", async () => {
    const shopper = await createShopper(handle.db);
    await savePreferences(handle.db, shopper.id, { ...DEFAULT_PREFERENCES, language: "en" });
    const order = await paidOrder(shopper);
    await refundOrderAmount(handle.db, { orderId: order.id, amountCents: 700, reason: "Late parcel", actor: asAdmin(), provider });
    const mails = (await handle.db.select().from(outbox)).filter(
      (m) => (m.payload as { subject?: string }).subject === `Refund on your order ${order.number}`,
    );
    expect(mails).toHaveLength(1);
    expect((mails[0].payload as { text?: string }).text).toContain(`We are refunding €7.00 on your order ${order.number}.`);
    expect((mails[0].payload as { text?: string }).text).toContain("Reason: Late parcel");
  });

  it("refuses bad input in French and changes nothing", async () => {
    const shopper = await createShopper(handle.db);
    const order = await paidOrder(shopper);
    const stranger = await createShopper(handle.db);
    const attempt = (input: Partial<Parameters<typeof refundOrderAmount>[1]>) =>
      settled(refundOrderAmount(handle.db, { orderId: order.id, amountCents: 500, reason: "Geste", actor: asAdmin(), provider, ...input }));

    expect(await attempt({ amountCents: 0 })).toMatchObject({
      status: 400,
      field: "amount_cents",
      message: ORDER_REFUND_MESSAGES.amountPositive,
    });
    expect(await attempt({ amountCents: -500 })).toMatchObject({
      status: 400,
      field: "amount_cents",
      message: ORDER_REFUND_MESSAGES.amountPositive,
    });
    expect(await attempt({ amountCents: 12.5 })).toMatchObject({ status: 400, message: ORDER_REFUND_MESSAGES.amountInvalid });
    expect(await attempt({ amountCents: "500" })).toMatchObject({ status: 400, message: ORDER_REFUND_MESSAGES.amountInvalid });
    expect(await attempt({ amountCents: 6991 })).toMatchObject({
      status: 400,
      code: "refund_above_remainder",
      field: "amount_cents",
      message: refundAboveRemainderMessage(6990),
    });
    expect(refundAboveRemainderMessage(6990)).toBe(
      `Le montant dépasse ce qui reste remboursable sur cette commande (${formatPrice(6990)})`,
    );
    expect(await attempt({ reason: "   " })).toMatchObject({ status: 400, field: "reason", message: ORDER_REFUND_MESSAGES.reasonRequired });
    expect(await attempt({ reason: undefined })).toMatchObject({
      status: 400,
      field: "reason",
      message: ORDER_REFUND_MESSAGES.reasonRequired,
    });
    expect(await attempt({ reason: "x".repeat(10_000) })).toMatchObject({
      status: 400,
      field: "reason",
      message: ORDER_REFUND_MESSAGES.reasonTooLong,
    });
    expect(ORDER_REFUND_MESSAGES.reasonTooLong).toBe(`Le motif ne peut pas dépasser ${ORDER_REFUND_REASON_MAX} caractères`);
    expect(await attempt({ orderId: randomUUID() })).toMatchObject({ status: 404, message: "Commande introuvable" });
    expect(await attempt({ orderId: "pas-un-uuid" })).toMatchObject({ status: 404, message: "Commande introuvable" });
    // A shopper, through their own order or someone else's: never.
    expect(await attempt({ actor: { userId: stranger.id, role: "customer" } })).toMatchObject({
      status: 403,
      message: REFUND_FORBIDDEN_MESSAGE,
    });
    expect(await attempt({ actor: { userId: shopper.id, role: "customer" } })).toMatchObject({
      status: 403,
      message: REFUND_FORBIDDEN_MESSAGE,
    });

    // A cancelled order (refunded in full) has nothing left to refund.
    const cancelled = await paidOrder(shopper);
    await changeOrderStatus(handle.db, { orderId: cancelled.id, newStatus: "cancelled", actor: asAdmin(), provider });
    expect(await attempt({ orderId: cancelled.id })).toMatchObject({
      status: 409,
      code: "order_not_refundable",
      message: ORDER_REFUND_MESSAGES.notRefundable,
    });

    expect((await orderRow(order.id)).refundedCents).toBe(0);
    expect(await creditNotesOf(order.id)).toHaveLength(0);
    expect(await handle.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id))).toHaveLength(0);
    expect(await refundedEventsOf(order.id)).toHaveLength(0);
  });

  it("lets exactly one of two simultaneous refunds through when together they exceed the remainder", async () => {
    const shopper = await createShopper(handle.db);
    const order = await paidOrder(shopper);
    await refundOrderAmount(handle.db, { orderId: order.id, amountCents: 990, reason: "Premier geste", actor: asAdmin(), provider });
    // 60 € left: 40 € + 40 € cannot both pass.
    const results = await Promise.all(
      [1, 2].map((n) =>
        settled(refundOrderAmount(handle.db, { orderId: order.id, amountCents: 4000, reason: `Geste ${n}`, actor: asAdmin(), provider })),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toEqual([
      expect.objectContaining({ status: 400, code: "refund_above_remainder", message: refundAboveRemainderMessage(2000) }),
    ]);
    expect((await orderRow(order.id)).refundedCents).toBe(4990);
    expect(await creditNotesOf(order.id)).toHaveLength(2);
    expect(await handle.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id))).toHaveLength(2);
    expect(await refundedEventsOf(order.id)).toHaveLength(2);

    // The same key sent twice at once: one refund.
    const twice = await Promise.all(
      [1, 2].map(() =>
        settled(
          refundOrderAmount(handle.db, {
            orderId: order.id,
            amountCents: 500,
            reason: "Retry",
            actor: asAdmin(),
            provider,
            idempotencyKey: "same-key-123",
          }),
        ),
      ),
    );
    expect(twice.filter((r) => r.ok)).toHaveLength(2);
    expect(twice.map((r) => (r.ok ? r.replayed : null)).sort()).toEqual([false, true]);
    expect((await orderRow(order.id)).refundedCents).toBe(5490);
  });

  it("paid in 3: refunds at most what was paid so far, taken off the instalments still due first", async () => {
    const shopper = await createShopper(handle.db);
    // 4 x 30 €: 120 €, delivery free, paid in 3: the first instalment charged, two still due.
    const order = await paidOrder(shopper, { instalments: 3, lines: [{ product_id: productId, quantity: 4 }] });
    expect(order.payment_status).toBe("instalments");
    const schedule = await handle.db
      .select()
      .from(paymentInstalments)
      .where(eq(paymentInstalments.orderId, order.id))
      .orderBy(paymentInstalments.seq);
    const paid = schedule.filter((i) => i.status === "paid").reduce((a, i) => a + i.amountCents, 0);
    const owed = schedule.filter((i) => i.status === "pending").reduce((a, i) => a + i.amountCents, 0);
    expect(paid + owed).toBe(order.total_cents);
    expect(await getOrderRefunds(handle.db, order.id)).toMatchObject({ refundable_cents: paid });
    expect(
      await settled(refundOrderAmount(handle.db, { orderId: order.id, amountCents: paid + 1, reason: "Trop", actor: asAdmin(), provider })),
    ).toMatchObject({ status: 400, code: "refund_above_remainder", message: refundAboveRemainderMessage(paid) });

    const result = await refundOrderAmount(handle.db, {
      orderId: order.id,
      amountCents: 1000,
      reason: "Retard",
      actor: asAdmin(),
      provider,
    });
    expect(result.refund).toMatchObject({ amount_cents: 1000, reduced_cents: 1000, card_cents: 0, gift_card_cents: 0 });
    const after = await handle.db.select().from(paymentInstalments).where(eq(paymentInstalments.orderId, order.id));
    expect(after.filter((i) => i.status === "pending").reduce((a, i) => a + i.amountCents, 0)).toBe(owed - 1000);
    expect((await provider.listRefunds()).filter((r) => r.refundKey.startsWith(`amount-refund:${result.refund.id}`))).toEqual([]);
    expect((await orderRow(order.id)).refundedCents).toBe(1000);
  });

  it("gives the gift cards their share, splits the VAT over the invoice's rates and stops at what was paid", async () => {
    const card = await issueTestGiftCard(handle.db, { amountCents: 2000 });
    const shopper = await createShopper(handle.db);
    // 60 € of products at 20 % and a 25 € e-mail gift card outside the scope of VAT, 20 € paid by gift card.
    const order = await paidOrder(shopper, {
      gift_cards: [
        { amountCents: 2500, occasion: "anniversaire", deliveryMode: "email", recipientName: "Léa", recipientEmail: "lea@example.com" },
      ],
      gift_card_codes: [card.code],
    });
    expect(order.gift_card_cents).toBe(2000);
    const [before] = await handle.db.select({ b: giftCards.balanceCents }).from(giftCards).where(eq(giftCards.id, card.id));
    const result = await refundOrderAmount(handle.db, {
      orderId: order.id,
      amountCents: 1000,
      reason: "Flacon abîmé",
      actor: asAdmin(),
      provider,
    });
    const gift = Math.round((1000 * 2000) / order.total_cents);
    expect(result.refund).toMatchObject({ gift_card_cents: gift, card_cents: 1000 - gift });
    const [after] = await handle.db.select({ b: giftCards.balanceCents }).from(giftCards).where(eq(giftCards.id, card.id));
    expect(after.b).toBe(before.b + gift);

    const [note] = await creditNotesOf(order.id);
    const invoiced = (
      await handle.db
        .select()
        .from(invoiceDocuments)
        .where(and(eq(invoiceDocuments.orderId, order.id), eq(invoiceDocuments.kind, "invoice")))
    )[0];
    const rates = invoiced.snapshot.vat_breakdown;
    expect(rates.map((r) => r.vat_rate)).toEqual([20, null]);
    // Each rate takes its weight on the invoice; the lines add up to the amount, to the cent.
    const byRate = Object.fromEntries(note.snapshot.vat_breakdown.map((r) => [String(r.vat_rate), r.total_ttc_cents]));
    const taxed = Math.round((1000 * rates[0].total_ttc_cents) / order.total_cents);
    expect(Math.abs(byRate["20"] + taxed)).toBeLessThanOrEqual(1);
    expect(byRate["20"] + byRate["null"]).toBe(-1000);
    expect(note.snapshot.lines.map((l) => l.designation)).toEqual([
      "Geste commercial (TVA 20 %)",
      "Geste commercial (hors champ de la TVA)",
    ]);

    // Never more than was paid in all.
    const rest = order.total_cents - 1000;
    expect(
      await settled(refundOrderAmount(handle.db, { orderId: order.id, amountCents: rest + 1, reason: "Trop", actor: asAdmin(), provider })),
    ).toMatchObject({
      status: 400,
      message: refundAboveRemainderMessage(rest),
    });
    await refundOrderAmount(handle.db, { orderId: order.id, amountCents: rest, reason: "Tout le reste", actor: asAdmin(), provider });
    expect((await orderRow(order.id)).refundedCents).toBe(order.total_cents);
    expect(
      await settled(refundOrderAmount(handle.db, { orderId: order.id, amountCents: 1, reason: "Encore", actor: asAdmin(), provider })),
    ).toMatchObject({
      status: 400,
      message: "Il ne reste rien à rembourser sur cette commande",
    });
  });
});
