import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { CLIENT_NAMESPACES, DOMAIN_MESSAGES, SOURCE_CATALOGS, pageI18n } from "~/.server/i18n/catalogs";
import { translateMessage } from "~/components/ui/i18n";
import { messageTemplatePattern, messageTemplateValues } from "~/domain/i18n/message-index";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import * as SHOP_MESSAGES from "~/domain/messages/shop";
import { formatMessage, placeholdersOf } from "~/domain/messages/format";

/**
 * Messages keyed by code (decision 055): the French text of a message lives once, under its code,
 * in app/domain/messages; each other language translates the code. These tests are what keeps a
 * reworded French message from losing its English, and a new message from having none.
 */
const isTemplate = (text: string) => placeholdersOf(text).length > 0;

function sourceFiles(): string[] {
  return (
    readdirSync("app", { recursive: true, encoding: "utf8" })
      .map((file) => join("app", file))
      .filter((file) => /\.(ts|tsx)$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.startsWith(join("app", "domain", "messages")))
      // app/lib sits below app/domain: its one message is written there and re-exported by the catalog.
      .filter((file) => file !== join("app", "lib", "safe-text.rules.ts"))
  );
}

describe("message codes (decision 055)", () => {
  for (const namespace of CLIENT_NAMESPACES) {
    it(`${namespace}: every code has its English, with the same placeholders`, () => {
      const codes = Object.entries(DOMAIN_MESSAGES[namespace]);
      expect(codes.length).toBeGreaterThan(0);
      for (const [code, french] of codes) {
        expect(code, code).toMatch(/^[a-z][A-Za-z0-9]*$/);
        expect(french.trim(), code).not.toBe("");
        const english = SOURCE_CATALOGS.en[namespace][`${namespace}.message.${code}`];
        expect(english, `${namespace}.message.${code} has no English`).toBeDefined();
        const englishNames = [...(english ?? "").matchAll(/\{(\w+)[,}]/g)].map((match) => match[1]).sort();
        expect(englishNames, code).toEqual(placeholdersOf(french).sort());
      }
    });

    it(`${namespace}: no catalog key is a French sentence`, () => {
      for (const language of ["fr", "en"] as const) {
        for (const key of Object.keys(SOURCE_CATALOGS[language][namespace])) expect(key, key).not.toMatch(/\s/);
      }
    });
  }

  it("holds each French text under one code only", () => {
    const seen = new Map<string, string>();
    for (const namespace of CLIENT_NAMESPACES) {
      for (const [code, french] of Object.entries(DOMAIN_MESSAGES[namespace])) {
        const where = `${namespace}.${code}`;
        expect(seen.get(french), `${where} repeats ${seen.get(french)}`).toBeUndefined();
        seen.set(french, where);
      }
    }
  });

  it("keeps every sentence's French in app/domain/messages: no code writes one out again", () => {
    const fixed = new Set<string>();
    const templates: RegExp[] = [];
    for (const namespace of CLIENT_NAMESPACES) {
      for (const french of Object.values(DOMAIN_MESSAGES[namespace])) {
        // A one-word label ("Nom", "Livrée") is also a CSV header or a back-office column; only
        // sentences are the shop's own.
        if (!isTemplate(french)) {
          if (/\s/.test(french)) fixed.add(french);
        } else {
          const parts = french.split(/\{\w+\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
          templates.push(new RegExp("`" + parts.join("\\$\\{[^}`]+\\}") + "`"));
        }
      }
    }
    const copies: string[] = [];
    for (const file of sourceFiles()) {
      const text = readFileSync(file, "utf8");
      const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
      const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
      const visit = (node: ts.Node): void => {
        if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && fixed.has(node.text)) {
          const { parent } = node;
          const isName = (ts.isPropertyAssignment(parent) || ts.isPropertySignature(parent)) && parent.name === node;
          if (!ts.isLiteralTypeNode(parent) && !isName) {
            copies.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1} ${node.text}`);
          }
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
      for (const template of templates) if (template.test(text)) copies.push(`${file} rebuilds ${template.source}`);
    }
    expect(copies).toEqual([]);
  });
});

describe("a French message shown in English", () => {
  const en = pageI18n("en");
  const fr = pageI18n("fr");

  it("translates a fixed message by its code's English", () => {
    expect(translateMessage(en, ACCOUNT_MESSAGES.incorrectEMailPassword)).toBe("Incorrect e-mail or password.");
    expect(translateMessage(fr, ACCOUNT_MESSAGES.incorrectEMailPassword)).toBe(ACCOUNT_MESSAGES.incorrectEMailPassword);
  });

  it("reads a template's figures back from the French text and writes them in English", () => {
    const french = formatMessage(SHOP_MESSAGES.messageMaxLength, { max: (5000).toLocaleString("fr-FR") });
    expect(french).toBe("Le message ne doit pas dépasser 5\u202f000 caractères");
    expect(translateMessage(en, french)).toBe("The message must not exceed 5,000 characters");
    expect(translateMessage(en, formatMessage(ACCOUNT_MESSAGES.maxCharacters, { max: 60 }))).toBe("60 characters at most");
    expect(translateMessage(fr, french)).toBe(french);
  });

  it("shows a text no catalog knows as it is", () => {
    expect(translateMessage(en, "Un message que personne n'a traduit")).toBe("Un message que personne n'a traduit");
    expect(translateMessage(en, "Recherche trop longue (100 caractères au maximum)")).toBe(
      "Recherche trop longue (100 caractères au maximum)",
    );
  });

  it("matches a template only on figures, never on words", () => {
    const pattern = messageTemplatePattern(ACCOUNT_MESSAGES.maxCharacters);
    expect(messageTemplateValues(pattern, "12 caractères au maximum")).toEqual({ max: 12 });
    expect(messageTemplateValues(pattern, "beaucoup de caractères au maximum")).toBeNull();
    expect(
      messageTemplateValues(messageTemplatePattern(SHOP_MESSAGES.giftCardAmountRange), "Le montant doit être compris entre 10 € et 500 €"),
    ).toEqual({
      min: 10,
      max: 500,
    });
  });
});
