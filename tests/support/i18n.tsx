import { I18nProvider } from "@lingui/react";
import type { ReactNode } from "react";
import { pageI18n } from "~/.server/i18n/catalogs";
import type { Language } from "~/domain/i18n/languages";

/** A component rendered as a page renders it: inside the page language's Lingui provider. */
export function withI18n(node: ReactNode, language: Language = "fr") {
  return <I18nProvider i18n={pageI18n(language)}>{node}</I18nProvider>;
}
