import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, primaryKey, timestamp, uuid } from "drizzle-orm/pg-core";
import { productVariants } from "./catalog";

/**
 * Sets ("coffrets", docs/decisions/070-sets.md): a variant with a row here is a set; it is sold
 * at its own price and its stock_quantity is derived from its components' stock, kept by the
 * inventory module (the tables' only writer) in the transaction that moves a component.
 */
export const productBundles = pgTable("product_bundles", {
  variantId: uuid("variant_id")
    .primaryKey()
    .references(() => productVariants.id, { onDelete: "cascade" }),
  /** Whether a shopper may return single components of the set rather than the whole set. */
  returnableByComponent: boolean("returnable_by_component").notNull().default(false),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** What one unit of a set holds: a component variant and how many of it. */
export const bundleComponents = pgTable(
  "bundle_components",
  {
    bundleVariantId: uuid("bundle_variant_id")
      .notNull()
      .references(() => productBundles.variantId, { onDelete: "cascade" }),
    // Deleting a component's product removes the line; a trigger (drizzle/0054) then sells the set out.
    componentVariantId: uuid("component_variant_id")
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.bundleVariantId, t.componentVariantId] }),
    check("bundle_components_quantity_range", sql`${t.quantity} BETWEEN 1 AND 99`),
    check("bundle_components_not_itself", sql`${t.bundleVariantId} <> ${t.componentVariantId}`),
    // "Which sets hold this variant?" on every stock change of a component.
    index("bundle_components_component_idx").on(t.componentVariantId),
  ],
);
