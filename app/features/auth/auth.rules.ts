/**
 * Limits and French messages of the auth forms, without zod: the header and the sign-out code
 * import this, and storefront pages must not ship the validation library on first load.
 */
export const NAME_MAX = 60;
export const EMAIL_MAX = 254;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

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
