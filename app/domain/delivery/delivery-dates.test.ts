import { describe, expect, it } from "vitest";
import { easterSunday, estimateDeliveryDate, formatDeliveryDate, frenchPublicHolidays, isWorkingDay } from "./delivery-dates";

/** An instant given as a Paris wall-clock time (winter: UTC+1, summer: UTC+2). */
const paris = (iso: string, offset: "+01:00" | "+02:00") => new Date(`${iso}${offset}`);

describe("French public holidays", () => {
  it("computes Easter", () => {
    expect(easterSunday(2026)).toBe("2026-04-05");
    expect(easterSunday(2027)).toBe("2027-03-28");
    expect(easterSunday(2024)).toBe("2024-03-31");
    expect(easterSunday(2038)).toBe("2038-04-25");
  });

  it("lists the eleven holidays with Easter Monday, Ascension and Whit Monday", () => {
    expect(frenchPublicHolidays(2026)).toEqual([
      "2026-01-01",
      "2026-04-06",
      "2026-05-01",
      "2026-05-08",
      "2026-05-14",
      "2026-05-25",
      "2026-07-14",
      "2026-08-15",
      "2026-11-01",
      "2026-11-11",
      "2026-12-25",
    ]);
    expect(frenchPublicHolidays(2027)).toContain("2027-03-29");
    expect(frenchPublicHolidays(2027)).toContain("2027-05-06");
    expect(frenchPublicHolidays(2027)).toContain("2027-05-17");
  });

  it("counts Monday to Friday outside holidays as working days", () => {
    expect(isWorkingDay("2026-11-24")).toBe(true);
    expect(isWorkingDay("2026-11-28")).toBe(false);
    expect(isWorkingDay("2026-11-29")).toBe(false);
    expect(isWorkingDay("2026-11-11")).toBe(false);
    expect(isWorkingDay("2026-05-14")).toBe(false);
  });
});

describe("estimated delivery date", () => {
  it("leaves the same day before the cut-off and the next working day after it", () => {
    expect(estimateDeliveryDate({ now: paris("2026-11-24T10:00:00", "+01:00"), workingDays: 2 })).toBe("2026-11-26");
    expect(estimateDeliveryDate({ now: paris("2026-11-24T13:59:00", "+01:00"), workingDays: 2 })).toBe("2026-11-26");
    expect(estimateDeliveryDate({ now: paris("2026-11-24T14:00:00", "+01:00"), workingDays: 2 })).toBe("2026-11-27");
  });

  it("skips the weekend: ordered on Friday evening, delivered on Wednesday", () => {
    expect(estimateDeliveryDate({ now: paris("2026-11-27T18:00:00", "+01:00"), workingDays: 2 })).toBe("2026-12-02");
    expect(estimateDeliveryDate({ now: paris("2026-11-28T09:00:00", "+01:00"), workingDays: 2 })).toBe("2026-12-02");
  });

  it("skips holidays: Ascension Thursday and the Whit Monday bridge", () => {
    // Wednesday 13 May 2026 after the cut-off: leaves Friday 15 (14 is Ascension), then
    // Monday 18 and Tuesday 19.
    expect(estimateDeliveryDate({ now: paris("2026-05-13T16:00:00", "+02:00"), workingDays: 2 })).toBe("2026-05-19");
    // Friday 22 May after the cut-off: Monday 25 is Whit Monday, leaves Tuesday 26.
    expect(estimateDeliveryDate({ now: paris("2026-05-22T15:00:00", "+02:00"), workingDays: 2 })).toBe("2026-05-28");
  });

  it("crosses the year end past Christmas and New Year's Day", () => {
    expect(estimateDeliveryDate({ now: paris("2026-12-24T15:00:00", "+01:00"), workingDays: 2 })).toBe("2026-12-30");
    expect(estimateDeliveryDate({ now: paris("2026-12-31T10:00:00", "+01:00"), workingDays: 2 })).toBe("2027-01-05");
  });

  it("uses the Paris calendar, not UTC: 23:30 UTC on Sunday is already Monday in Paris", () => {
    expect(estimateDeliveryDate({ now: new Date("2026-11-29T23:30:00Z"), workingDays: 2 })).toBe("2026-12-02");
  });

  it("formats the day in French", () => {
    expect(formatDeliveryDate("2026-12-01")).toBe("mardi 1 décembre");
  });
});
