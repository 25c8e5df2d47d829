import { asc, count, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Executor } from "../../db/client";
import { brands, products } from "../../db/schema";
import { invalidateCatalogCaches } from "./catalog.service";
import type { AdminActor } from "~/domain/activity-log/activity-log";
import { recordAdminChangeBy, recordEvent } from "~/.server/outbox/events";
import { productWebhookResource } from "./product-resource";
import { conflict, invalid, notFound } from "~/domain/errors";
import { isUuid } from "~/lib/uuid";
import { slugify } from "~/domain/catalog/admin-categories.schema";
import {
  BRAND_HAS_PRODUCTS_MESSAGE,
  BRAND_NAME_TAKEN_MESSAGE,
  BRAND_NAME_UNUSABLE_MESSAGE,
  BRAND_NOT_FOUND_MESSAGE,
  BrandCreateSchema,
  BrandUpdateSchema,
} from "~/domain/catalog/admin-brands.schema";
import { isUniqueViolation } from "~/.server/db/errors";

/**
 * Brands written by the admin API (docs/decisions/049-api-keys-and-admin-api.md): create, rename
 * or describe, delete refused while products use the brand. The rules are the back-office
 * categories' (unique name with case and accents ignored, slug derived once and kept, one
 * transaction under an advisory lock, activity-logged, catalogue caches cleared).
 */

/** Any constant key: serialises brand writes between concurrent transactions. */
const BRAND_WRITE_LOCK_KEY = 0x5a7_0003;

export type AdminBrand = { id: string; name: string; slug: string; description: string | null; product_count: number };

const brandNotFound = () => notFound("brand_not_found", BRAND_NOT_FOUND_MESSAGE);
const nameTakenError = () => conflict("brand_name_taken", BRAND_NAME_TAKEN_MESSAGE);

function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw invalid("invalid_brand", parsed.error.issues[0]?.message ?? BRAND_NAME_UNUSABLE_MESSAGE);
  return parsed.data;
}

async function lockBrandWrites(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(BRAND_WRITE_LOCK_KEY))})`);
}

function foldName(name: string): string {
  return name
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLocaleLowerCase("fr-FR")
    .replace(/\s+/g, " ")
    .trim();
}

/** Another brand with this name, case and accents ignored ("Maison Éclat" = "maison eclat"). */
async function nameTaken(tx: Executor, name: string, exceptId?: string): Promise<boolean> {
  const rows = await tx.select({ id: brands.id, name: brands.name }).from(brands);
  const wanted = foldName(name);
  return rows.some((r) => r.id !== exceptId && foldName(r.name) === wanted);
}

/** The derived slug, suffixed -2, -3 ... when another brand already has it (the product form's rule). */
async function uniqueSlug(tx: Executor, base: string): Promise<string> {
  const rows = await tx
    .select({ slug: brands.slug })
    .from(brands)
    .where(sql`${brands.slug} = ${base} or ${brands.slug} like ${`${base}-%`}`);
  const taken = new Set(rows.map((r) => r.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

async function productCount(tx: Executor, brandId: string): Promise<number> {
  const [{ n }] = await tx.select({ n: count() }).from(products).where(eq(products.brandId, brandId));
  return Number(n);
}

const brandColumns = { id: brands.id, name: brands.name, slug: brands.slug, description: brands.description };

/** Every brand by name with the number of products that carry it: the back-office's Marques screen. */
export async function listAdminBrands(db: Executor): Promise<AdminBrand[]> {
  const productCounts = db
    .select({ brandId: products.brandId, n: count().as("n") })
    .from(products)
    .groupBy(products.brandId)
    .as("product_counts");
  const rows = await db
    .select({ ...brandColumns, productCount: sql<number>`coalesce(${productCounts.n}, 0)`.mapWith(Number) })
    .from(brands)
    .leftJoin(productCounts, eq(productCounts.brandId, brands.id))
    .orderBy(asc(brands.name), asc(brands.id));
  return rows.map(({ productCount, ...row }) => ({ ...row, product_count: productCount }));
}

/** Body `{ name, description? }`. Refusals: invalid_brand (400), brand_name_taken (409). */
export async function createBrand(db: Executor, input: { name?: unknown; description?: unknown }, actor?: AdminActor): Promise<AdminBrand> {
  const values = parse(BrandCreateSchema, { name: input.name, description: input.description });
  const base = slugify(values.name);
  if (!base) throw invalid("invalid_brand", BRAND_NAME_UNUSABLE_MESSAGE);
  try {
    const brand = await db.transaction(async (tx) => {
      await lockBrandWrites(tx);
      if (await nameTaken(tx, values.name)) throw nameTakenError();
      const [row] = await tx
        .insert(brands)
        .values({ name: values.name, slug: await uniqueSlug(tx, base), description: values.description ?? null })
        .returning(brandColumns);
      await recordAdminChangeBy(tx, actor, {
        action: "brand.create",
        entityType: "brand",
        entityId: row.id,
        summary: `Marque « ${row.name} » créée`,
        after: { name: row.name, slug: row.slug },
      });
      return { ...row, product_count: 0 };
    });
    invalidateCatalogCaches(db);
    return brand;
  } catch (error) {
    // The product form creates brands from its "new brand" field without this lock: the unique index decides.
    if (isUniqueViolation(error)) throw nameTakenError();
    throw error;
  }
}

/**
 * Body `{ name?, description? }`: only the fields sent change. The slug stays (the brand page's
 * address, /marque/{slug}, already linked). A new name is copied onto the brand's products (their
 * `brand` column, for search and cards), and each of them is announced as `product.updated`, as
 * the product form does when a product's brand changes: the product's webhook body carries it.
 */
export async function updateBrand(
  db: Executor,
  id: string,
  input: { name?: unknown; description?: unknown },
  actor?: AdminActor,
): Promise<AdminBrand> {
  if (!isUuid(id)) throw brandNotFound();
  const values = parse(BrandUpdateSchema, { name: input.name, description: input.description });
  try {
    const brand = await db.transaction(async (tx) => {
      await lockBrandWrites(tx);
      const [previous] = await tx.select(brandColumns).from(brands).where(eq(brands.id, id)).for("update");
      if (!previous) throw brandNotFound();
      if (values.name !== undefined && (await nameTaken(tx, values.name, id))) throw nameTakenError();
      const next = {
        name: values.name ?? previous.name,
        description: values.description === undefined ? previous.description : values.description,
      };
      const [row] = await tx
        .update(brands)
        .set({ ...next, updatedAt: new Date() })
        .where(eq(brands.id, id))
        .returning(brandColumns);
      if (next.name !== previous.name) {
        const renamed = await tx.update(products).set({ brand: next.name }).where(eq(products.brandId, id)).returning({ id: products.id });
        for (const p of renamed)
          await recordEvent(tx, "product.changed", { productId: p.id, resource: await productWebhookResource(tx, p.id) });
      }
      const changed = next.name !== previous.name ? `renommée en « ${row.name} »` : "modifiée";
      await recordAdminChangeBy(tx, actor, {
        action: "brand.update",
        entityType: "brand",
        entityId: row.id,
        summary: `Marque « ${previous.name} » ${changed}`,
        before: { name: previous.name, description: previous.description },
        after: { name: row.name, description: row.description },
      });
      return { ...row, product_count: await productCount(tx, id) };
    });
    invalidateCatalogCaches(db);
    return brand;
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTakenError();
    throw error;
  }
}

/**
 * Deletes a brand no product uses (409 otherwise). The row is locked first, which waits for a
 * transaction giving a product this brand; the count then sees that product. The foreign key
 * would only clear the products' brand (ON DELETE SET NULL), so the count is the rule.
 */
export async function deleteBrand(db: Executor, id: string, actor?: AdminActor): Promise<void> {
  if (!isUuid(id)) throw brandNotFound();
  await db.transaction(async (tx) => {
    await lockBrandWrites(tx);
    const [row] = await tx.select(brandColumns).from(brands).where(eq(brands.id, id)).for("update");
    if (!row) throw brandNotFound();
    if ((await productCount(tx, id)) > 0) throw conflict("brand_has_products", BRAND_HAS_PRODUCTS_MESSAGE);
    await tx.delete(brands).where(eq(brands.id, id));
    await recordAdminChangeBy(tx, actor, {
      action: "brand.delete",
      entityType: "brand",
      entityId: id,
      summary: `Marque « ${row.name} » supprimée`,
      before: { name: row.name, slug: row.slug },
    });
  });
  invalidateCatalogCaches(db);
}

/** One brand as the admin API shows it after a write; null for an unknown id. */
export async function getAdminBrand(db: Executor, id: string): Promise<AdminBrand | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select(brandColumns).from(brands).where(eq(brands.id, id));
  return row ? { ...row, product_count: await productCount(db, id) } : null;
}
