/** A LIKE / ILIKE pattern matching the text anywhere, its wildcards (`%`, `_`, `\`) taken literally. */
export function containingPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
