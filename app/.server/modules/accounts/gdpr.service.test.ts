import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestDatabase } from "../../../../tests/support/db";
import type { DatabaseHandle } from "../../db/client";
import {
  newsletterSubscriptions,
  account,
  loginHistory,
  orderItems,
  orders,
  products,
  savedAddresses,
  session,
  user,
  userPreferences,
  userProfiles,
  type OrderAddress,
} from "../../db/schema";
import { exportUserData } from "./gdpr.service";
import { eraseAccount as deleteAccount } from "../../workflows/erase-account";
import { DELETED_CUSTOMER_NAME } from "../orders/orders.service";

let handle: DatabaseHandle;
const alice = "user-gdpr-alice";
const bruno = "user-gdpr-bruno";
let aliceOrderId: string;

const aliceAddress: OrderAddress = {
  first_name: "Alice",
  last_name: "Martin",
  company: "Martin SARL",
  street: "12 rue des Lilas",
  additional_info: "Bâtiment B",
  city: "Lyon",
  postal_code: "69003",
  country: "France",
  phone: "0612345678",
};

beforeAll(async () => {
  handle = await createTestDatabase();
  const { db } = handle;
  await db.insert(user).values([
    { id: alice, name: "Alice Martin", email: "alice.gdpr@example.com" },
    { id: bruno, name: "Bruno Petit", email: "bruno.gdpr@example.com" },
  ]);
  await db.insert(userProfiles).values([
    { id: alice, firstName: "Alice", lastName: "Martin", phone: "0612345678" },
    { id: bruno, firstName: "Bruno", lastName: "Petit", phone: "0798765432" },
  ]);
  await db.insert(account).values({ id: "acc-gdpr-alice", accountId: alice, providerId: "credential", userId: alice, password: "hash" });
  await db.insert(session).values({
    id: "sess-gdpr-alice",
    token: "token-gdpr-alice",
    userId: alice,
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  await db.insert(savedAddresses).values([
    {
      userId: alice,
      firstName: "Alice",
      lastName: "Martin",
      addressLine1: "12 rue des Lilas",
      city: "Lyon",
      postalCode: "69003",
      phone: "0612345678",
    },
    {
      userId: bruno,
      firstName: "Bruno",
      lastName: "Petit",
      addressLine1: "3 avenue Foch",
      city: "Paris",
      postalCode: "75016",
      phone: "0798765432",
    },
  ]);
  const [product] = await db.select({ id: products.id, name: products.name, priceCents: products.priceCents }).from(products).limit(1);
  const [order] = await db
    .insert(orders)
    .values({
      orderNumber: "AUR-GDPR-0001",
      userId: alice,
      subtotalCents: product.priceCents * 2,
      totalCents: product.priceCents * 2,
      shippingAddress: aliceAddress,
      billingAddress: aliceAddress,
      notes: "Sonner deux fois",
      metadata: {
        customer_info: { first_name: "Alice", last_name: "Martin", email: "alice.gdpr@example.com", phone: "0612345678" },
        channel: "web",
      },
    })
    .returning({ id: orders.id });
  aliceOrderId = order.id;
  await db.insert(orderItems).values({
    orderId: order.id,
    productId: product.id,
    quantity: 2,
    unitPriceCents: product.priceCents,
    totalPriceCents: product.priceCents * 2,
    productSnapshot: { name: product.name, price_cents: product.priceCents, brand: null, image_url: null },
  });
  await db.insert(orders).values({
    orderNumber: "AUR-GDPR-0002",
    userId: bruno,
    subtotalCents: 1000,
    totalCents: 1000,
    shippingAddress: {
      ...aliceAddress,
      first_name: "Bruno",
      last_name: "Petit",
      street: "3 avenue Foch",
      city: "Paris",
      postal_code: "75016",
    },
  });
  await db.insert(userPreferences).values([
    { userId: alice, language: "en", timezone: "Europe/London" },
    { userId: bruno, language: "de" },
  ]);
  await db.insert(loginHistory).values([
    { userId: alice, loginSuccessful: true, browser: "Firefox", city: "Lyon" },
    { userId: bruno, loginSuccessful: false, browser: "Safari", city: "Paris" },
  ]);
});

afterAll(async () => {
  await handle?.close();
});

describe("exportUserData", () => {
  it("gathers the user's own data and nothing of another user", async () => {
    const data = await exportUserData(handle.db, alice);
    expect(Number.isNaN(Date.parse(data.exported_at))).toBe(false);
    expect(data.profile).toMatchObject({ id: alice, email: "alice.gdpr@example.com", firstName: "Alice", phone: "0612345678" });
    expect(data.addresses.map((a) => a.addressLine1)).toEqual(["12 rue des Lilas"]);
    expect(data.orders).toHaveLength(1);
    expect(data.orders[0].orderNumber).toBe("AUR-GDPR-0001");
    expect(data.orders[0].items).toHaveLength(1);
    expect(data.orders[0].items[0].quantity).toBe(2);
    expect(data.preferences).toMatchObject({ language: "en", timezone: "Europe/London" });
    expect(data.login_history.map((l) => l.browser)).toEqual(["Firefox"]);
    expect(data.payment_methods).toEqual([]);
    const json = JSON.stringify(data);
    expect(json).not.toContain("Bruno");
    expect(json).not.toContain("bruno.gdpr@example.com");
    expect(json).not.toContain("AUR-GDPR-0002");
  });
});

describe("deleteAccount", () => {
  it("erases the personal rows, keeps the order anonymised and frees the e-mail", async () => {
    const { db } = handle;
    await db.insert(newsletterSubscriptions).values([
      { email: "alice.gdpr@example.com", confirmedAt: new Date() },
      { email: "bruno.gdpr@example.com", confirmedAt: new Date() },
    ]);
    expect(await deleteAccount(db, alice)).toEqual({ anonymisedOrders: 1 });
    const subscribers = await db.select({ email: newsletterSubscriptions.email }).from(newsletterSubscriptions);
    expect(subscribers.map((s) => s.email)).toEqual(["bruno.gdpr@example.com"]);

    expect(await db.select().from(user).where(eq(user.id, alice))).toHaveLength(0);
    expect(await db.select().from(userProfiles).where(eq(userProfiles.id, alice))).toHaveLength(0);
    expect(await db.select().from(savedAddresses).where(eq(savedAddresses.userId, alice))).toHaveLength(0);
    expect(await db.select().from(userPreferences).where(eq(userPreferences.userId, alice))).toHaveLength(0);
    expect(await db.select().from(loginHistory).where(eq(loginHistory.userId, alice))).toHaveLength(0);
    expect(await db.select().from(session).where(eq(session.userId, alice))).toHaveLength(0);
    expect(await db.select().from(account).where(eq(account.userId, alice))).toHaveLength(0);

    const [order] = await db.select().from(orders).where(eq(orders.id, aliceOrderId));
    expect(order.userId).toBeNull();
    expect(order.notes).toBeNull();
    const anonymised = {
      first_name: DELETED_CUSTOMER_NAME,
      last_name: DELETED_CUSTOMER_NAME,
      city: "Lyon",
      postal_code: "69003",
      country: "France",
    };
    expect(order.shippingAddress).toEqual(anonymised);
    expect(order.billingAddress).toEqual(anonymised);
    expect(order.metadata).toEqual({
      customer_info: { first_name: DELETED_CUSTOMER_NAME, last_name: DELETED_CUSTOMER_NAME },
      channel: "web",
    });
    expect(await db.select().from(orderItems).where(eq(orderItems.orderId, aliceOrderId))).toHaveLength(1);

    // Bruno is untouched.
    expect(await db.select().from(user).where(eq(user.id, bruno))).toHaveLength(1);
    expect(await db.select().from(savedAddresses).where(eq(savedAddresses.userId, bruno))).toHaveLength(1);
    expect(await db.select().from(orders).where(eq(orders.userId, bruno))).toHaveLength(1);
    expect(await db.select().from(loginHistory).where(eq(loginHistory.userId, bruno))).toHaveLength(1);

    // The same e-mail can be used again.
    await db.insert(user).values({ id: "user-gdpr-alice-2", name: "Alice Martin", email: "alice.gdpr@example.com" });
    expect(await db.select().from(user).where(eq(user.email, "alice.gdpr@example.com"))).toHaveLength(1);
  });
});
