import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../../tests/support/db";
import type { DatabaseHandle } from "../../db/client";
import { simulatedAcquirerCards } from "../../db/schema";
import { TEST_CARD_APPROVED, TEST_CARD_AUTHENTICATION, TEST_CARD_DECLINED } from "~/domain/checkout/checkout.schema";
import {
  AUTHENTICATION_FAILED_MESSAGE,
  CARD_EXPIRED_MESSAGE,
  PAYMENT_DECLINED_MESSAGE,
  SimulatedPaymentProvider,
  UNKNOWN_TOKEN_MESSAGE,
  WRONG_CVC_MESSAGE,
  type ChargeRequest,
} from "./payment-provider";

let handle: DatabaseHandle;
let provider: SimulatedPaymentProvider;
const FUTURE = { month: 12, year: 2039 };

beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});
beforeEach(() => {
  provider = new SimulatedPaymentProvider(handle.db, `test-${randomUUID()}`);
});

function tokenCharge(token: string, key: string, extra: Partial<ChargeRequest> & { cvc?: string } = {}): ChargeRequest {
  const { cvc, ...rest } = extra;
  return {
    amountCents: 4200,
    currency: "EUR",
    source: { type: "token", token, ...(cvc === undefined ? {} : { cvc }) },
    customerRef: "alice",
    idempotencyKey: key,
    description: "test",
    ...rest,
  };
}

async function tokenOf(number: string, customerRef = "alice", cvc = "123") {
  const made = await provider.tokenize({ number, expiry: FUTURE, cvc, customerRef });
  if (!made.ok) throw new Error(made.message);
  return made;
}

describe("tokenization", () => {
  it("returns a token, the brand, last four and expiry, and keeps no card number", async () => {
    const made = await tokenOf(TEST_CARD_APPROVED);
    expect(made).toMatchObject({ ok: true, brand: "visa", lastFour: "4242", expMonth: 12, expYear: 2039 });
    expect(made.token).toMatch(/^tok_[0-9a-f]{32}$/);
    const [row] = await handle.db.select().from(simulatedAcquirerCards).where(eq(simulatedAcquirerCards.token, made.token));
    expect(JSON.stringify(row)).not.toMatch(/4242424242424242|"123"/);
  });

  it("refuses an invalid number and an expired card", async () => {
    expect(await provider.tokenize({ number: "4242 4242 4242 4241", expiry: FUTURE, customerRef: "alice" })).toMatchObject({
      ok: false,
      code: "invalid_card",
    });
    expect(await provider.tokenize({ number: TEST_CARD_APPROVED, expiry: { month: 1, year: 2020 }, customerRef: "alice" })).toEqual({
      ok: false,
      code: "invalid_card",
      message: CARD_EXPIRED_MESSAGE,
    });
  });
});

describe("charging a token", () => {
  it("charges with the right CVC, once per key, and refuses a wrong CVC", async () => {
    const { token } = await tokenOf(TEST_CARD_APPROVED);
    const first = await provider.charge(tokenCharge(token, "k1", { cvc: "123" }));
    const again = await provider.charge(tokenCharge(token, "k1", { cvc: "123" }));
    expect(first).toMatchObject({ ok: true, brand: "visa", lastFour: "4242" });
    expect(again).toEqual(first);
    expect(await provider.charge(tokenCharge(token, "k2", { cvc: "999" }))).toEqual({
      ok: false,
      code: "declined",
      message: WRONG_CVC_MESSAGE,
    });
    expect(await provider.listCharges()).toHaveLength(1);
  });

  it("refuses a token made for another customer, or unknown, and declines the decline card", async () => {
    const { token } = await tokenOf(TEST_CARD_APPROVED, "alice");
    expect(await provider.charge(tokenCharge(token, "k1", { cvc: "123", customerRef: "mallory" }))).toEqual({
      ok: false,
      code: "declined",
      message: UNKNOWN_TOKEN_MESSAGE,
    });
    expect(await provider.charge(tokenCharge("tok_unknown", "k2", { cvc: "123" }))).toMatchObject({ ok: false, code: "declined" });
    // Another merchant account does not see this account's tokens.
    const other = new SimulatedPaymentProvider(handle.db, `test-${randomUUID()}`);
    expect(await other.charge(tokenCharge(token, "k3", { cvc: "123" }))).toMatchObject({ ok: false, message: UNKNOWN_TOKEN_MESSAGE });
    const declining = await tokenOf(TEST_CARD_DECLINED);
    expect(await provider.charge(tokenCharge(declining.token, "k4"))).toEqual({
      ok: false,
      code: "declined",
      message: PAYMENT_DECLINED_MESSAGE,
    });
    expect(await provider.listCharges()).toEqual([]);
  });

  it("charges a merchant-initiated payment (no CVC) of the authentication card without asking", async () => {
    const { token } = await tokenOf(TEST_CARD_AUTHENTICATION);
    expect(await provider.charge(tokenCharge(token, "mit-1"))).toMatchObject({ ok: true, lastFour: "3184" });
  });
});

describe("3-D Secure", () => {
  const cardRequest = (key: string): ChargeRequest => ({
    amountCents: 5000,
    currency: "EUR",
    source: { type: "card", card: { holder: "A", number: "4000002760003184", expiry: "12/39", cvc: "123" } },
    customerRef: "alice",
    idempotencyKey: key,
    description: "test",
  });

  it("asks for authentication, the same one for the same key, and charges once on success", async () => {
    const asked = await provider.charge(cardRequest("a1"));
    expect(asked).toMatchObject({ ok: false, code: "authentication_required" });
    if (asked.ok || asked.code !== "authentication_required") return;
    expect(await provider.charge(cardRequest("a1"))).toEqual(asked);
    expect(await provider.listCharges()).toEqual([]);

    const done = await provider.completeAuthentication(asked.authenticationId, "succeeded");
    expect(done).toMatchObject({ status: "charged", charge: { ok: true, brand: "visa", lastFour: "3184" } });
    expect(await provider.completeAuthentication(asked.authenticationId, "succeeded")).toEqual({ status: "already_completed" });
    expect(await provider.completeAuthentication(asked.authenticationId, "failed")).toEqual({ status: "already_completed" });
    // The key's charge is the authenticated one: a retried charge replays it.
    const replay = await provider.charge(cardRequest("a1"));
    expect(done.status === "charged" && replay.ok && replay.paymentId === done.charge.paymentId).toBe(true);
    expect(await provider.listCharges()).toEqual([expect.objectContaining({ idempotencyKey: "a1", amountCents: 5000 })]);
  });

  it("charges nothing when the authentication fails, and answers unknown ids", async () => {
    const asked = await provider.charge(cardRequest("b1"));
    if (asked.ok || asked.code !== "authentication_required") throw new Error("expected authentication");
    expect(await provider.completeAuthentication(asked.authenticationId, "failed")).toEqual({
      status: "failed",
      message: AUTHENTICATION_FAILED_MESSAGE,
    });
    expect(await provider.charge(cardRequest("b1"))).toEqual({ ok: false, code: "declined", message: AUTHENTICATION_FAILED_MESSAGE });
    expect(await provider.completeAuthentication("auth_unknown", "succeeded")).toEqual({ status: "not_found" });
    expect(await provider.listCharges()).toEqual([]);
  });

  it("charges once when the bank's page answers twice at the same moment", async () => {
    const asked = await provider.charge(cardRequest("c1"));
    if (asked.ok || asked.code !== "authentication_required") throw new Error("expected authentication");
    const outcomes = await Promise.all([1, 2, 3].map(() => provider.completeAuthentication(asked.authenticationId, "succeeded")));
    expect(outcomes.filter((o) => o.status === "charged")).toHaveLength(1);
    expect(await provider.listCharges()).toHaveLength(1);
  });

  it("asks a saved authentication card for 3-D Secure when the shopper pays with its CVC", async () => {
    const { token } = await tokenOf(TEST_CARD_AUTHENTICATION);
    expect(await provider.charge(tokenCharge(token, "d1", { cvc: "123" }))).toMatchObject({ ok: false, code: "authentication_required" });
  });
});
