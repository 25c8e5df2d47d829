/** Shoppers, addresses and carts inserted straight into a test database (service and bench tests). */
import { randomUUID } from "node:crypto";
import { and, asc, eq, gt } from "drizzle-orm";
import type { Executor } from "../../app/.server/db/client";
import { cartItems, carts, products, savedAddresses, user, userProfiles } from "../../app/.server/db/schema";
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

export async function putInServerCart(db: Executor, userId: string, lines: { product_id: string; quantity: number }[], expiresAt?: Date) {
  await db
    .insert(carts)
    .values({ userId, expiresAt: expiresAt ?? new Date(Date.now() + CART_LIFETIME_MS) })
    .onConflictDoUpdate({ target: carts.userId, set: { expiresAt: expiresAt ?? new Date(Date.now() + CART_LIFETIME_MS) } });
  for (const l of lines) await db.insert(cartItems).values({ userId, productId: l.product_id, quantity: l.quantity });
}

export async function serverCart(db: Executor, userId: string) {
  return db
    .select({ product_id: cartItems.productId, quantity: cartItems.quantity })
    .from(cartItems)
    .innerJoin(carts, and(eq(carts.userId, cartItems.userId), gt(carts.expiresAt, new Date(0))))
    .where(eq(cartItems.userId, userId));
}

/** Seeded products in a stable order, with their price; stock set as asked. */
export async function pickProducts(db: Executor, count: number, stock = 50) {
  const rows = await db
    .select({ id: products.id, name: products.name, priceCents: products.priceCents })
    .from(products)
    .orderBy(asc(products.priceCents), asc(products.id))
    .limit(count);
  for (const r of rows) await db.update(products).set({ stockQuantity: stock, inStock: true }).where(eq(products.id, r.id));
  return rows;
}

export const APPROVED_CARD = { holder: "Marie Curie", number: "4242 4242 4242 4242", expiry: "12/39", cvc: "123" };
export const DECLINED_CARD = { holder: "Marie Curie", number: "4000 0000 0000 0002", expiry: "12/39", cvc: "123" };
export const CONTACT = { email: "marie.curie@example.com", name: "Marie Curie", phone: "06 12 34 56 78" };
