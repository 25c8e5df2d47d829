/**
 * The back-office product form: read one product with its variants for editing, create, edit.
 * The server checks everything again (the schema, the category, the brand, every SKU's
 * uniqueness across the shop) and writes in one transaction, all or nothing. A product's price,
 * stock and variant count are roll-ups of its variants kept by a deferred trigger (decision 025),
 * so this code never writes them; each variant's stock goes through the inventory service (a
 * movement per change), which the product-form workflow calls between this module's steps
 * (app/.server/workflows/product-form.ts); the price history is kept per variant by a trigger.
 * Catalogue caches are forgotten and images the edit dropped are deleted after the commit.
 */
import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import { productWebhookResource } from "./product-resource";
import type { Database, Executor } from "../../db/client";
import { brands, categories, productBundles, products, productVariants } from "../../db/schema";
import { afterStockChange } from "./products-admin.service";
import type { AdminActor } from "~/domain/activity-log/activity-log";
import { changedFields } from "~/domain/activity-log/masking";
import { recordAdminChangeBy, recordEvent } from "~/.server/outbox/events";
import { droppedImages, removeUnreferencedProductImages } from "../../media/product-images";
import {
  EMPTY_PRODUCT_FORM,
  PRODUCT_BRAND_MESSAGE,
  PRODUCT_CATEGORY_MESSAGE,
  PRODUCT_FORM_INVALID_MESSAGE,
  PRODUCT_NOT_FOUND_MESSAGE,
  SKIN_TYPES,
  VARIANT_NOT_FOUND_MESSAGE,
  VARIANT_SKU_TAKEN_MESSAGE,
  variantErrorKey,
  type AdminProductDetail,
  type BrandOption,
  type ProductFieldErrors,
  type ProductFormValues,
  type ProductInput,
  type SkinType,
  type VariantFormValues,
  type VariantInput,
} from "~/domain/catalog/admin-product-form.schema";
import { slugify } from "~/domain/catalog/admin-categories.schema";
import { conflict, invalid, notFound } from "~/domain/errors";
import { isUuid } from "~/lib/uuid";
import { isUniqueViolation } from "~/.server/db/errors";

/**
 * The product saved. Refusals are thrown as DomainError: product_not_found, invalid_product
 * (invalid, with a message per field), sku_taken (conflict, on each clashing variant's SKU field).
 */
export type SavedProduct = { id: string; name: string; created: boolean };

const productNotFound = () => notFound("product_not_found", PRODUCT_NOT_FOUND_MESSAGE);

const euros = (cents: number | null) => (cents === null || cents === 0 ? "" : (cents / 100).toFixed(2));

/** The brands the form's select offers, A to Z. */
export async function listBrandOptions(db: Executor): Promise<BrandOption[]> {
  return db.select({ id: brands.id, name: brands.name }).from(brands).orderBy(asc(brands.name));
}

/** The product as the form edits it (its variants in their order), or null when the id is unknown. */
export async function getAdminProductDetail(db: Executor, id: string): Promise<AdminProductDetail | null> {
  if (!isUuid(id)) return null;
  const [p] = await db.select().from(products).where(eq(products.id, id));
  if (!p) return null;
  const variants = await db
    .select()
    .from(productVariants)
    .where(eq(productVariants.productId, id))
    .orderBy(asc(productVariants.position), asc(productVariants.id));
  const skin = p.attributes?.skin_type ?? "";
  const sets = variants.length
    ? await db
        .select({ id: productBundles.variantId })
        .from(productBundles)
        .where(
          inArray(
            productBundles.variantId,
            variants.map((v) => v.id),
          ),
        )
    : [];
  return {
    id: p.id,
    bundle_variant_ids: sets.map((s) => s.id),
    in_stock: p.inStock,
    values: {
      ...EMPTY_PRODUCT_FORM,
      name: p.name,
      description: p.description ?? "",
      category_id: p.categoryId ?? "",
      brand_id: p.brandId ?? "",
      new_brand: "",
      image_url: p.imageUrl ?? "",
      images: p.images ?? [],
      tags: p.tags ?? [],
      attributes: {
        color: p.attributes?.color ?? "",
        skin_type: (SKIN_TYPES as readonly string[]).includes(skin) ? (skin as SkinType) : "",
        usage: p.attributes?.usage ?? "",
      },
      ingredients: p.ingredients ?? "",
      usage_tips: p.usageTips ?? "",
      featured: p.featured,
      weight_grams: p.weightGrams === null ? "" : String(p.weightGrams),
      tax_class: p.taxClass,
      hs_code: p.hsCode ?? "",
      // A code the list has since dropped is shown as it is, never cleared unseen: saving asks for a listed one.
      origin_country: (p.originCountry ?? "") as ProductFormValues["origin_country"],
      variants: variants.map((v): VariantFormValues => ({
        key: v.id,
        id: v.id,
        label: v.label,
        size: v.size ?? "",
        shade: v.shade ?? "",
        shade_hex: v.shadeHex ?? "",
        content_amount: v.contentAmount === null ? "" : String(Number(v.contentAmount)),
        content_unit: v.contentUnit ?? "",
        sku: v.sku,
        price: euros(v.priceCents),
        original_price: euros(v.originalPriceCents),
        stock: String(v.stockQuantity),
        images: v.images ?? [],
      })),
    },
  };
}

const invalidProduct = (fieldErrors: ProductFieldErrors) => invalid("invalid_product", PRODUCT_FORM_INVALID_MESSAGE, { fieldErrors });

/** The brand the product points to: the one chosen, or the one typed (found by name, else created). */
async function resolveBrand(tx: Executor, input: ProductInput): Promise<{ id: string; name: string } | null> {
  if (input.newBrand) {
    const name = input.newBrand;
    const [same] = await tx
      .select({ id: brands.id, name: brands.name })
      .from(brands)
      .where(sql`lower(${brands.name}) = lower(${name})`);
    if (same) return same;
    const base = slugify(name) || "marque";
    const [{ taken }] = await tx
      .select({ taken: sql<number>`count(*)`.mapWith(Number) })
      .from(brands)
      .where(sql`${brands.slug} = ${base} OR ${brands.slug} LIKE ${`${base}-%`}`);
    const [created] = await tx
      .insert(brands)
      .values({ name, slug: taken === 0 ? base : `${base}-${taken + 1}` })
      .returning({ id: brands.id, name: brands.name });
    return created;
  }
  if (!input.brandId) return null;
  const [brand] = await tx.select({ id: brands.id, name: brands.name }).from(brands).where(eq(brands.id, input.brandId)).for("share");
  if (!brand) throw invalidProduct({ brand_id: PRODUCT_BRAND_MESSAGE });
  return brand;
}

/**
 * The SKU field's message on each row whose SKU another product's variant already sells
 * (a variant of this product may hand its SKU to another row of the same form).
 */
async function skuClashes(db: Executor, productId: string | null, variants: readonly VariantInput[]): Promise<ProductFieldErrors> {
  const skus = variants.map((v) => v.sku);
  const owners = productId
    ? and(inArray(productVariants.sku, skus), ne(productVariants.productId, productId))
    : inArray(productVariants.sku, skus);
  const taken = new Set((await db.select({ sku: productVariants.sku }).from(productVariants).where(owners)).map((r) => r.sku));
  const errors: ProductFieldErrors = {};
  variants.forEach((v, index) => {
    if (taken.has(v.sku)) errors[variantErrorKey(index, "sku")] = VARIANT_SKU_TAKEN_MESSAGE;
  });
  return errors;
}

const skuTaken = (fieldErrors: ProductFieldErrors) => conflict("sku_taken", VARIANT_SKU_TAKEN_MESSAGE, { fieldErrors });

/** The product columns the form writes (never the roll-ups: price, stock, in_stock, variant count). */
function columnsOf(input: ProductInput, brand: { id: string; name: string } | null) {
  return {
    name: input.name,
    description: input.description,
    categoryId: input.categoryId,
    brandId: brand?.id ?? null,
    brand: brand?.name ?? null,
    imageUrl: input.imageUrl,
    images: input.images,
    tags: input.tags,
    attributes: input.attributes,
    ingredients: input.ingredients,
    usageTips: input.usageTips,
    featured: input.featured,
    weightGrams: input.weightGrams,
    taxClass: input.taxClass,
    hsCode: input.hsCode,
    originCountry: input.originCountry,
  };
}

/** A variant's columns at a position (its stock apart: the inventory service moves it). */
function variantColumns(v: VariantInput, position: number) {
  return {
    sku: v.sku,
    label: v.label,
    size: v.size,
    shade: v.shade,
    shadeHex: v.shadeHex,
    contentAmount: v.contentAmount,
    contentUnit: v.contentUnit,
    priceCents: v.priceCents,
    originalPriceCents: v.originalPriceCents,
    images: v.images,
    position,
  };
}

/** Inserts variants added by the form with their stock; their first movements are the inventory's. */
async function insertVariants(
  tx: Executor,
  productId: string,
  added: readonly { variant: VariantInput; position: number }[],
): Promise<{ variantId: string; quantity: number }[]> {
  if (added.length === 0) return [];
  const rows = await tx
    .insert(productVariants)
    .values(added.map(({ variant, position }) => ({ ...variantColumns(variant, position), productId, stockQuantity: variant.stock })))
    .returning({ id: productVariants.id });
  return rows.map((row, i) => ({ variantId: row.id, quantity: added[i].variant.stock }));
}

export type ProductSaveRequest = { id: string | null; input: ProductInput; actorUserId: string | null; actor?: AdminActor };

/**
 * What the catalogue wrote of a product save, for the workflow's next steps in the same
 * transaction (app/.server/workflows/product-form.ts): the stock of the new variants (their
 * first movement) and of the kept ones (the form's level), then the change's record.
 */
export type ProductSaveDraft = {
  id: string;
  created: boolean;
  /** The product as it was, for the activity log's diff (an edit by a known actor only). */
  before: AdminProductDetail | null;
  newVariants: { variantId: string; quantity: number }[];
  stockLevels: { variantId: string; stock: number }[];
  /** Images the edit no longer shows, deleted once the save has committed. */
  dropped: string[];
};

/**
 * The catalogue's part of a create (id null) or an edit, from the form's validated input.
 * Unknown id: 404 'Produit introuvable'; unknown category or brand: the field's message; a SKU
 * another product sells: 409 with 'Cette référence est déjà utilisée' on that variant's SKU
 * field. On an edit, the variants missing from the form are removed (order lines keep their
 * snapshot, cart lines holding them go), the others are updated and put in the form's order,
 * the new ones added. Stock is not written here: the draft says what it must become.
 */
export async function writeProductForm(tx: Executor, request: ProductSaveRequest): Promise<ProductSaveDraft> {
  const { id, input, actor } = request;
  if (id !== null && !isUuid(id)) throw productNotFound();
  const [category] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, input.categoryId)).for("share");
  if (!category) throw invalidProduct({ category_id: PRODUCT_CATEGORY_MESSAGE });
  const brand = await resolveBrand(tx, input);

  if (id === null) {
    const clashes = await skuClashes(tx, null, input.variants);
    if (Object.keys(clashes).length > 0) throw skuTaken(clashes);
    // The price is a roll-up: the first variant's stands in until the trigger sets the cheapest at commit.
    const [row] = await tx
      .insert(products)
      .values({ ...columnsOf(input, brand), priceCents: input.variants[0].priceCents, stockQuantity: 0, inStock: false })
      .returning({ id: products.id });
    const newVariants = await insertVariants(
      tx,
      row.id,
      input.variants.map((variant, position) => ({ variant, position })),
    );
    return { id: row.id, created: true, before: null, newVariants, stockLevels: [], dropped: [] };
  }

  const [current] = await tx
    .select({ imageUrl: products.imageUrl, images: products.images })
    .from(products)
    .where(eq(products.id, id))
    .for("update");
  if (!current) throw productNotFound();
  const before = actor ? await getAdminProductDetail(tx, id) : null;
  const existing = await tx
    .select({ id: productVariants.id, sku: productVariants.sku, images: productVariants.images })
    .from(productVariants)
    .where(eq(productVariants.productId, id))
    .orderBy(asc(productVariants.id))
    .for("update");
  const existingById = new Map(existing.map((v) => [v.id, v]));
  const unknown = input.variants.findIndex((v) => v.id !== null && !existingById.has(v.id));
  if (unknown >= 0) throw invalidProduct({ [variantErrorKey(unknown, "sku")]: VARIANT_NOT_FOUND_MESSAGE });
  const clashes = await skuClashes(tx, id, input.variants);
  if (Object.keys(clashes).length > 0) throw skuTaken(clashes);

  const keptIds = new Set(input.variants.flatMap((v) => (v.id ? [v.id] : [])));
  const removed = existing.filter((v) => !keptIds.has(v.id));
  if (removed.length > 0) {
    await tx.delete(productVariants).where(
      inArray(
        productVariants.id,
        removed.map((v) => v.id),
      ),
    );
  }
  await tx.update(products).set(columnsOf(input, brand)).where(eq(products.id, id));

  // Two rows may swap their SKUs: the changed ones step aside first so the unique index never sees a clash mid-way.
  const renamed = input.variants.filter((v) => v.id && existingById.get(v.id)?.sku !== v.sku);
  if (renamed.length > 1) {
    await tx
      .update(productVariants)
      .set({ sku: sql`'~' || ${productVariants.id}::text` })
      .where(
        inArray(
          productVariants.id,
          renamed.map((v) => v.id as string),
        ),
      );
  }
  const added: { variant: VariantInput; position: number }[] = [];
  const stockLevels: { variantId: string; stock: number }[] = [];
  for (const [position, variant] of input.variants.entries()) {
    if (!variant.id) {
      added.push({ variant, position });
      continue;
    }
    await tx.update(productVariants).set(variantColumns(variant, position)).where(eq(productVariants.id, variant.id));
    stockLevels.push({ variantId: variant.id, stock: variant.stock });
  }
  const newVariants = await insertVariants(tx, id, added);
  const dropped = droppedImages(
    [current.imageUrl, ...(current.images ?? []), ...existing.flatMap((v) => v.images ?? [])],
    [input.imageUrl, ...input.images, ...input.variants.flatMap((v) => v.images)],
  );
  return { id, created: false, before, newVariants, stockLevels, dropped };
}

/**
 * The save's record, once its stock is written: the product.changed event of an edit
 * (webhooks) and the activity log's entry with the product as it now is.
 */
export async function recordProductSaved(tx: Executor, request: ProductSaveRequest, draft: ProductSaveDraft): Promise<void> {
  const { input, actor } = request;
  if (draft.created) {
    if (!actor) return;
    const after = (await getAdminProductDetail(tx, draft.id))?.values;
    await recordAdminChangeBy(tx, actor, {
      action: "product.create",
      entityType: "product",
      entityId: draft.id,
      summary: `Produit « ${input.name} » créé`,
      after,
    });
    return;
  }
  await recordEvent(tx, "product.changed", { productId: draft.id, resource: await productWebhookResource(tx, draft.id) });
  if (!actor) return;
  const after = await getAdminProductDetail(tx, draft.id);
  await recordAdminChangeBy(tx, actor, {
    action: "product.update",
    entityType: "product",
    entityId: draft.id,
    summary: `Produit « ${input.name} » modifié`,
    ...changedFields({ ...draft.before?.values }, { ...after?.values }),
  });
}

/**
 * A save refused by the database's unique index: another save took one of the SKUs between the
 * check and the write. Answers as the check would have; any other error is the caller's.
 */
export async function productSaveRefusal(db: Executor, request: ProductSaveRequest, error: unknown): Promise<unknown> {
  if (!isUniqueViolation(error)) return error;
  const clashes = await skuClashes(db, request.id, request.input.variants);
  return skuTaken(Object.keys(clashes).length > 0 ? clashes : { variants: VARIANT_SKU_TAKEN_MESSAGE });
}

/** After a committed save: the caches forget the product, and the images it dropped go. */
export async function afterProductSaved(db: Database, draft: ProductSaveDraft): Promise<void> {
  afterStockChange(db);
  if (draft.dropped.length > 0) await removeUnreferencedProductImages(db, draft.dropped);
}
