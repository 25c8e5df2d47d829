import { z } from "zod";
import { text } from "~/lib/safe-text";
import { EMAIL_MAX } from "./auth.rules";
import { PASSWORD_MISMATCH_MESSAGE, newPasswordField } from "~/domain/account/security.schema";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import * as SHOP_MESSAGES from "~/domain/messages/shop";

/**
 * "Mot de passe oublié", the reset page, e-mail verification and change of address: forms and
 * French messages, validated in the browser and again on the server.
 */

/** The one answer to a reset request, whether an account has this address or not. */
export const RESET_REQUESTED_MESSAGE = ACCOUNT_MESSAGES.ifAccountExistsAddressWill;
export const RESET_LINK_INVALID_MESSAGE = ACCOUNT_MESSAGES.resetLinkNoLongerValid;
export const RESET_DONE_MESSAGE = ACCOUNT_MESSAGES.passwordChangedNowSign;
export const VERIFICATION_SENT_MESSAGE = ACCOUNT_MESSAGES.newConfirmationLinkJustSent;
export const EMAIL_ALREADY_VERIFIED_MESSAGE = ACCOUNT_MESSAGES.eMailAddressAlreadyConfirmed;
export const EMAIL_IN_USE_MESSAGE = ACCOUNT_MESSAGES.eMailAddressAlreadyUsed;
export const EMAIL_SAME_MESSAGE = ACCOUNT_MESSAGES.alreadyAccountsEMailAddress;
export const EMAIL_CHANGE_SENT_MESSAGE = ACCOUNT_MESSAGES.confirmationLinkSentNewAddress;
export const EMAIL_CONFIRMED_MESSAGE = ACCOUNT_MESSAGES.eMailAddressConfirmed;

export { EMAIL_LINK_INVALID_MESSAGE, EMAIL_VERIFIED_CALLBACK } from "./auth.rules";

export const emailField = text({ error: SHOP_MESSAGES.eMailRequired2 })
  .trim()
  .min(1, { error: SHOP_MESSAGES.eMailRequired2 })
  .max(EMAIL_MAX, { error: ACCOUNT_MESSAGES.eMailTooLong })
  .pipe(z.email({ error: SHOP_MESSAGES.invalidEMailFormat2 }))
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
