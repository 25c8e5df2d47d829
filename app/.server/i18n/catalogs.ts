/**
 * The message catalogs (decision 044): JSON files under app/locales/<language>/<namespace>.json,
 * flat keys prefixed by their namespace ("shop.cart.title"), ICU messages. They are compiled here,
 * once per process, with Lingui's own compiler; the browser gets the compiled messages of the
 * page's language as a file named by a hash of its content (`/i18n/<language>.<hash>.json`,
 * cached for good), which the document names, never the compiler nor the other language.
 * The e-mail namespace stays on the server.
 */
import { createHash } from "node:crypto";
import { setupI18n, type I18n, type Messages } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { LANGUAGE_LOCALES, type Language } from "~/domain/i18n/languages";
import enAccount from "~/locales/en/account.json";
import enCheckout from "~/locales/en/checkout.json";
import enCommon from "~/locales/en/common.json";
import enEmails from "~/locales/en/emails.json";
import enShop from "~/locales/en/shop.json";
import frAccount from "~/locales/fr/account.json";
import frCheckout from "~/locales/fr/checkout.json";
import frCommon from "~/locales/fr/common.json";
import frEmails from "~/locales/fr/emails.json";
import frShop from "~/locales/fr/shop.json";

export const CLIENT_NAMESPACES = ["common", "shop", "checkout", "account"] as const;
export const NAMESPACES = [...CLIENT_NAMESPACES, "emails"] as const;
export type Namespace = (typeof NAMESPACES)[number];
type Catalog = Record<string, string>;

/** Every catalog as written, for the key-consistency test. */
export const SOURCE_CATALOGS: Record<Language, Record<Namespace, Catalog>> = {
  fr: { common: frCommon, shop: frShop, checkout: frCheckout, account: frAccount, emails: frEmails },
  en: { common: enCommon, shop: enShop, checkout: enCheckout, account: enAccount, emails: enEmails },
};

function compileNamespaces(language: Language, namespaces: readonly Namespace[]): Messages {
  const messages: Messages = {};
  for (const namespace of namespaces) {
    for (const [key, message] of Object.entries(SOURCE_CATALOGS[language][namespace])) messages[key] = compileMessage(message);
  }
  return messages;
}

function instanceFor(language: Language, messages: Messages): I18n {
  return setupI18n({ locale: language, locales: [LANGUAGE_LOCALES[language]], messages: { [language]: messages } });
}

const pageInstances = new Map<Language, I18n>();
const messageFiles = new Map<Language, PageMessagesFile>();
const emailInstances = new Map<Language, I18n>();

/**
 * The Lingui instance a page renders with on the server: one per language for the process, never
 * re-activated, so concurrent requests in different languages cannot mix.
 */
export function pageI18n(language: Language): I18n {
  let instance = pageInstances.get(language);
  if (!instance) {
    instance = instanceFor(language, compileNamespaces(language, CLIENT_NAMESPACES));
    pageInstances.set(language, instance);
  }
  return instance;
}

export type PageMessagesFile = { language: Language; hash: string; href: string; body: string };

/**
 * The compiled page messages of a language as the file the browser loads before hydrating. They
 * are about 100 KB: written into every document they made half of a product page's HTML, so they
 * live in one file per language, named by a hash of its content so that the browser keeps it
 * across pages and the next build's messages get a new name.
 */
export function pageMessagesFile(language: Language): PageMessagesFile {
  let file = messageFiles.get(language);
  if (!file) {
    const body = JSON.stringify(pageI18n(language).messages);
    const hash = createHash("sha256").update(body).digest("hex").slice(0, 16);
    file = { language, hash, href: `/i18n/${language}.${hash}.json`, body };
    messageFiles.set(language, file);
  }
  return file;
}

/**
 * The document's pointer to its messages, as the JSON the browser's entry reads before hydrating:
 * the language and the messages file's address.
 */
export function pageI18nPayload(language: Language): string {
  return JSON.stringify({ language, href: pageMessagesFile(language).href });
}

/** The instance e-mails and other server-made texts (PDFs, SMS) render with. */
export function emailI18n(language: Language): I18n {
  let instance = emailInstances.get(language);
  if (!instance) {
    instance = instanceFor(language, compileNamespaces(language, ["common", "emails"]));
    emailInstances.set(language, instance);
  }
  return instance;
}
