import { describe, expect, it } from "vitest";
import { BIRTH_DATE_FUTURE_MESSAGE, BIRTH_DATE_TOO_YOUNG_MESSAGE } from "~/domain/account/profile.schema";
import { MIN_ACCOUNT_AGE_YEARS } from "~/lib/shop-rules";
import { parisDay } from "~/lib/paris-time";
import { BIRTH_DATE_INVALID_MESSAGE, SignUpSchema } from "./auth.schema";

const valid = {
  firstName: "Zoé",
  lastName: "Martin",
  email: "zoe@example.com",
  password: "Secret123!Aurore",
};

/** The Paris day `years` years before today, shifted by `days`. */
function yearsAgo(years: number, days = 0): string {
  const today = parisDay(new Date());
  const day = new Date(`${Number(today.slice(0, 4)) - years}${today.slice(4)}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

function birthDateIssue(birthDate: string): string | null {
  const parsed = SignUpSchema.safeParse({ ...valid, birthDate });
  if (parsed.success) return null;
  const issue = parsed.error.issues.find((i) => i.path[0] === "birthDate");
  return issue?.message ?? null;
}

describe("sign-up birth date", () => {
  it(`refuses a shopper under ${MIN_ACCOUNT_AGE_YEARS} in French, on the birth date field`, () => {
    expect(MIN_ACCOUNT_AGE_YEARS).toBe(15);
    expect(birthDateIssue(yearsAgo(15, 1))).toBe(BIRTH_DATE_TOO_YOUNG_MESSAGE);
    expect(BIRTH_DATE_TOO_YOUNG_MESSAGE).toBe("Vous devez avoir au moins 15 ans");
    expect(birthDateIssue(yearsAgo(10))).toBe("Vous devez avoir au moins 15 ans");
  });

  it("accepts exactly fifteen years, an adult, and no birth date at all", () => {
    expect(birthDateIssue(yearsAgo(15))).toBeNull();
    expect(birthDateIssue("1990-04-12")).toBeNull();
    expect(birthDateIssue("")).toBeNull();
    expect(SignUpSchema.safeParse(valid).success).toBe(true);
  });

  it("still refuses a day that does not exist, a malformed date and a future one", () => {
    expect(birthDateIssue("1990-02-30")).toBe(BIRTH_DATE_INVALID_MESSAGE);
    expect(birthDateIssue("12/04/1990")).toBe(BIRTH_DATE_INVALID_MESSAGE);
    expect(birthDateIssue(yearsAgo(-1))).toBe(BIRTH_DATE_FUTURE_MESSAGE);
  });
});
