/**
 * The documents that travel in a parcel (docs/decisions/068-gift-wrap.md): the packing slip
 * ("Bon de livraison"), which prints the gift message and, when the order hides its prices from
 * the recipient, no price at all; and the gift receipt ("Ticket cadeau"), never with a price, that
 * the back-office prints with the parcel and the shopper downloads from their order. Neither ever
 * carries the invoice's amounts: the invoice is the buyer's, these are the recipient's.
 */
import PDFDocument from "pdfkit";
import { formatPrice } from "~/lib/money";
import { formatDate } from "~/lib/paris-time";

export type ParcelDocumentLine = { name: string; variant: string | null; quantity: number; totalCents: number };

export type ParcelDocumentSource = {
  shopName: string;
  shopContact: string;
  orderNumber: string;
  placedAt: Date;
  recipient: string[];
  lines: readonly ParcelDocumentLine[];
  giftWrap: boolean;
  giftMessage: string | null;
  hidePrices: boolean;
  /** The order's total, printed on the slip only when prices are not hidden. */
  totalCents: number;
};

/**
 * The standard PDF fonts draw WinAnsi only: a character outside it (an emoji in a message) is
 * left out rather than printed as a wrong glyph; narrow and no-break spaces become spaces.
 */
const WIN_ANSI_EXTRA = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");
export function printable(text: string): string {
  return Array.from(text.replace(/[\u202f\u00a0]/g, " "))
    .filter((c) => c === "\n" || ((c.codePointAt(0) ?? 0) >= 0x20 && (c.codePointAt(0) ?? 0) <= 0xff) || WIN_ANSI_EXTRA.has(c))
    .join("");
}

function startPdf(title: string, author: string): { doc: PDFKit.PDFDocument; done: Promise<Buffer> } {
  const doc = new PDFDocument({ size: "A4", margin: 48, info: { Title: title, Author: printable(author) } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  return { doc, done };
}

function header(doc: PDFKit.PDFDocument, title: string, source: ParcelDocumentSource): void {
  doc.font("Helvetica-Bold").fontSize(18).text(printable(source.shopName));
  doc.font("Helvetica").fontSize(9).fillColor("#555555").text(printable(source.shopContact)).fillColor("#000000");
  doc.moveDown();
  doc.font("Helvetica-Bold").fontSize(15).text(title);
  doc
    .font("Helvetica")
    .fontSize(10)
    .text(printable(`Commande ${source.orderNumber} du ${formatDate(source.placedAt)}`));
  doc.moveDown(0.6);
  doc.font("Helvetica-Bold").fontSize(10).text("Destinataire");
  doc.font("Helvetica").text(printable(source.recipient.join("\n")));
  doc.moveDown();
}

function giftBlock(doc: PDFKit.PDFDocument, source: ParcelDocumentSource): void {
  if (source.giftWrap) doc.font("Helvetica-Bold").fontSize(10).text("Emballage cadeau").moveDown(0.4);
  if (source.giftMessage) {
    doc.font("Helvetica-Bold").fontSize(10).text("Message cadeau");
    doc.font("Helvetica-Oblique").fontSize(12).text(printable(source.giftMessage), { width: 420 });
    doc.moveDown();
  }
}

function linesBlock(doc: PDFKit.PDFDocument, source: ParcelDocumentSource, withPrices: boolean): void {
  doc.font("Helvetica-Bold").fontSize(10).text("Articles");
  doc.font("Helvetica").fontSize(10);
  for (const line of source.lines) {
    const label = printable([line.name, line.variant].filter(Boolean).join(" · "));
    doc.text(withPrices ? `${line.quantity} × ${label}  ${printable(formatPrice(line.totalCents))}` : `${line.quantity} × ${label}`, {
      indent: 8,
    });
  }
  if (withPrices)
    doc
      .moveDown(0.4)
      .font("Helvetica-Bold")
      .text(`Total TTC : ${printable(formatPrice(source.totalCents))}`);
  doc.moveDown();
}

/** "Bon de livraison": the lines, the gift message, and prices only when the order does not hide them. */
export async function renderPackingSlipPdf(source: ParcelDocumentSource): Promise<Buffer> {
  const { doc, done } = startPdf("Bon de livraison", source.shopName);
  header(doc, "Bon de livraison", source);
  giftBlock(doc, source);
  linesBlock(doc, source, !source.hidePrices);
  if (source.hidePrices) doc.font("Helvetica").fontSize(9).text("Un ticket cadeau accompagne ce colis.");
  doc.end();
  return done;
}

/** "Ticket cadeau": what the parcel holds, the message, never a price. */
export async function renderGiftReceiptPdf(source: ParcelDocumentSource): Promise<Buffer> {
  const { doc, done } = startPdf("Ticket cadeau", source.shopName);
  header(doc, "Ticket cadeau", source);
  giftBlock(doc, source);
  linesBlock(doc, source, false);
  doc
    .font("Helvetica")
    .fontSize(9)
    .text(
      printable(
        `Ce ticket permet d'échanger ou de retourner ces articles sans en connaître le prix : présentez le numéro de commande ${source.orderNumber} à notre service client (${source.shopContact}).`,
      ),
      { width: 420 },
    );
  doc.end();
  return done;
}
