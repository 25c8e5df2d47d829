import { describe, expect, it } from "vitest";
import {
  COMMON_PASSWORD_MESSAGE,
  PASSWORD_POLICY_MESSAGE,
  PASSWORD_TOO_LONG_MESSAGE,
  checkPasswordCriteria,
  isCommonPassword,
  passwordPolicyError,
} from "./password-policy";
import "./common-passwords";
import { SignUpSchema } from "./auth.schema";
import { ChangePasswordSchema } from "~/domain/account/security.schema";
import { SetPasswordSchema } from "~/domain/account/set-password.schema";
import { ResetPasswordSchema } from "./account-recovery.schema";
import commonPasswordsText from "./common-passwords.txt?raw";

describe("password policy (CNIL recommendation)", () => {
  it("accepts 12+ characters with upper case, lower case, digit and symbol", () => {
    expect(passwordPolicyError("Lavande#Grasse7")).toBeNull();
    expect(passwordPolicyError("Secret123!Aurore")).toBeNull();
  });

  it("refuses a complex password shorter than 12 characters, or missing one kind", () => {
    expect(passwordPolicyError("Lavande#G7")).toBe(PASSWORD_POLICY_MESSAGE); // 10 characters
    expect(passwordPolicyError("lavande#grasse7")).toBe(PASSWORD_POLICY_MESSAGE); // no upper case
    expect(passwordPolicyError("LavandeGrasse77")).toBe(PASSWORD_POLICY_MESSAGE); // no symbol
    expect(passwordPolicyError("Lavande#Grasse")).toBe(PASSWORD_POLICY_MESSAGE); // no digit
  });

  it("accepts a passphrase of 14+ characters in 4 words, and refuses 3 words or 13 characters", () => {
    expect(passwordPolicyError("violette sous la pluie")).toBeNull();
    expect(passwordPolicyError("violette-sous-la-pluie")).toBeNull();
    expect(passwordPolicyError("violettes sous pluie")).toBe(PASSWORD_POLICY_MESSAGE);
    expect(passwordPolicyError("il a vu un ch")).toBe(PASSWORD_POLICY_MESSAGE); // 13 characters
  });

  it("refuses common passwords case-insensitively, also dressed up with digits and symbols", () => {
    expect(isCommonPassword("motdepasse")).toBe(true);
    expect(isCommonPassword("AZERTY123")).toBe(true);
    expect(isCommonPassword("Soleil")).toBe(true);
    expect(isCommonPassword("MotDePasse123")).toBe(true);
    expect(passwordPolicyError("Motdepasse123!")).toBe(COMMON_PASSWORD_MESSAGE);
    expect(passwordPolicyError("Password2024!!")).toBe(COMMON_PASSWORD_MESSAGE);
    expect(passwordPolicyError("azerty azerty azerty azerty")).toBe(COMMON_PASSWORD_MESSAGE);
    expect(passwordPolicyError("mot de passe 2024 !")).toBe(COMMON_PASSWORD_MESSAGE);
    expect(isCommonPassword("Lavande#Grasse7")).toBe(false);
  });

  it("ships about 10,000 common passwords including French ones", () => {
    const list = commonPasswordsText.split("\n").filter(Boolean);
    expect(list.length).toBe(10_000);
    for (const word of ["motdepasse", "azerty123", "soleil", "motdepasse123", "123456", "password"]) expect(list).toContain(word);
  });

  it("refuses a password over 128 characters", () => {
    expect(passwordPolicyError(`Aa1!${"x".repeat(130)}`)).toBe(PASSWORD_TOO_LONG_MESSAGE);
  });

  it("drives the live checklist: each rule ticks on its own", () => {
    const met = (p: string) => Object.fromEntries(checkPasswordCriteria(p).map((c) => [c.id, c.met])) as Record<string, boolean>;
    expect(met("")).toEqual({
      length: false,
      upper: false,
      lower: false,
      digit: false,
      special: false,
      passphrase: false,
      uncommon: false,
    });
    expect(met("abc")).toMatchObject({ lower: true, upper: false, length: false, uncommon: true });
    expect(met("Lavande#Grasse7")).toEqual({
      length: true,
      upper: true,
      lower: true,
      digit: true,
      special: true,
      passphrase: false,
      uncommon: true,
    });
    expect(met("azertyuiop123")).toMatchObject({ uncommon: false });
  });

  it("applies to sign-up, password change, set-password and reset", () => {
    const signUp = SignUpSchema.safeParse({ firstName: "Camille", lastName: "Roux", email: "c@example.com", password: "motdepasse123" });
    expect(signUp.success).toBe(false);
    expect(signUp.error?.issues[0]?.message).toBe(PASSWORD_POLICY_MESSAGE);
    const common = SignUpSchema.safeParse({ firstName: "Camille", lastName: "Roux", email: "c@example.com", password: "Motdepasse123!" });
    expect(common.error?.issues.map((i) => i.message)).toEqual([COMMON_PASSWORD_MESSAGE]);
    const change = ChangePasswordSchema.safeParse({
      currentPassword: "x",
      newPassword: "Motdepasse123!",
      confirmPassword: "Motdepasse123!",
    });
    expect(change.error?.issues[0]?.message).toBe(COMMON_PASSWORD_MESSAGE);
    const setUp = SetPasswordSchema.safeParse({ token: "t", newPassword: "Abcdef1!", confirmPassword: "Abcdef1!" });
    expect(setUp.error?.issues[0]?.message).toBe(PASSWORD_POLICY_MESSAGE);
    const reset = ResetPasswordSchema.safeParse({ token: "t", newPassword: "Lavande#Grasse7", confirmPassword: "Lavande#Grasse7" });
    expect(reset.success).toBe(true);
  });
});
