import { z } from "zod";
import { text } from "~/lib/safe-text";
import { EMAIL_MAX, NAME_MAX, PASSWORD_MAX } from "./auth.rules";
import { passwordPolicyError } from "./password-policy";
import { BIRTH_DATE_INVALID_MESSAGE, birthDateProblem } from "~/domain/account/profile.schema";
import { parisDay } from "~/lib/paris-time";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import * as SHOP_MESSAGES from "~/domain/messages/shop";
import { formatMessage } from "~/domain/messages/format";

/** Sign-in and sign-up forms (the auth modal), validated in the browser and on the server. */

const email = text({ error: SHOP_MESSAGES.eMailRequired2 })
  .trim()
  .min(1, { error: SHOP_MESSAGES.eMailRequired2 })
  .max(EMAIL_MAX, { error: ACCOUNT_MESSAGES.eMailTooLong })
  .pipe(z.email({ error: SHOP_MESSAGES.invalidEMailFormat2 }))
  .transform((e) => e.toLowerCase());

/** Names: letters of any language, spaces, apostrophes and hyphens; no markup. */
const personName = (required: string) =>
  text()
    .trim()
    .min(1, { error: required })
    .max(NAME_MAX, { error: formatMessage(ACCOUNT_MESSAGES.maxCharacters, { max: NAME_MAX }) })
    .regex(/^[\p{L}\p{M}][\p{L}\p{M}' .-]*$/u, { error: ACCOUNT_MESSAGES.charactersNotAllowedName });

export const SignInSchema = z.object({
  email,
  password: text().min(1, { error: ACCOUNT_MESSAGES.passwordRequired }).max(PASSWORD_MAX),
});

export { BIRTH_DATE_INVALID_MESSAGE };

/**
 * Optional birth date (YYYY-MM-DD, from a date input): the profile's rule (a real day from 1900,
 * not in the future, at least MIN_ACCOUNT_AGE_YEARS old on the Paris day), so sign-up refuses
 * what the profile would refuse afterwards.
 */
export const birthDateField = z
  .union([z.literal(""), text()])
  .optional()
  .transform((v) => (v ? v : undefined))
  .superRefine((v, ctx) => {
    const problem = v === undefined ? null : birthDateProblem(v, parisDay(new Date()));
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

/** A checkbox of the form: sent as true/false by the dialog, "on" by a plain form post. */
const checkbox = z
  .union([z.boolean(), z.literal("on"), z.literal("")])
  .optional()
  .transform((v) => v === true || v === "on");

export const SignUpSchema = z.object({
  firstName: personName(ACCOUNT_MESSAGES.firstNameRequired),
  lastName: personName(SHOP_MESSAGES.nameRequired),
  birthDate: birthDateField,
  email,
  // The CNIL rules and the common-password list (docs/decisions/042-accounts-recovery-and-password-policy.md).
  password: text()
    .min(1, { error: ACCOUNT_MESSAGES.passwordRequired })
    .superRefine((password, ctx) => {
      const refusal = passwordPolicyError(password);
      if (refusal) ctx.addIssue({ code: "custom", message: refusal });
    }),
  /** L34-5 CPCE: the customer may refuse the shop's commercial e-mails about similar products. */
  refuseCommercialEmails: checkbox,
  /** The newsletter, by explicit opt-in (an unticked box; confirmed by e-mail). */
  newsletter: checkbox,
});

export const TwoFactorCodeSchema = z.object({
  code: text()
    .trim()
    .regex(/^(\d{6}|[A-Za-z0-9-]{8,12})$/, { error: ACCOUNT_MESSAGES.enter6DigitCodeBackup }),
});

export type SignInInput = z.infer<typeof SignInSchema>;
export type SignUpInput = z.infer<typeof SignUpSchema>;
