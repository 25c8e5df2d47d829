/**
 * How a French message that reached the page finds its translation (decision 055). The catalogs
 * are keyed by code (`account.message.incorrectEMailPassword`) and the French text lives only in
 * app/domain/messages. A zod schema or a server answer still hands the page the French text, so
 * the compiled messages of each other language carry a generated index from that text to its
 * code's translation: `message:<French text>` for a fixed message, `message~<French template>`
 * for a template, whose `{name}` parts are read back from the text. Nobody writes these keys, so
 * rewording a French message moves its index entry with it.
 */
import { placeholdersOf } from "~/domain/messages/format";

export const MESSAGE_TEXT_KEY_PREFIX = "message:";
export const MESSAGE_TEMPLATE_KEY_PREFIX = "message~";

export type MessageTemplatePattern = { key: string; pattern: RegExp; names: string[] };

/** A template's matcher: each `{name}` reads a number as the French writes it ("5 000", "12"). */
export function messageTemplatePattern(template: string): MessageTemplatePattern {
  const names = placeholdersOf(template);
  const escaped = template.split(/\{\w+\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return { key: MESSAGE_TEMPLATE_KEY_PREFIX + template, pattern: new RegExp(`^${escaped.join("([\\d\\s\\u00a0\\u202f,.]+?)")}$`), names };
}

/**
 * The values a text gives a template's placeholders, or null when it is not that template's. A
 * whole number is read as a number, so that the translation writes it its own way (5,000).
 */
export function messageTemplateValues(template: MessageTemplatePattern, text: string): Record<string, string | number> | null {
  const match = template.pattern.exec(text);
  if (!match) return null;
  const values: Record<string, string | number> = {};
  template.names.forEach((name, index) => {
    const raw = match[index + 1];
    const digits = raw.replace(/[\s\u00a0\u202f]/g, "");
    values[name] = /^\d+$/.test(digits) ? Number(digits) : raw;
  });
  return values;
}
