/**
 * Page titles and descriptions in the page's language (decision 044). A route's `meta` function
 * runs outside React (on the server while the document renders, in the browser after a client
 * navigation), so it cannot call useT(); it calls `metaI18n(matches)` instead, which reads the
 * language the root loader resolved and looks the `common.meta.*` key up in the compiled messages
 * the page already holds. Each entry hands over its own Lingui instances (entry.server.tsx the
 * server's per-language ones, entry.client.tsx the document's), so this module imports neither the
 * server's catalogs nor the compiler, and nothing server-side reaches the browser.
 */
import type { I18n } from "@lingui/core";
import { DEFAULT_LANGUAGE, LANGUAGE_LOCALES, isLanguage, type Language } from "~/domain/i18n/languages";
import type { Translate } from "~/components/ui/i18n";

/** What a meta function receives as `matches`: the root route's data carries the page's language. */
export type MetaMatches = ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;

let instanceOf: ((language: Language) => I18n) | undefined;

/** Called once by each entry: where meta functions find the compiled messages of a language. */
export function provideMetaI18n(resolve: (language: Language) => I18n): void {
  instanceOf = resolve;
}

/** The page's language as the root loader resolved it (French when the root has no data). */
export function metaLanguage(matches: MetaMatches): Language {
  const root = matches.find((match) => match?.id === "root")?.loaderData as { language?: unknown } | undefined;
  return isLanguage(root?.language) ? root.language : DEFAULT_LANGUAGE;
}

/**
 * `t` for a meta function, and the Open Graph locale of the page's language ("fr_FR", "en_GB").
 * Before an entry has provided the messages (never in the app) a key is shown as itself, which the
 * English page tests catch as a raw key.
 */
export function metaI18n(matches: MetaMatches): { t: Translate; language: Language; ogLocale: string } {
  const language = metaLanguage(matches);
  const i18n = instanceOf?.(language);
  return {
    t: (key, values) => (i18n ? i18n._(key, values) : key),
    language,
    ogLocale: LANGUAGE_LOCALES[language].replace("-", "_"),
  };
}
