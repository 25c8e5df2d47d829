import { describe, expect, it } from "vitest";
import {
  DEFAULT_GIFT_WRAP_SETTINGS,
  GIFT_MESSAGE_MAX,
  GIFT_MESSAGE_TOO_LONG_MESSAGE,
  GiftOptionsSchema,
  GiftWrapSettingsFormSchema,
  giftMessageLength,
  giftOptionsProblem,
  giftWrapOfferFor,
  orderGiftViewOf,
  parseGiftWrapPrice,
} from "./gift-options";
import { PlaceOrderSchema } from "./checkout.schema";
import * as CHECKOUT_MESSAGES from "~/domain/messages/checkout";

const messageOf = (input: unknown) => {
  const parsed = GiftOptionsSchema.safeParse(input);
  return parsed.success ? null : parsed.error.issues.map((i) => i.message);
};

describe("the gift options schema", () => {
  it("accepts exactly 200 characters and refuses 201, in French", () => {
    expect(GiftOptionsSchema.parse({ message: "a".repeat(GIFT_MESSAGE_MAX) }).message).toHaveLength(200);
    expect(messageOf({ message: "a".repeat(GIFT_MESSAGE_MAX + 1) })).toEqual([GIFT_MESSAGE_TOO_LONG_MESSAGE]);
    expect(GIFT_MESSAGE_TOO_LONG_MESSAGE).toBe("Le message cadeau ne peut pas dépasser 200 caractères.");
  });

  it("counts what a person counts: 200 emoji fit, and the limit applies after trimming", () => {
    expect(giftMessageLength("🎁".repeat(200))).toBe(200);
    expect(GiftOptionsSchema.safeParse({ message: "🎁".repeat(200) }).success).toBe(true);
    expect(GiftOptionsSchema.parse({ message: `   ${"b".repeat(200)}\n  ` }).message).toBe("b".repeat(200));
  });

  it("trims the message and allows it empty", () => {
    expect(GiftOptionsSchema.parse({ message: "  Joyeux anniversaire !  " }).message).toBe("Joyeux anniversaire !");
    expect(GiftOptionsSchema.parse({ message: "   " }).message).toBe("");
    expect(GiftOptionsSchema.parse({})).toEqual({ wrap: false, message: "", hide_prices: false });
  });

  it("refuses markup with a French message, and keeps line breaks and accents", () => {
    for (const markup of ["<b>Bonne fête</b>", "Coucou <script>alert(1)</script>", "a > b", "<3"]) {
      expect(messageOf({ message: markup })).toEqual([CHECKOUT_MESSAGES.giftMessageNoMarkup]);
    }
    expect(GiftOptionsSchema.parse({ message: "Chère Zoé,\nbelle année & à bientôt !" }).message).toBe(
      "Chère Zoé,\nbelle année & à bientôt !",
    );
  });

  it("refuses a control character and wrong types without throwing", () => {
    expect(messageOf({ message: "a\u0000b" })).toHaveLength(1);
    expect(messageOf({ wrap: "oui" })).toEqual([CHECKOUT_MESSAGES.giftOptionsInvalid]);
    expect(messageOf("cadeau")).toEqual([CHECKOUT_MESSAGES.giftOptionsInvalid]);
  });

  it("is the place-order request's `gift`, validated by the same schema", () => {
    const base = { contact: { email: "a@b.fr", name: "Marie Curie", phone: "0612345678" } };
    const refused = PlaceOrderSchema.safeParse({ ...base, gift: { wrap: true, message: "<i>x</i>" } });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]).toMatchObject({ path: ["gift", "message"], message: CHECKOUT_MESSAGES.giftMessageNoMarkup });
    expect(PlaceOrderSchema.parse({ ...base, gift: { wrap: true, message: " Bises " } }).gift).toEqual({
      wrap: true,
      message: "Bises",
      hide_prices: false,
    });
    expect(PlaceOrderSchema.parse(base).gift).toBeUndefined();
  });
});

describe("the gift wrap's price", () => {
  it("is the price set in Paramètres, and free for the VIP tier only", () => {
    const settings = { offered: true, price_cents: 650, vip_free: true };
    expect(giftWrapOfferFor(settings, "lover")).toEqual({ offered: true, price_cents: 650, free: false });
    expect(giftWrapOfferFor(settings, "expert")).toEqual({ offered: true, price_cents: 650, free: false });
    expect(giftWrapOfferFor(settings, "vip")).toEqual({ offered: true, price_cents: 0, free: true });
    expect(giftWrapOfferFor({ ...settings, vip_free: false }, "vip")).toEqual({ offered: true, price_cents: 650, free: false });
    expect(DEFAULT_GIFT_WRAP_SETTINGS).toEqual({ offered: true, price_cents: 490, vip_free: true });
  });

  it("says why gift wrap cannot be ordered: not offered, or nothing shipped", () => {
    const offered = { offered: true, price_cents: 490, free: false };
    const wrap = { wrap: true, message: "", hide_prices: false };
    expect(giftOptionsProblem(wrap, offered, true)).toBeNull();
    expect(giftOptionsProblem(wrap, { ...offered, offered: false }, true)).toBe(CHECKOUT_MESSAGES.giftWrapNotOffered);
    expect(giftOptionsProblem(wrap, offered, false)).toBe(CHECKOUT_MESSAGES.giftWrapNeedsParcel);
    expect(giftOptionsProblem({ ...wrap, wrap: false }, { ...offered, offered: false }, false)).toBeNull();
  });
});

describe("the Paramètres form", () => {
  it("reads a French price in euros, from 0 to 50 €", () => {
    expect(parseGiftWrapPrice("4,90")).toBe(490);
    expect(parseGiftWrapPrice("4.9")).toBe(490);
    expect(parseGiftWrapPrice(" 12 € ")).toBe(1200);
    expect(parseGiftWrapPrice("4,999")).toBeNull();
    expect(parseGiftWrapPrice("-1")).toBeNull();
    expect(GiftWrapSettingsFormSchema.parse({ offered: true, price: "50", vip_free: false })).toEqual({
      offered: true,
      price_cents: 5000,
      vip_free: false,
    });
    expect(GiftWrapSettingsFormSchema.parse({ offered: false, price: "0", vip_free: true }).price_cents).toBe(0);
  });

  it("refuses a price above 50 € or not a price, on the price field, in French", () => {
    for (const price of ["50,01", "abc", "", "-2"]) {
      const parsed = GiftWrapSettingsFormSchema.safeParse({ offered: true, price, vip_free: true });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]).toMatchObject({ path: ["price"], message: CHECKOUT_MESSAGES.giftWrapPriceInvalid });
    }
  });
});

describe("what an order shows of its gift options", () => {
  it("is null for an order placed without any (orders before the feature carry the defaults)", () => {
    expect(orderGiftViewOf({ giftWrap: false, giftWrapCents: 0, giftMessage: null, giftHidePrices: false })).toBeNull();
    expect(orderGiftViewOf({ giftWrap: true, giftWrapCents: 490, giftMessage: "Bises", giftHidePrices: true })).toEqual({
      wrap: true,
      wrap_cents: 490,
      message: "Bises",
      hide_prices: true,
    });
  });
});
