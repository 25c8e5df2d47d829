import { z } from "zod";
import { text } from "~/lib/safe-text";
import { formatMessage } from "~/domain/messages/format";
import * as SHOP_MESSAGES from "~/domain/messages/shop";

/**
 * The customer-service contact form (/service-client), validated in the browser and again in
 * the route action and the support service. Messages are French, one per field.
 */

export const CONTACT_NAME_MAX = 100;
export const CONTACT_EMAIL_MAX = 254;
export const CONTACT_SUBJECT_MAX = 150;
export const CONTACT_MESSAGE_MAX = 5000;

export const CONTACT_FIELDS = ["name", "email", "subject", "message"] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactFieldErrors = Partial<Record<ContactField, string>>;

const maxLength = (template: string, max: number) => formatMessage(template, { max: max.toLocaleString("fr-FR") });

/** Text field: trimmed, required, bounded. A missing field reads as empty (required message). */
const requiredText = (required: string, max: number, tooLong: string) =>
  text({ error: required }).trim().min(1, { error: required }).max(max, { error: tooLong });

export const CONTACT_MESSAGE_TOO_LONG = maxLength(SHOP_MESSAGES.messageMaxLength, CONTACT_MESSAGE_MAX);

export const ContactSchema = z.object({
  name: requiredText(SHOP_MESSAGES.nameRequired, CONTACT_NAME_MAX, maxLength(SHOP_MESSAGES.nameMaxLength, CONTACT_NAME_MAX)),
  email: requiredText(SHOP_MESSAGES.eMailRequired, CONTACT_EMAIL_MAX, maxLength(SHOP_MESSAGES.emailMaxLength, CONTACT_EMAIL_MAX)).pipe(
    z.email({ error: SHOP_MESSAGES.enterValidEMailAddress }),
  ),
  subject: requiredText(SHOP_MESSAGES.subjectRequired, CONTACT_SUBJECT_MAX, maxLength(SHOP_MESSAGES.subjectMaxLength, CONTACT_SUBJECT_MAX)),
  message: requiredText(SHOP_MESSAGES.messageRequired, CONTACT_MESSAGE_MAX, CONTACT_MESSAGE_TOO_LONG),
});

export type ContactInput = z.infer<typeof ContactSchema>;

/** The form's raw values as typed (strings), used to refill the form after a server refusal. */
export type ContactFormValues = Record<ContactField, string>;

/** First message of each invalid field. */
export function contactFieldErrors(error: z.ZodError): ContactFieldErrors {
  const errors: ContactFieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field === "string" && (CONTACT_FIELDS as readonly string[]).includes(field)) {
      errors[field as ContactField] ??= issue.message;
    }
  }
  return errors;
}

/** Raw string values of the form fields (anything else, e.g. a file, reads as empty). */
export function readContactValues(source: FormData | Record<string, unknown>): ContactFormValues {
  const get = (key: ContactField) => {
    const value = source instanceof FormData ? source.get(key) : source[key];
    return typeof value === "string" ? value : "";
  };
  return { name: get("name"), email: get("email"), subject: get("subject"), message: get("message") };
}

export const CONTACT_SUCCESS_MESSAGE = SHOP_MESSAGES.messageSentTeamRepliesWithin;
