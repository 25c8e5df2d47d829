import { describe, expect, it } from "vitest";
import { convertCents } from "./exchange-rates";
import { formatForeignPrice } from "~/lib/money";

describe("indicative prices", () => {
  it("converts euro cents with the rate and writes them the French way", () => {
    expect(convertCents(1463, 0.95)).toBe(1390);
    expect(formatForeignPrice(convertCents(1463, 0.95), "CHF")).toBe("13,90\u00a0CHF");
    expect(formatForeignPrice(convertCents(1000, 1.08), "USD")).toBe("10,80\u00a0$US");
    expect(convertCents(999, 1.1234)).toBe(1122);
  });
});
