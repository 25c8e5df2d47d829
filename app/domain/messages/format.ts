/**
 * A message template's `{name}` placeholders filled with their values (decision 055). Values are
 * written as given: a caller that shows "5 000" passes the number already formatted, so the French
 * text is exactly what the message said before it had a code.
 */
export function formatMessage(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** The names of a template's placeholders, in order. */
export function placeholdersOf(template: string): string[] {
  return [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
}
