/**
 * Saved cards the shop lets go are detached at Stripe (decision 059, "Saved cards"): a deleted
 * card, an erased account's cards, a card saved again under a new token and a paid-in-3
 * schedule's card once nothing more is owed, through the `provider-cards` subscriber and the real
 * SDK against the local Stripe-compatible server. A card a running schedule still charges is kept;
 * the simulated acquirer asks nothing of anyone; an event run again detaches once. Runs on PGlite,
 * and on the PostgreSQL server when TEST_DATABASE_URL is set.
 */
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/support/db";
import { createShopper } from "../../../tests/support/shoppers";
import { startStripeServer, type StripeServer } from "../../../tests/support/stripe-server/server";
import type { DatabaseHandle } from "../db/client";
import { eventReceipts, orders, outbox, paymentInstalments } from "../db/schema";
import { EVENT_TOPIC, settleEvents } from "../outbox/events";
import {
  deletePaymentMethod,
  listPaymentMethods,
  savePaymentMethodFromCharge,
  savePaymentMethodFromSetup,
} from "../modules/payment-methods/payment-methods.service";
import { cancelOpenInstalments, createPaymentSchedule, markInstalmentPaid } from "../modules/payment-schedules/payment-schedules.service";
import { createStripeProvider, type StripePaymentProvider } from "../modules/payments/stripe/stripe-provider";
import type { DomainEvent } from "~/domain/events/domain-events";
import { eraseAccount } from "./erase-account";
import { providerCardRelease, settleDomainEvents } from "./event-subscribers";

let handle: DatabaseHandle;
let server: StripeServer;
let stripe: StripePaymentProvider;
/** The subscriber as the shop runs it with PAYMENT_PROVIDER=stripe. */
let release: ReturnType<typeof providerCardRelease>;
let orderSeq = 0;

beforeAll(async () => {
  handle = await createTestDatabase();
  server = await startStripeServer();
  stripe = createStripeProvider({ secretKey: server.secretKey, apiBase: server.url });
  release = providerCardRelease(() => stripe);
});
afterAll(async () => {
  await server?.stop();
  await handle?.close();
});

const runWithStripe = () => settleEvents(handle.db, [release]);

/** A card the shopper saved with Stripe: a PaymentMethod attached to their Customer, listed in Moyens de paiement. */
async function savedStripeCard(shopper: { id: string; email: string }, testPaymentMethod = "pm_card_visa", isDefault = false) {
  const customerId = await stripe.ensureCustomer(shopper.id, shopper.email);
  const made = await stripe.attachPaymentMethod(server.createPaymentMethod(testPaymentMethod), customerId);
  if (!made.ok) throw new Error(made.message);
  const { token, brand, lastFour, expMonth, expYear } = made;
  const card = await savePaymentMethodFromSetup(handle.db, shopper.id, {
    token,
    brand,
    lastFour,
    expMonth,
    expYear,
    holder: "Marie Curie",
    isDefault,
  });
  return { ...card, token, customerId };
}

/** The Stripe Customer the PaymentMethod is attached to, as Stripe says (null once detached). */
async function attachedTo(paymentMethodId: string): Promise<string | null> {
  const method = await stripe.stripe.paymentMethods.retrieve(paymentMethodId);
  return typeof method.customer === "string" ? method.customer : (method.customer?.id ?? null);
}

const detachments = (paymentMethodId: string) =>
  server.events().filter((e) => e.type === "payment_method.detached" && (e.data.object as { id: string }).id === paymentMethodId);

const detachRequests = (paymentMethodId: string) =>
  server.requests().filter((r) => r.method === "POST" && r.path === `/v1/payment_methods/${paymentMethodId}/detach`);

/** The events of a type recorded so far, newest last. */
async function recorded(type: string) {
  const rows = await handle.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.topic, EVENT_TOPIC), sql`${outbox.payload}->>'type' = ${type}`))
    .orderBy(outbox.id);
  return rows;
}

/** An order paid in 3 with this card's token: the first instalment paid, the two others still due. */
async function orderPaidInThree(userId: string, token: string): Promise<string> {
  orderSeq += 1;
  const [order] = await handle.db
    .insert(orders)
    .values({
      orderNumber: `AUR-CARDS-${randomUUID().slice(0, 8)}-${orderSeq}`,
      userId,
      paymentStatus: "instalments",
      subtotalCents: 9000,
      totalCents: 9000,
      shippingAddress: {
        first_name: "Marie",
        last_name: "Curie",
        street: "12 rue des Lilas",
        city: "Lyon",
        postal_code: "69003",
        country: "France",
        phone: "0612345678",
      },
    })
    .returning({ id: orders.id });
  const now = new Date();
  await createPaymentSchedule(handle.db, {
    orderId: order.id,
    entries: [
      { seq: 1, due_date: "2026-01-01", amount_cents: 3000 },
      { seq: 2, due_date: "2026-01-31", amount_cents: 3000 },
      { seq: 3, due_date: "2026-03-02", amount_cents: 3000 },
    ],
    token,
    firstPaymentId: `pi_${randomUUID()}`,
    now,
  });
  return order.id;
}

describe("a card the shop lets go is detached at Stripe", () => {
  it("a deleted card: the event carries its token only, and the card can no longer be charged", async () => {
    const shopper = await createShopper(handle.db);
    const card = await savedStripeCard(shopper);
    expect(await attachedTo(card.token)).toBe(card.customerId);

    await deletePaymentMethod(handle.db, shopper.id, card.id);
    const [event] = (await recorded("payment_method.removed")).filter((row) =>
      (row.payload.data as { tokens: string[] }).tokens.includes(card.token),
    );
    expect(event.payload).toEqual({ type: "payment_method.removed", data: { tokens: [card.token], reason: "deleted" } });

    await runWithStripe();
    expect(await attachedTo(card.token)).toBeNull();
    expect(detachments(card.token)).toHaveLength(1);
    expect(await stripe.listSavedCards(card.customerId)).toEqual([]);
  });

  it("an erased account: every one of its cards", async () => {
    const shopper = await createShopper(handle.db);
    const visa = await savedStripeCard(shopper, "pm_card_visa");
    const mastercard = await savedStripeCard(shopper, "pm_card_mastercard");

    await eraseAccount(handle.db, shopper.id);
    const events = (await recorded("payment_method.removed")).filter((row) =>
      (row.payload.data as { tokens: string[] }).tokens.includes(visa.token),
    );
    expect(events.map((row) => row.payload.data)).toEqual([
      { tokens: expect.arrayContaining([visa.token, mastercard.token]), reason: "erased" },
    ]);

    await runWithStripe();
    expect(await attachedTo(visa.token)).toBeNull();
    expect(await attachedTo(mastercard.token)).toBeNull();
    expect(detachments(visa.token)).toHaveLength(1);
    expect(detachments(mastercard.token)).toHaveLength(1);
  });

  it("the same card saved again under a new token: the old token only", async () => {
    const shopper = await createShopper(handle.db);
    const customerId = await stripe.ensureCustomer(shopper.id, shopper.email);
    const first = await savedStripeCard(shopper, "pm_card_mastercard");
    const again = await stripe.attachPaymentMethod(server.createPaymentMethod("pm_card_mastercard"), customerId);
    if (!again.ok) throw new Error(again.message);
    // The checkout keeping the card it was just paid with (same brand, last four and expiry).
    await handle.db.transaction((tx) =>
      savePaymentMethodFromCharge(tx, shopper.id, {
        token: again.token,
        brand: again.brand,
        lastFour: again.lastFour,
        holder: "Marie Curie",
        expiry: { month: again.expMonth, year: again.expYear },
      }),
    );
    expect(await listPaymentMethods(handle.db, shopper.id)).toHaveLength(1);

    await runWithStripe();
    expect(await attachedTo(first.token)).toBeNull();
    expect(await attachedTo(again.token)).toBe(customerId);
  });
});

describe("what does not detach", () => {
  it("with the simulated acquirer (the shop's default): nothing is asked of any provider", async () => {
    const shopper = await createShopper(handle.db);
    const card = await savedStripeCard(shopper);
    await deletePaymentMethod(handle.db, shopper.id, card.id);
    const [event] = (await recorded("payment_method.removed")).filter((row) =>
      (row.payload.data as { tokens: string[] }).tokens.includes(card.token),
    );

    // The shop's own subscribers, with the provider the configuration names: the simulated acquirer.
    await settleDomainEvents(handle.db);
    const receipts = await handle.db
      .select()
      .from(eventReceipts)
      .where(and(eq(eventReceipts.eventId, event.id), eq(eventReceipts.subscriber, "provider-cards")));
    expect(receipts).toHaveLength(1);
    expect(detachRequests(card.token)).toHaveLength(0);
    expect(await attachedTo(card.token)).toBe(card.customerId);
  });

  it("an event run again (at least once) detaches once, without an error", async () => {
    const shopper = await createShopper(handle.db);
    const card = await savedStripeCard(shopper);
    await deletePaymentMethod(handle.db, shopper.id, card.id);
    await runWithStripe();
    expect(detachments(card.token)).toHaveLength(1);

    // The outbox's receipt keeps it from running twice; the subscriber itself also bears it.
    await runWithStripe();
    const [row] = (await recorded("payment_method.removed")).filter((r) =>
      (r.payload.data as { tokens: string[] }).tokens.includes(card.token),
    );
    const event = { id: row.id, type: row.payload.type, payload: row.payload.data, occurredAt: row.createdAt } as DomainEvent;
    await handle.db.transaction((tx) => release.handle(tx, event));

    expect(detachRequests(card.token)).toHaveLength(2);
    expect(detachments(card.token)).toHaveLength(1);
    expect(await attachedTo(card.token)).toBeNull();
  });

  it("a card a running schedule still charges is kept, and detached once the schedule owes nothing", async () => {
    const shopper = await createShopper(handle.db);
    const card = await savedStripeCard(shopper);
    const orderId = await orderPaidInThree(shopper.id, card.token);

    await deletePaymentMethod(handle.db, shopper.id, card.id);
    await runWithStripe();
    expect(detachRequests(card.token)).toHaveLength(0);
    expect(await attachedTo(card.token)).toBe(card.customerId);

    // The order is cancelled: the instalments still due are too, and nothing needs the card now.
    await handle.db.transaction((tx) => cancelOpenInstalments(tx, orderId, new Date()));
    expect((await recorded("payment_schedule.ended")).map((r) => r.payload.data)).toContainEqual({ orderId, tokens: [card.token] });
    await runWithStripe();
    expect(await attachedTo(card.token)).toBeNull();
    expect(detachments(card.token)).toHaveLength(1);
  });

  it("a schedule's own card is detached after its last instalment; a saved card it charged stays saved", async () => {
    const shopper = await createShopper(handle.db);
    const customerId = await stripe.ensureCustomer(shopper.id, shopper.email);
    // Paid in 3 with a new card not kept in Moyens de paiement: attached for the schedule only.
    const own = await stripe.attachPaymentMethod(server.createPaymentMethod("pm_card_visa"), customerId);
    if (!own.ok) throw new Error(own.message);
    const saved = await savedStripeCard(shopper, "pm_card_mastercard");
    const ownOrder = await orderPaidInThree(shopper.id, own.token);
    const savedOrder = await orderPaidInThree(shopper.id, saved.token);

    for (const orderId of [ownOrder, savedOrder]) {
      for (const seq of [2, 3]) {
        // The daily job's claim, then its settlement (charge-instalments.ts).
        const [claimed] = await handle.db
          .update(paymentInstalments)
          .set({ status: "charging", tries: 1 })
          .where(and(eq(paymentInstalments.orderId, orderId), eq(paymentInstalments.seq, seq)))
          .returning();
        const paid = await handle.db.transaction((tx) =>
          markInstalmentPaid(tx, { id: claimed.id, tries: 1, paymentId: `pi_${randomUUID()}`, now: new Date() }),
        );
        expect(paid).toBe(true);
      }
    }
    // Recorded once, by the last instalment.
    expect(
      (await recorded("payment_schedule.ended")).filter((r) => (r.payload.data as { orderId: string }).orderId === ownOrder),
    ).toHaveLength(1);

    await runWithStripe();
    expect(await attachedTo(own.token)).toBeNull();
    expect(await attachedTo(saved.token)).toBe(customerId);
    expect(detachRequests(saved.token)).toHaveLength(0);
  });
});
