import { describe, expect, it } from "vitest";
import { median, percentiles } from "./lib";

describe("bench figures", () => {
  it("median: the middle value, or the mean of the two middle ones, whatever the order", () => {
    expect(median([1.45, 1.2, 1.8])).toBe(1.45);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });

  it("percentiles: the sample at or above each rank", () => {
    const samples = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentiles(samples)).toEqual({ p50: 50, p95: 95, p99: 99, max: 100 });
  });
});
