/**
 * What the auth library's endpoints accept from the outside (decision 022).
 *
 * Over HTTP only the endpoints the shop uses are open; every other path under /api/auth answers
 * 404 (profile edits go through /api/v1/me and /profile, the back office through its own pages).
 * Each endpoint that takes fields, over HTTP or called from our own server code, is checked here
 * against the app's own rules before the library sees it: known fields only, the right types,
 * bounded lengths, no NUL character or broken Unicode. A refusal is a 400 with a French message,
 * never a database error.
 */
import { z } from "zod";
import { SignUpSchema, TwoFactorCodeSchema } from "~/domain/auth/auth.schema";
import { EMAIL_MAX, NAME_MAX } from "~/domain/auth/auth.rules";
import { PASSWORD_CRITERIA_MESSAGE } from "~/domain/account/security.schema";
import { passwordPolicyError } from "~/domain/auth/password-policy";
import { EMAIL_VERIFIED_CALLBACK } from "~/domain/auth/account-recovery.schema";
import { isSafeJsonValue, UNSAFE_TEXT_MESSAGE } from "~/lib/safe-text.rules";
// The server always refuses common passwords: the list is provided at start-up (decision 042).
import "~/domain/auth/common-passwords";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import * as SHOP_MESSAGES from "~/domain/messages/shop";
import { formatMessage } from "~/domain/messages/format";

/** Endpoints reachable over HTTP, by method. */
const OPEN_ENDPOINTS: Record<string, ReadonlySet<string>> = {
  GET: new Set(["/get-session", "/list-sessions", "/ok", "/verify-email"]),
  POST: new Set([
    "/sign-in/email",
    "/sign-up/email",
    "/sign-out",
    "/change-password",
    "/revoke-session",
    "/revoke-sessions",
    "/revoke-other-sessions",
    "/two-factor/enable",
    "/two-factor/disable",
    "/two-factor/verify-totp",
    "/two-factor/verify-backup-code",
  ]),
};

export function isOpenEndpoint(method: string, path: string): boolean {
  return OPEN_ENDPOINTS[method.toUpperCase()]?.has(path) ?? false;
}

/** Longest secret we pass on to be hashed or compared (the password rules stop far below). */
const SECRET_MAX = 1024;
const TOKEN_MAX = 256;

const secret = (required: string) =>
  z
    .string({ error: required })
    .min(1, { error: required })
    .max(SECRET_MAX, { error: formatMessage(ACCOUNT_MESSAGES.maxCharacters, { max: SECRET_MAX }) });

/** The display name the sign-up sends ("Prénom Nom"): the app's name rules, twice as long. */
const displayName = z
  .string({ error: SHOP_MESSAGES.nameRequired })
  .trim()
  .min(1, { error: SHOP_MESSAGES.nameRequired })
  .max(NAME_MAX * 2 + 1, { error: formatMessage(ACCOUNT_MESSAGES.maxCharacters, { max: NAME_MAX * 2 + 1 }) })
  .regex(/^[\p{L}\p{M}][\p{L}\p{M}' .-]*$/u, { error: ACCOUNT_MESSAGES.charactersNotAllowedName });

const email = z
  .string({ error: SHOP_MESSAGES.eMailRequired2 })
  .trim()
  .min(1, { error: SHOP_MESSAGES.eMailRequired2 })
  .max(EMAIL_MAX, { error: ACCOUNT_MESSAGES.eMailTooLong })
  .pipe(z.email({ error: SHOP_MESSAGES.invalidEMailFormat2 }));

/** A password being chosen: the shop's policy (CNIL rules, common list), its own French message. */
const newPassword = z.string({ error: PASSWORD_CRITERIA_MESSAGE }).superRefine((password, ctx) => {
  const refusal = passwordPolicyError(password);
  if (refusal) ctx.addIssue({ code: "custom", message: refusal });
});

const flag = z.boolean({ error: "Valeur invalide (vrai ou faux attendu)" }).optional();
const code = TwoFactorCodeSchema.shape.code;

const BODY_RULES: Record<string, z.ZodType> = {
  "/sign-in/email": z.strictObject({ email, password: secret(ACCOUNT_MESSAGES.passwordRequired), rememberMe: flag }),
  "/sign-up/email": z.strictObject({
    email,
    password: newPassword,
    name: displayName,
    firstName: SignUpSchema.shape.firstName.optional(),
    // Required by the sign-up form; programs (the administrator's creation) may leave it to `name`.
    lastName: z.union([z.literal(""), SignUpSchema.shape.lastName]).optional(),
    birthDate: SignUpSchema.shape.birthDate,
    refuseCommercialEmails: flag,
    newsletter: flag,
    rememberMe: flag,
    callbackURL: z.literal(EMAIL_VERIFIED_CALLBACK).optional(),
  }),
  "/change-password": z.strictObject({
    currentPassword: secret(ACCOUNT_MESSAGES.currentPasswordRequired),
    newPassword,
    revokeOtherSessions: flag,
  }),
  "/revoke-session": z.strictObject({ token: z.string({ error: "Session inconnue" }).min(1).max(TOKEN_MAX) }),
  "/revoke-sessions": z.strictObject({}),
  "/revoke-other-sessions": z.strictObject({}),
  "/sign-out": z.strictObject({}),
  "/two-factor/enable": z.strictObject({ password: secret(ACCOUNT_MESSAGES.passwordRequired) }),
  "/two-factor/disable": z.strictObject({ password: secret(ACCOUNT_MESSAGES.passwordRequired) }),
  "/two-factor/verify-totp": z.strictObject({ code, trustDevice: flag }),
  "/two-factor/verify-backup-code": z.strictObject({ code, trustDevice: flag, disableSession: flag }),
  // Called by our own pages only (closed over HTTP), checked all the same.
  "/request-password-reset": z.strictObject({ email, redirectTo: z.string().max(200).optional() }),
  "/send-verification-email": z.strictObject({ email, callbackURL: z.literal(EMAIL_VERIFIED_CALLBACK).optional() }),
  "/change-email": z.strictObject({ newEmail: email, callbackURL: z.literal(EMAIL_VERIFIED_CALLBACK).optional() }),
  "/verify-password": z.strictObject({ password: secret(ACCOUNT_MESSAGES.passwordRequired) }),
  "/reset-password": z.strictObject({
    newPassword,
    token: z.string({ error: "Lien invalide ou expiré" }).min(1).max(TOKEN_MAX),
  }),
};

const frenchErrors = z.locales.fr().localeError;

/** The French message refusing this body, or null when the endpoint may see it. */
export function refuseAuthInput(path: string, body: unknown): string | null {
  const rules = BODY_RULES[path];
  if (!rules) return null;
  if (!isSafeJsonValue(body)) return UNSAFE_TEXT_MESSAGE;
  const parsed = rules.safeParse(body ?? {}, { error: frenchErrors });
  if (parsed.success) return null;
  return parsed.error.issues[0].message;
}
