import { describe, expect, it } from "vitest";
import { formatUnitPrice, unitPrice } from "./unit-price";

const nbsp = (s: string) => s.replace(/\u202f|\u00a0/g, " ");

describe("unit price", () => {
  it("prices a content under 1 L per 100 ml", () => {
    expect(unitPrice(6400, 50, "ml")).toEqual({ cents: 12800, per: "100 ml" });
    expect(nbsp(formatUnitPrice(6400, 50, "ml")!)).toBe("128,00 € / 100 ml");
  });

  it("prices a weight under 1 kg per 100 g", () => {
    expect(unitPrice(2990, 200, "g")).toEqual({ cents: 1495, per: "100 g" });
  });

  it("prices 1 L and more per litre, 1 kg and more per kilogram", () => {
    expect(unitPrice(2500, 1000, "ml")).toEqual({ cents: 2500, per: "L" });
    expect(unitPrice(3000, 1500, "g")).toEqual({ cents: 2000, per: "kg" });
    expect(nbsp(formatUnitPrice(2500, 1000, "ml")!)).toBe("25,00 € / L");
  });

  it("rounds to the nearest cent, halves up", () => {
    // 10,00 € for 30 ml: 33,333… € / 100 ml.
    expect(unitPrice(1000, 30, "ml")?.cents).toBe(3333);
    // 20,00 € for 30 ml: 66,666… € / 100 ml.
    expect(unitPrice(2000, 30, "ml")?.cents).toBe(6667);
    // 0,01 € for 200 ml: 0,005 € / 100 ml, a half cent, rounds up.
    expect(unitPrice(1, 200, "ml")?.cents).toBe(1);
    // 7,5 ml at 19,99 €: 266,5333… € / 100 ml.
    expect(unitPrice(1999, 7.5, "ml")?.cents).toBe(26653);
  });

  it("gives nothing without a content", () => {
    expect(unitPrice(1000, null, null)).toBeNull();
    expect(unitPrice(1000, 0, "ml")).toBeNull();
    expect(formatUnitPrice(1000, 50, null)).toBeNull();
  });
});
