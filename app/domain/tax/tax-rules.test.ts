import { describe, expect, it } from "vitest";
import { taxDestinationOf, type TaxDestination } from "./destinations";
import { DEFAULT_TAX_RATES, overlappingRates, rateOn, rateTableProblem, TaxRateSchema, type TaxRate } from "./rates";
import { chargedUnitCents, decideTax, DEFAULT_TAX_SETTINGS, type TaxBuyer, type TaxQuestion } from "./tax-rules";
import type { TaxClass } from "./tax-classes";

const DAY = "2026-12-03";
const at = (country: string, postalCode: string): TaxDestination => taxDestinationOf(country, postalCode)!;
const consumer: TaxBuyer = { kind: "consumer" };
const belgianBusiness: TaxBuyer = { kind: "business", vat_country: "BE" };
const frenchBusiness: TaxBuyer = { kind: "business", vat_country: "FR" };

function ask(destination: TaxDestination, taxClass: TaxClass, buyer: TaxBuyer, overThreshold: boolean): TaxQuestion {
  return { destination, kind: "goods", taxClass, buyer, settings: DEFAULT_TAX_SETTINGS, overThreshold, rates: DEFAULT_TAX_RATES, day: DAY };
}

describe("where an address goes, for VAT", () => {
  it.each([
    ["France", "69003", "mainland", "FR"],
    ["France", "20000", "corsica", "FR"],
    ["France", "97200", "overseas_department", "FR"],
    ["France", "97400", "overseas_department", "FR"],
    ["France", "97600", "overseas_department", "FR"],
    ["France", "97500", "overseas_territory", "FR"],
    ["France", "98800", "overseas_territory", "FR"],
    ["Monaco", "98000", "monaco", "MC"],
    ["Belgique", "1000", "eu", "BE"],
    ["Luxembourg", "1111", "eu", "LU"],
    ["Suisse", "1204", "switzerland", "CH"],
  ])("%s %s is %s", (country, code, territory, iso) => {
    expect(taxDestinationOf(country, code)).toMatchObject({ territory, country_code: iso });
  });

  it("knows no other country", () => {
    expect(taxDestinationOf("Allemagne", "10115")).toBeNull();
  });
});

describe("the regime and rate of a line", () => {
  // destination × tax class × buyer × threshold → regime, VAT country, rate
  const cases: [string, TaxDestination, TaxClass, TaxBuyer, boolean, string, string | null, number][] = [];
  for (const over of [false, true]) {
    for (const taxClass of ["standard", "reduced"] as const) {
      const fr = taxClass === "standard" ? 20 : 5.5;
      const be = taxClass === "standard" ? 21 : 6;
      const lu = taxClass === "standard" ? 17 : 8;
      for (const [label, buyer] of [
        ["consumer", consumer],
        ["BE business", belgianBusiness],
      ] as const) {
        const b2b = buyer.kind === "business";
        cases.push(
          [`mainland ${label}`, at("France", "75001"), taxClass, buyer, over, "domestic", "FR", fr],
          [`Corsica ${label}`, at("France", "20000"), taxClass, buyer, over, "domestic", "FR", fr],
          [`Monaco ${label}`, at("Monaco", "98000"), taxClass, buyer, over, "domestic", "FR", fr],
          [`Switzerland ${label}`, at("Suisse", "1204"), taxClass, buyer, over, "export", null, 0],
          [`Martinique ${label}`, at("France", "97200"), taxClass, buyer, over, "overseas", null, 0],
          [`Polynesia ${label}`, at("France", "98714"), taxClass, buyer, over, "export", null, 0],
          b2b
            ? [`Belgium ${label}`, at("Belgique", "1000"), taxClass, buyer, over, "intra_eu_b2b", null, 0]
            : over
              ? [`Belgium ${label}`, at("Belgique", "1000"), taxClass, buyer, over, "oss", "BE", be]
              : [`Belgium ${label}`, at("Belgique", "1000"), taxClass, buyer, over, "distance_fr", "FR", fr],
          b2b
            ? [`Luxembourg ${label}`, at("Luxembourg", "1111"), taxClass, buyer, over, "intra_eu_b2b", null, 0]
            : over
              ? [`Luxembourg ${label}`, at("Luxembourg", "1111"), taxClass, buyer, over, "oss", "LU", lu]
              : [`Luxembourg ${label}`, at("Luxembourg", "1111"), taxClass, buyer, over, "distance_fr", "FR", fr],
        );
      }
    }
  }

  it.each(cases)("%s, %s class (over threshold: %s)", (_label, destination, taxClass, buyer, over, regime, country, rate) => {
    expect(decideTax(ask(destination, taxClass, buyer, over))).toMatchObject({ regime, vat_country: country, rate_percent: rate });
  });

  it("taxes a business with a French VAT number delivered in Belgium at French VAT: no intra-EU exemption", () => {
    expect(decideTax(ask(at("Belgique", "1000"), "standard", frenchBusiness, false))).toMatchObject({
      regime: "domestic",
      rate_percent: 20,
    });
  });

  it("applies destination VAT from the first euro under the option, or all year after a year over the threshold", () => {
    for (const settings of [
      { ...DEFAULT_TAX_SETTINGS, destination_vat_option: true },
      { ...DEFAULT_TAX_SETTINGS, previous_year_over_threshold: true },
    ]) {
      expect(decideTax({ ...ask(at("Belgique", "1000"), "standard", consumer, false), settings })).toMatchObject({
        regime: "oss",
        rate_percent: 21,
      });
    }
  });

  it("keeps gift cards out of scope everywhere", () => {
    for (const d of [at("France", "75001"), at("Suisse", "1204"), at("Belgique", "1000")]) {
      expect(decideTax({ ...ask(d, "standard", consumer, true), kind: "gift_card" })).toEqual({
        regime: "out_of_scope",
        vat_country: null,
        rate_percent: null,
        category: "O",
      });
    }
  });
});

describe("what a line is charged", () => {
  it("keeps the catalogue price under French VAT and takes French VAT off an export", () => {
    const fr = decideTax(ask(at("France", "75001"), "standard", consumer, false));
    const ch = decideTax(ask(at("Suisse", "1204"), "standard", consumer, false));
    const be = decideTax(ask(at("Belgique", "1000"), "standard", consumer, true));
    expect(chargedUnitCents(4990, 20, fr)).toBe(4990);
    expect(chargedUnitCents(4990, 20, ch)).toBe(4158); // 49,90 / 1,2 = 41,583…
    expect(chargedUnitCents(6000, 20, ch)).toBe(5000);
    expect(chargedUnitCents(6000, 20, be)).toBe(6050); // 50,00 HT + 21 %
  });
});

describe("the dated rate table", () => {
  const table: TaxRate[] = [
    ...DEFAULT_TAX_RATES,
    { country_code: "BE", tax_class: "standard", rate_percent: 22, valid_from: "2027-01-01", valid_until: null },
  ];

  it("reads the rate of the day: a new rate from its first day, the old one until the day before", () => {
    expect(rateOn(table, "BE", "standard", "2026-12-31")).toBe(21);
    expect(rateOn(table, "BE", "standard", "2027-01-01")).toBe(22);
    expect(rateOn(table, "FR", "reduced", DAY)).toBe(5.5);
    expect(rateOn(table, "LU", "standard", "2023-06-01")).toBeNull();
  });

  it("refuses overlapping dates, with a French message", () => {
    const overlapping: TaxRate[] = [
      ...DEFAULT_TAX_RATES,
      { country_code: "BE", tax_class: "standard", rate_percent: 22, valid_from: "1996-01-01", valid_until: null },
    ];
    expect(overlappingRates(overlapping)).not.toBeNull();
    expect(rateTableProblem(overlapping)).toBe(
      "Deux taux du même pays et de la même catégorie se chevauchent : BE standard à partir du 1996-01-01.",
    );
    const closedTooLate: TaxRate[] = [
      { country_code: "FR", tax_class: "standard", rate_percent: 20, valid_from: "2014-01-01", valid_until: "2027-06-30" },
      { country_code: "FR", tax_class: "standard", rate_percent: 21, valid_from: "2027-01-01", valid_until: null },
      { country_code: "FR", tax_class: "reduced", rate_percent: 5.5, valid_from: "2014-01-01", valid_until: null },
    ];
    expect(rateTableProblem(closedTooLate)).toMatch(/se chevauchent/);
    expect(rateTableProblem(table)).toBeNull();
  });

  it("refuses a table without a French rate, a rate out of range, a made-up day", () => {
    expect(rateTableProblem(DEFAULT_TAX_RATES.filter((r) => r.country_code !== "FR"))).toMatch(/taux français/);
    const row = { country_code: "FR", tax_class: "standard", rate_percent: 20, valid_from: "2026-01-01", valid_until: null };
    expect(TaxRateSchema.safeParse({ ...row, rate_percent: 45 }).success).toBe(false);
    expect(TaxRateSchema.safeParse({ ...row, rate_percent: 5.555 }).success).toBe(false);
    expect(TaxRateSchema.safeParse({ ...row, valid_from: "2026-02-30" }).success).toBe(false);
    expect(TaxRateSchema.safeParse({ ...row, valid_until: "2025-12-31" }).error?.issues[0].message).toBe(
      "La date de fin d'un taux doit suivre sa date de début.",
    );
    expect(TaxRateSchema.safeParse({ ...row, country_code: "DE" }).success).toBe(false);
  });
});
