/**
 * The languages the shop speaks (decision 044): French by default, English for the storefront,
 * the account, checkout and e-mails. Product data stays in French. Chosen in Préférences by a
 * signed-in shopper, or in the footer by anyone (a cookie). Zod-free: storefront pages import it.
 */
export const LANGUAGES = ["fr", "en"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "fr";

/** Each language named in itself, as selectors show them. */
export const LANGUAGE_NAMES: Record<Language, string> = { fr: "Français", en: "English" };

/** The visitor's choice from the footer; a year, like the cookie banner's choice. */
export const LANGUAGE_COOKIE = "aurore_lang";
export const LANGUAGE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** The language a Cookie header chooses, or null when it chooses none (or an unknown one). */
export function languageFromCookieHeader(cookieHeader: string | null | undefined): Language | null {
  if (!cookieHeader) return null;
  const match = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([a-z]{2})(?:;|$)`).exec(cookieHeader);
  return match && isLanguage(match[1]) ? match[1] : null;
}

/** BCP 47 tags for Intl formatting in each language (prices stay in euros). */
export const LANGUAGE_LOCALES: Record<Language, string> = { fr: "fr-FR", en: "en-GB" };
