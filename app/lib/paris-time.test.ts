import { describe, expect, it } from "vitest";
import {
  SHOP_TIME_ZONE,
  addParisDays,
  formatDate,
  formatDateTime,
  formatLongDateTime,
  formatShortDate,
  formatTime,
  lastParisDays,
  lastParisMonths,
  parisDay,
  parisDayStart,
  parisMonthStart,
  parisHour,
  parisYear,
} from "./paris-time";

// 2026: summer time starts on Sunday 29 March (02:00 CET -> 03:00 CEST, 01:00 UTC) and ends on
// Sunday 25 October (03:00 CEST -> 02:00 CET, 01:00 UTC).
const iso = (d: Date) => d.toISOString();

describe("the shop's time zone", () => {
  it("is Paris", () => {
    expect(SHOP_TIME_ZONE).toBe("Europe/Paris");
  });
});

describe("parisDay", () => {
  it("turns at midnight in Paris, not in UTC", () => {
    expect(parisDay(new Date("2026-01-14T22:59:59.999Z"))).toBe("2026-01-14");
    expect(parisDay(new Date("2026-01-14T23:00:00.000Z"))).toBe("2026-01-15");
    expect(parisDay(new Date("2026-06-30T21:59:59.999Z"))).toBe("2026-06-30");
    expect(parisDay("2026-06-30T22:00:00.000Z")).toBe("2026-07-01");
  });

  it("keeps the same day across the clock changes", () => {
    // 01:59 CET then, one minute later, 03:00 CEST.
    expect(parisDay(new Date("2026-03-29T00:59:00Z"))).toBe("2026-03-29");
    expect(parisDay(new Date("2026-03-29T01:00:00Z"))).toBe("2026-03-29");
    // 02:30 happens twice on 25 October.
    expect(parisDay(new Date("2026-10-25T00:30:00Z"))).toBe("2026-10-25");
    expect(parisDay(new Date("2026-10-25T01:30:00Z"))).toBe("2026-10-25");
    expect(parisDay(new Date("2026-10-25T22:59:59Z"))).toBe("2026-10-25");
    expect(parisDay(new Date("2026-10-25T23:00:00Z"))).toBe("2026-10-26");
  });

  it("gives the Paris year: 23:30 UTC on New Year's Eve is already next year", () => {
    expect(parisYear(new Date("2026-12-31T22:59:59Z"))).toBe(2026);
    expect(parisYear(new Date("2026-12-31T23:30:00Z"))).toBe(2027);
  });

  it("gives the hour on a Paris clock, winter and summer time", () => {
    expect(parisHour(new Date("2026-11-24T13:59:00Z"))).toBe(14);
    expect(parisHour(new Date("2026-07-14T11:30:00Z"))).toBe(13);
    expect(parisHour(new Date("2026-12-31T23:30:00Z"))).toBe(0);
  });
});

describe("parisDayStart", () => {
  it("is midnight in Paris, winter and summer time", () => {
    expect(iso(parisDayStart("2026-01-15"))).toBe("2026-01-14T23:00:00.000Z");
    expect(iso(parisDayStart("2026-07-01"))).toBe("2026-06-30T22:00:00.000Z");
  });

  it("makes the spring-forward day 23 hours and the fall-back day 25 hours long", () => {
    expect(iso(parisDayStart("2026-03-29"))).toBe("2026-03-28T23:00:00.000Z");
    expect(iso(parisDayStart("2026-03-30"))).toBe("2026-03-29T22:00:00.000Z");
    expect(iso(parisDayStart("2026-10-25"))).toBe("2026-10-24T22:00:00.000Z");
    expect(iso(parisDayStart("2026-10-26"))).toBe("2026-10-25T23:00:00.000Z");
    const hours = (day: string) => (parisDayStart(addParisDays(day, 1)).getTime() - parisDayStart(day).getTime()) / 3_600_000;
    expect(hours("2026-03-29")).toBe(23);
    expect(hours("2026-10-25")).toBe(25);
    expect(hours("2026-06-15")).toBe(24);
  });

  it("agrees with parisDay on every day of a year: the start is that day, one millisecond before is the day before", () => {
    let day = "2026-01-01";
    while (day < "2027-01-02") {
      const start = parisDayStart(day);
      expect(parisDay(start)).toBe(day);
      expect(parisDay(new Date(start.getTime() - 1))).toBe(addParisDays(day, -1));
      day = addParisDays(day, 1);
    }
  });

  it("refuses what is not a YYYY-MM-DD day", () => {
    expect(() => parisDayStart("2026-3-1")).toThrow("not a day: 2026-3-1");
    expect(() => parisDayStart("")).toThrow();
  });
});

describe("addParisDays", () => {
  it("counts calendar days across months, years, leap days and clock changes", () => {
    expect(addParisDays("2026-03-28", 1)).toBe("2026-03-29");
    expect(addParisDays("2026-03-29", 1)).toBe("2026-03-30");
    expect(addParisDays("2026-10-25", 1)).toBe("2026-10-26");
    expect(addParisDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addParisDays("2024-03-01", -1)).toBe("2024-02-29");
    expect(addParisDays("2026-01-10", -40)).toBe("2025-12-01");
    expect(addParisDays("2026-05-05", 0)).toBe("2026-05-05");
  });
});

describe("months and ranges", () => {
  it("starts a month at midnight in Paris, shifted by whole months", () => {
    // 00:30 on 1 November in Paris is still 31 October in UTC.
    const now = new Date("2026-10-31T23:30:00Z");
    expect(iso(parisMonthStart(now))).toBe("2026-10-31T23:00:00.000Z");
    expect(iso(parisMonthStart(now, -1))).toBe("2026-09-30T22:00:00.000Z");
    expect(iso(parisMonthStart(new Date("2026-01-10T12:00:00Z"), -2))).toBe("2025-10-31T23:00:00.000Z");
    expect(iso(parisMonthStart(new Date("2026-12-10T12:00:00Z"), 1))).toBe("2026-12-31T23:00:00.000Z");
  });

  it("lists the last Paris days, today last, over a clock change", () => {
    // 00:30 on 30 March in Paris.
    expect(lastParisDays(new Date("2026-03-29T22:30:00Z"), 3)).toEqual(["2026-03-28", "2026-03-29", "2026-03-30"]);
    expect(lastParisDays(new Date("2026-03-01T10:00:00Z"), 2)).toEqual(["2026-02-28", "2026-03-01"]);
    expect(lastParisDays(new Date("2026-03-01T10:00:00Z"), 0)).toEqual([]);
  });

  it("lists the last Paris months, current one last, across a new year", () => {
    expect(lastParisMonths(new Date("2026-12-31T23:30:00Z"), 3)).toEqual(["2026-11", "2026-12", "2027-01"]);
    expect(lastParisMonths(new Date("2026-02-15T12:00:00Z"), 4)).toEqual(["2025-11", "2025-12", "2026-01", "2026-02"]);
  });
});

describe("formatting in Paris time (fr-FR)", () => {
  // 00:30 on 30 March in Paris (summer time), still 29 March in UTC and London.
  const justAfterMidnight = "2026-03-29T22:30:00Z";

  it("prints dates of the Paris day", () => {
    expect(formatDate(justAfterMidnight)).toBe("30 mars 2026");
    expect(formatDate(new Date("2026-01-05T12:00:00Z"))).toBe("5 janvier 2026");
    expect(formatShortDate(justAfterMidnight)).toBe("30/03/2026");
    expect(formatShortDate(new Date("2026-01-05T12:00:00Z"))).toBe("05/01/2026");
  });

  it("prints date and time in Paris, or in the zone a user chose", () => {
    expect(formatDateTime(justAfterMidnight)).toBe("30/03/2026 00:30");
    expect(formatDateTime(new Date(justAfterMidnight), "Europe/London")).toBe("29/03/2026 23:30");
    expect(formatDateTime(justAfterMidnight, "Asia/Tokyo")).toBe("30/03/2026 07:30");
    expect(formatLongDateTime(justAfterMidnight)).toBe("30 mars 2026 à 00:30");
  });

  it("prints the wall-clock time, including the hour that happens twice in October", () => {
    expect(formatTime("2026-10-25T00:30:05Z")).toBe("02:30:05");
    expect(formatTime("2026-10-25T01:30:05Z")).toBe("02:30:05");
    expect(formatTime(new Date("2026-03-29T01:00:00Z"))).toBe("03:00:00");
  });
});

describe("formatters in a chosen zone", () => {
  it("print the same instant in Paris by default and in the zone a shopper chose", () => {
    const instant = "2026-03-01T20:30:00Z";
    expect(formatDate(instant)).toBe("1 mars 2026");
    expect(formatDate(instant, "Asia/Tokyo")).toBe("2 mars 2026");
    expect(formatShortDate(instant, "Asia/Tokyo")).toBe("02/03/2026");
    expect(formatDateTime(instant)).toBe("01/03/2026 21:30");
    expect(formatDateTime(instant, "America/New_York")).toBe("01/03/2026 15:30");
    expect(formatLongDateTime(instant, "Europe/London")).toBe("1 mars 2026 à 20:30");
    expect(formatTime(instant, "Asia/Tokyo")).toBe("05:30:00");
  });
});
