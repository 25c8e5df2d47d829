/**
 * An invoice or credit note as an A4 PDF, in French, drawn from its snapshot alone (pdfkit, its
 * built-in Helvetica: nothing to download or embed). Deterministic: the creation date is the
 * document's issue date and nothing else varies, so the same snapshot always gives the same bytes.
 */
import PDFDocument from "pdfkit";
import type { InvoiceLine, InvoiceSnapshot } from "~/domain/invoices/invoice.types";
import { formatPrice } from "~/lib/money";
import { formatDate, formatShortDate } from "~/lib/paris-time";

const MARGIN = 50;
const PAGE_WIDTH = 595.28; // A4 in points
const PAGE_HEIGHT = 841.89;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const BOTTOM = PAGE_HEIGHT - MARGIN;

/**
 * The built-in fonts write WinAnsi only: fr-FR's narrow no-break space (and the no-break space)
 * become plain spaces; €, •, — and French accents are in WinAnsi.
 */
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

function cells(line: InvoiceLine): Record<(typeof COLUMNS)[number]["key"], string> {
  return {
    designation: pdfText(line.designation),
    quantity: String(line.quantity),
    unit: money(line.unit_ht_cents),
    rate: rate(line.vat_rate),
    total: money(line.total_ht_cents),
  };
}

export function renderDocumentPdf(snapshot: InvoiceSnapshot): Promise<Buffer> {
  const isInvoice = snapshot.kind === "invoice";
  const title = isInvoice ? "Facture" : "Avoir";
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    info: {
      Title: `${title} ${snapshot.number}`,
      Author: pdfText(snapshot.seller.name),
      Creator: "Aurore",
      Producer: "Aurore",
      CreationDate: new Date(snapshot.issued_at),
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  /* Heading: what, which number, when. */
  doc.font("Helvetica-Bold").fontSize(22).text(`${title} ${snapshot.number}`, MARGIN, MARGIN);
  doc.font("Helvetica").fontSize(10).moveDown(0.3);
  doc.text(`Date d'émission : ${formatDate(snapshot.issued_at)}`);
  doc.text(`Commande ${snapshot.order.number} du ${formatDate(snapshot.order.placed_at)}`);
  if (snapshot.invoice) doc.text(`Facture d'origine : ${snapshot.invoice.number} du ${formatDate(snapshot.invoice.issued_at)}`);
  if (snapshot.reason) doc.text(`Motif : ${pdfText(snapshot.reason)}`);

  /* Seller (left) and buyer (right). */
  const top = doc.y + 14;
  const half = CONTENT_WIDTH / 2 - 10;
  const s = snapshot.seller;
  doc.font("Helvetica-Bold").text("Vendeur", MARGIN, top, { width: half });
  doc.font("Helvetica").fontSize(9);
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
    doc.text(pdfText(line), { width: half });
  }
  const sellerBottom = doc.y;
  const right = MARGIN + CONTENT_WIDTH / 2 + 10;
  const b = snapshot.buyer;
  doc.font("Helvetica-Bold").fontSize(10).text("Client", right, top, { width: half });
  doc.font("Helvetica").fontSize(9);
  doc.text(pdfText(b.name), right, doc.y, { width: half });
  if (b.email) doc.text(pdfText(b.email), right, doc.y, { width: half });
  doc.font("Helvetica-Bold").text("Adresse de facturation", right, doc.y + 4, { width: half });
  doc.font("Helvetica");
  for (const line of b.billing_address) doc.text(pdfText(line), right, doc.y, { width: half });
  if (b.shipping_address) {
    doc.font("Helvetica-Bold").text("Adresse de livraison", right, doc.y + 4, { width: half });
    doc.font("Helvetica");
    for (const line of b.shipping_address) doc.text(pdfText(line), right, doc.y, { width: half });
  }
  let y = Math.max(sellerBottom, doc.y) + 20;

  /* Lines. */
  const header = () => {
    doc.font("Helvetica-Bold").fontSize(9);
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
    doc.font("Helvetica").fontSize(9);
  };
  header();
  for (const line of snapshot.lines) {
    const values = cells(line);
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

  /* Totals and VAT breakdown. */
  const block = (rows: [string, string, boolean?][]) => {
    const labelX = MARGIN + CONTENT_WIDTH - 260;
    for (const [label, value, bold] of rows) {
      if (y + 14 > BOTTOM) {
        doc.addPage();
        y = MARGIN;
      }
      doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(bold ? 11 : 9);
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
    .font("Helvetica-Bold")
    .fontSize(10)
    .text(isInvoice ? "Paiement" : "Remboursement", MARGIN, y);
  doc.font("Helvetica").fontSize(9);
  for (const line of paymentLines) doc.text(pdfText(line), MARGIN, doc.y, { width: CONTENT_WIDTH });

  /* Legal mentions. */
  doc.moveDown(1);
  for (const mention of snapshot.mentions) doc.fontSize(8).text(pdfText(mention), MARGIN, doc.y, { width: CONTENT_WIDTH });

  doc.end();
  return done;
}
