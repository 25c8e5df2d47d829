/**
 * An invoice or credit note as an A4 PDF, in French, drawn from its snapshot alone: a Factur-X
 * PDF/A-3b carrying the document's EN 16931 XML (docs/decisions/064-factur-x.md), its text in the
 * embedded Arimo, shipped with the code. Deterministic: the creation date is the document's issue
 * date and nothing else varies, so the same snapshot always gives the same bytes.
 */
import PDFDocument from "pdfkit";
import { buildFacturXml, splitOutOfScope } from "./facturx/cii-xml";
import { attachFacturX, drawableText, invoiceFonts, PDFA_OPTIONS } from "./facturx/facturx-pdf";
import type { InvoiceLine, InvoiceSnapshot } from "~/domain/invoices/invoice.types";
import { formatPrice } from "~/lib/money";
import { formatDate, formatShortDate } from "~/lib/paris-time";

const VOUCHER_NOTE =
  "Les cartes cadeaux vendues sont des bons à usages multiples, hors champ de la TVA (article 256 ter du CGI) : leur valeur est réglée avec la commande mais ne fait pas partie des données de la facture électronique jointe (factur-x.xml).";

const REGULAR = "Arimo";
const BOLD = "Arimo-Bold";

const MARGIN = 50;
const PAGE_WIDTH = 595.28; // A4 in points
const PAGE_HEIGHT = 841.89;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const BOTTOM = PAGE_HEIGHT - MARGIN;

/** fr-FR's narrow no-break space (and the no-break space) print as plain spaces, as they always did. */
export function pdfText(text: string): string {
  return text.replace(/[\u202f\u00a0]/g, " ");
}

const money = (cents: number) => pdfText(formatPrice(cents));
const rate = (vatRate: number | null) => (vatRate === null ? "—" : `${String(vatRate).replace(".", ",")} %`);

/** Table columns: designation, quantity, unit price HT, VAT rate, total HT. */
const COLUMNS = [
  { key: "designation", label: "Désignation", width: 235, align: "left" },
  { key: "quantity", label: "Qté", width: 35, align: "right" },
  { key: "unit", label: "PU HT", width: 80, align: "right" },
  { key: "rate", label: "TVA", width: 45, align: "right" },
  { key: "total", label: "Total HT", width: CONTENT_WIDTH - 235 - 35 - 80 - 45, align: "right" },
] as const;

function cells(line: InvoiceLine, drawable: (text: string) => string): Record<(typeof COLUMNS)[number]["key"], string> {
  return {
    designation: drawable(line.designation),
    quantity: String(line.quantity),
    unit: money(line.unit_ht_cents),
    rate: rate(line.vat_rate),
    total: money(line.total_ht_cents),
  };
}

export function renderDocumentPdf(snapshot: InvoiceSnapshot): Promise<Buffer> {
  const isInvoice = snapshot.kind === "invoice";
  const title = isInvoice ? "Facture" : "Avoir";
  const fonts = invoiceFonts();
  const author = pdfText(snapshot.seller.name);
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    ...PDFA_OPTIONS,
    // No default font: pdfkit would load its built-in Helvetica, which PDF/A forbids (Arimo is set below).
    font: "",
    info: {
      Title: `${title} ${snapshot.number}`,
      // pdfkit copies the info into the XMP without escaping it: a name with markup is left out of both.
      ...(/[&<>]/.test(author) ? {} : { Author: author }),
      Creator: "Aurore",
      Producer: "Aurore",
      CreationDate: new Date(snapshot.issued_at),
    },
  });
  doc.registerFont(REGULAR, fonts.regular);
  doc.registerFont(BOLD, fonts.bold);
  doc.font(REGULAR);
  // pdfkit keeps the fontkit font of an embedded font as `_font.font` (not in its typings); both
  // weights come from the same subset, so one glyph check serves them. facturx-pdf.test.ts guards it.
  const embedded = (doc as unknown as { _font?: { font?: { hasGlyphForCodePoint?: (cp: number) => boolean } } })._font?.font;
  const hasGlyph = embedded?.hasGlyphForCodePoint?.bind(embedded) ?? (() => true);
  const drawable = (value: string) => drawableText(pdfText(value), hasGlyph);
  attachFacturX(doc, buildFacturXml(snapshot), new Date(snapshot.issued_at));
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  /* Heading: what, which number, when. */
  doc.font(BOLD).fontSize(22).text(`${title} ${snapshot.number}`, MARGIN, MARGIN);
  doc.font(REGULAR).fontSize(10).moveDown(0.3);
  doc.text(`Date d'émission : ${formatDate(snapshot.issued_at)}`);
  doc.text(`Commande ${snapshot.order.number} du ${formatDate(snapshot.order.placed_at)}`);
  if (snapshot.invoice) doc.text(`Facture d'origine : ${snapshot.invoice.number} du ${formatDate(snapshot.invoice.issued_at)}`);
  if (snapshot.reason) doc.text(`Motif : ${drawable(snapshot.reason)}`);

  /* Seller (left) and buyer (right). */
  const top = doc.y + 14;
  const half = CONTENT_WIDTH / 2 - 10;
  const s = snapshot.seller;
  doc.font(BOLD).text("Vendeur", MARGIN, top, { width: half });
  doc.font(REGULAR).fontSize(9);
  for (const line of [
    s.name,
    s.legal_form,
    s.address,
    `SIREN : ${s.siren}`,
    s.rcs,
    `N° de TVA intracommunautaire : ${s.vat_number}`,
    `Capital social : ${s.share_capital}`,
    `${s.email} · ${s.phone}`,
  ]) {
    doc.text(drawable(line), { width: half });
  }
  const sellerBottom = doc.y;
  const right = MARGIN + CONTENT_WIDTH / 2 + 10;
  const b = snapshot.buyer;
  doc.font(BOLD).fontSize(10).text("Client", right, top, { width: half });
  doc.font(REGULAR).fontSize(9);
  doc.text(drawable(b.name), right, doc.y, { width: half });
  if (b.email) doc.text(drawable(b.email), right, doc.y, { width: half });
  doc.font(BOLD).text("Adresse de facturation", right, doc.y + 4, { width: half });
  doc.font(REGULAR);
  for (const line of b.billing_address) doc.text(drawable(line), right, doc.y, { width: half });
  if (b.shipping_address) {
    doc.font(BOLD).text("Adresse de livraison", right, doc.y + 4, { width: half });
    doc.font(REGULAR);
    for (const line of b.shipping_address) doc.text(drawable(line), right, doc.y, { width: half });
  }
  let y = Math.max(sellerBottom, doc.y) + 20;

  /* Lines. */
  const header = () => {
    doc.font(BOLD).fontSize(9);
    let x = MARGIN;
    for (const c of COLUMNS) {
      doc.text(c.label, x + 2, y, { width: c.width - 4, align: c.align, lineBreak: false });
      x += c.width;
    }
    y += 14;
    doc
      .moveTo(MARGIN, y - 3)
      .lineTo(MARGIN + CONTENT_WIDTH, y - 3)
      .lineWidth(0.5)
      .stroke();
    doc.font(REGULAR).fontSize(9);
  };
  header();
  for (const line of snapshot.lines) {
    const values = cells(line, drawable);
    const height = doc.heightOfString(values.designation, { width: COLUMNS[0].width - 4 }) + 4;
    if (y + height > BOTTOM - 20) {
      doc.addPage();
      y = MARGIN;
      header();
    }
    let x = MARGIN;
    for (const c of COLUMNS) {
      doc.text(values[c.key], x + 2, y, { width: c.width - 4, align: c.align, lineBreak: c.key === "designation" });
      x += c.width;
    }
    y += height;
  }
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + CONTENT_WIDTH, y)
    .lineWidth(0.5)
    .stroke();
  y += 8;
  // Free samples (decision 067): in the parcel at 0 €, outside the lines and the VAT.
  if (snapshot.samples?.length) {
    const note = pdfText(`Échantillons offerts (0,00 €) : ${snapshot.samples.join(", ")}`);
    const height = doc.font(REGULAR).fontSize(9).heightOfString(note, { width: CONTENT_WIDTH });
    if (y + height > BOTTOM - 20) {
      doc.addPage();
      y = MARGIN;
    }
    doc.text(note, MARGIN, y, { width: CONTENT_WIDTH });
    y += height + 8;
  }

  /* Totals and VAT breakdown. */
  const block = (rows: [string, string, boolean?][]) => {
    const labelX = MARGIN + CONTENT_WIDTH - 260;
    for (const [label, value, bold] of rows) {
      if (y + 14 > BOTTOM) {
        doc.addPage();
        y = MARGIN;
      }
      doc.font(bold ? BOLD : REGULAR).fontSize(bold ? 11 : 9);
      doc.text(label, labelX, y, { width: 170, lineBreak: false });
      doc.text(value, labelX + 170, y, { width: 90, align: "right", lineBreak: false });
      y += bold ? 16 : 13;
    }
  };
  const t = snapshot.totals;
  block([
    ["Total HT", money(t.ht_cents)],
    ["Total TVA", money(t.vat_cents)],
    ["Total TTC", money(t.ttc_cents), true],
  ]);
  // Gift cards sold with taxable goods stay out of the Factur-X data (decision 064): say so, and how much.
  const vouchers = splitOutOfScope(snapshot).excluded.reduce((a, l) => a + l.total_ttc_cents, 0) * (isInvoice ? 1 : -1);
  if (vouchers !== 0) {
    block([
      ["dont cartes cadeaux (art. 256 ter)", money(vouchers)],
      ["Total facturé hors cartes cadeaux", money(t.ttc_cents - vouchers)],
    ]);
  }
  y += 6;
  block([
    ["Détail de la TVA", ""],
    ...snapshot.vat_breakdown.map((r): [string, string] => [
      r.vat_rate === null
        ? `Hors champ de la TVA : base ${money(r.base_ht_cents)}`
        : `TVA ${rate(r.vat_rate)} : base HT ${money(r.base_ht_cents)}`,
      money(r.vat_cents),
    ]),
  ]);

  /* Payment or refund. */
  y += 10;
  const p = snapshot.payment;
  const paymentLines: string[] = [];
  if (p.card_cents > 0) {
    const card = p.card_label ? `carte bancaire ${p.card_label}` : "carte bancaire";
    const paidHow = p.instalments?.length ? "Réglé en 3 fois par" : "Payé par";
    paymentLines.push(`${isInvoice ? paidHow : "Remboursé sur"} ${card} : ${money(p.card_cents)}`);
  }
  for (const g of p.gift_cards) {
    paymentLines.push(
      `${isInvoice ? "Payé par carte cadeau" : "Recrédité sur la carte cadeau"} •••• ${g.last4} : ${money(g.amount_cents)}`,
    );
  }
  if (p.gift_cards.length === 0 && p.gift_card_cents > 0) {
    paymentLines.push(`${isInvoice ? "Payé par cartes cadeaux" : "Recrédité sur les cartes cadeaux"} : ${money(p.gift_card_cents)}`);
  }
  if (isInvoice && p.instalments?.length) {
    paymentLines.push(`Paiement en ${p.instalments.length} fois sans frais par carte bancaire :`);
    for (const e of p.instalments) {
      paymentLines.push(`- échéance ${e.seq} le ${formatShortDate(`${e.due_date}T12:00:00Z`)} : ${money(e.amount_cents)}`);
    }
  } else if (isInvoice) paymentLines.push(`Facture acquittée le ${formatDate(snapshot.order.placed_at)}.`);
  doc
    .font(BOLD)
    .fontSize(10)
    .text(isInvoice ? "Paiement" : "Remboursement", MARGIN, y);
  doc.font(REGULAR).fontSize(9);
  for (const line of paymentLines) doc.text(drawable(line), MARGIN, doc.y, { width: CONTENT_WIDTH });

  /* Legal mentions. */
  doc.moveDown(1);
  for (const mention of snapshot.mentions) doc.fontSize(8).text(drawable(mention), MARGIN, doc.y, { width: CONTENT_WIDTH });
  if (vouchers !== 0) doc.fontSize(8).text(VOUCHER_NOTE, MARGIN, doc.y, { width: CONTENT_WIDTH });

  doc.end();
  return done;
}
