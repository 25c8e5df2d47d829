import { count, eq } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { orders, products, user } from "../../db/schema";

export type AdminOverview = { products: number; orders: number; customers: number };

/** The figures the back-office landing page shows (its full dashboard comes with the back-office). */
export async function getAdminOverview(db: Executor): Promise<AdminOverview> {
  const [[p], [o], [c]] = await Promise.all([
    db.select({ n: count() }).from(products),
    db.select({ n: count() }).from(orders),
    db.select({ n: count() }).from(user).where(eq(user.role, "user")),
  ]);
  return { products: p.n, orders: o.n, customers: c.n };
}
