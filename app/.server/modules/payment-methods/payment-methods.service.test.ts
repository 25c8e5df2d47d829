import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { createTestDatabase } from "../../../../tests/support/db";
import type { DatabaseHandle } from "../../db/client";
import { paymentMethods, user } from "../../db/schema";
import {
  FULL_CARD_NUMBER_REFUSED_MESSAGE,
  PAYMENT_METHOD_LIMIT_MESSAGE,
  PAYMENT_METHOD_NOT_FOUND_MESSAGE,
  addPaymentMethod,
  deletePaymentMethod,
  getPaymentMethod,
  listPaymentMethods,
  setDefaultPaymentMethod,
} from "./payment-methods.service";
import {
  CARD_BRAND_MESSAGE,
  CARD_EXPIRED_MESSAGE,
  CARD_EXPIRY_INCOMPLETE_MESSAGE,
  CARD_HOLDER_REQUIRED_MESSAGE,
  CARD_HOLDER_TOO_LONG_MESSAGE,
  CARD_LAST_FOUR_MESSAGE,
  CARD_LAST_FOUR_REQUIRED_MESSAGE,
  MAX_PAYMENT_METHODS,
  type PaymentMethodView,
} from "~/domain/payment-methods/payment-method.schema";

let handle: DatabaseHandle;
const claire = "user-cards-claire";
const marc = "user-cards-marc";
const busy = "user-cards-busy";
const racer = "user-cards-racer";
const lone = "user-cards-lone";

const nextYear = new Date().getFullYear() + 1;
const visa = { card_holder_name: "  Claire Dubois ", card_brand: "visa", card_last_four: "4242", exp_month: 12, exp_year: nextYear };

async function add(userId: string, input: Record<string, unknown>): Promise<PaymentMethodView> {
  return addPaymentMethod(handle.db, userId, input);
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

beforeAll(async () => {
  handle = await createTestDatabase();
  await handle.db.insert(user).values([claire, marc, busy, racer, lone].map((id) => ({ id, name: id, email: `${id}@example.com` })));
});

afterAll(async () => {
  await handle?.close();
});

describe("addPaymentMethod", () => {
  it("makes the first card the default and stores only brand, last four, holder and expiry", async () => {
    const first = await add(claire, visa);
    expect(first).toMatchObject({
      type: "card",
      card_brand: "visa",
      card_last_four: "4242",
      card_holder_name: "Claire Dubois",
      exp_month: 12,
      exp_year: nextYear,
      is_default: true,
    });
    const second = await add(claire, { card_holder_name: "Claire Dubois", card_brand: "mastercard", card_last_four: "5454" });
    expect(second).toMatchObject({ is_default: false, exp_month: null, exp_year: null });
    expect(await defaultsOf(claire)).toEqual([first.id]);
  });

  it("moves the default to a new card added with is_default", async () => {
    const amex = await add(claire, { card_holder_name: "Claire D", card_brand: "amex", card_last_four: "0005", is_default: true });
    expect(amex.is_default).toBe(true);
    expect(await defaultsOf(claire)).toEqual([amex.id]);
  });

  it("lists the default first, then the newest", async () => {
    const list = await listPaymentMethods(handle.db, claire);
    expect(list.map((c) => c.card_last_four)).toEqual(["0005", "5454", "4242"]);
  });

  it.each([
    [{ ...visa, card_brand: "discover" }, "card_brand", CARD_BRAND_MESSAGE],
    [{ ...visa, card_brand: undefined }, "card_brand", CARD_BRAND_MESSAGE],
    [{ ...visa, card_last_four: "12a4" }, "card_last_four", CARD_LAST_FOUR_MESSAGE],
    [{ ...visa, card_last_four: "12345" }, "card_last_four", CARD_LAST_FOUR_MESSAGE],
    [{ ...visa, card_last_four: "" }, "card_last_four", CARD_LAST_FOUR_REQUIRED_MESSAGE],
    [{ ...visa, card_last_four: 4242 }, "card_last_four", CARD_LAST_FOUR_REQUIRED_MESSAGE],
    [{ ...visa, card_holder_name: undefined }, "card_holder_name", CARD_HOLDER_REQUIRED_MESSAGE],
    [{ ...visa, card_holder_name: "   " }, "card_holder_name", CARD_HOLDER_REQUIRED_MESSAGE],
    [{ ...visa, card_holder_name: "x".repeat(10_000) }, "card_holder_name", CARD_HOLDER_TOO_LONG_MESSAGE],
    [{ ...visa, exp_year: null }, "exp_year", CARD_EXPIRY_INCOMPLETE_MESSAGE],
    [{ ...visa, exp_month: 1, exp_year: 2020 }, "exp_month", CARD_EXPIRED_MESSAGE],
    [{ ...visa, exp_month: 13 }, "exp_month", "Mois d'expiration invalide"],
    [{ ...visa, exp_year: 3000 }, "exp_year", "Année d'expiration invalide"],
  ])("refuses %j with a French message on the field and stores nothing", async (input, field, message) => {
    const before = (await rowsOf(marc)).length;
    await expect(addPaymentMethod(handle.db, marc, input)).rejects.toMatchObject({
      kind: "invalid",
      code: "invalid_payment_method",
      fieldErrors: { [field]: message },
      message: expect.stringContaining(message),
    });
    expect((await rowsOf(marc)).length).toBe(before);
  });

  it("refuses a request carrying a full card number or a CVC, and stores nothing", async () => {
    for (const extra of [{ card_number: "4242424242424242" }, { number: "4242 4242 4242 4242" }, { cvc: "123" }]) {
      await expect(addPaymentMethod(handle.db, marc, { ...visa, ...extra })).rejects.toMatchObject({
        kind: "invalid",
        code: "card_number_refused",
        message: FULL_CARD_NUMBER_REFUSED_MESSAGE,
      });
    }
    expect(await rowsOf(marc)).toEqual([]);
  });

  it("ignores other unknown fields (they are never stored)", async () => {
    const card = await add(lone, { ...visa, user_id: claire, is_admin: true, id: "00000000-0000-4000-8000-000000000000" });
    expect(card.id).not.toBe("00000000-0000-4000-8000-000000000000");
    expect((await rowsOf(lone)).map((r) => r.userId)).toEqual([lone]);
  });

  it(`stops at ${MAX_PAYMENT_METHODS} cards with a French message`, async () => {
    for (let i = 0; i < MAX_PAYMENT_METHODS; i++) await add(busy, { ...visa, card_last_four: String(1000 + i) });
    await expect(addPaymentMethod(handle.db, busy, visa)).rejects.toMatchObject({
      kind: "conflict",
      code: "payment_method_limit",
      message: PAYMENT_METHOD_LIMIT_MESSAGE,
    });
    expect((await rowsOf(busy)).length).toBe(MAX_PAYMENT_METHODS);
  });

  it("keeps exactly one default when first cards are added at the same time", async () => {
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) => addPaymentMethod(handle.db, racer, { ...visa, card_last_four: `000${i}` })),
    );
    expect(results).toHaveLength(5);
    expect(await defaultsOf(racer)).toHaveLength(1);
  });
});

describe("setDefaultPaymentMethod", () => {
  it("sets the chosen card as default and leaves exactly one default", async () => {
    const list = await listPaymentMethods(handle.db, claire);
    const mastercard = list.find((c) => c.card_brand === "mastercard")!;
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
    const older = await add(lone, { ...visa, card_last_four: "1111" });
    const newer = await add(lone, { ...visa, card_last_four: "2222" });
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
