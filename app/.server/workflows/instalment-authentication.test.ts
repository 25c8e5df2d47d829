/**
 * An instalment the bank wants authenticated (docs/decisions/035-instalments.md, "An instalment
 * the bank wants authenticated"): the daily job's off-session charge is soft-declined by Stripe,
 * the shopper is mailed a link, and pays on the page with the shopper present, 3-D Secure answered
 * through the local Stripe-compatible server's test hook. Through the official SDK; on PGlite,
 * and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/support/db";
import { settled } from "../../../tests/support/domain-result";
import { storedView, wordStoredNotification } from "../../../tests/support/notification-wording";
import { APPROVED_CARD, CONTACT, createShopper, pickProducts, setProductPrice } from "../../../tests/support/shoppers";
import { startStripeServer, type StripeServer } from "../../../tests/support/stripe-server/server";
import type { DatabaseHandle } from "../db/client";
import { notifications, orders, outbox, paymentInstalments, userPreferences, userProfiles } from "../db/schema";
import {
  claimDueInstalments,
  hashAuthenticationToken,
  markInstalmentAwaitingShopper,
} from "../modules/payment-schedules/payment-schedules.service";
import { AUTHENTICATION_FAILED_MESSAGE, PAYMENT_DECLINED_MESSAGE, SimulatedPaymentProvider } from "../modules/payments/payment-provider";
import {
  createStripeProvider,
  OFF_SESSION_AUTHENTICATION_MESSAGE,
  type StripePaymentProvider,
} from "../modules/payments/stripe/stripe-provider";
import { changeOrderStatus } from "./change-order-status";
import { chargeDueInstalments } from "./charge-instalments";
import { settleDomainEvents } from "./event-subscribers";
import { completeInstalmentAuthentication, confirmInstalmentPayment, getInstalmentToConfirm } from "./instalment-authentication";
import { placeOrder } from "./place-order";
import { PlaceOrderSchema, TEST_CARD_DECLINED } from "~/domain/checkout/checkout.schema";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import { addParisDays, parisDay } from "~/lib/paris-time";
import { instalmentStatusLabel } from "~/domain/payments/instalments";
import { paymentSchedulesOf } from "../modules/payment-schedules/payment-schedules.service";
import { INSTALMENT_AUTHENTICATION_LINK_DAYS } from "~/lib/shop-rules";

const DAY_MS = 24 * 60 * 60 * 1000;
const later = (days: number) => new Date(Date.now() + days * DAY_MS);

let handle: DatabaseHandle;
let server: StripeServer;
let stripe: StripePaymentProvider;
let simulated: SimulatedPaymentProvider;
let product: { id: string };
let admin: string;

beforeAll(async () => {
  handle = await createTestDatabase();
  server = await startStripeServer();
  stripe = createStripeProvider({ secretKey: server.secretKey, apiBase: server.url });
  simulated = new SimulatedPaymentProvider(handle.db, `test-${randomUUID()}`);
  admin = (await createShopper(handle.db, { name: "Admin" })).id;
  [, product] = await pickProducts(handle.db, 2, 500);
  // 50,00 € a unit, two in the order: 100,00 € paid 33,34 + 33,33 + 33,33.
  await setProductPrice(handle.db, product.id, 5000);
});
afterAll(async () => {
  await server?.stop();
  await handle?.close();
});
// The job charges every due instalment of the database: each test starts with none left.
afterEach(async () => {
  await handle.db.execute(sql`UPDATE payment_instalments SET status = 'cancelled' WHERE status IN ('pending', 'charging')`);
});

/**
 * An order paid in 3 whose later instalments are charged on a card kept at Stripe for the shopper
 * (a Stripe test PaymentMethod attached to their Customer). The order itself is placed with the
 * simulated acquirer: what is tested here starts at the second instalment.
 */
async function paidInThree(testCard: string) {
  const shopper = await createShopper(handle.db);
  const placed = await placeOrder(handle.db, {
    userId: shopper.id,
    idempotencyKey: randomUUID(),
    provider: simulated,
    request: PlaceOrderSchema.parse({
      address_id: shopper.addressId,
      contact: CONTACT,
      card: APPROVED_CARD,
      instalments: 3,
      lines: [{ product_id: product.id, quantity: 2 }],
    }),
  });
  const customerId = await stripe.ensureCustomer(shopper.id, shopper.email);
  const card = server.createPaymentMethod(testCard);
  const attached = await stripe.attachPaymentMethod(card, customerId);
  if (!attached.ok) throw new Error(attached.message);
  await handle.db.execute(sql`UPDATE payment_instalments SET provider_token = ${card} WHERE order_id = ${placed.order.id} AND seq > 1`);
  return { shopper, order: placed.order, card };
}

async function secondOf(orderId: string) {
  const [row] = await handle.db
    .select()
    .from(paymentInstalments)
    .where(and(eq(paymentInstalments.orderId, orderId), eq(paymentInstalments.seq, 2)));
  return row!;
}

async function paymentStatusOf(orderId: string) {
  const [row] = await handle.db.select({ status: orders.paymentStatus }).from(orders).where(eq(orders.id, orderId));
  return row!.status;
}

async function mailsWithSubject(subject: string) {
  await settleDomainEvents(handle.db);
  return handle.db
    .select({ payload: outbox.payload })
    .from(outbox)
    .where(and(eq(outbox.topic, "mail"), sql`${outbox.payload}->>'subject' = ${subject}`));
}

/** The job soft-declined instalment 2: its one mail, and the token its link carries. */
async function linkMailOf(orderNumber: string) {
  const mails = await mailsWithSubject(`Confirmez votre échéance : commande ${orderNumber}`);
  expect(mails).toHaveLength(1);
  const text = String(mails[0]!.payload.text);
  const token = /\/paiement-echeance\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
  if (!token) throw new Error(`no link in ${text}`);
  return { mail: mails[0]!.payload, token };
}

/** The PaymentIntents of a shopper's instalments (their metadata carries the instalment's key). */
const instalmentIntents = (userId: string) =>
  server.paymentIntents().filter((i) => i.metadata.customer_ref === userId && i.metadata.attempt_key?.startsWith("instalment:"));

/** The job reached the second instalment and the bank wants the shopper: its link's token. */
async function waitingForShopper(testCard = "pm_card_authenticationRequired") {
  const placed = await paidInThree(testCard);
  expect(await chargeDueInstalments(handle.db, { provider: stripe, now: later(30) })).toMatchObject({ awaiting: 1, declined: 0 });
  const { token } = await linkMailOf(placed.order.number);
  return { ...placed, token };
}

describe("an instalment the bank wants authenticated off session", () => {
  it("waits for the shopper, who is mailed one link; the job never charges it behind their back", async () => {
    const { shopper, order, card } = await paidInThree("pm_card_authenticationRequired");
    const now = later(30);
    expect(await chargeDueInstalments(handle.db, { provider: stripe, now })).toMatchObject({
      awaiting: 1,
      charged: 0,
      declined: 0,
      failed: 0,
    });
    const second = await secondOf(order.id);
    expect(second).toMatchObject({ status: "pending", tries: 1, lastError: OFF_SESSION_AUTHENTICATION_MESSAGE, authenticationId: null });
    expect(second.authenticationExpiresAt?.getTime()).toBe(now.getTime() + INSTALMENT_AUTHENTICATION_LINK_DAYS * DAY_MS);
    expect(await paymentStatusOf(order.id)).toBe("instalments");
    // Off session, declined by the bank for authentication: nothing was charged.
    expect(
      instalmentIntents(shopper.id).map((i) => [i.status, i.last_payment_error?.code, i.last_payment_error?.payment_method?.id]),
    ).toEqual([["requires_payment_method", "authentication_required", card]]);

    const { mail, token } = await linkMailOf(order.number);
    expect(mail.to).toBe(CONTACT.email);
    // Only the hash is stored: the table holds no usable link.
    expect(second.authenticationTokenHash).toBe(hashAuthenticationToken(token));
    expect(second.authenticationTokenHash).not.toContain(token);
    const html = String(mail.html);
    expect(html).toContain("Bonjour Marie,");
    expect(html).toContain(`/paiement-echeance?token=${token}`);
    expect(html).toContain("33,33");
    expect(String(mail.text)).toContain(`dans les ${INSTALMENT_AUTHENTICATION_LINK_DAYS} jours`);

    // The next days: no other try, no other mail, nothing charged.
    for (const day of [30, 31, 32, 33]) {
      expect(await chargeDueInstalments(handle.db, { provider: stripe, now: later(day) })).toMatchObject({ awaiting: 0, declined: 0 });
    }
    expect(instalmentIntents(shopper.id)).toHaveLength(1);
    expect(await secondOf(order.id)).toMatchObject({ status: "pending", tries: 1 });
    expect(await mailsWithSubject(`Confirmez votre échéance : commande ${order.number}`)).toHaveLength(1);

    // The schedule says the shopper is the one to act while the link works, then no more.
    const schedule = async (at: Date) => (await paymentSchedulesOf(handle.db, [order.id], at)).get(order.id)!;
    expect((await schedule(later(33))).map((e) => [e.status, e.awaiting_authentication ?? false])).toEqual([
      ["paid", false],
      ["pending", true],
      ["pending", false],
    ]);
    expect(instalmentStatusLabel((await schedule(later(33)))[1])).toBe(ACCOUNT_MESSAGES.awaitingYourAuthentication);
    expect((await schedule(later(30 + INSTALMENT_AUTHENTICATION_LINK_DAYS + 1)))[1].awaiting_authentication).toBeUndefined();
  });

  it("mails the link in the shopper's language", async () => {
    const { shopper, order } = await paidInThree("pm_card_authenticationRequired");
    await handle.db.insert(userPreferences).values({ userId: shopper.id, language: "en" });
    await chargeDueInstalments(handle.db, { provider: stripe, now: later(30) });
    const [mail] = await mailsWithSubject(`Confirm your instalment: order ${order.number}`);
    expect(String(mail!.payload.text)).toContain("Hello Marie,");
    expect(String(mail!.payload.text)).toContain("€33.33");
    expect(String(mail!.payload.html)).toContain("Confirm the payment");
  });

  it("a plain decline still gives 'Échéance impayée' after three days, with no link", async () => {
    const { shopper, order } = await paidInThree("pm_card_chargeDeclined");
    expect(await chargeDueInstalments(handle.db, { provider: stripe, now: later(30) })).toMatchObject({ declined: 1, awaiting: 0 });
    expect(await chargeDueInstalments(handle.db, { provider: stripe, now: later(31) })).toMatchObject({ declined: 1, awaiting: 0 });
    expect(await chargeDueInstalments(handle.db, { provider: stripe, now: later(32) })).toMatchObject({ failed: 1, awaiting: 0 });
    expect(await secondOf(order.id)).toMatchObject({ status: "failed", tries: 3, authenticationTokenHash: null });
    expect(await paymentStatusOf(order.id)).toBe("instalment_unpaid");
    expect(await mailsWithSubject(`Échéance impayée : commande ${order.number}`)).toHaveLength(1);
    expect(await mailsWithSubject(`Confirmez votre échéance : commande ${order.number}`)).toHaveLength(0);
    expect(instalmentIntents(shopper.id)).toHaveLength(3);
  });

  it("unpaid when the link expires: 'Échéance impayée', said as not confirmed in time, and the link is dead", async () => {
    const { shopper, order, token } = await waitingForShopper();
    expect(
      await chargeDueInstalments(handle.db, { provider: stripe, now: later(30 + INSTALMENT_AUTHENTICATION_LINK_DAYS - 1) }),
    ).toMatchObject({ failed: 0 });
    expect(
      await chargeDueInstalments(handle.db, { provider: stripe, now: later(30 + INSTALMENT_AUTHENTICATION_LINK_DAYS + 1) }),
    ).toMatchObject({ failed: 1 });
    expect(await secondOf(order.id)).toMatchObject({ status: "failed", lastError: ACCOUNT_MESSAGES.instalmentNotConfirmedInTime });
    expect(await paymentStatusOf(order.id)).toBe("instalment_unpaid");
    const [unpaid] = await mailsWithSubject(`Échéance impayée : commande ${order.number}`);
    expect(String(unpaid!.payload.text)).toContain("n'a pas été confirmée à temps");
    const [note] = await handle.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, shopper.id), eq(notifications.type, "order")));
    expect(note).toMatchObject({
      messageKey: "instalmentNotConfirmed",
      params: { orderNumber: order.number, seq: "2", amountCents: "3333" },
    });
    expect(wordStoredNotification("fr", storedView(note!))).toEqual({ title: note!.title, message: note!.message });
    expect(wordStoredNotification("en", storedView(note!)).message).toBe(
      "Your instalment 2/3 of €33.33 was not confirmed with your bank in time.",
    );
    expect(await settled(getInstalmentToConfirm(handle.db, { userId: shopper.id, token }))).toMatchObject({
      ok: false,
      status: 404,
      code: "instalment_link_invalid",
    });
    expect(instalmentIntents(shopper.id)).toHaveLength(1);
  });
});

describe("the link's page", () => {
  it("shows its owner the order number, the amount and the due date; 404 for another shopper, a bad or an expired link", async () => {
    const { shopper, order, token } = await waitingForShopper();
    expect(await getInstalmentToConfirm(handle.db, { userId: shopper.id, token })).toEqual({
      order_number: order.number,
      seq: 2,
      amount_cents: 3333,
      due_date: addParisDays(parisDay(new Date()), 30),
      state: "payable",
    });
    const notFound = { ok: false, status: 404, code: "instalment_link_invalid", message: ACCOUNT_MESSAGES.instalmentLinkInvalid };
    const stranger = await createShopper(handle.db);
    expect(await settled(getInstalmentToConfirm(handle.db, { userId: stranger.id, token }))).toMatchObject(notFound);
    expect(await settled(confirmInstalmentPayment(handle.db, { userId: stranger.id, token, provider: stripe }))).toMatchObject(notFound);
    expect(await settled(getInstalmentToConfirm(handle.db, { userId: shopper.id, token: `${token}x` }))).toMatchObject(notFound);
    expect(await settled(getInstalmentToConfirm(handle.db, { userId: shopper.id, token: "" }))).toMatchObject(notFound);
    const expired = later(30 + INSTALMENT_AUTHENTICATION_LINK_DAYS + 1);
    expect(await settled(getInstalmentToConfirm(handle.db, { userId: shopper.id, token, now: expired }))).toMatchObject(notFound);
    expect(await settled(confirmInstalmentPayment(handle.db, { userId: shopper.id, token, provider: stripe, now: expired }))).toMatchObject(
      notFound,
    );
    // Nobody charged anything meanwhile.
    expect(instalmentIntents(shopper.id)).toHaveLength(1);
  });
});

describe("Confirmer le paiement", () => {
  it("charges with the shopper present, runs the bank's authentication, and pays once, a replay included", async () => {
    const { shopper, order, card, token } = await waitingForShopper();
    const asked = await confirmInstalmentPayment(handle.db, { userId: shopper.id, token, provider: stripe });
    if (asked.status !== "authentication_required") throw new Error("authentication expected");
    expect(asked.client_secret).toMatch(/^pi_.+_secret_/);
    const [, intent] = instalmentIntents(shopper.id);
    expect(intent).toMatchObject({ status: "requires_action", amount: 3333, payment_method: card });
    expect(intent!.metadata.attempt_key).toBe(`instalment:${order.id}:2:2`);
    const create = server
      .requests()
      .find((r) => r.method === "POST" && r.path === "/v1/payment_intents" && r.idempotencyKey === intent!.metadata.attempt_key);
    expect(create?.params.off_session).toBeUndefined();
    expect(await getInstalmentToConfirm(handle.db, { userId: shopper.id, token })).toMatchObject({ state: "processing" });

    // What the shopper does in Stripe.js's dialog; then the page says it is over.
    server.authenticate(intent!.id, "succeed");
    expect(await completeInstalmentAuthentication(handle.db, { userId: shopper.id, token, result: "succeeded", provider: stripe })).toEqual(
      {
        status: "paid",
      },
    );
    expect(await secondOf(order.id)).toMatchObject({ status: "paid", providerPaymentId: intent!.id, lastError: null });
    expect(await paymentStatusOf(order.id)).toBe("instalments");
    expect(await getInstalmentToConfirm(handle.db, { userId: shopper.id, token })).toMatchObject({ state: "paid" });

    // Replays of either post: paid, and nothing more charged.
    expect(await completeInstalmentAuthentication(handle.db, { userId: shopper.id, token, result: "succeeded", provider: stripe })).toEqual(
      {
        status: "paid",
      },
    );
    expect(await confirmInstalmentPayment(handle.db, { userId: shopper.id, token, provider: stripe })).toEqual({ status: "paid" });
    expect(instalmentIntents(shopper.id).map((i) => i.status)).toEqual(["requires_payment_method", "succeeded"]);
    // The job leaves it alone, and charges the third one as before.
    expect(await chargeDueInstalments(handle.db, { provider: stripe, now: later(30) })).toMatchObject({ charged: 0, awaiting: 0 });
  });

  it("two clicks at once charge once, and two ends of the dialog at once pay once (points credited once)", async () => {
    const { shopper, order, token } = await waitingForShopper();
    await changeOrderStatus(handle.db, {
      orderId: order.id,
      newStatus: "delivered",
      actor: { userId: admin, role: "admin" },
      provider: simulated,
    });
    const points = async () =>
      (await handle.db.select({ p: userProfiles.loyaltyPoints }).from(userProfiles).where(eq(userProfiles.id, shopper.id)))[0]!.p;
    expect(await points()).toBe(33);

    const clicks = await Promise.all(
      [1, 2, 3].map(() => settled(confirmInstalmentPayment(handle.db, { userId: shopper.id, token, provider: stripe }))),
    );
    const intents = instalmentIntents(shopper.id).slice(1);
    expect(intents).toHaveLength(1);
    const secret = intents[0]!.client_secret;
    // Each click either gets the one payment's dialog, or hears that it is under way.
    for (const click of clicks) {
      if (click.ok) expect(click).toMatchObject({ status: "authentication_required", client_secret: secret });
      else expect(click).toMatchObject({ status: 409, code: "instalment_payment_in_progress" });
    }
    expect(clicks.filter((c) => c.ok).length).toBeGreaterThanOrEqual(1);

    server.authenticate(intents[0]!.id, "succeed");
    const ends = await Promise.all(
      [1, 2, 3].map(() =>
        completeInstalmentAuthentication(handle.db, { userId: shopper.id, token, result: "succeeded", provider: stripe }),
      ),
    );
    expect(ends).toEqual([{ status: "paid" }, { status: "paid" }, { status: "paid" }]);
    expect(await secondOf(order.id)).toMatchObject({ status: "paid", providerPaymentId: intents[0]!.id });
    // Points of the euros paid, once: 33 at delivery, then 33 for this instalment.
    expect(await points()).toBe(66);
    expect(server.refunds().filter((r) => r.payment_intent === intents[0]!.id)).toEqual([]);
  });

  it("a failed authentication is a clear decline and leaves it payable again, under a new key", async () => {
    const { shopper, order, token } = await waitingForShopper();
    const first = await confirmInstalmentPayment(handle.db, { userId: shopper.id, token, provider: stripe });
    expect(first.status).toBe("authentication_required");
    const [, failedIntent] = instalmentIntents(shopper.id);
    server.authenticate(failedIntent!.id, "fail");
    expect(
      await settled(completeInstalmentAuthentication(handle.db, { userId: shopper.id, token, result: "failed", provider: stripe })),
    ).toMatchObject({ ok: false, status: 402, code: "payment_declined", message: AUTHENTICATION_FAILED_MESSAGE });
    expect(server.paymentIntent(failedIntent!.id)?.status).toBe("canceled");
    expect(await secondOf(order.id)).toMatchObject({ status: "pending", authenticationId: null });
    expect(await getInstalmentToConfirm(handle.db, { userId: shopper.id, token })).toMatchObject({ state: "payable" });

    const again = await confirmInstalmentPayment(handle.db, { userId: shopper.id, token, provider: stripe });
    expect(again.status).toBe("authentication_required");
    const retried = instalmentIntents(shopper.id)[2]!;
    expect(retried.metadata.attempt_key).toBe(`instalment:${order.id}:2:3`);
    server.authenticate(retried.id, "succeed");
    expect(await completeInstalmentAuthentication(handle.db, { userId: shopper.id, token, result: "succeeded", provider: stripe })).toEqual(
      {
        status: "paid",
      },
    );
    expect(
      instalmentIntents(shopper.id)
        .filter((i) => i.status === "succeeded")
        .map((i) => i.id),
    ).toEqual([retried.id]);
  });

  it("a decline after authentication (insufficient funds) is said in French, payable again", async () => {
    const { shopper, order, token } = await waitingForShopper("pm_card_authenticationRequiredChargeDeclinedInsufficientFunds");
    await confirmInstalmentPayment(handle.db, { userId: shopper.id, token, provider: stripe });
    const intent = instalmentIntents(shopper.id)[1]!;
    server.authenticate(intent.id, "succeed");
    expect(
      await settled(completeInstalmentAuthentication(handle.db, { userId: shopper.id, token, result: "succeeded", provider: stripe })),
    ).toMatchObject({ ok: false, status: 402, code: "payment_declined", message: PAYMENT_DECLINED_MESSAGE });
    expect(await secondOf(order.id)).toMatchObject({ status: "pending", lastError: PAYMENT_DECLINED_MESSAGE });
  });

  it("a dialog never finished is closed at Stripe by the job's recovery, and the instalment waits again", async () => {
    const { shopper, order, token } = await waitingForShopper();
    const clicked = later(30);
    await confirmInstalmentPayment(handle.db, { userId: shopper.id, token, provider: stripe, now: clicked });
    const intent = instalmentIntents(shopper.id)[1]!;
    const recovery = await chargeDueInstalments(handle.db, { provider: stripe, now: new Date(clicked.getTime() + 11 * 60 * 1000) });
    expect(recovery).toMatchObject({ recovered: 1, charged: 0 });
    expect(server.paymentIntent(intent.id)?.status).toBe("canceled");
    expect(await secondOf(order.id)).toMatchObject({ status: "pending", tries: 2, authenticationId: null });
    // The page, back late: nothing to complete, it may be paid again.
    expect(
      await settled(completeInstalmentAuthentication(handle.db, { userId: shopper.id, token, result: "succeeded", provider: stripe })),
    ).toMatchObject({ ok: false, status: 402, message: ACCOUNT_MESSAGES.instalmentPaymentNotCompleted });
    expect(await getInstalmentToConfirm(handle.db, { userId: shopper.id, token })).toMatchObject({ state: "payable" });
  });

  it("is no longer payable once the order is cancelled", async () => {
    const { shopper, order, token } = await waitingForShopper();
    await handle.db.execute(sql`UPDATE payment_instalments SET status = 'cancelled' WHERE order_id = ${order.id} AND seq > 1`);
    expect(await settled(getInstalmentToConfirm(handle.db, { userId: shopper.id, token }))).toMatchObject({ status: 404 });
    expect(await settled(confirmInstalmentPayment(handle.db, { userId: shopper.id, token, provider: stripe }))).toMatchObject({
      status: 409,
      code: "instalment_not_due",
    });
    expect(instalmentIntents(shopper.id)).toHaveLength(1);
  });
});

describe("with the simulated acquirer", () => {
  /** The simulated acquirer never asks this off session: the instalment is set waiting as the job would. */
  async function simulatedWaiting(cardNumber?: string) {
    const shopper = await createShopper(handle.db);
    const placed = await placeOrder(handle.db, {
      userId: shopper.id,
      idempotencyKey: randomUUID(),
      provider: simulated,
      request: PlaceOrderSchema.parse({
        address_id: shopper.addressId,
        contact: CONTACT,
        card: APPROVED_CARD,
        instalments: 3,
        lines: [{ product_id: product.id, quantity: 2 }],
      }),
    });
    if (cardNumber) {
      const declining = await simulated.tokenize({ number: cardNumber, expiry: { month: 12, year: 2039 }, customerRef: shopper.id });
      if (!declining.ok) throw new Error(declining.message);
      await handle.db.execute(sql`UPDATE payment_instalments SET provider_token = ${declining.token} WHERE order_id = ${placed.order.id}`);
    }
    const now = later(30);
    const [claimed] = (await claimDueInstalments(handle.db, { today: parisDay(now), now, limit: 50 })).filter(
      (r) => r.orderId === placed.order.id,
    );
    const token = await handle.db.transaction((tx) =>
      markInstalmentAwaitingShopper(tx, { id: claimed!.id, tries: claimed!.tries, message: "test", expiresAt: later(37), now }),
    );
    return { shopper, order: placed.order, token: token! };
  }

  it("pays at once on the page (no authentication), once", async () => {
    const { shopper, order, token } = await simulatedWaiting();
    expect(await confirmInstalmentPayment(handle.db, { userId: shopper.id, token, provider: simulated })).toEqual({ status: "paid" });
    expect(await confirmInstalmentPayment(handle.db, { userId: shopper.id, token, provider: simulated })).toEqual({ status: "paid" });
    const charges = (await simulated.listCharges()).filter((c) => c.idempotencyKey.startsWith(`instalment:${order.id}:`));
    expect(charges.map((c) => [c.idempotencyKey, c.amountCents])).toEqual([[`instalment:${order.id}:2:2`, 3333]]);
    expect(await secondOf(order.id)).toMatchObject({ status: "paid" });
  });

  it("declines in French and stays payable", async () => {
    const { shopper, order, token } = await simulatedWaiting(TEST_CARD_DECLINED);
    expect(await settled(confirmInstalmentPayment(handle.db, { userId: shopper.id, token, provider: simulated }))).toMatchObject({
      ok: false,
      status: 402,
      message: PAYMENT_DECLINED_MESSAGE,
    });
    expect(await secondOf(order.id)).toMatchObject({ status: "pending", lastError: PAYMENT_DECLINED_MESSAGE });
    expect(await getInstalmentToConfirm(handle.db, { userId: shopper.id, token })).toMatchObject({ state: "payable" });
  });
});
