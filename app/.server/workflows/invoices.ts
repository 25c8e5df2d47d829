/**
 * An order's invoices and credit notes, where the invoices module meets what a document prints
 * (decision 024): the order and its lines (orders), the gift cards it sold and those that paid it
 * (gift-cards), its instalments (payment-schedules) and the seller's legal details (settings).
 * Each document is issued in the caller's transaction, numbered there (docs/decisions/031-invoices.md).
 */
import { samplesOfOrders } from "~/.server/modules/samples/samples.service";
import type { Database, Executor } from "~/.server/db/client";
import { giftCardPaymentsOf, giftCardValuesByOrderItem } from "~/.server/modules/gift-cards/gift-cards.service";
import {
  creditNoteOf,
  creditNoteReason,
  documentPdf,
  findInvoice,
  issueAmountCreditNote,
  issueCreditNote,
  issueInvoice,
  viewableOrderId,
  DOCUMENT_NOT_FOUND_MESSAGE,
  type AmountCreditNoteInput,
  type CreditNoteInput,
  type DocumentRequest,
  type DocumentViewer,
  type InvoiceDocumentRow,
} from "~/.server/modules/invoices/invoices.service";
import { getOrderRow, listOrderItems, lockOrder } from "~/.server/modules/orders/orders.service";
import { paymentSchedulesOf } from "~/.server/modules/payment-schedules/payment-schedules.service";
import { getShopIdentity } from "~/.server/modules/settings/shop-identity.service";
import { notFound } from "~/domain/errors";
import { INVOICED_PAYMENT_STATUSES } from "~/domain/invoices/invoice.types";
import { ORDER_NOT_FOUND_MESSAGE } from "~/domain/orders/order.types";

/**
 * The order's invoice, numbered and frozen in the caller's transaction (place-order calls it once
 * the items and gift cards are written). Its total is the order's total, to the cent.
 */
export async function issueOrderInvoice(tx: Executor, orderId: string, now: Date): Promise<InvoiceDocumentRow> {
  const order = await getOrderRow(tx, orderId);
  if (!order) throw notFound("not_found", ORDER_NOT_FOUND_MESSAGE);
  return issueInvoice(
    tx,
    {
      order,
      items: await listOrderItems(tx, orderId),
      cardValues: await giftCardValuesByOrderItem(tx, orderId),
      paidWithCards: (await giftCardPaymentsOf(tx, [orderId])).get(orderId) ?? [],
      schedule: (await paymentSchedulesOf(tx, [orderId])).get(orderId) ?? [],
      seller: await getShopIdentity(tx),
      samples: ((await samplesOfOrders(tx, [orderId])).get(orderId) ?? []).filter((s) => s.added).map((s) => `${s.name} (${s.brand})`),
    },
    now,
  );
}

/** The order's invoice: the one it has, or one issued now (an order placed before invoices existed). */
async function invoiceOf(tx: Executor, orderId: string, now: Date): Promise<InvoiceDocumentRow> {
  return (await findInvoice(tx, orderId)) ?? (await issueOrderInvoice(tx, orderId, now));
}

/** A credit note of lines, or of the whole order, against its invoice (see issueCreditNote). */
export async function issueOrderCreditNote(tx: Executor, input: CreditNoteInput): Promise<InvoiceDocumentRow> {
  const invoice = input.invoice ?? (await invoiceOf(tx, input.orderId, input.now));
  return issueCreditNote(tx, input, { invoice, seller: await getShopIdentity(tx) });
}

/** A credit note of a free amount against the order's invoice (see issueAmountCreditNote). */
export async function issueOrderAmountCreditNote(tx: Executor, input: AmountCreditNoteInput): Promise<InvoiceDocumentRow> {
  const invoice = await invoiceOf(tx, input.orderId, input.now);
  return issueAmountCreditNote(tx, input, { invoice, seller: await getShopIdentity(tx) });
}

/**
 * The invoice of an order placed before invoices existed, issued on its first download in its own
 * transaction. The order row is locked first, so two downloads at once make one invoice; an order
 * refunded since gets its credit note with it. Orders never paid have none (not found).
 */
export async function ensureInvoice(db: Database, orderId: string, now = new Date()): Promise<InvoiceDocumentRow> {
  const existing = await findInvoice(db, orderId);
  if (existing) return existing;
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw notFound("not_found", ORDER_NOT_FOUND_MESSAGE);
    const issued = await findInvoice(tx, orderId);
    if (issued) return issued;
    if (!INVOICED_PAYMENT_STATUSES.includes(order.paymentStatus)) throw notFound("not_found", DOCUMENT_NOT_FOUND_MESSAGE);
    const invoice = await issueOrderInvoice(tx, orderId, now);
    if (order.paymentStatus === "refunded") {
      await issueOrderCreditNote(tx, { orderId, reason: creditNoteReason(order.status), now, invoice });
    }
    return invoice;
  });
}

/**
 * The PDF of an order's invoice or credit note, for its owner or the back-office. Someone else's
 * order is "Commande introuvable", as everywhere. The first download renders and stores it.
 */
export async function getOrderDocumentPdf(
  db: Database,
  input: { orderId: string; viewer: DocumentViewer; document: DocumentRequest },
): Promise<{ bytes: Buffer; filename: string }> {
  const orderId = await viewableOrderId(db, input.orderId, input.viewer);
  const doc = input.document.kind === "invoice" ? await ensureInvoice(db, orderId) : await creditNoteOf(db, orderId, input.document.number);
  return documentPdf(db, doc);
}
