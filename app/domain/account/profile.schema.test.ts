import { describe, expect, it } from "vitest";
import {
  BIRTH_DATE_FUTURE_MESSAGE,
  BIRTH_DATE_INVALID_MESSAGE,
  BIRTH_DATE_TOO_YOUNG_MESSAGE,
  ProfileUpdateApiSchema,
  ProfileUpdateSchema,
  birthDateProblem,
} from "./profile.schema";

describe("birth date of the profile", () => {
  const today = "2026-11-26";
  it("accepts a real day at least 15 years ago, the 15th birthday included", () => {
    expect(birthDateProblem("1990-04-12", today)).toBeNull();
    expect(birthDateProblem("2011-11-26", today)).toBeNull();
  });
  it("refuses someone younger than 15, by one day", () => {
    expect(birthDateProblem("2011-11-27", today)).toBe(BIRTH_DATE_TOO_YOUNG_MESSAGE);
    expect(BIRTH_DATE_TOO_YOUNG_MESSAGE).toBe("Vous devez avoir au moins 15 ans");
  });
  it("counts a 29 February birthday from 1 March", () => {
    expect(birthDateProblem("2008-02-29", "2023-02-28")).toBe(BIRTH_DATE_TOO_YOUNG_MESSAGE);
    expect(birthDateProblem("2008-02-29", "2023-03-01")).toBeNull();
  });
  it("refuses a day in the future, a day that does not exist, and nonsense", () => {
    expect(birthDateProblem("2026-11-27", today)).toBe(BIRTH_DATE_FUTURE_MESSAGE);
    expect(birthDateProblem("1990-02-30", today)).toBe(BIRTH_DATE_INVALID_MESSAGE);
    expect(birthDateProblem("1899-12-31", today)).toBe(BIRTH_DATE_INVALID_MESSAGE);
    expect(birthDateProblem("12/04/1990", today)).toBe(BIRTH_DATE_INVALID_MESSAGE);
  });
  it("is optional in the form: empty clears it (null), absent leaves it (undefined)", () => {
    const base = { firstName: "Zoé", lastName: "", phone: "" };
    expect(ProfileUpdateSchema.parse({ ...base, dateOfBirth: "" }).dateOfBirth).toBeNull();
    expect(ProfileUpdateSchema.parse(base).dateOfBirth).toBeUndefined();
    expect(ProfileUpdateSchema.parse({ ...base, dateOfBirth: "1990-04-12" }).dateOfBirth).toBe("1990-04-12");
    const refused = ProfileUpdateSchema.safeParse({ ...base, dateOfBirth: "2999-01-01" });
    expect(refused.error?.issues[0]).toMatchObject({ path: ["dateOfBirth"], message: BIRTH_DATE_FUTURE_MESSAGE });
  });
  it("answers under the API's field name", () => {
    const refused = ProfileUpdateApiSchema.safeParse({ first_name: "Zoé", date_of_birth: "1990-02-30" });
    expect(refused.error?.issues[0]).toMatchObject({ path: ["date_of_birth"], message: BIRTH_DATE_INVALID_MESSAGE });
  });
});
