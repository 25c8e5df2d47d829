import { describe, expect, it } from "vitest";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { NAMESPACES, SOURCE_CATALOGS, emailI18n, pageI18n, pageI18nPayload, pageMessagesFile } from "~/.server/i18n/catalogs";
import { LANGUAGES } from "~/domain/i18n/languages";

/** The names a message interpolates ({name}, {count, plural, …}) and its numbered tags (<0>…</0>). */
function placeholdersOf(message: string): string[] {
  const names = new Set<string>();
  const walk = (tokens: unknown): void => {
    if (!Array.isArray(tokens)) return;
    for (const token of tokens) {
      if (Array.isArray(token)) {
        if (typeof token[0] === "string") names.add(token[0]);
        for (const part of token.slice(1)) {
          if (part && typeof part === "object") for (const branch of Object.values(part)) walk(branch);
        }
      }
    }
  };
  walk(compileMessage(message));
  for (const tag of message.matchAll(/<(\d+)>/g)) names.add(`<${tag[1]}>`);
  return [...names].sort();
}

describe("message catalogs (decision 044)", () => {
  for (const namespace of NAMESPACES) {
    it(`${namespace}: English and French hold exactly the same keys`, () => {
      const fr = Object.keys(SOURCE_CATALOGS.fr[namespace]).sort();
      const en = Object.keys(SOURCE_CATALOGS.en[namespace]).sort();
      expect(
        en.filter((key) => !fr.includes(key)),
        "keys only in English",
      ).toEqual([]);
      expect(
        fr.filter((key) => !en.includes(key)),
        "keys missing in English",
      ).toEqual([]);
    });

    it(`${namespace}: every key carries its namespace, every message is non-empty and uses the same placeholders in both languages`, () => {
      for (const [key, fr] of Object.entries(SOURCE_CATALOGS.fr[namespace])) {
        expect(key.startsWith(`${namespace}.`), key).toBe(true);
        const en = SOURCE_CATALOGS.en[namespace][key] ?? "";
        expect(fr.trim(), key).not.toBe("");
        expect(en.trim(), key).not.toBe("");
        expect(placeholdersOf(en), key).toEqual(placeholdersOf(fr));
      }
    });
  }

  it("renders a message with its values in each language", () => {
    expect(pageI18n("fr")._("common.footer.promise.freeReturns", { days: 30 })).toBe("Retours gratuits sous 30 jours");
    expect(pageI18n("en")._("common.footer.promise.freeReturns", { days: 30 })).toBe("Free returns within 30 days");
  });

  it("ships the page namespaces to the browser in a file named by its content, never the e-mails", () => {
    for (const language of LANGUAGES) {
      const pointer = JSON.parse(pageI18nPayload(language)) as { language: string; href: string };
      const file = pageMessagesFile(language);
      expect(pointer).toEqual({ language, href: `/i18n/${language}.${file.hash}.json` });
      const messages = JSON.parse(file.body) as Record<string, unknown>;
      expect(Object.keys(messages).some((key) => key.startsWith("emails."))).toBe(false);
      expect(Object.keys(messages).length).toBeGreaterThan(0);
    }
    expect(pageMessagesFile("fr").hash).not.toBe(pageMessagesFile("en").hash);
    // The common namespace's message index (decision 055) comes with it.
    const emailKeys = Object.keys(emailI18n("en").messages);
    expect(emailKeys.every((key) => /^(emails\.|common\.|message[:~])/.test(key))).toBe(true);
  });
});
