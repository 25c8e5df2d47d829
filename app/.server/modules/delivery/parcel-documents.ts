/**
 * The day's parcel documents (decision 062): every selected order's label in one PDF to print in
 * one go, and the picking list (each order's lines, then the total per reference) to gather the
 * products before packing. Labels are joined as the carriers printed them, page by page.
 */
import { PDFDocument as PdfLibDocument } from "pdf-lib";
import PDFDocument from "pdfkit";
import { formatDate } from "~/lib/paris-time";
import { printable } from "./gift-documents";

export async function joinPdfs(documents: readonly Uint8Array[]): Promise<Uint8Array> {
  const joined = await PdfLibDocument.create();
  joined.setTitle("Étiquettes d'expédition");
  joined.setProducer("Aurore");
  for (const bytes of documents) {
    const source = await PdfLibDocument.load(bytes);
    const pages = await joined.copyPages(source, source.getPageIndices());
    for (const page of pages) joined.addPage(page);
  }
  return joined.save();
}

export type PickingOrder = {
  orderNumber: string;
  customer: string;
  deliveryLabel: string;
  lines: { name: string; variant: string | null; sku: string | null; quantity: number }[];
  /** The free samples chosen at checkout, one unit each at 0 € (decision 067). */
  samples?: readonly string[];
  /** What the packer must do for a gift (decision 068): wrap, the message to print, the gift receipt. */
  gift?: readonly string[];
};

const clean = (text: string) => text.replace(/[\u202f\u00a0]/g, " ");

export async function renderPickingListPdf(orders: readonly PickingOrder[], at: Date): Promise<Buffer> {
  const doc = new PDFDocument({ size: "A4", margin: 40, info: { Title: "Liste de préparation", Author: "Aurore" } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  doc.font("Helvetica-Bold").fontSize(16).text("Liste de préparation");
  doc
    .font("Helvetica")
    .fontSize(9)
    .text(`${orders.length} commande${orders.length > 1 ? "s" : ""} · ${formatDate(at)}`);
  doc.moveDown();
  const totals = new Map<string, { label: string; quantity: number }>();
  for (const order of orders) {
    doc
      .font("Helvetica-Bold")
      .fontSize(11)
      .text(clean(`${order.orderNumber} · ${order.customer}`));
    doc.font("Helvetica").fontSize(9).text(clean(order.deliveryLabel));
    for (const line of order.lines) {
      const label = [line.name, line.variant].filter(Boolean).join(" · ");
      doc.text(clean(`[  ]  ${line.quantity} × ${label}${line.sku ? `  (${line.sku})` : ""}`), { indent: 12 });
      const key = line.sku ?? label;
      const total = totals.get(key) ?? { label: line.sku ? `${label} (${line.sku})` : label, quantity: 0 };
      total.quantity += line.quantity;
      totals.set(key, total);
    }
    for (const note of order.gift ?? [])
      doc
        .font("Helvetica-Bold")
        .text(printable(`>  ${note}`), { indent: 12 })
        .font("Helvetica");
    for (const sample of order.samples ?? []) {
      const label = `Échantillon offert (0 €) · ${sample}`;
      doc.text(clean(`[  ]  1 × ${label}`), { indent: 12 });
      const total = totals.get(label) ?? { label, quantity: 0 };
      total.quantity += 1;
      totals.set(label, total);
    }
    doc.moveDown(0.6);
  }
  doc.moveDown().font("Helvetica-Bold").fontSize(12).text("Total par référence");
  doc.font("Helvetica").fontSize(9);
  for (const total of [...totals.values()].sort((a, b) => a.label.localeCompare(b.label, "fr"))) {
    doc.text(clean(`${total.quantity} × ${total.label}`));
  }
  doc.end();
  return done;
}
