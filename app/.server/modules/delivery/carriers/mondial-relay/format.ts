/**
 * The shop's text in the formats Mondial Relay's web services accept. The regular expressions
 * are those of the "Web Service Solution" documentation (V-5.x), as its clients apply them
 * (PrestaShop's module, akretion/mondialrelay_pyt): capitals without accents, a small set of
 * punctuation, and a maximum length per field. The service refuses a value that breaks them (STAT
 * 30–39) instead of cleaning it, so the shop cleans it first: "Émile Zola & Fils" becomes
 * "EMILE ZOLA ET FILS".
 */

/** Address lines: `^[0-9A-Z_\-'., /]{2,32}$`. */
const ADDRESS_CHARS = /[^0-9A-Z_\-'., /]/g;
/** Cities: `^[A-Z_\-' 0-9]{2,26}$` (no dot, comma or slash). */
const CITY_CHARS = /[^0-9A-Z_\-' ]/g;
/** NDossier (the shop's reference): `^(|[0-9A-Z_ -]{0,15})$`. */
const REFERENCE_CHARS = /[^0-9A-Z_ -]/g;

export const ADDRESS_MAX = 32;
export const CITY_MAX = 26;
export const REFERENCE_MAX = 15;

/** Letters the accent-stripping decomposition leaves whole. */
const LIGATURES: Record<string, string> = { Œ: "OE", œ: "OE", Æ: "AE", æ: "AE", ß: "SS", Ø: "O", ø: "O", Ł: "L", ł: "L", Đ: "D", đ: "D" };

function ascii(value: string): string {
  return (
    value
      // NFKD also unfolds typographic forms ("3ᵉ", "ﬁ") into plain letters.
      .normalize("NFKD")
      .replace(/\p{M}/gu, "")
      .replace(/[ŒœÆæßØøŁłĐđ]/g, (c) => LIGATURES[c] ?? c)
      .replace(/[’‘`´]/g, "'")
      .replace(/[‐‑‒–—―]/g, "-")
      .toUpperCase()
      .replace(/&/g, " ET ")
  );
}

function clean(value: string | null | undefined, disallowed: RegExp, max: number): string {
  const text = ascii(value ?? "")
    .replace(disallowed, " ")
    .replace(/\s+/g, " ")
    .trim();
  return text.slice(0, max).trim();
}

export function addressText(value: string | null | undefined): string {
  return clean(value, ADDRESS_CHARS, ADDRESS_MAX);
}

export function cityText(value: string | null | undefined): string {
  return clean(value, CITY_CHARS, CITY_MAX);
}

export function referenceText(value: string | null | undefined): string {
  return clean(value, REFERENCE_CHARS, REFERENCE_MAX);
}

/** Postal codes keep their own shape per country (the service checks it); only case and spacing change. */
export function postalCodeText(value: string): string {
  return value.trim().toUpperCase().replace(/\s+/g, " ");
}

/** `^((00|\+)[1-9]{2}|0)[0-9][0-9]{7,8}$`: "+33 (0)6 12 34 56 78" becomes "+33612345678"; anything else, nothing. */
const PHONE = /^((00|\+)[1-9]{2}|0)[0-9][0-9]{7,8}$/;
export function phoneText(value: string | null | undefined): string {
  if (!value) return "";
  let phone = value.trim().replace(/\(0\)/g, "");
  const plus = phone.startsWith("+");
  phone = (plus ? "+" : "") + phone.replace(/[^0-9]/g, "");
  return PHONE.test(phone) ? phone : "";
}

/** `^[\w\-\.\@_]{0,70}$`: an address outside it (a "+" tag, accents) is left out rather than refused. */
const EMAIL = /^[A-Za-z0-9_\-.@]{3,70}$/;
export function emailText(value: string | null | undefined): string {
  const email = (value ?? "").trim();
  return EMAIL.test(email) && email.includes("@") ? email : "";
}

/** Poids: grams, `^[0-9]{3,7}$`, so a light parcel is written on three digits ("080"). */
export function weightText(grams: number): string {
  return String(grams).padStart(3, "0");
}

/** The language of the recipient's notifications (ISO 639-1 in capitals); French where unsure. */
const LANGUAGES: Record<string, string> = { ES: "ES", NL: "NL", DE: "DE", AT: "DE", IT: "IT", PT: "PT", PL: "PL" };
export function languageOf(countryCode: string): string {
  return LANGUAGES[countryCode.toUpperCase()] ?? "FR";
}
