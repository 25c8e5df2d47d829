/**
 * The prepaid return label of a return, as an A4 PDF to print: a carrier-like layout (fictional,
 * for the demonstration shop) with the sender, the shop's returns address, the return and order
 * numbers, and a Code 128 barcode of the return number that a scanner reads. Drawn from the
 * return and dated with its creation; the returns address is the shop identity's current one
 * (Paramètres, decision 045), where the parcel must go.
 */
import bwipjs from "bwip-js/node";
import PDFDocument from "pdfkit";
import type { OrderAddress } from "~/.server/db/schema";
import { formatDate } from "~/lib/paris-time";

const clean = (text: string) => text.replace(/[\u202f\u00a0]/g, " ");

export type ReturnLabelInput = {
  number: string;
  orderNumber: string;
  createdAt: Date;
  sender: OrderAddress;
  units: number;
  /** The shop's name and address, from its identity. */
  shop: { companyName: string; address: string };
};

/** The Code 128 barcode of the return number, as a PNG. */
export function returnBarcodePng(number: string): Promise<Buffer> {
  return bwipjs.toBuffer({ bcid: "code128", text: number, scale: 3, height: 18, includetext: true, textxalign: "center" });
}

export async function renderReturnLabelPdf(input: ReturnLabelInput): Promise<Buffer> {
  const barcode = await returnBarcodePng(input.number);
  const legal = input.shop;
  const doc = new PDFDocument({
    size: "A4",
    margin: 50,
    info: {
      Title: `Étiquette de retour ${input.number}`,
      Author: "Aurore",
      Creator: "Aurore",
      Producer: "Aurore",
      CreationDate: input.createdAt,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  doc.font("Helvetica-Bold").fontSize(18).text("Étiquette de retour prépayée", 50, 50);
  doc.font("Helvetica").fontSize(10).text("Colissimo Retour (étiquette de démonstration, transporteur fictif)");
  doc.text(`Retour ${input.number} · commande ${input.orderNumber} · émise le ${formatDate(input.createdAt)}`);

  // The label itself: a framed block to cut out and stick on the parcel.
  const top = 130;
  doc.lineWidth(2).rect(50, top, 495, 380).stroke();
  doc
    .lineWidth(1)
    .moveTo(50, top + 150)
    .lineTo(545, top + 150)
    .stroke();
  doc
    .font("Helvetica-Bold")
    .fontSize(10)
    .text("EXPÉDITEUR", 65, top + 15);
  const a = input.sender;
  doc.font("Helvetica").fontSize(11);
  for (const line of [
    `${a.first_name} ${a.last_name}`.trim(),
    a.company ?? "",
    a.street,
    a.additional_info ?? "",
    `${a.postal_code} ${a.city}`,
    a.country,
  ].filter(Boolean)) {
    doc.text(clean(line), 65);
  }
  doc
    .font("Helvetica-Bold")
    .fontSize(10)
    .text("DESTINATAIRE", 300, top + 15);
  doc
    .font("Helvetica")
    .fontSize(11)
    .text(clean(`${legal.companyName} · Service retours`), 300, top + 32, { width: 230 });
  doc.text(clean(legal.address), 300, doc.y, { width: 230 });
  doc
    .font("Helvetica-Bold")
    .fontSize(10)
    .text(`COLIS : ${input.units} article${input.units > 1 ? "s" : ""} · PORT PAYÉ`, 65, top + 165);
  doc.image(barcode, 65, top + 190, { fit: [465, 150], align: "center" });
  doc
    .font("Helvetica-Bold")
    .fontSize(16)
    .text(input.number, 65, top + 350, { width: 465, align: "center" });

  doc
    .font("Helvetica")
    .fontSize(10)
    .text("Comment renvoyer votre colis", 50, top + 400);
  doc.fontSize(9);
  for (const step of [
    "1. Placez les produits non ouverts dans leur emballage d'origine, avec la facture.",
    "2. Découpez l'étiquette en suivant le cadre et collez-la bien à plat sur le colis.",
    "3. Déposez le colis dans un point relais : le retour ne vous coûte rien.",
    "4. Vous êtes remboursé(e) après la réception et la vérification du colis.",
  ]) {
    doc.text(step, 50);
  }
  doc.end();
  return done;
}
