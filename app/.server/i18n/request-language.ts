import { DEFAULT_LANGUAGE, languageFromCookieHeader, type Language } from "~/domain/i18n/languages";

/**
 * The language of a page (decision 044): the signed-in shopper's Préférences, else the visitor's
 * footer choice (cookie), else French. Accept-Language is not read: the shop is French first, and
 * a page's language then depends only on what the shared page cache keys by (the cookie).
 */
export function resolvePageLanguage(request: Request, preferred: Language | null | undefined): Language {
  return preferred ?? languageFromCookieHeader(request.headers.get("cookie")) ?? DEFAULT_LANGUAGE;
}
