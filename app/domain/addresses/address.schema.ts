/**
 * The saved-address form (spec storefront §5), used by the address form in the browser, by the
 * addresses service and API, and by checkout. Field names are the API's (snake_case).
 */
import { z } from "zod";
import { text } from "~/lib/safe-text";
import { ADDRESS_COUNTRIES, DEFAULT_ADDRESS_COUNTRY } from "~/lib/shop-rules";
import { PHONE_PATTERN } from "~/domain/account/profile.schema";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import * as COMMON_MESSAGES from "~/domain/messages/common";
import * as SHOP_MESSAGES from "~/domain/messages/shop";
import { formatMessage } from "~/domain/messages/format";

export const ADDRESS_TEXT_MAX = 120;
export const ADDRESS_LABEL_MAX = 50;
/** Size limit of one shopper's address book. */
export const MAX_SAVED_ADDRESSES = 20;

/** France and Monaco use 5-digit postal codes (the spec's rule); Belgium, Switzerland and Luxembourg use 4. */
export function postalCodeLength(country: string): 4 | 5 {
  return country === COMMON_MESSAGES.countryBelgium || country === COMMON_MESSAGES.countrySwitzerland || country === "Luxembourg" ? 4 : 5;
}

const required = (message: string, max = ADDRESS_TEXT_MAX) =>
  text({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: formatMessage(ACCOUNT_MESSAGES.maxCharacters, { max }) });

const optional = (max = ADDRESS_TEXT_MAX) =>
  text()
    .trim()
    .max(max, { error: formatMessage(ACCOUNT_MESSAGES.maxCharacters, { max }) })
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

export const AddressSchema = z
  .object({
    label: optional(ADDRESS_LABEL_MAX),
    first_name: required(ACCOUNT_MESSAGES.firstNameRequired),
    last_name: required(SHOP_MESSAGES.nameRequired),
    company: optional(),
    address_line_1: required(ACCOUNT_MESSAGES.addressRequired),
    address_line_2: optional(),
    city: required(ACCOUNT_MESSAGES.cityRequired),
    state: optional(),
    postal_code: text({ error: ACCOUNT_MESSAGES.postcodeRequired }).trim().min(1, { error: ACCOUNT_MESSAGES.postcodeRequired }),
    country: text({ error: ACCOUNT_MESSAGES.countryRequired })
      .trim()
      .min(1, { error: ACCOUNT_MESSAGES.countryRequired })
      .refine((v) => v === "" || (ADDRESS_COUNTRIES as readonly string[]).includes(v), {
        error: ACCOUNT_MESSAGES.countryRequired,
      }),
    phone: text({ error: ACCOUNT_MESSAGES.phoneRequired })
      .trim()
      .min(1, { error: ACCOUNT_MESSAGES.phoneRequired })
      .refine((v) => v === "" || PHONE_PATTERN.test(v), { error: ACCOUNT_MESSAGES.invalidPhoneFormat }),
    is_default: z
      .union([z.boolean(), z.literal("on"), z.literal("true"), z.literal("false")])
      .optional()
      .transform((v) => v === true || v === "on" || v === "true"),
  })
  // Run even when other fields are wrong, so every error shows at once.
  .refine((a) => postalCodeLength(a.country) !== 5 || /^[0-9]{5}$/.test(a.postal_code), {
    path: ["postal_code"],
    error: ACCOUNT_MESSAGES.postcodeMust5Digits,
    when: postalCodeCheckable,
  })
  .refine((a) => postalCodeLength(a.country) !== 4 || /^[0-9]{4}$/.test(a.postal_code), {
    path: ["postal_code"],
    error: ACCOUNT_MESSAGES.postcodeMust4Digits,
    when: postalCodeCheckable,
  });

function postalCodeCheckable(payload: { value: unknown; issues: readonly { path?: PropertyKey[] }[] }): boolean {
  const v = payload.value as Record<string, unknown> | null;
  return (
    !!v &&
    typeof v.postal_code === "string" &&
    v.postal_code.trim() !== "" &&
    !payload.issues.some((i) => i.path?.[0] === "postal_code" || i.path?.[0] === "country")
  );
}

export type AddressInput = z.input<typeof AddressSchema>;
export type Address = z.output<typeof AddressSchema>;
export type AddressField = keyof Address;

/** A saved address as the API and the pages see it. */
export type SavedAddressView = Omit<Address, "is_default"> & {
  id: string;
  type: string;
  is_default: boolean;
  created_at: string;
  updated_at: string;
};

export const DEFAULT_ADDRESS_VALUES: AddressInput = {
  label: "",
  first_name: "",
  last_name: "",
  company: "",
  address_line_1: "",
  address_line_2: "",
  city: "",
  state: "",
  postal_code: "",
  country: DEFAULT_ADDRESS_COUNTRY,
  phone: "",
  is_default: false,
};

/** First message per field, for inline errors. */
export function addressFieldErrors(error: z.ZodError): Partial<Record<AddressField, string>> {
  const out: Partial<Record<AddressField, string>> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0]) as AddressField;
    out[field] ??= issue.message;
  }
  return out;
}

/**
 * Checkout's completeness check of a chosen address (cleaner variant):
 * "Champs manquants dans l'adresse: adresse, ville, ...". Returns null when complete.
 */
export function missingAddressFields(a: Partial<Record<string, unknown>>): string | null {
  const labels: [string, string][] = [
    ["address_line_1", "adresse"],
    ["city", "ville"],
    ["postal_code", "code postal"],
    ["country", "pays"],
    ["first_name", "prénom"],
    ["last_name", "nom"],
  ];
  const missing = labels.filter(([key]) => typeof a[key] !== "string" || !(a[key] as string).trim()).map(([, l]) => l);
  return missing.length ? `Champs manquants dans l'adresse: ${missing.join(", ")}` : null;
}

/** POST /api/v1/addresses/:id: the one action besides PATCH and DELETE. */
export const AddressActionSchema = z.object({ action: z.literal("set_default") });

/** A five-digit code that is not in the official list of French postal codes (checked on the server). */
export const UNKNOWN_POSTAL_CODE_MESSAGE = ACCOUNT_MESSAGES.postcodeDoesNotExistFrance;
