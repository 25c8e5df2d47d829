/**
 * The administrator's actions on one client (Voir, Modifier, Beauty Pass adjustment, Envoyer
 * email, Nouveau Client): forms validated in the browser and again in the action (isomorphic).
 */
import { z } from "zod";
import { text } from "~/lib/safe-text";
import { EMAIL_MAX, NAME_MAX } from "~/domain/auth/auth.rules";
import { PHONE_PATTERN } from "~/domain/account/profile.schema";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import * as SHOP_MESSAGES from "~/domain/messages/shop";
import { formatMessage } from "~/domain/messages/format";

export const CLIENT_GENDERS = ["female", "male", "other"] as const;
export type ClientGender = (typeof CLIENT_GENDERS)[number];
export const CLIENT_GENDER_LABELS: Record<ClientGender, string> = { female: "Femme", male: "Homme", other: "Autre" };

export const CLIENT_BIO_MAX = 500;
export const CLIENT_PICTURE_URL_MAX = 500;
export const CLIENT_MAIL_SUBJECT_MAX = 150;
export const CLIENT_MAIL_BODY_MAX = 5000;
/** One message goes to at most this many clients (a page of the list is 20). */
export const CLIENT_MAIL_MAX_RECIPIENTS = 100;
/** Largest single Beauty Pass adjustment, either way. */
export const CLIENT_POINTS_ADJUSTMENT_MAX = 100_000;
export const CLIENT_POINTS_REASON_MAX = 200;

export const CLIENT_EMAIL_TAKEN_MESSAGE = "Un compte existe déjà avec cette adresse e-mail";
export const CLIENT_NOT_EDITABLE_MESSAGE = "Ce compte n'est pas un compte client";

const NAME_PATTERN = /^[\p{L}\p{M}][\p{L}\p{M}' .-]*$/u;

const optionalText = (max: number, tooLong: string) =>
  text()
    .trim()
    .max(max, { error: tooLong })
    .transform((v) => (v === "" ? null : v));

const firstName = text({ error: ACCOUNT_MESSAGES.firstNameRequired })
  .trim()
  .min(1, { error: ACCOUNT_MESSAGES.firstNameRequired })
  .max(NAME_MAX, { error: formatMessage(ACCOUNT_MESSAGES.maxCharacters, { max: NAME_MAX }) })
  .regex(NAME_PATTERN, { error: ACCOUNT_MESSAGES.charactersNotAllowedName });

const lastName = text()
  .trim()
  .max(NAME_MAX, { error: formatMessage(ACCOUNT_MESSAGES.maxCharacters, { max: NAME_MAX }) })
  .refine((v) => v === "" || NAME_PATTERN.test(v), { error: ACCOUNT_MESSAGES.charactersNotAllowedName })
  .transform((v) => (v === "" ? null : v));

const phone = text()
  .trim()
  .refine((v) => v === "" || PHONE_PATTERN.test(v), { error: ACCOUNT_MESSAGES.invalidPhoneFormat })
  .transform((v) => (v === "" ? null : v));

/** YYYY-MM-DD of a real past day, at most 120 years ago; "" clears it. */
const dateOfBirth = text()
  .trim()
  .refine(
    (v) => {
      if (v === "") return true;
      if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
      const day = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === v;
    },
    { error: ACCOUNT_MESSAGES.invalidDateBirth },
  )
  .refine(
    (v) => {
      if (v === "") return true;
      const day = new Date(`${v}T00:00:00Z`).getTime();
      const now = Date.now();
      return day <= now && day >= now - 120 * 365.25 * 24 * 3600 * 1000;
    },
    { error: "La date de naissance doit être dans le passé (120 ans au plus)" },
  )
  .transform((v) => (v === "" ? null : v));

const email = text({ error: SHOP_MESSAGES.eMailRequired2 })
  .trim()
  .min(1, { error: SHOP_MESSAGES.eMailRequired2 })
  .max(EMAIL_MAX, { error: ACCOUNT_MESSAGES.eMailTooLong })
  .pipe(z.email({ error: SHOP_MESSAGES.invalidEMailFormat2 }))
  .transform((e) => e.toLowerCase());

/**
 * Modifier: the data layer's editable profile fields (spec §6). Points have their own form.
 * A field left out counts as empty: `prefault` runs the field's own transform (empty -> null),
 * where `default` would hand "" straight to the database.
 */
export const ClientProfileUpdateSchema = z.object({
  firstName,
  lastName: lastName.prefault(""),
  phone: phone.prefault(""),
  dateOfBirth: dateOfBirth.prefault(""),
  gender: z
    .union([z.literal(""), z.enum(CLIENT_GENDERS)], { error: "Genre invalide" })
    .default("")
    .transform((v) => (v === "" ? null : v)),
  bio: optionalText(CLIENT_BIO_MAX, `La bio ne doit pas dépasser ${CLIENT_BIO_MAX} caractères`).prefault(""),
  profilePictureUrl: optionalText(CLIENT_PICTURE_URL_MAX, `L'adresse de la photo ne doit pas dépasser ${CLIENT_PICTURE_URL_MAX} caractères`)
    .refine((v) => v === null || /^https?:\/\/[^\s]+$/i.test(v) || /^\/[^\s/][^\s]*$/.test(v), {
      error: "L'adresse de la photo doit commencer par http://, https:// ou /",
    })
    .prefault(""),
});
export type ClientProfileUpdate = z.output<typeof ClientProfileUpdateSchema>;

/** Beauty Pass adjustment: a signed whole number of points and the reason shown in the history. */
export const ClientPointsAdjustmentSchema = z.object({
  points: z.coerce
    .number({ error: "Saisissez un nombre entier de points" })
    .int({ error: "Saisissez un nombre entier de points" })
    .refine((v) => v !== 0, { error: "L'ajustement ne peut pas être nul" })
    .refine((v) => Math.abs(v) <= CLIENT_POINTS_ADJUSTMENT_MAX, {
      error: `L'ajustement est limité à ${CLIENT_POINTS_ADJUSTMENT_MAX.toLocaleString("fr-FR")} points`,
    }),
  reason: text({ error: "Le motif est obligatoire" })
    .trim()
    .min(1, { error: "Le motif est obligatoire" })
    .max(CLIENT_POINTS_REASON_MAX, { error: `Le motif ne doit pas dépasser ${CLIENT_POINTS_REASON_MAX} caractères` }),
});
export type ClientPointsAdjustment = z.output<typeof ClientPointsAdjustmentSchema>;

/** Envoyer email: one plain-text message to one or several clients. */
export const ClientMailSchema = z.object({
  clientIds: z
    .array(text().trim().min(1).max(64), { error: "Sélectionnez au moins un client" })
    .min(1, { error: "Sélectionnez au moins un client" })
    .max(CLIENT_MAIL_MAX_RECIPIENTS, { error: `Un message peut être envoyé à ${CLIENT_MAIL_MAX_RECIPIENTS} clients au plus` }),
  subject: text({ error: "L'objet est obligatoire" })
    // One line: a subject is a mail header.
    .transform((v) => v.replace(/[\r\n\t]+/g, " ").trim())
    .pipe(
      text()
        .min(1, { error: "L'objet est obligatoire" })
        .max(CLIENT_MAIL_SUBJECT_MAX, { error: `L'objet ne doit pas dépasser ${CLIENT_MAIL_SUBJECT_MAX} caractères` }),
    ),
  body: text({ error: SHOP_MESSAGES.messageRequired })
    .trim()
    .min(1, { error: SHOP_MESSAGES.messageRequired })
    .max(CLIENT_MAIL_BODY_MAX, { error: formatMessage(SHOP_MESSAGES.messageMaxLength, { max: CLIENT_MAIL_BODY_MAX }) }),
});
export type ClientMail = z.output<typeof ClientMailSchema>;

/** Nouveau Client: the account is created without a password; the client sets it from a link. */
export const NewClientSchema = z.object({
  email,
  firstName,
  lastName: lastName.prefault(""),
  phone: phone.prefault(""),
});
export type NewClient = z.output<typeof NewClientSchema>;

/** Field name -> first message, for forms that show messages under each field. */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    out[key] ??= issue.message;
  }
  return out;
}

/** What creating a client answers beside its message (decision 056): the new client's page. */
export type ClientCreated = { clientId: string };

export type AdminClientOrderView = {
  id: string;
  reference: string;
  status: string;
  total_cents: number;
  created_at: string;
};

export type AdminClientAddressView = {
  id: string;
  label: string | null;
  name: string;
  lines: string[];
  phone: string;
  is_default: boolean;
};

/** Voir: everything the administrator sees of one client. */
export type AdminClientProfile = {
  id: string;
  email: string;
  email_verified: boolean;
  has_password: boolean;
  first_name: string;
  last_name: string | null;
  phone: string | null;
  date_of_birth: string | null;
  gender: string | null;
  bio: string | null;
  profile_picture_url: string | null;
  created_at: string;
  last_login_at: string | null;
  status: "active" | "inactive";
  order_count: number;
  total_spent_cents: number;
  last_order_at: string | null;
  latest_orders: AdminClientOrderView[];
  loyalty_points: number;
  loyalty_tier: string;
  loyalty_history: { id: string; points: number; type: string; description: string; created_at: string }[];
  addresses: AdminClientAddressView[];
};
