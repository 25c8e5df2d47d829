import fc from "fast-check";
import { regexes } from "zod/v4/core";
import { describe, expect, it } from "vitest";
import { GIFT_CARD_EMAIL_PATTERN, GIFT_CARD_DELIVERY_MODES, GIFT_CARD_OCCASIONS, readStoredGiftCard } from "./gift-card.rules";
import { GiftCardConfigSchema } from "./gift-card.schema";

const stored = {
  amountCents: 5000,
  occasion: "anniversaire",
  deliveryMode: "email",
  recipientName: "Léa",
  recipientEmail: "lea@example.fr",
  message: "Joyeux anniversaire !",
};

/** Field values near the schema's edges: lengths around the limits, case, spaces, unsafe characters. */
const textish = fc.oneof(
  fc.string({ maxLength: 70 }),
  fc.constantFrom("", " Léa ", "LEA@EXAMPLE.FR", "lea@example.fr", "a\u0000b", "x".repeat(60), "x".repeat(61), "x".repeat(300)),
);
const card = fc.record({
  amountCents: fc.oneof(fc.integer({ min: 0, max: 60_000 }), fc.constantFrom(1000.5, "5000", null)),
  occasion: fc.oneof(fc.constantFrom(...GIFT_CARD_OCCASIONS), fc.string({ maxLength: 5 })),
  deliveryMode: fc.oneof(fc.constantFrom(...GIFT_CARD_DELIVERY_MODES), fc.constant("pigeon")),
  recipientName: textish,
  recipientEmail: fc.oneof(
    textish,
    fc.emailAddress(),
    fc.emailAddress().map((e) => e.toUpperCase()),
  ),
  message: fc.oneof(textish, fc.string({ minLength: 190, maxLength: 260 })),
});

describe("readStoredGiftCard", () => {
  it("keeps a card as the schema outputs it", () => {
    expect(readStoredGiftCard(stored)).toEqual(stored);
    expect(readStoredGiftCard({ ...stored, deliveryMode: "physical", recipientEmail: "" })).toEqual({
      ...stored,
      deliveryMode: "physical",
      recipientEmail: "",
    });
  });

  it("drops what the schema would refuse or change", () => {
    expect(readStoredGiftCard(null)).toBeNull();
    expect(readStoredGiftCard("carte")).toBeNull();
    expect(readStoredGiftCard({ ...stored, amountCents: 1 })).toBeNull();
    expect(readStoredGiftCard({ ...stored, occasion: "halloween" })).toBeNull();
    expect(readStoredGiftCard({ ...stored, recipientEmail: "" })).toBeNull();
    expect(readStoredGiftCard({ ...stored, recipientEmail: "Lea@example.fr" })).toBeNull();
    expect(readStoredGiftCard({ ...stored, recipientEmail: "lea@" })).toBeNull();
    expect(readStoredGiftCard({ ...stored, recipientName: " Léa" })).toBeNull();
    expect(readStoredGiftCard({ ...stored, message: "a\u0000b" })).toBeNull();
    const { message: _message, ...withoutMessage } = stored;
    expect(readStoredGiftCard(withoutMessage)).toBeNull();
  });

  it("uses the e-mail pattern of z.email()", () => {
    expect(GIFT_CARD_EMAIL_PATTERN.source).toBe(regexes.email.source);
    expect(GIFT_CARD_EMAIL_PATTERN.flags).toBe(regexes.email.flags);
  });

  it("accepts exactly the cards the schema outputs unchanged", () => {
    fc.assert(
      fc.property(card, (input) => {
        const parsed = GiftCardConfigSchema.safeParse(input);
        const kept = readStoredGiftCard(input);
        if (kept) {
          // Kept: the schema accepts it and gives the same card back.
          expect(parsed.success && parsed.data).toEqual(kept);
        } else if (parsed.success) {
          // Dropped although valid: only because the schema would have changed it (trim, case).
          expect(parsed.data).not.toEqual(input);
          // What the schema outputs is always kept.
          expect(readStoredGiftCard(parsed.data)).toEqual(parsed.data);
        }
      }),
      { numRuns: 2000 },
    );
  });
});
