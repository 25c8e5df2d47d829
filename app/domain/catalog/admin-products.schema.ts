/** Back-office product list and stock: query, stock forms and the shapes the pages share (isomorphic). */
import { z } from "zod";
import { text } from "~/lib/safe-text";
import { LOW_STOCK_THRESHOLD, ADMIN_PRODUCTS_PAGE_SIZE } from "~/lib/shop-rules";
import { PRODUCT_VARIANTS_MAX } from "./admin-product-form.schema";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import * as SHOP_MESSAGES from "~/domain/messages/shop";

export const STOCK_LEVEL_FILTERS = ["all", "low", "out"] as const;
export type StockLevelFilter = (typeof STOCK_LEVEL_FILTERS)[number];
export const STOCK_LEVEL_LABELS: Record<StockLevelFilter, string> = {
  all: "Tous les niveaux",
  low: "Stock faible",
  out: "Rupture de stock",
};

/**
 * "recent" (newest first, the default) reads the created_at index; price and stock their own
 * indexes; name has none yet, so it sorts the matches (decision 013).
 */
export const ADMIN_PRODUCT_SORTS = ["recent", "name", "price", "stock"] as const;
export type AdminProductSort = (typeof ADMIN_PRODUCT_SORTS)[number];
export const SORT_DIRECTIONS = ["asc", "desc"] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

export const ADMIN_PRODUCT_SEARCH_MAX_LENGTH = 100;

/** ?search=&category=&stock=&sort=&dir=&page= of /admin/produits (and its CSV export). */
export type AdminProductQuery = {
  search: string;
  /** A category id, "none" for products without category, or "" for all. */
  category: string;
  stock: StockLevelFilter;
  sort: AdminProductSort;
  dir: SortDirection;
  page: number;
};

const QueryShape = {
  search: text().trim().max(ADMIN_PRODUCT_SEARCH_MAX_LENGTH),
  category: z.union([z.uuid(), z.literal("none"), z.literal("")]),
  stock: z.enum(STOCK_LEVEL_FILTERS),
  sort: z.enum(ADMIN_PRODUCT_SORTS),
  dir: z.enum(SORT_DIRECTIONS),
  page: z.coerce.number().int().min(1).max(100_000),
};

export const DEFAULT_ADMIN_PRODUCT_QUERY: AdminProductQuery = {
  search: "",
  category: "",
  stock: "all",
  sort: "recent",
  dir: "asc",
  page: 1,
};

/** Each parameter that does not parse takes its default, so a hand-edited link still shows a list. */
export function readAdminProductQuery(params: URLSearchParams): AdminProductQuery {
  const d = DEFAULT_ADMIN_PRODUCT_QUERY;
  const pick = <T>(schema: z.ZodType<T>, key: string, fallback: T): T => {
    const parsed = schema.safeParse(params.get(key) ?? undefined);
    return parsed.success ? parsed.data : fallback;
  };
  return {
    search: pick(QueryShape.search, "search", d.search),
    category: pick(QueryShape.category, "category", d.category),
    stock: pick(QueryShape.stock, "stock", d.stock),
    sort: pick(QueryShape.sort, "sort", d.sort),
    dir: pick(QueryShape.dir, "dir", d.dir),
    page: pick(QueryShape.page, "page", d.page),
  };
}

/** The query back to URL parameters, defaults left out (page 1 too unless asked). */
export function adminProductSearchParams(query: AdminProductQuery, overrides: Partial<AdminProductQuery> = {}): URLSearchParams {
  const q = { ...query, ...overrides };
  const params = new URLSearchParams();
  if (q.search) params.set("search", q.search);
  if (q.category) params.set("category", q.category);
  if (q.stock !== "all") params.set("stock", q.stock);
  if (q.sort !== "recent") params.set("sort", q.sort);
  if (q.dir !== "asc") params.set("dir", q.dir);
  if (q.page > 1) params.set("page", String(q.page));
  return params;
}

export type StockStatus = "out" | "low" | "in";
export const STOCK_STATUS_LABELS: Record<StockStatus, string> = { out: "Rupture", low: "Stock faible", in: SHOP_MESSAGES.stock };

/** Spec back-office §4: 0 Rupture; 1 to 10 Stock faible; above 10 En stock. */
export function stockStatus(stock: number): StockStatus {
  if (stock <= 0) return "out";
  return stock <= LOW_STOCK_THRESHOLD ? "low" : "in";
}

export const INVALID_QUANTITY_MESSAGE = "Quantité invalide";

const quantity = z.coerce
  .number({ error: INVALID_QUANTITY_MESSAGE })
  .int({ error: INVALID_QUANTITY_MESSAGE })
  .min(0, { error: INVALID_QUANTITY_MESSAGE })
  .max(1_000_000, { error: INVALID_QUANTITY_MESSAGE });

export const NO_PRODUCT_SELECTED_MESSAGE = "Aucun produit sélectionné";

/**
 * intent adjust-stock: one product's or one variant's adjuster (minus / plus / typed value), or
 * the bulk bar (several productId fields: every variant of each). `bulk` makes a removal floor
 * at 0 instead of being refused.
 */
export const AdjustStockSchema = z
  .object({
    productIds: z
      .array(text().min(1))
      .max(ADMIN_PRODUCTS_PAGE_SIZE * 5)
      .default([]),
    variantIds: z.array(text().min(1)).max(PRODUCT_VARIANTS_MAX).default([]),
    mode: z.enum(["set", "add", "remove"], { error: ACCOUNT_MESSAGES.somethingWentWrong }),
    quantity,
    bulk: z.boolean(),
  })
  .refine((v) => v.productIds.length + v.variantIds.length > 0, { error: NO_PRODUCT_SELECTED_MESSAGE, path: ["productIds"] });

export const DeleteProductSchema = z.object({ productId: text().min(1, { error: SHOP_MESSAGES.productNotFound }) });

export type AdminProductRow = {
  id: string;
  name: string;
  image_url: string | null;
  featured: boolean;
  category_name: string | null;
  /** The cheapest variant's price (a roll-up). */
  price_cents: number;
  /** The variants' total stock (a roll-up). */
  stock: number;
  variant_count: number;
  /** The product's variants in their order (one for most products). */
  variants: AdminVariantRow[];
};

/** One variant under its product in the list. */
export type AdminVariantRow = { id: string; label: string; sku: string; price_cents: number; stock: number };

export type AdminProductPage = {
  rows: AdminProductRow[];
  total: number;
  page: number;
  page_size: number;
  page_count: number;
};

/**
 * The computed stock report (spec back-office §3). Stock lives on variants, so the stock levels
 * count variants: a foundation with one sold-out shade out of 42 is one variant out of stock,
 * not a product out of stock nor a product in stock.
 */
export type StockReport = {
  total_products: number;
  total_variants: number;
  variants_in_stock: number;
  low_stock_variants: number;
  variants_out_of_stock: number;
  total_stock_value_cents: number;
};

export const STOCK_REASON_LABELS: Record<string, string> = {
  initial: "Stock initial",
  order: "Commande",
  order_cancelled: "Commande annulée",
  order_returned: "Commande retournée",
  order_restored: "Commande rétablie",
  admin_set: "Stock défini par l'administrateur",
  admin_add: "Ajout par l'administrateur",
  admin_remove: "Retrait par l'administrateur",
  restock: "Réapprovisionnement",
  correction: "Correction",
};

export type StockMovementView = {
  id: number;
  created_at: string;
  reason: string;
  reason_label: string;
  delta: number;
  resulting_stock: number;
  actor: string | null;
  order_number: string | null;
  /** The variant moved (null for a movement of a variant removed since). */
  variant_label: string | null;
  variant_sku: string | null;
};

export type StockHistory = { product_id: string; product_name: string; movements: StockMovementView[] };
