import { sql } from "drizzle-orm";
import { boolean, check, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { ShippingZone } from "~/domain/checkout/shipping.rules";

/**
 * The delivery methods offered at checkout, edited in Paramètres (docs/decisions/032-delivery-methods.md).
 * One row per method code; the migration creates the three rows with the shop's edited fee and
 * threshold. Only the delivery module writes here.
 */
export const deliveryMethods = pgTable(
  "delivery_methods",
  {
    code: text("code").primaryKey(),
    name: text("name").notNull(),
    carrier: text("carrier").notNull(),
    /** The carrier's product (app/domain/delivery/carrier-products.ts): "DOM", "A2P", "24R"... */
    productCode: text("product_code").notNull(),
    priceCents: integer("price_cents").notNull(),
    /** Null: never free. */
    freeThresholdCents: integer("free_threshold_cents"),
    delayWorkingDays: integer("delay_working_days").notNull(),
    zones: text("zones").array().$type<ShippingZone[]>().notNull(),
    active: boolean("active").notNull().default(true),
    position: integer("position").notNull().default(0),
    updatedBy: text("updated_by"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("delivery_methods_code_valid", sql`${t.code} IN ('standard', 'relay', 'express')`),
    check("delivery_methods_carrier_valid", sql`${t.carrier} IN ('colissimo', 'mondialrelay', 'chronopost', 'ups')`),
    check(
      "delivery_methods_amounts_valid",
      sql`${t.priceCents} >= 0 AND (${t.freeThresholdCents} IS NULL OR ${t.freeThresholdCents} >= 0) AND ${t.delayWorkingDays} BETWEEN 1 AND 20`,
    ),
  ],
);
