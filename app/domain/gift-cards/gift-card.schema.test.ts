import { describe, expect, it } from "vitest";
import { computeGiftCardTotals } from "./gift-card.rules";
import { GIFT_CARD_FORM_MESSAGES, GiftCardConfigSchema, parseCustomAmount, type GiftCardConfigInput } from "./gift-card.schema";
import { GIFT_CARD_PRESETS } from "./gift-card.options";

const valid: GiftCardConfigInput = {
  amountCents: 5000,
  occasion: "anniversaire",
  deliveryMode: "email",
  recipientName: "Léa",
  recipientEmail: "lea@example.fr",
  message: "Joyeux anniversaire !",
};

function messagesOf(input: GiftCardConfigInput): string[] {
  const result = GiftCardConfigSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe("GiftCardConfigSchema", () => {
  it("accepts a complete card and normalises the e-mail", () => {
    const parsed = GiftCardConfigSchema.parse({ ...valid, recipientEmail: "  Lea@Example.FR " });
    expect(parsed).toEqual({ ...valid, recipientEmail: "lea@example.fr" });
  });

  it("accepts every preset amount and the bounds of the custom range", () => {
    expect(GIFT_CARD_PRESETS.map((p) => p.amountCents)).toEqual([2500, 5000, 7500, 10_000, 15_000, 20_000]);
    expect(GIFT_CARD_PRESETS.filter((p) => p.popular).map((p) => p.amountCents)).toEqual([5000]);
    for (const amountCents of [1000, 12_050, 50_000, ...GIFT_CARD_PRESETS.map((p) => p.amountCents)]) {
      expect(messagesOf({ ...valid, amountCents })).toEqual([]);
    }
  });

  it("refuses amounts outside 10 € - 500 € with the French message", () => {
    expect(GIFT_CARD_FORM_MESSAGES.amountRange).toBe("Le montant doit être compris entre 10 € et 500 €");
    expect(messagesOf({ ...valid, amountCents: 999 })).toEqual([GIFT_CARD_FORM_MESSAGES.amountRange]);
    expect(messagesOf({ ...valid, amountCents: 50_001 })).toEqual([GIFT_CARD_FORM_MESSAGES.amountRange]);
    expect(messagesOf({ ...valid, amountCents: 0 })).toEqual([GIFT_CARD_FORM_MESSAGES.amountRange]);
    expect(messagesOf({ ...valid, amountCents: 1000.5 })).toEqual([GIFT_CARD_FORM_MESSAGES.amountInvalid]);
  });

  it("refuses an unknown occasion or delivery mode", () => {
    expect(messagesOf({ ...valid, occasion: "halloween" as never })).toEqual([GIFT_CARD_FORM_MESSAGES.occasion]);
    expect(messagesOf({ ...valid, deliveryMode: "pigeon" as never })).toEqual([GIFT_CARD_FORM_MESSAGES.deliveryMode]);
  });

  it("requires the recipient's e-mail for an e-mail delivery only", () => {
    expect(messagesOf({ ...valid, recipientEmail: "  " })).toEqual([GIFT_CARD_FORM_MESSAGES.recipientEmailRequired]);
    expect(messagesOf({ ...valid, deliveryMode: "physical", recipientEmail: "" })).toEqual([]);
    expect(messagesOf({ ...valid, recipientEmail: "pas-un-email" })).toEqual([GIFT_CARD_FORM_MESSAGES.recipientEmailInvalid]);
    expect(messagesOf({ ...valid, deliveryMode: "physical", recipientEmail: "pas-un-email" })).toEqual([
      GIFT_CARD_FORM_MESSAGES.recipientEmailInvalid,
    ]);
  });

  it("limits the message to 200 characters", () => {
    expect(messagesOf({ ...valid, message: "a".repeat(200) })).toEqual([]);
    expect(messagesOf({ ...valid, message: "a".repeat(201) })).toEqual([GIFT_CARD_FORM_MESSAGES.messageTooLong]);
    expect(GIFT_CARD_FORM_MESSAGES.messageTooLong).toBe("Le message ne peut pas dépasser 200 caractères");
  });

  it("defaults the optional texts to empty strings", () => {
    const parsed = GiftCardConfigSchema.parse({ amountCents: 2500, occasion: "noel", deliveryMode: "physical" });
    expect(parsed).toEqual({
      amountCents: 2500,
      occasion: "noel",
      deliveryMode: "physical",
      recipientName: "",
      recipientEmail: "",
      message: "",
    });
  });
});

describe("parseCustomAmount", () => {
  it("reads euros into cents, with a comma or a dot", () => {
    expect(parseCustomAmount("120")).toEqual({ ok: true, cents: 12_000 });
    expect(parseCustomAmount(" 12,5 ")).toEqual({ ok: true, cents: 1250 });
    expect(parseCustomAmount("10.99")).toEqual({ ok: true, cents: 1099 });
    expect(parseCustomAmount("")).toEqual({ ok: true, cents: null });
  });

  it("says the range for amounts outside it and rejects what is not an amount", () => {
    for (const raw of ["5", "9.99", "500.01", "600", "-20", "1e5"]) {
      expect(parseCustomAmount(raw)).toEqual({ ok: false, error: GIFT_CARD_FORM_MESSAGES.amountRange });
    }
    for (const raw of ["abc", "12.345", "1 000"]) {
      expect(parseCustomAmount(raw)).toEqual({ ok: false, error: GIFT_CARD_FORM_MESSAGES.amountInvalid });
    }
  });
});

describe("computeGiftCardTotals", () => {
  it("adds 5 € for the physical premium card only", () => {
    expect(computeGiftCardTotals(12_000, "email")).toEqual({ amountCents: 12_000, deliveryFeeCents: 0, totalCents: 12_000 });
    expect(computeGiftCardTotals(12_000, "physical")).toEqual({
      amountCents: 12_000,
      deliveryFeeCents: 500,
      totalCents: 12_500,
    });
  });
});
