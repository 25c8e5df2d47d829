/** Shoppers, addresses and carts inserted straight into a test database (service and bench tests). */
import { randomUUID } from "node:crypto";
import { and, asc, eq, gt } from "drizzle-orm";
import type { Executor } from "../../app/.server/db/client";
import { cartItems, carts, products, productVariants, savedAddresses, user, userProfiles } from "../../app/.server/db/schema";
import { CART_LIFETIME_MS } from "../../app/lib/shop-rules";

export type TestShopper = { id: string; email: string; addressId: string };

export async function createShopper(
  db: Executor,
  options: { points?: number; postalCode?: string; country?: string; name?: string } = {},
): Promise<TestShopper> {
  const id = `shopper-${randomUUID()}`;
  const email = `${id}@example.com`;
  await db.insert(user).values({ id, name: options.name ?? "Marie Curie", email });
  await db.insert(userProfiles).values({ id, firstName: "Marie", lastName: "Curie", loyaltyPoints: options.points ?? 0 });
  const [address] = await db
    .insert(savedAddresses)
    .values({
      userId: id,
      firstName: "Marie",
      lastName: "Curie",
      addressLine1: "12 rue des Lilas",
      city: "Lyon",
      postalCode: options.postalCode ?? "69003",
      country: options.country ?? "France",
      phone: "06 12 34 56 78",
      isDefault: true,
    })
    .returning({ id: savedAddresses.id });
  return { id, email, addressId: address.id };
}

/** Lines without a variant go in with the product's first variant. */
export async function putInServerCart(
  db: Executor,
  userId: string,
  lines: { product_id: string; variant_id?: string; quantity: number }[],
  expiresAt?: Date,
) {
  await db
    .insert(carts)
    .values({ userId, expiresAt: expiresAt ?? new Date(Date.now() + CART_LIFETIME_MS) })
    .onConflictDoUpdate({ target: carts.userId, set: { expiresAt: expiresAt ?? new Date(Date.now() + CART_LIFETIME_MS) } });
  for (const l of lines) {
    const variantId = l.variant_id ?? (await firstVariantId(db, l.product_id));
    await db.insert(cartItems).values({ userId, productId: l.product_id, variantId, quantity: l.quantity });
  }
}

async function firstVariantId(db: Executor, productId: string): Promise<string> {
  const [row] = await db
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(asc(productVariants.position), asc(productVariants.id))
    .limit(1);
  return row.id;
}

export async function serverCart(db: Executor, userId: string) {
  return db
    .select({ product_id: cartItems.productId, quantity: cartItems.quantity })
    .from(cartItems)
    .innerJoin(carts, and(eq(carts.userId, cartItems.userId), gt(carts.expiresAt, new Date(0))))
    .where(eq(cartItems.userId, userId));
}

/**
 * Seeded one-variant products in a stable order, with their price and variant; the variant's
 * stock set as asked (the product's stock follows it: a roll-up, decision 025).
 */
export async function pickProducts(db: Executor, count: number, stock = 50) {
  const rows = await db
    .select({ id: products.id, name: products.name, priceCents: products.priceCents, variantId: productVariants.id })
    .from(products)
    .innerJoin(productVariants, eq(productVariants.productId, products.id))
    .where(eq(products.variantCount, 1))
    .orderBy(asc(products.priceCents), asc(products.id))
    .limit(count);
  for (const r of rows) await db.update(productVariants).set({ stockQuantity: stock }).where(eq(productVariants.id, r.variantId));
  return rows;
}

export const APPROVED_CARD = { holder: "Marie Curie", number: "4242 4242 4242 4242", expiry: "12/39", cvc: "123" };
export const DECLINED_CARD = { holder: "Marie Curie", number: "4000 0000 0000 0002", expiry: "12/39", cvc: "123" };
export const CONTACT = { email: "marie.curie@example.com", name: "Marie Curie", phone: "06 12 34 56 78" };

/** A one-variant product's stock, set on its variant (the product's stock is a roll-up). */
export async function setProductStock(db: Executor, productId: string, stock: number) {
  await db.update(productVariants).set({ stockQuantity: stock }).where(eq(productVariants.productId, productId));
}

/** A one-variant product's price, set on its variant (the product's price is a roll-up). */
export async function setProductPrice(db: Executor, productId: string, priceCents: number) {
  await db.update(productVariants).set({ priceCents }).where(eq(productVariants.productId, productId));
}
