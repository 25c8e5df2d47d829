/** A shopper's favourite products ("Mes Favoris"): always read and written for one user id. */
import { and, desc, eq } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { favorites, products } from "../../db/schema";
import { isUuid } from "~/lib/uuid";
import { notFound } from "~/domain/errors";
import * as SHOP_MESSAGES from "~/domain/messages/shop";

/** Ids of the shopper's favourite products, most recent first (the header badge and the hearts). */
export async function listFavoriteIds(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .select({ productId: favorites.productId })
    .from(favorites)
    .where(eq(favorites.userId, userId))
    .orderBy(desc(favorites.createdAt), desc(favorites.id));
  return rows.map((row) => row.productId);
}

export async function isFavorite(db: Executor, userId: string, productId: string): Promise<boolean> {
  if (!isUuid(productId)) return false;
  const [row] = await db
    .select({ id: favorites.id })
    .from(favorites)
    .where(and(eq(favorites.userId, userId), eq(favorites.productId, productId)))
    .limit(1);
  return row !== undefined;
}

export const FAVORITE_PRODUCT_NOT_FOUND_MESSAGE = SHOP_MESSAGES.productNotFound;

const productNotFound = () => notFound("product_not_found", FAVORITE_PRODUCT_NOT_FOUND_MESSAGE);

/**
 * Adds a favourite; adding one twice changes nothing (idempotent). `added` is false when it was
 * already there. An unknown product is thrown as the domain error `product_not_found`.
 */
export async function addFavorite(db: Executor, userId: string, productId: string): Promise<{ added: boolean }> {
  if (!isUuid(productId)) throw productNotFound();
  const [product] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId)).limit(1);
  if (!product) throw productNotFound();
  const inserted = await db
    .insert(favorites)
    .values({ userId, productId })
    .onConflictDoNothing({ target: [favorites.userId, favorites.productId] })
    .returning({ id: favorites.id });
  return { added: inserted.length > 0 };
}

/** Removes a favourite; true when there was one. */
export async function removeFavorite(db: Executor, userId: string, productId: string): Promise<boolean> {
  if (!isUuid(productId)) return false;
  const deleted = await db
    .delete(favorites)
    .where(and(eq(favorites.userId, userId), eq(favorites.productId, productId)))
    .returning({ id: favorites.id });
  return deleted.length > 0;
}

/** Spec §4: add if absent, remove if present. Returns whether the product is now a favourite. */
export async function toggleFavorite(db: Executor, userId: string, productId: string): Promise<boolean> {
  if (await removeFavorite(db, userId, productId)) return false;
  await addFavorite(db, userId, productId);
  return true;
}

/** The erasure of an account (RGPD art. 17). */
export async function eraseFavoritesOf(tx: Executor, userId: string): Promise<void> {
  await tx.delete(favorites).where(eq(favorites.userId, userId));
}
