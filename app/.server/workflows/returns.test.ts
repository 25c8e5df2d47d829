import { randomUUID } from "node:crypto";
import { issueTestGiftCard } from "../../../tests/support/gift-cards";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/support/db";
import { APPROVED_CARD, CONTACT, createShopper, pickProducts, setProductPrice, type TestShopper } from "../../../tests/support/shoppers";
import { settled } from "../../../tests/support/domain-result";
import type { DatabaseHandle } from "../db/client";
import { giftCards, invoiceDocuments, notifications, orders, outbox, productVariants, userProfiles } from "../db/schema";
import { toNotificationView } from "../modules/notifications/notifications.service";
import { pageI18n } from "../i18n/catalogs";
import { wordNotification } from "~/domain/notifications/notification-wording";
import { localizedFormat } from "~/domain/i18n/localized-format";
import { savePreferences } from "../modules/accounts/preferences.service";
import { DEFAULT_PREFERENCES } from "~/domain/account/preferences.schema";
import { SimulatedPaymentProvider } from "../modules/payments/payment-provider";
import { defaultShopIdentity, updateShopIdentity } from "../modules/settings/shop-identity.service";
import { computeDashboard } from "../modules/reporting/dashboard.service";
import { placeOrder } from "./place-order";
import { changeOrderStatus, ORDER_HAS_REFUNDED_RETURNS_MESSAGE } from "./change-order-status";
import { receiveReturn, requestReturn, returnLabelPdf } from "./returns";
import { PlaceOrderSchema } from "~/domain/checkout/checkout.schema";
import {
  RETURN_ALREADY_RECEIVED_MESSAGE,
  RETURN_GIFT_CARD_MESSAGE,
  RETURN_NOT_ALLOWED_MESSAGE,
  RETURN_QUANTITY_MESSAGE,
  RETURN_UNOPENED_MESSAGE,
} from "~/domain/returns/returns";

let handle: DatabaseHandle;
let admin: string;
let provider: SimulatedPaymentProvider;
let a: { id: string; variantId: string };
let b: { id: string; variantId: string };

const asAdmin = () => ({ userId: admin, role: "admin" as const });

async function variantOf(productId: string) {
  const [v] = await handle.db.select().from(productVariants).where(eq(productVariants.productId, productId));
  return v;
}
const stockOf = async (variantId: string) =>
  (await handle.db.select({ s: productVariants.stockQuantity }).from(productVariants).where(eq(productVariants.id, variantId)))[0].s;
const pointsOf = async (userId: string) =>
  (await handle.db.select({ p: userProfiles.loyaltyPoints }).from(userProfiles).where(eq(userProfiles.id, userId)))[0].p;

beforeAll(async () => {
  handle = await createTestDatabase();
  provider = new SimulatedPaymentProvider(handle.db, `test-${randomUUID()}`);
  admin = (await createShopper(handle.db, { name: "Admin" })).id;
  const [pa, pb] = await pickProducts(handle.db, 2, 100);
  await setProductPrice(handle.db, pa.id, 3000);
  await setProductPrice(handle.db, pb.id, 2000);
  a = { id: pa.id, variantId: (await variantOf(pa.id)).id };
  b = { id: pb.id, variantId: (await variantOf(pb.id)).id };
});

afterAll(async () => {
  await handle?.close();
});

/** A: 2 x 30 €, B: 1 x 20 €, 200 points (-20 €), delivery 9,90 €: 69,90 € paid by card, then delivered. */
async function deliveredOrder(shopper: TestShopper) {
  const placed = await placeOrder(handle.db, {
    userId: shopper.id,
    idempotencyKey: randomUUID(),
    provider,
    request: PlaceOrderSchema.parse({
      address_id: shopper.addressId,
      contact: CONTACT,
      card: APPROVED_CARD,
      points_to_use: 200,
      lines: [
        { product_id: a.id, quantity: 2 },
        { product_id: b.id, quantity: 1 },
      ],
    }),
  });
  expect(placed.order.total_cents).toBe(6990);
  await changeOrderStatus(handle.db, { orderId: placed.order.id, newStatus: "delivered", actor: asAdmin(), provider });
  return placed.order;
}

const itemOf = (order: Awaited<ReturnType<typeof deliveredOrder>>, productId: string) =>
  order.items.find((i) => i.product_id === productId)!.id;

describe("returns", () => {
  it("refunds an accepted line to the card with its share of the discount, points pro rata, stock back and a credit note", async () => {
    const shopper = await createShopper(handle.db, { points: 300 });
    const order = await deliveredOrder(shopper);
    expect(await pointsOf(shopper.id)).toBe(100 + 69);
    const stockBefore = await stockOf(a.variantId);
    const revenueBefore = (await computeDashboard(handle.db)).revenue.value;

    const ret = await requestReturn(handle.db, {
      userId: shopper.id,
      orderId: order.id,
      body: {
        lines: [{ order_item_id: itemOf(order, a.id), quantity: 1 }],
        reason: "not_suited",
        comment: "Trop sucré",
        confirm_unopened: true,
      },
    });
    expect(ret).toMatchObject({
      number: expect.stringMatching(/^RET-\d{4}-\d{6}$/),
      status: "requested",
      items: [{ quantity: 1, decision: "pending" }],
    });

    // The label: a PDF naming the return, readable as text, to the address of the shop identity.
    await updateShopIdentity(handle.db, { ...defaultShopIdentity(), address: "3 allée des Retours, 59000 Lille" });
    const label = await returnLabelPdf(handle.db, ret.id, { userId: shopper.id });
    const { extractText, getDocumentProxy } = await import("unpdf");
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(label!.bytes)), { mergePages: true });
    expect(text).toContain(ret.number);
    expect(text).toContain("Étiquette de retour prépayée");
    expect(text).toContain("3 allée des Retours, 59000 Lille");
    expect(await returnLabelPdf(handle.db, ret.id, { userId: admin })).toBeNull();

    const received = await receiveReturn(handle.db, {
      returnId: ret.id,
      body: { lines: [{ return_item_id: ret.items[0].id, accepted: true }] },
      actorUserId: admin,
      provider,
    });
    // 30 € less its share of the 20 € points discount (30/80): 22,50 €; delivery is not refunded.
    expect(received).toMatchObject({
      status: "refunded",
      refund_cents: 2250,
      refund_card_cents: 2250,
      refund_gift_card_cents: 0,
      points_restored: 75,
      points_reversed: 22,
      credit_note_number: expect.stringMatching(/^AV-\d{4}-\d{6}$/),
    });
    expect((await provider.listRefunds()).map((r) => r.amountCents)).toContain(2250);
    expect(await stockOf(a.variantId)).toBe(stockBefore + 1);
    expect(await pointsOf(shopper.id)).toBe(169 + 75 - 22);
    const [row] = await handle.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ refundedCents: 2250, pointsEarned: 69 - 22, status: "delivered" });
    // Sales figures count the refund.
    expect((await computeDashboard(handle.db)).revenue.value).toBe(revenueBefore - 2250);
    const notes = await handle.db.select().from(invoiceDocuments).where(eq(invoiceDocuments.orderId, order.id));
    expect(notes.filter((d) => d.kind === "credit_note").map((d) => d.totalCents)).toEqual([2250]);

    // Received once; a whole-order return would pay that line twice.
    expect(
      await settled(
        receiveReturn(handle.db, {
          returnId: ret.id,
          body: { lines: [{ return_item_id: ret.items[0].id, accepted: true }] },
          actorUserId: admin,
          provider,
        }),
      ),
    ).toMatchObject({ ok: false, status: 409, message: RETURN_ALREADY_RECEIVED_MESSAGE });
    expect(
      await settled(changeOrderStatus(handle.db, { orderId: order.id, newStatus: "returned", actor: asAdmin(), provider })),
    ).toMatchObject({
      ok: false,
      status: 409,
      message: ORDER_HAS_REFUNDED_RETURNS_MESSAGE,
    });

    // A refused line: nothing refunded, nothing restocked.
    const second = await requestReturn(handle.db, {
      userId: shopper.id,
      orderId: order.id,
      body: { lines: [{ order_item_id: itemOf(order, b.id), quantity: 1 }], reason: "changed_mind", confirm_unopened: true },
    });
    const stockB = await stockOf(b.variantId);
    const refused = await receiveReturn(handle.db, {
      returnId: second.id,
      body: { lines: [{ return_item_id: second.items[0].id, accepted: false, refusal_reason: "opened" }] },
      actorUserId: admin,
      provider,
    });
    expect(refused).toMatchObject({
      status: "refused",
      refund_cents: 0,
      items: [{ decision: "refused", refusal_reason: "Produit ouvert ou descellé" }],
    });
    expect(await stockOf(b.variantId)).toBe(stockB);
  });

  it("words the return mails' lines in English for a shopper who reads English", async () => {
    const shopper = await createShopper(handle.db, { points: 300 });
    await savePreferences(handle.db, shopper.id, { ...DEFAULT_PREFERENCES, language: "en" });
    const order = await deliveredOrder(shopper);
    const ret = await requestReturn(handle.db, {
      userId: shopper.id,
      orderId: order.id,
      body: {
        lines: [
          { order_item_id: itemOf(order, a.id), quantity: 1 },
          { order_item_id: itemOf(order, b.id), quantity: 1 },
        ],
        reason: "not_suited",
        confirm_unopened: true,
      },
    });
    const mailText = async (subject: string) => {
      const rows = await handle.db
        .select({ text: sql<string>`${outbox.payload}->>'text'` })
        .from(outbox)
        .where(and(sql`${outbox.payload}->>'subject' = ${subject}`));
      expect(rows).toHaveLength(1);
      return rows[0]!.text;
    };
    const requested = await mailText(`Your return ${ret.number} (order ${order.number})`);
    expect(requested).toMatch(/ x 1\n/);
    const lineA = ret.items.find((i) => i.order_item_id === itemOf(order, a.id))!;
    const lineB = ret.items.find((i) => i.order_item_id === itemOf(order, b.id))!;
    await receiveReturn(handle.db, {
      returnId: ret.id,
      body: {
        lines: [
          { return_item_id: lineA.id, accepted: true },
          { return_item_id: lineB.id, accepted: false, refusal_reason: "opened" },
        ],
      },
      actorUserId: admin,
      provider,
    });
    const received = await mailText(`Your return ${ret.number} has been received`);
    expect(received).toContain(" x 1: accepted");
    expect(received).toContain(" x 1: refused (product opened or unsealed)");
    expect(received).toContain("Refund: €22.50");
    expect(received).toContain("- to your bank card: €22.50");
    expect(received).toMatch(/Credit note: AV-\d{4}-\d{6}, available to download from My orders\./);
    for (const french of ["accepté", "refusé", "Remboursement", "sur votre carte bancaire", "Avoir :", "Produit ouvert"]) {
      expect(received).not.toContain(french);
    }

    // The notifications of the same story: stored in French, worded by the pages from their key.
    const rows = await handle.db.select().from(notifications).where(eq(notifications.userId, shopper.id));
    const views = rows.map(toNotificationView);
    expect(views.map((v) => v.message_key).sort()).toEqual(["orderStatus", "returnRefunded", "returnRequested"]);
    const wordIn = (language: "fr" | "en", view: (typeof views)[number]) => {
      const i18n = pageI18n(language);
      return wordNotification(
        view,
        (key, values) => (i18n.messages[key] === undefined ? null : i18n._(key, values)),
        localizedFormat(language),
      );
    };
    for (const view of views) expect(wordIn("fr", view)).toEqual({ title: view.title, message: view.message });
    const english = Object.fromEntries(views.map((v) => [v.message_key, wordIn("en", v)]));
    expect(english.orderStatus).toEqual({
      title: `Order ${order.number} delivered`,
      message: `Your order ${order.number} is now: Delivered. You have earned 69 Beauty Pass points.`,
    });
    expect(english.returnRequested!.title).toBe(`Return ${ret.number} registered`);
    expect(english.returnRefunded!.message).toBe(`We have received your return ${ret.number}: €22.50 is being refunded to you.`);
  });

  it("never returns more than was bought, even to simultaneous requests", async () => {
    const shopper = await createShopper(handle.db, { points: 300 });
    const order = await deliveredOrder(shopper);
    const one = { lines: [{ order_item_id: itemOf(order, a.id), quantity: 1 }], reason: "changed_mind", confirm_unopened: true };
    const results = await Promise.all(
      Array.from({ length: 5 }, () => settled(requestReturn(handle.db, { userId: shopper.id, orderId: order.id, body: one }))),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(2);
    expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.message === RETURN_QUANTITY_MESSAGE)).toBe(true);
  });

  it("refuses bad requests in French and changes nothing", async () => {
    const shopper = await createShopper(handle.db, { points: 300 });
    const order = await deliveredOrder(shopper);
    const stranger = await createShopper(handle.db);
    const line = (quantity: number) => [{ order_item_id: itemOf(order, a.id), quantity }];
    const attempt = (body: unknown, userId = shopper.id, now?: Date, orderId = order.id) =>
      settled(requestReturn(handle.db, { userId, orderId, body, now }));
    expect(await attempt({ lines: line(3), reason: "other", confirm_unopened: true })).toMatchObject({
      status: 400,
      message: RETURN_QUANTITY_MESSAGE,
    });
    expect(await attempt({ lines: line(1), reason: "other" })).toMatchObject({ status: 400, message: RETURN_UNOPENED_MESSAGE });
    expect(await attempt({ lines: [], reason: "other", confirm_unopened: true })).toMatchObject({ status: 400 });
    expect(await attempt({ lines: line(1), reason: "teleport", confirm_unopened: true })).toMatchObject({ status: 400 });
    expect(await attempt({ lines: line(1), reason: "other", confirm_unopened: true }, stranger.id)).toMatchObject({ status: 404 });
    expect(await attempt({ lines: line(1), reason: "other", confirm_unopened: true }, shopper.id, undefined, "nope")).toMatchObject({
      status: 404,
    });
    const later = new Date(Date.now() + 31 * 24 * 60 * 60 * 1000);
    expect(await attempt({ lines: line(1), reason: "other", confirm_unopened: true }, shopper.id, later)).toMatchObject({
      status: 409,
      message: RETURN_NOT_ALLOWED_MESSAGE,
    });
    // Not delivered yet: not returnable.
    const pending = await placeOrder(handle.db, {
      userId: shopper.id,
      idempotencyKey: randomUUID(),
      provider,
      request: PlaceOrderSchema.parse({
        address_id: shopper.addressId,
        contact: CONTACT,
        card: APPROVED_CARD,
        lines: [{ product_id: b.id, quantity: 1 }],
      }),
    });
    expect(
      await attempt(
        { lines: [{ order_item_id: pending.order.items[0].id, quantity: 1 }], reason: "other", confirm_unopened: true },
        shopper.id,
        undefined,
        pending.order.id,
      ),
    ).toMatchObject({ status: 409, message: RETURN_NOT_ALLOWED_MESSAGE });
  });

  it("gives the gift card its share of the refund, the card the rest, and refuses to take back a gift card bought", async () => {
    // A 20 € gift card issued as an order would, to pay with.
    const card = await issueTestGiftCard(handle.db, { amountCents: 2000 });
    const shopper = await createShopper(handle.db);
    const placed = await placeOrder(handle.db, {
      userId: shopper.id,
      idempotencyKey: randomUUID(),
      provider,
      request: PlaceOrderSchema.parse({
        address_id: shopper.addressId,
        contact: CONTACT,
        card: APPROVED_CARD,
        lines: [{ product_id: a.id, quantity: 2 }],
        gift_cards: [
          { amountCents: 2500, occasion: "anniversaire", deliveryMode: "email", recipientName: "Léa", recipientEmail: "lea@example.com" },
        ],
        gift_card_codes: [card.code],
      }),
    });
    const order = placed.order;
    expect(order.gift_card_cents).toBe(2000);
    await changeOrderStatus(handle.db, { orderId: order.id, newStatus: "delivered", actor: asAdmin(), provider });
    const giftLine = order.items.find((i) => !i.product_id)!;
    expect(
      await settled(
        requestReturn(handle.db, {
          userId: shopper.id,
          orderId: order.id,
          body: { lines: [{ order_item_id: giftLine.id, quantity: 1 }], reason: "other", confirm_unopened: true },
        }),
      ),
    ).toMatchObject({ ok: false, status: 400, message: RETURN_GIFT_CARD_MESSAGE });

    const [before] = await handle.db.select({ b: giftCards.balanceCents }).from(giftCards).where(eq(giftCards.id, card.id));
    const ret = await requestReturn(handle.db, {
      userId: shopper.id,
      orderId: order.id,
      body: { lines: [{ order_item_id: itemOf(order, a.id), quantity: 1 }], reason: "damaged", confirm_unopened: true },
    });
    const received = await receiveReturn(handle.db, {
      returnId: ret.id,
      body: { lines: [{ return_item_id: ret.items[0].id, accepted: true }] },
      actorUserId: admin,
      provider,
    });
    const gift = Math.round((received.refund_cents * 2000) / order.total_cents);
    expect(received.refund_cents).toBe(3000);
    expect(received).toMatchObject({ refund_gift_card_cents: gift, refund_card_cents: 3000 - gift });
    const [after] = await handle.db.select({ b: giftCards.balanceCents }).from(giftCards).where(eq(giftCards.id, card.id));
    expect(after.b).toBe(before.b + gift);
  });
});
