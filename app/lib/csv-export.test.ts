import { describe, expect, it } from "vitest";
import { csvField, csvFileName, toCsv } from "./csv-export";

describe("CSV exports", () => {
  it("starts with a BOM, separates with ';' and ends lines with CRLF", () => {
    expect(toCsv(["Nom", "Prix"], [["Crème", "12,50"]])).toBe("\uFEFFNom;Prix\r\nCrème;12,50\r\n");
  });

  it("quotes separators, quotes and line breaks", () => {
    expect(csvField('Dupont; "le grand"')).toBe('"Dupont; ""le grand"""');
    expect(csvField("ligne 1\nligne 2")).toBe('"ligne 1\nligne 2"');
    expect(csvField(null)).toBe("");
    expect(csvField(42)).toBe("42");
  });

  it("keeps Excel from running a field as a formula", () => {
    expect(csvField("=HYPERLINK(\"x\")")).toBe("\"'=HYPERLINK(\"\"x\"\")\"");
    expect(csvField("+33 6 12")).toBe("'+33 6 12");
    expect(csvField("@cmd")).toBe("'@cmd");
    expect(csvField(-5)).toBe("-5");
  });

  it("names the file with the Paris date", () => {
    expect(csvFileName("clients", new Date("2026-12-31T23:30:00Z"))).toBe("clients_2027-01-01.csv");
    expect(csvFileName("stock", new Date("2026-06-15T10:00:00Z"))).toBe("stock_2026-06-15.csv");
  });
});
