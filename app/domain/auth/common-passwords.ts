/**
 * The common passwords refused for a new password (docs/decisions/042), provided to the password
 * rules when this module is imported: at start-up on the server, on demand in the browser.
 */
import commonPasswordsText from "./common-passwords.txt?raw";
import { provideCommonPasswords } from "./password-policy";

export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  commonPasswordsText
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean),
);

provideCommonPasswords(COMMON_PASSWORDS);
