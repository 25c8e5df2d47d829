import { z } from "zod";
import { text } from "~/lib/safe-text";
import { EMAIL_MAX, NAME_MAX, PASSWORD_MAX } from "./auth.rules";
import { passwordPolicyError } from "./password-policy";

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

export const BIRTH_DATE_INVALID_MESSAGE = "Date de naissance invalide";

/** Optional birth date (YYYY-MM-DD, from a date input): a real day, after 1900, in the past. */
export const birthDateField = z
  .union([z.literal(""), text().regex(/^\d{4}-\d{2}-\d{2}$/, { error: BIRTH_DATE_INVALID_MESSAGE })])
  .optional()
  .transform((v) => (v ? v : undefined))
  .refine(
    (v) => {
      if (v === undefined) return true;
      const day = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === v && v >= "1900-01-01" && day.getTime() < Date.now();
    },
    { error: BIRTH_DATE_INVALID_MESSAGE },
  );

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
