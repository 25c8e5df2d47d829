import { z } from "zod";
import { text } from "~/lib/safe-text";
import { isSafeText, UNSAFE_TEXT_MESSAGE } from "~/lib/safe-text.rules";
import { API_MAX_PAGE_SIZE, CATALOGUE_PAGE_SIZE, SEARCH_MAX_LENGTH } from "~/lib/shop-rules";
import { PRICE_BANDS, PRODUCT_SORTS, SKIN_TYPES } from "./catalog.constants";

const euros = (label: string) =>
  z.coerce
    .number({ error: `${label} doit être un nombre` })
    .refine(Number.isFinite, { message: `${label} doit être un nombre` })
    .min(0, { message: `${label} ne peut pas être négatif` })
    .max(1_000_000, { message: `${label} est trop élevé` });

const slug = text().trim().min(1).max(100);

/** One value or the parameter repeated (`brand=a&brand=b`): always a list after parsing. */
const listOf = <T extends z.ZodType>(item: T, max: number, messages: { invalid: string; tooMany: string }) =>
  z
    .union([item, z.array(item).max(max)], {
      error: (issue) => {
        const values: unknown[] = Array.isArray(issue.input) ? issue.input : [issue.input];
        // A NUL or other control character gets the shop's one message for unsafe text.
        if (values.some((v) => typeof v === "string" && !isSafeText(v))) return UNSAFE_TEXT_MESSAGE;
        return Array.isArray(issue.input) && issue.input.length > max ? messages.tooMany : messages.invalid;
      },
    })
    .transform((v) => (Array.isArray(v) ? v : [v]) as z.output<T>[]);

const flag = (name: string) =>
  z.enum(["1", "true", "0", "false"], { error: `${name} vaut 1 ou 0` }).transform((v) => v === "1" || v === "true");

/**
 * Catalogue filters as they appear in the address (`/products?...`) and in `GET /api/v1/products`.
 * Prices are in euros, as a shopper types them. Unknown parameters are ignored.
 */
export const ProductListQuerySchema = z
  .object({
    category: listOf(slug, 20, { invalid: "category : identifiant de catégorie invalide", tooMany: "20 catégories au plus" })
      .optional()
      .describe("Category slug; repeat the parameter for several (any of them)"),
    brand: listOf(slug, 50, { invalid: "brand : identifiant de marque invalide", tooMany: "50 marques au plus" })
      .optional()
      .describe("Brand slug; repeat the parameter for several (any of them)"),
    price: listOf(z.enum(PRICE_BANDS), PRICE_BANDS.length, {
      invalid: `price vaut ${PRICE_BANDS.join(", ")}`,
      tooMany: "Trop de tranches de prix",
    })
      .optional()
      .describe("Price band (moins-20: under 20 €, 20-50, 50-100, plus-100); repeat for several"),
    skin: listOf(z.enum(SKIN_TYPES), SKIN_TYPES.length, { invalid: `skin vaut ${SKIN_TYPES.join(", ")}`, tooMany: "Trop de types de peau" })
      .optional()
      .describe("Skin type (attributes.skin_type); repeat for several"),
    rating: z.coerce
      .number({ error: "rating doit être un nombre entier entre 1 et 5" })
      .int({ error: "rating doit être un nombre entier entre 1 et 5" })
      .min(1, { error: "rating doit être un nombre entier entre 1 et 5" })
      .max(5, { error: "rating doit être un nombre entier entre 1 et 5" })
      .optional()
      .describe("Minimum rating (4: rated 4 and up)"),
    in_stock: flag("in_stock").optional().describe("1: only products in stock"),
    on_sale: flag("on_sale").optional().describe("1: only discounted products (original price above the price)"),
    search: text()
      .transform((s) => s.trim().slice(0, SEARCH_MAX_LENGTH))
      .optional()
      .describe("Text searched in name, brand, tags and description (accents and plurals ignored)"),
    minPrice: euros("Le prix minimum").optional(),
    maxPrice: euros("Le prix maximum").optional(),
    featured: z.enum(["true", "false"], { error: "featured vaut true ou false" }).optional(),
    sort: z.enum(PRODUCT_SORTS, { error: `sort vaut ${PRODUCT_SORTS.join(", ")}` }).optional(),
    page: z.coerce
      .number({ error: "page doit être un nombre entier" })
      .int({ error: "page doit être un nombre entier" })
      .min(1, { error: "page doit être supérieur ou égal à 1" })
      .max(100_000, { error: "page est trop grand" })
      .optional(),
    page_size: z.coerce
      .number({ error: "page_size doit être un nombre entier" })
      .int({ error: "page_size doit être un nombre entier" })
      .min(1, { error: "page_size doit être compris entre 1 et 100" })
      .max(API_MAX_PAGE_SIZE, { error: "page_size doit être compris entre 1 et 100" })
      .optional(),
  })
  .refine((q) => q.minPrice === undefined || q.maxPrice === undefined || q.minPrice <= q.maxPrice, {
    message: "Le prix minimum doit être inférieur ou égal au prix maximum",
    path: ["minPrice"],
  });

export type ProductListQuery = z.infer<typeof ProductListQuerySchema>;

/** Parameters that may be repeated to select several values of one facet. */
const MULTI_KEYS = ["category", "brand", "price", "skin"] as const;
const SINGLE_KEYS = ["search", "minPrice", "maxPrice", "featured", "rating", "in_stock", "on_sale", "sort", "page", "page_size"] as const;

/** Reads the known parameters of a URL; empty values mean "no filter"; a repeated facet is a list. */
export function searchParamsToObject(params: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of MULTI_KEYS) {
    const values = [...new Set(params.getAll(key).filter((v) => v.trim() !== ""))];
    if (values.length === 1) out[key] = values[0];
    else if (values.length > 1) out[key] = values;
  }
  for (const key of SINGLE_KEYS) {
    const value = params.get(key);
    if (value !== null && value.trim() !== "") out[key] = value;
  }
  return out;
}

/**
 * For pages: never fails. Each invalid parameter is dropped on its own (a bad price does not
 * cancel the category), a page below 1 becomes 1, and the page size is the catalogue's.
 */
export function parseCatalogueParams(params: URLSearchParams): ProductListQuery {
  const raw = searchParamsToObject(params);
  delete raw.page_size;
  const strict = ProductListQuerySchema.safeParse(raw);
  if (strict.success) return strict.data;
  const lenient: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    const one = ProductListQuerySchema.safeParse({ [key]: value });
    if (one.success) {
      Object.assign(lenient, one.data);
    } else if (Array.isArray(value)) {
      // A list keeps its valid values (an unknown skin type does not drop the others).
      const kept = value.flatMap((v) => {
        const parsed = ProductListQuerySchema.safeParse({ [key]: v });
        return parsed.success ? ((parsed.data as Record<string, unknown[]>)[key] ?? []) : [];
      });
      if (kept.length > 0) lenient[key] = kept;
    }
  }
  if (typeof raw.page === "string" && lenient.page === undefined) {
    const n = Number.parseInt(raw.page, 10);
    lenient.page = Number.isFinite(n) && n > 1 ? Math.min(n, 100_000) : 1;
  }
  // Inverted bounds: keep the minimum, drop the maximum.
  if (typeof lenient.minPrice === "number" && typeof lenient.maxPrice === "number" && lenient.minPrice > lenient.maxPrice) {
    delete lenient.maxPrice;
  }
  return lenient as ProductListQuery;
}

export const DEFAULT_PAGE_SIZE = CATALOGUE_PAGE_SIZE;
