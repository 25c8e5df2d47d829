import { z } from "zod";

/** Sign-in and sign-up forms (the auth modal), validated in the browser and on the server. */
export const NAME_MAX = 60;
export const EMAIL_MAX = 254;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

const email = z
  .string({ error: "L'email est obligatoire" })
  .trim()
  .min(1, { error: "L'email est obligatoire" })
  .max(EMAIL_MAX, { error: "L'email est trop long" })
  .pipe(z.email({ error: "Format d'email invalide" }))
  .transform((e) => e.toLowerCase());

/** Names: letters of any language, spaces, apostrophes and hyphens; no markup. */
const personName = (required: string) =>
  z
    .string()
    .trim()
    .min(1, { error: required })
    .max(NAME_MAX, { error: `${NAME_MAX} caractères au maximum` })
    .regex(/^[\p{L}\p{M}][\p{L}\p{M}' .-]*$/u, { error: "Caractères non autorisés dans le nom" });

export const SignInSchema = z.object({
  email,
  password: z.string().min(1, { error: "Le mot de passe est obligatoire" }).max(PASSWORD_MAX),
});

export const SignUpSchema = z.object({
  firstName: personName("Le prénom est obligatoire"),
  lastName: z.union([z.literal(""), personName("")]).optional().transform((v) => (v ? v : undefined)),
  email,
  // The old app had no rule; a shop account needs at least 8 characters.
  password: z
    .string()
    .min(1, { error: "Le mot de passe est obligatoire" })
    .min(PASSWORD_MIN, { error: `Le mot de passe doit contenir au moins ${PASSWORD_MIN} caractères` })
    .max(PASSWORD_MAX, { error: `${PASSWORD_MAX} caractères au maximum` }),
});

export const TwoFactorCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^(\d{6}|[A-Za-z0-9-]{8,12})$/, { error: "Saisissez le code à 6 chiffres ou un code de secours" }),
});

export type SignInInput = z.infer<typeof SignInSchema>;
export type SignUpInput = z.infer<typeof SignUpSchema>;

/** "Marie Claire Dupont" -> first "Marie", last "Claire Dupont" (the spec's rule). */
export function splitFullName(fullName: string): { firstName: string; lastName: string | null } {
  const parts = fullName.trim().split(/\s+/).filter(Boolean);
  return { firstName: parts[0] ?? "", lastName: parts.length > 1 ? parts.slice(1).join(" ") : null };
}

/** French messages for the auth library's error codes; never its English text. */
export function authErrorMessage(code: string | undefined, status?: number): string {
  if (status === 429 || code === "TOO_MANY_REQUESTS" || code === "ACCOUNT_LOCKED")
    return "Trop de tentatives. Veuillez patienter quelques minutes avant de réessayer.";
  switch (code) {
    case "INVALID_EMAIL_OR_PASSWORD":
    case "INVALID_PASSWORD":
    case "INVALID_EMAIL":
    case "USER_NOT_FOUND":
      return "E-mail ou mot de passe incorrect.";
    case "USER_ALREADY_EXISTS":
    case "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL":
      return "Inscription impossible avec cet e-mail. Si vous avez déjà un compte, connectez-vous.";
    case "PASSWORD_TOO_SHORT":
      return `Le mot de passe doit contenir au moins ${PASSWORD_MIN} caractères`;
    case "PASSWORD_TOO_LONG":
      return `Le mot de passe doit contenir au plus ${PASSWORD_MAX} caractères`;
    case "INVALID_CODE":
    case "INVALID_TWO_FACTOR_COOKIE":
    case "INVALID_BACKUP_CODE":
    case "OTP_HAS_EXPIRED":
      return "Code de vérification incorrect";
    case "BANNED_USER":
      return "Ce compte a été désactivé.";
    default:
      return "Une erreur est survenue. Veuillez réessayer.";
  }
}
