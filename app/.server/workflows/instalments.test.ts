/**
 * Paiement en 3 fois sans frais (docs/decisions/035-instalments.md): the order pays the first
 * instalment, the daily job the later ones; against the simulated acquirer's own books.
 */
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, testDatabaseUrl } from "../../../tests/support/db";
import { APPROVED_CARD, CONTACT, createShopper, pickProducts, setProductPrice } from "../../../tests/support/shoppers";
import { settled } from "../../../tests/support/domain-result";
import { storedView, wordStoredNotification } from "../../../tests/support/notification-wording";
import { rowsOf, type DatabaseHandle } from "../db/client";
import {
  invoiceDocuments,
  notifications,
  orders,
  outbox,
  paymentInstalments,
  paymentMethods,
  simulatedAcquirerCards,
  userProfiles,
} from "../db/schema";
import { SimulatedPaymentProvider } from "../modules/payments/payment-provider";
import { claimDueInstalments, instalmentChargeKey } from "../modules/payment-schedules/payment-schedules.service";
import { listAdminOrders } from "../modules/orders/orders-admin.service";
import { getAdminOrder, getOrder } from "./order-views";
import { getOrderDocumentPdf } from "./invoices";
import { completeOrderAuthentication, placeOrder, quoteCheckout } from "./place-order";
import { chargeDueInstalments } from "./charge-instalments";
import { cancelOwnOrder, changeOrderStatus } from "./change-order-status";
import { receiveReturn, requestReturn } from "./returns";
import { PlaceOrderSchema, TEST_CARD_AUTHENTICATION, TEST_CARD_DECLINED, type PlaceOrderBody } from "~/domain/checkout/checkout.schema";
import {
  CARD_EXPIRES_BEFORE_LAST_INSTALMENT_MESSAGE,
  INSTALMENTS_NOT_ALLOWED_MESSAGE,
  instalmentAmounts,
} from "~/domain/payments/instalments";
import { addParisDays, parisDay } from "~/lib/paris-time";

const DAY_MS = 24 * 60 * 60 * 1000;

let handle: DatabaseHandle;
let provider: SimulatedPaymentProvider;
let admin: string;
let product: { id: string; variantId: string };
let cheap: { id: string; priceCents: number };

beforeAll(async () => {
  handle = await createTestDatabase();
  admin = (await createShopper(handle.db, { name: "Admin" })).id;
  const [a, b] = await pickProducts(handle.db, 2, 500);
  cheap = a;
  product = b;
  // 50,00 € a unit: one is the threshold itself, two make 100,00 € (delivery free from there).
  await setProductPrice(handle.db, product.id, 5000);
});

afterAll(async () => {
  await handle?.close();
});

beforeEach(() => {
  provider = new SimulatedPaymentProvider(handle.db, `test-${randomUUID()}`);
});

// The job charges every due instalment of the database: each test starts with none left from
// the others (whose tokens belong to other merchant accounts).
afterEach(async () => {
  await handle.db.execute(sql`UPDATE payment_instalments SET status = 'cancelled' WHERE status IN ('pending', 'charging')`);
});

const asAdmin = () => ({ userId: admin, role: "admin" as const });

function body(shopper: { addressId: string }, input: Partial<PlaceOrderBody> = {}) {
  return PlaceOrderSchema.parse({
    address_id: shopper.addressId,
    contact: CONTACT,
    card: APPROVED_CARD,
    instalments: 3,
    lines: [{ product_id: product.id, quantity: 2 }],
    ...input,
  });
}

async function payInThree(input: Partial<PlaceOrderBody> = {}) {
  const shopper = await createShopper(handle.db);
  const quote = await quoteCheckout(handle.db, {
    userId: shopper.id,
    lines: [{ product_id: product.id, quantity: 2 }],
    addressId: shopper.addressId,
  });
  const placed = await placeOrder(handle.db, { userId: shopper.id, idempotencyKey: randomUUID(), provider, request: body(shopper, input) });
  return { shopper, order: placed.order, cardCents: quote.card_cents };
}

async function instalmentsOf(orderId: string) {
  return handle.db.select().from(paymentInstalments).where(eq(paymentInstalments.orderId, orderId)).orderBy(paymentInstalments.seq);
}

async function orderRow(orderId: string) {
  const [row] = await handle.db.select().from(orders).where(eq(orders.id, orderId));
  return row;
}

const later = (days: number) => new Date(Date.now() + days * DAY_MS);

describe("placing an order paid in 3", () => {
  it("creates the schedule and charges only the first instalment", async () => {
    const { shopper, order, cardCents } = await payInThree();
    expect(cardCents).toBe(10_000);
    const today = parisDay(new Date());
    expect(order.payment_status).toBe("instalments");
    expect(order.payment_schedule).toEqual([
      { seq: 1, due_date: today, amount_cents: 3334, status: "paid" },
      { seq: 2, due_date: addParisDays(today, 30), amount_cents: 3333, status: "pending" },
      { seq: 3, due_date: addParisDays(today, 60), amount_cents: 3333, status: "pending" },
    ]);
    const charges = await provider.listCharges();
    expect(charges.map((c) => c.amountCents)).toEqual([3334]);
    // The card was tokenized for the schedule but is not one of the shopper's saved cards.
    const rows = await instalmentsOf(order.id);
    expect(rows[0].providerPaymentId).toBe(charges[0].paymentId);
    expect(rows.every((r) => r.providerToken?.startsWith("tok_"))).toBe(true);
    expect(await handle.db.select().from(paymentMethods).where(eq(paymentMethods.userId, shopper.id))).toEqual([]);
    // The shopper's view and the admin's show it.
    expect((await getOrder(handle.db, shopper.id, order.id))?.payment_schedule).toHaveLength(3);
    expect(await getAdminOrder(handle.db, order.id)).toMatchObject({
      payment_status: "instalments",
      payment_schedule: order.payment_schedule,
    });
    // The confirmation e-mail and the invoice state it.
    const [mail] = await handle.db
      .select({ payload: outbox.payload })
      .from(outbox)
      .where(sql`${outbox.payload}->>'subject' = ${`Confirmation de votre commande ${order.number}`}`);
    expect(String(mail.payload.text)).toContain("Paiement en 3 fois sans frais :");
    const [invoice] = await handle.db.select().from(invoiceDocuments).where(eq(invoiceDocuments.orderId, order.id));
    expect((invoice.snapshot as { payment: { instalments?: unknown } }).payment.instalments).toEqual(
      order.payment_schedule.map(({ seq, due_date, amount_cents }) => ({ seq, due_date, amount_cents })),
    );
    const pdf = await getOrderDocumentPdf(handle.db, { orderId: order.id, viewer: { userId: shopper.id }, document: { kind: "invoice" } });
    const { extractText, getDocumentProxy } = await import("unpdf");
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.bytes)), { mergePages: true });
    expect(text).toContain("Paiement en 3 fois sans frais");
    expect(text).toContain("33,34");
  });

  it("is refused under 50 € paid by card: no order, no card kept, no charge", async () => {
    const shopper = await createShopper(handle.db);
    const refused = await settled(
      placeOrder(handle.db, {
        userId: shopper.id,
        idempotencyKey: randomUUID(),
        provider,
        request: body(shopper, { lines: [{ product_id: cheap.id, quantity: 1 }] }),
      }),
    );
    expect(cheap.priceCents).toBeLessThan(5000);
    expect(refused).toMatchObject({ ok: false, status: 400, code: "instalments_not_allowed", message: INSTALMENTS_NOT_ALLOWED_MESSAGE });
    expect(await handle.db.select().from(orders).where(eq(orders.userId, shopper.id))).toEqual([]);
    expect(await provider.listCharges()).toEqual([]);
    expect(await handle.db.select().from(simulatedAcquirerCards).where(eq(simulatedAcquirerCards.account, provider.account))).toEqual([]);
  });

  it("refuses a card that expires before the last instalment, before tokenizing or charging", async () => {
    const shopper = await createShopper(handle.db);
    const [year, month] = addParisDays(parisDay(new Date()), 60).split("-").map(Number);
    const before = month === 1 ? { month: 12, year: year - 1 } : { month: month - 1, year };
    const expiry = `${String(before.month).padStart(2, "0")}/${String(before.year % 100).padStart(2, "0")}`;
    const refused = await settled(
      placeOrder(handle.db, {
        userId: shopper.id,
        idempotencyKey: randomUUID(),
        provider,
        request: body(shopper, { card: { ...APPROVED_CARD, expiry } }),
      }),
    );
    expect(refused).toMatchObject({
      ok: false,
      status: 400,
      code: "card_expires_before_schedule",
      message: CARD_EXPIRES_BEFORE_LAST_INSTALMENT_MESSAGE,
    });
    expect(await provider.listCharges()).toEqual([]);
    expect(await handle.db.select().from(simulatedAcquirerCards).where(eq(simulatedAcquirerCards.account, provider.account))).toEqual([]);
    // The same card pays at once.
    const once = await placeOrder(handle.db, {
      userId: shopper.id,
      idempotencyKey: randomUUID(),
      provider,
      request: body(shopper, { card: { ...APPROVED_CARD, expiry }, instalments: 1 }),
    });
    expect(once.order).toMatchObject({ payment_status: "paid", payment_schedule: [] });
  });

  it("takes 1 or 3 only, with a French message", () => {
    const parsed = PlaceOrderSchema.safeParse({ contact: CONTACT, card: APPROVED_CARD, instalments: 2 });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0].message).toBe("Choisissez un paiement en 1 ou 3 fois");
    expect(PlaceOrderSchema.parse({ contact: CONTACT, card: APPROVED_CARD }).instalments).toBe(1);
  });

  it("with a saved card: the later instalments use its token; a card kept on request is saved once", async () => {
    const shopper = await createShopper(handle.db);
    const first = await placeOrder(handle.db, {
      userId: shopper.id,
      idempotencyKey: randomUUID(),
      provider,
      request: body(shopper, { save_card: true }),
    });
    const [saved] = await handle.db.select().from(paymentMethods).where(eq(paymentMethods.userId, shopper.id));
    expect(saved.providerToken).toMatch(/^tok_/);
    expect((await instalmentsOf(first.order.id)).map((r) => r.providerToken)).toEqual(Array(3).fill(saved.providerToken));

    const second = await placeOrder(handle.db, {
      userId: shopper.id,
      idempotencyKey: randomUUID(),
      provider,
      request: body(shopper, { card: undefined, payment_method_id: saved.id, cvc: APPROVED_CARD.cvc }),
    });
    expect(second.order.payment_status).toBe("instalments");
    expect((await instalmentsOf(second.order.id)).map((r) => r.providerToken)).toEqual(Array(3).fill(saved.providerToken));
    expect(await handle.db.select().from(paymentMethods).where(eq(paymentMethods.userId, shopper.id))).toHaveLength(1);
    expect((await provider.listCharges()).map((c) => c.amountCents)).toEqual([3334, 3334]);
  });

  it("with the 3-D Secure card: completing the authentication creates the schedule", async () => {
    const shopper = await createShopper(handle.db);
    const idempotencyKey = randomUUID();
    const request = body(shopper, { card: { ...APPROVED_CARD, number: TEST_CARD_AUTHENTICATION } });
    const asked = await settled(placeOrder(handle.db, { userId: shopper.id, idempotencyKey, provider, request }));
    expect(asked).toMatchObject({ ok: false, status: 402, code: "authentication_required" });
    expect(await provider.listCharges()).toEqual([]);
    if (asked.ok) throw new Error("authentication expected");
    const [attempt] = rowsOf<{ authentication_id: string }>(
      await handle.db.execute(sql`SELECT authentication_id FROM payment_attempts WHERE user_id = ${shopper.id}`),
    );
    const placed = await completeOrderAuthentication(handle.db, {
      userId: shopper.id,
      authenticationId: attempt.authentication_id,
      result: "succeeded",
      provider,
    });
    expect(placed.order.payment_status).toBe("instalments");
    expect(placed.order.payment_schedule.map((e) => [e.amount_cents, e.status])).toEqual([
      [3334, "paid"],
      [3333, "pending"],
      [3333, "pending"],
    ]);
    expect((await provider.listCharges()).map((c) => c.amountCents)).toEqual([3334]);
    // The later instalment is merchant-initiated (token, no CVC): no authentication asked.
    expect(await chargeDueInstalments(handle.db, { provider, now: later(30) })).toMatchObject({ charged: 1, declined: 0 });
    expect((await provider.listCharges()).map((c) => c.amountCents)).toEqual([3334, 3333]);
  });
});

describe("the daily job", () => {
  it("charges a due instalment once, even when run twice at once, with its own key", async () => {
    const { order } = await payInThree();
    // Other orders due the same day, so that the parallel runs' claims overlap.
    const others = [await payInThree(), await payInThree(), await payInThree()];
    expect(await chargeDueInstalments(handle.db, { provider, now: later(29) })).toMatchObject({ charged: 0 });
    const runs = await Promise.all(Array.from({ length: 6 }, () => chargeDueInstalments(handle.db, { provider, now: later(30) })));
    expect(runs.reduce((sum, r) => sum + r.charged, 0)).toBe(4);
    const charges = await provider.listCharges();
    expect(
      charges
        .filter((c) => c.idempotencyKey.startsWith("instalment:"))
        .map((c) => c.idempotencyKey)
        .sort(),
    ).toEqual([order, ...others.map((o) => o.order)].map((o) => `instalment:${o.id}:2:1`).sort());
    expect(charges.filter((c) => c.idempotencyKey.includes(order.id)).map((c) => c.amountCents)).toEqual([3333]);
    expect((await instalmentsOf(order.id)).map((r) => r.status)).toEqual(["paid", "paid", "pending"]);
    expect((await orderRow(order.id)).paymentStatus).toBe("instalments");
    // Run again the same day: nothing more.
    expect(await chargeDueInstalments(handle.db, { provider, now: later(30) })).toMatchObject({ charged: 0 });
    // The last one: the order is paid.
    expect(await chargeDueInstalments(handle.db, { provider, now: later(60) })).toMatchObject({ charged: 4 });
    expect((await orderRow(order.id)).paymentStatus).toBe("paid");
    expect((await provider.listCharges()).reduce((sum, c) => sum + c.amountCents, 0)).toBe(4 * 10_000);
  });

  // PostgreSQL only: PGlite has one connection, so a second process cannot hold a lock meanwhile.
  it.skipIf(!testDatabaseUrl())("passes over instalments another process is claiming (FOR UPDATE SKIP LOCKED)", async () => {
    const { order } = await payInThree();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let taken!: () => void;
    const lockTaken = new Promise<void>((resolve) => (taken = resolve));
    const otherProcess = handle.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT id FROM payment_instalments WHERE order_id = ${order.id} FOR UPDATE`);
      taken();
      await held;
    });
    await lockTaken;
    const meanwhile = await Promise.race([
      chargeDueInstalments(handle.db, { provider, now: later(30) }),
      new Promise((resolve) => setTimeout(() => resolve("blocked"), 3000)),
    ]);
    release();
    await otherProcess;
    expect(meanwhile).toMatchObject({ charged: 0 });
    expect(await chargeDueInstalments(handle.db, { provider, now: later(30) })).toMatchObject({ charged: 1 });
    expect((await provider.listCharges()).map((c) => c.amountCents)).toEqual([3334, 3333]);
  });

  it("retries a declined instalment on the next two days, then fails it with an e-mail and 'Échéance impayée'", async () => {
    const { shopper, order } = await payInThree();
    const declining = await provider.tokenize({
      number: TEST_CARD_DECLINED,
      expiry: { month: 12, year: 2039 },
      customerRef: shopper.id,
    });
    if (!declining.ok) throw new Error("the decline card tokenizes");
    await handle.db.execute(
      sql`UPDATE payment_instalments SET provider_token = ${declining.token} WHERE order_id = ${order.id} AND seq > 1`,
    );

    expect(await chargeDueInstalments(handle.db, { provider, now: later(30) })).toMatchObject({ declined: 1, failed: 0 });
    expect(await chargeDueInstalments(handle.db, { provider, now: later(30) })).toMatchObject({ declined: 0 });
    expect(await chargeDueInstalments(handle.db, { provider, now: later(31) })).toMatchObject({ declined: 1, failed: 0 });
    let [, second] = await instalmentsOf(order.id);
    expect(second).toMatchObject({ status: "pending", tries: 2 });
    expect((await orderRow(order.id)).paymentStatus).toBe("instalments");

    expect(await chargeDueInstalments(handle.db, { provider, now: later(32) })).toMatchObject({ declined: 0, failed: 1 });
    [, second] = await instalmentsOf(order.id);
    expect(second).toMatchObject({ status: "failed", tries: 3, lastError: expect.stringContaining("refusé") });
    expect((await orderRow(order.id)).paymentStatus).toBe("instalment_unpaid");
    // Never tried again; nothing more charged than the first instalment.
    expect(await chargeDueInstalments(handle.db, { provider, now: later(33) })).toMatchObject({ declined: 0, failed: 0 });
    expect((await provider.listCharges()).map((c) => c.amountCents)).toEqual([3334]);

    const mails = await handle.db
      .select({ payload: outbox.payload })
      .from(outbox)
      .where(sql`${outbox.payload}->>'subject' = ${`Échéance impayée : commande ${order.number}`}`);
    expect(mails).toHaveLength(1);
    expect(mails[0].payload.to).toBe(CONTACT.email);
    expect(String(mails[0].payload.text)).toContain("33,33");
    // Branded like every e-mail: HTML, greeting by first name, a link to the order.
    expect(String(mails[0].payload.html)).toContain("Bonjour Marie,");
    expect(String(mails[0].payload.html)).toContain(`commande=${order.number}`);
    const notes = await handle.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, shopper.id), eq(notifications.type, "order")));
    expect(notes.map((n) => n.title)).toEqual([`Échéance impayée : commande ${order.number}`]);
    expect(notes[0]).toMatchObject({
      messageKey: "instalmentUnpaid",
      params: { orderNumber: order.number, seq: "2", amountCents: "3333" },
    });
    expect(wordStoredNotification("fr", storedView(notes[0]))).toEqual({ title: notes[0].title, message: notes[0].message });
    expect(wordStoredNotification("en", storedView(notes[0]))).toEqual({
      title: `Unpaid instalment: order ${order.number}`,
      message: "Your instalment 2/3 of €33.33 could not be collected after 3 attempts.",
    });
    const list = await listAdminOrders(handle.db, { search: order.number });
    expect(list.rows.find((r) => r.id === order.id)?.payment_status).toBe("instalment_unpaid");
  });

  it("settles a try a dead process left 'charging' by asking the provider for its key", async () => {
    const { order } = await payInThree();
    const now = later(30);
    const [claimed] = await claimDueInstalments(handle.db, { today: parisDay(now), now, limit: 10 }).then((rows) =>
      rows.filter((r) => r.orderId === order.id),
    );
    // The process charged, then died before settling.
    const charged = await provider.charge({
      amountCents: claimed.amountCents,
      currency: "EUR",
      source: { type: "token", token: claimed.providerToken! },
      customerRef: claimed.userId!,
      idempotencyKey: instalmentChargeKey(claimed),
      description: "test",
    });
    expect(charged.ok).toBe(true);
    expect(await chargeDueInstalments(handle.db, { provider, now: later(30.5), graceMs: 60_000 })).toMatchObject({
      recovered: 1,
      charged: 1,
    });
    const [, second] = await instalmentsOf(order.id);
    expect(second).toMatchObject({ status: "paid", providerPaymentId: charged.ok ? charged.paymentId : "" });
    expect((await provider.listCharges()).map((c) => c.amountCents)).toEqual([3334, 3333]);
  });
});

describe("points, cancellation and returns of an order paid in 3", () => {
  async function pointsOf(userId: string) {
    const [row] = await handle.db.select({ p: userProfiles.loyaltyPoints }).from(userProfiles).where(eq(userProfiles.id, userId));
    return row.p;
  }

  it("earns points on what is paid: at delivery, then with each later instalment", async () => {
    const { shopper, order } = await payInThree();
    const delivered = await changeOrderStatus(handle.db, { orderId: order.id, newStatus: "delivered", actor: asAdmin(), provider });
    expect(delivered.pointsCredited).toBe(33);
    await chargeDueInstalments(handle.db, { provider, now: later(30) });
    expect(await pointsOf(shopper.id)).toBe(66);
    await chargeDueInstalments(handle.db, { provider, now: later(60) });
    expect(await pointsOf(shopper.id)).toBe(100);
    expect((await orderRow(order.id)).pointsEarned).toBe(100);
  });

  it("cancellation refunds the first charge and cancels the others", async () => {
    const { shopper, order } = await payInThree();
    const cancelled = await cancelOwnOrder(handle.db, shopper.id, order.id, new Date(), provider);
    expect(cancelled.order).toMatchObject({ status: "cancelled", payment_status: "refunded" });
    expect(cancelled.order.payment_schedule.map((e) => e.status)).toEqual(["paid", "cancelled", "cancelled"]);
    const [charge] = await provider.listCharges();
    expect((await provider.listRefunds()).map((r) => [r.paymentId, r.amountCents])).toEqual([[charge.paymentId, 3334]]);
    expect(await chargeDueInstalments(handle.db, { provider, now: later(30) })).toMatchObject({ charged: 0 });
    expect(await provider.listCharges()).toHaveLength(1);
  });

  it("a refunded return first lowers the instalments still due, the latest first", async () => {
    const { shopper, order } = await payInThree();
    await changeOrderStatus(handle.db, { orderId: order.id, newStatus: "delivered", actor: asAdmin(), provider });
    const ret = await requestReturn(handle.db, {
      userId: shopper.id,
      orderId: order.id,
      body: { lines: [{ order_item_id: order.items[0].id, quantity: 1 }], reason: "not_suited", confirm_unopened: true },
    });
    const received = await receiveReturn(handle.db, {
      returnId: ret.id,
      body: { lines: [{ return_item_id: ret.items[0].id, accepted: true }] },
      actorUserId: admin,
      provider,
    });
    expect(received).toMatchObject({ status: "refunded", refund_cents: 5000 });
    // 50,00 € off what is due: the 3rd (33,33 €) cancelled, 16,67 € off the 2nd; nothing refunded on the card.
    expect((await instalmentsOf(order.id)).map((r) => [r.amountCents, r.status])).toEqual([
      [3334, "paid"],
      [1666, "pending"],
      [0, "cancelled"],
    ]);
    expect(await provider.listRefunds()).toEqual([]);
    // The points earned on the 33,34 € paid stay.
    expect(await pointsOf(shopper.id)).toBe(33);
    await chargeDueInstalments(handle.db, { provider, now: later(30) });
    expect((await orderRow(order.id)).paymentStatus).toBe("paid");
    expect((await provider.listCharges()).map((c) => c.amountCents)).toEqual([3334, 1666]);
    expect(await pointsOf(shopper.id)).toBe(50);
    expect(instalmentAmounts(10_000)).toEqual([3334, 3333, 3333]);
  });
});
