/**
 * A business buyer's identifiers (docs/decisions/063-vat-by-destination.md): the French SIREN and
 * SIRET, and the EU VAT number, checked in the browser and again on the server with the same
 * rules. A VAT number's check key is verified where the member state publishes how to compute
 * it; elsewhere only its format is checked. Whether the number is registered is VIES's to say,
 * which these checks do not ask. Isomorphic and pure.
 */
import { luhnSum } from "~/lib/luhn";
import { z } from "zod";
import { text } from "~/lib/safe-text";
import { formatMessage } from "~/domain/messages/format";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import * as CHECKOUT_MESSAGES from "~/domain/messages/checkout";
import type { BusinessBuyer } from "./order-tax";

export const COMPANY_NAME_MAX = 120;
/** Longer than any VAT number or SIRET even with spaces and dots: beyond it the input is not one. */
const IDENTIFIER_INPUT_MAX = 40;

/** La Poste's SIREN: its establishments' SIRETs do not follow Luhn (INSEE's documented exception). */
const LA_POSTE_SIREN = "356000000";

const digitsOnly = (value: string, length: number) => new RegExp(`^[0-9]{${length}}$`).test(value);

/** Spaces (typed or pasted, including non-breaking ones) do not count in a SIREN or SIRET. */
export function normaliseCompanyNumber(raw: string): string {
  return raw.replace(/[\s\u00a0\u202f]/g, "");
}

export function isValidSiren(raw: string): boolean {
  const s = normaliseCompanyNumber(raw);
  return digitsOnly(s, 9) && luhnSum(s) % 10 === 0;
}

export function isValidSiret(raw: string): boolean {
  const s = normaliseCompanyNumber(raw);
  if (!digitsOnly(s, 14)) return false;
  if (s.startsWith(LA_POSTE_SIREN)) {
    const digitSum = [...s].reduce((sum, c) => sum + Number(c), 0);
    return digitSum % 5 === 0;
  }
  return luhnSum(s) % 10 === 0;
}

/* -------------------------------------------------------------------------------------------- */
/* EU VAT numbers                                                                                 */
/* -------------------------------------------------------------------------------------------- */

/**
 * Each member state's prefix and the format after it (the European Commission's VIES list).
 * Greece is EL, not its ISO code; XI is Northern Ireland, which stays in the EU's VAT area for goods.
 */
const VAT_FORMATS: Readonly<Record<string, RegExp>> = {
  AT: /^U[0-9]{8}$/,
  BE: /^[01][0-9]{9}$/,
  BG: /^[0-9]{9,10}$/,
  CY: /^[0-9]{8}[A-Z]$/,
  CZ: /^[0-9]{8,10}$/,
  DE: /^[0-9]{9}$/,
  DK: /^[0-9]{8}$/,
  EE: /^[0-9]{9}$/,
  EL: /^[0-9]{9}$/,
  ES: /^(?:[A-Z][0-9]{7}[0-9A-Z]|[0-9]{8}[A-Z])$/,
  FI: /^[0-9]{8}$/,
  FR: /^[0-9A-HJ-NP-Z]{2}[0-9]{9}$/,
  HR: /^[0-9]{11}$/,
  HU: /^[0-9]{8}$/,
  IE: /^(?:[0-9]{7}[A-W][A-IW]?|[0-9][A-Z+*][0-9]{5}[A-W])$/,
  IT: /^[0-9]{11}$/,
  LT: /^(?:[0-9]{9}|[0-9]{12})$/,
  LU: /^[0-9]{8}$/,
  LV: /^[0-9]{11}$/,
  MT: /^[0-9]{8}$/,
  NL: /^[0-9]{9}B[0-9]{2}$/,
  PL: /^[0-9]{10}$/,
  PT: /^[0-9]{9}$/,
  RO: /^[1-9][0-9]{1,9}$/,
  SE: /^[0-9]{10}01$/,
  SI: /^[0-9]{8}$/,
  SK: /^[0-9]{10}$/,
  XI: /^(?:[0-9]{9}|[0-9]{12}|GD[0-4][0-9]{2}|HA[5-9][0-9]{2})$/,
};

/** Upper case, without the spaces, dots and dashes people type in it ("fr 40 303.265.045" -> "FR40303265045"). */
export function normaliseVatNumber(raw: string): string {
  return raw.toUpperCase().replace(/[\s\u00a0\u202f.-]/g, "");
}

/** The member state prefix of a normalised VAT number ("EL" for Greece, "XI"); null without one. */
export function vatNumberCountry(vat: string | null): string | null {
  if (!vat) return null;
  const prefix = normaliseVatNumber(vat).slice(0, 2);
  return /^[A-Z]{2}$/.test(prefix) ? prefix : null;
}

const mod = (digits: string, m: number) => [...digits].reduce((r, c) => (r * 10 + Number(c)) % m, 0);

/** FR: key = (12 + 3 × (SIREN mod 97)) mod 97; an alphanumeric key (new companies) has no published formula. */
function frenchKeyMatches(body: string): boolean | null {
  const key = body.slice(0, 2);
  if (!/^[0-9]{2}$/.test(key)) return null;
  return (12 + 3 * mod(body.slice(2), 97)) % 97 === Number(key);
}

/** ISO 7064 MOD 11,10 (Germany's and Croatia's check digit), over all digits but the last. */
function iso7064Mod1110Matches(digits: string): boolean {
  let product = 10;
  for (const c of digits.slice(0, -1)) {
    let sum = (Number(c) + product) % 10;
    if (sum === 0) sum = 10;
    product = (2 * sum) % 11;
  }
  const check = (11 - product) % 10;
  return check === Number(digits.at(-1));
}

/** NL: the 2020 numbers (ISO 7064 MOD 97-10 over "NL" and the number) or the older eleven-test. */
function dutchKeyMatches(body: string): boolean {
  const asDigits = `NL${body}`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  if (mod(asDigits, 97) === 1) return true;
  const nine = body.slice(0, 9);
  const sum = [...nine].reduce((s, c, i) => s + Number(c) * (i === 8 ? -1 : 9 - i), 0);
  return sum % 11 === 0;
}

const NIF_LETTERS = "TRWAGMYFPDXBNJZSQVHLCKE";

/**
 * ES: a NIF (8 digits and a letter), an NIE (X/Y/Z, 7 digits, a letter) or a company's CIF
 * (a letter, 7 digits, a digit or a letter). Other series (K, L, M) have no formula we rely on.
 */
function spanishKeyMatches(body: string): boolean | null {
  if (/^[0-9]{8}[A-Z]$/.test(body)) return NIF_LETTERS[Number(body.slice(0, 8)) % 23] === body[8];
  if (/^[XYZ][0-9]{7}[A-Z]$/.test(body)) {
    const number = "XYZ".indexOf(body[0]) + body.slice(1, 8);
    return NIF_LETTERS[Number(number) % 23] === body[8];
  }
  if (/^[ABCDEFGHJNPQRSUVW][0-9]{7}[0-9A-J]$/.test(body)) {
    let sum = 0;
    for (let i = 0; i < 7; i++) {
      const d = Number(body[i + 1]);
      if (i % 2 === 0) {
        const doubled = d * 2;
        sum += doubled > 9 ? doubled - 9 : doubled;
      } else {
        sum += d;
      }
    }
    const digit = (10 - (sum % 10)) % 10;
    const letter = "JABCDEFGHI"[digit];
    const control = body[8];
    if ("PQRSNW".includes(body[0])) return control === letter;
    if ("ABEH".includes(body[0])) return control === String(digit);
    return control === String(digit) || control === letter;
  }
  // K, L, M and any other series: format only.
  return null;
}

/** Whether the check key matches, or null when the state's key is not computed here (format only). */
function checkKeyMatches(country: string, body: string): boolean | null {
  switch (country) {
    case "FR":
      return frenchKeyMatches(body);
    case "BE":
      return 97 - mod(body.slice(0, 8), 97) === Number(body.slice(8));
    case "LU":
      return mod(body.slice(0, 6), 89) === Number(body.slice(6));
    case "DE":
    case "HR":
      return iso7064Mod1110Matches(body);
    case "IT":
      return luhnSum(body) % 10 === 0;
    case "NL":
      return dutchKeyMatches(body);
    case "ES":
      return spanishKeyMatches(body);
    default:
      return null;
  }
}

/** Null when the VAT number is valid as far as can be told without VIES; otherwise the French reason. */
export function vatNumberProblem(raw: string): string | null {
  const vat = normaliseVatNumber(raw);
  const country = vat.slice(0, 2);
  if (country === "GR") return CHECKOUT_MESSAGES.vatNumberGreecePrefix;
  const format = VAT_FORMATS[country];
  if (!format) return CHECKOUT_MESSAGES.vatNumberUnknownCountry;
  const body = vat.slice(2);
  if (!format.test(body)) return CHECKOUT_MESSAGES.vatNumberInvalidFormat;
  return checkKeyMatches(country, body) === false ? CHECKOUT_MESSAGES.vatNumberInvalidKey : null;
}

/** The SIREN inside a French VAT number (its last nine digits). */
const sirenOfFrenchVat = (vat: string) => vat.slice(4);

/* -------------------------------------------------------------------------------------------- */
/* The form                                                                                       */
/* -------------------------------------------------------------------------------------------- */

/** An optional identifier as a form sends it: a blank field is no value. */
const optionalIdentifier = z
  .union([text().max(IDENTIFIER_INPUT_MAX, { error: CHECKOUT_MESSAGES.sirenOrSiretFormat }), z.null()])
  .optional()
  .transform((v) => (v == null || v.trim() === "" ? null : v));

/**
 * "Je souhaite une facture au nom de mon entreprise": the company's name, its SIREN or SIRET, and
 * its EU VAT number. A company without a VAT number, or with a French one, is French and gives its
 * SIREN or SIRET (a French invoice to a business must carry it). The output is what an order
 * keeps, normalised, a SIRET giving its SIREN.
 */
export const BusinessInvoiceSchema = z
  .object({
    // Its length is checked with the numbers below, so that one submission shows every field's problem.
    company_name: text({ error: CHECKOUT_MESSAGES.companyNameRequired }).trim(),
    siren: optionalIdentifier,
    siret: optionalIdentifier,
    vat_number: z
      .union([text().max(IDENTIFIER_INPUT_MAX, { error: CHECKOUT_MESSAGES.vatNumberInvalidFormat }), z.null()])
      .optional()
      .transform((v) => (v == null || v.trim() === "" ? null : v)),
  })
  .transform((input, ctx): BusinessBuyer => {
    if (input.company_name === "") ctx.addIssue({ code: "custom", path: ["company_name"], message: CHECKOUT_MESSAGES.companyNameRequired });
    if (input.company_name.length > COMPANY_NAME_MAX) {
      ctx.addIssue({
        code: "custom",
        path: ["company_name"],
        message: formatMessage(ACCOUNT_MESSAGES.maxCharacters, { max: COMPANY_NAME_MAX }),
      });
    }
    const siretTyped = input.siret === null ? null : normaliseCompanyNumber(input.siret);
    const sirenTyped = input.siren === null ? null : normaliseCompanyNumber(input.siren);
    const vat = input.vat_number === null ? null : normaliseVatNumber(input.vat_number);
    if (siretTyped !== null && !isValidSiret(siretTyped))
      ctx.addIssue({ code: "custom", path: ["siret"], message: CHECKOUT_MESSAGES.siretInvalid });
    if (sirenTyped !== null && !isValidSiren(sirenTyped))
      ctx.addIssue({ code: "custom", path: ["siren"], message: CHECKOUT_MESSAGES.sirenInvalid });
    const vatProblem = vat === null ? null : vatNumberProblem(vat);
    if (vatProblem) ctx.addIssue({ code: "custom", path: ["vat_number"], message: vatProblem });
    const siretOk = siretTyped !== null && isValidSiret(siretTyped);
    const sirenOk = sirenTyped !== null && isValidSiren(sirenTyped);
    if (siretOk && sirenOk && !siretTyped.startsWith(sirenTyped)) {
      ctx.addIssue({ code: "custom", path: ["siret"], message: CHECKOUT_MESSAGES.siretSirenMismatch });
    }
    const siren = sirenOk ? sirenTyped : siretOk ? siretTyped.slice(0, 9) : null;
    const french = vat === null || vatNumberCountry(vat) === "FR";
    if (french && sirenTyped === null && siretTyped === null) {
      ctx.addIssue({ code: "custom", path: ["siren"], message: CHECKOUT_MESSAGES.frenchCompanyNeedsSiren });
    }
    if (siren !== null && vat !== null && !vatProblem && vatNumberCountry(vat) === "FR" && sirenOfFrenchVat(vat) !== siren) {
      ctx.addIssue({ code: "custom", path: ["vat_number"], message: CHECKOUT_MESSAGES.vatNumberSirenMismatch });
    }
    return { company_name: input.company_name, siren, siret: siretOk ? siretTyped : null, vat_number: vat };
  });
export type BusinessInvoiceInput = z.input<typeof BusinessInvoiceSchema>;

/**
 * The checkout and account forms have one "SIREN ou SIRET" field: fourteen digits are a SIRET,
 * anything else is read as a SIREN (so a wrong length is refused with the SIREN's message).
 */
export function splitCompanyNumber(raw: string): { siren: string | null; siret: string | null } {
  const value = normaliseCompanyNumber(raw);
  if (value === "") return { siren: null, siret: null };
  return value.length >= 14 ? { siren: null, siret: value } : { siren: value, siret: null };
}

/** The one field's value for saved details: the SIRET when there is one, else the SIREN. */
export function companyNumberOf(buyer: Pick<BusinessBuyer, "siren" | "siret">): string {
  return buyer.siret ?? buyer.siren ?? "";
}

/** The fields of the business invoice forms (checkout and account), with the one "SIREN ou SIRET". */
export type BusinessInvoiceField = "company_name" | "company_number" | "vat_number";
export type BusinessInvoiceFormValues = Record<BusinessInvoiceField, string>;
export const EMPTY_BUSINESS_INVOICE_FORM: BusinessInvoiceFormValues = { company_name: "", company_number: "", vat_number: "" };

/** What the forms type, as the schema reads it. */
export function businessInvoiceInputOf(values: BusinessInvoiceFormValues): BusinessInvoiceInput {
  return { company_name: values.company_name, ...splitCompanyNumber(values.company_number), vat_number: values.vat_number };
}

/** Saved details as the form shows them. */
export function businessInvoiceFormOf(buyer: BusinessBuyer | null): BusinessInvoiceFormValues {
  if (!buyer) return EMPTY_BUSINESS_INVOICE_FORM;
  return { company_name: buyer.company_name, company_number: companyNumberOf(buyer), vat_number: buyer.vat_number ?? "" };
}

/** The first message of each form field (a SIREN's or a SIRET's on the one "SIREN ou SIRET"). */
export function businessInvoiceFieldErrors(error: z.ZodError): Partial<Record<BusinessInvoiceField, string>> {
  const out: Partial<Record<BusinessInvoiceField, string>> = {};
  for (const issue of error.issues) {
    const path = String(issue.path[0] ?? "");
    const field: BusinessInvoiceField | null =
      path === "siren" || path === "siret" ? "company_number" : path === "company_name" || path === "vat_number" ? path : null;
    if (field) out[field] ??= issue.message;
  }
  return out;
}
