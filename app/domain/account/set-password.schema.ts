import { z } from "zod";
import { text } from "~/lib/safe-text";
import { PASSWORD_MISMATCH_MESSAGE, newPasswordField } from "./security.schema";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";

/** /definir-mot-de-passe: the link sent to a client whose account the administrator created. */
export const SETUP_LINK_INVALID_MESSAGE = ACCOUNT_MESSAGES.linkNoLongerValidAsk;

/** The link's token, as the page reads it from the address and the form sends it back. */
export const SetupTokenSchema = text({ error: SETUP_LINK_INVALID_MESSAGE })
  .trim()
  .min(1, { error: SETUP_LINK_INVALID_MESSAGE })
  .max(200, { error: SETUP_LINK_INVALID_MESSAGE });

/** The page the invitation link opens: the new password twice, with the account's rules. */
export const SetPasswordSchema = z
  .object({
    token: SetupTokenSchema,
    newPassword: newPasswordField,
    confirmPassword: text({ error: PASSWORD_MISMATCH_MESSAGE }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { error: PASSWORD_MISMATCH_MESSAGE, path: ["confirmPassword"] });
