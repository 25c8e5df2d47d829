import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { orders } from "./orders";

/**
 * Free samples the shopper chooses at checkout (docs/decisions/067-samples.md): their own items
 * with their own stock, never sold, so never in the catalogue, search, feeds or sitemap.
 */
export const samples = pgTable(
  "samples",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    brand: text("brand").notNull(),
    description: text("description").notNull().default(""),
    imageUrl: text("image_url"),
    stockQuantity: integer("stock_quantity").notNull().default(0),
    active: boolean("active").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("samples_stock_non_negative", sql`${t.stockQuantity} >= 0`), index("samples_sort_idx").on(t.sortOrder, t.name)],
);

/**
 * The samples an order carries, with a snapshot of their name and brand: the order keeps saying
 * what was packed after the sample is renamed or deleted.
 */
export const orderSamples = pgTable(
  "order_samples",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    sampleId: uuid("sample_id").references(() => samples.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    brand: text("brand").notNull(),
    /**
     * False: chosen at checkout but out of stock when the order was paid; the order went on
     * without it and its pages say so (decision 067).
     */
    added: boolean("added").notNull().default(true),
    /** Set when a cancelled order gave the unit back: once, never twice. */
    restockedAt: timestamp("restocked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("order_samples_order_idx").on(t.orderId)],
);
