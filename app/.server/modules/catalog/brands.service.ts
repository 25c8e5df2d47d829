import { asc, count, eq, isNotNull, sql } from "drizzle-orm";
import { createDbMemo } from "../../db-memo";
import type { Executor } from "../../db/client";
import { prepared } from "../../db/prepared";
import { brands, products } from "../../db/schema";
import type { BrandRef, BrandView } from "~/domain/catalog/catalog.types";

const refColumns = { id: brands.id, name: brands.name, slug: brands.slug };

/** Every brand's id, name and slug, by name (filters, facet labels, slug lookups). */
export async function listBrandRefs(db: Executor): Promise<BrandRef[]> {
  return prepared(db, "catalog_brand_refs", (d, name) =>
    d.select(refColumns).from(brands).orderBy(asc(brands.name)).prepare(name),
  ).execute();
}

/**
 * Products per brand, remembered like the listing counts (30 s, forgotten by every catalogue
 * write through invalidateCatalogCaches): grouping 100k products costs tens of milliseconds and
 * the brand list is asked for on every /marques view and GET /api/v1/brands.
 */
const brandCounts = createDbMemo<{ brandId: string | null; total: number }[]>({
  kind: "counts",
  name: "brand-counts",
  ttlMs: 30_000,
  maxEntries: 1,
});

/** Forgets the remembered product counts per brand (catalogue writes). */
export function forgetBrandCounts(db: Executor): void {
  brandCounts.forget(db);
}

/** The brands A–Z with how many products each has (/marques, GET /api/v1/brands). */
export async function listBrands(db: Executor): Promise<BrandView[]> {
  const [rows, counts] = await Promise.all([
    db
      .select({ ...refColumns, description: brands.description, logoUrl: brands.logoUrl })
      .from(brands)
      .orderBy(asc(brands.name)),
    // Read from the brand index alone (brand_id leads products_brand_created_idx).
    brandCounts.get(db, "all", () =>
      db.select({ brandId: products.brandId, total: count() }).from(products).where(isNotNull(products.brandId)).groupBy(products.brandId),
    ),
  ]);
  const byBrand = new Map(counts.map((c) => [c.brandId, c.total]));
  return rows
    .map((r) => ({
      id: r.id,
      name: r.name,
      slug: r.slug,
      description: r.description,
      logo_url: r.logoUrl,
      product_count: byBrand.get(r.id) ?? 0,
    }))
    .sort((a, b) => a.name.localeCompare(b.name, "fr", { sensitivity: "base" }));
}

/** One brand for its page; null for an unknown slug. */
export async function getBrandBySlug(db: Executor, slug: string): Promise<Omit<BrandView, "product_count"> | null> {
  if (slug.length > 100) return null;
  const [row] = await prepared(db, "catalog_brand_by_slug", (d, name) =>
    d
      .select({ ...refColumns, description: brands.description, logoUrl: brands.logoUrl })
      .from(brands)
      .where(eq(brands.slug, sql.placeholder("slug")))
      .limit(1)
      .prepare(name),
  ).execute({ slug });
  return row ? { id: row.id, name: row.name, slug: row.slug, description: row.description, logo_url: row.logoUrl } : null;
}
