import { z } from "zod";
import { text } from "~/lib/safe-text";
import { EMAIL_MAX, PASSWORD_MAX } from "~/domain/auth/auth.rules";
import { meetsPasswordPolicy, passwordPolicyError } from "~/domain/auth/password-policy";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import * as SHOP_MESSAGES from "~/domain/messages/shop";

/**
 * Forms of the account's Security tab (password change, two-factor, security report),
 * validated in the browser and again in the dashboard action.
 */

export const PASSWORD_CRITERIA_MESSAGE = ACCOUNT_MESSAGES.newPasswordDoesNotMeet;
export const PASSWORD_MISMATCH_MESSAGE = ACCOUNT_MESSAGES.passwordsDoNotMatch;
export const WRONG_CURRENT_PASSWORD_MESSAGE = ACCOUNT_MESSAGES.incorrectCurrentPassword;
export const WRONG_TWO_FACTOR_CODE_MESSAGE = ACCOUNT_MESSAGES.incorrectVerificationCode;
export const TWO_FACTOR_SETUP_FIRST_MESSAGE = ACCOUNT_MESSAGES.turnTwoFactorAuthenticationFirst;
export const SECURITY_REPORT_REQUIRED_MESSAGE = ACCOUNT_MESSAGES.selectTypeProblemGiveDescription;

/** The new-password rules live in ~/domain/auth/password-policy (CNIL recommendation, common list). */
export { checkPasswordCriteria, type PasswordCriterionId } from "~/domain/auth/password-policy";

export function meetsPasswordCriteria(password: string): boolean {
  return meetsPasswordPolicy(password);
}

/** A new password: the policy's own French message (too weak, too common) when refused. */
export const newPasswordField = text({ error: PASSWORD_CRITERIA_MESSAGE }).superRefine((password, ctx) => {
  const refusal = passwordPolicyError(password);
  if (refusal) ctx.addIssue({ code: "custom", message: refusal });
});

export const ChangePasswordSchema = z
  .object({
    currentPassword: text({ error: ACCOUNT_MESSAGES.currentPasswordRequired })
      .min(1, { error: ACCOUNT_MESSAGES.currentPasswordRequired })
      .max(PASSWORD_MAX, { error: WRONG_CURRENT_PASSWORD_MESSAGE }),
    newPassword: newPasswordField,
    confirmPassword: text({ error: PASSWORD_MISMATCH_MESSAGE }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    error: PASSWORD_MISMATCH_MESSAGE,
    path: ["confirmPassword"],
  });

export type ChangePasswordInput = z.infer<typeof ChangePasswordSchema>;

/** Two-factor codes: digits only, 6 of them. */
export const TWO_FACTOR_CODE_LENGTH = 6;

/** What the code field keeps of the typed text: digits only, at most 6. */
export function sanitizeTwoFactorCode(value: string): string {
  return value.replace(/\D/g, "").slice(0, TWO_FACTOR_CODE_LENGTH);
}

const twoFactorCode = text({ error: WRONG_TWO_FACTOR_CODE_MESSAGE })
  .trim()
  .regex(new RegExp(`^\\d{${TWO_FACTOR_CODE_LENGTH}}$`), { error: WRONG_TWO_FACTOR_CODE_MESSAGE });

const accountPassword = text({ error: ACCOUNT_MESSAGES.passwordRequired })
  .min(1, { error: ACCOUNT_MESSAGES.passwordRequired })
  .max(PASSWORD_MAX, { error: WRONG_CURRENT_PASSWORD_MESSAGE });

/** Setup step: the account password unlocks the creation of a secret. */
export const TwoFactorSetupSchema = z.object({ password: accountPassword });

/** Verify step: the first valid code activates two-factor sign-in. */
export const TwoFactorVerifySchema = z.object({ code: twoFactorCode });

/** Disabling asks for the password and a valid current code. */
export const TwoFactorDisableSchema = z.object({ password: accountPassword, code: twoFactorCode });

export const SessionTargetSchema = z.object({ sessionId: text().trim().min(1).max(200) });

export const SECURITY_ISSUE_TYPES = [
  "unauthorized_access",
  "suspicious_activity",
  "unknown_device",
  "password_compromise",
  "phishing_attempt",
  "other",
] as const;
export type SecurityIssueType = (typeof SECURITY_ISSUE_TYPES)[number];

export const SECURITY_ISSUE_LABELS: Record<SecurityIssueType, string> = {
  unauthorized_access: ACCOUNT_MESSAGES.unauthorisedAccess,
  suspicious_activity: ACCOUNT_MESSAGES.suspiciousActivity,
  unknown_device: ACCOUNT_MESSAGES.unknownDevice,
  password_compromise: ACCOUNT_MESSAGES.compromisedPassword,
  phishing_attempt: ACCOUNT_MESSAGES.phishingAttempt,
  other: ACCOUNT_MESSAGES.otherLabel,
};

export const SECURITY_URGENCIES = ["low", "medium", "high"] as const;
export type SecurityUrgency = (typeof SECURITY_URGENCIES)[number];
export const DEFAULT_SECURITY_URGENCY: SecurityUrgency = "medium";

export const SECURITY_URGENCY_LABELS: Record<SecurityUrgency, string> = {
  low: ACCOUNT_MESSAGES.severityLow,
  medium: ACCOUNT_MESSAGES.severityMedium,
  high: ACCOUNT_MESSAGES.severityHigh,
};

export const SECURITY_REPORT_DESCRIPTION_MAX = 2000;

export const SecurityReportSchema = z.object({
  issueType: z.enum(SECURITY_ISSUE_TYPES, { error: SECURITY_REPORT_REQUIRED_MESSAGE }),
  description: text({ error: SECURITY_REPORT_REQUIRED_MESSAGE })
    .trim()
    .min(1, { error: SECURITY_REPORT_REQUIRED_MESSAGE })
    .max(SECURITY_REPORT_DESCRIPTION_MAX, {
      error: `La description ne peut pas dépasser ${SECURITY_REPORT_DESCRIPTION_MAX} caractères`,
    }),
  /** Optional: the account's e-mail is used when left empty. */
  contactEmail: text()
    .trim()
    .max(EMAIL_MAX, { error: ACCOUNT_MESSAGES.eMailTooLong })
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(z.email({ error: SHOP_MESSAGES.invalidEMailFormat2 }).optional()),
  urgency: z
    .union([z.enum(SECURITY_URGENCIES), z.literal("")])
    .optional()
    .transform((v) => (v ? v : DEFAULT_SECURITY_URGENCY)),
});

export type SecurityReportFormInput = z.input<typeof SecurityReportSchema>;
export type SecurityReportInput = z.output<typeof SecurityReportSchema>;

/** The first message of a failed parse, for a single-line form error. */
export function firstIssueMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? ACCOUNT_MESSAGES.somethingWentWrong;
}
