/**
 * The account password rules (docs/decisions/042-accounts-recovery-and-password-policy.md),
 * following the CNIL recommendation: at least 12 characters mixing upper case, lower case, digit
 * and symbol, OR a passphrase of at least 14 characters in 4 words or more; never one of the
 * common passwords shipped with the app. Isomorphic: the live checklist in the browser and the
 * server's check use these same functions. Passwords chosen before these rules keep working:
 * only a new password (sign-up, reset, change, first set-up) is checked.
 */
import { PASSWORD_MAX } from "./auth.rules";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import { formatMessage } from "~/domain/messages/format";

export const PASSWORD_COMPLEX_MIN = 12;
export const PASSPHRASE_MIN = 14;
export const PASSPHRASE_MIN_WORDS = 4;

export const PASSWORD_POLICY_MESSAGE = formatMessage(ACCOUNT_MESSAGES.passwordPolicy, {
  min: PASSWORD_COMPLEX_MIN,
  passphraseMin: PASSPHRASE_MIN,
  passphraseWords: PASSPHRASE_MIN_WORDS,
});
export const COMMON_PASSWORD_MESSAGE = ACCOUNT_MESSAGES.passwordTooCommonEasyGuess;
export const PASSWORD_TOO_LONG_MESSAGE = formatMessage(ACCOUNT_MESSAGES.passwordMaxLengthSentence, { max: PASSWORD_MAX });

/**
 * The common-password list (80 KB) is not part of this module: every storefront page loads the
 * sign-up form's rules, and the list would weigh on each first load. `common-passwords.ts` provides
 * it when imported: the server imports it at start-up (auth-input.ts), and the browser's checklist
 * imports it on demand. Until then the browser checks the other rules; the server always has it.
 */
let commonPasswords: ReadonlySet<string> | null = null;

export function provideCommonPasswords(list: ReadonlySet<string>): void {
  commonPasswords = list;
}

export function hasCommonPasswords(): boolean {
  return commonPasswords !== null;
}

/**
 * Whether the password is in the common list, compared case-insensitively, also once the digits
 * and symbols around it are taken off ("Motdepasse123!" is "motdepasse" decorated).
 */
export function isCommonPassword(password: string): boolean {
  const lower = password.normalize("NFC").toLowerCase().trim();
  if (!lower) return false;
  const list = commonPasswords;
  if (!list) return false;
  const core = (text: string) => text.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, "");
  // A "passphrase" that is one common password spaced out ("mot de passe 2024") or repeated.
  const joined = lower.replace(/[\s_.-]+/g, "");
  for (const candidate of [lower, core(lower), joined, core(joined)]) if (candidate && list.has(candidate)) return true;
  const words = new Set(passphraseWords(lower));
  return words.size === 1 && list.has([...words][0]);
}

/** Words of a passphrase: runs of letters or digits, separated by spaces or punctuation. */
export function passphraseWords(password: string): string[] {
  return password.split(/[^\p{L}\p{N}]+/u).filter((word) => word.length > 0);
}

export function isComplexPassword(password: string): boolean {
  return (
    password.length >= PASSWORD_COMPLEX_MIN &&
    /\p{Lu}/u.test(password) &&
    /\p{Ll}/u.test(password) &&
    /\p{Nd}/u.test(password) &&
    /[^\p{L}\p{N}\s]/u.test(password)
  );
}

export function isPassphrase(password: string): boolean {
  return password.length >= PASSPHRASE_MIN && passphraseWords(password).length >= PASSPHRASE_MIN_WORDS;
}

export type PasswordCriterionId = "length" | "upper" | "lower" | "digit" | "special" | "passphrase" | "uncommon";
export type PasswordCriterion = { id: PasswordCriterionId; label: string; met: boolean };

/**
 * The live checklist: the five parts of a complex password, the passphrase alternative, and the
 * common-list check (met only once something is typed).
 */
export function checkPasswordCriteria(password: string): PasswordCriterion[] {
  return [
    {
      id: "length",
      label: formatMessage(ACCOUNT_MESSAGES.passwordAtLeastCharacters, { min: PASSWORD_COMPLEX_MIN }),
      met: password.length >= PASSWORD_COMPLEX_MIN,
    },
    { id: "upper", label: ACCOUNT_MESSAGES.upperCaseLetter, met: /\p{Lu}/u.test(password) },
    { id: "lower", label: ACCOUNT_MESSAGES.lowerCaseLetter, met: /\p{Ll}/u.test(password) },
    { id: "digit", label: ACCOUNT_MESSAGES.digit, met: /\p{Nd}/u.test(password) },
    { id: "special", label: ACCOUNT_MESSAGES.specialCharacter, met: /[^\p{L}\p{N}\s]/u.test(password) },
    {
      id: "passphrase",
      label: formatMessage(ACCOUNT_MESSAGES.passwordPassphraseAlternative, { min: PASSPHRASE_MIN, words: PASSPHRASE_MIN_WORDS }),
      met: isPassphrase(password),
    },
    {
      id: "uncommon",
      label: ACCOUNT_MESSAGES.notCommonPassword,
      met: password.length > 0 && hasCommonPasswords() && !isCommonPassword(password),
    },
  ];
}

/** The French message refusing a new password, or null when it follows the rules. */
export function passwordPolicyError(password: string): string | null {
  if (password.length > PASSWORD_MAX) return PASSWORD_TOO_LONG_MESSAGE;
  if (!isComplexPassword(password) && !isPassphrase(password)) return PASSWORD_POLICY_MESSAGE;
  if (isCommonPassword(password)) return COMMON_PASSWORD_MESSAGE;
  return null;
}

export function meetsPasswordPolicy(password: string): boolean {
  return passwordPolicyError(password) === null;
}
