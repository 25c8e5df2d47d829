/**
 * The demonstration's carrier (decision 062), the embedded default when `CARRIERS` names no real
 * one: relay points from the generated directory (relay-points.service.ts), labels drawn by the
 * shop and plainly marked as demonstration labels, and numbers in the carrier's format, drawn at
 * random so two shops never print the same one. A parcel leaving the EU's customs territory gets
 * its CN23 drawn too, on a page of its own, from the declaration the label request carries. It
 * reports no parcel event: as before carriers, a demonstration parcel moves only when the
 * administrator changes the order's status.
 */
import { randomInt } from "node:crypto";
import bwipjs from "bwip-js/node";
import PDFDocument from "pdfkit";
import { generatedRelayDirectory } from "../relay-points.service";
import { brandOfProduct, productByCode } from "~/domain/delivery/carrier-products";
import {
  CUSTOMS_CATEGORY_LABELS,
  type CarrierAddress,
  type CarrierClient,
  type CarrierLabel,
  type CarrierPoint,
  type CustomsDeclaration,
  type LabelFormat,
  type LabelRequest,
  type ReturnLabelRequest,
} from "~/domain/delivery/carrier";
import type { RelayPoint } from "~/domain/delivery/relay-points";

function pointOf(point: RelayPoint): CarrierPoint {
  return {
    carrier: "demo",
    carrierPointId: point.id,
    name: point.name,
    street: point.street,
    postalCode: point.postal_code,
    city: point.city,
    countryCode: "FR",
    openingHours: point.opening_hours,
    distanceKm: point.distance_km,
    productCode: null,
  };
}

function digits(count: number): string {
  let out = "";
  for (let i = 0; i < count; i++) out += String(randomInt(10));
  return out;
}

/** A number in the format of the carrier whose product the parcel goes by (shipping-tracking.ts). */
export function demoTrackingNumber(productCode: string): string {
  return brandOfProduct(productCode) === "mondialrelay" ? digits(8) : `6A${digits(11)}`;
}

const SIZES: Record<LabelFormat, [number, number]> = { "10x15": [283.46, 425.2], A4: [595.28, 841.89] };
const clean = (text: string) => text.replace(/[\u202f\u00a0]/g, " ");

function addressLines(a: CarrierAddress): string[] {
  return [
    a.company ?? "",
    `${a.firstName} ${a.lastName}`.trim(),
    a.line1,
    a.line2 ?? "",
    `${a.postalCode} ${a.city}`,
    a.countryCode,
  ].filter(Boolean);
}

async function drawLabel(input: {
  title: string;
  trackingNumber: string;
  reference: string;
  productCode: string;
  weightGrams: number;
  format: LabelFormat;
  sender: CarrierAddress;
  recipient: CarrierAddress;
  pointId?: string | null;
}): Promise<Uint8Array> {
  const barcode = await bwipjs.toBuffer({
    bcid: "code128",
    text: input.trackingNumber,
    scale: 3,
    height: 16,
    includetext: true,
    textxalign: "center",
  });
  const [width, height] = SIZES[input.format];
  const doc = new PDFDocument({
    size: [width, height],
    margin: 18,
    info: { Title: `${input.title} ${input.trackingNumber}`, Author: "Aurore" },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const inner = Math.min(width, 283.46) - 36;
  doc.font("Helvetica-Bold").fontSize(11).text(input.title, 18, 18, { width: inner });
  doc.font("Helvetica").fontSize(7).text("Étiquette de démonstration : elle n'est valable chez aucun transporteur.", { width: inner });
  doc.moveDown(0.5).font("Helvetica-Bold").fontSize(7).text("EXPÉDITEUR");
  doc.font("Helvetica").fontSize(8);
  for (const line of addressLines(input.sender)) doc.text(clean(line), { width: inner });
  doc.moveDown(0.5).font("Helvetica-Bold").fontSize(7).text("DESTINATAIRE");
  doc.font("Helvetica-Bold").fontSize(10);
  for (const line of addressLines(input.recipient)) doc.text(clean(line), { width: inner });
  if (input.pointId) doc.font("Helvetica").fontSize(8).text(`Point de retrait : ${input.pointId}`, { width: inner });
  doc
    .moveDown(0.5)
    .font("Helvetica")
    .fontSize(8)
    .text(`Produit ${input.productCode} · ${(input.weightGrams / 1000).toLocaleString("fr-FR")} kg · réf. ${input.reference}`, {
      width: inner,
    });
  doc.image(barcode, 18, doc.y + 8, { fit: [inner, 90], align: "center" });
  doc.end();
  return new Uint8Array(await done);
}

const money = (cents: number, currency: string) =>
  clean(new Intl.NumberFormat("fr-FR", { style: "currency", currency }).format(cents / 100));
const kilos = (grams: number) => `${clean((grams / 1000).toLocaleString("fr-FR", { maximumFractionDigits: 3 }))} kg`;

/** The CN23 page: who sends to whom, one row per article (HS code, origin, value, weight), the totals. */
async function drawCustomsDeclaration(input: {
  trackingNumber: string;
  reference: string;
  sender: CarrierAddress;
  recipient: CarrierAddress;
  customs: CustomsDeclaration;
}): Promise<Uint8Array> {
  const { customs } = input;
  const doc = new PDFDocument({ size: "A4", margin: 36, info: { Title: `CN23 ${input.trackingNumber}`, Author: "Aurore" } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  doc.font("Helvetica-Bold").fontSize(14).text("DÉCLARATION EN DOUANE CN23");
  doc.font("Helvetica").fontSize(8).text("Document de démonstration : il n'est valable auprès d'aucune douane.");
  doc.moveDown(0.5).fontSize(9).text(`Colis ${input.trackingNumber} · réf. ${input.reference}`);
  doc.text(`Expéditeur : ${clean(addressLines(input.sender).join(", "))}`);
  doc.text(`Destinataire : ${clean(addressLines(input.recipient).join(", "))}`);
  doc.text(`Nature de l'envoi : ${CUSTOMS_CATEGORY_LABELS[customs.category]}`);
  if (customs.invoiceNumber) doc.text(`Facture : ${customs.invoiceNumber}`);
  doc.moveDown(0.5).font("Helvetica-Bold").text("Désignation · Quantité · Code SH · Origine · Valeur unitaire · Poids unitaire");
  doc.font("Helvetica");
  for (const a of customs.articles) {
    doc.text(
      `${clean(a.description)} · ${a.quantity} · SH ${a.hsCode} · ${a.originCountry} · ${money(a.valueCents, customs.currency)} · ${kilos(a.weightGrams)}`,
    );
  }
  const weight = customs.articles.reduce((sum, a) => sum + a.quantity * a.weightGrams, 0);
  doc.moveDown(0.5).font("Helvetica-Bold");
  doc.text(`Valeur totale : ${money(customs.totalValueCents, customs.currency)} · Poids net total : ${kilos(weight)}`);
  doc.font("Helvetica").text(`Frais de port : ${money(customs.shippingCents, customs.currency)}`);
  doc.end();
  return new Uint8Array(await done);
}

export const demoCarrier: CarrierClient = {
  code: "demo",
  label: "Transporteur de démonstration",
  maxWeightGrams(productCode) {
    return productByCode(productCode)?.product.maxWeightGrams ?? 30_000;
  },
  async searchPoints(search) {
    if (search.countryCode !== "FR") return [];
    return (await generatedRelayDirectory.search(search.postalCode, search.limit)).map(pointOf);
  },
  async getPoint(carrierPointId, countryCode) {
    if (countryCode !== "FR") return null;
    const point = await generatedRelayDirectory.get(carrierPointId);
    return point ? pointOf(point) : null;
  },
  async createLabel(request: LabelRequest): Promise<CarrierLabel> {
    const trackingNumber = demoTrackingNumber(request.productCode);
    const pdf = await drawLabel({ ...request, title: "Colis (démonstration)", trackingNumber });
    const customsPdf = request.customs ? await drawCustomsDeclaration({ ...request, customs: request.customs, trackingNumber }) : null;
    return { trackingNumber, pdf, format: request.format, customsPdf };
  },
  async createReturnLabel(request: ReturnLabelRequest): Promise<CarrierLabel> {
    const trackingNumber = demoTrackingNumber("CORE");
    const pdf = await drawLabel({ ...request, productCode: "CORE", title: "Retour prépayé (démonstration)", trackingNumber });
    return { trackingNumber, pdf, format: request.format, customsPdf: null };
  },
  async track(trackingNumber) {
    return { trackingNumber, events: [], estimatedDeliveryDate: null };
  },
};
