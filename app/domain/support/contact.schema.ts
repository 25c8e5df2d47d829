import { z } from "zod";
import { text } from "~/lib/safe-text";

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

const maxMessage = (max: number, what: string) => `${what} ne doit pas dépasser ${max.toLocaleString("fr-FR")} caractères`;

/** Text field: trimmed, required, bounded. A missing field reads as empty (required message). */
const requiredText = (required: string, max: number, tooLong: string) =>
  text({ error: required }).trim().min(1, { error: required }).max(max, { error: tooLong });

export const CONTACT_MESSAGE_TOO_LONG = maxMessage(CONTACT_MESSAGE_MAX, "Le message");

export const ContactSchema = z.object({
  name: requiredText("Le nom est obligatoire", CONTACT_NAME_MAX, maxMessage(CONTACT_NAME_MAX, "Le nom")),
  email: requiredText("L'e-mail est obligatoire", CONTACT_EMAIL_MAX, maxMessage(CONTACT_EMAIL_MAX, "L'e-mail")).pipe(
    z.email({ error: "Veuillez saisir une adresse e-mail valide (ex. : nom@exemple.fr)" }),
  ),
  subject: requiredText("Le sujet est obligatoire", CONTACT_SUBJECT_MAX, maxMessage(CONTACT_SUBJECT_MAX, "Le sujet")),
  message: requiredText("Le message est obligatoire", CONTACT_MESSAGE_MAX, CONTACT_MESSAGE_TOO_LONG),
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

export const CONTACT_SUCCESS_MESSAGE = "Votre message a bien été envoyé. Notre équipe vous répond sous 2 heures en moyenne.";
