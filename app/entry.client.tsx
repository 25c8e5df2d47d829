import { setupI18n, type Messages } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { I18N_PAYLOAD_ELEMENT_ID, I18nPayloadContext } from "~/components/ui/i18n";
import { provideMetaI18n } from "~/components/ui/meta-i18n";
import { DEFAULT_LANGUAGE, isLanguage } from "~/domain/i18n/languages";

// The page's language and the address of its compiled messages, written by the server into the
// document (decision 044); the messages file is preloaded from <head> and cached across pages.
const payload = document.getElementById(I18N_PAYLOAD_ELEMENT_ID)?.textContent ?? "";
const parsed = (payload ? JSON.parse(payload) : {}) as { language?: unknown; href?: unknown };
const language = isLanguage(parsed.language) ? parsed.language : DEFAULT_LANGUAGE;

async function loadMessages(href: unknown): Promise<Messages | null> {
  if (typeof href !== "string") return null;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const response = await fetch(href);
      if (response.ok) return (await response.json()) as Messages;
    } catch {
      // The network failed: tried once more below.
    }
  }
  return null;
}

const messages = await loadMessages(parsed.href);
if (messages) {
  const i18n = setupI18n({ locale: language, messages: { [language]: messages } });
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
} else {
  // Without its messages the page would hydrate into raw keys: it stays the server's HTML, whose
  // links and forms work without scripts.
  console.error("Aurore: the page's messages could not be loaded; the page works without its scripts.");
}
