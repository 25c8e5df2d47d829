import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { createTestDatabase } from "../../../../tests/support/db";
import { APPROVED_CARD, CONTACT, createShopper, pickProducts, setProductPrice, setProductStock } from "../../../../tests/support/shoppers";
import type { DatabaseHandle } from "../../db/client";
import { categories, newsletterSubscriptions, orders, outbox, products, promoCodes, promoRedemptions } from "../../db/schema";
import type { MailMessage } from "../../mail/mailer";
import { confirmSubscription, hashToken } from "../newsletter/newsletter.service";
import { SimulatedPaymentProvider } from "../payments/payment-provider";
import {
  changeOrderStatus as changeOrderStatusOrThrow,
  cancelOwnOrder as cancelOwnOrderOrThrow,
} from "../../workflows/change-order-status";
import { placeOrder as placeOrderOrThrow, quoteCheckout } from "../../workflows/place-order";
import { createPromoCode, setPromoCodeActive, updatePromoCode } from "./promo-codes-admin.service";
import { checkPromoCode, generatePromoCode } from "./promo-codes.service";
import { PlaceOrderSchema, type PlaceOrderBody } from "~/domain/checkout/checkout.schema";
import { formatPrice } from "~/lib/money";
import { parisDayStart } from "~/lib/paris-time";
import { PROMO_FORM_MESSAGES, PromoCodeFormSchema, normalizePromoCode, promoDiscountCents } from "~/domain/promotions/promotions.schema";
import { settled } from "../../../../tests/support/domain-result";
import { settleDomainEvents } from "~/.server/workflows/event-subscribers";

const changeOrderStatus = (...args: Parameters<typeof changeOrderStatusOrThrow>) => settled(changeOrderStatusOrThrow(...args));
const cancelOwnOrder = (...args: Parameters<typeof cancelOwnOrderOrThrow>) => settled(cancelOwnOrderOrThrow(...args));
const placeOrder = (...args: Parameters<typeof placeOrderOrThrow>) => settled(placeOrderOrThrow(...args));

let handle: DatabaseHandle;
let provider: SimulatedPaymentProvider;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});
beforeEach(() => {
  provider = new SimulatedPaymentProvider(handle.db, `test-${randomUUID()}`);
});

let seq = 0;
function uniqueCode(prefix = "TEST"): string {
  seq += 1;
  return `${prefix}${seq}${randomUUID().slice(0, 6).toUpperCase()}`;
}

/** A code through the back-office service (the same path as the page). */
async function adminCode(form: Record<string, unknown>) {
  return createPromoCode(handle.db, { kind: "percentage", value: "10", ...form, code: form.code ?? uniqueCode() });
}

/** A product of a known price, with stock, in a known category. */
async function product(priceCents: number, stock = 100) {
  const [p] = await pickProducts(handle.db, 1, stock);
  await setProductPrice(handle.db, p.id, priceCents);
  const [row] = await handle.db.select({ id: products.id, categoryId: products.categoryId }).from(products).where(eq(products.id, p.id));
  return row;
}

async function productsInTwoCategories() {
  const cats = await handle.db.select({ id: categories.id }).from(categories).limit(2);
  const rows = await handle.db
    .select({ id: products.id, categoryId: products.categoryId, priceCents: products.priceCents })
    .from(products)
    .where(sql`${products.variantCount} = 1 AND ${products.categoryId} IN (${sql.raw(cats.map((c) => `'${c.id}'`).join(","))})`);
  const a = rows.find((r) => r.categoryId === cats[0].id)!;
  const b = rows.find((r) => r.categoryId === cats[1].id)!;
  for (const [id, price] of [
    [a.id, 4000],
    [b.id, 2000],
  ] as const) {
    await setProductStock(handle.db, id, 100);
    await setProductPrice(handle.db, id, price);
  }
  return { a: { ...a, priceCents: 4000 }, b: { ...b, priceCents: 2000 }, categoryA: cats[0].id };
}

function order(shopper: { id: string; addressId: string }, input: Partial<PlaceOrderBody>) {
  return placeOrder(handle.db, {
    userId: shopper.id,
    idempotencyKey: randomUUID(),
    request: PlaceOrderSchema.parse({ address_id: shopper.addressId, contact: CONTACT, card: APPROVED_CARD, ...input }),
    provider,
  });
}

async function check(
  code: string,
  shopper: { id: string },
  lines: { product_id: string; line_total_cents: number }[],
  extra: { pointsUsed?: number; now?: Date } = {},
) {
  return checkPromoCode(handle.db, {
    code,
    userId: shopper.id,
    lines,
    subtotalCents: lines.reduce((s, l) => s + l.line_total_cents, 0),
    pointsUsed: extra.pointsUsed ?? 0,
    now: extra.now ?? new Date(),
  });
}

describe("normalisation", () => {
  it("stores codes upper case without spaces and accepts a code typed with spaces and lower case", async () => {
    const p = await product(5000);
    const shopper = await createShopper(handle.db);
    const code = uniqueCode("ETE");
    const created = await adminCode({ code: `  ${code.slice(0, 3).toLowerCase()} ${code.slice(3).toLowerCase()} ` });
    expect(created.code).toBe(code);
    expect(normalizePromoCode(" été 20 ")).toBe("ÉTÉ20");
    const typed = `${code.slice(0, 2).toLowerCase()} ${code.slice(2, 5)} ${code.slice(5).toLowerCase()}`;
    const result = await check(typed, shopper, [{ product_id: p.id, line_total_cents: 5000 }]);
    expect(result).toMatchObject({ ok: true, promo: { code, discount_cents: 500 } });

    const placed = await order(shopper, { lines: [{ product_id: p.id, quantity: 1 }], promo_code: typed });
    expect(placed.ok).toBe(true);
    if (!placed.ok) return;
    expect(placed.order).toMatchObject({
      promo_code: code,
      promo_discount_cents: 500,
      subtotal_cents: 5000,
      total_cents: 5000 - 500 + 990,
    });
  });
});

describe("refusal reasons, each with its French message", () => {
  it("unknown, disabled, not yet valid, expired", async () => {
    const p = await product(5000);
    const shopper = await createShopper(handle.db);
    const line = [{ product_id: p.id, line_total_cents: 5000 }];
    expect(await check("NOPE-XYZ", shopper, line)).toEqual({ ok: false, reason: "unknown", message: "Ce code promo n'existe pas" });

    const off = await adminCode({});
    await setPromoCodeActive(handle.db, off.id, false);
    expect(await check(off.code, shopper, line)).toMatchObject({ reason: "disabled", message: "Ce code promo n'est plus actif" });

    const future = await adminCode({ starts_on: "2999-06-01" });
    expect(await check(future.code, shopper, line)).toMatchObject({
      reason: "not_yet_valid",
      message: "Ce code promo n'est pas encore valable (à partir du 1 juin 2999)",
    });

    const past = await adminCode({ starts_on: "2024-01-01", ends_on: "2024-01-31" });
    expect(await check(past.code, shopper, line)).toMatchObject({ reason: "expired", message: "Ce code promo a expiré" });
    // Valid through the whole last day, Paris time.
    expect(await check(past.code, shopper, line, { now: new Date("2024-01-31T22:59:00Z") })).toMatchObject({ ok: true });
    expect(await check(past.code, shopper, line, { now: new Date("2024-01-31T23:00:00Z") })).toMatchObject({ reason: "expired" });
  });

  it("minimum not reached says the minimum; not combinable with points; no eligible product", async () => {
    const { a, b, categoryA } = await productsInTwoCategories();
    const shopper = await createShopper(handle.db);
    const min = await adminCode({ min_order: "50" });
    expect(await check(min.code, shopper, [{ product_id: b.id, line_total_cents: 2000 }])).toMatchObject({
      reason: "minimum_not_reached",
      message: `Ce code promo est valable à partir de ${formatPrice(5000)} d'achats`,
    });
    expect(await check(min.code, shopper, [{ product_id: a.id, line_total_cents: 8000 }], { pointsUsed: 100 })).toMatchObject({
      reason: "not_combinable",
      message: "Les codes promo ne sont pas cumulables avec les points Beauty Pass",
    });
    const onlyA = await adminCode({ category_ids: [categoryA] });
    expect(await check(onlyA.code, shopper, [{ product_id: b.id, line_total_cents: 2000 }])).toMatchObject({
      reason: "no_eligible_product",
      message: "Aucun article de votre panier n'est concerné par ce code promo",
    });
  });

  it("not yours: a code bound to another customer, by account or by e-mail", async () => {
    const p = await product(5000);
    const owner = await createShopper(handle.db);
    const other = await createShopper(handle.db);
    const line = [{ product_id: p.id, line_total_cents: 5000 }];
    const personal = await adminCode({ customer_email: owner.email.toUpperCase() });
    expect(personal.customer_email).toBe(owner.email);
    expect(await check(personal.code, other, line)).toMatchObject({
      reason: "not_yours",
      message: "Ce code promo est réservé à un autre client",
    });
    expect(await check(personal.code, owner, line)).toMatchObject({ ok: true });

    await expect(
      createPromoCode(handle.db, { code: uniqueCode(), kind: "percentage", value: "10", customer_email: "personne@example.com" }),
    ).rejects.toMatchObject({
      kind: "invalid",
      code: "invalid_promo_code",
      message: "Aucun compte client n'utilise cet e-mail",
      field: "customer_email",
      fieldErrors: { customer_email: "Aucun compte client n'utilise cet e-mail" },
    });
  });

  it("already used (per-customer limit) and usage limit reached; refused orders change nothing", async () => {
    const p = await product(5000);
    const shopper = await createShopper(handle.db);
    const once = await adminCode({ per_customer_limit: "1" });
    const first = await order(shopper, { lines: [{ product_id: p.id, quantity: 1 }], promo_code: once.code });
    expect(first.ok).toBe(true);
    const second = await order(shopper, { lines: [{ product_id: p.id, quantity: 1 }], promo_code: once.code });
    expect(second).toMatchObject({
      ok: false,
      status: 400,
      code: "promo_code_refused",
      message: "Vous avez déjà utilisé ce code promo",
      field: "promo_code",
    });
    // Another customer may still use it.
    const other = await createShopper(handle.db);
    expect((await order(other, { lines: [{ product_id: p.id, quantity: 1 }], promo_code: once.code })).ok).toBe(true);

    const two = await adminCode({ usage_limit: "1" });
    expect((await order(shopper, { lines: [{ product_id: p.id, quantity: 1 }], promo_code: two.code })).ok).toBe(true);
    const late = await createShopper(handle.db);
    const refused = await order(late, { lines: [{ product_id: p.id, quantity: 1 }], promo_code: two.code });
    expect(refused).toMatchObject({ ok: false, message: "Ce code promo a atteint son nombre maximal d'utilisations" });
    expect(await handle.db.select().from(orders).where(eq(orders.userId, late.id))).toHaveLength(0);
  });

  it("the quote shows the reason and no discount; the order with points and a code is refused", async () => {
    const p = await product(5000);
    const shopper = await createShopper(handle.db, { points: 200 });
    const code = await adminCode({});
    const quote = await quoteCheckout(handle.db, {
      userId: shopper.id,
      lines: [{ product_id: p.id, quantity: 1 }],
      addressId: shopper.addressId,
      pointsToUse: 100,
      promoCode: code.code.toLowerCase(),
    });
    expect(quote).toMatchObject({
      promo: null,
      promo_error: "Les codes promo ne sont pas cumulables avec les points Beauty Pass",
      promo_discount_cents: 0,
    });
    expect(quote.total_cents).toBe(5000 - 1000 + 990);
    const refused = await order(shopper, { lines: [{ product_id: p.id, quantity: 1 }], points_to_use: 100, promo_code: code.code });
    expect(refused).toMatchObject({ ok: false, message: "Les codes promo ne sont pas cumulables avec les points Beauty Pass" });
  });
});

describe("discount maths", () => {
  it("a category-restricted code discounts only the lines of its categories", async () => {
    const { a, b, categoryA } = await productsInTwoCategories();
    const shopper = await createShopper(handle.db);
    const pct = await adminCode({ value: "15", category_ids: [categoryA] });
    const lines = [
      { product_id: a.id, quantity: 2 },
      { product_id: b.id, quantity: 3 },
    ];
    const quote = await quoteCheckout(handle.db, { userId: shopper.id, lines, addressId: shopper.addressId, promoCode: pct.code });
    // 15% of 2 x 40 € only: 12 €, not 15% of the 140 € basket.
    expect(quote.promo_discount_cents).toBe(1200);
    expect(quote.total_cents).toBe(14_000 - 1200);

    const fixed = await adminCode({ kind: "fixed", value: "100", category_ids: [categoryA] });
    const capped = await quoteCheckout(handle.db, { userId: shopper.id, lines, addressId: shopper.addressId, promoCode: fixed.code });
    // A fixed amount never exceeds the eligible lines (80 €).
    expect(capped.promo_discount_cents).toBe(8000);

    const rule = { kind: "percentage" as const, percent_off: 33, amount_off_cents: null, category_ids: [] };
    expect(promoDiscountCents(rule, [{ product_id: "x", category_id: null, line_total_cents: 1001 }])).toBe(330);
    expect(promoDiscountCents({ ...rule, percent_off: 100 }, [{ product_id: "x", category_id: null, line_total_cents: 1001 }])).toBe(1001);
  });

  it("points are earned on the amount actually paid, after the promo discount", async () => {
    const p = await product(6000);
    const shopper = await createShopper(handle.db);
    const code = await adminCode({ kind: "fixed", value: "20" });
    const placed = await order(shopper, { lines: [{ product_id: p.id, quantity: 1 }], promo_code: code.code });
    if (!placed.ok) throw new Error(placed.message);
    expect(placed.order.total_cents).toBe(6000 - 2000 + 990);
    const delivered = await changeOrderStatus(handle.db, {
      orderId: placed.order.id,
      newStatus: "delivered",
      actor: { userId: shopper.id, role: "admin" },
      provider,
    });
    expect(delivered).toMatchObject({ ok: true, pointsCredited: 49 });
  });
});

describe("limits under concurrency", () => {
  it("a code with a total limit of 3 used by 10 parallel orders: exactly 3 succeed", async () => {
    const p = await product(3000, 50);
    const code = await adminCode({ usage_limit: "3" });
    const shoppers = await Promise.all(Array.from({ length: 10 }, () => createShopper(handle.db)));
    const results = await Promise.all(
      shoppers.map((s) => order(s, { lines: [{ product_id: p.id, quantity: 1 }], promo_code: ` ${code.code.toLowerCase()} ` })),
    );
    const won = results.filter((r) => r.ok);
    expect(won).toHaveLength(3);
    for (const r of results.filter((r) => !r.ok))
      expect(r).toMatchObject({ message: "Ce code promo a atteint son nombre maximal d'utilisations" });
    const [row] = await handle.db.select().from(promoCodes).where(eq(promoCodes.id, code.id));
    expect(row.usedCount).toBe(3);
    const redemptions = await handle.db.select().from(promoRedemptions).where(eq(promoRedemptions.promoCodeId, code.id));
    expect(redemptions).toHaveLength(3);
    const [stock] = await handle.db.select({ s: products.stockQuantity }).from(products).where(eq(products.id, p.id));
    expect(stock.s).toBe(47);
  });

  it("one customer's parallel orders with a once-per-customer code: exactly 1 succeeds", async () => {
    const p = await product(3000, 50);
    const code = await adminCode({ per_customer_limit: "1" });
    const shopper = await createShopper(handle.db);
    const results = await Promise.all(
      Array.from({ length: 4 }, () => order(shopper, { lines: [{ product_id: p.id, quantity: 1 }], promo_code: code.code })),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    for (const r of results.filter((r) => !r.ok)) expect(r).toMatchObject({ message: "Vous avez déjà utilisé ce code promo" });
  });
});

describe("cancellation gives the use back", () => {
  it("a cancelled order frees its use; restoring it takes the use again, or is refused when the code is used up", async () => {
    const p = await product(3000);
    const code = await adminCode({ usage_limit: "1", per_customer_limit: "1" });
    const shopper = await createShopper(handle.db);
    const placed = await order(shopper, { lines: [{ product_id: p.id, quantity: 1 }], promo_code: code.code });
    if (!placed.ok) throw new Error(placed.message);
    const usedCount = async () => (await handle.db.select().from(promoCodes).where(eq(promoCodes.id, code.id)))[0].usedCount;
    expect(await usedCount()).toBe(1);

    expect(await cancelOwnOrder(handle.db, shopper.id, placed.order.id, new Date(), provider)).toMatchObject({ ok: true });
    expect(await usedCount()).toBe(0);
    const [redemption] = await handle.db.select().from(promoRedemptions).where(eq(promoRedemptions.orderId, placed.order.id));
    expect(redemption.releasedAt).not.toBeNull();

    // The same customer may use it again, since the cancelled order no longer counts.
    const again = await order(shopper, { lines: [{ product_id: p.id, quantity: 1 }], promo_code: code.code });
    expect(again.ok).toBe(true);
    expect(await usedCount()).toBe(1);

    // Restoring the cancelled order would exceed the limit: refused, nothing changes.
    const restore = await changeOrderStatus(handle.db, {
      orderId: placed.order.id,
      newStatus: "pending",
      actor: { userId: shopper.id, role: "admin" },
      provider,
    });
    expect(restore).toMatchObject({ ok: false, status: 409, code: "promo_code_unavailable" });
    expect(await usedCount()).toBe(1);

    // Cancel the second one: the first may come back and takes the use again.
    if (!again.ok) return;
    await changeOrderStatus(handle.db, {
      orderId: again.order.id,
      newStatus: "returned",
      actor: { userId: shopper.id, role: "admin" },
      provider,
    });
    expect(await usedCount()).toBe(0);
    expect(
      await changeOrderStatus(handle.db, {
        orderId: placed.order.id,
        newStatus: "pending",
        actor: { userId: shopper.id, role: "admin" },
        provider,
      }),
    ).toMatchObject({ ok: true });
    expect(await usedCount()).toBe(1);
    const live = await handle.db
      .select()
      .from(promoRedemptions)
      .where(and(eq(promoRedemptions.promoCodeId, code.id), sql`${promoRedemptions.releasedAt} IS NULL`));
    expect(live.map((r) => r.orderId)).toEqual([placed.order.id]);
  });
});

describe("back-office form", () => {
  it("refuses negative or out-of-range values with French messages", () => {
    const base = { code: "ABC", kind: "percentage", value: "10" };
    const first = (input: Record<string, unknown>) => {
      const r = PromoCodeFormSchema.safeParse({ ...base, ...input });
      return r.success ? null : r.error.issues[0].message;
    };
    expect(first({ kind: "fixed", value: "-5" })).toBe("Le montant ne peut pas être négatif");
    expect(first({ kind: "fixed", value: "0" })).toBe("Le montant doit être supérieur à 0");
    expect(first({ value: "0" })).toBe("Le pourcentage doit être un nombre entier entre 1 et 100");
    expect(first({ value: "101" })).toBe("Le pourcentage doit être un nombre entier entre 1 et 100");
    expect(first({ min_order: "-1" })).toBe("Le montant ne peut pas être négatif");
    expect(first({ usage_limit: "-3" })).toBe("La limite ne peut pas être négative");
    expect(first({ per_customer_limit: "0" })).toBe("La limite doit être un nombre entier supérieur ou égal à 1");
    expect(first({ starts_on: "2025-05-10", ends_on: "2025-05-01" })).toBe(PROMO_FORM_MESSAGES.datesOrder);
    expect(first({ code: "é!" })).toBe(PROMO_FORM_MESSAGES.codeLength);
    expect(first({ code: "PROMO!" })).toBe(PROMO_FORM_MESSAGES.codeCharacters);
    expect(first({ customer_email: "pas-un-email" })).toBe("Format d'email invalide");
    expect(PromoCodeFormSchema.parse({ ...base, kind: "fixed", value: "10,5", min_order: "30" })).toMatchObject({
      amount_off_cents: 1050,
      min_order_cents: 3000,
      percent_off: null,
    });
    expect(parisDayStart("2025-07-01").toISOString()).toBe("2025-06-30T22:00:00.000Z");
    expect(parisDayStart("2025-01-01").toISOString()).toBe("2024-12-31T23:00:00.000Z");
  });

  it("refuses a taken code and a limit below the uses already made; nothing changes", async () => {
    const p = await product(3000);
    const code = await adminCode({ usage_limit: "5" });
    await expect(createPromoCode(handle.db, { code: code.code.toLowerCase(), kind: "percentage", value: "5" })).rejects.toMatchObject({
      kind: "conflict",
      code: "promo_code_taken",
      message: "Ce code existe déjà",
      field: "code",
      fieldErrors: { code: "Ce code existe déjà" },
    });
    const shopper = await createShopper(handle.db);
    await order(shopper, { lines: [{ product_id: p.id, quantity: 1 }], promo_code: code.code });
    await order(await createShopper(handle.db), { lines: [{ product_id: p.id, quantity: 1 }], promo_code: code.code });
    await expect(
      updatePromoCode(handle.db, code.id, { code: code.code, kind: "percentage", value: "10", usage_limit: "1" }),
    ).rejects.toMatchObject({
      kind: "invalid",
      code: "invalid_promo_code",
      message: "La limite totale ne peut pas être inférieure aux utilisations déjà faites (2)",
      field: "usage_limit",
    });
    const edited = await updatePromoCode(handle.db, code.id, { code: code.code, kind: "fixed", value: "7", usage_limit: "2" });
    expect(edited).toMatchObject({ kind: "fixed", amount_off_cents: 700, usage_limit: 2, used_count: 2 });
    await expect(updatePromoCode(handle.db, randomUUID(), { code: uniqueCode(), kind: "percentage", value: "5" })).rejects.toMatchObject({
      kind: "not_found",
      code: "not_found",
      message: "Code promo introuvable",
    });
    await expect(setPromoCodeActive(handle.db, "pas-un-id", false)).rejects.toMatchObject({
      kind: "not_found",
      message: "Code promo introuvable",
    });
    await expect(createPromoCode(handle.db, { code: "", kind: "percentage", value: "10" })).rejects.toMatchObject({
      kind: "invalid",
      code: "invalid_promo_code",
      message: "Le code est obligatoire",
      fieldErrors: { code: "Le code est obligatoire" },
    });
  });
});

describe("newsletter welcome code", () => {
  async function pendingSubscription(email: string) {
    const token = randomUUID();
    await handle.db.insert(newsletterSubscriptions).values({ email, confirmTokenHash: hashToken(token), confirmationSentAt: new Date() });
    return token;
  }
  const mailsTo = async (email: string) =>
    (await handle.db.select().from(outbox).where(eq(outbox.topic, "mail")).orderBy(outbox.id))
      .map((r) => r.payload as MailMessage)
      .filter((m) => m.to === email);

  it("confirming creates one personal 10% code, single use, valid 30 days, and one mail; confirming again creates none", async () => {
    const shopper = await createShopper(handle.db);
    const token = await pendingSubscription(shopper.email);
    const now = new Date();
    expect(await confirmSubscription(handle.db, token, now)).toMatchObject({ ok: true });
    await settleDomainEvents(handle.db);
    const codes = await handle.db.select().from(promoCodes).where(eq(promoCodes.boundEmail, shopper.email));
    expect(codes).toHaveLength(1);
    const [code] = codes;
    expect(code).toMatchObject({
      kind: "percentage",
      percentOff: 10,
      usageLimit: 1,
      perCustomerLimit: 1,
      origin: "newsletter_welcome",
      active: true,
    });
    expect(code.code).toMatch(/^BIENVENUE-[A-HJ-NP-Z2-9]{8}$/);
    expect(code.endsAt!.getTime() - now.getTime()).toBe(30 * DAY);
    const mails = await mailsTo(shopper.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe("Votre code de bienvenue : 10 % de réduction");
    expect(mails[0].text).toContain(code.code);

    // Unsubscribe and subscribe again: a new confirmation, still one code and one mail.
    const token2 = randomUUID();
    await handle.db
      .update(newsletterSubscriptions)
      .set({ confirmTokenHash: hashToken(token2), confirmationSentAt: new Date() })
      .where(eq(newsletterSubscriptions.email, shopper.email));
    expect(await confirmSubscription(handle.db, token2)).toMatchObject({ ok: true });
    await settleDomainEvents(handle.db);
    expect(await handle.db.select().from(promoCodes).where(eq(promoCodes.boundEmail, shopper.email))).toHaveLength(1);
    expect(await mailsTo(shopper.email)).toHaveLength(1);

    // Only the account with that e-mail redeems it.
    const p = await product(5000);
    const stranger = await createShopper(handle.db);
    expect(await check(code.code.toLowerCase(), stranger, [{ product_id: p.id, line_total_cents: 5000 }])).toMatchObject({
      reason: "not_yours",
    });
    const placed = await order(shopper, { lines: [{ product_id: p.id, quantity: 1 }], promo_code: code.code });
    expect(placed).toMatchObject({ ok: true, order: { promo_discount_cents: 500 } });
    expect(await order(shopper, { lines: [{ product_id: p.id, quantity: 1 }], promo_code: code.code })).toMatchObject({ ok: false });
  });

  it("is for a first order only: refused once the shopper has an order that was not cancelled", async () => {
    const shopper = await createShopper(handle.db);
    expect(await confirmSubscription(handle.db, await pendingSubscription(shopper.email))).toMatchObject({ ok: true });
    await settleDomainEvents(handle.db);
    const [code] = await handle.db.select().from(promoCodes).where(eq(promoCodes.boundEmail, shopper.email));
    const p = await product(5000);
    const first = await order(shopper, { lines: [{ product_id: p.id, quantity: 1 }] });
    expect(first).toMatchObject({ ok: true });
    expect(await check(code.code, shopper, [{ product_id: p.id, line_total_cents: 5000 }])).toMatchObject({
      reason: "first_order_only",
      message: "Ce code de bienvenue est réservé à votre première commande",
    });
    // The earlier order cancelled: this is the first order again.
    await handle.db.update(orders).set({ status: "cancelled" }).where(eq(orders.userId, shopper.id));
    expect(await check(code.code, shopper, [{ product_id: p.id, line_total_cents: 5000 }])).toMatchObject({ ok: true });
  });

  it("draws codes from the cryptographic generator", () => {
    const codes = new Set(Array.from({ length: 200 }, () => generatePromoCode()));
    expect(codes.size).toBe(200);
  });
});
