/**
 * API keys of the admin API (decision 049): the areas and accesses a key's scopes name, the
 * secret's visible shape, the French messages and the Paramètres form's schema. Isomorphic: the
 * form checks in the browser with the schema the server applies again.
 */
import { z } from "zod";
import { text } from "~/lib/safe-text";
import { formatMessage } from "~/domain/messages/format";
import * as SHOP_MESSAGES from "~/domain/messages/shop";

/** The areas an API key's scopes name, each readable and writable separately. */
export const API_AREAS = ["catalog", "stock", "orders", "clients", "promotions", "reviews", "returns", "webhooks", "accounting"] as const;
export type ApiArea = (typeof API_AREAS)[number];
export type ApiAccess = "read" | "write";
/** One scope: "<area>:read" or "<area>:write" (write implies read). */
export type ApiScope = `${ApiArea}:${ApiAccess}`;

export const API_AREA_LABELS: Record<ApiArea, string> = {
  catalog: "Catalogue",
  stock: "Stock",
  orders: "Commandes",
  clients: "Clients",
  promotions: "Promotions",
  reviews: "Avis",
  returns: "Retours",
  webhooks: "Webhooks",
  // The accountant's export (decision 065): read only, a write scope gives nothing more.
  accounting: "Comptabilité",
};
export const API_ACCESS_LABELS: Record<ApiAccess, string> = { read: "lecture", write: "écriture" };

/** Every key starts so: a leaked key is recognisable by secret scanners and by people. */
export const API_KEY_PREFIX = "aur_live_";
/** The characters after the prefix that the list shows (the rest is never shown again). */
export const API_KEY_VISIBLE_CHARS = 8;
/** The whole secret: the prefix and 43 base64url characters (32 random bytes). */
export const API_KEY_PATTERN = /^aur_live_[A-Za-z0-9_-]{43}$/;

export const API_KEY_NAME_MAX = 80;
export const API_KEYS_MAX = 50;

export const API_KEY_NAME_REQUIRED_MESSAGE = "Le nom de la clé est requis";
export const API_KEY_NAME_TOO_LONG_MESSAGE = formatMessage(SHOP_MESSAGES.nameMaxLength, { max: API_KEY_NAME_MAX });
export const API_KEY_SCOPES_REQUIRED_MESSAGE = "Choisissez au moins un accès";
export const API_KEY_EXPIRY_MESSAGE = "La date d'expiration doit être une date à venir";
export const API_KEY_NOT_FOUND_MESSAGE = "Clé API introuvable";
export const API_KEYS_TOO_MANY_MESSAGE = `${API_KEYS_MAX} clés actives au maximum : révoquez-en une d'abord`;
export const API_KEY_INVALID_MESSAGE = "Clé API invalide";
export const API_KEY_REVOKED_MESSAGE = "Clé API révoquée";
export const API_KEY_EXPIRED_MESSAGE = "Clé API expirée";
export const API_KEY_RATE_LIMITED_MESSAGE = "Trop de requêtes pour cette clé API : réessayez dans quelques instants.";

/** The 403 of a key that lacks the scope a route needs. */
export function missingScopeMessage(area: ApiArea, access: ApiAccess): string {
  return `Cette clé API n'a pas l'accès « ${API_AREA_LABELS[area]} (${API_ACCESS_LABELS[access]}) »`;
}

/** Whether the scopes allow `access` to `area`: write implies read. */
export function scopesAllow(scopes: readonly string[], area: ApiArea, access: ApiAccess): boolean {
  return scopes.includes(`${area}:write`) || (access === "read" && scopes.includes(`${area}:read`));
}

/** A key's scopes in French, for the list ("Catalogue (écriture), Stock (lecture)"). */
export function describeScopes(scopes: readonly string[]): string {
  return API_AREAS.flatMap((area) =>
    scopes.includes(`${area}:write`)
      ? [`${API_AREA_LABELS[area]} (${API_ACCESS_LABELS.write})`]
      : scopes.includes(`${area}:read`)
        ? [`${API_AREA_LABELS[area]} (${API_ACCESS_LABELS.read})`]
        : [],
  ).join(", ");
}

/** The form's choice per area. */
export const API_AREA_CHOICES = ["none", "read", "write"] as const;
export type ApiAreaChoice = (typeof API_AREA_CHOICES)[number];
export const API_AREA_CHOICE_LABELS: Record<ApiAreaChoice, string> = { none: "Aucun", read: "Lecture", write: "Lecture et écriture" };

/** The form field of an area's choice. */
export const scopeFieldName = (area: ApiArea) => `scope_${area}`;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** What the creation form sends: a name, one choice per area, an optional last day of validity (Paris). */
export const ApiKeyFormSchema = z
  .object({
    name: text({ error: API_KEY_NAME_REQUIRED_MESSAGE })
      .trim()
      .min(1, { error: API_KEY_NAME_REQUIRED_MESSAGE })
      .max(API_KEY_NAME_MAX, { error: API_KEY_NAME_TOO_LONG_MESSAGE }),
    scopes: z.record(z.enum(API_AREAS), z.enum(API_AREA_CHOICES)),
    expires_on: z
      .string()
      .trim()
      .refine((v) => v === "" || DAY.test(v), { error: API_KEY_EXPIRY_MESSAGE })
      .default(""),
  })
  .transform((v) => ({
    name: v.name,
    scopes: API_AREAS.flatMap((area): ApiScope[] => {
      const choice = v.scopes[area];
      return choice === "read" || choice === "write" ? [`${area}:${choice}`] : [];
    }),
    expiresOn: v.expires_on === "" ? null : v.expires_on,
  }))
  .refine((v) => v.scopes.length > 0, { error: API_KEY_SCOPES_REQUIRED_MESSAGE, path: ["scopes"] });

export type ApiKeyInput = z.output<typeof ApiKeyFormSchema>;

/** The form's fields as the schema reads them. */
export function apiKeyFormValues(form: FormData): Record<string, unknown> {
  const scopes: Record<string, string> = {};
  for (const area of API_AREAS) {
    const choice = form.get(scopeFieldName(area));
    scopes[area] = typeof choice === "string" && (API_AREA_CHOICES as readonly string[]).includes(choice) ? choice : "none";
  }
  const name = form.get("name");
  const expires = form.get("expires_on");
  return { name: typeof name === "string" ? name : "", scopes, expires_on: typeof expires === "string" ? expires : "" };
}

/** A key as the Paramètres list shows it (never its secret or hash). */
export type ApiKeyView = {
  id: string;
  name: string;
  /** "aur_live_AbCdEfGh": followed by "…" where shown. */
  prefix: string;
  scopes: string[];
  expires_at: string | null;
  revoked_at: string | null;
  last_used_at: string | null;
  created_at: string;
};

export type ApiKeyStatus = "active" | "revoked" | "expired";

export function apiKeyStatus(key: Pick<ApiKeyView, "revoked_at" | "expires_at">, now: Date = new Date()): ApiKeyStatus {
  if (key.revoked_at) return "revoked";
  if (key.expires_at && new Date(key.expires_at).getTime() <= now.getTime()) return "expired";
  return "active";
}

export const API_KEY_STATUS_LABELS: Record<ApiKeyStatus, string> = { active: "Active", revoked: "Révoquée", expired: "Expirée" };

/** A key just made: its secret is shown this once, never again. */
export type CreatedApiKey = { key: ApiKeyView; secret: string };
