import { describe, expect, it } from "vitest";
import { cardCoversSchedule, instalmentAmounts, instalmentSchedule, instalmentsAllowed } from "./instalments";

describe("instalmentAmounts", () => {
  it("puts the rounding on the first instalment", () => {
    expect(instalmentAmounts(10_000)).toEqual([3334, 3333, 3333]);
    expect(instalmentAmounts(5000)).toEqual([1668, 1666, 1666]);
    expect(instalmentAmounts(9999)).toEqual([3333, 3333, 3333]);
    expect(instalmentAmounts(10_001)).toEqual([3335, 3333, 3333]);
    expect(instalmentAmounts(12_345)).toEqual([4115, 4115, 4115]);
  });

  it("always adds up to the total", () => {
    for (let total = 5000; total < 5100; total++) {
      const amounts = instalmentAmounts(total);
      expect(amounts.reduce((a, b) => a + b, 0)).toBe(total);
      expect(amounts[0]).toBeGreaterThanOrEqual(amounts[1]);
      expect(amounts[0] - amounts[1]).toBeLessThan(3);
    }
  });
});

describe("instalmentsAllowed", () => {
  it("starts at 50,00 €", () => {
    expect(instalmentsAllowed(4999)).toBe(false);
    expect(instalmentsAllowed(5000)).toBe(true);
  });
});

describe("instalmentSchedule", () => {
  it("falls today, 30 and 60 days later on the Paris calendar", () => {
    // 23:30 UTC on 31 January is already 1 February in Paris.
    const schedule = instalmentSchedule(10_000, new Date("2026-01-31T23:30:00Z"));
    expect(schedule).toEqual([
      { seq: 1, due_date: "2026-02-01", amount_cents: 3334 },
      { seq: 2, due_date: "2026-03-03", amount_cents: 3333 },
      { seq: 3, due_date: "2026-04-02", amount_cents: 3333 },
    ]);
  });

  it("crosses the summer time change and the year end", () => {
    expect(instalmentSchedule(6000, new Date("2026-11-15T10:00:00Z")).map((e) => e.due_date)).toEqual([
      "2026-11-15",
      "2026-12-15",
      "2027-01-14",
    ]);
    expect(instalmentSchedule(6000, new Date("2026-03-01T10:00:00Z")).map((e) => e.due_date)).toEqual([
      "2026-03-01",
      "2026-03-31",
      "2026-04-30",
    ]);
  });
});

describe("cardCoversSchedule", () => {
  it("needs the card valid through the month of the last instalment", () => {
    const now = new Date("2026-11-26T10:00:00Z"); // last instalment on 25 January 2027
    expect(cardCoversSchedule({ month: 1, year: 2027 }, now)).toBe(true);
    expect(cardCoversSchedule({ month: 12, year: 2026 }, now)).toBe(false);
    expect(cardCoversSchedule({ month: 3, year: 2030 }, now)).toBe(true);
  });
});
