import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth";
import { PRICE_BAND_CENTS, PRICE_BANDS, SKIN_TYPES, TOP_RATING } from "../../../domain/catalog/catalog.constants";
import { keysetIndex } from "../keyset";
import type { TaxClass } from "../../../domain/tax/tax-classes";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export type ProductAttributes = {
  size?: string;
  color?: string;
  skin_type?: string;
  usage?: string;
};

export const categories = pgTable(
  "categories",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    slug: text("slug").notNull().unique(),
    description: text("description"),
    position: integer("position").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [keysetIndex("categories_keyset_idx", t.updatedAt, t.id)],
);

/** Brands are records with their own page (/marque/{slug}); products point to one. */
export const brands = pgTable(
  "brands",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull().unique(),
    slug: text("slug").notNull().unique(),
    description: text("description"),
    logoUrl: text("logo_url"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [keysetIndex("brands_keyset_idx", t.updatedAt, t.id)],
);

/**
 * The facet dimensions of a product packed in one small number, so that the counts of every
 * facet come from one index-only pass (category, brand, facet_key): bits 0-1 the price band (its
 * index in PRICE_BANDS), bits 2-4 the skin type (1 + its index in SKIN_TYPES, 0 for none), bit 5
 * rated TOP_RATING or more, bit 6 in stock, bit 7 on sale. Decoded by the facets service.
 */
export const FACET_KEY_SQL = [
  `(CASE ${PRICE_BANDS.slice(0, -1)
    .map((band, i) => `WHEN price_cents < ${PRICE_BAND_CENTS[band][1]} THEN ${i}`)
    .join(" ")} ELSE ${PRICE_BANDS.length - 1} END)`,
  `4 * (CASE attributes ->> 'skin_type' ${SKIN_TYPES.map((skin, i) => `WHEN '${skin}' THEN ${i + 1}`).join(" ")} ELSE 0 END)`,
  `32 * (rating >= ${TOP_RATING})::int`,
  `64 * in_stock::int`,
  `128 * coalesce(original_price_cents > price_cents, false)::int`,
].join(" + ");

/**
 * A product is what a shopper browses; what is sold, priced and stocked is one of its variants
 * (decision 025). The product's price, original price, stock, in-stock flag and variant count are
 * roll-ups of its variants, kept by a deferred database trigger: no code writes them directly.
 */
export const products = pgTable(
  "products",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    description: text("description"),
    priceCents: integer("price_cents").notNull(),
    originalPriceCents: integer("original_price_cents"),
    categoryId: uuid("category_id").references(() => categories.id, { onDelete: "restrict" }),
    /** The brand's name, copied from `brands` for search and cards; written with brandId. */
    brand: text("brand"),
    brandId: uuid("brand_id").references(() => brands.id, { onDelete: "set null" }),
    /** Legacy product-level reference; each variant carries the SKU the shop sells. */
    sku: text("sku").unique(),
    /** The packed weight of one unit, in grams, for the parcel's weight (decision 062); null: not yet weighed. */
    weightGrams: integer("weight_grams"),
    /** Which row of the VAT rate table applies (decision 063): standard for perfume and cosmetics. */
    taxClass: text("tax_class").$type<TaxClass>().notNull().default("standard"),
    /** Customs tariff code for the CN23 of a parcel leaving the EU (decision 063), 6 to 10 digits. */
    hsCode: text("hs_code"),
    /** ISO 3166-1 alpha-2 country of origin, for the CN23. */
    originCountry: text("origin_country"),
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
    /** INCI list, as printed on the pack. */
    ingredients: text("ingredients"),
    /** "Conseils d'utilisation". */
    usageTips: text("usage_tips"),
    /** Roll-up: how many variants the product has. */
    variantCount: integer("variant_count").notNull().default(0),
    /** Maintained by a trigger (French stemming, accents folded): see the search migration. */
    searchVector: tsvector("search_vector"),
    /** Unaccented lower-case name, brand and tags for the trigram typo fallback; trigger-maintained. */
    searchText: text("search_text"),
    /** Generated from the row: see FACET_KEY_SQL. */
    facetKey: smallint("facet_key").notNull().generatedAlwaysAs(sql.raw(FACET_KEY_SQL)),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("products_price_positive", sql`${t.priceCents} > 0`),
    check("products_original_price_positive", sql`${t.originalPriceCents} IS NULL OR ${t.originalPriceCents} > 0`),
    check("products_stock_non_negative", sql`${t.stockQuantity} >= 0`),
    check("products_rating_range", sql`${t.rating} >= 0 AND ${t.rating} <= 5`),
    check("products_review_count_non_negative", sql`${t.reviewCount} >= 0`),
    check("products_tax_class_valid", sql`${t.taxClass} IN ('standard', 'reduced')`),
    check("products_hs_code_format", sql`${t.hsCode} IS NULL OR ${t.hsCode} ~ '^[0-9]{6,10}$'`),
    check("products_origin_country_format", sql`${t.originCountry} IS NULL OR ${t.originCountry} ~ '^[A-Z]{2}$'`),
    check("products_weight_range", sql`${t.weightGrams} IS NULL OR ${t.weightGrams} BETWEEN 1 AND 30000`),
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
    index("products_brand_created_idx").on(t.brandId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Facet counts read only this index (category, brand, packed facet dimensions), plus the
    // columns of the price range and featured filters that every count shares.
    index("products_facet_cube_idx").on(t.categoryId, t.brandId, t.facetKey, t.featured, t.priceCents),
    // A rare combination of price band, skin, rating, stock and sale is found directly.
    index("products_facet_key_idx").on(t.facetKey),
    index("products_search_vector_idx").using("gin", t.searchVector),
    index("products_search_text_trgm_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
    keysetIndex("products_keyset_idx", t.updatedAt, t.id),
  ],
);

export type ContentUnit = "ml" | "g";

/** One sellable size or shade of a product: its own SKU, price, stock and price history. */
export const productVariants = pgTable(
  "product_variants",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** Unique across the shop. */
    sku: text("sku").notNull().unique(),
    /** What the shopper reads: "50 ml", "Beige rosé 02", "30 ml · Rose poudré". */
    label: text("label").notNull(),
    size: text("size"),
    shade: text("shade"),
    /** Swatch colour, "#rrggbb". */
    shadeHex: text("shade_hex"),
    /** Net content, for the unit price ("128,00 € / 100 ml"): an amount in ml or g. */
    contentAmount: numeric("content_amount", { precision: 10, scale: 2, mode: "number" }),
    contentUnit: text("content_unit").$type<ContentUnit>(),
    priceCents: integer("price_cents").notNull(),
    originalPriceCents: integer("original_price_cents"),
    stockQuantity: integer("stock_quantity").notNull().default(0),
    /** The variant's own pictures; empty means the product's. */
    images: text("images")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    position: integer("position").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("product_variants_price_positive", sql`${t.priceCents} > 0`),
    check("product_variants_original_price_positive", sql`${t.originalPriceCents} IS NULL OR ${t.originalPriceCents} > 0`),
    check("product_variants_stock_non_negative", sql`${t.stockQuantity} >= 0`),
    check("product_variants_shade_hex", sql`${t.shadeHex} IS NULL OR ${t.shadeHex} ~ '^#[0-9a-f]{6}$'`),
    check(
      "product_variants_content",
      sql`(${t.contentAmount} IS NULL AND ${t.contentUnit} IS NULL) OR (${t.contentAmount} > 0 AND ${t.contentUnit} IN ('ml', 'g'))`,
    ),
    index("product_variants_product_idx").on(t.productId, t.position, t.id),
    // 'Alertes de Stock' (stock <= threshold, lowest first) reads a range of this index instead
    // of every variant; a plain index rather than a partial one, because the threshold arrives as a
    // bound parameter, which a partial index's predicate cannot be proven to cover.
    index("product_variants_stock_idx").on(t.stockQuantity),
    keysetIndex("product_variants_keyset_idx", t.updatedAt, t.id),
  ],
);

/** Filled by a database trigger whenever a variant's price changes (French rule on price reductions). */
export const priceHistory = pgTable(
  "price_history",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    variantId: uuid("variant_id").references(() => productVariants.id, { onDelete: "cascade" }),
    priceCents: integer("price_cents").notNull(),
    originalPriceCents: integer("original_price_cents"),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("price_history_product_recorded_idx").on(t.productId, t.recordedAt.desc().nullsFirst()),
    index("price_history_variant_recorded_idx").on(t.variantId, t.recordedAt.desc().nullsFirst()),
  ],
);

/**
 * 'M'avertir du retour en stock': one e-mail when the variant is restocked, then spent.
 * A visitor's address is confirmed first (double opt-in); a signed-in shopper's is not.
 */
export const restockAlerts = pgTable(
  "restock_alerts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    variantId: uuid("variant_id")
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => user.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    /** Hash of the confirmation token sent to a visitor. */
    confirmTokenHash: text("confirm_token_hash"),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * The language of the page a visitor asked from ('fr' or 'en'), which their "available again"
     * mail speaks (decision 044); null for a shopper's alert (their Préférences decide) and for
     * alerts stored before it was kept.
     */
    language: text("language"),
  },
  (t) => [
    uniqueIndex("restock_alerts_pending_email_idx")
      .on(t.variantId, sql`lower(${t.email})`)
      .where(sql`${t.notifiedAt} IS NULL`),
    index("restock_alerts_waiting_idx")
      .on(t.variantId)
      .where(sql`${t.notifiedAt} IS NULL AND ${t.confirmedAt} IS NOT NULL`),
  ],
);

/**
 * The catalogue's distinct words (unaccented, lower-case) with a trigram index: a misspelt query
 * word is corrected against it, then the normal full-text search runs (decision 025).
 */
/**
 * How many products share each (category, brand, packed facet key): the facet cube of the whole
 * catalogue (decision 026) kept by database triggers (drizzle/0014), so an unfiltered or
 * facet-filtered page reads a few thousand rows instead of grouping every product. Rows are
 * deltas, appended without locks by each write (+1 / -1 per cell); the cube is their sum per
 * cell, and a job folds them back to one row per cell (compactFacetCells).
 */
export const catalogFacetCells = pgTable(
  "catalog_facet_cells",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    categoryId: uuid("category_id"),
    brandId: uuid("brand_id"),
    facetKey: smallint("facet_key").notNull(),
    products: integer("products").notNull(),
  },
  (t) => [index("catalog_facet_cells_cell_idx").on(t.categoryId, t.brandId, t.facetKey)],
);

export const searchLexicon = pgTable(
  "search_lexicon",
  {
    word: text("word").primaryKey(),
    /** How many products use the word: the more common spelling wins a tie. */
    documents: integer("documents").notNull().default(0),
  },
  (t) => [index("search_lexicon_word_trgm_idx").using("gin", sql`${t.word} gin_trgm_ops`)],
);
