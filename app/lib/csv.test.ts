import { describe, expect, it } from "vitest";
import { csvField, csvRow, datedCsvName } from "./csv";

describe("csv", () => {
  it("leaves plain fields alone and keeps accents", () => {
    expect(csvField("Crème hydratante")).toBe("Crème hydratante");
    expect(csvField(12)).toBe("12");
    expect(csvField(null)).toBe("");
  });

  it("quotes commas, quotes and line breaks, doubling quotes", () => {
    expect(csvField("Rouge, mat")).toBe('"Rouge, mat"');
    expect(csvField('Le "nouveau" parfum')).toBe('"Le ""nouveau"" parfum"');
    expect(csvField("a\nb")).toBe('"a\nb"');
  });

  it("joins a row with CRLF", () => {
    expect(csvRow(["Nom", "Catégorie", 3])).toBe("Nom,Catégorie,3\r\n");
  });

  it("names the file with the Paris date", () => {
    expect(datedCsvName("stock", new Date("2026-03-04T10:00:00Z"))).toBe("stock_2026-03-04.csv");
    // 23:30 UTC on 31 December is already 1 January in Paris.
    expect(datedCsvName("stock", new Date("2026-12-31T23:30:00Z"))).toBe("stock_2027-01-01.csv");
  });
});
