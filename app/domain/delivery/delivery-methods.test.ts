import { describe, expect, it } from "vitest";
import {
  DEFAULT_DELIVERY_METHODS,
  DeliveryMethodFormSchema,
  deliveryOptionsFor,
  expressPerkFor,
  quoteDeliveryOption,
  standardStaysEverywhere,
  SHIPPING_ZONE_CODES,
} from "./delivery-methods";

const [standard, relay, express] = DEFAULT_DELIVERY_METHODS;
// Wednesday 2 December 2026, 10:00 in Paris (09:00 UTC): before the cut-off.
const wednesdayMorning = new Date("2026-12-02T09:00:00Z");
// Thursday 30 April 2026, 16:00 in Paris: after the cut-off, before the 1 May holiday and a weekend.
const beforeMayDay = new Date("2026-04-30T14:00:00Z");

describe("delivery options", () => {
  it("prices the three methods in mainland France: 9,90 €, 2 € less by relay, 14,90 € express", () => {
    const options = deliveryOptionsFor(DEFAULT_DELIVERY_METHODS, "metropole", 5000, { now: wednesdayMorning, perks: null });
    expect(options.map((o) => [o.code, o.fee_cents, o.carrier_label])).toEqual([
      ["standard", 990, "Colissimo"],
      ["relay", 790, "Colissimo"],
      ["express", 1490, "Chronopost"],
    ]);
    // Leaves today (before 14:00), arrives 2, 3 and 1 working days later.
    expect(options.map((o) => o.estimated_date)).toEqual(["2026-12-04", "2026-12-07", "2026-12-03"]);
  });

  it("makes standard and relay free from the threshold, never express nor overseas", () => {
    const options = deliveryOptionsFor(DEFAULT_DELIVERY_METHODS, "metropole", 10_000, { now: wednesdayMorning, perks: null });
    expect(options.map((o) => o.fee_cents)).toEqual([0, 0, 1490]);
    const overseas = quoteDeliveryOption(standard, "outre-mer", 50_000, { now: wednesdayMorning, perks: null });
    expect(overseas).toMatchObject({ fee_cents: 1990, free_threshold_cents: null });
  });

  it("offers only standard outside the mainland and keeps the published zone fees", () => {
    expect(deliveryOptionsFor(DEFAULT_DELIVERY_METHODS, "corse", 0, { now: wednesdayMorning, perks: null }).map((o) => o.code)).toEqual([
      "standard",
      "relay",
    ]);
    const swiss = deliveryOptionsFor(DEFAULT_DELIVERY_METHODS, "suisse", 0, { now: wednesdayMorning, perks: null });
    expect(swiss.map((o) => [o.code, o.fee_cents])).toEqual([["standard", 1990]]);
    const belgium = deliveryOptionsFor(DEFAULT_DELIVERY_METHODS, "belgique", 0, { now: wednesdayMorning, perks: null });
    expect(belgium.map((o) => [o.code, o.fee_cents])).toEqual([["standard", 1290]]);
    // Overseas: 5 more working days than the mainland.
    expect(quoteDeliveryOption(standard, "outre-mer", 0, { now: wednesdayMorning, perks: null }).estimated_date).toBe("2026-12-11");
  });

  it("counts working days after the cut-off, over the 1 May holiday and a weekend", () => {
    // After 14:00 on Thursday 30 April: leaves Monday 4 May (1 May is a holiday), express arrives Tuesday 5 May.
    expect(quoteDeliveryOption(express, "metropole", 0, { now: beforeMayDay, perks: null }).estimated_date).toBe("2026-05-05");
    // Standard: 2 working days after Monday 4 May.
    expect(quoteDeliveryOption(standard, "metropole", 0, { now: beforeMayDay, perks: null }).estimated_date).toBe("2026-05-06");
    expect(quoteDeliveryOption(relay, "metropole", 0, { now: beforeMayDay, perks: null }).estimated_date).toBe("2026-05-07");
    // Ordered on Wednesday 6 May before the cut-off: relay (3 days) skips Friday 8 May (Victoire 1945) and the weekend: Thursday 7, Monday 11, Tuesday 12.
    expect(quoteDeliveryOption(relay, "metropole", 0, { now: new Date("2026-05-06T08:00:00Z"), perks: null }).estimated_date).toBe(
      "2026-05-12",
    );
  });

  it("gives express free to Beauty VIP always and to Beauty Expert once per month", () => {
    expect(expressPerkFor({ tier: "vip", expertExpressUsed: true })).toBe("vip");
    expect(expressPerkFor({ tier: "expert", expertExpressUsed: false })).toBe("expert_monthly");
    expect(expressPerkFor({ tier: "expert", expertExpressUsed: true })).toBeNull();
    expect(expressPerkFor({ tier: "lover", expertExpressUsed: false })).toBeNull();
    const free = quoteDeliveryOption(express, "metropole", 2000, {
      now: wednesdayMorning,
      perks: { tier: "expert", expertExpressUsed: false },
    });
    expect(free).toMatchObject({ fee_cents: 0, base_fee_cents: 1490, perk: "expert_monthly" });
    expect(free.perk_label).toBe("Livraison express offerte ce mois-ci (Beauty Expert)");
    // The perk never applies to the other methods.
    expect(
      quoteDeliveryOption(standard, "metropole", 2000, { now: wednesdayMorning, perks: { tier: "vip", expertExpressUsed: false } }).perk,
    ).toBeNull();
  });

  it("hides inactive methods and methods outside their zones", () => {
    const methods = [standard, { ...express, active: false }, { ...relay, zones: ["corse" as const] }];
    expect(deliveryOptionsFor(methods, "metropole", 0, { now: wednesdayMorning, perks: null }).map((o) => o.code)).toEqual(["standard"]);
  });
});

describe("the Paramètres form of a method", () => {
  const valid = {
    name: "Point relais",
    carrier: "colissimo",
    price: "7,90",
    free_threshold: "",
    delay_working_days: "3",
    zones: ["metropole", "metropole"],
    active: true,
  };

  it("reads euros as cents, a blank threshold as never free, and zones once", () => {
    expect(DeliveryMethodFormSchema.parse(valid)).toEqual({
      name: "Point relais",
      carrier: "colissimo",
      price: 790,
      free_threshold: null,
      delay_working_days: 3,
      zones: ["metropole"],
      active: true,
    });
  });

  it("refuses bad values in French", () => {
    const issues = (input: Record<string, unknown>) =>
      DeliveryMethodFormSchema.safeParse({ ...valid, ...input }).error?.issues.map((i) => `${String(i.path[0])}: ${i.message}`);
    expect(issues({ price: "-1" })).toEqual(["price: Le montant doit être un nombre positif avec au plus 2 décimales"]);
    expect(issues({ price: "100,01" })).toEqual(["price: Le prix ne peut pas dépasser 100 €"]);
    expect(issues({ price: "" })).toEqual(["price: Veuillez saisir un montant"]);
    expect(issues({ delay_working_days: "0" })).toEqual(["delay_working_days: Le délai est d'au moins 1 jour ouvré"]);
    expect(issues({ carrier: "dhl" })).toEqual(["carrier: Choisissez un transporteur de la liste"]);
    expect(issues({ zones: ["mars"] })).toEqual(["zones: Zone inconnue"]);
    expect(issues({ name: "x" })).toEqual(["name: Le nom doit contenir au moins 2 caractères"]);
  });

  it("keeps standard active in every zone", () => {
    expect(standardStaysEverywhere("standard", { zones: SHIPPING_ZONE_CODES, active: true })).toBe(true);
    expect(standardStaysEverywhere("standard", { zones: ["metropole"], active: true })).toBe(false);
    expect(standardStaysEverywhere("standard", { zones: SHIPPING_ZONE_CODES, active: false })).toBe(false);
    expect(standardStaysEverywhere("express", { zones: [], active: false })).toBe(true);
  });
});
