/**
 * The catalogue import's two halves in the catalog module, the only writer of products and
 * variants (docs/decisions/051-catalogue-import-export.md):
 * - planCatalogImport reads what exists (variants by SKU, products by reference, categories,
 *   brands) in a handful of batched queries, whatever the number of lines, and decides each
 *   line: created, updated, unchanged or refused with its reasons;
 * - writeCatalogImport writes a plan without refusals inside the caller's transaction: new
 *   products and variants in multi-row inserts, changed rows updated one by one (an import of an
 *   unchanged export writes nothing). Stock is left to the inventory module: it returns the
 *   levels to set and the variants created with stock.
 * Product roll-ups (price, stock, variant count) follow by the deferred trigger (decision 025).
 */
import { randomUUID } from "node:crypto";
import { inArray, eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { brands, categories, products, productVariants } from "../../db/schema";
import { droppedImages } from "../../media/product-images";
import {
  LINE_MESSAGES,
  NO_CATEGORY_LABEL,
  type CatalogCsvLine,
  type CatalogCsvOptionalColumn,
  type ImportCounts,
  type ImportLineAction,
  type ImportLinePreview,
  type ImportPreview,
} from "~/domain/catalog/catalog-csv";
import { isUuid } from "~/lib/uuid";
import type { ImportPhase } from "~/domain/catalog/catalog-import.schema";
import type { TaxClass } from "~/domain/tax/tax-classes";

/** Ids per query when reading what exists. */
const READ_CHUNK = 5000;
/** Rows per multi-row insert (about 15 parameters each, far below PostgreSQL's 65,535). */
const WRITE_CHUNK = 1000;

type ExistingVariant = {
  id: string;
  productId: string;
  sku: string;
  label: string;
  priceCents: number;
  originalPriceCents: number | null;
  stock: number;
};
type ExistingProduct = {
  id: string;
  name: string;
  brandId: string | null;
  categoryId: string | null;
  imageUrl: string | null;
  images: string[];
  variantCount: number;
} & CustomsColumns;

/** The product columns for parcels and tax (decisions 062, 063), compared and written as one group. */
type CustomsColumns = {
  weightGrams: number | null;
  taxClass: TaxClass;
  hsCode: string | null;
  originCountry: string | null;
};

type VariantPlan = {
  line: number;
  existing: ExistingVariant | null;
  sku: string;
  label: string;
  priceCents: number;
  originalPriceCents: number | null;
  stock: number;
  /** Label or prices differ from the database (stock apart). */
  columnsChanged: boolean;
};

type ProductPlan = {
  existing: ExistingProduct | null;
  name: string;
  brand: { id: string; name: string } | null;
  categoryId: string | null;
  /** Our own paths kept as they are, or ZIP file names the pipeline turns into paths. */
  images: string[];
  customs: CustomsColumns;
  columnsChanged: boolean;
  variants: VariantPlan[];
};

export type CatalogImportPlan = ImportPreview & {
  products: ProductPlan[];
  /** The ZIP file names the plan uses. */
  imageFiles: string[];
};

export type CatalogImportOptions = {
  /** Which optional columns the file has: a missing one leaves the field of existing products alone. */
  has: Record<CatalogCsvOptionalColumn, boolean>;
  /** The base names of the files in the ZIP (empty when none was sent). */
  archiveNames: ReadonlySet<string>;
};

async function chunked<T, R>(items: readonly T[], size: number, read: (chunk: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await read(items.slice(i, i + size))));
  return out;
}

const lower = (text: string) => text.toLocaleLowerCase("fr-FR");
const isOwnPath = (image: string) => image.startsWith("/");
const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** Decides every line against the database, without writing. */
export async function planCatalogImport(
  db: Executor,
  lines: readonly CatalogCsvLine[],
  options: CatalogImportOptions,
): Promise<CatalogImportPlan> {
  const skus = [...new Set(lines.map((l) => l.sku).filter(Boolean))];
  const existingVariants = await chunked(skus, READ_CHUNK, (chunk) =>
    db
      .select({
        id: productVariants.id,
        productId: productVariants.productId,
        sku: productVariants.sku,
        label: productVariants.label,
        priceCents: productVariants.priceCents,
        originalPriceCents: productVariants.originalPriceCents,
        stock: productVariants.stockQuantity,
      })
      .from(productVariants)
      .where(inArray(productVariants.sku, chunk)),
  );
  const variantBySku = new Map(existingVariants.map((v) => [v.sku, v]));
  const productIds = [
    ...new Set([...lines.map((l) => l.productRef).filter((ref) => isUuid(ref)), ...existingVariants.map((v) => v.productId)]),
  ];
  const existingProducts = await chunked(productIds, READ_CHUNK, (chunk) =>
    db
      .select({
        id: products.id,
        name: products.name,
        brandId: products.brandId,
        categoryId: products.categoryId,
        imageUrl: products.imageUrl,
        images: products.images,
        weightGrams: products.weightGrams,
        taxClass: products.taxClass,
        hsCode: products.hsCode,
        originCountry: products.originCountry,
        variantCount: sql<number>`(SELECT count(*) FROM ${productVariants} WHERE ${productVariants.productId} = ${products.id})`.mapWith(
          Number,
        ),
      })
      .from(products)
      .where(inArray(products.id, chunk)),
  );
  const productById = new Map(existingProducts.map((p) => [p.id, p]));
  const categoryRows = await db.select({ id: categories.id, name: categories.name, slug: categories.slug }).from(categories);
  const categoryByName = new Map<string, string>();
  for (const c of categoryRows) {
    categoryByName.set(lower(c.slug), c.id);
    categoryByName.set(lower(c.name), c.id);
  }
  const brandRows = await db.select({ id: brands.id, name: brands.name }).from(brands);
  const brandByName = new Map(brandRows.map((b) => [lower(b.name), b]));

  // Lines of one product: by its reference, or alone (by SKU) when the reference is empty.
  const groups = new Map<string, CatalogCsvLine[]>();
  for (const line of lines) {
    const key = line.productRef ? `ref:${line.productRef}` : `sku:${line.sku}:${line.line}`;
    groups.set(key, [...(groups.get(key) ?? []), line]);
  }

  const firstLineOfSku = new Map<string, number>();
  const previews = new Map<number, ImportLinePreview>();
  const plans: ProductPlan[] = [];
  const imageFiles = new Set<string>();

  for (const group of groups.values()) {
    const first = group[0];
    const ref = first.productRef;
    let target: ExistingProduct | null = isUuid(ref) ? (productById.get(ref) ?? null) : null;
    if (!target && !ref) {
      const owner = variantBySku.get(first.sku);
      target = owner ? (productById.get(owner.productId) ?? null) : null;
    }
    const categoryId = !first.category || first.category === NO_CATEGORY_LABEL ? null : (categoryByName.get(lower(first.category)) ?? null);
    const brand = first.brand ? (brandByName.get(lower(first.brand)) ?? null) : null;
    const plan: ProductPlan = {
      existing: target,
      name: first.name,
      brand: options.has.brand ? brand : null,
      categoryId,
      images: first.images,
      customs: {
        weightGrams: first.weightGrams,
        taxClass: first.taxClass,
        hsCode: first.hsCode,
        originCountry: first.originCountry,
      },
      columnsChanged: false,
      variants: [],
    };
    if (target) {
      if (!options.has.brand) plan.brand = target.brandId ? { id: target.brandId, name: "" } : null;
      if (!options.has.category) plan.categoryId = target.categoryId;
      if (!options.has.images) plan.images = [target.imageUrl, ...target.images].filter((i): i is string => Boolean(i));
      plan.customs = {
        weightGrams: options.has.weight ? plan.customs.weightGrams : target.weightGrams,
        taxClass: options.has.taxClass ? plan.customs.taxClass : target.taxClass,
        hsCode: options.has.hsCode ? plan.customs.hsCode : target.hsCode,
        originCountry: options.has.originCountry ? plan.customs.originCountry : target.originCountry,
      };
      plan.columnsChanged =
        target.name !== plan.name ||
        target.weightGrams !== plan.customs.weightGrams ||
        target.taxClass !== plan.customs.taxClass ||
        target.hsCode !== plan.customs.hsCode ||
        target.originCountry !== plan.customs.originCountry ||
        target.brandId !== (plan.brand?.id ?? null) ||
        target.categoryId !== plan.categoryId ||
        !sameList(
          [target.imageUrl, ...target.images].filter((i): i is string => Boolean(i)),
          plan.images,
        );
    }
    let refused = false;
    for (const line of group) {
      const reasons = [...line.errors];
      if (line.sku) {
        const seen = firstLineOfSku.get(line.sku);
        if (seen !== undefined) reasons.push(LINE_MESSAGES.duplicateSku(seen));
        else firstLineOfSku.set(line.sku, line.line);
      }
      if (line.category && line.category !== NO_CATEGORY_LABEL && !categoryByName.has(lower(line.category))) {
        reasons.push(LINE_MESSAGES.unknownCategory(line.category));
      }
      if (line.brand && !brandByName.has(lower(line.brand))) reasons.push(LINE_MESSAGES.unknownBrand(line.brand));
      for (const image of line.images) {
        if (isOwnPath(image) || /^https?:\/\//i.test(image)) continue;
        if (!options.archiveNames.has(image)) reasons.push(LINE_MESSAGES.imageMissing(image));
      }
      if (line !== first) {
        const columns: [string, string, string][] = [
          ["Produit", line.name, first.name],
          ["Marque", line.brand, first.brand],
          ["Catégorie", line.category, first.category],
          ["Images", line.images.join("|"), first.images.join("|")],
          ["Poids (g)", String(line.weightGrams ?? ""), String(first.weightGrams ?? "")],
          ["Catégorie fiscale", line.taxClass, first.taxClass],
          ["Code douanier", line.hsCode ?? "", first.hsCode ?? ""],
          ["Pays d'origine", line.originCountry ?? "", first.originCountry ?? ""],
        ];
        for (const [column, value, expected] of columns) {
          if (value !== expected) reasons.push(LINE_MESSAGES.productMismatch(column, first.line));
        }
      }
      const existing = line.sku ? (variantBySku.get(line.sku) ?? null) : null;
      if (existing && existing.productId !== target?.id) {
        reasons.push(LINE_MESSAGES.skuOfOtherProduct(productById.get(existing.productId)?.name ?? existing.sku));
      }
      const originalPriceCents = options.has.originalPrice ? line.originalPriceCents : (existing?.originalPriceCents ?? null);
      const variant: VariantPlan = {
        line: line.line,
        existing,
        sku: line.sku,
        label: line.label,
        priceCents: line.priceCents,
        originalPriceCents,
        stock: line.stock,
        columnsChanged: existing
          ? existing.label !== line.label || existing.priceCents !== line.priceCents || existing.originalPriceCents !== originalPriceCents
          : false,
      };
      let action: ImportLineAction;
      if (reasons.length > 0) action = "refused";
      else if (!existing) action = "create";
      else if (variant.columnsChanged || existing.stock !== line.stock || plan.columnsChanged) action = "update";
      else action = "unchanged";
      if (action === "refused") refused = true;
      previews.set(line.line, { line: line.line, product: line.name, variant: line.label, sku: line.sku, action, reasons });
      plan.variants.push(variant);
    }
    if (!refused) {
      for (const image of plan.images) if (!isOwnPath(image)) imageFiles.add(image);
      plans.push(plan);
    }
  }

  const ordered = lines.map((l) => previews.get(l.line) as ImportLinePreview);
  const counts: ImportCounts = {
    lines: ordered.length,
    create: 0,
    update: 0,
    unchanged: 0,
    refused: 0,
    productsCreated: plans.filter((p) => !p.existing).length,
    productsUpdated: plans.filter(
      (p) => p.existing && (p.columnsChanged || p.variants.some((v) => !v.existing || v.columnsChanged || v.existing.stock !== v.stock)),
    ).length,
    images: imageFiles.size,
  };
  for (const p of ordered) counts[p.action]++;
  return { counts, lines: ordered, products: plans, imageFiles: [...imageFiles] };
}

export type CatalogImportWrite = {
  /** Variants created with their stock: their first movements are the inventory's. */
  created: { productId: string; variantId: string; quantity: number }[];
  /** Existing variants and the stock the file gives them (the inventory sets and records what changes). */
  stockLevels: { variantId: string; stock: number }[];
  /** Every product written or whose variants were: their roll-ups are due (rollUpProducts). */
  productIds: string[];
  /**
   * Image paths existing products no longer show (replaced or removed by the file): their files
   * are the caller's to delete, and only once the transaction has committed.
   */
  droppedImages: string[];
};

/**
 * Work done so far, for a progress bar: the ZIP's images stored (phase "images", before the
 * transaction), then the lines written out of the plan's lines; called often, cheap to receive.
 */
export type ImportProgress = (done: number, total: number, phase?: ImportPhase) => void;

/**
 * Writes a plan that has no refused line, inside the caller's transaction. `imageUrls` maps each
 * ZIP file name of the plan to its stored image's path.
 */
export async function writeCatalogImport(
  tx: Executor,
  plan: CatalogImportPlan,
  imageUrls: ReadonlyMap<string, string>,
  onProgress: ImportProgress = () => {},
): Promise<CatalogImportWrite> {
  const resolve = (images: readonly string[]) => images.map((i) => (isOwnPath(i) ? i : (imageUrls.get(i) ?? i)));
  const newProducts: (typeof products.$inferInsert)[] = [];
  const newVariants: (typeof productVariants.$inferInsert)[] = [];
  const result: CatalogImportWrite = { created: [], stockLevels: [], productIds: [], droppedImages: [] };
  // One line is one variant: existing ones count when their row is written, new ones when their insert chunk is.
  const total = plan.products.reduce((sum, p) => sum + p.variants.length, 0);
  let done = 0;
  onProgress(done, total);

  for (const p of plan.products) {
    const [imageUrl = null, ...gallery] = resolve(p.images);
    const productColumns = {
      name: p.name,
      brandId: p.brand?.id ?? null,
      categoryId: p.categoryId,
      imageUrl,
      images: gallery,
      ...p.customs,
    };
    let productId: string;
    let position = 0;
    const touched = () => result.productIds.push(productId);
    if (p.existing) {
      productId = p.existing.id;
      position = p.existing.variantCount;
      if (p.columnsChanged) {
        // The brand's name is copied onto the product for search and cards (schema comment).
        const brand = p.brand ? sql`(SELECT ${brands.name} FROM ${brands} WHERE ${brands.id} = ${p.brand.id})` : null;
        await tx
          .update(products)
          .set({ ...productColumns, brand, updatedAt: new Date() })
          .where(eq(products.id, productId));
        result.droppedImages.push(...droppedImages([p.existing.imageUrl, ...p.existing.images], [imageUrl, ...gallery]));
      }
    } else {
      productId = randomUUID();
      // The roll-ups written with the row, as rollUpProducts would compute them (cheapest variant
      // first by price then position), so its recompute finds nothing to change on new products:
      // 10,000 product updates, each touching the search indexes, are saved.
      const cheapest = p.variants.reduce((best, v) => (v.priceCents < best.priceCents ? v : best));
      const stock = p.variants.reduce((sum, v) => sum + v.stock, 0);
      newProducts.push({
        id: productId,
        ...productColumns,
        brand: p.brand?.name ?? null,
        priceCents: cheapest.priceCents,
        originalPriceCents: cheapest.originalPriceCents,
        stockQuantity: stock,
        inStock: stock > 0,
        variantCount: p.variants.length,
      });
    }
    for (const v of p.variants) {
      if (v.existing) {
        if (v.columnsChanged) {
          await tx
            .update(productVariants)
            .set({ label: v.label, priceCents: v.priceCents, originalPriceCents: v.originalPriceCents, updatedAt: new Date() })
            .where(eq(productVariants.id, v.existing.id));
        }
        if (v.existing.stock !== v.stock) result.stockLevels.push({ variantId: v.existing.id, stock: v.stock });
        if (v.columnsChanged || v.existing.stock !== v.stock) touched();
        onProgress(++done, total);
        continue;
      }
      const variantId = randomUUID();
      newVariants.push({
        id: variantId,
        productId,
        sku: v.sku,
        label: v.label,
        priceCents: v.priceCents,
        originalPriceCents: v.originalPriceCents,
        stockQuantity: v.stock,
        position: position++,
      });
      result.created.push({ productId, variantId, quantity: v.stock });
      touched();
    }
  }
  for (let i = 0; i < newProducts.length; i += WRITE_CHUNK) await tx.insert(products).values(newProducts.slice(i, i + WRITE_CHUNK));
  for (let i = 0; i < newVariants.length; i += WRITE_CHUNK) {
    const chunk = newVariants.slice(i, i + WRITE_CHUNK);
    await tx.insert(productVariants).values(chunk);
    done += chunk.length;
    onProgress(done, total);
  }
  return result;
}

/**
 * From here to the end of the transaction, variant writes leave the product roll-ups to
 * rollUpProducts (migration 0034): one set-based UPDATE instead of the per-variant trigger.
 * The caller must call rollUpProducts with every product it touched before committing.
 */
export async function deferProductRollups(tx: Executor): Promise<void> {
  await tx.execute(sql`SELECT set_config('aurore.defer_variant_rollup', 'on', true)`);
}

/**
 * The roll-ups of these products recomputed from their variants (stock, in stock, variant count,
 * the price and original price of the cheapest variant, as the trigger keeps them), in chunks.
 */
export async function rollUpProducts(tx: Executor, productIds: readonly string[]): Promise<void> {
  const ids = [...new Set(productIds)];
  for (let i = 0; i < ids.length; i += READ_CHUNK) {
    const chunk = `{${ids.slice(i, i + READ_CHUNK).join(",")}}`;
    await tx.execute(sql`
      UPDATE ${products} AS p
         SET stock_quantity = r.stock, in_stock = r.stock > 0, variant_count = r.n,
             price_cents = r.price_cents, original_price_cents = r.original_price_cents
        FROM (SELECT v.product_id,
                     sum(v.stock_quantity)::int AS stock,
                     count(*)::int AS n,
                     (array_agg(v.price_cents ORDER BY v.price_cents, v.position, v.id))[1] AS price_cents,
                     (array_agg(v.original_price_cents ORDER BY v.price_cents, v.position, v.id))[1] AS original_price_cents
                FROM ${productVariants} AS v
               WHERE v.product_id = ANY(${chunk}::uuid[])
               GROUP BY v.product_id) AS r
       WHERE p.id = r.product_id
         AND (p.stock_quantity, p.in_stock, p.variant_count, p.price_cents, p.original_price_cents)
             IS DISTINCT FROM (r.stock, r.stock > 0, r.n, r.price_cents, r.original_price_cents)`);
  }
}
