import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { issueTestGiftCard } from "../../../../tests/support/gift-cards";
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { desc, eq, inArray, sql } from "drizzle-orm";
import { createTestDatabase } from "../../../../tests/support/db";
import { APPROVED_CARD, CONTACT, createShopper, pickProducts, setProductPrice } from "../../../../tests/support/shoppers";
import type { DatabaseHandle } from "../../db/client";
import { giftCards, giftCardTransactions, orders, outbox, promoCodes } from "../../db/schema";
import { createPromoCode } from "../promotions/promo-codes-admin.service";
import { SimulatedPaymentProvider } from "../payments/payment-provider";
import {
  changeOrderStatus as changeOrderStatusOrThrow,
  cancelOwnOrder as cancelOwnOrderOrThrow,
} from "../../workflows/change-order-status";
import { placeOrder as placeOrderOrThrow, quoteCheckout } from "../../workflows/place-order";
import { hitFormLimit, isFormLimited } from "../../limits/form-limits";
import { PlaceOrderSchema, type PlaceOrderBody } from "~/domain/checkout/checkout.schema";
import { GIFT_CARD_CODE_ALPHABET, formatGiftCardCode, normalizeGiftCardCode } from "~/domain/gift-cards/gift-card-code";
import type { GiftCardConfigInput } from "~/domain/gift-cards/gift-card.schema";
import {
  ADMIN_GIFT_CARDS_PAGE_SIZE,
  allocateGiftCards,
  checkGiftCardBalance,
  disableGiftCard,
  findUsableGiftCard,
  generateGiftCardCode,
  giftCardLedger,
  hashGiftCardCode,
  listAdminGiftCards,
  sendGiftCardExpiryReminders,
} from "./gift-cards.service";
import { settled } from "../../../../tests/support/domain-result";
import { settleDomainEvents } from "../../workflows/event-subscribers";

const changeOrderStatus = (...args: Parameters<typeof changeOrderStatusOrThrow>) => settled(changeOrderStatusOrThrow(...args));
const cancelOwnOrder = (...args: Parameters<typeof cancelOwnOrderOrThrow>) => settled(cancelOwnOrderOrThrow(...args));
const placeOrder = (...args: Parameters<typeof placeOrderOrThrow>) => settled(placeOrderOrThrow(...args));

let handle: DatabaseHandle;
let provider: SimulatedPaymentProvider;
let ADMIN: { userId: string; role: "admin" };

beforeAll(async () => {
  handle = await createTestDatabase();
  ADMIN = { userId: (await createShopper(handle.db)).id, role: "admin" };
});
afterAll(async () => {
  await handle?.close();
});
beforeEach(() => {
  provider = new SimulatedPaymentProvider(handle.db, `test-${randomUUID()}`);
});

const emailCard = (amountEuros: number, recipientEmail = "lea@example.com"): GiftCardConfigInput => ({
  amountCents: amountEuros * 100,
  occasion: "anniversaire",
  deliveryMode: "email",
  recipientName: "Léa",
  recipientEmail,
  message: "Joyeux anniversaire !",
});

function request(input: Partial<PlaceOrderBody>) {
  return PlaceOrderSchema.parse({ contact: CONTACT, card: APPROVED_CARD, ...input });
}

/** A card issued straight by the service (as an order would), with its plain code. */
async function newCard(amountEuros: number, options: { now?: Date } = {}) {
  const { message } = emailCard(amountEuros) as Required<GiftCardConfigInput>;
  return issueTestGiftCard(handle.db, { amountCents: amountEuros * 100, message, now: options.now });
}

/** A product whose order costs exactly `totalCents` with the 9,90 € delivery fee. */
async function productForTotal(totalCents: number) {
  const [p] = await pickProducts(handle.db, 1, 1000);
  await setProductPrice(handle.db, p.id, totalCents - 990);
  return p.id;
}

async function balanceOf(cardId: string) {
  const [row] = await handle.db.select({ b: giftCards.balanceCents }).from(giftCards).where(eq(giftCards.id, cardId));
  return row.b;
}

describe("gift card codes", () => {
  it("are 16 characters from the unambiguous alphabet, hashed after normalisation, shown in groups of 4", () => {
    const codes = new Set(Array.from({ length: 200 }, generateGiftCardCode));
    expect(codes.size).toBe(200);
    for (const code of codes) {
      expect(code).toMatch(/^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{16}$/);
      expect(code).not.toMatch(/[IO01]/);
    }
    expect(GIFT_CARD_CODE_ALPHABET).toHaveLength(32);
    expect(formatGiftCardCode("ABCDEFGHJKLMNPQR")).toBe("ABCD-EFGH-JKLM-NPQR");
    expect(normalizeGiftCardCode(" abcd-efgh jklm-npqr ")).toBe("ABCDEFGHJKLMNPQR");
    expect(hashGiftCardCode("abcd efgh-jklm npqr")).toBe(hashGiftCardCode("ABCDEFGHJKLMNPQR"));
    expect(hashGiftCardCode("ABCDEFGHJKLMNPQR")).toMatch(/^[0-9a-f]{64}$/);
  });

  it("stores only the hash and the last 4 characters; valid 3 years; the recipient gets the code by e-mail", async () => {
    const now = new Date("2030-03-10T10:00:00Z");
    const card = await newCard(50, { now });
    const [row] = await handle.db.select().from(giftCards).where(eq(giftCards.id, card.id));
    expect(row.codeHash).toBe(hashGiftCardCode(card.code));
    expect(row.last4).toBe(card.code.slice(-4));
    expect(JSON.stringify(row)).not.toContain(card.code);
    expect(row.expiresAt.toISOString()).toBe("2033-03-10T10:00:00.000Z");
    expect(row.balanceCents).toBe(5000);
    await settleDomainEvents(handle.db);
    const [mail] = await handle.db.select().from(outbox).where(eq(outbox.topic, "mail")).orderBy(desc(outbox.id)).limit(1);
    expect(mail.payload).toMatchObject({ to: "lea@example.com" });
    expect(String(mail.payload.text)).toContain(formatGiftCardCode(card.code));
    expect(String(mail.payload.text)).toContain("Joyeux anniversaire !");
    expect(String(mail.payload.text)).toContain("Anniversaire");
  });
});

describe("refusals", () => {
  it("says why a code cannot pay: unknown, expired, disabled, empty; typed with spaces or lower case is fine", async () => {
    await expect(findUsableGiftCard(handle.db, "AAAA-BBBB-CCCC-DDDD")).rejects.toMatchObject({
      kind: "invalid",
      code: "gift_card_unknown",
      message: "Code de carte cadeau inconnu",
    });
    await expect(findUsableGiftCard(handle.db, "n'importe quoi")).rejects.toMatchObject({
      code: "gift_card_unknown",
      message: "Code de carte cadeau inconnu",
    });

    const card = await newCard(20);
    const typed = formatGiftCardCode(card.code).toLowerCase().replace(/-/g, " ");
    expect(await findUsableGiftCard(handle.db, typed)).toMatchObject({ id: card.id, balanceCents: 2000 });

    const later = new Date(Date.now() + 4 * 365 * 24 * 3600 * 1000);
    await expect(findUsableGiftCard(handle.db, card.code, later)).rejects.toMatchObject({
      kind: "invalid",
      code: "gift_card_expired",
      message: expect.stringMatching(/^Cette carte cadeau a expiré le .*\d{4}$/),
    });
    // The expiry also comes as an instant, for a page that words the date in English (decision 044).
    const [stored] = await handle.db.select({ expiresAt: giftCards.expiresAt }).from(giftCards).where(eq(giftCards.id, card.id));
    await expect(findUsableGiftCard(handle.db, card.code, later)).rejects.toMatchObject({
      details: { expires_at: stored!.expiresAt.toISOString() },
    });
    expect((await allocateGiftCards(handle.db, [card.code], 1000, later)).refusals).toEqual([
      { code: card.code, message: expect.stringMatching(/^Cette carte cadeau a expiré le /), expires_at: stored!.expiresAt.toISOString() },
    ]);

    await handle.db.update(giftCards).set({ balanceCents: 0 }).where(eq(giftCards.id, card.id));
    await expect(findUsableGiftCard(handle.db, card.code)).rejects.toMatchObject({
      kind: "invalid",
      code: "gift_card_empty",
      message: "Le solde de cette carte cadeau est épuisé",
    });

    expect(await disableGiftCard(handle.db, card.id)).toBe(true);
    expect(await disableGiftCard(handle.db, card.id)).toBe(false);
    await expect(findUsableGiftCard(handle.db, card.code)).rejects.toMatchObject({
      kind: "invalid",
      code: "gift_card_disabled",
      message: "Cette carte cadeau a été désactivée",
    });
    await expect(disableGiftCard(handle.db, randomUUID())).rejects.toMatchObject({
      kind: "not_found",
      code: "not_found",
      message: "Carte cadeau introuvable",
    });
    await expect(disableGiftCard(handle.db, "pas-un-id")).rejects.toMatchObject({ kind: "not_found", message: "Carte cadeau introuvable" });
    await expect(checkGiftCardBalance(handle.db, card.code)).rejects.toMatchObject({
      kind: "not_found",
      code: "gift_card_disabled",
      message: "Cette carte cadeau a été désactivée",
    });
  });

  it("shows the balance and expiry of a code", async () => {
    const card = await newCard(35);
    const check = await checkGiftCardBalance(handle.db, formatGiftCardCode(card.code).toLowerCase());
    expect(check).toMatchObject({ balance_cents: 3500, last4: card.last4, expired: false });
    await expect(checkGiftCardBalance(handle.db, "ZZZZ-ZZZZ-ZZZZ-ZZZZ")).rejects.toMatchObject({
      kind: "not_found",
      code: "gift_card_unknown",
      message: "Code de carte cadeau inconnu",
    });
  });
});

describe("buying and spending gift cards through the checkout", () => {
  it("sells an e-mail card alone: no address, no delivery fee, a line without stock, the code mailed to the recipient", async () => {
    const buyer = await createShopper(handle.db);
    const quote = await quoteCheckout(handle.db, {
      userId: buyer.id,
      lines: [],
      giftCards: [request({ gift_cards: [emailCard(50)] }).gift_cards[0]],
    });
    expect(quote).toMatchObject({ needs_address: false, shipping: null, subtotal_cents: 5000, total_cents: 5000, card_cents: 5000 });

    const result = await placeOrder(handle.db, {
      userId: buyer.id,
      idempotencyKey: randomUUID(),
      request: request({ lines: [], gift_cards: [emailCard(50, "ami@example.com")] }),
      provider,
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.order).toMatchObject({ total_cents: 5000, shipping_cents: 0, gift_card_cents: 0 });
    expect(result.order.items).toHaveLength(1);
    expect(result.order.items[0]).toMatchObject({ product_id: null, total_price_cents: 5000 });
    expect(result.order.gift_cards).toEqual([
      expect.objectContaining({ amount_cents: 5000, delivery_mode: "email", recipient_email: "ami@example.com", status: "active" }),
    ]);
    expect((await provider.listCharges())[0]).toMatchObject({ amountCents: 5000 });
    // The recipient's mail follows its event; settling may also mail what earlier tests left due.
    await settleDomainEvents(handle.db);
    const mails = await handle.db.select().from(outbox).where(eq(outbox.topic, "mail")).orderBy(desc(outbox.id)).limit(20);
    const toFriend = mails.find((m) => m.payload.to === "ami@example.com");
    expect(String(toFriend?.payload.text)).toMatch(/Votre code : [A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}/);
    const confirmation = mails.find((m) => m.payload.to === CONTACT.email);
    expect(String(confirmation?.payload.text)).toContain(`•••• ${result.order.gift_cards[0].last4}`);
  });

  it("adds 5 € for a physical card, which needs an address; its code goes to the buyer's confirmation", async () => {
    const buyer = await createShopper(handle.db);
    const physical = { ...emailCard(30), deliveryMode: "physical" as const, recipientEmail: "" };
    const noAddress = await placeOrder(handle.db, {
      userId: buyer.id,
      idempotencyKey: randomUUID(),
      request: request({ lines: [], gift_cards: [physical] }),
      provider,
    });
    expect(noAddress).toMatchObject({ ok: false, status: 400, code: "invalid_address" });
    const result = await placeOrder(handle.db, {
      userId: buyer.id,
      idempotencyKey: randomUUID(),
      request: request({ lines: [], gift_cards: [physical], address_id: buyer.addressId }),
      provider,
    });
    expect(result).toMatchObject({ ok: true, order: { total_cents: 3500, shipping_cents: 0 } });
    const [confirmation] = await handle.db.select().from(outbox).where(eq(outbox.topic, "mail")).orderBy(desc(outbox.id)).limit(1);
    expect(confirmation.payload.to).toBe(CONTACT.email);
    expect(String(confirmation.payload.text)).toMatch(/code [A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}, expédiée avec votre commande/);
  });

  it("pays part of an order with a card, the rest by bank card; the cancellation gives the amount back to the card", async () => {
    const card = await newCard(50);
    const productId = await productForTotal(8000);
    const shopper = await createShopper(handle.db);
    const result = await placeOrder(handle.db, {
      userId: shopper.id,
      idempotencyKey: randomUUID(),
      request: request({
        address_id: shopper.addressId,
        lines: [{ product_id: productId, quantity: 1 }],
        gift_card_codes: [card.code.toLowerCase()],
      }),
      provider,
    });
    expect(result).toMatchObject({
      ok: true,
      order: { total_cents: 8000, gift_card_cents: 5000, gift_card_payments: [{ last4: card.last4, amount_cents: 5000 }] },
    });
    expect((await provider.listCharges()).at(-1)).toMatchObject({ amountCents: 3000 });
    expect(await balanceOf(card.id)).toBe(0);
    if (!result.ok) return;

    const cancelled = await cancelOwnOrder(handle.db, shopper.id, result.order.id, new Date(), provider);
    expect(cancelled).toMatchObject({ ok: true, changed: true });
    expect(await balanceOf(card.id)).toBe(5000);
    expect((await provider.listRefunds()).at(-1)).toMatchObject({ amountCents: 3000 });
    const ledger = await giftCardLedger(handle.db, card.id);
    expect(ledger?.map((e) => [e.kind, e.amount_cents])).toEqual([
      ["issue", 5000],
      ["use", -5000],
      ["refund", 5000],
    ]);

    // The administrator restores the order: the card pays again.
    expect(await changeOrderStatus(handle.db, { orderId: result.order.id, newStatus: "pending", actor: ADMIN, provider })).toMatchObject({
      ok: true,
    });
    expect(await balanceOf(card.id)).toBe(0);
  });

  it("needs no bank card when gift cards cover everything, and keeps the rest of the balance", async () => {
    const card = await newCard(100);
    const productId = await productForTotal(4000);
    const shopper = await createShopper(handle.db);
    const { card: _omit, ...noCard } = request({});
    void _omit;
    const result = await placeOrder(handle.db, {
      userId: shopper.id,
      idempotencyKey: randomUUID(),
      request: {
        ...noCard,
        address_id: shopper.addressId,
        lines: [{ product_id: productId, quantity: 1 }],
        gift_card_codes: [formatGiftCardCode(card.code)],
      },
      provider,
    });
    expect(result).toMatchObject({ ok: true, order: { total_cents: 4000, gift_card_cents: 4000 } });
    expect(await provider.listCharges()).toHaveLength(0);
    expect(await balanceOf(card.id)).toBe(6000);
  });

  it("never lets a gift card pay for another gift card", async () => {
    const card = await newCard(50);
    const productId = await productForTotal(2000);
    const shopper = await createShopper(handle.db);
    const onlyCards = await quoteCheckout(handle.db, {
      userId: shopper.id,
      lines: [],
      giftCards: request({ gift_cards: [emailCard(40)] }).gift_cards,
      giftCardCodes: [card.code],
    });
    expect(onlyCards.gift_card_cents).toBe(0);
    expect(onlyCards.gift_card_refusals).toEqual([
      { code: card.code, message: "Les cartes cadeaux ne peuvent pas payer l'achat d'une autre carte cadeau" },
    ]);

    const result = await placeOrder(handle.db, {
      userId: shopper.id,
      idempotencyKey: randomUUID(),
      request: request({
        address_id: shopper.addressId,
        lines: [{ product_id: productId, quantity: 1 }],
        gift_cards: [emailCard(40)],
        gift_card_codes: [card.code],
      }),
      provider,
    });
    // 20 € of products (delivery included) paid by the card, the 40 € gift card by bank card.
    expect(result).toMatchObject({ ok: true, order: { total_cents: 6000, gift_card_cents: 2000 } });
    expect((await provider.listCharges()).at(-1)).toMatchObject({ amountCents: 4000 });
    expect(await balanceOf(card.id)).toBe(3000);
  });

  it("refuses unknown, disabled and empty codes with their French reason, changing nothing", async () => {
    const productId = await productForTotal(2000);
    const shopper = await createShopper(handle.db);
    const place = (codes: string[]) =>
      placeOrder(handle.db, {
        userId: shopper.id,
        idempotencyKey: randomUUID(),
        request: request({ address_id: shopper.addressId, lines: [{ product_id: productId, quantity: 1 }], gift_card_codes: codes }),
        provider,
      });
    expect(await place(["ABCD-EFGH-JKLM-NPQR"])).toMatchObject({
      ok: false,
      status: 400,
      code: "gift_card_refused",
      message: "Code de carte cadeau inconnu",
    });
    const disabled = await newCard(30);
    await disableGiftCard(handle.db, disabled.id);
    expect(await place([disabled.code])).toMatchObject({ ok: false, message: "Cette carte cadeau a été désactivée" });
    const empty = await newCard(30);
    await handle.db.update(giftCards).set({ balanceCents: 0 }).where(eq(giftCards.id, empty.id));
    expect(await place([empty.code])).toMatchObject({ ok: false, message: "Le solde de cette carte cadeau est épuisé" });
    expect(await provider.listCharges()).toHaveLength(0);
    expect(await handle.db.select().from(orders).where(eq(orders.userId, shopper.id))).toHaveLength(0);
  });

  it("earns Beauty Pass points on what cards and gift cards paid, not on the points discount", async () => {
    const card = await newCard(30);
    const productId = await productForTotal(8000); // 70,10 € of products + 9,90 € delivery
    const shopper = await createShopper(handle.db, { points: 200 });
    const result = await placeOrder(handle.db, {
      userId: shopper.id,
      idempotencyKey: randomUUID(),
      request: request({
        address_id: shopper.addressId,
        lines: [{ product_id: productId, quantity: 1 }],
        points_to_use: 200,
        gift_card_codes: [card.code],
      }),
      provider,
    });
    expect(result).toMatchObject({ ok: true, order: { total_cents: 6000, discount_cents: 2000, gift_card_cents: 3000 } });
    if (!result.ok) return;
    const delivered = await changeOrderStatus(handle.db, { orderId: result.order.id, newStatus: "delivered", actor: ADMIN, provider });
    // 30 € by gift card + 30 € by bank card = 60 points; the 20 € of points earn nothing.
    expect(delivered).toMatchObject({ ok: true, pointsCredited: 60 });
  });
});

describe("gift cards with a promo code", () => {
  it("the promo discounts the products only, the card pays part of the rest; cancelling gives both back", async () => {
    const code = `DUO${randomUUID().slice(0, 8).toUpperCase()}`;
    expect(await createPromoCode(handle.db, { code, kind: "percentage", value: "10" })).toMatchObject({ code });
    const card = await newCard(20);
    const productId = await productForTotal(9_990); // 90 € of products + 9,90 € delivery
    const shopper = await createShopper(handle.db);
    const input = request({
      address_id: shopper.addressId,
      lines: [{ product_id: productId, quantity: 1 }],
      gift_cards: [emailCard(30)],
      gift_card_codes: [card.code],
      promo_code: code.toLowerCase(),
    });
    const quote = await quoteCheckout(handle.db, {
      userId: shopper.id,
      lines: input.lines,
      addressId: shopper.addressId,
      promoCode: input.promo_code,
      giftCards: input.gift_cards,
      giftCardCodes: input.gift_card_codes,
    });
    // 90 € of products + 30 € gift card bought + 9,90 € delivery (the card does not count towards
    // free delivery) - 9 € (10% of the products only).
    expect(quote).toMatchObject({
      subtotal_cents: 12_000,
      promo_discount_cents: 900,
      total_cents: 12_090,
      gift_card_cents: 2000,
      card_cents: 10_090,
    });
    const result = await placeOrder(handle.db, { userId: shopper.id, idempotencyKey: randomUUID(), request: input, provider });
    expect(result).toMatchObject({ ok: true, order: { total_cents: 12_090, promo_discount_cents: 900, gift_card_cents: 2000 } });
    expect((await provider.listCharges()).at(-1)).toMatchObject({ amountCents: 10_090 });
    expect(await balanceOf(card.id)).toBe(0);
    if (!result.ok) return;
    const [promo] = await handle.db.select({ used: promoCodes.usedCount }).from(promoCodes).where(eq(promoCodes.code, code));
    expect(promo.used).toBe(1);

    expect(await cancelOwnOrder(handle.db, shopper.id, result.order.id, new Date(), provider)).toMatchObject({ ok: true, changed: true });
    expect(await balanceOf(card.id)).toBe(2000);
    const [released] = await handle.db.select({ used: promoCodes.usedCount }).from(promoCodes).where(eq(promoCodes.code, code));
    expect(released.used).toBe(0);
    expect((await provider.listRefunds()).at(-1)).toMatchObject({ amountCents: 10_090 });
  });
});

describe("gift cards under concurrency", () => {
  it("20 parallel orders spending one 50 € card for 10 € each: exactly 5 succeed", async () => {
    const card = await newCard(50);
    const productId = await productForTotal(1000);
    const shoppers = await Promise.all(Array.from({ length: 20 }, () => createShopper(handle.db)));
    const results = await Promise.all(
      shoppers.map((s) =>
        placeOrder(handle.db, {
          userId: s.id,
          idempotencyKey: randomUUID(),
          request: request({ address_id: s.addressId, lines: [{ product_id: productId, quantity: 1 }], gift_card_codes: [card.code] }),
          provider,
        }),
      ),
    );
    const won = results.filter((r) => r.ok);
    expect(won).toHaveLength(5);
    for (const r of won) expect(r).toMatchObject({ order: { gift_card_cents: 1000, total_cents: 1000 } });
    for (const r of results.filter((r) => !r.ok)) {
      expect(r).toMatchObject({
        ok: false,
        message: expect.stringMatching(/^(Le solde de cette carte cadeau est épuisé|Le solde d'une carte cadeau a changé)/),
      });
    }
    expect(await balanceOf(card.id)).toBe(0);
    const uses = await handle.db.select().from(giftCardTransactions).where(eq(giftCardTransactions.giftCardId, card.id));
    expect(uses.filter((u) => u.kind === "use")).toHaveLength(5);
    // No bank card was charged: the gift card paid each order whole.
    expect(await provider.listCharges()).toHaveLength(0);
  });
});

describe("the ledger property", () => {
  it("for random purchases, partial uses and cancellations, balance = amount - net uses = sum of the ledger >= 0", async () => {
    const productId = await productForTotal(1500);
    const shopper = await createShopper(handle.db);
    const cards = [await newCard(20), await newCard(35), await newCard(50)];
    const placed: string[] = [];
    const action = fc.oneof(
      fc.record({
        kind: fc.constant("order" as const),
        quantity: fc.integer({ min: 1, max: 4 }),
        use: fc.subarray([0, 1, 2], { minLength: 1 }),
      }),
      fc.record({
        kind: fc.constant("status" as const),
        order: fc.nat(),
        status: fc.constantFrom("cancelled", "returned", "pending", "delivered"),
      }),
      fc.record({ kind: fc.constant("buy" as const), amount: fc.integer({ min: 10, max: 60 }) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 8 }), async (actions) => {
        for (const a of actions) {
          if (a.kind === "order") {
            const r = await placeOrder(handle.db, {
              userId: shopper.id,
              idempotencyKey: randomUUID(),
              request: request({
                address_id: shopper.addressId,
                lines: [{ product_id: productId, quantity: a.quantity }],
                gift_card_codes: a.use.map((i) => cards[i].code),
              }),
              provider,
            });
            if (r.ok) placed.push(r.order.id);
          } else if (a.kind === "status" && placed.length > 0) {
            await changeOrderStatus(handle.db, { orderId: placed[a.order % placed.length], newStatus: a.status, actor: ADMIN, provider });
          } else if (a.kind === "buy") {
            cards.push(await newCard(a.amount));
          }
          const ids = cards.map((c) => c.id);
          const rows = await handle.db
            .select({
              id: giftCards.id,
              amount: giftCards.amountCents,
              balance: giftCards.balanceCents,
              ledger: sql<number>`(select coalesce(sum(t.amount_cents), 0)::int from gift_card_transactions t where t.gift_card_id = "gift_cards"."id")`,
              netUses: sql<number>`(select coalesce(-sum(t.amount_cents), 0)::int from gift_card_transactions t where t.gift_card_id = "gift_cards"."id" and t.kind in ('use', 'refund'))`,
            })
            .from(giftCards)
            .where(inArray(giftCards.id, ids));
          for (const row of rows) {
            expect(row.balance).toBeGreaterThanOrEqual(0);
            expect(row.balance).toBe(Number(row.ledger));
            expect(row.balance).toBe(row.amount - Number(row.netUses));
          }
          // An order holds its gift-card payment exactly while it is not cancelled or returned.
          for (const orderId of placed) {
            const [o] = await handle.db
              .select({ status: orders.status, gift: orders.giftCardCents })
              .from(orders)
              .where(eq(orders.id, orderId));
            const [{ held }] = await handle.db
              .select({ held: sql<number>`coalesce(-sum(${giftCardTransactions.amountCents}), 0)::int` })
              .from(giftCardTransactions)
              .where(eq(giftCardTransactions.orderId, orderId));
            expect(Number(held)).toBe(o.status === "cancelled" || o.status === "returned" ? 0 : o.gift);
          }
        }
      }),
      { numRuns: 12 },
    );
  });
});

describe("expiry reminder", () => {
  it("mails once, 3 months before expiry, however often the job runs", async () => {
    const issuedAt = new Date("2031-01-15T09:00:00Z");
    const card = await newCard(40, { now: issuedAt });
    const early = new Date("2033-09-01T09:00:00Z"); // more than 3 months before 2034-01-15
    await sendGiftCardExpiryReminders(handle.db, early);
    const [before] = await handle.db.select().from(giftCards).where(eq(giftCards.id, card.id));
    expect(before.expiryReminderSentAt).toBeNull();

    const due = new Date("2033-10-20T09:00:00Z");
    const countMails = async () =>
      (await handle.db.select().from(outbox).where(eq(outbox.topic, "mail"))).filter(
        (m) => String(m.payload.subject).startsWith("Votre carte cadeau Aurore expire") && String(m.payload.text).includes(card.last4),
      ).length;
    await sendGiftCardExpiryReminders(handle.db, due);
    await sendGiftCardExpiryReminders(handle.db, due);
    await Promise.all([sendGiftCardExpiryReminders(handle.db, due), sendGiftCardExpiryReminders(handle.db, due)]);
    expect(await countMails()).toBe(1);
    const [after] = await handle.db.select().from(giftCards).where(eq(giftCards.id, card.id));
    expect(after.expiryReminderSentAt?.toISOString()).toBe(due.toISOString());
  });
});

describe("back-office", () => {
  it("lists cards with last 4, amount, balance, status, buyer and expiry; finds one by its last 4", async () => {
    const card = await newCard(25);
    const { cards } = await listAdminGiftCards(handle.db, { search: card.last4 });
    expect(cards.find((c) => c.id === card.id)).toMatchObject({
      last4: card.last4,
      amount_cents: 2500,
      balance_cents: 2500,
      status: "active",
    });
    expect(cards.find((c) => c.id === card.id)?.buyer_email).toMatch(/@example\.com$/);
  });

  it("pages the list by 50 and says how many pages there are", async () => {
    const first = await listAdminGiftCards(handle.db);
    expect(first).toMatchObject({ page: 1, page_count: Math.max(1, Math.ceil(first.total / ADMIN_GIFT_CARDS_PAGE_SIZE)) });
    expect(first.cards).toHaveLength(Math.min(first.total, ADMIN_GIFT_CARDS_PAGE_SIZE));
    const past = await listAdminGiftCards(handle.db, { page: first.page_count + 1 });
    expect(past.cards).toHaveLength(0);
  });
});

describe("rate limit", () => {
  it("allows 10 checks a minute per key, refuses the rest of 1,000, and lets them through again a minute later", async () => {
    const start = 6_000_000_000;
    const results = [];
    for (let i = 0; i < 1000; i++) results.push(await hitFormLimit(handle.db, "giftCardCheck", "ip:203.0.113.9", start + i * 50));
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
    expect(results[10]).toMatchObject({ allowed: false, retryAfterSeconds: expect.any(Number) });
    expect(await hitFormLimit(handle.db, "giftCardCheck", "ip:198.51.100.1", start + 1000)).toEqual({ allowed: true });
    expect(await isFormLimited(handle.db, "giftCardCheck", "ip:203.0.113.9", start + 30_000)).toBe(true);
    expect(await hitFormLimit(handle.db, "giftCardCheck", "ip:203.0.113.9", start + 3 * 60_000)).toEqual({ allowed: true });
  });
});
