import { z } from "zod";
import { text } from "~/lib/safe-text";
import { PASSWORD_MAX } from "~/domain/auth/auth.rules";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";

export const WRONG_PASSWORD_MESSAGE = ACCOUNT_MESSAGES.incorrectPassword;
export const PASSWORD_REQUIRED_MESSAGE = ACCOUNT_MESSAGES.enterPassword;

/** Deleting the account asks for the current password again. */
export const DeleteAccountSchema = z.object({
  password: text({ error: PASSWORD_REQUIRED_MESSAGE }).min(1, PASSWORD_REQUIRED_MESSAGE).max(PASSWORD_MAX, WRONG_PASSWORD_MESSAGE),
});
