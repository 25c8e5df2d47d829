import { z } from "zod";
import { text } from "~/lib/safe-text";
import { PASSWORD_MAX } from "~/domain/auth/auth.rules";

export const WRONG_PASSWORD_MESSAGE = "Mot de passe incorrect";
export const PASSWORD_REQUIRED_MESSAGE = "Veuillez saisir votre mot de passe";

/** Deleting the account asks for the current password again. */
export const DeleteAccountSchema = z.object({
  password: text({ error: PASSWORD_REQUIRED_MESSAGE }).min(1, PASSWORD_REQUIRED_MESSAGE).max(PASSWORD_MAX, WRONG_PASSWORD_MESSAGE),
});
