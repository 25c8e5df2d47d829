/** Invoices and credit notes as they are stored and shown (isomorphic; docs/decisions/031-invoices.md). */
// Relative: drizzle-kit reads this file through the schema and knows no "~" alias.
import { CREDIT_NOTE_NUMBER_PREFIX, INVOICE_NUMBER_DIGITS, INVOICE_NUMBER_PREFIX } from "../../lib/shop-rules";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import type { BusinessBuyer, OrderTax } from "~/domain/tax/order-tax";
import type { VatCategory } from "~/domain/tax/tax-rules";

export const INVOICE_DOCUMENT_KINDS = ["invoice", "credit_note"] as const;
export type InvoiceDocumentKind = (typeof INVOICE_DOCUMENT_KINDS)[number];

/** "FA-2026-000001" / "AV-2026-000001": the document's rank of its kind in its Paris calendar year. */
export function formatInvoiceNumber(kind: InvoiceDocumentKind, year: number, sequence: number): string {
  const prefix = kind === "invoice" ? INVOICE_NUMBER_PREFIX : CREDIT_NOTE_NUMBER_PREFIX;
  return `${prefix}-${year}-${String(sequence).padStart(INVOICE_NUMBER_DIGITS, "0")}`;
}

/** "FA-2026-000001" or "AV-2026-000001" (and longer sequences). */
export const INVOICE_NUMBER_PATTERN = /^(FA|AV)-\d{4}-\d{6,}$/;

/** `goodwill`: a free amount a credit note pays back (decision 052). */
/** `gift_wrap`: the order's gift wrap (decision 068), a charge treated as the delivery fee is. */
export type InvoiceLineKind = "product" | "gift_card" | "gift_card_fee" | "shipping" | "gift_wrap" | "discount" | "goodwill";

/** One printed line; amounts are signed (negative for discounts, and on every line of a credit note). */
export type InvoiceLine = {
  kind: InvoiceLineKind;
  designation: string;
  /** The order line it comes from (null for delivery and discounts). */
  order_item_id: string | null;
  quantity: number;
  unit_ttc_cents: number;
  unit_ht_cents: number;
  /** VAT rate in percent; null: outside the scope of VAT (gift cards, art. 256 ter CGI); 0: exempt. */
  vat_rate: number | null;
  /**
   * The EN 16931 VAT category (decision 063): S standard-rated, K intra-EU exempt, G export, O out
   * of scope. Absent on documents issued before: S for a rate, O for none.
   */
  vat_category?: VatCategory;
  total_ht_cents: number;
  vat_cents: number;
  total_ttc_cents: number;
};

export type VatBreakdownRow = { vat_rate: number | null; base_ht_cents: number; vat_cents: number; total_ttc_cents: number };

export type InvoiceTotals = { ht_cents: number; vat_cents: number; ttc_cents: number };

/** A discount of the order (Beauty Pass points, promo code), spread over the merchandise lines. */
export type InvoiceDiscount = { designation: string; amount_cents: number };

/** Everything a document prints, frozen when it is issued. */
export type InvoiceSnapshot = {
  version: 1;
  kind: InvoiceDocumentKind;
  number: string;
  issued_at: string;
  order: { id: string; number: string; placed_at: string };
  /** A credit note's invoice, and why it was issued. */
  invoice: { number: string; issued_at: string } | null;
  reason: string | null;
  seller: {
    name: string;
    legal_form: string;
    address: string;
    siren: string;
    rcs: string;
    vat_number: string;
    share_capital: string;
    email: string;
    phone: string;
  };
  buyer: {
    name: string;
    email: string | null;
    billing_address: string[];
    shipping_address: string[] | null;
    /** A business invoice's company, SIREN/SIRET and VAT number (decision 063); absent or null for a consumer. */
    business?: BusinessBuyer | null;
    /** ISO country codes of the addresses, for Factur-X (absent on documents issued before decision 063). */
    billing_country_code?: string;
    shipping_country_code?: string | null;
  };
  lines: InvoiceLine[];
  /** The discounts as the order applied them (positive amounts), kept for partial credit notes. */
  discounts: InvoiceDiscount[];
  totals: InvoiceTotals;
  vat_breakdown: VatBreakdownRow[];
  /** Paid (invoice) or refunded (credit note): by bank card and by gift cards. */
  payment: {
    card_label: string | null;
    card_cents: number;
    gift_card_cents: number;
    gift_cards: { last4: string; amount_cents: number }[];
    /** Paiement en 3 fois sans frais: the card's instalments, due day and amount (decision 035). */
    instalments?: { seq: number; due_date: string; amount_cents: number }[];
  };
  mentions: string[];
  /** The VAT the order was placed under (decision 063); absent: French VAT at 20 %, as before. */
  tax?: OrderTax | null;
  /**
   * The free samples in the parcel (decision 067), printed at 0 € under the lines. Not invoice
   * lines: nothing is sold, so the Factur-X data and the VAT breakdown leave them out.
   */
  samples?: string[];
};

/** A line's EN 16931 category, for documents issued before decision 063 too. */
export const vatCategoryOf = (line: Pick<InvoiceLine, "vat_rate" | "vat_category">): VatCategory =>
  line.vat_category ?? (line.vat_rate === null ? "O" : "S");

/** A document as order views list it, with where to download it. */
export type OrderDocumentView = {
  kind: InvoiceDocumentKind;
  /** Null for an order placed before invoices: its invoice is numbered on first download. */
  number: string | null;
  issued_at: string | null;
  url: string;
};

/** The link text of a document in the order details. */
export function documentLinkLabel(doc: Pick<OrderDocumentView, "kind" | "number">): string {
  return doc.kind === "invoice" ? ACCOUNT_MESSAGES.downloadInvoice : `Télécharger l'avoir ${doc.number ?? ""}`.trim();
}

/** Who downloads: the shopper (their own orders) or the back-office. */
export type DocumentAudience = "shopper" | "admin";

/** The download address of an order's invoice or of one of its credit notes. */
export function orderDocumentUrl(
  audience: DocumentAudience,
  orderId: string,
  doc: { kind: "invoice" } | { kind: "credit_note"; number: string },
): string {
  const base = `/api/v1/${audience === "admin" ? "admin/" : ""}orders/${orderId}`;
  return doc.kind === "invoice" ? `${base}/invoice` : `${base}/credit-notes/${encodeURIComponent(doc.number)}`;
}

/**
 * Payment statuses of orders that were paid, hence invoiced (a refunded one has its credit note
 * too; one paid in 3 is invoiced when placed, its schedule on the invoice: decision 035).
 */
export const INVOICED_PAYMENT_STATUSES: readonly string[] = ["paid", "refunded", "instalments", "instalment_unpaid"];
