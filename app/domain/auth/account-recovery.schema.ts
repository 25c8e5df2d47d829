import { z } from "zod";
import { text } from "~/lib/safe-text";
import { EMAIL_MAX } from "./auth.rules";
import { PASSWORD_MISMATCH_MESSAGE, newPasswordField } from "~/domain/account/security.schema";

/**
 * "Mot de passe oublié", the reset page, e-mail verification and change of address: forms and
 * French messages, validated in the browser and again on the server.
 */

/** The one answer to a reset request, whether an account has this address or not. */
export const RESET_REQUESTED_MESSAGE =
  "Si un compte existe avec cette adresse, vous allez recevoir un e-mail avec un lien pour choisir un nouveau mot de passe (valable 1 heure).";
export const RESET_LINK_INVALID_MESSAGE =
  "Ce lien de réinitialisation n'est plus valide : il a expiré ou a déjà été utilisé. Demandez un nouveau lien depuis « Mot de passe oublié ? ».";
export const RESET_DONE_MESSAGE = "Votre mot de passe a été modifié. Vous pouvez maintenant vous connecter.";
export const VERIFICATION_SENT_MESSAGE = "Un nouveau lien de confirmation vient de vous être envoyé.";
export const EMAIL_ALREADY_VERIFIED_MESSAGE = "Votre adresse e-mail est déjà confirmée.";
export const EMAIL_IN_USE_MESSAGE = "Cette adresse e-mail est déjà utilisée par un autre compte.";
export const EMAIL_SAME_MESSAGE = "C'est déjà l'adresse e-mail de votre compte.";
export const EMAIL_CHANGE_SENT_MESSAGE =
  "Un lien de confirmation a été envoyé à votre nouvelle adresse. Elle remplacera l'actuelle dès que vous aurez ouvert ce lien.";
export const EMAIL_CONFIRMED_MESSAGE = "Votre adresse e-mail est confirmée.";

export { EMAIL_LINK_INVALID_MESSAGE, EMAIL_VERIFIED_CALLBACK } from "./auth.rules";

export const emailField = text({ error: "L'email est obligatoire" })
  .trim()
  .min(1, { error: "L'email est obligatoire" })
  .max(EMAIL_MAX, { error: "L'email est trop long" })
  .pipe(z.email({ error: "Format d'email invalide" }))
  .transform((e) => e.toLowerCase());

export const ForgotPasswordSchema = z.object({ email: emailField });

export const ResetTokenSchema = text({ error: RESET_LINK_INVALID_MESSAGE })
  .trim()
  .min(1, { error: RESET_LINK_INVALID_MESSAGE })
  .max(200, { error: RESET_LINK_INVALID_MESSAGE });

export const ResetPasswordSchema = z
  .object({
    token: ResetTokenSchema,
    newPassword: newPasswordField,
    confirmPassword: text({ error: PASSWORD_MISMATCH_MESSAGE }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { error: PASSWORD_MISMATCH_MESSAGE, path: ["confirmPassword"] });

export const ChangeEmailSchema = z.object({ newEmail: emailField });
