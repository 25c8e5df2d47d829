/**
 * What VAT by destination and the accountant's export cost (decisions 063 to 065), in CPU time,
 * which holds on a noisy 2-core machine better than wall time:
 * - pricing a 5-line order through the tax rule, per order (every quote and order pays it);
 * - rendering one invoice as a plain PDF against the same invoice as Factur-X (PDF/A-3 with its
 *   CII XML), as a ratio in the same run;
 * - building a year's FEC journal of --documents invoices and credit notes (20,000 by default),
 *   formatting, encoding and re-checking it, per 1,000 documents.
 *
 *   npm run bench:tax [-- --documents 20000]
 */
import { parseArgs } from "node:util";
import PDFDocument from "pdfkit";
import { buildJournal, fecLinesOf, type AccountingDocument } from "../app/.server/modules/accounting/journal";
import { renderDocumentPdf } from "../app/.server/modules/invoices/invoice-pdf";
import { buildFacturXml } from "../app/.server/modules/invoices/facturx/cii-xml";
import { creditNoteOf, invoiceSnapshot, orderTax, product, shipping } from "../app/.server/modules/invoices/facturx/facturx-fixtures";
import { DEFAULT_CHART_OF_ACCOUNTS } from "../app/domain/accounting/chart-of-accounts";
import { encodeLatin9, fecFileText, fecProblems } from "../app/domain/accounting/fec";
import { taxDestinationOf } from "../app/domain/tax/destinations";
import { DEFAULT_TAX_RATES } from "../app/domain/tax/rates";
import { chargedUnitCents, decideTax, DEFAULT_TAX_SETTINGS } from "../app/domain/tax/tax-rules";
import type { InvoiceSnapshot } from "../app/domain/invoices/invoice.types";
import { printTable, round } from "./lib";

const { values } = parseArgs({ options: { documents: { type: "string", default: "20000" } } });
const documentCount = Number(values.documents);

/** CPU milliseconds (user + system) of `run`, repeated `times`, per repetition. */
async function cpuPer(times: number, run: () => unknown | Promise<unknown>): Promise<number> {
  await run(); // warm-up: module loading and JIT are not the figure
  const start = process.cpuUsage();
  for (let i = 0; i < times; i++) await run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000 / times;
}

// 1. Pricing: five lines to Brussels under the OSS, the heaviest path (two rates, conversion).
const brussels = taxDestinationOf("Belgique", "1000")!;
const pricing = await cpuPer(20_000, () => {
  let total = 0;
  for (let i = 0; i < 5; i++) {
    const decision = decideTax({
      destination: brussels,
      kind: "goods",
      taxClass: i % 2 ? "reduced" : "standard",
      buyer: { kind: "consumer" },
      settings: DEFAULT_TAX_SETTINGS,
      overThreshold: true,
      rates: DEFAULT_TAX_RATES,
      day: "2026-12-03",
    });
    total += chargedUnitCents(4990 + i, i % 2 ? 5.5 : 20, decision);
  }
  return total;
});

// 2. One invoice: the plain PDF pdfkit drew before, and the Factur-X the shop issues now.
const invoice = invoiceSnapshot({
  lines: [product("Eau de parfum Nébuline 50 ml", 8900), product("Crème de jour", 3200, 2), shipping(0)],
  discounts: [{ designation: "Points Beauty Pass (200 points)", amount_cents: 1000 }],
  tax: orderTax("domestic", "FR", { vatCountry: "FR", shippingRate: 20, category: "S" }),
});
const plain = await cpuPer(30, () => {
  const doc = new PDFDocument({ size: "A4", margin: 50 });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise((resolve) => doc.on("end", resolve));
  doc.fontSize(18).text(`Facture ${invoice.number}`);
  for (const line of invoice.lines) doc.fontSize(10).text(`${line.designation}  ${line.total_ttc_cents / 100} €`);
  for (const mention of invoice.mentions) doc.fontSize(8).text(mention);
  doc.end();
  return done;
});
const facturX = await cpuPer(30, () => renderDocumentPdf(invoice));
const xmlOnly = await cpuPer(500, () => buildFacturXml(invoice));

// 3. A year's journal: invoices across the year, one in ten credited a week later.
const documents: AccountingDocument[] = [];
const exportTax = orderTax("export", "CH", { category: "G" });
for (let i = 0; documents.length < documentCount; i++) {
  const issued = new Date(Date.UTC(2025, 0, 1) + Math.floor((i * 365 * 86_400_000) / documentCount));
  const swiss = i % 7 === 0;
  const snapshot: InvoiceSnapshot = {
    ...invoiceSnapshot({
      number: `FA-2025-${String(i + 1).padStart(6, "0")}`,
      lines: swiss
        ? [product("Parfum", 7417, 1, { rate: 0, category: "G" }), shipping(1242, { rate: 0, category: "G" })]
        : [product("Parfum", 8900), product("Baume", 1250 + (i % 40), 1 + (i % 3), { rate: 5.5 }), shipping(i % 2 ? 990 : 0)],
      discounts: i % 5 === 0 ? [{ designation: "Code promo", amount_cents: 500 }] : [],
      tax: swiss ? exportTax : null,
    }),
    issued_at: issued.toISOString(),
  };
  documents.push({ id: `d${i}`, kind: "invoice", number: snapshot.number, issuedAt: issued, snapshot });
  if (i % 10 === 0 && documents.length < documentCount) {
    const later = new Date(issued.getTime() + 7 * 86_400_000);
    const note = { ...creditNoteOf(snapshot), number: `AV-2025-${String(i + 1).padStart(6, "0")}`, issued_at: later.toISOString() };
    documents.push({ id: `c${i}`, kind: "credit_note", number: note.number, issuedAt: later, snapshot: note });
  }
}
let lines = 0;
const journal = await cpuPer(3, () => {
  const fec = fecLinesOf(buildJournal(documents, DEFAULT_CHART_OF_ACCOUNTS));
  lines = fec.length;
  const text = fecFileText(fec);
  encodeLatin9(text);
  if (fecProblems(text).length > 0) throw new Error("the generated FEC does not pass its own checks");
});

printTable([
  { measure: "price a 5-line OSS order (CPU ms per order)", value: round(pricing, 4) },
  { measure: "the same lines on a pdfkit page, built-in font (CPU ms, floor)", value: round(plain, 1) },
  { measure: "Factur-X invoice: PDF/A-3 + CII XML (CPU ms)", value: round(facturX, 1) },
  { measure: "Factur-X / floor (ratio)", value: round(facturX / plain, 2) },
  { measure: "CII XML alone (CPU ms)", value: round(xmlOnly, 2) },
  { measure: `FEC journal of ${documents.length} documents, ${lines} lines (CPU ms)`, value: round(journal, 0) },
  { measure: "FEC journal per 1,000 documents (CPU ms)", value: round((journal * 1000) / documents.length, 1) },
]);
