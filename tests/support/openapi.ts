/** Reading the API document in tests: a part of it with its shared schemas written in place. */
type Json = unknown;

const PREFIX = "#/components/schemas/";

/** `node` with every `$ref` to components/schemas replaced by the schema (a recursive one stays a reference). */
export function inlined(document: { components?: { schemas?: Record<string, Json> } }, node: Json, seen: string[] = []): Json {
  if (Array.isArray(node)) return node.map((item) => inlined(document, item, seen));
  if (!node || typeof node !== "object") return node;
  const ref = (node as { $ref?: unknown }).$ref;
  if (typeof ref === "string" && ref.startsWith(PREFIX)) {
    const name = ref.slice(PREFIX.length);
    if (seen.includes(name)) return node;
    return inlined(document, document.components?.schemas?.[name], [...seen, name]);
  }
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, inlined(document, value, seen)]));
}
