/**
 * The dashboard route has one action; each form posts a hidden `intent` naming what it does.
 * This file is the contract between those forms and the action (no server code here).
 */
export const ACCOUNT_INTENTS = [
  "logout",
  "change-password",
  "revoke-session",
  "revoke-other-sessions",
  "2fa-enable",
  "2fa-verify",
  "2fa-disable",
  "security-report",
  "save-preferences",
  "delete-account",
  "resend-verification",
  "change-email",
  "save-business-invoice",
  "clear-business-invoice",
] as const;

export type AccountIntent = (typeof ACCOUNT_INTENTS)[number];

export function isAccountIntent(value: unknown): value is AccountIntent {
  return typeof value === "string" && (ACCOUNT_INTENTS as readonly string[]).includes(value);
}

/** What the setup step hands the verify step: the QR code (inline SVG), the secret, the backup codes. */
export type TwoFactorSetup = { qrSvg: string; secret: string; backupCodes: string[] };

/**
 * The `data` of a dashboard form's success (the action answers `ActionResult<AccountActionData>`,
 * decision 056): the intent that answered and, for the two-factor setup, its step. A refusal is the
 * shared ActionFailure; a rate limit's wait is in its `details.retryAfterSeconds`.
 */
export type AccountActionData = { intent: AccountIntent; setup?: TwoFactorSetup };

/** Spec timings: success dialogs close after 2 s (password) and 3 s (report); "Copié !" lasts 2 s. */
export const PASSWORD_SUCCESS_CLOSE_MS = 2000;
export const REPORT_SUCCESS_CLOSE_MS = 3000;
export const COPY_FEEDBACK_MS = 2000;
