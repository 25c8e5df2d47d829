/**
 * The admin API's reads of the catalogue (decision 049): products with their variants and
 * images, categories, brands and each variant's stock, as pages in (updated_at, id) order with
 * `updated_since` (db/keyset.ts). Writes go through the back-office's own services
 * (product-form, products-admin, categories-admin), so rules and French messages are the same.
 */
import { and, asc, count, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { brands, bundleComponents, categories, productBundles, products, productVariants } from "../../db/schema";
import { keysetConditions, keysetOrder, type KeysetWindow } from "../../db/keyset";
import { adminProductFilter, type ProductFilter } from "./products-admin.service";
import { isUuid } from "~/lib/uuid";

export type ApiWindow = KeysetWindow & { limit: number };

const variantColumns = {
  id: productVariants.id,
  productId: productVariants.productId,
  sku: productVariants.sku,
  label: productVariants.label,
  size: productVariants.size,
  shade: productVariants.shade,
  shadeHex: productVariants.shadeHex,
  contentAmount: productVariants.contentAmount,
  contentUnit: productVariants.contentUnit,
  priceCents: productVariants.priceCents,
  originalPriceCents: productVariants.originalPriceCents,
  stock: productVariants.stockQuantity,
  images: productVariants.images,
  position: productVariants.position,
  updatedAt: productVariants.updatedAt,
};

type VariantRow = Awaited<ReturnType<typeof selectVariants>>[number];

const selectVariants = (db: Executor) => db.select(variantColumns).from(productVariants);

/** A set variant's composition as the API shows it (decision 070); null for a plain variant. */
type ApiBundle = { returnable_by_component: boolean; components: { variant_id: string; sku: string; quantity: number }[] } | null;

function variantView(v: VariantRow, bundle: ApiBundle = null) {
  return {
    id: v.id,
    sku: v.sku,
    label: v.label,
    size: v.size,
    shade: v.shade,
    shade_hex: v.shadeHex,
    content_amount: v.contentAmount === null ? null : Number(v.contentAmount),
    content_unit: v.contentUnit,
    price_cents: v.priceCents,
    original_price_cents: v.originalPriceCents,
    stock: v.stock,
    images: v.images ?? [],
    position: v.position,
    updated_at: v.updatedAt.toISOString(),
    bundle,
  };
}

export type ApiVariant = ReturnType<typeof variantView>;

const productColumns = {
  id: products.id,
  name: products.name,
  description: products.description,
  categoryId: products.categoryId,
  brandId: products.brandId,
  brand: products.brand,
  imageUrl: products.imageUrl,
  images: products.images,
  tags: products.tags,
  attributes: products.attributes,
  ingredients: products.ingredients,
  usageTips: products.usageTips,
  featured: products.featured,
  weightGrams: products.weightGrams,
  taxClass: products.taxClass,
  hsCode: products.hsCode,
  originCountry: products.originCountry,
  priceCents: products.priceCents,
  stock: products.stockQuantity,
  inStock: products.inStock,
  variantCount: products.variantCount,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
};

type ProductRow = Awaited<ReturnType<typeof selectProducts>>[number];

const selectProducts = (db: Executor) => db.select(productColumns).from(products);

function productView(p: ProductRow, variants: ApiVariant[]) {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    category_id: p.categoryId,
    brand_id: p.brandId,
    brand: p.brand,
    image_url: p.imageUrl,
    images: p.images ?? [],
    tags: p.tags ?? [],
    attributes: p.attributes ?? {},
    ingredients: p.ingredients,
    usage_tips: p.usageTips,
    featured: p.featured,
    weight_grams: p.weightGrams,
    tax_class: p.taxClass,
    hs_code: p.hsCode,
    origin_country: p.originCountry,
    price_cents: p.priceCents,
    stock: p.stock,
    in_stock: p.inStock,
    variant_count: p.variantCount,
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
    variants,
  };
}

export type ApiProduct = ReturnType<typeof productView>;

async function variantsByProduct(db: Executor, productIds: readonly string[]): Promise<Map<string, ApiVariant[]>> {
  const out = new Map<string, ApiVariant[]>();
  if (productIds.length === 0) return out;
  const rows = await selectVariants(db)
    .where(inArray(productVariants.productId, [...productIds]))
    .orderBy(asc(productVariants.productId), asc(productVariants.position), asc(productVariants.id));
  const sets = await bundlesOf(
    db,
    rows.map((r) => r.id),
  );
  for (const r of rows) out.set(r.productId, [...(out.get(r.productId) ?? []), variantView(r, sets.get(r.id) ?? null)]);
  return out;
}

/** The compositions of the set variants among these (the inventory writes them; the API reads them). */
async function bundlesOf(db: Executor, variantIds: readonly string[]): Promise<Map<string, NonNullable<ApiBundle>>> {
  const out = new Map<string, NonNullable<ApiBundle>>();
  if (variantIds.length === 0) return out;
  const heads = await db
    .select()
    .from(productBundles)
    .where(inArray(productBundles.variantId, [...variantIds]));
  if (heads.length === 0) return out;
  const parts = await db
    .select({
      bundleVariantId: bundleComponents.bundleVariantId,
      variantId: productVariants.id,
      sku: productVariants.sku,
      quantity: bundleComponents.quantity,
    })
    .from(bundleComponents)
    .innerJoin(productVariants, eq(productVariants.id, bundleComponents.componentVariantId))
    .where(
      inArray(
        bundleComponents.bundleVariantId,
        heads.map((h) => h.variantId),
      ),
    )
    .orderBy(asc(bundleComponents.position), asc(productVariants.id));
  for (const head of heads) {
    out.set(head.variantId, {
      returnable_by_component: head.returnableByComponent,
      components: parts
        .filter((p) => p.bundleVariantId === head.variantId)
        .map((p) => ({ variant_id: p.variantId, sku: p.sku, quantity: p.quantity })),
    });
  }
  return out;
}

/** `limit` products after the window's cursor, filtered like the back-office list. */
export async function listProductsForApi(db: Executor, filter: ProductFilter, window: ApiWindow): Promise<ApiProduct[]> {
  const where: (SQL | undefined)[] = [adminProductFilter(filter), ...keysetConditions(products.updatedAt, products.id, window)];
  const rows = await selectProducts(db)
    .where(and(...where))
    .orderBy(...keysetOrder(products.updatedAt, products.id))
    .limit(window.limit);
  const variants = await variantsByProduct(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => productView(r, variants.get(r.id) ?? []));
}

/** One product with its variants, or null when the id is unknown. */
export async function getProductForApi(db: Executor, id: string): Promise<ApiProduct | null> {
  if (!isUuid(id)) return null;
  const [row] = await selectProducts(db).where(eq(products.id, id));
  if (!row) return null;
  return productView(row, (await variantsByProduct(db, [id])).get(id) ?? []);
}

/** `limit` categories after the cursor, each with its product count. */
export async function listCategoriesForApi(db: Executor, window: ApiWindow) {
  const counts = db
    .select({ categoryId: products.categoryId, n: count().as("n") })
    .from(products)
    .groupBy(products.categoryId)
    .as("product_counts");
  const rows = await db
    .select({
      id: categories.id,
      name: categories.name,
      slug: categories.slug,
      productCount: sql<number>`coalesce(${counts.n}, 0)`.mapWith(Number),
      updatedAt: categories.updatedAt,
    })
    .from(categories)
    .leftJoin(counts, eq(counts.categoryId, categories.id))
    .where(and(...keysetConditions(categories.updatedAt, categories.id, window)))
    .orderBy(...keysetOrder(categories.updatedAt, categories.id))
    .limit(window.limit);
  return rows.map((r) => ({ id: r.id, name: r.name, slug: r.slug, product_count: r.productCount, updated_at: r.updatedAt }));
}

/** `limit` brands after the cursor. */
export async function listBrandsForApi(db: Executor, window: ApiWindow) {
  return db
    .select({ id: brands.id, name: brands.name, slug: brands.slug, updated_at: brands.updatedAt })
    .from(brands)
    .where(and(...keysetConditions(brands.updatedAt, brands.id, window)))
    .orderBy(...keysetOrder(brands.updatedAt, brands.id))
    .limit(window.limit);
}

const stockColumns = {
  id: productVariants.id,
  product_id: productVariants.productId,
  sku: productVariants.sku,
  label: productVariants.label,
  stock: productVariants.stockQuantity,
  updated_at: productVariants.updatedAt,
};

/** `limit` variants' stock after the cursor (a stock change moves the variant to the end). */
export async function listVariantStockForApi(db: Executor, window: ApiWindow) {
  return db
    .select(stockColumns)
    .from(productVariants)
    .where(and(...keysetConditions(productVariants.updatedAt, productVariants.id, window)))
    .orderBy(...keysetOrder(productVariants.updatedAt, productVariants.id))
    .limit(window.limit);
}

/** One variant's stock, or null when unknown. */
export async function getVariantStockForApi(db: Executor, variantId: string) {
  if (!isUuid(variantId)) return null;
  const [row] = await db.select(stockColumns).from(productVariants).where(eq(productVariants.id, variantId));
  return row ?? null;
}

/** The variants selling these SKUs, by SKU. */
export async function variantIdsBySku(db: Executor, skus: readonly string[]): Promise<Map<string, string>> {
  if (skus.length === 0) return new Map();
  const rows = await db
    .select({ id: productVariants.id, sku: productVariants.sku })
    .from(productVariants)
    .where(inArray(productVariants.sku, [...skus]));
  return new Map(rows.map((r) => [r.sku, r.id]));
}

/** One category with its product count, or null when unknown. */
export async function getCategoryForApi(db: Executor, id: string) {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({ id: categories.id, name: categories.name, slug: categories.slug, updated_at: categories.updatedAt })
    .from(categories)
    .where(eq(categories.id, id));
  if (!row) return null;
  return { ...row, product_count: await db.$count(products, eq(products.categoryId, id)) };
}
