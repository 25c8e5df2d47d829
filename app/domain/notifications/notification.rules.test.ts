import { describe, expect, it } from "vitest";
import { decrementUnread, formatNotificationAge, notificationBadgeText, safeActionPath, unreadLabel } from "./notification.rules";

const now = new Date("2025-06-10T12:00:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe("formatNotificationAge (spec storefront §9)", () => {
  it.each([
    [ago(0), "À l'instant"],
    [ago(59 * MINUTE), "À l'instant"],
    [ago(HOUR), "Il y a 1h"],
    [ago(5 * HOUR + 59 * MINUTE), "Il y a 5h"],
    [ago(23 * HOUR + 59 * MINUTE), "Il y a 23h"],
    [ago(24 * HOUR), "09/06/2025"],
    ["2025-03-14T10:00:00Z", "14/03/2025"],
    // A clock a little ahead of ours reads as just now, never as a negative age.
    [new Date(now.getTime() + 5 * MINUTE).toISOString(), "À l'instant"],
  ])("%s -> %s", (createdAt, expected) => {
    expect(formatNotificationAge(createdAt, now)).toBe(expected);
  });
});

describe("the bell's badge and count", () => {
  it("shows nothing at 0, the number up to 9, then 9+", () => {
    expect([0, -1, 1, 9, 10, 250].map(notificationBadgeText)).toEqual([null, null, "1", "9", "9+", "9+"]);
  });

  it("says the count in French and never goes below 0", () => {
    expect(unreadLabel(1)).toBe("1 non lue");
    expect(unreadLabel(12)).toBe("12 non lues");
    expect(decrementUnread(1)).toBe(0);
    expect(decrementUnread(0)).toBe(0);
    expect(decrementUnread(3, 5)).toBe(0);
  });
});

describe("safeActionPath", () => {
  it("keeps paths of this site and drops everything else", () => {
    expect(safeActionPath("/dashboard?tab=orders")).toBe("/dashboard?tab=orders");
    for (const url of [null, "", "javascript:alert(1)", "https://evil.example", "//evil.example", "/\\evil.example"]) {
      expect(safeActionPath(url)).toBeNull();
    }
  });
});
