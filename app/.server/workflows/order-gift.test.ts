/**
 * Gift options end to end on the server (decision 068): the price from Paramètres, free for VIP,
 * the quote's total to the cent with points and a promo code, what the order row keeps, the
 * invoice's line and its Factur-X XML, the accounting entries, and what returns give back.
 */
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/support/db";
import { APPROVED_CARD, CONTACT, createShopper, pickProducts, setProductPrice } from "../../../tests/support/shoppers";
import { settled } from "../../../tests/support/domain-result";
import { fatalSchematronMessages, xsdErrors } from "../../../tests/support/en16931/validate";
import type { DatabaseHandle } from "../db/client";
import { invoiceDocuments, orders, outbox, promoCodes, shopSettings } from "../db/schema";
import { SimulatedPaymentProvider } from "../modules/payments/payment-provider";
import { findInvoice } from "../modules/invoices/invoices.service";
import { buildFacturXml } from "../modules/invoices/facturx/cii-xml";
import { buildJournal } from "../modules/accounting/journal";
import { getGiftWrapSettings } from "../modules/settings/gift-wrap-settings.service";
import { anonymiseCustomerOrders } from "../modules/orders/orders.service";
import { placeOrder, quoteCheckout } from "./place-order";
import { updateGiftWrapSettings } from "./order-gift";
import { changeOrderStatus } from "./change-order-status";
import { receiveReturn, requestReturn } from "./returns";
import { PlaceOrderSchema, type PlaceOrderBody } from "~/domain/checkout/checkout.schema";
import { DEFAULT_CHART_OF_ACCOUNTS } from "~/domain/accounting/chart-of-accounts";
import { htOf } from "~/domain/invoices/invoice-totals";
import { GIFT_WRAP_DEFAULT_PRICE_CENTS } from "~/domain/checkout/gift-options";
import * as CHECKOUT_MESSAGES from "~/domain/messages/checkout";
import { BEAUTY_PASS_VIP_MIN_POINTS } from "~/lib/shop-rules";

let handle: DatabaseHandle;
let productId: string;
const PRICE_CENTS = 6000;
const ADMIN = { id: "admin-test", label: "admin@aurore.test" };
const asAdmin = () => ({ userId: null, role: "admin" as const });

beforeAll(async () => {
  handle = await createTestDatabase();
  const [p] = await pickProducts(handle.db, 1, 5000);
  await setProductPrice(handle.db, p.id, PRICE_CENTS);
  productId = p.id;
});

afterAll(async () => {
  await handle?.close();
});

async function setGiftWrap(values: { offered: boolean; price: string; vip_free: boolean }) {
  return settled(updateGiftWrapSettings(handle.db, ADMIN, values));
}

function order(
  shopper: { id: string; addressId: string },
  extra: Partial<PlaceOrderBody> = {},
  provider = new SimulatedPaymentProvider(handle.db, `gift-${randomUUID()}`),
) {
  return settled(
    placeOrder(handle.db, {
      userId: shopper.id,
      idempotencyKey: randomUUID(),
      provider,
      request: PlaceOrderSchema.parse({
        address_id: shopper.addressId,
        contact: CONTACT,
        card: APPROVED_CARD,
        lines: [{ product_id: productId, quantity: 1 }],
        ...extra,
      }),
    }),
  );
}

async function orderRow(id: string) {
  const [row] = await handle.db.select().from(orders).where(eq(orders.id, id));
  return row;
}

describe("gift wrap settings", () => {
  it("default to 4,90 €, offered and free for VIP; a save is checked and logged", async () => {
    expect(await getGiftWrapSettings(handle.db)).toEqual({ offered: true, price_cents: GIFT_WRAP_DEFAULT_PRICE_CENTS, vip_free: true });
    const refused = await setGiftWrap({ offered: true, price: "50,50", vip_free: true });
    expect(refused).toMatchObject({
      ok: false,
      status: 400,
      code: "invalid_gift_wrap_settings",
      fieldErrors: { price: CHECKOUT_MESSAGES.giftWrapPriceInvalid },
    });
    expect(await getGiftWrapSettings(handle.db)).toMatchObject({ price_cents: 490 });
    expect(await setGiftWrap({ offered: true, price: "5,50", vip_free: true })).toMatchObject({ ok: true, price_cents: 550 });
    const [stored] = await handle.db.select().from(shopSettings).where(eq(shopSettings.key, "gift_wrap"));
    expect(stored.value).toEqual({ offered: true, price_cents: 550, vip_free: true });
  });
});

describe("the quote and the order with gift wrap", () => {
  beforeAll(async () => {
    await setGiftWrap({ offered: true, price: "5,50", vip_free: true });
  });

  it("adds the price set in Paramètres to the total, to the cent, and not with the option off", async () => {
    const shopper = await createShopper(handle.db);
    const base = { userId: shopper.id, lines: [{ product_id: productId, quantity: 1 }], addressId: shopper.addressId };
    const without = await quoteCheckout(handle.db, base);
    const withWrap = await quoteCheckout(handle.db, { ...base, giftWrap: true });
    const shipping = without.shipping!.feeCents;
    expect(without.total_cents).toBe(PRICE_CENTS + shipping);
    expect(without.gift).toMatchObject({ wrap_cents: 0, offer: { offered: true, price_cents: 550, free: false } });
    expect(withWrap.total_cents).toBe(PRICE_CENTS + shipping + 550);
    expect(withWrap.card_cents).toBe(withWrap.total_cents);
    expect(withWrap.gift.wrap_cents).toBe(550);
    // The VAT the total includes covers the wrap at 20 %, worked out as its own line.
    expect(withWrap.tax!.vat_cents - without.tax!.vat_cents).toBe(550 - htOf(550, 20));
  });

  it("keeps points and a promo code on the merchandise only: the wrap is paid in full", async () => {
    // Points pay at most the merchandise: 900 points allow 60 € of this 60 € cart, never the wrap.
    const saver = await createShopper(handle.db, { points: 900 });
    const quoted = await quoteCheckout(handle.db, {
      userId: saver.id,
      lines: [{ product_id: productId, quantity: 1 }],
      addressId: saver.addressId,
      pointsToUse: 900,
      giftWrap: true,
    });
    expect(quoted.points_to_use).toBe(600);
    expect(quoted.total_cents).toBe(quoted.shipping!.feeCents + 550);
    const withPoints = await order(saver, { points_to_use: 600, gift: { wrap: true } });
    if (!withPoints.ok) throw new Error(withPoints.message);
    const pointsRow = await orderRow(withPoints.order.id);
    expect(pointsRow.totalCents).toBe(pointsRow.shippingCents + 550);
    expect((await findInvoice(handle.db, withPoints.order.id))!.snapshot.totals.ttc_cents).toBe(pointsRow.totalCents);

    const shopper = await createShopper(handle.db);
    const code = `CADEAU${randomUUID().slice(0, 6).toUpperCase()}`;
    await handle.db.insert(promoCodes).values({ code, kind: "fixed", amountOffCents: 1000 });
    const placed = await order(shopper, { promo_code: code, gift: { wrap: true, message: "Bon anniversaire" } });
    if (!placed.ok) throw new Error(placed.message);
    const row = await orderRow(placed.order.id);
    // 60 € - 10 € of promo + delivery + 5,50 € of gift wrap.
    expect(row.totalCents).toBe(PRICE_CENTS - 1000 + row.shippingCents + 550);
    expect(row).toMatchObject({ giftWrap: true, giftWrapCents: 550, giftMessage: "Bon anniversaire", giftHidePrices: false });
    expect(placed.order.gift).toEqual({ wrap: true, wrap_cents: 550, message: "Bon anniversaire", hide_prices: false });
    const invoice = (await findInvoice(handle.db, placed.order.id))!;
    expect(invoice.snapshot.totals.ttc_cents).toBe(row.totalCents);
    expect(fatalSchematronMessages(buildFacturXml(invoice.snapshot))).toEqual([]);
  });

  it("stores the options, prints the wrap on the invoice with its VAT but never the message, and the XML stays valid", async () => {
    const shopper = await createShopper(handle.db);
    const message = "Pour toi, avec tout mon amour — Zoé";
    const placed = await order(shopper, { gift: { wrap: true, message: `  ${message}  `, hide_prices: true } });
    if (!placed.ok) throw new Error(placed.message);
    const row = await orderRow(placed.order.id);
    expect(row).toMatchObject({ giftWrap: true, giftWrapCents: 550, giftMessage: message, giftHidePrices: true });
    expect(row.totalCents).toBe(PRICE_CENTS + row.shippingCents + 550);

    const invoice = (await findInvoice(handle.db, placed.order.id))!;
    const wrapLine = invoice.snapshot.lines.find((l) => l.kind === "gift_wrap");
    expect(wrapLine).toMatchObject({
      designation: "Emballage cadeau",
      total_ttc_cents: 550,
      total_ht_cents: htOf(550, 20),
      vat_cents: 550 - htOf(550, 20),
      vat_rate: 20,
      vat_category: "S",
    });
    expect(invoice.snapshot.totals.ttc_cents).toBe(row.totalCents);
    expect(invoice.snapshot.totals.vat_cents).toBe(row.taxCents);
    expect(JSON.stringify(invoice.snapshot)).not.toContain("Zoé");
    // The confirmation e-mail lists the wrap among the totals.
    const [mail] = await handle.db
      .select()
      .from(outbox)
      .where(sql`${outbox.payload}->>'text' like ${`%${placed.order.number}%`}`);
    expect((mail.payload as { text: string }).text).toMatch(/Emballage cadeau\s*:?\s*5,50/);

    const xml = buildFacturXml(invoice.snapshot);
    expect(xsdErrors(xml)).toEqual([]);
    expect(fatalSchematronMessages(xml)).toEqual([]);
    expect(xml).toContain("<ram:Name>Emballage cadeau</ram:Name>");
    expect(xml).not.toContain("Zoé");

    // Posted to the delivery fees' account (7085, "frais accessoires"), and the entry balances.
    const journal = buildJournal(
      [{ id: invoice.id, kind: "invoice", number: invoice.number, issuedAt: invoice.issuedAt, snapshot: invoice.snapshot }],
      DEFAULT_CHART_OF_ACCOUNTS,
    );
    for (const entry of journal) {
      const debit = entry.lines.reduce((a, l) => a + l.debit_cents, 0);
      const credit = entry.lines.reduce((a, l) => a + l.credit_cents, 0);
      expect(debit).toBe(credit);
    }
    const sales = journal.find((e) => e.journal === "VE")!;
    const shippingHt = htOf(row.shippingCents, 20);
    expect(sales.lines.find((l) => l.role === "shipping")?.credit_cents).toBe(shippingHt + htOf(550, 20));
  });

  it("is free for a Beauty VIP shopper, printed as offered at 0 €", async () => {
    const vip = await createShopper(handle.db, { points: BEAUTY_PASS_VIP_MIN_POINTS });
    const quote = await quoteCheckout(handle.db, {
      userId: vip.id,
      lines: [{ product_id: productId, quantity: 1 }],
      addressId: vip.addressId,
      giftWrap: true,
    });
    expect(quote.gift).toMatchObject({ wrap_cents: 0, offer: { price_cents: 0, free: true } });
    const placed = await order(vip, { gift: { wrap: true } });
    if (!placed.ok) throw new Error(placed.message);
    const row = await orderRow(placed.order.id);
    expect(row).toMatchObject({ giftWrap: true, giftWrapCents: 0 });
    const invoice = (await findInvoice(handle.db, placed.order.id))!;
    expect(invoice.snapshot.lines.find((l) => l.kind === "gift_wrap")).toMatchObject({
      designation: "Emballage cadeau offert",
      total_ttc_cents: 0,
    });
    expect(fatalSchematronMessages(buildFacturXml(invoice.snapshot))).toEqual([]);
  });

  it("is exempt where the delivery fee is: an export to Geneva is charged without French VAT", async () => {
    const shopper = await createShopper(handle.db, { country: "Suisse", postalCode: "1204" });
    const placed = await order(shopper, { gift: { wrap: true } });
    if (!placed.ok) throw new Error(placed.message);
    const row = await orderRow(placed.order.id);
    expect(row.giftWrapCents).toBe(htOf(550, 20));
    const invoice = (await findInvoice(handle.db, placed.order.id))!;
    const line = invoice.snapshot.lines.find((l) => l.kind === "gift_wrap")!;
    const shippingLine = invoice.snapshot.lines.find((l) => l.kind === "shipping")!;
    expect(line).toMatchObject({ vat_rate: 0, vat_cents: 0, vat_category: shippingLine.vat_category });
    const xml = buildFacturXml(invoice.snapshot);
    expect(xsdErrors(xml)).toEqual([]);
    expect(fatalSchematronMessages(xml)).toEqual([]);
  });

  it("refuses gift wrap once the shop stops offering it, in French, and orders nothing", async () => {
    await setGiftWrap({ offered: false, price: "5,50", vip_free: true });
    try {
      const shopper = await createShopper(handle.db);
      const refused = await order(shopper, { gift: { wrap: true } });
      expect(refused).toEqual({
        ok: false,
        status: 400,
        code: "gift_options_refused",
        message: CHECKOUT_MESSAGES.giftWrapNotOffered,
        field: "gift",
      });
      const mine = await handle.db.select().from(orders).where(eq(orders.userId, shopper.id));
      expect(mine).toHaveLength(0);
      // The message and hidden prices need no gift wrap.
      const placed = await order(shopper, { gift: { message: "Bises", hide_prices: true } });
      expect(placed.ok).toBe(true);
    } finally {
      await setGiftWrap({ offered: true, price: "5,50", vip_free: true });
    }
  });
});

describe("returns and cancellation", () => {
  it("keeps the wrap on a partial return and gives it back when the whole order is cancelled", async () => {
    const shopper = await createShopper(handle.db);
    const provider = new SimulatedPaymentProvider(handle.db, `gift-${randomUUID()}`);
    const placed = await order(shopper, { lines: [{ product_id: productId, quantity: 2 }], gift: { wrap: true } }, provider);
    if (!placed.ok) throw new Error(placed.message);
    await changeOrderStatus(handle.db, { orderId: placed.order.id, newStatus: "delivered", actor: asAdmin(), provider });
    const line = placed.order.items[0];
    const ret = await requestReturn(handle.db, {
      userId: shopper.id,
      orderId: placed.order.id,
      body: { lines: [{ order_item_id: line.id, quantity: 1 }], reason: "not_suited", confirm_unopened: true },
    });
    await receiveReturn(handle.db, {
      returnId: ret.id,
      body: { lines: [{ return_item_id: ret.items[0].id, accepted: true }] },
      actorUserId: null,
      provider,
    });
    const notes = await handle.db.select().from(invoiceDocuments).where(eq(invoiceDocuments.orderId, placed.order.id));
    const partial = notes.find((d) => d.kind === "credit_note")!;
    expect(partial.snapshot.lines.some((l) => l.kind === "gift_wrap")).toBe(false);
    expect(partial.totalCents).toBe(PRICE_CENTS);

    // A whole order cancelled before it ships: every sum paid comes back, the wrap with it.
    const other = await createShopper(handle.db);
    const second = await order(other, { gift: { wrap: true } }, provider);
    if (!second.ok) throw new Error(second.message);
    await changeOrderStatus(handle.db, { orderId: second.order.id, newStatus: "cancelled", actor: asAdmin(), provider });
    const docs = await handle.db.select().from(invoiceDocuments).where(eq(invoiceDocuments.orderId, second.order.id));
    const whole = docs.find((d) => d.kind === "credit_note")!;
    expect(whole.snapshot.lines.find((l) => l.kind === "gift_wrap")?.total_ttc_cents).toBe(-550);
    expect(whole.totalCents).toBe((await orderRow(second.order.id)).totalCents);
  });
});

describe("the erasure of a customer", () => {
  it("removes the gift message they wrote, and keeps the wrap the order charged", async () => {
    const shopper = await createShopper(handle.db);
    const placed = await order(shopper, { gift: { wrap: true, message: "Pour Jeanne Dupont, 3 rue Haute" } });
    if (!placed.ok) throw new Error(placed.message);
    await handle.db.transaction((tx) => anonymiseCustomerOrders(tx, shopper.id));
    expect(await orderRow(placed.order.id)).toMatchObject({ userId: null, giftMessage: null, giftWrap: true, giftWrapCents: 550 });
  });
});
