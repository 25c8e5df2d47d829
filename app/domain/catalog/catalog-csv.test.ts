import { describe, expect, it } from "vitest";
import { csvRow, parseCsv, toCsv } from "~/lib/csv";
import {
  CATALOG_CSV_HEADER,
  CATALOG_CSV_MAX_BYTES,
  CSV_ENCODING_MESSAGE,
  decodeCatalogCsv,
  parseEuroCents,
  readCatalogCsv,
} from "./catalog-csv";

const HEADER = CATALOG_CSV_HEADER.join(";");

/** Windows-1252 bytes of a Latin-1-range string (what Excel writes as "CSV (séparateur : point-virgule)"). */
const cp1252 = (text: string) => Uint8Array.from([...text].map((c) => c.charCodeAt(0)));

function read(text: string) {
  const result = readCatalogCsv(text);
  if (!result.ok) throw new Error(result.message);
  return result.lines;
}

describe("decodeCatalogCsv", () => {
  it("reads UTF-8 (with or without BOM) and Windows-1252 alike", () => {
    const text = `${HEADER}\r\nP1;Crème éclat;;;50 ml;SKU-1;12,50;;3;;\r\n`;
    const utf8 = new TextEncoder().encode(text);
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8]);
    const latin = cp1252(text);
    for (const bytes of [utf8, withBom, latin]) {
      const decoded = decodeCatalogCsv(bytes);
      expect(decoded).toEqual({ ok: true, text });
    }
    expect(read(text)[0]).toMatchObject({ name: "Crème éclat", sku: "SKU-1", priceCents: 1250, stock: 3, errors: [] });
  });

  it("refuses UTF-16, binary bytes and bytes neither encoding defines", () => {
    expect(decodeCatalogCsv(new Uint8Array([0xff, 0xfe, 0x50, 0x00]))).toEqual({ ok: false, message: CSV_ENCODING_MESSAGE });
    expect(decodeCatalogCsv(new Uint8Array([0x50, 0x00, 0x41]))).toEqual({ ok: false, message: CSV_ENCODING_MESSAGE });
    expect(decodeCatalogCsv(new Uint8Array([0x50, 0x81, 0x41]))).toEqual({ ok: false, message: CSV_ENCODING_MESSAGE });
  });

  it("refuses a file over the limit without decoding it", () => {
    const decoded = decodeCatalogCsv(new Uint8Array(CATALOG_CSV_MAX_BYTES + 1));
    expect(decoded).toEqual({ ok: false, message: "Le fichier CSV est trop volumineux : 20 Mo au maximum." });
  });
});

describe("readCatalogCsv", () => {
  it("reads ';' and ',' files, quoted fields and columns in any order", () => {
    const semicolon = read(`${HEADER}\r\nP1;"Rouge ""mat""; n°1";Dior;Lèvres;Rose;SKU-1;9,90;12,00;4;a.jpg | b.png;;;;;En stock\r\n`);
    const comma = read(`SKU,Stock,Prix,Variante,Produit\nSKU-1,4,"9,90",Rose,"Rouge ""mat""; n°1"\n`);
    expect(semicolon[0]).toMatchObject({
      line: 2,
      productRef: "P1",
      name: 'Rouge "mat"; n°1',
      brand: "Dior",
      category: "Lèvres",
      label: "Rose",
      priceCents: 990,
      originalPriceCents: 1200,
      images: ["a.jpg", "b.png"],
      errors: [],
    });
    expect(comma[0]).toMatchObject({ name: 'Rouge "mat"; n°1', label: "Rose", sku: "SKU-1", priceCents: 990, stock: 4, errors: [] });
  });

  it("refuses a file whose header lacks a required column", () => {
    expect(readCatalogCsv("Produit;Variante;Prix;Stock\r\nA;B;1;1\r\n")).toEqual({
      ok: false,
      message: "Colonne manquante dans l'en-tête : « SKU ».",
    });
    expect(readCatalogCsv(`${HEADER}\r\n`)).toEqual({ ok: false, message: "Le fichier CSV ne contient aucune ligne de produit." });
  });

  it("gives each bad cell its French reason", () => {
    const [negative, badPrice, noName, webImage] = read(
      [
        HEADER,
        "P1;Crème;;;50 ml;SKU-1;12,50;;-3;;",
        "P2;Sérum;;;30 ml;SKU-2;douze;dix;1;;",
        "P3;;;;30 ml;;12;;1;;",
        "P4;Huile;;;30 ml;SKU-4;12;;1;https://exemple.fr/a.jpg;",
      ].join("\r\n"),
    );
    expect(negative.errors).toEqual(["Stock négatif refusé"]);
    expect(badPrice.errors).toEqual([
      "Prix invalide : un montant supérieur à 0, comme 12,50",
      "Prix barré invalide : un montant supérieur au prix, ou vide",
    ]);
    expect(noName.errors).toEqual(["Le nom du produit est requis", "La référence (SKU) est requise"]);
    expect(webImage.errors).toEqual([
      "Image « https://exemple.fr/a.jpg » : les adresses web ne sont pas téléchargées, joignez le fichier dans le ZIP",
    ]);
  });

  it("reads the weight, tax class, customs code and origin columns, and gives each bad cell its French reason", () => {
    const [good, empty, bad, formula] = read(
      [
        HEADER,
        "P1;Parfum;;;50 ml;SKU-1;12,50;;3;;1 200;Reduced;3303 00;it;En stock",
        "P2;Crème;;;50 ml;SKU-2;12,50;;3;;;;;;En stock",
        "P3;Sérum;;;30 ml;SKU-3;12,50;;3;;30001;super;3303;France;En stock",
        "P4;Savon;;;1 pièce;SKU-4;3,00;;3;;-5;standard;=330300;FR;En stock",
      ].join("\r\n"),
    );
    expect(good).toMatchObject({ weightGrams: 1200, taxClass: "reduced", hsCode: "330300", originCountry: "IT", errors: [] });
    expect(empty).toMatchObject({ weightGrams: null, taxClass: "standard", hsCode: null, originCountry: null, errors: [] });
    expect(bad.errors).toEqual([
      "Poids invalide : un nombre entier de grammes, de 1 à 30 000, ou vide",
      "Catégorie fiscale inconnue : standard ou reduced",
      "Code douanier invalide : 6 à 10 chiffres",
      "Pays d'origine inconnu : « France » (un code ISO à deux lettres, comme FR)",
    ]);
    expect(formula.errors).toEqual([
      "Poids invalide : un nombre entier de grammes, de 1 à 30 000, ou vide",
      "Formule refusée dans la colonne « Code douanier » (une cellule ne peut pas commencer par = + - @)",
      "Code douanier invalide : 6 à 10 chiffres",
    ]);
    const narrow = readCatalogCsv("Produit;Variante;SKU;Prix;Stock\r\nA;B;C;1;1\r\n");
    expect(narrow.ok && narrow.has).toMatchObject({ weight: false, taxClass: false, hsCode: false, originCountry: false });
  });

  it("neutralises formulas on export and refuses bare ones on import, reading back the export's own", () => {
    const names = ['=HYPERLINK("http://x")', "+33 crème", "-20 % sérum", "@SUM(A1)"];
    const exported = toCsv(
      CATALOG_CSV_HEADER,
      names.map((name, i) => ["", name, "", "", "Unique", `SKU-${i}`, "10,00", "", 1, "", "", "", "", "", "En stock"]),
    );
    for (const name of names) expect(exported).toContain(`'${name.replace(/"/g, '""')}`);
    expect(read(exported.slice(1)).map((l) => [l.name, l.errors])).toEqual(names.map((name) => [name, []]));

    const bare = read(`${HEADER}\r\n;=1+1;;;Unique;SKU-9;10,00;;1;;\r\n;Crème;;;@x;SKU-8;10,00;;1;;\r\n`);
    expect(bare[0].errors).toEqual(["Formule refusée dans la colonne « Produit » (une cellule ne peut pas commencer par = + - @)"]);
    expect(bare[1].errors).toEqual(["Formule refusée dans la colonne « Variante » (une cellule ne peut pas commencer par = + - @)"]);
  });
});

describe("parseCsv and parseEuroCents", () => {
  it("keeps line breaks inside quotes and counts file lines", () => {
    expect(parseCsv(`a;b\r\n"x\ny";z\r\n\r\nlast;1`, ";")).toEqual([
      { line: 1, fields: ["a", "b"] },
      { line: 2, fields: ["x\ny", "z"] },
      { line: 5, fields: ["last", "1"] },
    ]);
    expect(csvRow(["x\ny", "z"])).toBe('"x\ny";z\r\n');
  });

  it("reads euros with a comma or a dot, two decimals at most", () => {
    expect(parseEuroCents("12,5")).toBe(1250);
    expect(parseEuroCents("12.50")).toBe(1250);
    expect(parseEuroCents("7")).toBe(700);
    expect(parseEuroCents("1 234,00 €")).toBe(123400);
    expect(parseEuroCents("12,555")).toBeNull();
    expect(parseEuroCents("-1")).toBeNull();
  });
});
