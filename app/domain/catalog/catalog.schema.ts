import { z } from "zod";
import { text } from "~/lib/safe-text";
import { API_MAX_PAGE_SIZE, CATALOGUE_PAGE_SIZE, SEARCH_MAX_LENGTH } from "~/lib/shop-rules";
import { PRODUCT_SORTS } from "./catalog.constants";

const euros = (label: string) =>
  z.coerce
    .number({ error: `${label} doit être un nombre` })
    .refine(Number.isFinite, { message: `${label} doit être un nombre` })
    .min(0, { message: `${label} ne peut pas être négatif` })
    .max(1_000_000, { message: `${label} est trop élevé` });

/**
 * Catalogue filters as they appear in the address (`/products?...`) and in `GET /api/v1/products`.
 * Prices are in euros, as a shopper types them. Unknown parameters are ignored.
 */
export const ProductListQuerySchema = z
  .object({
    category: text().trim().min(1).max(100).optional().describe("Category slug"),
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

const KNOWN_KEYS = ["category", "search", "minPrice", "maxPrice", "featured", "sort", "page", "page_size"] as const;

/** Reads the known parameters of a URL; empty values mean "no filter". */
export function searchParamsToObject(params: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of KNOWN_KEYS) {
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
    if (one.success) Object.assign(lenient, one.data);
  }
  if (raw.page && lenient.page === undefined) {
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
