import { z } from "zod";
import { text } from "~/lib/safe-text";
import { NAME_MAX } from "~/domain/auth/auth.rules";
import { MIN_ACCOUNT_AGE_YEARS } from "~/lib/shop-rules";
import { parisDay } from "~/lib/paris-time";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import { formatMessage } from "~/domain/messages/format";

/** Phone: 10 to 20 characters of digits, spaces, plus, hyphen, parentheses and dots (spec). */
export const PHONE_PATTERN = /^[0-9\s+\-().]{10,20}$/;

const name = (required: string) =>
  text()
    .trim()
    .min(1, { error: required })
    .max(NAME_MAX, { error: formatMessage(ACCOUNT_MESSAGES.maxCharacters, { max: NAME_MAX }) })
    .regex(/^[\p{L}\p{M}][\p{L}\p{M}' .-]*$/u, { error: ACCOUNT_MESSAGES.charactersNotAllowedName });

export const BIRTH_DATE_INVALID_MESSAGE = ACCOUNT_MESSAGES.invalidDateBirth;
export const BIRTH_DATE_FUTURE_MESSAGE = ACCOUNT_MESSAGES.dateBirthCannotFuture;
export const BIRTH_DATE_TOO_YOUNG_MESSAGE = formatMessage(ACCOUNT_MESSAGES.minimumAge, { age: MIN_ACCOUNT_AGE_YEARS });

/**
 * What is wrong with a birth date (YYYY-MM-DD from a date input), or null: a real day from 1900,
 * not after today, at least MIN_ACCOUNT_AGE_YEARS ago. `today` is the Paris day.
 */
export function birthDateProblem(value: string, today: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return BIRTH_DATE_INVALID_MESSAGE;
  const day = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== value || value < "1900-01-01") return BIRTH_DATE_INVALID_MESSAGE;
  if (value > today) return BIRTH_DATE_FUTURE_MESSAGE;
  // The birthday of the minimum age, as a string: a 29 February birthday counts from 1 March.
  const birthdayOfAge = `${Number(value.slice(0, 4)) + MIN_ACCOUNT_AGE_YEARS}${value.slice(4)}`;
  if (birthdayOfAge > today) return BIRTH_DATE_TOO_YOUNG_MESSAGE;
  return null;
}

/** Optional birth date: "" clears it (null); absent leaves it unchanged (undefined). */
const dateOfBirth = text()
  .trim()
  .superRefine((value, ctx) => {
    const problem = value === "" ? null : birthDateProblem(value, parisDay(new Date()));
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  })
  .transform((v) => (v === "" ? null : v))
  .optional();

export const ProfileUpdateSchema = z.object({
  firstName: name(ACCOUNT_MESSAGES.firstNameRequired),
  lastName: text()
    .trim()
    .max(NAME_MAX, { error: formatMessage(ACCOUNT_MESSAGES.maxCharacters, { max: NAME_MAX }) })
    .refine((v) => v === "" || /^[\p{L}\p{M}][\p{L}\p{M}' .-]*$/u.test(v), { error: ACCOUNT_MESSAGES.charactersNotAllowedName })
    .transform((v) => (v === "" ? null : v)),
  phone: text()
    .trim()
    .refine((v) => v === "" || PHONE_PATTERN.test(v), { error: ACCOUNT_MESSAGES.invalidPhoneFormat })
    .transform((v) => (v === "" ? null : v)),
  dateOfBirth,
});

export type ProfileUpdate = z.infer<typeof ProfileUpdateSchema>;

/** The same rules under the API's field names (PATCH /api/v1/me). */
export const ProfileUpdateApiSchema = z
  .object({
    first_name: text().default(""),
    last_name: text().default(""),
    phone: text().default(""),
    date_of_birth: text().optional(),
  })
  .transform((b, ctx) => {
    const parsed = ProfileUpdateSchema.safeParse({
      firstName: b.first_name,
      lastName: b.last_name,
      phone: b.phone,
      dateOfBirth: b.date_of_birth,
    });
    if (parsed.success) return parsed.data;
    const apiName: Record<string, string> = {
      firstName: "first_name",
      lastName: "last_name",
      phone: "phone",
      dateOfBirth: "date_of_birth",
    };
    for (const issue of parsed.error.issues) {
      ctx.addIssue({ code: "custom", message: issue.message, path: [apiName[String(issue.path[0])] ?? String(issue.path[0])] });
    }
    return z.NEVER;
  });
