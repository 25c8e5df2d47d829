import { describe, expect, it } from "vitest";
import { csvField, csvFileName, csvRow, toCsv } from "./csv";

describe("CSV exports", () => {
  it("starts with a BOM, separates with ';' and ends lines with CRLF", () => {
    expect(toCsv(["Nom", "Prix"], [["Crème", "12,50"]])).toBe("\uFEFFNom;Prix\r\nCrème;12,50\r\n");
    expect(csvRow(["Nom", "Catégorie", 3])).toBe("Nom;Catégorie;3\r\n");
  });

  it("leaves plain fields alone and keeps accents", () => {
    expect(csvField("Crème hydratante, 50 ml")).toBe("Crème hydratante, 50 ml");
    expect(csvField(12)).toBe("12");
    expect(csvField(null)).toBe("");
  });

  it("quotes separators, quotes and line breaks", () => {
    expect(csvField('Dupont; "le grand"')).toBe('"Dupont; ""le grand"""');
    expect(csvField("ligne 1\nligne 2")).toBe('"ligne 1\nligne 2"');
  });

  it("keeps Excel from running a field as a formula", () => {
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField("+33 6 12")).toBe("'+33 6 12");
    expect(csvField("@cmd")).toBe("'@cmd");
    expect(csvField(-5)).toBe("-5");
  });

  it("names the file with the Paris date", () => {
    expect(csvFileName("clients", new Date("2026-12-31T23:30:00Z"))).toBe("clients_2027-01-01.csv");
    expect(csvFileName("stock", new Date("2026-06-15T10:00:00Z"))).toBe("stock_2026-06-15.csv");
  });
});
