import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  BEAUTY_PASS_REWARD_THRESHOLDS,
  BEAUTY_PASS_TIERS,
  nextRewardThreshold,
  pointsEarnedFor,
  rewardProgressPercent,
  tierFor,
} from "./loyalty.rules";
import { formatPoints, formatSignedPoints, transactionTypeLabel } from "./loyalty.types";

describe("tierFor", () => {
  it.each([
    [0, "Beauty Lover"],
    [499, "Beauty Lover"],
    [500, "Beauty Expert"],
    [999, "Beauty Expert"],
    [1000, "Beauty VIP"],
    [100_000, "Beauty VIP"],
  ])("%i points -> %s", (points, name) => {
    expect(tierFor(points).name).toBe(name);
  });

  it("the tiers cover every balance without gap or overlap", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), (points) => {
        const matching = BEAUTY_PASS_TIERS.filter((t) => points >= t.minPoints && (t.maxPoints === null || points <= t.maxPoints));
        expect(matching).toEqual([tierFor(points)]);
      }),
    );
  });
});

describe("reward thresholds", () => {
  it.each([
    [0, 50, 0],
    [49, 50, 98],
    [50, 100, 50],
    [199, 200, 99],
    [200, 500, 40],
    [999, 1000, 99],
    [1000, null, 100],
    [5000, null, 100],
  ])("%i points -> next %s, %i %%", (points, next, percent) => {
    expect(nextRewardThreshold(points)).toBe(next);
    expect(rewardProgressPercent(points)).toBe(percent);
  });

  it("the next threshold is the smallest one strictly above the balance; progress stays within 0-100", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5000 }), (points) => {
        const next = nextRewardThreshold(points);
        const above = BEAUTY_PASS_REWARD_THRESHOLDS.filter((t) => t > points);
        expect(next).toBe(above.length ? Math.min(...above) : null);
        const percent = rewardProgressPercent(points);
        expect(percent).toBeGreaterThanOrEqual(0);
        expect(percent).toBeLessThanOrEqual(100);
      }),
    );
  });
});

describe("pointsEarnedFor", () => {
  it("gives 1 point per whole euro paid", () => {
    expect(pointsEarnedFor(4500)).toBe(45);
    expect(pointsEarnedFor(8990)).toBe(89);
    expect(pointsEarnedFor(99)).toBe(0);
    expect(pointsEarnedFor(0)).toBe(0);
    expect(pointsEarnedFor(-500)).toBe(0);
  });
});

describe("formatting", () => {
  it("writes points the French way", () => {
    expect(formatSignedPoints(45)).toBe("+45 points");
    expect(formatSignedPoints(-100)).toBe("-100 points");
    expect(formatSignedPoints(1)).toBe("+1 point");
    expect(formatPoints(0)).toBe("0 point");
    expect(formatPoints(1)).toBe("1 point");
    expect(formatPoints(1250)).toBe("1\u202f250 points");
  });

  it("labels every transaction type in French", () => {
    expect(["earned", "used", "expired", "reversed", "refunded", "adjusted"].map(transactionTypeLabel)).toEqual([
      "Gagnés",
      "Utilisés",
      "Expirés",
      "Annulés",
      "Restitués",
      "Ajustement",
    ]);
  });
});
