import { useId } from "react";
import { useLocation } from "react-router";
import { useLanguage, useT } from "~/components/ui/i18n";
import { LANGUAGE_NAMES, LANGUAGES } from "~/domain/i18n/languages";

/**
 * The footer's language choice (decision 044): a plain form posted to /langue, so the browser
 * loads the page again in the chosen language, with or without JavaScript. Each language is
 * named in itself and tagged with its own `lang`, as screen readers need.
 */
export function LanguageChoice() {
  const t = useT();
  const language = useLanguage();
  const location = useLocation();
  const id = useId();
  return (
    <form method="post" action="/langue" className="flex items-center gap-2">
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <label htmlFor={id}>{t("common.language.label")}</label>
      <select
        id={id}
        name="language"
        defaultValue={language}
        className="min-h-10 rounded-md border border-white/40 bg-ink px-2 text-white focus-visible:outline-2 focus-visible:outline-white"
      >
        {LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
      <button
        type="submit"
        className="inline-flex min-h-10 items-center rounded-md border border-white/40 px-3 text-white hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white"
      >
        {t("common.language.apply")}
      </button>
    </form>
  );
}
