import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { INVOICE_DOCUMENT_KINDS, type InvoiceDocumentKind, type InvoiceSnapshot } from "../../../domain/invoices/invoice.types";
import { orders } from "./orders";

const kindList = sql.raw(INVOICE_DOCUMENT_KINDS.map((k) => `'${k}'`).join(", "));

import { bytea } from "./bytea";

/**
 * Invoices and credit notes (docs/decisions/031-invoices.md). A document is never changed once
 * issued: `snapshot` holds everything it prints, `pdf` is filled on its first download and then
 * served as stored. Written only by the invoices module.
 */
export const invoiceDocuments = pgTable(
  "invoice_documents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").$type<InvoiceDocumentKind>().notNull(),
    /** "FA-2026-000001" or "AV-2026-000001": gapless per kind and Paris year. */
    number: text("number").notNull().unique(),
    // Orders are never deleted: no cascade, an order with documents cannot disappear.
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
    /** The document's amount, positive (a credit note's lines are negative, its total is not). */
    totalCents: integer("total_cents").notNull(),
    snapshot: jsonb("snapshot").$type<InvoiceSnapshot>().notNull(),
    pdf: bytea("pdf"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("invoice_documents_kind_valid", sql`${t.kind} IN (${kindList})`),
    check("invoice_documents_total_non_negative", sql`${t.totalCents} >= 0`),
    // One invoice per order; credit notes as many as refunds.
    uniqueIndex("invoice_documents_one_invoice_per_order_idx")
      .on(t.orderId)
      .where(sql`${t.kind} = 'invoice'`),
    index("invoice_documents_order_idx").on(t.orderId, t.issuedAt),
  ],
);

/**
 * The last number given per document kind and Paris year. Bumped with one upsert inside the
 * transaction that issues the document: numbers are distinct and without gaps (decision 031).
 */
export const invoiceNumberCounters = pgTable(
  "invoice_number_counters",
  {
    kind: text("kind").$type<InvoiceDocumentKind>().notNull(),
    year: integer("year").notNull(),
    lastValue: integer("last_value").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.year] }),
    check("invoice_number_counters_kind_valid", sql`${t.kind} IN (${kindList})`),
    check("invoice_number_counters_last_value_positive", sql`${t.lastValue} > 0`),
  ],
);
