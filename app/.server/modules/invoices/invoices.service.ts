/**
 * Invoices and credit notes (docs/decisions/031-invoices.md). This module is the only writer of
 * invoice_documents and invoice_number_counters.
 *
 * A document is issued inside the transaction of what it records (the order placed, the order
 * cancelled or returned) and numbered there, so numbers have no gaps: a rolled-back order gives
 * its number back. Its snapshot holds everything it prints, read from the order at that moment;
 * nothing later (a renamed product, a new address, new legal details) changes it. Its PDF is
 * rendered on the first download and stored, so every download returns the same bytes.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "~/.server/db/client";
import { invoiceDocuments, invoiceNumberCounters, orderItems, orders, type OrderAddress } from "~/.server/db/schema";
import type { ShopIdentity } from "~/domain/settings/shop-identity";
import type { PaymentScheduleEntry } from "~/domain/payments/instalments";
import { lineName } from "~/domain/cart/line-name";
import { SHIPPING_ZONES, type ShippingZone } from "~/domain/checkout/shipping.rules";
import { invalid, notFound } from "~/domain/errors";
import { computeInvoiceDocument, negateLines, spreadProRata, summarise, type TaxableLine } from "~/domain/invoices/invoice-totals";
import {
  formatInvoiceNumber,
  type InvoiceDiscount,
  type InvoiceDocumentKind,
  type InvoiceLine,
  type InvoiceSnapshot,
  vatCategoryOf,
} from "~/domain/invoices/invoice.types";
import { ORDER_NOT_FOUND_MESSAGE, orderPaymentLabel } from "~/domain/orders/order.types";
import { formatDate, parisYear } from "~/lib/paris-time";
import { STANDARD_VAT_RATE_PERCENT } from "~/lib/shop-rules";
import { isUuid } from "~/lib/uuid";
import { renderDocumentPdf } from "./invoice-pdf";
import { addressCountryCode } from "~/domain/tax/destinations";
import { OPERATION_CATEGORY_GOODS, taxMentions } from "~/domain/tax/mentions";
import type { OrderTax } from "~/domain/tax/order-tax";
import { fromBasisPoints } from "~/domain/tax/rates";
import { VAT_CATEGORY_OF, type VatCategory } from "~/domain/tax/tax-rules";

export type InvoiceDocumentRow = typeof invoiceDocuments.$inferSelect;
type OrderRow = typeof orders.$inferSelect;
type OrderItemRow = typeof orderItems.$inferSelect;

/**
 * Everything an invoice is made of, read by the invoices workflow from the modules that hold it
 * (app/.server/workflows/invoices.ts): the order and its lines, the gift cards it sold (their
 * lines carry no VAT) and those that paid it, its instalments, and the seller's legal details.
 */
export type InvoiceSource = {
  order: OrderRow;
  items: readonly OrderItemRow[];
  /** Each gift-card line's card value, by order item id. */
  cardValues: ReadonlyMap<string, number>;
  paidWithCards: { last4: string; amount_cents: number }[];
  schedule: readonly Pick<PaymentScheduleEntry, "seq" | "due_date" | "amount_cents">[];
  seller: ShopIdentity;
  /** The free samples in the parcel (decision 067): printed at 0 € on the PDF, never invoice lines. */
  samples?: readonly string[];
};

export const DOCUMENT_NOT_FOUND_MESSAGE = "Document introuvable";
export const CREDIT_NOTE_LINES_MESSAGE = "Lignes d'avoir invalides";

export const NO_EARLY_PAYMENT_DISCOUNT = "Pas d'escompte pour paiement anticipé.";
export const GIFT_CARD_VAT_MENTION =
  "Cartes cadeaux : bons à usages multiples, hors du champ d'application de la TVA (art. 256 ter du CGI) ; la TVA est due lors de leur utilisation.";

/* -------------------------------------------------------------------------------------------- */
/* Numbers                                                                                        */
/* -------------------------------------------------------------------------------------------- */

/**
 * The next number of a kind in the Paris year of `at`: one upsert of the counter, whose row stays
 * locked until the caller's transaction ends (same pattern as order numbers, decision 028).
 */
export async function allocateInvoiceNumber(tx: Executor, kind: InvoiceDocumentKind, at: Date): Promise<string> {
  const year = parisYear(at);
  const [row] = await tx
    .insert(invoiceNumberCounters)
    .values({ kind, year, lastValue: 1 })
    .onConflictDoUpdate({
      target: [invoiceNumberCounters.kind, invoiceNumberCounters.year],
      set: { lastValue: sql`${invoiceNumberCounters.lastValue} + 1` },
    })
    .returning({ lastValue: invoiceNumberCounters.lastValue });
  return formatInvoiceNumber(kind, year, row.lastValue);
}

/* -------------------------------------------------------------------------------------------- */
/* The snapshot                                                                                   */
/* -------------------------------------------------------------------------------------------- */

function addressLines(address: OrderAddress | null | undefined): string[] {
  if (!address) return [];
  const name = [address.first_name, address.last_name].filter(Boolean).join(" ");
  const town = [address.postal_code, address.city].filter(Boolean).join(" ");
  return [name, address.company, address.street, address.additional_info, town, address.country].filter(
    (l): l is string => typeof l === "string" && l.trim() !== "",
  );
}

type OrderMetadata = {
  customer_info?: { email?: string; name?: string };
  shipping_info?: { zone?: string };
  payment?: { brand: string; last_four: string };
};

/** The seller as the shop identity in Paramètres gives it when the document is issued (decision 045). */
function seller(identity: ShopIdentity): InvoiceSnapshot["seller"] {
  return {
    name: identity.companyName,
    legal_form: identity.legalForm,
    address: identity.address,
    siren: identity.siren,
    rcs: identity.rcs,
    vat_number: identity.vatNumber,
    share_capital: identity.shareCapital,
    email: identity.contactEmail,
    phone: identity.contactPhone,
  };
}

function buyer(order: OrderRow): InvoiceSnapshot["buyer"] {
  const metadata = order.metadata as OrderMetadata;
  const billing = order.billingAddress ?? order.shippingAddress;
  const billingLines = addressLines(billing);
  const person = [billing.first_name, billing.last_name].filter(Boolean).join(" ") || metadata.customer_info?.name || "";
  // A business invoice is made out to the company (decision 063), the person stays in the address.
  const business = order.tax?.business ?? null;
  const name = business?.company_name ?? person;
  // An order of e-mail gift cards alone keeps the contact in place of an address: nothing to ship.
  const shipped = Boolean(order.shippingAddress.street);
  return {
    name,
    email: metadata.customer_info?.email ?? null,
    billing_address: billingLines.length > 0 ? billingLines : [name],
    shipping_address: shipped ? addressLines(order.shippingAddress) : null,
    business,
    billing_country_code: addressCountryCode(billing.country),
    shipping_country_code: shipped ? addressCountryCode(order.shippingAddress.country) : null,
  };
}

/** A product line's VAT as the order placed it; lines placed before decision 063 were French VAT at 20 %. */
function productVat(item: OrderItemRow): { vatRate: number | null; vatCategory: VatCategory } {
  if (!item.taxRegime) return { vatRate: STANDARD_VAT_RATE_PERCENT, vatCategory: "S" };
  return { vatRate: item.vatRateBp === null ? null : fromBasisPoints(item.vatRateBp), vatCategory: VAT_CATEGORY_OF[item.taxRegime] };
}

/** The delivery fee's (and a gift card's postage) VAT: the order's shipping decision, or 20 % before. */
function shippingVat(tax: OrderTax | null): { vatRate: number; vatCategory: VatCategory } {
  return tax
    ? { vatRate: tax.shipping.rate_percent, vatCategory: tax.shipping.category }
    : { vatRate: STANDARD_VAT_RATE_PERCENT, vatCategory: "S" };
}

/** The order's lines as it was sold: products, gift cards (face value and delivery fee apart), delivery. */
function taxableLines(order: OrderRow, items: readonly OrderItemRow[], cardValues: ReadonlyMap<string, number>): TaxableLine[] {
  const lines: TaxableLine[] = [];
  for (const item of items) {
    const cardValue = cardValues.get(item.id);
    if (cardValue === undefined) {
      lines.push({
        kind: "product",
        designation: lineName(item.productSnapshot.name, item.productSnapshot.variant_label),
        orderItemId: item.id,
        quantity: item.quantity,
        unitTtcCents: item.unitPriceCents,
        totalTtcCents: item.totalPriceCents,
        ...productVat(item),
        discountable: true,
      });
      continue;
    }
    const value = Math.min(cardValue, item.totalPriceCents);
    lines.push({
      kind: "gift_card",
      designation: item.productSnapshot.name,
      orderItemId: item.id,
      quantity: 1,
      unitTtcCents: value,
      totalTtcCents: value,
      vatRate: null,
      discountable: false,
    });
    const fee = item.totalPriceCents - value;
    if (fee > 0) {
      lines.push({
        kind: "gift_card_fee",
        designation: "Envoi postal de la carte cadeau",
        orderItemId: item.id,
        quantity: 1,
        unitTtcCents: fee,
        totalTtcCents: fee,
        ...shippingVat(order.tax),
        discountable: false,
      });
    }
  }
  const zone = (order.metadata as OrderMetadata).shipping_info?.zone;
  if (order.shippingCents > 0 || zone) {
    const zoneLabel = zone && zone in SHIPPING_ZONES ? SHIPPING_ZONES[zone as ShippingZone].label : null;
    lines.push({
      kind: "shipping",
      designation: `Livraison${zoneLabel ? ` (${zoneLabel})` : ""}${order.shippingCents === 0 ? " offerte" : ""}`,
      orderItemId: null,
      quantity: 1,
      unitTtcCents: order.shippingCents,
      totalTtcCents: order.shippingCents,
      ...shippingVat(order.tax),
      discountable: false,
    });
  }
  lines.push(...giftWrapLines(order));
  return lines;
}

/**
 * Gift wrap (decision 068): a line of its own, taxed as the delivery fee is (same regime, exempt
 * where it is), offered at 0 € to the VIP tier. The gift message is never printed on the invoice.
 */
function giftWrapLines(order: OrderRow): TaxableLine[] {
  if (!order.giftWrap) return [];
  return [
    {
      kind: "gift_wrap",
      designation: `Emballage cadeau${order.giftWrapCents === 0 ? " offert" : ""}`,
      orderItemId: null,
      quantity: 1,
      unitTtcCents: order.giftWrapCents,
      totalTtcCents: order.giftWrapCents,
      ...shippingVat(order.tax),
      discountable: false,
    },
  ];
}

function orderDiscounts(order: OrderRow): InvoiceDiscount[] {
  return [
    ...(order.discountCents > 0
      ? [{ designation: `Points Beauty Pass (${order.pointsUsed} points)`, amount_cents: order.discountCents }]
      : []),
    ...(order.promoDiscountCents > 0
      ? [{ designation: `Code promo ${order.promoCode ?? ""}`.trim(), amount_cents: order.promoDiscountCents }]
      : []),
  ];
}

function mentionsFor(lines: readonly InvoiceLine[], extra: string[] = [], tax: OrderTax | null = null): string[] {
  return [
    ...extra,
    ...taxMentions(tax),
    ...(lines.some((l) => l.vat_rate === null) ? [GIFT_CARD_VAT_MENTION] : []),
    ...(tax ? [OPERATION_CATEGORY_GOODS] : []),
    ...businessMentions(tax),
    NO_EARLY_PAYMENT_DISCOUNT,
  ];
}

/** What the 2026 reform asks of a business invoice: the customer's SIREN, and its VAT number when it has one. */
function businessMentions(tax: OrderTax | null): string[] {
  const business = tax?.business;
  if (!business) return [];
  return [
    ...(business.siren ? [`SIREN du client : ${business.siren.replace(/(\d{3})(?=\d)/g, "$1 ")}`] : []),
    ...(business.vat_number ? [`N° de TVA intracommunautaire du client : ${business.vat_number}`] : []),
  ];
}

async function insertDocument(tx: Executor, snapshot: InvoiceSnapshot, orderId: string): Promise<InvoiceDocumentRow> {
  const [row] = await tx
    .insert(invoiceDocuments)
    .values({
      kind: snapshot.kind,
      number: snapshot.number,
      orderId,
      issuedAt: new Date(snapshot.issued_at),
      totalCents: Math.abs(snapshot.totals.ttc_cents),
      snapshot,
      createdAt: new Date(snapshot.issued_at),
    })
    .returning();
  return row;
}

/* -------------------------------------------------------------------------------------------- */
/* Issuing                                                                                        */
/* -------------------------------------------------------------------------------------------- */

/**
 * The order's invoice, numbered and frozen in the caller's transaction (place-order has it issued
 * once the items and gift cards are written). Its total is the order's total, to the cent.
 */
export async function issueInvoice(tx: Executor, source: InvoiceSource, now: Date): Promise<InvoiceDocumentRow> {
  const { order, items, cardValues, paidWithCards, schedule } = source;
  const orderId = order.id;
  const computed = computeInvoiceDocument(taxableLines(order, items, cardValues), orderDiscounts(order));
  if (computed.totals.ttc_cents !== order.totalCents) {
    // The order's own amounts disagree with its lines: never print a wrong invoice.
    throw new Error(`invoice of order ${orderId}: lines add up to ${computed.totals.ttc_cents}, order total ${order.totalCents}`);
  }
  const number = await allocateInvoiceNumber(tx, "invoice", now);
  const snapshot: InvoiceSnapshot = {
    version: 1,
    kind: "invoice",
    number,
    issued_at: now.toISOString(),
    order: { id: order.id, number: order.orderNumber, placed_at: order.createdAt.toISOString() },
    invoice: null,
    reason: null,
    seller: seller(source.seller),
    buyer: buyer(order),
    lines: computed.lines,
    discounts: orderDiscounts(order),
    totals: computed.totals,
    vat_breakdown: computed.vat_breakdown,
    payment: {
      card_label: orderPaymentLabel((order.metadata as OrderMetadata).payment),
      card_cents: order.totalCents - order.giftCardCents,
      gift_card_cents: order.giftCardCents,
      gift_cards: paidWithCards,
      ...(schedule.length > 0
        ? { instalments: schedule.map((e) => ({ seq: e.seq, due_date: e.due_date, amount_cents: e.amount_cents })) }
        : {}),
    },
    mentions: mentionsFor(computed.lines, [], order.tax),
    ...(order.tax ? { tax: order.tax } : {}),
    ...(source.samples?.length ? { samples: [...source.samples] } : {}),
  };
  return insertDocument(tx, snapshot, orderId);
}

/** The order's invoice, if it has one. */
export async function findInvoice(db: Executor, orderId: string): Promise<InvoiceDocumentRow | null> {
  const [row] = await db
    .select()
    .from(invoiceDocuments)
    .where(and(eq(invoiceDocuments.orderId, orderId), eq(invoiceDocuments.kind, "invoice")));
  return row ?? null;
}

/** The reason a whole-order credit note prints. */
export function creditNoteReason(status: string): string {
  return status === "returned" ? "Retour de la commande" : "Annulation de la commande";
}

export type CreditNoteInput = {
  orderId: string;
  /** The order lines refunded and how many of each; the whole order when absent. */
  lines?: readonly { orderItemId: string; quantity: number }[];
  /** Delivery refunded with those lines (whole-order credit notes refund what the invoice charged). */
  shippingCents?: number;
  reason: string;
  now: Date;
  /** The order's invoice when the caller already has it. */
  invoice?: InvoiceDocumentRow;
};

/** What every credit note also needs: the invoice it refers to and the seller's details today. */
export type CreditNoteBasis = { invoice: InvoiceDocumentRow; seller: ShopIdentity };

/**
 * A credit note (AV number) in the caller's transaction: the negative of the refunded lines, with
 * their share of the order's discounts, referring to the order's invoice (the workflow issues it
 * first if the order predates invoices). Without lines it cancels the whole invoice, line for line.
 */
export async function issueCreditNote(tx: Executor, input: CreditNoteInput, basis: CreditNoteBasis): Promise<InvoiceDocumentRow> {
  const { invoice } = basis;
  const source = invoice.snapshot;
  let lines: InvoiceLine[];
  let payment: InvoiceSnapshot["payment"];
  if (!input.lines) {
    lines = negateLines(source.lines);
    payment = source.payment;
  } else {
    lines = negateLines(partialCredit(source, input.lines, input.shippingCents ?? 0).lines);
    const refunded = -lines.reduce((a, l) => a + l.total_ttc_cents, 0);
    payment = { card_label: source.payment.card_label, card_cents: refunded, gift_card_cents: 0, gift_cards: [] };
  }
  return insertCreditNote(tx, basis, { orderId: input.orderId, reason: input.reason, now: input.now, lines, payment });
}

/** Numbers and stores a credit note of `lines` (already negative) against the order's invoice. */
async function insertCreditNote(
  tx: Executor,
  { invoice, seller: identity }: CreditNoteBasis,
  note: {
    orderId: string;
    reason: string;
    now: Date;
    lines: InvoiceLine[];
    payment: InvoiceSnapshot["payment"];
    withoutDiscounts?: boolean;
  },
): Promise<InvoiceDocumentRow> {
  const source = invoice.snapshot;
  const summary = summarise(note.lines);
  const number = await allocateInvoiceNumber(tx, "credit_note", note.now);
  const snapshot: InvoiceSnapshot = {
    ...source,
    kind: "credit_note",
    number,
    issued_at: note.now.toISOString(),
    invoice: { number: invoice.number, issued_at: source.issued_at },
    reason: note.reason,
    seller: seller(identity),
    lines: note.lines,
    ...(note.withoutDiscounts ? { discounts: [] } : {}),
    totals: summary.totals,
    vat_breakdown: summary.vat_breakdown,
    payment: note.payment,
    mentions: mentionsFor(note.lines, [`Avoir sur la facture ${invoice.number} du ${formatDate(source.issued_at)}.`], source.tax ?? null),
  };
  return insertDocument(tx, snapshot, note.orderId);
}

export type AmountCreditNoteInput = {
  orderId: string;
  amountCents: number;
  /** What the lines print ("Geste commercial"). */
  designation: string;
  reason: string;
  /** How the amount goes back: by card (with what is taken off instalments still due) and to gift cards. */
  payment: { cardCents: number; giftCardCents: number };
  now: Date;
};

/**
 * A credit note of a free amount, not of lines (decision 052): the amount is spread over the
 * invoice's VAT rates in proportion to what each rate weighed on the invoice (the largest
 * remainders take the rounding cents), so the VAT it gives back is the VAT the amount carried.
 * An invoice of one rate gives one line.
 */
export async function issueAmountCreditNote(
  tx: Executor,
  input: AmountCreditNoteInput,
  basis: CreditNoteBasis,
): Promise<InvoiceDocumentRow> {
  const { invoice } = basis;
  const source = invoice.snapshot;
  const rows = source.vat_breakdown.filter((r) => r.total_ttc_cents > 0);
  const rates = rows.length > 0 ? rows : [{ vat_rate: shippingVat(source.tax ?? null).vatRate, total_ttc_cents: 1 }];
  const shares = spreadProRata(
    input.amountCents,
    rates.map((r) => r.total_ttc_cents),
  );
  const taxable: TaxableLine[] = rates.flatMap((r, i) =>
    shares[i] > 0
      ? [
          {
            kind: "goodwill" as const,
            designation: rates.length > 1 ? `${input.designation} (${vatLabel(r.vat_rate)})` : input.designation,
            orderItemId: null,
            quantity: 1,
            unitTtcCents: shares[i],
            totalTtcCents: shares[i],
            vatRate: r.vat_rate,
            vatCategory: categoryOfRate(source, r.vat_rate),
            discountable: false,
          },
        ]
      : [],
  );
  const lines = negateLines(computeInvoiceDocument(taxable, []).lines);
  return insertCreditNote(tx, basis, {
    orderId: input.orderId,
    reason: input.reason,
    now: input.now,
    lines,
    withoutDiscounts: true,
    payment: {
      card_label: source.payment.card_label,
      card_cents: input.payment.cardCents,
      gift_card_cents: input.payment.giftCardCents,
      gift_cards: [],
    },
  });
}

/** The category of an invoice's lines of a rate (one per rate in an order). */
function categoryOfRate(source: InvoiceSnapshot, rate: number | null): VatCategory {
  const line = source.lines.find((l) => l.vat_rate === rate);
  return line ? vatCategoryOf(line) : rate === null ? "O" : "S";
}

function invoicedShippingVat(source: InvoiceSnapshot): { vatRate: number | null; vatCategory: VatCategory } {
  const line = source.lines.find((l) => l.kind === "shipping");
  if (line) return { vatRate: line.vat_rate, vatCategory: vatCategoryOf(line) };
  return shippingVat(source.tax ?? null);
}

const vatLabel = (rate: number | null) => (rate === null ? "hors champ de la TVA" : `TVA ${String(rate).replace(".", ",")} %`);

/** Some lines of an invoice, with their pro-rata share of its discounts and the delivery refunded. */
function partialCredit(source: InvoiceSnapshot, wanted: readonly { orderItemId: string; quantity: number }[], shippingCents: number) {
  const selected: TaxableLine[] = [];
  for (const { orderItemId, quantity } of wanted) {
    const invoiced = source.lines.filter((l) => l.order_item_id === orderItemId && l.kind !== "discount");
    const main = invoiced.find((l) => l.kind === "product" || l.kind === "gift_card");
    if (!main || !Number.isInteger(quantity) || quantity <= 0 || quantity > main.quantity) {
      throw invalid("invalid_credit_note_lines", CREDIT_NOTE_LINES_MESSAGE);
    }
    for (const l of invoiced) {
      const q = l.kind === "product" ? quantity : l.quantity;
      const total = l.kind === "product" && q === l.quantity ? l.total_ttc_cents : l.unit_ttc_cents * q;
      selected.push({
        kind: l.kind as TaxableLine["kind"],
        designation: l.designation,
        orderItemId: l.order_item_id,
        quantity: q,
        unitTtcCents: l.unit_ttc_cents,
        totalTtcCents: total,
        vatRate: l.vat_rate,
        vatCategory: vatCategoryOf(l),
        discountable: l.kind === "product",
      });
    }
  }
  if (shippingCents > 0) {
    selected.push({
      kind: "shipping",
      designation: "Livraison",
      orderItemId: null,
      quantity: 1,
      unitTtcCents: shippingCents,
      totalTtcCents: shippingCents,
      // The delivery is refunded at the VAT it was invoiced with.
      ...invoicedShippingVat(source),
      discountable: false,
    });
  }
  const invoicedBase = source.lines.filter((l) => l.kind === "product").reduce((a, l) => a + l.total_ttc_cents, 0);
  const creditedBase = selected.filter((l) => l.discountable).reduce((a, l) => a + l.totalTtcCents, 0);
  const discounts = source.discounts.map((d) => ({
    designation: d.designation,
    amount_cents: invoicedBase > 0 ? Math.round((d.amount_cents * creditedBase) / invoicedBase) : 0,
  }));
  return computeInvoiceDocument(selected, discounts);
}

/* -------------------------------------------------------------------------------------------- */
/* Downloads                                                                                      */
/* -------------------------------------------------------------------------------------------- */

export type DocumentViewer = { userId: string } | "admin";
export type DocumentRequest = { kind: "invoice" } | { kind: "credit_note"; number: string };

/**
 * The order a viewer may read the documents of: its owner's, or any for the back-office.
 * Someone else's order is "Commande introuvable", as everywhere.
 */
export async function viewableOrderId(db: Executor, orderId: string, viewer: DocumentViewer): Promise<string> {
  const orderNotFound = () => notFound("not_found", ORDER_NOT_FOUND_MESSAGE);
  if (!isUuid(orderId)) throw orderNotFound();
  const ownership = viewer === "admin" ? [] : [eq(orders.userId, viewer.userId)];
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), ...ownership));
  if (!order) throw orderNotFound();
  return order.id;
}

/** One of the order's credit notes by its number, or "Document introuvable". */
export async function creditNoteOf(db: Executor, orderId: string, number: string): Promise<InvoiceDocumentRow> {
  const [row] = await db
    .select()
    .from(invoiceDocuments)
    .where(and(eq(invoiceDocuments.orderId, orderId), eq(invoiceDocuments.kind, "credit_note"), eq(invoiceDocuments.number, number)));
  if (!row) throw notFound("not_found", DOCUMENT_NOT_FOUND_MESSAGE);
  return row;
}

/** A document's PDF and file name; the first download renders and stores it. */
export async function documentPdf(db: Executor, doc: InvoiceDocumentRow): Promise<{ bytes: Buffer; filename: string }> {
  return { bytes: doc.pdf ?? (await storeRenderedPdf(db, doc)), filename: `${doc.number}.pdf` };
}

/** Renders the document once and keeps it; a concurrent first download keeps the one stored first. */
async function storeRenderedPdf(db: Executor, doc: InvoiceDocumentRow): Promise<Buffer> {
  const pdf = await renderDocumentPdf(doc.snapshot);
  await db
    .update(invoiceDocuments)
    .set({ pdf })
    .where(and(eq(invoiceDocuments.id, doc.id), sql`${invoiceDocuments.pdf} IS NULL`));
  const [stored] = await db.select({ pdf: invoiceDocuments.pdf }).from(invoiceDocuments).where(eq(invoiceDocuments.id, doc.id));
  return stored?.pdf ?? pdf;
}
