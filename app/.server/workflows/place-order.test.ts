import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { shippingNotices } from "~/domain/checkout/shipping.rules";
import { UNKNOWN_POSTAL_CODE_MESSAGE } from "../postal-codes/postal-codes";
import { randomUUID } from "node:crypto";
import { parse } from "node-html-parser";
import { and, eq, inArray, sql } from "drizzle-orm";
import { createTestDatabase } from "../../../tests/support/db";
import {
  APPROVED_CARD,
  CONTACT,
  DECLINED_CARD,
  createShopper,
  pickProducts,
  putInServerCart,
  serverCart,
  setProductPrice,
  setProductStock,
} from "../../../tests/support/shoppers";
import type { DatabaseHandle } from "../db/client";
import { beautyPassTransactions, orderItems, orders, outbox, paymentMethods, products, stockMovements, userProfiles } from "../db/schema";
import { SimulatedPaymentProvider } from "../modules/payments/payment-provider";
import { updateDeliveryMethod } from "../modules/delivery/delivery-methods.service";
import { SHIPPING_ZONE_CODES } from "~/domain/delivery/delivery-methods";
import { placeOrder as placeOrderOrThrow, quoteCheckout } from "./place-order";
import { PlaceOrderSchema, type PlaceOrderBody } from "~/domain/checkout/checkout.schema";
import { settled } from "../../../tests/support/domain-result";
import { parisYear } from "~/lib/paris-time";

/** Paramètres: the standard method's price and free-delivery threshold. */
const updateStandard = (price: string, threshold: string, actor: string) =>
  updateDeliveryMethod(
    handle.db,
    "standard",
    {
      name: "Livraison standard",
      carrier: "colissimo",
      price,
      free_threshold: threshold,
      delay_working_days: 2,
      zones: SHIPPING_ZONE_CODES,
      active: true,
    },
    actor,
  );

const placeOrder = (...args: Parameters<typeof placeOrderOrThrow>) => settled(placeOrderOrThrow(...args));

let handle: DatabaseHandle;
let provider: SimulatedPaymentProvider;

function request(input: Partial<PlaceOrderBody> & { address_id: string }) {
  return PlaceOrderSchema.parse({ contact: CONTACT, card: APPROVED_CARD, ...input });
}

async function stockOf(id: string): Promise<number> {
  const [row] = await handle.db.select({ s: products.stockQuantity }).from(products).where(eq(products.id, id));
  return row.s;
}

async function pointsOf(userId: string): Promise<number> {
  const [row] = await handle.db.select({ p: userProfiles.loyaltyPoints }).from(userProfiles).where(eq(userProfiles.id, userId));
  return row.p;
}

async function ordersOf(userId: string) {
  return handle.db.select().from(orders).where(eq(orders.userId, userId));
}

beforeAll(async () => {
  handle = await createTestDatabase();
});

afterAll(async () => {
  await handle?.close();
});

beforeEach(() => {
  provider = new SimulatedPaymentProvider(handle.db, `test-${randomUUID()}`);
});

describe("quoteCheckout", () => {
  it("prices lines from the database and adds the zone's delivery fee", async () => {
    const [cheap] = await pickProducts(handle.db, 1);
    const metro = await createShopper(handle.db);
    const quote = await quoteCheckout(handle.db, {
      userId: metro.id,
      lines: [{ product_id: cheap.id, quantity: 2 }],
      addressId: metro.addressId,
    });
    expect(quote.subtotal_cents).toBe(cheap.priceCents * 2);
    expect(quote.shipping).toMatchObject({ zone: "metropole", feeCents: 990, method: "standard" });
    expect(quote.total_cents).toBe(cheap.priceCents * 2 + 990);
  });

  it("charges 9,90 € in Corsica, free from 100 €, and 19,90 € overseas (without French VAT) even above 100 €", async () => {
    const [p] = await pickProducts(handle.db, 1);
    const quantity = Math.ceil(10_000 / p.priceCents);
    const corsica = await createShopper(handle.db, { postalCode: "20000" });
    const small = await quoteCheckout(handle.db, {
      userId: corsica.id,
      lines: [{ product_id: p.id, quantity: 1 }],
      addressId: corsica.addressId,
    });
    expect(small.shipping).toMatchObject({ zone: "corse", feeCents: 990 });
    const big = await quoteCheckout(handle.db, {
      userId: corsica.id,
      lines: [{ product_id: p.id, quantity }],
      addressId: corsica.addressId,
    });
    expect(big.shipping).toMatchObject({ zone: "corse", feeCents: 0, method: "free_shipping" });

    const reunion = await createShopper(handle.db, { postalCode: "97400" });
    const overseas = await quoteCheckout(handle.db, {
      userId: reunion.id,
      lines: [{ product_id: p.id, quantity }],
      addressId: reunion.addressId,
    });
    // An export for VAT (decision 063): the published 19,90 € without French VAT.
    expect(overseas.shipping).toMatchObject({ zone: "outre-mer", feeCents: 1658, method: "standard" });
    // Perfumes overseas are warned about (shipping.rules.test.ts); other lines are not.
    expect(overseas.shipping_notices).toEqual(shippingNotices("outre-mer", overseas.lines));
    expect(small.shipping_notices).toEqual([]);

    const brussels = await createShopper(handle.db, { postalCode: "1000", country: "Belgique" });
    const belgium = await quoteCheckout(handle.db, {
      userId: brussels.id,
      lines: [{ product_id: p.id, quantity: 1 }],
      addressId: brussels.addressId,
    });
    expect(belgium.shipping).toMatchObject({ zone: "belgique", feeCents: 1290 });
  });

  it("allows points in blocks of 100 within the balance and never above the merchandise", async () => {
    const [p] = await pickProducts(handle.db, 1);
    const rich = await createShopper(handle.db, { points: 100_000 });
    const quote = await quoteCheckout(handle.db, { userId: rich.id, lines: [{ product_id: p.id, quantity: 1 }], pointsToUse: 100_000 });
    expect(quote.max_redeemable_points).toBe(Math.floor(p.priceCents / 1000) * 100);
    expect(quote.discount_cents).toBeLessThanOrEqual(quote.subtotal_cents);

    const modest = await createShopper(handle.db, { points: 250 });
    // The demo catalogue may hold no one-variant product at 50 € or more: price one there.
    const [, dear] = await pickProducts(handle.db, 2, 20);
    await setProductPrice(handle.db, dear.id, 6500);
    const q2 = await quoteCheckout(handle.db, { userId: modest.id, lines: [{ product_id: dear.id, quantity: 1 }], pointsToUse: 250 });
    expect(q2.max_redeemable_points).toBe(200);
    expect(q2.points_to_use).toBe(200);
    expect(q2.discount_cents).toBe(2000);
  });
});

describe("placeOrder", () => {
  it("creates the order from database prices, decrements stock, debits points, queues the e-mail and empties the server cart", async () => {
    const [a, b] = await pickProducts(handle.db, 2, 10);
    const shopper = await createShopper(handle.db, { points: 150 });
    await putInServerCart(handle.db, shopper.id, [
      { product_id: a.id, quantity: 2 },
      { product_id: b.id, quantity: 1 },
    ]);
    const subtotal = a.priceCents * 2 + b.priceCents;
    const usePoints = subtotal >= 1000 ? 100 : 0;

    const result = await placeOrder(handle.db, {
      userId: shopper.id,
      idempotencyKey: randomUUID(),
      request: request({ address_id: shopper.addressId, points_to_use: usePoints, save_card: true }),
      provider,
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const fee = subtotal >= 10_000 ? 0 : 990;
    expect(result.order).toMatchObject({
      status: "pending",
      payment_status: "paid",
      subtotal_cents: subtotal,
      shipping_cents: fee,
      discount_cents: usePoints * 10,
      total_cents: subtotal - usePoints * 10 + fee,
      points_used: usePoints,
      shipping_method: fee === 0 ? "free_shipping" : "standard",
    });
    expect(result.order.number).toMatch(new RegExp(`^AUR-${parisYear(new Date())}-\\d{6}$`));
    expect(result.order.reference).toBe(result.order.number);
    expect(result.order.items).toHaveLength(2);
    expect(result.order.metadata.payment).toMatchObject({ brand: "visa", last_four: "4242" });
    expect(await stockOf(a.id)).toBe(8);
    expect(await stockOf(b.id)).toBe(9);
    expect(await pointsOf(shopper.id)).toBe(150 - usePoints);
    expect(await serverCart(handle.db, shopper.id)).toEqual([]);

    const moves = await handle.db.select().from(stockMovements).where(eq(stockMovements.orderId, result.order.id));
    expect(moves.map((m) => m.delta).sort()).toEqual([-1, -2]);
    const mails = await handle.db
      .select()
      .from(outbox)
      .where(sql`${outbox.payload}->>'to' = ${CONTACT.email}`);
    expect(mails.some((m) => String(m.payload.subject).includes(`Confirmation de votre commande ${result.order.number}`))).toBe(true);
    // Branded HTML with its plain-text twin, greeting the shopper by the first name of their profile.
    const confirmation = mails.find((m) => String(m.payload.subject).includes(result.order.number))!.payload;
    expect(String(confirmation.text)).toMatch(/^Bonjour Marie,\n/);
    expect(String(confirmation.html)).toContain('<html dir="ltr" lang="fr">');
    expect(String(confirmation.html)).toContain("Bonjour Marie,");
    expect(parse(String(confirmation.html)).textContent).toContain(`Merci pour votre commande ${result.order.number}`);
    const cards = await handle.db.select().from(paymentMethods).where(eq(paymentMethods.userId, shopper.id));
    expect(cards).toEqual([expect.objectContaining({ cardBrand: "visa", cardLastFour: "4242", isDefault: true })]);
    // Only brand and last four digits: no column holds the number.
    expect(JSON.stringify(cards)).not.toContain("4242424242424242");
    if (usePoints) {
      const used = await handle.db.select().from(beautyPassTransactions).where(eq(beautyPassTransactions.orderId, result.order.id));
      expect(used).toEqual([expect.objectContaining({ type: "used", points: -100 })]);
    }
  });

  it("ignores a tampered client: prices and totals come from the database", async () => {
    const [p] = await pickProducts(handle.db, 1, 10);
    const shopper = await createShopper(handle.db);
    const tampered = {
      address_id: shopper.addressId,
      contact: CONTACT,
      card: APPROVED_CARD,
      lines: [{ product_id: p.id, quantity: 1, price_cents: 1 }],
      total_cents: 1,
    };
    const result = await placeOrder(handle.db, {
      userId: shopper.id,
      idempotencyKey: randomUUID(),
      request: PlaceOrderSchema.parse(tampered),
      provider,
    });
    expect(result.ok && result.order.subtotal_cents).toBe(p.priceCents);
  });

  it("refuses a declined card: no order, stock unchanged, cart kept", async () => {
    const [p] = await pickProducts(handle.db, 1, 7);
    const shopper = await createShopper(handle.db);
    await putInServerCart(handle.db, shopper.id, [{ product_id: p.id, quantity: 1 }]);
    const result = await placeOrder(handle.db, {
      userId: shopper.id,
      idempotencyKey: randomUUID(),
      request: request({ address_id: shopper.addressId, card: DECLINED_CARD }),
      provider,
    });
    expect(result).toMatchObject({ ok: false, status: 402, code: "payment_declined", message: expect.stringContaining("Paiement refusé") });
    expect(await stockOf(p.id)).toBe(7);
    expect(await ordersOf(shopper.id)).toEqual([]);
    expect(await serverCart(handle.db, shopper.id)).toHaveLength(1);
  });

  it("creates one order for a repeated Idempotency-Key, even for simultaneous requests", async () => {
    const [p] = await pickProducts(handle.db, 1, 10);
    const shopper = await createShopper(handle.db);
    const key = randomUUID();
    const input = {
      userId: shopper.id,
      idempotencyKey: key,
      request: request({ address_id: shopper.addressId, lines: [{ product_id: p.id, quantity: 1 }] }),
      provider,
    };
    const [first, second] = await Promise.all([placeOrder(handle.db, input), placeOrder(handle.db, input)]);
    const third = await placeOrder(handle.db, input);
    expect(first.ok && second.ok && third.ok).toBe(true);
    if (!first.ok || !second.ok || !third.ok) return;
    expect(new Set([first.order.id, second.order.id, third.order.id]).size).toBe(1);
    expect(third.replayed).toBe(true);
    expect(await ordersOf(shopper.id)).toHaveLength(1);
    expect(await stockOf(p.id)).toBe(9);
    // Charged once per key by the provider; a losing duplicate is refunded, never charged twice.
    expect(await provider.listCharges()).toHaveLength(1);
    expect(await provider.listRefunds()).toEqual([]);
  });

  it("rolls everything back when one line lacks stock: stock, points and cart unchanged", async () => {
    const [a, b] = await pickProducts(handle.db, 2, 3);
    await setProductStock(handle.db, b.id, 1);
    const shopper = await createShopper(handle.db, { points: 500 });
    await putInServerCart(handle.db, shopper.id, [
      { product_id: a.id, quantity: 2 },
      { product_id: b.id, quantity: 1 },
    ]);
    // Someone buys the last b between the shopper's quote and their transaction.
    const other = await createShopper(handle.db);
    const racing = placeOrder(handle.db, {
      userId: other.id,
      idempotencyKey: randomUUID(),
      request: request({ address_id: other.addressId, lines: [{ product_id: b.id, quantity: 1 }] }),
      provider,
    });
    await racing;
    const result = await placeOrder(handle.db, {
      userId: shopper.id,
      idempotencyKey: randomUUID(),
      request: request({ address_id: shopper.addressId, points_to_use: 0 }),
      provider,
    });
    expect(result).toMatchObject({
      ok: false,
      status: 409,
      code: "insufficient_stock",
      message: expect.stringMatching(/^Stock insuffisant: /),
    });
    expect(await stockOf(a.id)).toBe(3);
    expect(await stockOf(b.id)).toBe(0);
    expect(await pointsOf(shopper.id)).toBe(500);
    expect(await serverCart(handle.db, shopper.id)).toHaveLength(2);
    expect(await ordersOf(shopper.id)).toEqual([]);
  });

  it("refunds the charge when the transaction fails after payment", async () => {
    const [p] = await pickProducts(handle.db, 1, 5);
    const shopper = await createShopper(handle.db, { points: 100 });
    // The balance disappears between the quote and the debit: the transaction aborts.
    const original = provider.charge.bind(provider);
    provider.charge = async (req) => {
      const result = await original(req);
      await handle.db.update(userProfiles).set({ loyaltyPoints: 0 }).where(eq(userProfiles.id, shopper.id));
      return result;
    };
    await setProductPrice(handle.db, p.id, 2500);
    const result = await placeOrder(handle.db, {
      userId: shopper.id,
      idempotencyKey: randomUUID(),
      request: request({ address_id: shopper.addressId, points_to_use: 100, lines: [{ product_id: p.id, quantity: 1 }] }),
      provider,
    });
    expect(result).toMatchObject({ ok: false, code: "insufficient_points", message: "Points insuffisants" });
    expect(await provider.listRefunds()).toHaveLength(1);
    expect(await stockOf(p.id)).toBe(5);
  });

  it("answers bad input with a French message and changes nothing", async () => {
    const [p] = await pickProducts(handle.db, 1, 4);
    const shopper = await createShopper(handle.db, { points: 50 });
    const stranger = await createShopper(handle.db);
    const base = { userId: shopper.id, provider };
    const attempt = (req: Partial<PlaceOrderBody>) =>
      placeOrder(handle.db, { ...base, idempotencyKey: randomUUID(), request: request({ address_id: shopper.addressId, ...req }) });

    expect(await attempt({ address_id: stranger.addressId, lines: [{ product_id: p.id, quantity: 1 }] })).toMatchObject({
      ok: false,
      code: "invalid_address",
      message: "Veuillez sélectionner une adresse de livraison valide",
    });
    // A saved address from before the postal code check ("99999 Paris") cannot be delivered to.
    const nowhere = await createShopper(handle.db, { postalCode: "99999" });
    expect(
      await placeOrder(handle.db, {
        userId: nowhere.id,
        provider,
        idempotencyKey: randomUUID(),
        request: request({ address_id: nowhere.addressId, lines: [{ product_id: p.id, quantity: 1 }] }),
      }),
    ).toMatchObject({ ok: false, code: "invalid_address", message: UNKNOWN_POSTAL_CODE_MESSAGE });
    expect(await attempt({ lines: [{ product_id: randomUUID(), quantity: 1 }] })).toMatchObject({
      ok: false,
      status: 400,
      code: "invalid_item",
    });
    expect(await attempt({ lines: [{ product_id: p.id, quantity: 5 }] })).toMatchObject({
      ok: false,
      code: "insufficient_stock",
      // The line names the variant when its label says something ("· 15 ml").
      message: expect.stringMatching(new RegExp(`^Stock insuffisant: ${p.name}( · [^(]+)? \\(disponible : 4\\)$`)),
    });
    // The quote words the same problem in French and gives it as data, in the same order.
    const short = await quoteCheckout(handle.db, {
      userId: shopper.id,
      lines: [{ product_id: p.id, quantity: 5 }],
      addressId: shopper.addressId,
    });
    expect(short.stock_problems).toEqual([{ code: "insufficient", name: expect.stringMatching(new RegExp(`^${p.name}`)), available: 4 }]);
    const shortName = short.stock_problems[0]?.code === "insufficient" ? short.stock_problems[0].name : "";
    expect(short.problems).toEqual([`Stock insuffisant: ${shortName} (disponible : 4)`]);
    // The refusal also carries the problem as data, for a page that words it in English (decision 044).
    const refusal = await placeOrderOrThrow(handle.db, {
      ...base,
      idempotencyKey: randomUUID(),
      request: request({ address_id: shopper.addressId, lines: [{ product_id: p.id, quantity: 5 }] }),
    }).catch((error: unknown) => error);
    expect(refusal).toMatchObject({
      code: "insufficient_stock",
      details: { stock_problem: { code: "insufficient", name: expect.stringMatching(new RegExp(`^${p.name}`)), available: 4 } },
    });
    expect(await attempt({ lines: [{ product_id: p.id, quantity: 1 }], points_to_use: 100 })).toMatchObject({
      ok: false,
      message: "Points insuffisants",
    });
    expect(await attempt({})).toMatchObject({ ok: false, code: "empty_cart", message: "Votre panier est vide" });
    // An expired server cart is an empty cart.
    await putInServerCart(handle.db, shopper.id, [{ product_id: p.id, quantity: 1 }], new Date(Date.now() - 1000));
    expect(await attempt({})).toMatchObject({ ok: false, code: "empty_cart" });
    expect(await stockOf(p.id)).toBe(4);
    expect(await pointsOf(shopper.id)).toBe(50);
    expect(await ordersOf(shopper.id)).toEqual([]);
    expect(await provider.listCharges()).toHaveLength(0);

    // Negative, fractional or huge quantities never reach the workflow.
    for (const quantity of [-1, 0, 1.5, 1e9]) {
      expect(
        PlaceOrderSchema.safeParse({
          address_id: shopper.addressId,
          contact: CONTACT,
          card: APPROVED_CARD,
          lines: [{ product_id: p.id, quantity }],
        }).success,
      ).toBe(false);
    }
  });
});

describe("placeOrder under concurrency", () => {
  it("sells exactly the stock: 50 shoppers, 5 items, 5 orders, the others keep their cart", async () => {
    const [hot] = await pickProducts(handle.db, 1, 5);
    const shoppers = await Promise.all(Array.from({ length: 50 }, () => createShopper(handle.db)));
    for (const s of shoppers) await putInServerCart(handle.db, s.id, [{ product_id: hot.id, quantity: 1 }]);

    const results = await Promise.all(
      shoppers.map((s) =>
        placeOrder(handle.db, {
          userId: s.id,
          idempotencyKey: randomUUID(),
          request: request({ address_id: s.addressId }),
          provider,
        }),
      ),
    );
    const won = results.filter((r) => r.ok);
    const lost = results.filter((r) => !r.ok);
    expect(won).toHaveLength(5);
    expect(lost).toHaveLength(45);
    for (const r of lost) expect(r).toMatchObject({ code: "insufficient_stock", message: expect.stringMatching(/^Stock insuffisant/) });
    expect(await stockOf(hot.id)).toBe(0);
    const [{ sold }] = await handle.db
      .select({ sold: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int` })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(
        and(
          eq(orderItems.productId, hot.id),
          inArray(
            orders.userId,
            shoppers.map((s) => s.id),
          ),
        ),
      );
    expect(Number(sold)).toBe(5);
    const losers = shoppers.filter((_, i) => !results[i].ok);
    for (const s of losers) expect(await serverCart(handle.db, s.id)).toEqual([{ product_id: hot.id, quantity: 1 }]);
    const [{ minimum }] = await handle.db
      .select({ minimum: sql<number>`min(${stockMovements.resultingStock})::int` })
      .from(stockMovements)
      .innerJoin(orders, eq(orders.id, stockMovements.orderId))
      .where(
        and(
          eq(stockMovements.productId, hot.id),
          inArray(
            orders.userId,
            shoppers.map((s) => s.id),
          ),
        ),
      );
    expect(Number(minimum)).toBe(0);
  });

  it("cannot spend the same points twice in parallel orders", async () => {
    const [p] = await pickProducts(handle.db, 1, 50);
    await setProductPrice(handle.db, p.id, 3000);
    const shopper = await createShopper(handle.db, { points: 100 });
    const place = () =>
      placeOrder(handle.db, {
        userId: shopper.id,
        idempotencyKey: randomUUID(),
        request: request({ address_id: shopper.addressId, points_to_use: 100, lines: [{ product_id: p.id, quantity: 1 }] }),
        provider,
      });
    const results = await Promise.all([place(), place(), place()]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    for (const r of results.filter((r) => !r.ok)) expect(r).toMatchObject({ message: "Points insuffisants" });
    expect(await pointsOf(shopper.id)).toBe(0);
    expect(await stockOf(p.id)).toBe(49);
  });
});

describe("the shop's delivery settings (Paramètres)", () => {
  it("charges the edited fee and threshold, for the quote and the order alike", async () => {
    // A product and a quantity for a 60-to-100 € basket: paid delivery under the default rule.
    const [p] = await handle.db
      .select({ id: products.id, priceCents: products.priceCents })
      .from(products)
      .where(sql`${products.priceCents} between 1000 and 4000 AND ${products.variantCount} = 1`)
      .limit(1);
    await setProductStock(handle.db, p.id, 30);
    const quantity = Math.ceil(6000 / p.priceCents);
    const subtotal = p.priceCents * quantity;
    expect(subtotal).toBeGreaterThanOrEqual(6000);
    expect(subtotal).toBeLessThan(10_000);
    const shopper = await createShopper(handle.db);
    const lines = [{ product_id: p.id, quantity }];
    const before = await quoteCheckout(handle.db, { userId: shopper.id, lines, addressId: shopper.addressId });
    expect(before.shipping).toMatchObject({ feeCents: 990, method: "standard", freeThresholdCents: 10_000 });

    try {
      // Free from 50 €: the same basket now ships free, on the quote and on the order charged.
      expect(await updateStandard("9,90", "50", shopper.id)).toMatchObject({
        freeThresholdCents: 5000,
      });
      const free = await quoteCheckout(handle.db, { userId: shopper.id, lines, addressId: shopper.addressId });
      expect(free.shipping).toMatchObject({ feeCents: 0, method: "free_shipping", freeThresholdCents: 5000 });
      expect(free.total_cents).toBe(subtotal);
      const placed = await placeOrder(handle.db, {
        userId: shopper.id,
        idempotencyKey: randomUUID(),
        request: request({ address_id: shopper.addressId, lines }),
        provider,
      });
      expect(placed.ok).toBe(true);
      if (!placed.ok) return;
      expect(placed.order).toMatchObject({ shipping_cents: 0, total_cents: subtotal, shipping_method: "free_shipping" });
      expect(placed.order.metadata.shipping_info).toMatchObject({ is_free_shipping: true, shipping_threshold: 5000 });

      // A dearer fee with the threshold out of reach: the server charges the new fee.
      await updateStandard("12,50", "200", shopper.id);
      const paid = await placeOrder(handle.db, {
        userId: shopper.id,
        idempotencyKey: randomUUID(),
        request: request({ address_id: shopper.addressId, lines }),
        provider,
      });
      expect(paid.ok && paid.order).toMatchObject({ shipping_cents: 1250, total_cents: subtotal + 1250, shipping_method: "standard" });
      // Overseas keeps its own fee, never free.
      const reunion = await createShopper(handle.db, { postalCode: "97400" });
      const overseas = await quoteCheckout(handle.db, { userId: reunion.id, lines, addressId: reunion.addressId });
      // 19,90 € without French VAT: the overseas departments are an export (decision 063).
      expect(overseas.shipping).toMatchObject({ feeCents: 1658, freeThresholdCents: null });
    } finally {
      await updateStandard("9,90", "100", shopper.id);
    }
  });
});
