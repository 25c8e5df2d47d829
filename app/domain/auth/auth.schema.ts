import { z } from "zod";
import { text } from "~/lib/safe-text";
import { EMAIL_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from "./auth.rules";

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

export const SignUpSchema = z.object({
  firstName: personName("Le prénom est obligatoire"),
  lastName: z
    .union([z.literal(""), personName("")])
    .optional()
    .transform((v) => (v ? v : undefined)),
  email,
  // A shop account needs at least 8 characters (docs/decisions/003-accounts-and-authentication.md).
  password: text()
    .min(1, { error: "Le mot de passe est obligatoire" })
    .min(PASSWORD_MIN, { error: `Le mot de passe doit contenir au moins ${PASSWORD_MIN} caractères` })
    .max(PASSWORD_MAX, { error: `${PASSWORD_MAX} caractères au maximum` }),
});

export const TwoFactorCodeSchema = z.object({
  code: text()
    .trim()
    .regex(/^(\d{6}|[A-Za-z0-9-]{8,12})$/, { error: "Saisissez le code à 6 chiffres ou un code de secours" }),
});

export type SignInInput = z.infer<typeof SignInSchema>;
export type SignUpInput = z.infer<typeof SignUpSchema>;
