import { setupI18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { I18N_PAYLOAD_ELEMENT_ID, I18nPayloadContext } from "~/components/ui/i18n";
import { provideMetaI18n } from "~/components/ui/meta-i18n";
import { DEFAULT_LANGUAGE, isLanguage } from "~/domain/i18n/languages";

// The page's compiled messages, written by the server into the document (decision 044).
const payload = document.getElementById(I18N_PAYLOAD_ELEMENT_ID)?.textContent ?? "";
const parsed = (payload ? JSON.parse(payload) : {}) as { language?: unknown; messages?: Record<string, never> };
const language = isLanguage(parsed.language) ? parsed.language : DEFAULT_LANGUAGE;
const i18n = setupI18n({ locale: language, messages: { [language]: parsed.messages ?? {} } });
// Meta functions word titles with the document's messages (a language change reloads the page).
provideMetaI18n(() => i18n);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <I18nPayloadContext.Provider value={payload}>
        <I18nProvider i18n={i18n}>
          <HydratedRouter />
        </I18nProvider>
      </I18nPayloadContext.Provider>
    </StrictMode>,
  );
});
