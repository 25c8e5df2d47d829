import { describe, expect, it } from "vitest";
import { isDomainError } from "~/domain/errors";
import { UNKNOWN_POSTAL_CODE_MESSAGE, assertKnownPostalCode, communesOfPostalCode, isKnownFrenchPostalCode } from "./postal-codes";

describe("French postal codes", () => {
  it("knows the codes of the official list, mainland, Corsica and overseas departments", () => {
    for (const code of ["75001", "69003", "20000", "20200", "97400", "97200", "97600"]) {
      expect(isKnownFrenchPostalCode(code), code).toBe(true);
    }
  });

  it("knows the overseas collectivities that are not communes of the list", () => {
    for (const code of ["97133", "97150", "98714", "98800", "98600"]) expect(isKnownFrenchPostalCode(code), code).toBe(true);
  });

  it("refuses codes that do not exist or are not five digits", () => {
    for (const code of ["99999", "00000", "75999", "2A000", "7500", "", "７５００１"]) {
      expect(isKnownFrenchPostalCode(code), code).toBe(false);
    }
  });

  it("lists the communes of a code, sorted, each once", () => {
    expect(communesOfPostalCode("69100")).toEqual(["Villeurbanne"]);
    const bastia = communesOfPostalCode("20200");
    expect(bastia.length).toBeGreaterThan(1);
    expect(bastia).toContain("Bastia");
    expect([...bastia].sort((a, b) => a.localeCompare(b, "fr"))).toEqual(bastia);
    expect(new Set(bastia).size).toBe(bastia.length);
    expect(communesOfPostalCode("99999")).toEqual([]);
    expect(communesOfPostalCode("abc")).toEqual([]);
  });

  it("refuses an unknown French code with a French message on the postal code field", () => {
    let caught: unknown;
    try {
      assertKnownPostalCode("France", "99999");
    } catch (error) {
      caught = error;
    }
    expect(isDomainError(caught)).toBe(true);
    if (!isDomainError(caught)) return;
    expect(caught.kind).toBe("invalid");
    expect(caught.message).toBe(UNKNOWN_POSTAL_CODE_MESSAGE);
    expect(caught.field).toBe("postal_code");
  });

  it("leaves other countries to the format check (no list of theirs is shipped)", () => {
    expect(() => assertKnownPostalCode("Belgique", "9999")).not.toThrow();
    expect(() => assertKnownPostalCode("Monaco", "98000")).not.toThrow();
  });
});
