/**
 * Stripe's request encoding (https://docs.stripe.com/api/request-encoding): bodies of POSTs and the
 * query strings of GETs are `application/x-www-form-urlencoded`, nested values in bracket notation:
 * `metadata[attempt_key]=…`, `automatic_payment_methods[enabled]=true`, arrays indexed
 * (`expand[0]=customer`) or not (`expand[]=customer`). Every leaf is a string; the endpoint casts.
 */

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

const KEY = /^([^[\]]+)((?:\[[^\]]*\])*)$/;

/** A key's path: `a[b][0][]` -> ["a", "b", "0", ""] (an empty segment appends). Null when malformed. */
function pathOf(key: string): string[] | null {
  const match = KEY.exec(key);
  if (!match) return null;
  const rest = match[2] ? [...match[2].matchAll(/\[([^\]]*)\]/g)].map((m) => m[1]!) : [];
  return [match[1]!, ...rest];
}

/** Objects whose keys are all indexes (0, 1, …) become arrays, in index order. */
function arraysOf(value: FormValue): FormValue {
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return value.map(arraysOf);
  const keys = Object.keys(value);
  const converted: FormObject = {};
  for (const key of keys) converted[key] = arraysOf(value[key]!);
  if (keys.length > 0 && keys.every((key) => /^(0|[1-9][0-9]*)$/.test(key))) {
    return keys.sort((a, b) => Number(a) - Number(b)).map((key) => converted[key]!);
  }
  return converted;
}

export class FormEncodingError extends Error {}

/** Decodes a form body or query string into nested objects and arrays of strings. */
export function decodeForm(encoded: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(encoded)) {
    const path = pathOf(key);
    if (!path) throw new FormEncodingError(`Invalid parameter name: ${key}`);
    let node: FormObject = root;
    for (let i = 0; i < path.length; i++) {
      const segment = path[i]!;
      const last = i === path.length - 1;
      // `a[]`: the next free index.
      const name = segment === "" ? String(Object.keys(node).length) : segment;
      if (last) {
        node[name] = value;
        break;
      }
      const child = node[name];
      if (child === undefined) {
        const fresh: FormObject = {};
        node[name] = fresh;
        node = fresh;
      } else if (typeof child === "object" && !Array.isArray(child)) {
        node = child;
      } else {
        throw new FormEncodingError(`Invalid array or hash: ${key}`);
      }
    }
  }
  return arraysOf(root) as FormObject;
}

/** A stable text for a request's parameters: the same parameters in any order give the same text. */
export function fingerprintOf(value: FormValue | undefined): string {
  if (value === undefined) return "";
  if (typeof value === "string") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(fingerprintOf).join(",")}]`;
  return `{${Object.keys(value)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${fingerprintOf(value[key])}`)
    .join(",")}}`;
}
