/**
 * Translation in components (decision 044). `useT()` gives `t(key, values)` for the page's
 * language; keys are checked by TypeScript against the French catalogs (a key that does not exist
 * does not compile) and a test proves the English catalogs hold the same keys and placeholders.
 * Rich text (a link inside a sentence) uses <T> with numbered tags: "Lisez <0>nos conditions</0>".
 * The catalogs themselves are imported as types only: the browser gets the compiled messages of
 * its language in the document, never a catalog module.
 */
import { Trans, useLingui } from "@lingui/react";
import { createContext, useContext, type ReactElement } from "react";
import type { I18n } from "@lingui/core";
import type { Language } from "~/domain/i18n/languages";
import {
  MESSAGE_TEMPLATE_KEY_PREFIX,
  MESSAGE_TEXT_KEY_PREFIX,
  messageTemplatePattern,
  messageTemplateValues,
  type MessageTemplatePattern,
} from "~/domain/i18n/message-index";
import type account from "~/locales/fr/account.json";
import type checkout from "~/locales/fr/checkout.json";
import type common from "~/locales/fr/common.json";
import type shop from "~/locales/fr/shop.json";

export type MessageKey = keyof typeof common | keyof typeof shop | keyof typeof checkout | keyof typeof account;
export type MessageValues = Record<string, string | number>;
export type Translate = (key: MessageKey, values?: MessageValues) => string;

/** The page's translate function. */
export function useT(): Translate {
  const { i18n } = useLingui();
  return (key, values) => i18n._(key, values);
}

/**
 * Messages written in French by app/domain (zod schemas, rules) or answered by the server (a
 * refused form, an API error) are shown through this. Their catalogs are keyed by code (decision
 * 055); the compiled messages of a language other than French index each code's translation by
 * its French text or template (app/domain/i18n/message-index.ts). A message no catalog knows is
 * shown as it is.
 */
export function useTranslateMessage(): (text: string) => string {
  const { i18n } = useLingui();
  return (text) => translateMessage(i18n, text);
}

const templateCache = new WeakMap<object, MessageTemplatePattern[]>();

/** The language's message templates, read once from its compiled messages. */
function templatesOf(messages: Record<string, unknown>): MessageTemplatePattern[] {
  let templates = templateCache.get(messages);
  if (!templates) {
    templates = Object.keys(messages)
      .filter((key) => key.startsWith(MESSAGE_TEMPLATE_KEY_PREFIX))
      .map((key) => messageTemplatePattern(key.slice(MESSAGE_TEMPLATE_KEY_PREFIX.length)));
    templateCache.set(messages, templates);
  }
  return templates;
}

/** A French message in the i18n instance's language (see useTranslateMessage). */
export function translateMessage(i18n: I18n, text: string): string {
  const key = MESSAGE_TEXT_KEY_PREFIX + text;
  if (i18n.messages[key] !== undefined) return i18n._(key);
  for (const template of templatesOf(i18n.messages)) {
    const values = messageTemplateValues(template, text);
    if (values) return i18n._(template.key, values);
  }
  return text;
}

/** The page's language ("fr" or "en"). */
export function useLanguage(): Language {
  return useLingui().i18n.locale as Language;
}

/** A message holding elements: `components[0]` wraps the text between <0> and </0>, and so on. */
export function T({ k, values, components }: { k: MessageKey; values?: MessageValues; components?: Record<string, ReactElement> }) {
  return <Trans id={k} values={values} components={components} />;
}

/**
 * The document's pointer to its compiled messages (`{"language", "href"}`), as the server wrote it
 * (entry.server.tsx provides it; entry.client.tsx provides the copy it read back). The messages
 * themselves are a file cached across pages (app/.server/i18n/catalogs.ts).
 */
export const I18nPayloadContext = createContext("");
export const I18N_PAYLOAD_ELEMENT_ID = "aurore-i18n";

/** The messages file's address in the payload, or null. */
function messagesHref(payload: string): string | null {
  try {
    const href = (JSON.parse(payload) as { href?: unknown }).href;
    return typeof href === "string" && href.startsWith("/i18n/") ? href : null;
  } catch {
    return null;
  }
}

/** In <head>: the browser starts loading the messages with the page's scripts, not after them. */
export function I18nMessagesPreload() {
  const href = messagesHref(useContext(I18nPayloadContext));
  return href ? <link rel="preload" href={href} as="fetch" crossOrigin="anonymous" /> : null;
}

/** The document's <script type="application/json"> holding the pointer to the page's messages. */
export function I18nPayloadScript() {
  const payload = useContext(I18nPayloadContext);
  // The same bytes on the server and at hydration: React keeps them as they are.
  return (
    <script type="application/json" id={I18N_PAYLOAD_ELEMENT_ID} dangerouslySetInnerHTML={{ __html: payload }} suppressHydrationWarning />
  );
}
