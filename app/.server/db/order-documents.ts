/**
 * The documents of orders, as order views list them: a read of the invoices module's table (which
 * that module alone writes), kept beneath the modules so the orders module's views list them
 * without importing the invoices module (decision 024).
 */
import { asc, inArray } from "drizzle-orm";
import type { Executor } from "./client";
import { invoiceDocuments } from "./schema";
import {
  INVOICED_PAYMENT_STATUSES,
  orderDocumentUrl,
  type DocumentAudience,
  type OrderDocumentView,
} from "~/domain/invoices/invoice.types";

/**
 * Each order's invoice then credit notes, oldest first. An order paid before invoices existed
 * lists its invoice without a number: it is numbered on its first download (ensureInvoice).
 */
export async function orderDocumentsOf(
  db: Executor,
  rows: readonly { id: string; paymentStatus: string }[],
  audience: DocumentAudience,
): Promise<Map<string, OrderDocumentView[]>> {
  const out = new Map<string, OrderDocumentView[]>();
  if (rows.length === 0) return out;
  const docs = await db
    .select({
      orderId: invoiceDocuments.orderId,
      kind: invoiceDocuments.kind,
      number: invoiceDocuments.number,
      issuedAt: invoiceDocuments.issuedAt,
    })
    .from(invoiceDocuments)
    .where(
      inArray(
        invoiceDocuments.orderId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(invoiceDocuments.issuedAt), asc(invoiceDocuments.number));
  for (const d of docs) {
    const list = out.get(d.orderId) ?? [];
    const view: OrderDocumentView = {
      kind: d.kind,
      number: d.number,
      issued_at: d.issuedAt.toISOString(),
      url: orderDocumentUrl(audience, d.orderId, d.kind === "invoice" ? { kind: "invoice" } : { kind: "credit_note", number: d.number }),
    };
    // The invoice first, whatever the dates.
    if (d.kind === "invoice") list.unshift(view);
    else list.push(view);
    out.set(d.orderId, list);
  }
  for (const r of rows) {
    const list = out.get(r.id) ?? [];
    if (!list.some((d) => d.kind === "invoice") && INVOICED_PAYMENT_STATUSES.includes(r.paymentStatus)) {
      list.unshift({ kind: "invoice", number: null, issued_at: null, url: orderDocumentUrl(audience, r.id, { kind: "invoice" }) });
    }
    out.set(r.id, list);
  }
  return out;
}
