import { z } from "zod";
import { text } from "~/lib/safe-text";
import { EMAIL_MAX, NAME_MAX, PASSWORD_MAX } from "./auth.rules";
import { passwordPolicyError } from "./password-policy";
import { BIRTH_DATE_INVALID_MESSAGE, birthDateProblem } from "~/domain/account/profile.schema";
import { parisDay } from "~/lib/paris-time";

/** Sign-in and sign-up forms (the auth modal), validated in the browser and on the server. */

const email = text({ error: "L'email est obligatoire" })
  .trim()
  .min(1, { error: "L'email est obligatoire" })
  .max(EMAIL_MAX, { error: "L'email est trop long" })
  .pipe(z.email({ error: "Format d'email invalide" }))
  .transform((e) => e.toLowerCase());

/** Names: letters of any language, spaces, apostrophes and hyphens; no markup. */
const personName = (required: string) =>
  text()
    .trim()
    .min(1, { error: required })
    .max(NAME_MAX, { error: `${NAME_MAX} caractères au maximum` })
    .regex(/^[\p{L}\p{M}][\p{L}\p{M}' .-]*$/u, { error: "Caractères non autorisés dans le nom" });

export const SignInSchema = z.object({
  email,
  password: text().min(1, { error: "Le mot de passe est obligatoire" }).max(PASSWORD_MAX),
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
  firstName: personName("Le prénom est obligatoire"),
  lastName: personName("Le nom est obligatoire"),
  birthDate: birthDateField,
  email,
  // The CNIL rules and the common-password list (docs/decisions/042-accounts-recovery-and-password-policy.md).
  password: text()
    .min(1, { error: "Le mot de passe est obligatoire" })
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
    .regex(/^(\d{6}|[A-Za-z0-9-]{8,12})$/, { error: "Saisissez le code à 6 chiffres ou un code de secours" }),
});

export type SignInInput = z.infer<typeof SignInSchema>;
export type SignUpInput = z.infer<typeof SignUpSchema>;
