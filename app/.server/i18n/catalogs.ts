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
import { MESSAGE_TEMPLATE_KEY_PREFIX, MESSAGE_TEXT_KEY_PREFIX } from "~/domain/i18n/message-index";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import { placeholdersOf } from "~/domain/messages/format";
import * as CHECKOUT_MESSAGES from "~/domain/messages/checkout";
import * as COMMON_MESSAGES from "~/domain/messages/common";
import * as SHOP_MESSAGES from "~/domain/messages/shop";
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

/**
 * The French messages of app/domain/messages by namespace (decision 055): code -> French text or
 * template. As catalog entries they are `<namespace>.message.<code>`.
 */
export const DOMAIN_MESSAGES: Record<(typeof CLIENT_NAMESPACES)[number], Readonly<Record<string, string>>> = {
  common: COMMON_MESSAGES,
  shop: SHOP_MESSAGES,
  checkout: CHECKOUT_MESSAGES,
  account: ACCOUNT_MESSAGES,
};

function withDomainMessages(namespace: Namespace, catalog: Catalog): Catalog {
  if (namespace === "emails") return catalog;
  const messages = Object.entries(DOMAIN_MESSAGES[namespace]).map(([code, text]) => [`${namespace}.message.${code}`, text]);
  return { ...catalog, ...Object.fromEntries(messages) };
}

/**
 * Every catalog as the key-consistency test reads it: the JSON files, the French side of the
 * message codes coming from app/domain/messages.
 */
export const SOURCE_CATALOGS: Record<Language, Record<Namespace, Catalog>> = {
  fr: {
    common: withDomainMessages("common", frCommon),
    shop: withDomainMessages("shop", frShop),
    checkout: withDomainMessages("checkout", frCheckout),
    account: withDomainMessages("account", frAccount),
    emails: frEmails,
  },
  en: { common: enCommon, shop: enShop, checkout: enCheckout, account: enAccount, emails: enEmails },
};

/**
 * A language's compiled messages. A message code is compiled under its French text's index key
 * (message-index.ts), since the page receives the French text; in French that text is already
 * the message, so French carries no entry for it.
 */
function compileNamespaces(language: Language, namespaces: readonly Namespace[]): Messages {
  const messages: Messages = {};
  for (const namespace of namespaces) {
    const codes = namespace === "emails" ? {} : DOMAIN_MESSAGES[namespace];
    const codePrefix = `${namespace}.message.`;
    for (const [key, message] of Object.entries(SOURCE_CATALOGS[language][namespace])) {
      const code = key.startsWith(codePrefix) ? key.slice(codePrefix.length) : null;
      const french = code !== null && Object.hasOwn(codes, code) ? codes[code] : null;
      if (french === null) messages[key] = compileMessage(message);
      else if (language !== "fr") {
        const indexKey = (placeholdersOf(french).length > 0 ? MESSAGE_TEMPLATE_KEY_PREFIX : MESSAGE_TEXT_KEY_PREFIX) + french;
        // The first namespace to hold a text translates it, as the page's lookup always did.
        if (!(indexKey in messages)) messages[indexKey] = compileMessage(message);
      }
    }
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
