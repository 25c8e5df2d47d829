/**
 * The back-office product form: read one product for editing, create, edit. The server checks
 * everything again (the schema, the category, the SKU's uniqueness) and writes in one
 * transaction, all or nothing. Stock goes through the inventory service (a movement per
 * change); the price history is kept by the products trigger (drizzle/0002); catalogue caches
 * are forgotten and images the edit dropped are deleted after the commit.
 */
import { asc, eq } from "drizzle-orm";
import type { Database, Executor } from "../../db/client";
import { categories, products, productVariants } from "../../db/schema";
import { invalidateCatalogCaches } from "./catalog.service";
import { adjustStock, recordInitialStock } from "../inventory/inventory.service";
import { forgetStockReport } from "./products-admin.service";
import { droppedImages, removeUnreferencedProductImages } from "../../media/product-images";
import {
  EMPTY_PRODUCT_FORM,
  PRODUCT_CATEGORY_MESSAGE,
  PRODUCT_FORM_INVALID_MESSAGE,
  PRODUCT_NOT_FOUND_MESSAGE,
  PRODUCT_SKU_TAKEN_MESSAGE,
  SKIN_TYPES,
  type AdminProductDetail,
  type ProductFieldErrors,
  type ProductInput,
  type SkinType,
} from "~/domain/catalog/admin-product-form.schema";
import { conflict, invalid, notFound } from "~/domain/errors";
import { isUuid } from "~/lib/uuid";

/**
 * The product saved. Refusals are thrown as DomainError: product_not_found, invalid_product
 * (invalid, with a message per field), sku_taken (conflict, on the SKU field).
 */
export type SavedProduct = { id: string; name: string; created: boolean };

const productNotFound = () => notFound("product_not_found", PRODUCT_NOT_FOUND_MESSAGE);

const euros = (cents: number | null) => (cents === null || cents === 0 ? "" : (cents / 100).toFixed(2));

/** The product as the form edits it, or null when the id is unknown. */
export async function getAdminProductDetail(db: Executor, id: string): Promise<AdminProductDetail | null> {
  if (!isUuid(id)) return null;
  const [p] = await db.select().from(products).where(eq(products.id, id));
  if (!p) return null;
  const skin = p.attributes?.skin_type ?? "";
  return {
    id: p.id,
    in_stock: p.inStock,
    values: {
      ...EMPTY_PRODUCT_FORM,
      name: p.name,
      description: p.description ?? "",
      category_id: p.categoryId ?? "",
      brand: p.brand ?? "",
      sku: p.sku ?? "",
      price: euros(p.priceCents),
      original_price: euros(p.originalPriceCents),
      stock: String(p.stockQuantity),
      rating: String(Number(p.rating)),
      review_count: String(p.reviewCount),
      image_url: p.imageUrl ?? "",
      images: p.images ?? [],
      tags: p.tags ?? [],
      attributes: {
        size: p.attributes?.size ?? "",
        color: p.attributes?.color ?? "",
        skin_type: (SKIN_TYPES as readonly string[]).includes(skin) ? (skin as SkinType) : "",
        usage: p.attributes?.usage ?? "",
      },
      featured: p.featured,
    },
  };
}

function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    if ((current as { code?: unknown }).code === "23505") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** The columns the form writes (stock and in_stock apart: they follow the inventory rules). */
function columnsOf(input: ProductInput) {
  return {
    name: input.name,
    description: input.description,
    categoryId: input.categoryId,
    brand: input.brand,
    sku: input.sku,
    priceCents: input.priceCents,
    originalPriceCents: input.originalPriceCents,
    rating: input.rating,
    reviewCount: input.reviewCount,
    imageUrl: input.imageUrl,
    images: input.images,
    tags: input.tags,
    attributes: input.attributes,
    featured: input.featured,
  };
}

/**
 * Creates (id null) or edits a product from the form's validated input. Unknown id: 404
 * 'Produit introuvable'; unknown category: 'Veuillez sélectionner une catégorie'; a SKU used by
 * another product: 409 with a message on the SKU field. Nothing is written on a refusal.
 */
export async function saveAdminProduct(
  db: Database,
  request: { id: string | null; input: ProductInput; actorUserId: string },
): Promise<SavedProduct> {
  const { id, input, actorUserId } = request;
  if (id !== null && !isUuid(id)) throw productNotFound();
  let dropped: string[] = [];
  let saved: { id: string; created: boolean };
  try {
    saved = await db.transaction(async (tx) => {
      const [category] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, input.categoryId)).for("share");
      if (!category) {
        const fieldErrors: ProductFieldErrors = { category_id: PRODUCT_CATEGORY_MESSAGE };
        throw invalid("invalid_product", PRODUCT_FORM_INVALID_MESSAGE, { fieldErrors });
      }
      if (id === null) {
        // The product's price and stock are its variants' roll-ups (decision 025): one variant carries them.
        const [row] = await tx
          .insert(products)
          .values({ ...columnsOf(input), stockQuantity: 0, inStock: false })
          .returning({ id: products.id });
        const [variant] = await tx
          .insert(productVariants)
          .values({
            productId: row.id,
            sku: input.sku ?? `AUR-${row.id.replace(/-/g, "").slice(0, 12).toUpperCase()}`,
            label: input.attributes.size || "Format unique",
            size: input.attributes.size || null,
            priceCents: input.priceCents,
            originalPriceCents: input.originalPriceCents,
            stockQuantity: input.stock,
          })
          .returning({ id: productVariants.id });
        await recordInitialStock(tx, { variantId: variant.id, quantity: input.stock, actorUserId });
        return { id: row.id, created: true };
      }
      const [current] = await tx
        .select({ imageUrl: products.imageUrl, images: products.images })
        .from(products)
        .where(eq(products.id, id))
        .for("update");
      if (!current) throw productNotFound();
      const { priceCents, originalPriceCents, ...productColumns } = columnsOf(input);
      await tx.update(products).set(productColumns).where(eq(products.id, id));
      // Price and stock belong to the product's default variant; the product's roll-ups follow at commit.
      const [variant] = await tx
        .select({ id: productVariants.id })
        .from(productVariants)
        .where(eq(productVariants.productId, id))
        .orderBy(asc(productVariants.position), asc(productVariants.id))
        .limit(1);
      if (!variant) throw productNotFound();
      await tx.update(productVariants).set({ priceCents, originalPriceCents }).where(eq(productVariants.id, variant.id));
      // The stock itself: the inventory service's "set", which writes a movement when it changes.
      await adjustStock(tx, { variantIds: [variant.id], mode: "set", quantity: input.stock, actorUserId });
      dropped = droppedImages([current.imageUrl, ...(current.images ?? [])], [input.imageUrl, ...input.images]);
      return { id, created: false };
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw conflict("sku_taken", PRODUCT_SKU_TAKEN_MESSAGE, { fieldErrors: { sku: PRODUCT_SKU_TAKEN_MESSAGE } });
    }
    throw error;
  }
  invalidateCatalogCaches(db);
  forgetStockReport(db);
  if (dropped.length > 0) await removeUnreferencedProductImages(db, dropped);
  return { id: saved.id, name: input.name, created: saved.created };
}
