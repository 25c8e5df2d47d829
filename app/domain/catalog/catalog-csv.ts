/**
 * The catalogue CSV: what the product export writes and the import reads back, one line per
 * variant, the product's columns repeated on each of its lines and grouped by "Réf. produit"
 * (docs/decisions/051-catalogue-import-export.md). Decoding (UTF-8 or Windows-1252), the
 * header, cell rules (formula cells, prices, stock) and French messages live here so the
 * server, the command line and the tests share them.
 */
import { CATALOG_CSV_MAX_BYTES, CATALOG_ZIP_MAX_BYTES, megabytes } from "~/domain/http/body-limits.mjs";
import { detectCsvSeparator, parseCsv } from "~/lib/csv";
import {
  PRODUCT_GALLERY_MAX,
  PRODUCT_HS_CODE_MESSAGE,
  PRODUCT_NAME_MAX,
  PRODUCT_ORIGIN_COUNTRY_MESSAGE,
  PRODUCT_PRICE_MAX_EUROS,
  PRODUCT_STOCK_MAX,
  PRODUCT_TAX_CLASS_MESSAGE,
  PRODUCT_TEXT_MAX,
  PRODUCT_WEIGHT_MAX_GRAMS,
  PRODUCT_WEIGHT_MIN_GRAMS,
  readHsCode,
  readOriginCountry,
  readTaxClass,
} from "./admin-product-form.schema";
import { DEFAULT_TAX_CLASS, type TaxClass } from "~/domain/tax/tax-classes";
import type { OriginCountry } from "./origin-countries";

/** The export's columns, in order; the import finds them by name (any order, "Statut" ignored). */
export const CATALOG_CSV_HEADER = [
  "Réf. produit",
  "Produit",
  "Marque",
  "Catégorie",
  "Variante",
  "SKU",
  "Prix",
  "Prix barré",
  "Stock",
  "Images",
  "Poids (g)",
  "Catégorie fiscale",
  "Code douanier",
  "Pays d'origine",
  "Statut",
] as const;

type Column = (typeof CATALOG_CSV_HEADER)[number];
const REQUIRED_COLUMNS: readonly Column[] = ["Produit", "Variante", "SKU", "Prix", "Stock"];

/** A product without category is written so, and read back as none. */
export const NO_CATEGORY_LABEL = "Non classé";
/** Between two images of the "Images" cell. */
export const IMAGE_SEPARATOR = " | ";

export { CATALOG_CSV_MAX_BYTES, CATALOG_ZIP_MAX_BYTES };
/** A single image inside the ZIP, once decompressed (the image pipeline takes 5 MB; a ZIP bomb stops here). */
export const CATALOG_ZIP_ENTRY_MAX_BYTES = 5 * 1024 * 1024;

export const CSV_TOO_LARGE_MESSAGE = `Le fichier CSV est trop volumineux : ${megabytes(CATALOG_CSV_MAX_BYTES)} au maximum.`;
export const ZIP_TOO_LARGE_MESSAGE = `Le fichier ZIP d'images est trop volumineux : ${megabytes(CATALOG_ZIP_MAX_BYTES)} au maximum.`;
export const CSV_ENCODING_MESSAGE = "Encodage du fichier illisible : enregistrez-le en UTF-8 ou en Windows-1252 (CSV).";
export const CSV_EMPTY_MESSAGE = "Le fichier CSV ne contient aucune ligne de produit.";
export const CSV_REQUIRED_MESSAGE = "Choisissez un fichier CSV à importer.";
export const ZIP_INVALID_MESSAGE = "Le fichier ZIP d'images est illisible.";
export const IMPORT_REFUSED_MESSAGE = "Import refusé : corrigez les lignes en erreur, rien n'a été importé.";
export const columnMissingMessage = (column: string) => `Colonne manquante dans l'en-tête : « ${column} ».`;

export const LINE_MESSAGES = {
  formula: (column: string) => `Formule refusée dans la colonne « ${column} » (une cellule ne peut pas commencer par = + - @)`,
  nameRequired: "Le nom du produit est requis",
  nameTooLong: `Le nom du produit dépasse ${PRODUCT_NAME_MAX} caractères`,
  labelRequired: "Le libellé de la variante est requis",
  skuRequired: "La référence (SKU) est requise",
  textTooLong: (column: string) => `La colonne « ${column} » dépasse ${PRODUCT_TEXT_MAX} caractères`,
  price: "Prix invalide : un montant supérieur à 0, comme 12,50",
  priceTooHigh: `Le prix ne peut pas dépasser ${PRODUCT_PRICE_MAX_EUROS} €`,
  originalPrice: "Prix barré invalide : un montant supérieur au prix, ou vide",
  stockNegative: "Stock négatif refusé",
  stock: "Stock invalide : un nombre entier",
  stockTooHigh: `Le stock ne peut pas dépasser ${PRODUCT_STOCK_MAX}`,
  tooManyImages: `${PRODUCT_GALLERY_MAX + 1} images au maximum par produit`,
  imageUrl: (url: string) => `Image « ${url} » : les adresses web ne sont pas téléchargées, joignez le fichier dans le ZIP`,
  imageMissing: (name: string) => `Image « ${name} » absente du ZIP`,
  duplicateSku: (line: number) => `SKU en double dans le fichier (déjà en ligne ${line})`,
  skuOfOtherProduct: (name: string) => `Ce SKU appartient déjà à un autre produit (« ${name} »)`,
  unknownCategory: (name: string) => `Catégorie inconnue : « ${name} »`,
  unknownBrand: (name: string) => `Marque inconnue : « ${name} »`,
  weight: `Poids invalide : un nombre entier de grammes, de ${PRODUCT_WEIGHT_MIN_GRAMS} à ${PRODUCT_WEIGHT_MAX_GRAMS.toLocaleString("fr-FR").replace(/\s/g, " ")}, ou vide`,
  taxClass: `${PRODUCT_TAX_CLASS_MESSAGE} : standard ou reduced`,
  hsCode: PRODUCT_HS_CODE_MESSAGE,
  originCountry: (code: string) => `${PRODUCT_ORIGIN_COUNTRY_MESSAGE} : « ${code} » (un code ISO à deux lettres, comme FR)`,
  productMismatch: (column: string, line: number) => `La colonne « ${column} » diffère de la première ligne de ce produit (ligne ${line})`,
} as const;

/** A data line read from the file, its cells checked one by one (the database checks come later). */
export type CatalogCsvLine = {
  line: number;
  productRef: string;
  name: string;
  brand: string;
  /** "" or NO_CATEGORY_LABEL: no category. */
  category: string;
  label: string;
  sku: string;
  priceCents: number;
  originalPriceCents: number | null;
  stock: number;
  /** Our own paths ("/media/...") or file names to find in the ZIP. */
  images: string[];
  /** The product's packed weight of one unit; null when the cell is empty. */
  weightGrams: number | null;
  taxClass: TaxClass;
  hsCode: string | null;
  originCountry: OriginCountry | null;
  errors: string[];
};

/** The optional columns; a column left out of the file leaves that field of existing products as it is. */
export type CatalogCsvOptionalColumn =
  "brand" | "category" | "originalPrice" | "images" | "weight" | "taxClass" | "hsCode" | "originCountry";

/**
 * The lines, and which optional columns the file has: a column left out of the file leaves that
 * field of existing products as it is (an empty cell in a present column clears it).
 */
export type CatalogCsvRead =
  { ok: true; lines: CatalogCsvLine[]; has: Record<CatalogCsvOptionalColumn, boolean> } | { ok: false; message: string };

/**
 * Bytes to text: UTF-8 when it is valid UTF-8 (a byte order mark is dropped), else Windows-1252
 * (Excel's "CSV" on a French Windows). A UTF-16 file, a binary file, or bytes Windows-1252 does
 * not define are refused.
 */
export function decodeCatalogCsv(bytes: Uint8Array): { ok: true; text: string } | { ok: false; message: string } {
  if (bytes.byteLength > CATALOG_CSV_MAX_BYTES) return { ok: false, message: CSV_TOO_LARGE_MESSAGE };
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff) || bytes.includes(0)) {
    return { ok: false, message: CSV_ENCODING_MESSAGE };
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    // Windows-1252 leaves five bytes undefined (decoded as C1 controls): their presence means neither encoding.
    if (bytes.some((b) => b === 0x81 || b === 0x8d || b === 0x8f || b === 0x90 || b === 0x9d)) {
      return { ok: false, message: CSV_ENCODING_MESSAGE };
    }
    text = new TextDecoder("windows-1252").decode(bytes);
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  return { ok: true, text };
}

const FORMULA_START = /^[=+\-@]/;

/**
 * A text cell's value. The export's own neutralising apostrophe (csvField) is removed so a name
 * like "-20 % crème" comes back as it was; a bare = + - @ at the start (a formula a spreadsheet
 * would run) refuses the line.
 */
function textCell(raw: string, column: string, errors: string[]): string {
  const value = raw.trim();
  if (/^'[=+\-@\t\r]/.test(value)) return value.slice(1);
  if (FORMULA_START.test(value)) errors.push(LINE_MESSAGES.formula(column));
  return value;
}

/** "12,50", "12.50", "12" in euros (two decimals at most) to cents; null when not a price. */
export function parseEuroCents(raw: string): number | null {
  const value = raw.trim().replace(/\s|€/g, "");
  const match = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(value);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

const euroCell = new Intl.NumberFormat("fr-FR", { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false });

/** Cents as the CSV writes them: "12,50". */
export function formatEuroCell(cents: number): string {
  return euroCell.format(cents / 100);
}

function priceCell(raw: string, errors: string[]): number {
  const cents = parseEuroCents(raw);
  if (cents === null || cents <= 0) {
    errors.push(LINE_MESSAGES.price);
    return 0;
  }
  if (cents > PRODUCT_PRICE_MAX_EUROS * 100) errors.push(LINE_MESSAGES.priceTooHigh);
  return cents;
}

function stockCell(raw: string, errors: string[]): number {
  const value = raw.trim();
  if (/^'?-\s*\d/.test(value)) {
    errors.push(LINE_MESSAGES.stockNegative);
    return 0;
  }
  if (!/^\d{1,9}$/.test(value)) {
    errors.push(LINE_MESSAGES.stock);
    return 0;
  }
  const stock = Number(value);
  if (stock > PRODUCT_STOCK_MAX) errors.push(LINE_MESSAGES.stockTooHigh);
  return stock;
}

function imagesCell(raw: string, errors: string[]): string[] {
  const images = textCell(raw, "Images", errors)
    .split("|")
    .map((s) => s.trim())
    .filter(Boolean);
  for (const image of images) if (/^https?:\/\//i.test(image)) errors.push(LINE_MESSAGES.imageUrl(image));
  if (images.length > PRODUCT_GALLERY_MAX + 1) errors.push(LINE_MESSAGES.tooManyImages);
  return images;
}

function weightCell(raw: string, errors: string[]): number | null {
  const value = raw.trim().replace(/\s/g, "");
  if (value === "") return null;
  const grams = /^\d{1,9}$/.test(value) ? Number(value) : NaN;
  if (!(grams >= PRODUCT_WEIGHT_MIN_GRAMS && grams <= PRODUCT_WEIGHT_MAX_GRAMS)) {
    errors.push(LINE_MESSAGES.weight);
    return null;
  }
  return grams;
}

function taxClassCell(raw: string, errors: string[]): TaxClass {
  const value = readTaxClass(raw);
  if (value === undefined) {
    errors.push(LINE_MESSAGES.taxClass);
    return DEFAULT_TAX_CLASS;
  }
  return value;
}

/** "3303 00" and "3303.00" read as "330300"; a code a spreadsheet turned into "3,303E+05" is refused, never guessed. */
function hsCodeCell(raw: string, errors: string[]): string | null {
  const value = readHsCode(raw.trim());
  if (value === undefined) {
    errors.push(LINE_MESSAGES.hsCode);
    return null;
  }
  return value;
}

function originCountryCell(raw: string, errors: string[]): OriginCountry | null {
  const value = readOriginCountry(raw);
  if (value === undefined) {
    errors.push(LINE_MESSAGES.originCountry(raw.trim()));
    return null;
  }
  return value;
}

/** Header names compared without case, accents or spaces ("reference produit" finds "Réf. produit"). */
const headerKey = (name: string) =>
  name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z]/g, "");

/** Reads the decoded text into checked lines, or refuses the whole file (header, emptiness). */
export function readCatalogCsv(text: string): CatalogCsvRead {
  const records = parseCsv(text, detectCsvSeparator(text));
  if (records.length === 0) return { ok: false, message: CSV_EMPTY_MESSAGE };
  const [header, ...rows] = records;
  const index = new Map<string, number>();
  header.fields.forEach((name, i) => {
    const key = headerKey(name);
    if (!index.has(key)) index.set(key, i);
  });
  for (const column of REQUIRED_COLUMNS) {
    if (!index.has(headerKey(column))) return { ok: false, message: columnMissingMessage(column) };
  }
  if (rows.length === 0) return { ok: false, message: CSV_EMPTY_MESSAGE };
  const cell = (fields: string[], column: Column) => {
    const i = index.get(headerKey(column));
    return i === undefined ? "" : (fields[i] ?? "");
  };
  const lines = rows.map(({ line, fields }): CatalogCsvLine => {
    const errors: string[] = [];
    const name = textCell(cell(fields, "Produit"), "Produit", errors);
    const brand = textCell(cell(fields, "Marque"), "Marque", errors);
    const category = textCell(cell(fields, "Catégorie"), "Catégorie", errors);
    const label = textCell(cell(fields, "Variante"), "Variante", errors);
    const sku = textCell(cell(fields, "SKU"), "SKU", errors);
    const productRef = textCell(cell(fields, "Réf. produit"), "Réf. produit", errors);
    if (!name) errors.push(LINE_MESSAGES.nameRequired);
    else if (name.length > PRODUCT_NAME_MAX) errors.push(LINE_MESSAGES.nameTooLong);
    if (!label) errors.push(LINE_MESSAGES.labelRequired);
    if (!sku) errors.push(LINE_MESSAGES.skuRequired);
    for (const [column, value] of [
      ["Variante", label],
      ["SKU", sku],
      ["Marque", brand],
      ["Catégorie", category],
    ] as const) {
      if (value.length > PRODUCT_TEXT_MAX) errors.push(LINE_MESSAGES.textTooLong(column));
    }
    const priceCents = priceCell(cell(fields, "Prix"), errors);
    const originalRaw = cell(fields, "Prix barré").trim();
    let originalPriceCents: number | null = null;
    if (originalRaw) {
      originalPriceCents = parseEuroCents(originalRaw);
      if (originalPriceCents === null || originalPriceCents <= priceCents || originalPriceCents > PRODUCT_PRICE_MAX_EUROS * 100) {
        errors.push(LINE_MESSAGES.originalPrice);
        originalPriceCents = null;
      }
    }
    const stock = stockCell(cell(fields, "Stock"), errors);
    const images = imagesCell(cell(fields, "Images"), errors);
    const weightGrams = weightCell(cell(fields, "Poids (g)"), errors);
    const taxClass = taxClassCell(textCell(cell(fields, "Catégorie fiscale"), "Catégorie fiscale", errors), errors);
    const hsCode = hsCodeCell(textCell(cell(fields, "Code douanier"), "Code douanier", errors), errors);
    const originCountry = originCountryCell(textCell(cell(fields, "Pays d'origine"), "Pays d'origine", errors), errors);
    return {
      line,
      productRef,
      name,
      brand,
      category,
      label,
      sku,
      priceCents,
      originalPriceCents,
      stock,
      images,
      weightGrams,
      taxClass,
      hsCode,
      originCountry,
      errors,
    };
  });
  const has = (column: Column) => index.has(headerKey(column));
  return {
    ok: true,
    lines,
    has: {
      brand: has("Marque"),
      category: has("Catégorie"),
      originalPrice: has("Prix barré"),
      images: has("Images"),
      weight: has("Poids (g)"),
      taxClass: has("Catégorie fiscale"),
      hsCode: has("Code douanier"),
      originCountry: has("Pays d'origine"),
    },
  };
}

/** What the import does with one line. */
export type ImportLineAction = "create" | "update" | "unchanged" | "refused";

export const IMPORT_ACTION_LABELS: Record<ImportLineAction, string> = {
  create: "Création",
  update: "Mise à jour",
  unchanged: "Inchangé",
  refused: "Refusé",
};

export type ImportLinePreview = {
  line: number;
  product: string;
  variant: string;
  sku: string;
  action: ImportLineAction;
  reasons: string[];
};

export type ImportCounts = {
  lines: number;
  create: number;
  update: number;
  unchanged: number;
  refused: number;
  productsCreated: number;
  productsUpdated: number;
  images: number;
};

export type ImportPreview = { counts: ImportCounts; lines: ImportLinePreview[] };

/** "12 créées, 3 mises à jour, 1 inchangée, 2 refusées", for the summary line and the activity log. */
export function importSummary(counts: ImportCounts): string {
  const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;
  return [
    plural(counts.lines, "ligne", "lignes"),
    plural(counts.create, "créée", "créées"),
    plural(counts.update, "mise à jour", "mises à jour"),
    plural(counts.unchanged, "inchangée", "inchangées"),
    plural(counts.refused, "refusée", "refusées"),
  ].join(", ");
}
