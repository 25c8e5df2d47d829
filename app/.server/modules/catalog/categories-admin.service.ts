import { asc, count, eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { categories, products } from "../../db/schema";
import { invalidateCatalogCaches } from "./catalog.service";
import type { AdminActor } from "~/domain/activity-log/activity-log";
import { recordAdminChangeBy } from "~/.server/outbox/events";
import { conflict, invalid, notFound } from "~/domain/errors";
import { isUuid } from "~/lib/uuid";
import {
  CATEGORY_HAS_PRODUCTS_MESSAGE,
  CATEGORY_NAME_TAKEN_MESSAGE,
  CATEGORY_NAME_UNUSABLE_MESSAGE,
  CATEGORY_NOT_FOUND_MESSAGE,
  CategoryNameSchema,
  slugify,
  type AdminCategoryRow,
} from "~/domain/catalog/admin-categories.schema";

/**
 * Back-office categories (spec back-office §7 "Categories table"): list with product counts,
 * create, rename, delete refused while products use the category. Every write runs in one
 * transaction under an advisory lock, so two administrators cannot create the same name twice,
 * and clears the catalogue caches so the storefront navigation follows at once.
 */

/** Any constant key: serialises category writes between concurrent transactions. */
const CATEGORY_WRITE_LOCK_KEY = 0x5a7_0002;

/**
 * The category written. Refusals are thrown as DomainError: invalid_category_name (invalid),
 * category_not_found, category_name_taken and category_has_products (conflict).
 */
export type CategoryResult = { category: AdminCategoryRow };

const categoryNotFound = () => notFound("category_not_found", CATEGORY_NOT_FOUND_MESSAGE);

/** All categories by name, each with the number of products filed under it. */
export async function listAdminCategories(db: Executor): Promise<AdminCategoryRow[]> {
  const productCounts = db
    .select({ categoryId: products.categoryId, n: count().as("n") })
    .from(products)
    .groupBy(products.categoryId)
    .as("product_counts");
  const rows = await db
    .select({
      id: categories.id,
      name: categories.name,
      slug: categories.slug,
      productCount: sql<number>`coalesce(${productCounts.n}, 0)`.mapWith(Number),
    })
    .from(categories)
    .leftJoin(productCounts, eq(productCounts.categoryId, categories.id))
    .orderBy(asc(categories.name), asc(categories.id));
  return rows.map((r) => ({ id: r.id, name: r.name, slug: r.slug, product_count: r.productCount }));
}

const invalidName = (message: string) => invalid("invalid_category_name", message);

function parseName(input: unknown): string {
  const parsed = CategoryNameSchema.safeParse({ name: input });
  if (!parsed.success) throw invalidName(parsed.error.issues[0]?.message ?? CATEGORY_NAME_UNUSABLE_MESSAGE);
  return parsed.data.name;
}

async function lockCategoryWrites(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(CATEGORY_WRITE_LOCK_KEY))})`);
}

/** Another category with this name, case and accents ignored ("parfums" = "Parfums"). */
async function nameTaken(tx: Executor, name: string, exceptId?: string): Promise<boolean> {
  const rows = await tx.select({ id: categories.id, name: categories.name }).from(categories);
  const wanted = foldName(name);
  return rows.some((r) => r.id !== exceptId && foldName(r.name) === wanted);
}

function foldName(name: string): string {
  return name
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLocaleLowerCase("fr-FR")
    .replace(/\s+/g, " ")
    .trim();
}

/** The derived slug, suffixed -2, -3 ... when another category already has it. */
async function uniqueSlug(tx: Executor, base: string): Promise<string> {
  const rows = await tx
    .select({ slug: categories.slug })
    .from(categories)
    .where(sql`${categories.slug} = ${base} or ${categories.slug} like ${`${base}-%`}`);
  const taken = new Set(rows.map((r) => r.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

export async function createCategory(db: Executor, input: { name: unknown }, actor?: AdminActor): Promise<CategoryResult> {
  const name = parseName(input.name);
  const base = slugify(name);
  if (!base) throw invalidName(CATEGORY_NAME_UNUSABLE_MESSAGE);
  const result = await db.transaction(async (tx): Promise<CategoryResult> => {
    await lockCategoryWrites(tx);
    if (await nameTaken(tx, name)) throw conflict("category_name_taken", CATEGORY_NAME_TAKEN_MESSAGE);
    const slug = await uniqueSlug(tx, base);
    const [{ last }] = await tx.select({ last: sql<number | null>`max(${categories.position})` }).from(categories);
    const [row] = await tx
      .insert(categories)
      .values({ name, slug, position: Number(last ?? 0) + 1 })
      .returning({ id: categories.id, name: categories.name, slug: categories.slug });
    await recordAdminChangeBy(tx, actor, {
      action: "category.create",
      entityType: "category",
      entityId: row.id,
      summary: `Catégorie « ${row.name} » créée`,
      after: { name: row.name, slug: row.slug },
    });
    return { category: { ...row, product_count: 0 } };
  });
  invalidateCatalogCaches(db);
  return result;
}

/**
 * Renames a category. The slug stays: it is the category's public address (/category/{slug}),
 * already in bookmarks, the sitemap and search engines, and it does not need to spell the name.
 */
export async function renameCategory(db: Executor, input: { id: string; name: unknown }, actor?: AdminActor): Promise<CategoryResult> {
  if (!isUuid(input.id)) throw categoryNotFound();
  const name = parseName(input.name);
  const result = await db.transaction(async (tx): Promise<CategoryResult> => {
    await lockCategoryWrites(tx);
    if (await nameTaken(tx, name, input.id)) throw conflict("category_name_taken", CATEGORY_NAME_TAKEN_MESSAGE);
    const [previous] = await tx.select({ name: categories.name }).from(categories).where(eq(categories.id, input.id)).for("update");
    const [row] = await tx
      .update(categories)
      .set({ name, updatedAt: new Date() })
      .where(eq(categories.id, input.id))
      .returning({ id: categories.id, name: categories.name, slug: categories.slug });
    if (!row || !previous) throw categoryNotFound();
    await recordAdminChangeBy(tx, actor, {
      action: "category.update",
      entityType: "category",
      entityId: row.id,
      summary: `Catégorie « ${previous.name} » renommée en « ${row.name} »`,
      before: { name: previous.name },
      after: { name: row.name },
    });
    const [{ n }] = await tx.select({ n: count() }).from(products).where(eq(products.categoryId, row.id));
    return { category: { ...row, product_count: Number(n) } };
  });
  invalidateCatalogCaches(db);
  return result;
}

function isForeignKeyViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    if ((current as { code?: unknown }).code === "23503") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Deletes a category that no product uses. The row is locked first (FOR UPDATE), which waits for
 * any transaction filing a product under it; the count then sees that product. The foreign key
 * (ON DELETE RESTRICT) is the last line: if it still refuses, the same message is returned.
 */
export async function deleteCategory(db: Executor, id: string, actor?: AdminActor): Promise<void> {
  if (!isUuid(id)) throw categoryNotFound();
  const hasProducts = () => conflict("category_has_products", CATEGORY_HAS_PRODUCTS_MESSAGE);
  try {
    await db.transaction(async (tx) => {
      await lockCategoryWrites(tx);
      const [row] = await tx
        .select({ id: categories.id, name: categories.name, slug: categories.slug })
        .from(categories)
        .where(eq(categories.id, id))
        .for("update");
      if (!row) throw categoryNotFound();
      const [{ n }] = await tx.select({ n: count() }).from(products).where(eq(products.categoryId, id));
      if (Number(n) > 0) throw hasProducts();
      await tx.delete(categories).where(eq(categories.id, id));
      await recordAdminChangeBy(tx, actor, {
        action: "category.delete",
        entityType: "category",
        entityId: id,
        summary: `Catégorie « ${row.name} » supprimée`,
        before: { name: row.name, slug: row.slug },
      });
    });
  } catch (error) {
    if (!isForeignKeyViolation(error)) throw error;
    throw hasProducts();
  }
  invalidateCatalogCaches(db);
}
