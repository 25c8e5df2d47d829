import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { text } from "./safe-text";
import { isSafeJsonValue, isSafeText, safeTextOrUndefined, UNSAFE_TEXT_MESSAGE, withoutUnsafeText } from "./safe-text.rules";

/**
 * The reference, written differently from the rule: walk the string by code point and keep XML
 * 1.0's Char production (#x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF]).
 * A lone surrogate comes out of the iteration as a code point of its own in D800-DFFF.
 */
function referenceIsSafe(value: string): boolean {
  for (const char of value) {
    const cp = char.codePointAt(0)!;
    const ok =
      cp === 0x9 ||
      cp === 0xa ||
      cp === 0xd ||
      (cp >= 0x20 && cp <= 0xd7ff) ||
      (cp >= 0xe000 && cp <= 0xfffd) ||
      (cp >= 0x10000 && cp <= 0x10ffff);
    if (!ok) return false;
  }
  return true;
}

/** Any sequence of UTF-16 code units: lone surrogates, NUL and controls included. */
const anyUtf16 = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength: 40 });
/** Mostly ordinary text with now and then a hostile unit, so both verdicts come up often. */
const mixed = fc.string({
  unit: fc.oneof(
    { weight: 8, arbitrary: fc.string({ unit: "grapheme", minLength: 1, maxLength: 1 }) },
    { weight: 1, arbitrary: fc.constantFrom("\u0000", "\ud800", "\udfff", "\u0007", "\uffff", "\ufffe", "\t", "\r\n") },
  ),
  maxLength: 30,
});

describe("the shared text rule", () => {
  it("refuses NUL, lone surrogates, C0 controls and U+FFFE/U+FFFF; keeps tabs, new lines, accents and emoji", () => {
    expect(isSafeText("Crème hydratante 50 ml — été 😀\n\tligne 2\r\n")).toBe(true);
    expect(isSafeText("")).toBe(true);
    for (const bad of ["a\u0000b", "\u0000", "\ud800", "x\udc00", "\ud83d", "\u0001", "\u001b[31m", "\uffff", "\ufffe"]) {
      expect(isSafeText(bad), JSON.stringify(bad)).toBe(false);
    }
    expect(isSafeText("\ud83d\ude00")).toBe(true);
  });

  it("takes out what it refuses, and only that, wherever it stands", () => {
    expect(withoutUnsafeText("a\u0000b\u0001c\ud800d\uffff e\u001b")).toBe("abcd e");
    expect(withoutUnsafeText("Crème 😀\n\tfin")).toBe("Crème 😀\n\tfin");
    fc.assert(
      fc.property(anyUtf16, (s) => isSafeText(withoutUnsafeText(s))),
      { numRuns: 1000 },
    );
  });

  it("agrees with the reference on arbitrary UTF-16 strings", () => {
    fc.assert(
      fc.property(anyUtf16, (s) => isSafeText(s) === referenceIsSafe(s)),
      { numRuns: 3000 },
    );
    fc.assert(
      fc.property(mixed, (s) => isSafeText(s) === referenceIsSafe(s)),
      { numRuns: 3000 },
    );
  });

  it("text() never throws, and accepts exactly what the rule accepts, with one French message", () => {
    const schema = text().trim().max(1000);
    fc.assert(
      fc.property(fc.oneof(anyUtf16, mixed), (s) => {
        const parsed = schema.safeParse(s);
        expect(parsed.success).toBe(referenceIsSafe(s));
        if (!parsed.success) expect(parsed.error.issues.map((i) => i.message)).toEqual([UNSAFE_TEXT_MESSAGE]);
      }),
      { numRuns: 2000 },
    );
  });

  it("checks every string of a JSON value, keys included", () => {
    expect(isSafeJsonValue({ a: ["ok", { b: "fine" }], n: 1, z: null })).toBe(true);
    expect(isSafeJsonValue({ a: ["ok", { b: "bad\u0000" }] })).toBe(false);
    expect(isSafeJsonValue({ "\ud800": 1 })).toBe(false);
    fc.assert(
      fc.property(fc.jsonValue({ stringUnit: "binary" }), (value) => {
        const strings: string[] = [];
        const collect = (v: unknown) => {
          if (typeof v === "string") strings.push(v);
          else if (Array.isArray(v)) v.forEach(collect);
          else if (v && typeof v === "object") {
            for (const [k, x] of Object.entries(v)) {
              strings.push(k);
              collect(x);
            }
          }
        };
        collect(value);
        expect(isSafeJsonValue(value)).toBe(strings.every(referenceIsSafe));
      }),
      { numRuns: 300 },
    );
  });

  it("an optional value that breaks the rule reads as absent", () => {
    expect(safeTextOrUndefined("parfum")).toBe("parfum");
    expect(safeTextOrUndefined("par\u0000fum")).toBeUndefined();
    expect(safeTextOrUndefined(42)).toBeUndefined();
  });
});
