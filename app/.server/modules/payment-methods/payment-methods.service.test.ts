import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { createTestDatabase } from "../../../../tests/support/db";
import type { DatabaseHandle } from "../../db/client";
import { paymentMethods, simulatedAcquirerCards, user } from "../../db/schema";
import { SimulatedPaymentProvider } from "../payments/payment-provider";
import {
  CVC_REFUSED_MESSAGE,
  PAYMENT_METHOD_LIMIT_MESSAGE,
  PAYMENT_METHOD_NOT_FOUND_MESSAGE,
  addPaymentMethod,
  chargeableCardOf,
  deletePaymentMethod,
  getPaymentMethod,
  listPaymentMethods,
  setDefaultPaymentMethod,
} from "./payment-methods.service";
import {
  CARD_EXPIRED_MESSAGE,
  CARD_EXPIRY_FORMAT_MESSAGE,
  CARD_EXPIRY_REQUIRED_MESSAGE,
  CARD_HOLDER_REQUIRED_MESSAGE,
  CARD_HOLDER_TOO_LONG_MESSAGE,
  CARD_NOT_ACCEPTED_MESSAGE,
  CARD_NUMBER_INVALID_MESSAGE,
  CARD_NUMBER_REQUIRED_MESSAGE,
  MAX_PAYMENT_METHODS,
  type PaymentMethodView,
} from "~/domain/payment-methods/payment-method.schema";

let handle: DatabaseHandle;
let provider: SimulatedPaymentProvider;
const claire = "user-cards-claire";
const marc = "user-cards-marc";
const busy = "user-cards-busy";
const racer = "user-cards-racer";
const lone = "user-cards-lone";
const legacy = "user-cards-legacy";

/** Two digits of a year ahead, so the test cards never expire. */
const yy = String((new Date().getFullYear() + 2) % 100).padStart(2, "0");
const visa = { number: "4242 4242 4242 4242", expiry: `12/${yy}`, holder: "  Claire Dubois " };
const MASTERCARD = "5555 5555 5555 4444";
const AMEX = "3782 822463 10005";

async function add(userId: string, input: Record<string, unknown>): Promise<PaymentMethodView> {
  return addPaymentMethod(handle.db, provider, userId, input);
}

async function defaultsOf(userId: string): Promise<string[]> {
  const rows = await handle.db
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.isDefault, true)));
  return rows.map((r) => r.id);
}

async function rowsOf(userId: string) {
  return handle.db.select().from(paymentMethods).where(eq(paymentMethods.userId, userId));
}

/** The cards the provider keeps for a customer (its vault, not ours). */
async function vaultOf(userId: string) {
  return handle.db
    .select()
    .from(simulatedAcquirerCards)
    .where(and(eq(simulatedAcquirerCards.account, provider.account), eq(simulatedAcquirerCards.customerRef, userId)));
}

beforeAll(async () => {
  handle = await createTestDatabase();
  provider = new SimulatedPaymentProvider(handle.db, `test-${randomUUID()}`);
  await handle.db
    .insert(user)
    .values([claire, marc, busy, racer, lone, legacy].map((id) => ({ id, name: id, email: `${id}@example.com` })));
});

afterAll(async () => {
  await handle?.close();
});

describe("addPaymentMethod", () => {
  it("tokenizes the number at the provider and stores only its token, brand, last four, expiry and holder", async () => {
    const first = await add(claire, visa);
    expect(first).toEqual({
      id: expect.any(String),
      brand: "visa",
      last4: "4242",
      expiry: `12/${yy}`,
      holder: "Claire Dubois",
      is_default: true,
      expired: false,
      usable: true,
      created_at: expect.any(String),
    });
    const [row] = await rowsOf(claire);
    expect(row.providerToken).toMatch(/^tok_/);
    expect(JSON.stringify(row)).not.toContain("4242424242424242");
    // The provider keeps the card for this customer; the token pays (its CVC typed again).
    const [kept] = await vaultOf(claire);
    expect(kept).toMatchObject({ token: row.providerToken, cardBrand: "visa", cardLastFour: "4242", expMonth: 12 });
    const paid = await provider.charge({
      amountCents: 1000,
      currency: "EUR",
      source: { type: "token", token: row.providerToken!, cvc: "123" },
      customerRef: claire,
      idempotencyKey: randomUUID(),
      description: "test",
    });
    expect(paid).toMatchObject({ ok: true, brand: "visa", lastFour: "4242" });
    expect(await chargeableCardOf(handle.db, claire, first.id)).toMatchObject({ token: row.providerToken, lastFour: "4242" });

    const second = await add(claire, { number: MASTERCARD, expiry: `01/${yy}`, holder: "Claire Dubois" });
    expect(second).toMatchObject({ brand: "mastercard", last4: "4444", is_default: false, usable: true });
    expect(await defaultsOf(claire)).toEqual([first.id]);
  });

  it("moves the default to a new card added with is_default", async () => {
    const amex = await add(claire, { number: AMEX, expiry: `06/${yy}`, holder: "Claire D", is_default: true });
    expect(amex).toMatchObject({ brand: "amex", last4: "0005", is_default: true });
    expect(await defaultsOf(claire)).toEqual([amex.id]);
  });

  it("lists the default first, then the newest", async () => {
    const list = await listPaymentMethods(handle.db, claire);
    expect(list.map((c) => c.last4)).toEqual(["0005", "4444", "4242"]);
  });

  it("updates the same card added again instead of listing it twice", async () => {
    const before = await rowsOf(claire);
    const again = await add(claire, { ...visa, holder: "Claire Martin" });
    const after = await rowsOf(claire);
    expect(after).toHaveLength(before.length);
    expect(again).toMatchObject({ last4: "4242", holder: "Claire Martin", is_default: false });
    expect(after.find((r) => r.id === again.id)!.providerToken).not.toBe(before.find((r) => r.id === again.id)!.providerToken);
  });

  it.each([
    [{ ...visa, number: "4242 4242 4242 4241" }, "number", CARD_NUMBER_INVALID_MESSAGE],
    [{ ...visa, number: "1234" }, "number", CARD_NUMBER_INVALID_MESSAGE],
    [{ ...visa, number: "9".repeat(10_000) }, "number", CARD_NUMBER_INVALID_MESSAGE],
    [{ ...visa, number: "6011 1111 1111 1117" }, "number", CARD_NOT_ACCEPTED_MESSAGE],
    [{ ...visa, number: "" }, "number", CARD_NUMBER_REQUIRED_MESSAGE],
    [{ ...visa, number: 4242424242424242 }, "number", CARD_NUMBER_REQUIRED_MESSAGE],
    [{ ...visa, number: undefined }, "number", CARD_NUMBER_REQUIRED_MESSAGE],
    [{ ...visa, expiry: "01/20" }, "expiry", CARD_EXPIRED_MESSAGE],
    [{ ...visa, expiry: "13/30" }, "expiry", CARD_EXPIRY_FORMAT_MESSAGE],
    [{ ...visa, expiry: "1230" }, "expiry", CARD_EXPIRY_FORMAT_MESSAGE],
    [{ ...visa, expiry: "" }, "expiry", CARD_EXPIRY_REQUIRED_MESSAGE],
    [{ ...visa, holder: undefined }, "holder", CARD_HOLDER_REQUIRED_MESSAGE],
    [{ ...visa, holder: "   " }, "holder", CARD_HOLDER_REQUIRED_MESSAGE],
    [{ ...visa, holder: "x".repeat(10_000) }, "holder", CARD_HOLDER_TOO_LONG_MESSAGE],
  ])("refuses %j with a French message on the field and sends nothing to the provider", async (input, field, message) => {
    await expect(addPaymentMethod(handle.db, provider, marc, input)).rejects.toMatchObject({
      kind: "invalid",
      code: "invalid_payment_method",
      fieldErrors: { [field]: message },
      message: expect.stringContaining(message),
    });
    expect(await rowsOf(marc)).toEqual([]);
    expect(await vaultOf(marc)).toEqual([]);
  });

  it("refuses a request carrying a CVC (never stored), and tokenizes nothing", async () => {
    for (const extra of [{ cvc: "123" }, { card_cvc: "123" }, { cvv: "123" }, { security_code: "123" }]) {
      await expect(addPaymentMethod(handle.db, provider, marc, { ...visa, ...extra })).rejects.toMatchObject({
        kind: "invalid",
        code: "cvc_refused",
        message: CVC_REFUSED_MESSAGE,
      });
    }
    expect(await rowsOf(marc)).toEqual([]);
    expect(await vaultOf(marc)).toEqual([]);
  });

  it("ignores other unknown fields (they are never stored)", async () => {
    const card = await add(lone, { ...visa, user_id: claire, is_admin: true, id: "00000000-0000-4000-8000-000000000000" });
    expect(card.id).not.toBe("00000000-0000-4000-8000-000000000000");
    expect((await rowsOf(lone)).map((r) => r.userId)).toEqual([lone]);
  });

  it(`stops at ${MAX_PAYMENT_METHODS} cards with a French message, before asking the provider`, async () => {
    for (let i = 1; i <= MAX_PAYMENT_METHODS; i++) await add(busy, { ...visa, expiry: `${String(i).padStart(2, "0")}/${yy}` });
    const tokens = (await vaultOf(busy)).length;
    await expect(addPaymentMethod(handle.db, provider, busy, { ...visa, expiry: `11/${yy}` })).rejects.toMatchObject({
      kind: "conflict",
      code: "payment_method_limit",
      message: PAYMENT_METHOD_LIMIT_MESSAGE,
    });
    expect((await rowsOf(busy)).length).toBe(MAX_PAYMENT_METHODS);
    expect((await vaultOf(busy)).length).toBe(tokens);
    // One of the ten again is an update, not an eleventh card.
    await add(busy, { ...visa, expiry: `01/${yy}`, holder: "Nouveau titulaire" });
    expect((await rowsOf(busy)).length).toBe(MAX_PAYMENT_METHODS);
  });

  it("keeps exactly one default when first cards are added at the same time", async () => {
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) => addPaymentMethod(handle.db, provider, racer, { ...visa, expiry: `0${i + 1}/${yy}` })),
    );
    expect(results).toHaveLength(5);
    expect(await defaultsOf(racer)).toHaveLength(1);
  });

  it("shows a card recorded before tokenization as not usable, and makes it usable when added again", async () => {
    const [old] = await handle.db
      .insert(paymentMethods)
      .values({ userId: legacy, type: "card", cardBrand: "visa", cardLastFour: "4242", cardHolderName: "Ancien", isDefault: true })
      .returning();
    const [expiredRow] = await handle.db
      .insert(paymentMethods)
      .values({
        userId: legacy,
        type: "card",
        cardBrand: "mastercard",
        cardLastFour: "4444",
        cardHolderName: "Ancien",
        expMonth: 1,
        expYear: 2020,
        providerToken: "tok_old",
        isDefault: false,
      })
      .returning();
    const list = await listPaymentMethods(handle.db, legacy);
    expect(list.find((c) => c.id === old.id)).toMatchObject({ expiry: null, expired: false, usable: false });
    expect(list.find((c) => c.id === expiredRow.id)).toMatchObject({ expiry: "01/20", expired: true, usable: false });
    await expect(chargeableCardOf(handle.db, legacy, old.id)).rejects.toMatchObject({ code: "payment_method_not_usable" });
    await expect(chargeableCardOf(handle.db, legacy, expiredRow.id)).rejects.toMatchObject({ code: "card_expired" });

    const again = await add(legacy, visa);
    expect(again).toMatchObject({ id: old.id, expiry: `12/${yy}`, usable: true, is_default: true });
    expect((await rowsOf(legacy)).length).toBe(2);
  });
});

describe("setDefaultPaymentMethod", () => {
  it("sets the chosen card as default and leaves exactly one default", async () => {
    const list = await listPaymentMethods(handle.db, claire);
    const mastercard = list.find((c) => c.brand === "mastercard")!;
    const result = await setDefaultPaymentMethod(handle.db, claire, mastercard.id);
    expect(result.is_default).toBe(true);
    expect(await defaultsOf(claire)).toEqual([mastercard.id]);
    expect((await listPaymentMethods(handle.db, claire))[0].id).toBe(mastercard.id);
    // Again on the default: still exactly one.
    await setDefaultPaymentMethod(handle.db, claire, mastercard.id);
    expect(await defaultsOf(claire)).toEqual([mastercard.id]);
  });

  it("repairs a list left without a default", async () => {
    await handle.db.update(paymentMethods).set({ isDefault: false }).where(eq(paymentMethods.userId, racer));
    const [any] = await listPaymentMethods(handle.db, racer);
    await setDefaultPaymentMethod(handle.db, racer, any.id);
    expect(await defaultsOf(racer)).toEqual([any.id]);
  });

  it("refuses someone else's card and malformed ids as not found, changing nothing", async () => {
    const [mine] = await listPaymentMethods(handle.db, claire);
    const before = await rowsOf(claire);
    await expect(setDefaultPaymentMethod(handle.db, marc, mine.id)).rejects.toMatchObject({
      kind: "not_found",
      message: PAYMENT_METHOD_NOT_FOUND_MESSAGE,
    });
    await expect(setDefaultPaymentMethod(handle.db, claire, "not-a-uuid")).rejects.toMatchObject({ kind: "not_found" });
    await expect(setDefaultPaymentMethod(handle.db, "no-such-user", mine.id)).rejects.toMatchObject({ kind: "not_found" });
    expect(await getPaymentMethod(handle.db, marc, mine.id)).toBeNull();
    expect(await getPaymentMethod(handle.db, claire, "1234")).toBeNull();
    // Nor can it pay for someone else.
    await expect(chargeableCardOf(handle.db, marc, mine.id)).rejects.toMatchObject({
      kind: "not_found",
      code: "payment_method_not_found",
    });
    expect(await rowsOf(claire)).toEqual(before);
  });
});

describe("deletePaymentMethod", () => {
  it("refuses someone else's card and leaves it in place", async () => {
    const [mine] = await listPaymentMethods(handle.db, claire);
    await expect(deletePaymentMethod(handle.db, marc, mine.id)).rejects.toMatchObject({
      kind: "not_found",
      message: PAYMENT_METHOD_NOT_FOUND_MESSAGE,
    });
    await expect(deletePaymentMethod(handle.db, marc, "'; drop table payment_methods; --")).rejects.toMatchObject({ kind: "not_found" });
    expect(await getPaymentMethod(handle.db, claire, mine.id)).not.toBeNull();
  });

  it("deletes a card that is not the default and keeps the default", async () => {
    const list = await listPaymentMethods(handle.db, claire);
    const [def, other] = list;
    expect(await deletePaymentMethod(handle.db, claire, other.id)).toEqual({ id: other.id, newDefaultId: null });
    expect(await defaultsOf(claire)).toEqual([def.id]);
    expect((await listPaymentMethods(handle.db, claire)).length).toBe(list.length - 1);
  });

  it("makes the newest remaining card the default when the default is deleted", async () => {
    const older = await add(lone, { ...visa, expiry: `01/${yy}` });
    const newer = await add(lone, { ...visa, expiry: `02/${yy}` });
    const [def] = await listPaymentMethods(handle.db, lone);
    expect(def.is_default).toBe(true);
    expect([older.id, newer.id]).not.toContain(def.id);
    const result = await deletePaymentMethod(handle.db, lone, def.id);
    expect(result).toEqual({ id: def.id, newDefaultId: newer.id });
    expect(await defaultsOf(lone)).toEqual([newer.id]);
  });

  it("leaves an empty list without a default after the last card is deleted", async () => {
    const cards = await listPaymentMethods(handle.db, lone);
    for (const card of cards) expect((await deletePaymentMethod(handle.db, lone, card.id)).id).toBe(card.id);
    expect(await listPaymentMethods(handle.db, lone)).toEqual([]);
    const again = await add(lone, visa);
    expect(again.is_default).toBe(true);
  });
});
