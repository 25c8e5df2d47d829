/**
 * The forgotten-cart job (docs/decisions/069-forgotten-cart.md), run with a given `now`: once per
 * step, never after the order, never without consent; the mail's headers, prices, stock and
 * language; the delays from Paramètres; two runs at once; the recovered order and its amount.
 */
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/support/db";
import {
  APPROVED_CARD,
  CONTACT,
  createShopper,
  pickProducts,
  putInServerCart,
  setProductPrice,
  setProductStock,
  type TestShopper,
} from "../../../tests/support/shoppers";
import type { DatabaseHandle } from "../db/client";
import { cartItems, cartReminders, carts, outbox, user } from "../db/schema";
import { savePreferences } from "../modules/accounts/preferences.service";
import { clearCart, emptyCart } from "../modules/cart/cart.service";
import { cartReminderReport } from "../modules/cart-reminders/cart-reminders.service";
import { getCartReminderSettings, updateCartReminderSettings } from "../modules/settings/cart-reminder-settings.service";
import { SimulatedPaymentProvider } from "../modules/payments/payment-provider";
import { verifyUnsubscribeToken } from "../mail/unsubscribe-token";
import type { MailMessage } from "../mail/mailer";
import { processOutbox } from "../outbox/outbox.service";
import { DEFAULT_PREFERENCES } from "~/domain/account/preferences.schema";
import { DEFAULT_CART_REMINDER_SETTINGS } from "~/domain/cart-reminders/cart-reminders";
import { PlaceOrderSchema } from "~/domain/checkout/checkout.schema";
import { placeOrder } from "./place-order";
import { eraseAccount } from "./erase-account";
import { sendCartReminders } from "./cart-reminders";

const HOUR = 60 * 60 * 1000;
const PUBLIC_URL = "https://boutique.example";

let handle: DatabaseHandle;
let products: Awaited<ReturnType<typeof pickProducts>>;

beforeAll(async () => {
  handle = await createTestDatabase();
  products = await pickProducts(handle.db, 3, 20);
});
afterAll(async () => {
  await handle?.close();
});

/** A shopper with a verified address (the job writes to no other). */
async function verifiedShopper(): Promise<TestShopper> {
  const shopper = await createShopper(handle.db);
  await handle.db.update(user).set({ emailVerified: true }).where(eq(user.id, shopper.id));
  return shopper;
}

/** The shopper's cart holding `lines`, last changed (and its lines added) at `at`. */
async function cartLeftAt(shopper: TestShopper, at: Date, lines = [{ product_id: products[0]!.id, quantity: 1 }]) {
  await putInServerCart(handle.db, shopper.id, lines, new Date(at.getTime() + 6 * HOUR));
  await handle.db.update(carts).set({ updatedAt: at }).where(eq(carts.userId, shopper.id));
  await handle.db.update(cartItems).set({ addedAt: at }).where(eq(cartItems.userId, shopper.id));
}

const run = (now: Date) => sendCartReminders(handle.db, { now, publicUrl: PUBLIC_URL });
const later = (from: Date, hours: number) => new Date(from.getTime() + hours * HOUR);

async function remindersTo(email: string) {
  const rows = await handle.db
    .select()
    .from(outbox)
    .where(sql`${outbox.payload}->>'to' = ${email}`)
    .orderBy(outbox.id);
  return rows.map((r) => r.payload as { subject: string; text: string; html: string; headers?: Record<string, string> });
}

describe("forgotten-cart reminders", () => {
  it("sends step 1 after 4 h, step 2 after 48 h, nothing before the delay and never a third", async () => {
    const shopper = await verifiedShopper();
    const t0 = new Date("2031-03-02T09:00:00.000Z");
    await cartLeftAt(shopper, t0);

    await run(later(t0, 3.9));
    expect(await remindersTo(shopper.email)).toEqual([]);

    await run(later(t0, 4));
    expect((await remindersTo(shopper.email)).map((m) => m.subject)).toEqual(["Votre panier vous attend"]);

    await run(later(t0, 5));
    await run(later(t0, 47.9));
    expect(await remindersTo(shopper.email)).toHaveLength(1);

    await run(later(t0, 48));
    expect((await remindersTo(shopper.email)).map((m) => m.subject)).toEqual([
      "Votre panier vous attend",
      "Votre panier vous attend toujours",
    ]);

    await run(later(t0, 100));
    await run(later(t0, 400));
    expect(await remindersTo(shopper.email)).toHaveLength(2);
    const steps = await handle.db.select({ step: cartReminders.step }).from(cartReminders).where(eq(cartReminders.userId, shopper.id));
    expect(steps.map((s) => s.step).sort()).toEqual([1, 2]);
  });

  it("writes the current prices and stock, in the shopper's language, with the one-click unsubscribe headers", async () => {
    const shopper = await verifiedShopper();
    const t0 = new Date("2031-04-01T10:00:00.000Z");
    const [a, b] = products;
    await cartLeftAt(shopper, t0, [
      { product_id: a!.id, quantity: 2 },
      { product_id: b!.id, quantity: 1 },
    ]);
    // After the cart was left: a new price for one line, the other sold out.
    await setProductPrice(handle.db, a!.id, 1_234);
    await setProductStock(handle.db, b!.id, 0);
    await savePreferences(handle.db, shopper.id, { ...DEFAULT_PREFERENCES, language: "en" });
    try {
      await run(later(t0, 4.5));
      const [mail] = await remindersTo(shopper.email);
      expect(mail?.subject).toBe("Your cart is waiting for you");
      expect(mail?.text).toContain("€24.68"); // 2 × €12.34, the price now
      expect(mail?.text).not.toContain(`€${(a!.priceCents / 50).toFixed(2)}`);
      expect(mail?.text).toContain("Out of stock: this item cannot be ordered at the moment");
      expect(mail?.text).toContain("In stock");
      expect(mail?.text).toContain(`${PUBLIC_URL}/panier`);
      const unsubscribe = mail?.headers?.["List-Unsubscribe"] ?? "";
      expect(unsubscribe).toMatch(new RegExp(`^<${PUBLIC_URL}/e-mails/desinscription\\?token=[^>]+>$`));
      expect(mail?.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
      const token = decodeURIComponent(/token=([^>]+)>/.exec(unsubscribe)![1]!);
      expect(verifyUnsubscribeToken(token)).toBe(shopper.id);
      expect(mail?.html).toContain(token);
      // Through the outbox to the sender, the headers come along.
      const sent: MailMessage[] = [];
      for (let pass = 0; pass < 50; pass++) {
        const result = await processOutbox(handle.db, async (m) => void sent.push(m));
        if (result.sent === 0 || sent.some((m) => m.to === shopper.email)) break;
      }
      expect(sent.find((m) => m.to === shopper.email)?.headers).toEqual({
        "List-Unsubscribe": unsubscribe,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      });
      // The amount recorded is that of the lines still for sale, at their price now.
      const [row] = await handle.db.select().from(cartReminders).where(eq(cartReminders.userId, shopper.id));
      expect(row).toMatchObject({ step: 1, cartAmountCents: 2_468, itemCount: 2 });
    } finally {
      await setProductPrice(handle.db, a!.id, a!.priceCents);
      await setProductStock(handle.db, b!.id, 20);
    }
  });

  it("writes in French by default", async () => {
    const shopper = await verifiedShopper();
    const t0 = new Date("2031-04-03T10:00:00.000Z");
    await cartLeftAt(shopper, t0);
    await run(later(t0, 4));
    const [mail] = await remindersTo(shopper.email);
    expect(mail?.text).toContain("Bonjour Marie,");
    expect(mail?.text).toContain("En stock");
    expect(mail?.text).toContain("Ne plus recevoir d'e-mails promotionnels : https://boutique.example/e-mails/desinscription?token=");
  });

  it("stops once the cart is emptied, and never writes without consent or to an unverified or disabled account", async () => {
    const t0 = new Date("2031-05-01T08:00:00.000Z");
    const emptied = await verifiedShopper();
    const cleared = await verifiedShopper();
    const noConsent = await verifiedShopper();
    const unverified = await createShopper(handle.db);
    const banned = await verifiedShopper();
    const afterStep1 = await verifiedShopper();
    for (const s of [emptied, cleared, noConsent, unverified, banned, afterStep1]) await cartLeftAt(s, t0);
    await emptyCart(handle.db, emptied.id);
    await clearCart(handle.db, cleared.id);
    await savePreferences(handle.db, noConsent.id, { ...DEFAULT_PREFERENCES, emailPromotions: false });
    await handle.db.update(user).set({ banned: true }).where(eq(user.id, banned.id));

    await run(later(t0, 5));
    for (const s of [emptied, cleared, noConsent, unverified, banned]) expect(await remindersTo(s.email)).toEqual([]);
    expect(await remindersTo(afterStep1.email)).toHaveLength(1);

    // Emptied after the first reminder: no second one.
    await emptyCart(handle.db, afterStep1.id);
    await run(later(t0, 60));
    expect(await remindersTo(afterStep1.email)).toHaveLength(1);
    for (const s of [emptied, cleared, noConsent, unverified, banned]) expect(await remindersTo(s.email)).toEqual([]);
  });

  it("reminds no cart left long ago, even when the job did not run meanwhile", async () => {
    const shopper = await verifiedShopper();
    const t0 = new Date("2031-05-20T08:00:00.000Z");
    await cartLeftAt(shopper, t0);
    // 48 h + 7 days + 1 h later: no first reminder any more.
    await run(later(t0, 48 + 7 * 24 + 1));
    expect(await remindersTo(shopper.email)).toEqual([]);
    // A job stopped for two days: only step 1 now, step 2 not before the gap between the delays.
    const late = await verifiedShopper();
    await cartLeftAt(late, t0);
    await run(later(t0, 50));
    await run(later(t0, 51));
    expect((await remindersTo(late.email)).map((m) => m.subject)).toEqual(["Votre panier vous attend"]);
    await run(later(t0, 50 + 44));
    expect(await remindersTo(late.email)).toHaveLength(2);
  });

  it("two runs at once send one mail per step", async () => {
    const shopper = await verifiedShopper();
    const t0 = new Date("2031-06-01T08:00:00.000Z");
    await cartLeftAt(shopper, t0);
    await Promise.all([run(later(t0, 4)), run(later(t0, 4)), run(later(t0, 4.1))]);
    expect(await remindersTo(shopper.email)).toHaveLength(1);
    await Promise.all([run(later(t0, 50)), run(later(t0, 50))]);
    expect(await remindersTo(shopper.email)).toHaveLength(2);
  });

  it("takes the delays from the settings, and sends nothing when they are off", async () => {
    const shopper = await verifiedShopper();
    const t0 = new Date("2031-07-01T08:00:00.000Z");
    await cartLeftAt(shopper, t0);
    try {
      await expect(updateCartReminderSettings(handle.db, { enabled: true, firstDelayHours: 6, secondDelayHours: 6 })).rejects.toMatchObject(
        {
          code: "invalid_cart_reminder_settings",
          fieldErrors: { secondDelayHours: "Le second rappel doit partir après le premier" },
        },
      );
      await expect(updateCartReminderSettings(handle.db, { enabled: true, firstDelayHours: 0, secondDelayHours: 6 })).rejects.toMatchObject(
        {
          fieldErrors: { firstDelayHours: "Premier rappel : au moins 1 heure" },
        },
      );
      await updateCartReminderSettings(handle.db, { enabled: false, firstDelayHours: 1, secondDelayHours: 2 });
      await run(later(t0, 30));
      expect(await remindersTo(shopper.email)).toEqual([]);

      await updateCartReminderSettings(handle.db, { enabled: true, firstDelayHours: 30, secondDelayHours: 31 });
      expect(await getCartReminderSettings(handle.db)).toEqual({ enabled: true, firstDelayHours: 30, secondDelayHours: 31 });
      await run(later(t0, 29));
      expect(await remindersTo(shopper.email)).toEqual([]);
      await run(later(t0, 30));
      expect(await remindersTo(shopper.email)).toHaveLength(1);
      await run(later(t0, 31));
      expect(await remindersTo(shopper.email)).toHaveLength(2);
    } finally {
      await updateCartReminderSettings(handle.db, DEFAULT_CART_REMINDER_SETTINGS);
    }
  });

  it("none after the order; the order is recorded as recovered with its amount; a new cart is a new episode", async () => {
    const shopper = await verifiedShopper();
    const provider = new SimulatedPaymentProvider(handle.db, `test-${randomUUID()}`);
    const [product] = products;
    // Left five hours ago, so the reminder goes now and the order comes after it.
    await cartLeftAt(shopper, new Date(Date.now() - 5 * HOUR), [{ product_id: product!.id, quantity: 2 }]);
    await run(new Date());
    expect(await remindersTo(shopper.email)).toHaveLength(1);

    const placed = await placeOrder(handle.db, {
      userId: shopper.id,
      idempotencyKey: randomUUID(),
      provider,
      request: PlaceOrderSchema.parse({
        address_id: shopper.addressId,
        contact: { ...CONTACT, email: shopper.email },
        card: APPROVED_CARD,
        lines: [{ product_id: product!.id, quantity: 2 }],
      }),
    });
    const mailsAfterOrder = (await remindersTo(shopper.email)).length;
    await run(new Date(Date.now() + 60 * HOUR));
    // The order's own mails aside, no reminder followed it.
    const reminders = (await remindersTo(shopper.email)).filter((m) => m.subject.startsWith("Votre panier"));
    expect(reminders).toHaveLength(1);
    expect((await remindersTo(shopper.email)).length).toBe(mailsAfterOrder);

    const [row] = await handle.db.select().from(cartReminders).where(eq(cartReminders.userId, shopper.id));
    expect(row).toMatchObject({ recoveredOrderId: placed.order.id, recoveredAmountCents: placed.order.total_cents });
    expect(placed.order.total_cents).toBeGreaterThan(0);
    const report = await cartReminderReport(handle.db, { limit: 500 });
    const listed = report.rows.find((r) => r.id === row!.id);
    expect(listed?.recovered).toMatchObject({ orderNumber: placed.order.number, amountCents: placed.order.total_cents });
    expect(listed?.customer?.email).toBe(shopper.email);
    expect(report.totals.recoveredCarts).toBeGreaterThanOrEqual(1);
    expect(report.totals.recoveredAmountCents).toBeGreaterThanOrEqual(placed.order.total_cents);
    // A second pass records nothing twice.
    await run(new Date(Date.now() + 61 * HOUR));
    expect(await handle.db.select().from(cartReminders).where(eq(cartReminders.recoveredOrderId, placed.order.id))).toHaveLength(1);

    // A new cart after the order: a new episode, reminded again.
    const t1 = new Date(Date.now() + 70 * HOUR);
    await cartLeftAt(shopper, t1, [{ product_id: products[1]!.id, quantity: 1 }]);
    await run(later(t1, 4));
    expect((await remindersTo(shopper.email)).filter((m) => m.subject === "Votre panier vous attend")).toHaveLength(2);
  });

  it("an erased account's reminders stay as figures without the person", async () => {
    const shopper = await verifiedShopper();
    const t0 = new Date("2031-08-01T08:00:00.000Z");
    await cartLeftAt(shopper, t0);
    await run(later(t0, 4));
    const [row] = await handle.db.select().from(cartReminders).where(eq(cartReminders.userId, shopper.id));
    expect(row).toBeDefined();
    await eraseAccount(handle.db, shopper.id);
    const [after] = await handle.db.select().from(cartReminders).where(eq(cartReminders.id, row!.id));
    expect(after).toMatchObject({ userId: null, step: 1, cartAmountCents: row!.cartAmountCents });
    const report = await cartReminderReport(handle.db, { limit: 500 });
    expect(report.rows.find((r) => r.id === row!.id)?.customer).toBeNull();
  });
});
