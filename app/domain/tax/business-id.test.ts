import { describe, expect, it } from "vitest";
import * as CHECKOUT_MESSAGES from "~/domain/messages/checkout";
import {
  BusinessInvoiceSchema,
  businessInvoiceFieldErrors,
  businessInvoiceFormOf,
  businessInvoiceInputOf,
  companyNumberOf,
  isValidSiren,
  isValidSiret,
  normaliseVatNumber,
  splitCompanyNumber,
  vatNumberCountry,
  vatNumberProblem,
} from "./business-id";
import type { BusinessBuyer } from "./order-tax";

describe("isValidSiren", () => {
  it.each([
    ["732829320", true],
    ["552 100 554", true],
    ["356000000", true], // La Poste's SIREN itself follows Luhn
    ["732829321", false], // last digit changed: Luhn fails
    ["552100555", false],
    ["73282932", false], // 8 digits
    ["7328293200", false], // 10 digits
    ["73282932A", false],
    ["", false],
  ])("%s -> %s", (siren, valid) => {
    expect(isValidSiren(siren)).toBe(valid);
  });
});

describe("isValidSiret", () => {
  it.each([
    ["73282932000074", true],
    ["552 100 554 00013", true],
    ["73282932000075", false], // Luhn fails
    ["7328293200007", false], // 13 digits
    // La Poste: its establishments' SIRETs sum to a multiple of 5 instead of passing Luhn.
    ["35600000049837", true],
    ["35600000000048", false], // passes Luhn, but not La Poste's rule
  ])("%s -> %s", (siret, valid) => {
    expect(isValidSiret(siret)).toBe(valid);
  });
});

describe("vatNumberProblem", () => {
  const KEY = CHECKOUT_MESSAGES.vatNumberInvalidKey;
  const FORMAT = CHECKOUT_MESSAGES.vatNumberInvalidFormat;
  const COUNTRY = CHECKOUT_MESSAGES.vatNumberUnknownCountry;
  it.each([
    // France: key = (12 + 3 × (SIREN mod 97)) mod 97
    ["FR40303265045", null],
    ["fr 40 303.265.045", null],
    ["FR44732829320", null],
    ["FR41303265045", KEY],
    ["FR45732829320", KEY],
    // an alphanumeric key (new companies): format only
    ["FRA1303265045", null],
    ["FRO1303265045", FORMAT], // O is never used in a key
    ["FR4030326504", FORMAT], // 8 digits of SIREN
    // Belgium: 97 − (first 8 mod 97)
    ["BE0403019261", null],
    ["BE 0417.497.106", null],
    ["BE0403019262", KEY],
    ["BE2403019261", FORMAT], // must start with 0 or 1
    ["BE403019261", FORMAT], // 9 digits: the old form without its leading 0
    // Luxembourg: last two = first six mod 89
    ["LU15027442", null],
    ["LU26375245", null],
    ["LU15027443", KEY],
    ["LU1502744", FORMAT],
    // Germany: ISO 7064 MOD 11,10
    ["DE136695976", null],
    ["DE129273398", null],
    ["DE136695977", KEY],
    ["DE13669597", FORMAT],
    // Italy: Luhn on 11 digits
    ["IT00743110157", null],
    ["IT12345678903", null],
    ["IT00743110158", KEY],
    ["IT0074311015", FORMAT],
    // Netherlands: MOD 97-10 (2020 numbers) or the eleven-test
    ["NL123456789B13", null],
    ["NL004495445B01", null],
    ["NL123456789B14", KEY],
    ["NL123456789X13", FORMAT],
    // Spain: CIF, NIF, NIE
    ["ESA82018474", null],
    ["ESA82018475", KEY],
    ["ES12345678Z", null],
    ["ES12345678A", KEY],
    ["ESX1234567L", null],
    ["ES123456789", FORMAT], // digits at both ends: never issued
    // Other member states: format only
    ["ATU13585627", null],
    ["ATU1358562", FORMAT],
    ["EL094259216", null],
    ["XI123456789", null],
    ["SE556036079301", null],
    // Not a member state
    ["GB123456789", COUNTRY],
    ["CHE123456789", COUNTRY],
    ["US123456789", COUNTRY],
    ["40303265045", COUNTRY],
    ["", COUNTRY],
    ["GR094259216", CHECKOUT_MESSAGES.vatNumberGreecePrefix],
  ])("%s -> %s", (vat, problem) => {
    expect(vatNumberProblem(vat)).toBe(problem);
  });

  it("says the wrong key in the words of the spec", () => {
    expect(vatNumberProblem("FR41303265045")).toBe("Numéro de TVA intracommunautaire invalide : la clé de contrôle ne correspond pas.");
  });
});

describe("normaliseVatNumber and vatNumberCountry", () => {
  it("drops spaces, dots and dashes and upper-cases", () => {
    expect(normaliseVatNumber(" be-0403.019 261 ")).toBe("BE0403019261");
  });
  it.each([
    ["FR40303265045", "FR"],
    ["el094259216", "EL"],
    ["XI123456789", "XI"],
    ["40303265045", null],
    [null, null],
    ["", null],
  ])("%s -> %s", (vat, country) => {
    expect(vatNumberCountry(vat)).toBe(country);
  });
});

describe("BusinessInvoiceSchema", () => {
  const issuesOf = (input: unknown) => {
    const parsed = BusinessInvoiceSchema.safeParse(input);
    if (parsed.success) throw new Error(`expected a refusal, got ${JSON.stringify(parsed.data)}`);
    return parsed.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
  };

  it("keeps a French company with its SIRET, which gives its SIREN", () => {
    const buyer: BusinessBuyer = BusinessInvoiceSchema.parse({
      company_name: "  Parfums Lumière SAS ",
      siret: "732 829 320 00074",
      vat_number: "fr 44 732 829 320",
    });
    expect(buyer).toEqual({
      company_name: "Parfums Lumière SAS",
      siren: "732829320",
      siret: "73282932000074",
      vat_number: "FR44732829320",
    });
  });

  it("keeps a French company with its SIREN and no VAT number", () => {
    expect(BusinessInvoiceSchema.parse({ company_name: "Atelier", siren: "552100554", siret: "", vat_number: "" })).toEqual({
      company_name: "Atelier",
      siren: "552100554",
      siret: null,
      vat_number: null,
    });
  });

  it("keeps a Belgian company with its VAT number only", () => {
    expect(BusinessInvoiceSchema.parse({ company_name: "Beauté Bruxelles SRL", vat_number: "BE 0403.019.261" })).toEqual({
      company_name: "Beauté Bruxelles SRL",
      siren: null,
      siret: null,
      vat_number: "BE0403019261",
    });
  });

  it("asks a French company for its SIREN or SIRET", () => {
    expect(issuesOf({ company_name: "Atelier" })).toEqual([{ path: "siren", message: CHECKOUT_MESSAGES.frenchCompanyNeedsSiren }]);
    expect(issuesOf({ company_name: "Atelier", vat_number: "FR40303265045" })).toEqual([
      { path: "siren", message: CHECKOUT_MESSAGES.frenchCompanyNeedsSiren },
    ]);
  });

  it("refuses a missing or too long company name", () => {
    expect(issuesOf({ company_name: "  ", siren: "552100554" })).toEqual([
      { path: "company_name", message: CHECKOUT_MESSAGES.companyNameRequired },
    ]);
    expect(issuesOf({ company_name: "x".repeat(121), siren: "552100554" })).toEqual([
      { path: "company_name", message: "120 caractères au maximum" },
    ]);
  });

  it("refuses a SIREN or SIRET failing Luhn, in French", () => {
    expect(issuesOf({ company_name: "Atelier", siren: "552100555" })).toEqual([
      { path: "siren", message: "SIREN invalide : vérifiez les 9 chiffres." },
    ]);
    expect(issuesOf({ company_name: "Atelier", siret: "73282932000075" })).toEqual([
      { path: "siret", message: CHECKOUT_MESSAGES.siretInvalid },
    ]);
  });

  it("refuses a wrong VAT key, and a French VAT number of another SIREN", () => {
    expect(issuesOf({ company_name: "Atelier", siren: "303265045", vat_number: "FR41303265045" })).toEqual([
      { path: "vat_number", message: CHECKOUT_MESSAGES.vatNumberInvalidKey },
    ]);
    expect(issuesOf({ company_name: "Atelier", siren: "552100554", vat_number: "FR40303265045" })).toEqual([
      { path: "vat_number", message: CHECKOUT_MESSAGES.vatNumberSirenMismatch },
    ]);
  });

  it("refuses a SIRET of another company than the SIREN", () => {
    expect(issuesOf({ company_name: "Atelier", siren: "552100554", siret: "73282932000074" })).toEqual([
      { path: "siret", message: CHECKOUT_MESSAGES.siretSirenMismatch },
    ]);
  });

  it("refuses what is not text", () => {
    expect(BusinessInvoiceSchema.safeParse({ company_name: 12, siren: "552100554" }).success).toBe(false);
    expect(BusinessInvoiceSchema.safeParse({ company_name: "Atelier", siren: 552100554 }).success).toBe(false);
  });
});

describe("the one 'SIREN ou SIRET' field", () => {
  it.each([
    ["552 100 554", { siren: "552100554", siret: null }],
    ["732 829 320 00074", { siren: null, siret: "73282932000074" }],
    ["1234", { siren: "1234", siret: null }],
    ["  ", { siren: null, siret: null }],
  ])("%s", (raw, split) => {
    expect(splitCompanyNumber(raw)).toEqual(split);
  });

  it("shows saved details' SIRET, else their SIREN", () => {
    expect(companyNumberOf({ siren: "732829320", siret: "73282932000074" })).toBe("73282932000074");
    expect(companyNumberOf({ siren: "552100554", siret: null })).toBe("552100554");
    expect(companyNumberOf({ siren: null, siret: null })).toBe("");
  });
});

describe("the business invoice forms", () => {
  it("reads the form's one number field and maps errors back to it", () => {
    const parsed = BusinessInvoiceSchema.safeParse(
      businessInvoiceInputOf({ company_name: "", company_number: "552 100 555", vat_number: "FR00552100555" }),
    );
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(businessInvoiceFieldErrors(parsed.error)).toEqual({
      company_name: CHECKOUT_MESSAGES.companyNameRequired,
      company_number: CHECKOUT_MESSAGES.sirenInvalid,
      vat_number: CHECKOUT_MESSAGES.vatNumberInvalidKey,
    });
  });

  it("shows saved details in the form, and nothing for none", () => {
    expect(
      businessInvoiceFormOf({ company_name: "Atelier", siren: "732829320", siret: "73282932000074", vat_number: "FR44732829320" }),
    ).toEqual({ company_name: "Atelier", company_number: "73282932000074", vat_number: "FR44732829320" });
    expect(businessInvoiceFormOf(null)).toEqual({ company_name: "", company_number: "", vat_number: "" });
  });
});
