import { describe, expect, it } from "vitest";
import {
  CardSchema,
  ContactInfoSchema,
  PlaceOrderSchema,
  TEST_CARD_APPROVED,
  TEST_CARD_DECLINED,
  cardBrandOf,
  isExpired,
  isLuhnValid,
  maxRedeemablePoints,
} from "./checkout.schema";
import { DEFAULT_SHIPPING_SETTINGS, quoteDefaultShipping, quoteShipping, shippingZoneOf } from "./shipping.rules";

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues.map((i) => i.message) ?? [];

describe("cards", () => {
  it("checks the Luhn sum", () => {
    expect(isLuhnValid("4242424242424242")).toBe(true);
    expect(isLuhnValid("4000000000000002")).toBe(true);
    expect(isLuhnValid("4242424242424241")).toBe(false);
    expect(isLuhnValid("42424242")).toBe(false);
    expect(isLuhnValid("4242a24242424242")).toBe(false);
  });

  it("recognises Visa, Mastercard and American Express only", () => {
    expect(cardBrandOf("4242424242424242")).toBe("visa");
    expect(cardBrandOf("5555555555554444")).toBe("mastercard");
    expect(cardBrandOf("2223003122003222")).toBe("mastercard");
    expect(cardBrandOf("378282246310005")).toBe("amex");
    expect(cardBrandOf("6011111111111117")).toBeNull();
  });

  it("validates the card form with French messages", () => {
    const ok = CardSchema.safeParse({ holder: "Marie Curie", number: TEST_CARD_APPROVED, expiry: "12/39", cvc: "123" });
    expect(ok.success && ok.data.number).toBe("4242424242424242");
    expect(CardSchema.safeParse({ holder: "M", number: TEST_CARD_DECLINED, expiry: "12/39", cvc: "123" }).success).toBe(true);
    expect(messages(CardSchema.safeParse({ holder: "", number: "", expiry: "", cvc: "" }))).toEqual([
      "Le nom du titulaire est obligatoire",
      "Le numéro de carte est obligatoire",
      "La date d'expiration est obligatoire",
      "Le cryptogramme est obligatoire",
    ]);
    expect(messages(CardSchema.safeParse({ holder: "M", number: "4242 4242 4242 4241", expiry: "13/30", cvc: "12" }))).toEqual([
      "Numéro de carte invalide",
      "Format attendu : MM/AA",
      "Cryptogramme invalide",
    ]);
    expect(messages(CardSchema.safeParse({ holder: "M", number: "6011 1111 1111 1117", expiry: "01/20", cvc: "123" }))).toEqual([
      "Carte non acceptée (Visa, Mastercard ou American Express)",
      "Carte expirée",
    ]);
    expect(messages(CardSchema.safeParse({ holder: "M", number: "3782 822463 10005", expiry: "12/39", cvc: "123" }))).toEqual([
      "Cryptogramme invalide",
    ]);
  });

  it("treats a card as valid until the end of its expiry month", () => {
    const now = new Date(2026, 10, 21);
    expect(isExpired({ month: 11, year: 2026 }, now)).toBe(false);
    expect(isExpired({ month: 10, year: 2026 }, now)).toBe(true);
  });
});

describe("contact information (cleaner checkout)", () => {
  it("uses the spec's messages", () => {
    expect(messages(ContactInfoSchema.safeParse({ email: "", name: "", phone: "" }))).toEqual([
      "L'email est obligatoire",
      "Le nom complet est obligatoire",
      "Le téléphone est obligatoire",
    ]);
    expect(messages(ContactInfoSchema.safeParse({ email: "marie@", name: "M", phone: "12" }))).toEqual([
      "Format d'email invalide",
      "Le nom doit contenir au moins 2 caractères",
      "Format de téléphone invalide (minimum 10 chiffres)",
    ]);
  });
});

describe("order request", () => {
  it("takes points in blocks of 100 only", () => {
    const base = {
      address_id: "8d7f3c1e-2b4a-4c6d-9e8f-0a1b2c3d4e5f",
      contact: { email: "a@b.fr", name: "Marie", phone: "0612345678" },
      card: { holder: "M", number: TEST_CARD_APPROVED, expiry: "12/39", cvc: "123" },
    };
    expect(PlaceOrderSchema.safeParse({ ...base, points_to_use: 200 }).success).toBe(true);
    expect(messages(PlaceOrderSchema.safeParse({ ...base, points_to_use: 150 }))).toEqual(["Les points s'utilisent par tranches de 100"]);
  });

  it("caps the redeemable points by balance and by the merchandise", () => {
    expect(maxRedeemablePoints(250, 10_000, 100, 1000)).toBe(200);
    expect(maxRedeemablePoints(5000, 2599, 100, 1000)).toBe(200);
    expect(maxRedeemablePoints(99, 10_000, 100, 1000)).toBe(0);
  });
});

describe("delivery zones", () => {
  it("finds the zone from country and postal code", () => {
    expect(shippingZoneOf("France", "75001")).toBe("metropole");
    expect(shippingZoneOf("France", "20090")).toBe("corse");
    expect(shippingZoneOf("France", "97110")).toBe("outre-mer");
    expect(shippingZoneOf("France", "98800")).toBe("outre-mer");
    expect(shippingZoneOf("Monaco", "98000")).toBe("monaco");
    expect(shippingZoneOf("Allemagne", "10115")).toBeNull();
  });

  it("is free from 100 € except overseas", () => {
    const d = DEFAULT_SHIPPING_SETTINGS;
    expect(quoteShipping("metropole", 9999, d)).toMatchObject({ feeCents: 990, method: "standard" });
    expect(quoteShipping("metropole", 10_000, d)).toMatchObject({ feeCents: 0, method: "free_shipping" });
    expect(quoteShipping("outre-mer", 50_000, d)).toMatchObject({ feeCents: 1990, method: "standard" });
    expect(quoteShipping("suisse", 1000, d)).toMatchObject({ feeCents: 1990 });
  });

  it("follows the settings edited in Paramètres", () => {
    const s = { feeCents: 590, freeThresholdCents: 5000 };
    // Mainland and Corsica: the edited fee and threshold.
    expect(quoteShipping("metropole", 4999, s)).toMatchObject({ feeCents: 590, method: "standard", freeThresholdCents: 5000 });
    expect(quoteShipping("metropole", 5000, s)).toMatchObject({ feeCents: 0, method: "free_shipping" });
    expect(quoteShipping("corse", 4000, s)).toMatchObject({ feeCents: 590 });
    expect(quoteShipping("corse", 6000, s)).toMatchObject({ feeCents: 0 });
    expect(quoteDefaultShipping(6000, s)).toMatchObject({ zone: "metropole", feeCents: 0 });
    // Other zones keep their own fee but follow the edited threshold; overseas is never free.
    expect(quoteShipping("belgique", 4999, s)).toMatchObject({ feeCents: 1290, freeThresholdCents: 5000 });
    expect(quoteShipping("suisse", 6000, s)).toMatchObject({ feeCents: 0, method: "free_shipping" });
    expect(quoteShipping("outre-mer", 900_000, s)).toMatchObject({ feeCents: 1990, freeThresholdCents: null });
    // A zero fee is free delivery; a zero threshold makes every order free.
    expect(quoteShipping("metropole", 100, { feeCents: 0, freeThresholdCents: 10_000 })).toMatchObject({
      feeCents: 0,
      method: "free_shipping",
    });
    expect(quoteShipping("metropole", 0, { feeCents: 990, freeThresholdCents: 0 })).toMatchObject({ feeCents: 0 });
  });
});
