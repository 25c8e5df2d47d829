import { getCurrentSession } from "~/.server/auth/session.server";
import { getDb } from "~/.server/db";
import { getPagePreferences } from "~/.server/modules/accounts/preferences.service";
import { DEFAULT_LANGUAGE, languageFromCookieHeader, type Language } from "~/domain/i18n/languages";

/**
 * The language of a page (decision 044): the signed-in shopper's Préférences, else the visitor's
 * footer choice (cookie), else French. Accept-Language is not read: the shop is French first, and
 * a page's language then depends only on what the shared page cache keys by (the cookie).
 */
export function resolvePageLanguage(request: Request, preferred: Language | null | undefined): Language {
  return preferred ?? languageFromCookieHeader(request.headers.get("cookie")) ?? DEFAULT_LANGUAGE;
}

/**
 * The page's language as the root loader resolves it, for a route loader that picks content
 * written outside the catalogs (the FAQ's questions): the session and the Préférences are
 * memoised for the request, so this costs no second lookup.
 */
export async function requestPageLanguage(request: Request): Promise<Language> {
  const session = await getCurrentSession(request);
  if (!session) return resolvePageLanguage(request, null);
  const preferences = await getPagePreferences(await getDb(), session.user.id);
  return resolvePageLanguage(request, preferences.language);
}
