import { describe, expect, it } from "vitest";
import { BUILTIN_ROLES } from "./roles";
import { refundVerdict } from "./refund-limit";

const LIMIT = 10_000;
const bounded = ["orders.read", "refunds.write"];
const unlimited = ["orders.read", "refunds.unlimited"];

describe("refundVerdict", () => {
  it("lets a bounded role refund up to the limit, the limit included", () => {
    expect(refundVerdict({ amountCents: 1, limitCents: LIMIT, permissions: bounded })).toBe("ok");
    expect(refundVerdict({ amountCents: LIMIT, limitCents: LIMIT, permissions: bounded })).toBe("ok");
  });

  it("refuses a bounded role one cent above the limit, whatever its second factor", () => {
    expect(refundVerdict({ amountCents: LIMIT + 1, limitCents: LIMIT, permissions: bounded })).toBe("over_limit");
    expect(refundVerdict({ amountCents: LIMIT + 1, limitCents: LIMIT, permissions: bounded, recentSecondFactor: true })).toBe("over_limit");
  });

  it("asks an unlimited role for its second factor above the limit only", () => {
    expect(refundVerdict({ amountCents: LIMIT, limitCents: LIMIT, permissions: unlimited })).toBe("ok");
    expect(refundVerdict({ amountCents: LIMIT + 1, limitCents: LIMIT, permissions: unlimited })).toBe("second_factor");
    expect(refundVerdict({ amountCents: LIMIT + 1, limitCents: LIMIT, permissions: unlimited, recentSecondFactor: false })).toBe(
      "second_factor",
    );
    expect(refundVerdict({ amountCents: LIMIT + 1, limitCents: LIMIT, permissions: unlimited, recentSecondFactor: true })).toBe("ok");
  });

  it("with a limit of 0, bounds every refund", () => {
    expect(refundVerdict({ amountCents: 1, limitCents: 0, permissions: bounded })).toBe("over_limit");
    expect(refundVerdict({ amountCents: 1, limitCents: 0, permissions: unlimited })).toBe("second_factor");
  });

  it("refuses a role that does not refund at all, even a small amount", () => {
    expect(refundVerdict({ amountCents: 1, limitCents: LIMIT, permissions: ["orders.read", "orders.write"] })).toBe("missing_permission");
    expect(refundVerdict({ amountCents: 1, limitCents: LIMIT, permissions: [] })).toBe("missing_permission");
  });

  it("reads the built-in roles as decision 066 describes them", () => {
    const above = { amountCents: LIMIT + 1, limitCents: LIMIT };
    expect(refundVerdict({ ...above, permissions: BUILTIN_ROLES.owner.permissions })).toBe("second_factor");
    expect(refundVerdict({ ...above, permissions: BUILTIN_ROLES.administrator.permissions })).toBe("second_factor");
    expect(refundVerdict({ ...above, permissions: BUILTIN_ROLES.customer_service.permissions })).toBe("over_limit");
    expect(refundVerdict({ ...above, permissions: BUILTIN_ROLES.logistics.permissions })).toBe("missing_permission");
  });
});
