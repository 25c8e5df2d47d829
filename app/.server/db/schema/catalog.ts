import { sql } from "drizzle-orm";
import { bigserial, boolean, check, customType, index, integer, jsonb, numeric, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export type ProductAttributes = {
  size?: string;
  color?: string;
  skin_type?: string;
  usage?: string;
};

export const categories = pgTable("categories", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  slug: text("slug").notNull().unique(),
  description: text("description"),
  position: integer("position").notNull().default(0),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const products = pgTable(
  "products",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    description: text("description"),
    priceCents: integer("price_cents").notNull(),
    originalPriceCents: integer("original_price_cents"),
    categoryId: uuid("category_id").references(() => categories.id, { onDelete: "restrict" }),
    brand: text("brand"),
    sku: text("sku").unique(),
    imageUrl: text("image_url"),
    images: text("images")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    rating: numeric("rating", { precision: 2, scale: 1, mode: "number" }).notNull().default(0),
    reviewCount: integer("review_count").notNull().default(0),
    stockQuantity: integer("stock_quantity").notNull().default(0),
    inStock: boolean("in_stock").notNull().default(true),
    featured: boolean("featured").notNull().default(false),
    tags: text("tags")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    attributes: jsonb("attributes").$type<ProductAttributes>().notNull().default({}),
    /** Maintained by a trigger (French stemming, accents folded): see the search migration. */
    searchVector: tsvector("search_vector"),
    /** Unaccented lower-case name, brand and tags for the trigram typo fallback; trigger-maintained. */
    searchText: text("search_text"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("products_price_positive", sql`${t.priceCents} > 0`),
    check("products_original_price_positive", sql`${t.originalPriceCents} IS NULL OR ${t.originalPriceCents} > 0`),
    check("products_stock_non_negative", sql`${t.stockQuantity} >= 0`),
    check("products_rating_range", sql`${t.rating} >= 0 AND ${t.rating} <= 5`),
    check("products_review_count_non_negative", sql`${t.reviewCount} >= 0`),
    // Each catalogue sort has an index whose order matches it, tie-breaker included,
    // so a page is read in order instead of sorting the whole table.
    index("products_created_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("products_category_created_idx").on(t.categoryId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("products_category_featured_created_idx").on(t.categoryId, t.featured, t.createdAt),
    index("products_featured_created_idx").on(t.featured, t.createdAt.desc().nullsFirst()),
    index("products_price_idx").on(t.priceCents, t.id),
    index("products_category_price_idx").on(t.categoryId, t.priceCents, t.id),
    index("products_rating_idx").on(t.rating.desc().nullsFirst(), t.reviewCount.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("products_stock_idx").on(t.stockQuantity),
    index("products_search_vector_idx").using("gin", t.searchVector),
    index("products_search_text_trgm_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
  ],
);

/** Filled by a database trigger whenever a product's price changes (French rule on price reductions). */
export const priceHistory = pgTable(
  "price_history",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    priceCents: integer("price_cents").notNull(),
    originalPriceCents: integer("original_price_cents"),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("price_history_product_recorded_idx").on(t.productId, t.recordedAt.desc().nullsFirst())],
);
