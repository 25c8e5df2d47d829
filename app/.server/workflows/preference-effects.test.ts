/**
 * The Préférences switches decide what is sent (docs/decisions/043-preferences-that-take-effect.md):
 * SMS for shipping and delivery only to shoppers who turned them on and have a phone; the
 * promotions switch stops the points reminder e-mail; the newsletter switch is the subscription;
 * e-mails carry dates in the shopper's zone.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { createTestDatabase } from "../../../tests/support/db";
import { APPROVED_CARD, CONTACT, createShopper, pickProducts, type TestShopper } from "../../../tests/support/shoppers";
import { settled } from "../../../tests/support/domain-result";
import type { DatabaseHandle } from "../db/client";
import { beautyPassTransactions, newsletterSubscriptions, notifications, orders, outbox, userProfiles } from "../db/schema";
import { SimulatedPaymentProvider } from "../modules/payments/payment-provider";
import { placeOrder as placeOrderOrThrow } from "./place-order";
import { changeOrderStatus, shipOrder } from "./change-order-status";
import { loadAccountPreferences, saveAccountPreferences } from "./account-preferences";
import { savePreferences } from "../modules/accounts/preferences.service";
import { pointsExpiryDate } from "../modules/loyalty/loyalty.service";
import { expireLoyaltyPoints } from "./points-expiry";
import { confirmSubscription } from "../modules/newsletter/newsletter.service";
import { processSmsOutbox, SMS_TOPIC } from "../outbox/outbox.service";
import { createFileSmsProvider } from "../sms/sms-provider";
import { log } from "../logger";
import { PlaceOrderSchema } from "~/domain/checkout/checkout.schema";
import { DEFAULT_PREFERENCES, type Preferences } from "~/domain/account/preferences.schema";
import { settleDomainEvents } from "~/.server/workflows/event-subscribers";

const placeOrder = (...args: Parameters<typeof placeOrderOrThrow>) => settled(placeOrderOrThrow(...args));

let handle: DatabaseHandle;
let admin: string;
let smsDir: string;
const provider = new SimulatedPaymentProvider(async () => handle.db);
const asAdmin = () => ({ userId: admin, role: "admin" as const });
const PUBLIC_URL = "http://localhost:3000";

beforeAll(async () => {
  handle = await createTestDatabase();
  admin = (await createShopper(handle.db, { name: "Admin" })).id;
  smsDir = fs.mkdtempSync(path.join(os.tmpdir(), "aurore-sms-"));
  vi.spyOn(log, "info").mockImplementation(() => {});
});

afterAll(async () => {
  await handle?.close();
  fs.rmSync(smsDir, { recursive: true, force: true });
  vi.restoreAllMocks();
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

async function shopperWith(prefs: Partial<Preferences>, phone: string | null = "06 11 22 33 44") {
  const shopper = await createShopper(handle.db);
  await handle.db.update(userProfiles).set({ phone }).where(eq(userProfiles.id, shopper.id));
  await savePreferences(handle.db, shopper.id, { ...DEFAULT_PREFERENCES, ...prefs });
  return shopper;
}

const smsRowsTo = (phone: string) =>
  handle.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.topic, SMS_TOPIC), sql`${outbox.payload}->>'to' = ${phone}`));

const mailsTo = (email: string, subjectLike = "%") =>
  handle.db
    .select()
    .from(outbox)
    .where(and(sql`${outbox.payload}->>'to' = ${email}`, sql`${outbox.payload}->>'subject' like ${subjectLike}`));

describe("SMS (shipping and delivery)", () => {
  it("writes one JSON file per text, with the tracking number and link, only for a shopper who turned SMS on", async () => {
    const texted = await shopperWith({ smsNotifications: true }, "06 11 22 33 44");
    const silent = await shopperWith({ smsNotifications: false }, "06 55 66 77 88");
    const noPhone = await shopperWith({ smsNotifications: true }, null);
    const placed = await Promise.all([order(texted), order(silent), order(noPhone)]);
    // The checkout's phone fills an empty profile phone (decision 042): take it away again.
    await handle.db.update(userProfiles).set({ phone: null }).where(eq(userProfiles.id, noPhone.id));
    for (const o of placed) {
      await shipOrder(handle.db, { orderId: o.id, form: { carrier: "colissimo", tracking_number: "6A12345678901" }, actor: asAdmin() });
    }
    await changeOrderStatus(handle.db, { orderId: placed[0]!.id, newStatus: "delivered", actor: asAdmin() });

    expect(await smsRowsTo("06 55 66 77 88")).toHaveLength(0);
    expect(await handle.db.select().from(outbox).where(eq(outbox.topic, SMS_TOPIC))).toHaveLength(2);

    expect(await processSmsOutbox(handle.db, createFileSmsProvider(smsDir), { now: new Date(Date.now() + 1000) })).toEqual({
      sent: 2,
      failed: 0,
    });
    const files = fs.readdirSync(smsDir).sort();
    expect(files).toHaveLength(2);
    expect(files.every((f) => /^\d+-[0-9a-f]+\.json$/.test(f))).toBe(true);
    const texts = files.map((f) => JSON.parse(fs.readFileSync(path.join(smsDir, f), "utf8")) as { to: string; text: string });
    expect(texts.map((t) => t.to)).toEqual(["06 11 22 33 44", "06 11 22 33 44"]);
    expect(texts.map((t) => t.text).sort()).toEqual([
      `Aurore : votre commande ${placed[0]!.number} a été livrée. Merci pour votre confiance !`,
      `Aurore : votre commande ${placed[0]!.number} est expédiée. Suivi Colissimo n° 6A12345678901 : https://www.laposte.fr/outils/suivre-vos-envois?code=6A12345678901`,
    ]);
  });

  it("writes the text in English for a shopper whose Préférences say English", async () => {
    const english = await shopperWith({ smsNotifications: true, language: "en" }, "06 99 88 77 66");
    const placed = await order(english);
    await shipOrder(handle.db, { orderId: placed.id, form: { carrier: "colissimo", tracking_number: "6A99999999999" }, actor: asAdmin() });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "aurore-sms-en-"));
    try {
      await processSmsOutbox(handle.db, createFileSmsProvider(dir), { now: new Date(Date.now() + 1000) });
      const texts = fs
        .readdirSync(dir)
        .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")) as { to: string; text: string })
        .filter((t) => t.to === "06 99 88 77 66");
      expect(texts.map((t) => t.text)).toEqual([
        `Aurore: your order ${placed.number} has been shipped. Colissimo tracking no. 6A99999999999: https://www.laposte.fr/outils/suivre-vos-envois?code=6A99999999999`,
      ]);
      expect(texts[0]!.text).not.toContain("votre commande");
      // The status mail of the same change: its status, tracking and lines in English too.
      const [mail] = await mailsTo(CONTACT.email, `Your order ${placed.number}: Shipped`);
      const text = String((mail!.payload as { text: string }).text);
      expect(text).toContain("Your parcel is with Colissimo, tracking number 6A99999999999.");
      expect(text).toMatch(/ x 1: €\d+\.\d{2}/);
      for (const french of ["Expédiée", "Votre colis", " x 1 : "]) expect(text).not.toContain(french);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("e-mail switches", () => {
  it("order updates off: no status e-mail; promotions off does not stop it", async () => {
    const off = await shopperWith({ emailOrderUpdates: false });
    const on = await shopperWith({ emailPromotions: false, emailReviewInvitations: false });
    const [a, b] = [await order(off), await order(on)];
    for (const o of [a, b]) await changeOrderStatus(handle.db, { orderId: o.id, newStatus: "processing", actor: asAdmin() });
    // Order mails go to the checkout's contact address: found by their subject.
    const statusMails = (number: string) =>
      handle.db
        .select()
        .from(outbox)
        .where(sql`${outbox.payload}->>'subject' like ${`%${number} : %`}`);
    expect(await statusMails(a.number)).toHaveLength(0);
    expect(await statusMails(b.number)).toHaveLength(1);
  });

  it("promotions off: no points reminder e-mail (the notification stays)", async () => {
    const now = new Date("2026-11-21T10:00:00Z");
    const earnedAt = new Date(now.getTime() - 345 * 24 * 3600 * 1000);
    const [quiet, told] = [await shopperWith({ emailPromotions: false }), await shopperWith({ emailOrderUpdates: false })];
    for (const s of [quiet, told]) {
      await handle.db.update(userProfiles).set({ loyaltyPoints: 150 }).where(eq(userProfiles.id, s.id));
      await handle.db.insert(beautyPassTransactions).values({
        userId: s.id,
        points: 150,
        type: "earned",
        description: "Points gagnés",
        expiresAt: pointsExpiryDate(earnedAt),
        createdAt: earnedAt,
      });
    }
    await expireLoyaltyPoints(handle.db, now);
    const subject = "Vos points Beauty Pass vont bientôt expirer";
    expect(await mailsTo(quiet.email, subject)).toHaveLength(0);
    expect(await mailsTo(told.email, subject)).toHaveLength(1);
    expect(await handle.db.select().from(notifications).where(eq(notifications.userId, quiet.id))).toHaveLength(1);
  });

  it("the newsletter switch is the real subscription: on sends the confirmation, off unsubscribes", async () => {
    const shopper = await shopperWith({});
    expect((await loadAccountPreferences(handle.db, shopper.id)).newsletter).toBe("none");

    const on = await saveAccountPreferences(handle.db, {
      userId: shopper.id,
      preferences: { ...DEFAULT_PREFERENCES, emailNewsletters: true },
      publicUrl: PUBLIC_URL,
    });
    expect(on).toEqual({ newsletterConfirmationSent: true });
    const pending = await loadAccountPreferences(handle.db, shopper.id);
    expect(pending.newsletter).toBe("pending");
    expect(pending.preferences.emailNewsletters).toBe(false);

    const [confirmation] = await mailsTo(shopper.email, "%newsletter%");
    const token = /confirmation\?token=([\w-]+)/.exec(String(confirmation!.payload.text))?.[1];
    expect(token).toBeTruthy();
    expect(await confirmSubscription(handle.db, token!)).toMatchObject({ ok: true });
    await settleDomainEvents(handle.db);
    const subscribed = await loadAccountPreferences(handle.db, shopper.id);
    expect(subscribed.newsletter).toBe("subscribed");
    expect(subscribed.preferences.emailNewsletters).toBe(true);

    // Saving again with the switch on sends nothing more.
    expect(
      await saveAccountPreferences(handle.db, {
        userId: shopper.id,
        preferences: { ...DEFAULT_PREFERENCES, emailNewsletters: true },
        publicUrl: PUBLIC_URL,
      }),
    ).toEqual({ newsletterConfirmationSent: false });

    await saveAccountPreferences(handle.db, {
      userId: shopper.id,
      preferences: { ...DEFAULT_PREFERENCES, emailNewsletters: false },
      publicUrl: PUBLIC_URL,
    });
    expect((await loadAccountPreferences(handle.db, shopper.id)).newsletter).toBe("none");
    const [row] = await handle.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, shopper.email));
    expect(row!.unsubscribedAt).toBeInstanceOf(Date);
  });
});

describe("time zone", () => {
  it("dates the order in the status e-mail in the zone the shopper chose", async () => {
    const tokyo = await shopperWith({ timezone: "Asia/Tokyo" });
    const paris = await shopperWith({});
    const placed = [await order(tokyo), await order(paris)];
    // 21:30 in Paris on 1 March is already 2 March in Tokyo.
    for (const o of placed)
      await handle.db
        .update(orders)
        .set({ createdAt: new Date("2026-03-01T20:30:00Z") })
        .where(eq(orders.id, o.id));
    for (const o of placed) await changeOrderStatus(handle.db, { orderId: o.id, newStatus: "processing", actor: asAdmin() });
    const textOf = async (number: string) => {
      const [mail] = await handle.db
        .select()
        .from(outbox)
        .where(sql`${outbox.payload}->>'subject' like ${`%${number} : %`}`);
      return String(mail!.payload.text);
    };
    expect(await textOf(placed[0]!.number)).toContain(`Le statut de votre commande ${placed[0]!.number} du 2 mars 2026 est maintenant`);
    expect(await textOf(placed[1]!.number)).toContain(`Le statut de votre commande ${placed[1]!.number} du 1 mars 2026 est maintenant`);
  });
});
