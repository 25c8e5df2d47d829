import { and, count, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database, Executor } from "../client";
import { brands, categories, priceHistory, products, productVariants, stockMovements } from "../schema";
import { slugify } from "~/domain/catalog/admin-categories.schema";
import {
  buildDemoProducts,
  demoCustoms,
  demoWeightGrams,
  DEMO_BRAND_DESCRIPTIONS,
  DEMO_BRANDS,
  DEMO_CATEGORIES,
  type CategorySlug,
  type DemoProduct,
} from "./demo-data";
import { seedDemoSets } from "./demo-sets";
import { seedDemoProductReviews, seedDemoReviewsIfMissing } from "./demo-reviews";
import { seedDemoSamplesIfNone } from "./demo-samples";
import { seedDemoBoxEditionsIfNone } from "./demo-beauty-box";

const DAY_MS = 86_400_000;
/** A seeded product on sale was sold at full price from this many days ago... */
export const SEED_FULL_PRICE_DAYS_AGO = 60;
/** ...and at its reduced price from this many days ago (so the reduction is genuine). */
export const SEED_DISCOUNT_DAYS_AGO = 12;

/** A seeded variant: what the history below needs. */
export type SeededProduct = {
  /** The product's id. */
  id: string;
  variantId: string;
  priceCents: number;
  originalPriceCents: number | null;
  stockQuantity: number;
  createdAt: Date;
};

/**
 * Makes the history of freshly inserted variants tell the truth. The price trigger wrote one
 * row stamped "now" per variant: it is moved to the product's creation date, or, for a variant
 * on sale, to the start of the reduction with an earlier full-price row before it (the 30-day
 * reference price is per variant). Each variant also gets its "initial" stock movement, as if
 * the inventory service had stocked it.
 */
export async function recordSeededProductHistory(tx: Executor, seeded: SeededProduct[], now = new Date()): Promise<void> {
  if (seeded.length === 0) return;
  const discounted = seeded.filter((p) => p.originalPriceCents !== null);
  const regular = seeded.filter((p) => p.originalPriceCents === null);
  if (regular.length > 0) {
    await tx
      .update(priceHistory)
      .set({
        recordedAt: sql`(SELECT ${products.createdAt} FROM ${products} WHERE ${products.id} = ${priceHistory.productId})`,
      })
      .where(
        inArray(
          priceHistory.variantId,
          regular.map((p) => p.variantId),
        ),
      );
  }
  if (discounted.length > 0) {
    await tx
      .update(priceHistory)
      .set({ recordedAt: new Date(now.getTime() - SEED_DISCOUNT_DAYS_AGO * DAY_MS) })
      .where(
        inArray(
          priceHistory.variantId,
          discounted.map((p) => p.variantId),
        ),
      );
    await tx.insert(priceHistory).values(
      discounted.map((p) => ({
        productId: p.id,
        variantId: p.variantId,
        priceCents: p.originalPriceCents as number,
        originalPriceCents: null,
        recordedAt: new Date(now.getTime() - SEED_FULL_PRICE_DAYS_AGO * DAY_MS),
      })),
    );
  }
  await tx.insert(stockMovements).values(
    seeded.map((p) => ({
      productId: p.id,
      variantId: p.variantId,
      delta: p.stockQuantity,
      resultingStock: p.stockQuantity,
      reason: "initial",
      createdAt: p.createdAt,
    })),
  );
}

/** Creates the six categories that are missing (by slug) and returns every category id by slug. */
export async function ensureDemoCategories(db: Executor): Promise<Map<CategorySlug, string>> {
  await db
    .insert(categories)
    .values(DEMO_CATEGORIES.map(({ slug, name, description, position }) => ({ slug, name, description, position })))
    .onConflictDoNothing({ target: categories.slug });
  const rows = await db
    .select({ id: categories.id, slug: categories.slug })
    .from(categories)
    .where(
      inArray(
        categories.slug,
        DEMO_CATEGORIES.map((c) => c.slug),
      ),
    );
  return new Map(rows.map((r) => [r.slug as CategorySlug, r.id]));
}

export type SeedVariant = {
  sku: string;
  label: string;
  size?: string | null;
  shade?: string | null;
  shadeHex?: string | null;
  contentAmount?: number | null;
  contentUnit?: "ml" | "g" | null;
  priceCents: number;
  originalPriceCents?: number | null;
  stock: number;
  images?: string[];
};

export type SeedProductRow = Omit<typeof products.$inferInsert, "stockQuantity" | "inStock" | "variantCount"> & {
  /** Missing: one variant from the product's own price, SKU and the given stock. */
  variants?: SeedVariant[];
  stock?: number;
};

/** The brand records of these names, created when missing (with a description if given); ids by name. */
export async function ensureBrands(
  tx: Executor,
  names: readonly string[],
  descriptions: Readonly<Record<string, string>> = {},
): Promise<Map<string, string>> {
  const unique = [...new Set(names)];
  if (unique.length === 0) return new Map();
  await tx
    .insert(brands)
    .values(unique.map((name) => ({ name, slug: slugify(name) || "marque", description: descriptions[name] ?? null })))
    .onConflictDoNothing();
  const rows = await tx.select({ id: brands.id, name: brands.name }).from(brands).where(inArray(brands.name, unique));
  return new Map(rows.map((r) => [r.name, r.id]));
}

/**
 * Inserts products and their variants. The product's price, stock and variant count are the
 * variants' roll-ups (a deferred trigger), so products go in with no stock of their own.
 */
export async function insertSeedProducts(tx: Executor, rows: SeedProductRow[]): Promise<SeededProduct[]> {
  if (rows.length === 0) return [];
  const brandIds = await ensureBrands(
    tx,
    rows.map((r) => r.brand).filter((b): b is string => Boolean(b)),
  );
  const inserted = await tx
    .insert(products)
    .values(
      rows.map(({ variants: _variants, stock: _stock, ...product }) => ({
        ...product,
        brandId: product.brandId ?? (product.brand ? brandIds.get(product.brand) : undefined),
        stockQuantity: 0,
        inStock: false,
      })),
    )
    .returning({ id: products.id, createdAt: products.createdAt });
  const variantRows = rows.flatMap((row, i) => {
    const variants: SeedVariant[] = row.variants ?? [
      {
        sku: row.sku ?? `AUR-${inserted[i].id.replace(/-/g, "").slice(0, 12).toUpperCase()}`,
        label: row.attributes?.size ?? "Format unique",
        size: row.attributes?.size ?? null,
        priceCents: row.priceCents,
        originalPriceCents: row.originalPriceCents ?? null,
        stock: row.stock ?? 0,
      },
    ];
    return variants.map((v, position) => ({
      productId: inserted[i].id,
      sku: v.sku,
      label: v.label,
      size: v.size ?? null,
      shade: v.shade ?? null,
      shadeHex: v.shadeHex ?? null,
      contentAmount: v.contentAmount ?? null,
      contentUnit: v.contentUnit ?? null,
      priceCents: v.priceCents,
      originalPriceCents: v.originalPriceCents ?? null,
      stockQuantity: v.stock,
      images: v.images ?? [],
      position,
      createdAt: inserted[i].createdAt,
      updatedAt: inserted[i].createdAt,
    }));
  });
  const seeded: SeededProduct[] = [];
  // Chunked: one statement's parameters stay under PostgreSQL's 65,535.
  for (let start = 0; start < variantRows.length; start += 2000) {
    const chunk = await tx
      .insert(productVariants)
      .values(variantRows.slice(start, start + 2000))
      .returning({
        id: productVariants.productId,
        variantId: productVariants.id,
        priceCents: productVariants.priceCents,
        originalPriceCents: productVariants.originalPriceCents,
        stockQuantity: productVariants.stockQuantity,
        createdAt: productVariants.createdAt,
      });
    seeded.push(...chunk);
  }
  return seeded;
}

/** Loads the demo catalogue (categories, brands, products and their variants, price history, stock movements) in one transaction. */
export async function seedDemoData(db: Database): Promise<void> {
  const now = Date.now();
  const demo = buildDemoProducts();
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(categories)
      .values(DEMO_CATEGORIES.map(({ slug, name, description, position }) => ({ slug, name, description, position })))
      .returning({ id: categories.id, slug: categories.slug });
    const categoryId = new Map(inserted.map((c) => [c.slug, c.id]));
    await ensureBrands(tx, DEMO_BRANDS, DEMO_BRAND_DESCRIPTIONS);
    const seeded = await insertSeedProducts(
      tx,
      demo.map((p) => {
        const createdAt = new Date(now - p.ageMs);
        return {
          name: p.name,
          description: p.description,
          priceCents: p.priceCents,
          originalPriceCents: p.originalPriceCents ?? null,
          categoryId: categoryId.get(p.category),
          brand: p.brand,
          sku: p.sku,
          imageUrl: p.imageUrl,
          images: p.images,
          variants: p.variants,
          featured: p.featured ?? false,
          tags: p.tags,
          attributes: p.attributes,
          ingredients: p.ingredients,
          usageTips: p.usageTips,
          weightGrams: demoWeightGrams(p),
          ...demoCustoms(p),
          createdAt,
          updatedAt: createdAt,
        };
      }),
    );
    await recordSeededProductHistory(tx, seeded, new Date(now));
    await seedDemoSets(tx);
    // Ratings and counts come from reviews that exist (decision 037).
    await seedDemoProductReviews(tx, demo, { now: new Date(now) });
    await seedDemoSamplesIfNone(tx); // decision 067
    await seedDemoBoxEditionsIfNone(tx); // decision 071
  });
}

/**
 * An upgraded demo shop's products get the customs code and origin of their CN23 (decision 063),
 * found by their demo SKU; a product whose code or origin someone already set keeps it. Returns
 * how many products were filled.
 */
export async function seedDemoCustomsIfMissing(db: Executor, demo: readonly DemoProduct[]): Promise<number> {
  const bySku = new Map(demo.map((p) => [p.sku, demoCustoms(p)]));
  const missing = await db
    .select({ id: products.id, sku: products.sku })
    .from(products)
    .where(and(inArray(products.sku, [...bySku.keys()]), isNull(products.hsCode), isNull(products.originCountry)));
  for (const row of missing) {
    const customs = row.sku ? bySku.get(row.sku) : undefined;
    if (customs) await db.update(products).set(customs).where(eq(products.id, row.id));
  }
  return missing.length;
}

/** Seeds the demo catalogue only into a shop without categories; returns whether it did. */
export async function seedDemoDataIfEmpty(db: Database): Promise<boolean> {
  const [{ total }] = await db.select({ total: count() }).from(categories);
  if (total > 0) {
    const demo = buildDemoProducts();
    // An upgraded demo shop whose typed ratings were cleared gets the demo's reviews (decision 037).
    await seedDemoReviewsIfMissing(db, demo);
    await seedDemoCustomsIfMissing(db, demo);
    await seedDemoSamplesIfNone(db);
    await seedDemoBoxEditionsIfNone(db);
    return false;
  }
  await seedDemoData(db);
  return true;
}
