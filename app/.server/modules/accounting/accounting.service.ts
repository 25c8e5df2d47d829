/**
 * The accountant's export (docs/decisions/065-accounting-export.md): the FEC journal of sales, the
 * sales ledger per VAT rate and destination, and the OSS totals per quarter and member state, all
 * computed on demand from invoice_documents (frozen snapshots; this module writes nothing).
 *
 * A period is refused while it is not sealed: an order placed in it and paid has no invoice yet
 * (an order placed before invoices existed, numbered on its first download), so its sale would
 * be missing from every total.
 */
import { and, asc, count, eq, gte, inArray, lt, notExists, sql } from "drizzle-orm";
import type { Executor } from "~/.server/db/client";
import { invoiceDocuments, orders } from "~/.server/db/schema";
import { conflict, invalid } from "~/domain/errors";
import { INVOICED_PAYMENT_STATUSES } from "~/domain/invoices/invoice.types";
import type { ChartOfAccounts } from "~/domain/accounting/chart-of-accounts";
import { encodeLatin9, fecFileName, fecFileText, fecProblems } from "~/domain/accounting/fec";
import { quarterPeriod, type AccountingPeriod, type OssQuarter } from "~/domain/accounting/period";
import { addParisDays, parisDay, parisDayStart } from "~/lib/paris-time";
import { buildJournal, fecLinesOf, type AccountingDocument, type JournalEntry } from "./journal";
import { ossCsv, ossTotals, salesLedger, salesLedgerCsv, totalsPerRate } from "./ledger";
import type { AccountingPreview, LedgerRow, OssRow, UnsealedOrders } from "~/domain/accounting/accounting.types";

/** How many unsealed orders a refusal names (the count says how many in all). */
export const UNSEALED_LISTED = 10;

export const PERIOD_NOT_CLOSED_MESSAGE =
  "Le FEC porte sur des journées closes : choisissez une date de fin au plus tard hier (les écritures du jour peuvent encore s'ajouter).";
export const SIREN_MISSING_MESSAGE =
  "Renseignez le SIREN de la boutique (9 chiffres) dans Paramètres, Identité de la boutique, avant d'exporter le FEC.";

/** The instants a period covers: from its first day's Paris midnight to the one after its last day. */
const bounds = (p: AccountingPeriod) => ({ start: parisDayStart(p.from), end: parisDayStart(addParisDays(p.to, 1)) });

/** The documents issued in [start, end), in journal order. */
export async function readDocuments(db: Executor, start: Date, end: Date): Promise<AccountingDocument[]> {
  const rows = await db
    .select({
      id: invoiceDocuments.id,
      kind: invoiceDocuments.kind,
      number: invoiceDocuments.number,
      issuedAt: invoiceDocuments.issuedAt,
      snapshot: invoiceDocuments.snapshot,
    })
    .from(invoiceDocuments)
    .where(and(gte(invoiceDocuments.issuedAt, start), lt(invoiceDocuments.issuedAt, end)))
    .orderBy(asc(invoiceDocuments.issuedAt), asc(invoiceDocuments.number));
  return rows;
}

/** The paid orders placed in the period that have no invoice yet. */
export async function unsealedOrders(db: Executor, period: AccountingPeriod): Promise<UnsealedOrders> {
  const { start, end } = bounds(period);
  const where = and(
    gte(orders.createdAt, start),
    lt(orders.createdAt, end),
    inArray(orders.paymentStatus, [...INVOICED_PAYMENT_STATUSES]),
    notExists(
      db
        .select({ one: sql`1` })
        .from(invoiceDocuments)
        .where(and(eq(invoiceDocuments.orderId, orders.id), eq(invoiceDocuments.kind, "invoice"))),
    ),
  );
  const [total] = await db.select({ n: count() }).from(orders).where(where);
  const listed = await db
    .select({ id: orders.id, number: orders.orderNumber })
    .from(orders)
    .where(where)
    .orderBy(asc(orders.createdAt))
    .limit(UNSEALED_LISTED);
  return { count: total?.n ?? 0, orders: listed };
}

/** The French refusal of an unsealed period, with the fix. */
export function unsealedMessage(unsealed: UnsealedOrders): string {
  const names = unsealed.orders.map((o) => o.number).join(", ");
  const more = unsealed.count > unsealed.orders.length ? ` et ${unsealed.count - unsealed.orders.length} autres` : "";
  const which =
    unsealed.count === 1
      ? `La commande ${names} de la période est payée mais n'a pas encore de facture`
      : `${unsealed.count} commandes de la période sont payées mais n'ont pas encore de facture (${names}${more})`;
  return `${which} : émettez les factures manquantes (bouton « Émettre les factures manquantes » de la page Comptabilité, ou un téléchargement de chaque facture), puis exportez à nouveau. Elles seront datées du jour de leur émission.`;
}

/** Refuses (409 `unsealed_invoices`) a period with paid orders still without their invoice. */
export async function assertSealed(db: Executor, period: AccountingPeriod): Promise<void> {
  const unsealed = await unsealedOrders(db, period);
  if (unsealed.count === 0) return;
  throw conflict("unsealed_invoices", unsealedMessage(unsealed), {
    details: { count: unsealed.count, orders: unsealed.orders.map((o) => o.number) },
  });
}

/**
 * The entries of the period, numbered within their fiscal year: the year's earlier documents are
 * read too, so a period's numbers are the same whether exported alone or within its year.
 */
export async function journalOf(db: Executor, period: AccountingPeriod, chart: ChartOfAccounts): Promise<JournalEntry[]> {
  const { end } = bounds(period);
  const yearStart = parisDayStart(`${period.from.slice(0, 4)}-01-01`);
  const entries = buildJournal(await readDocuments(db, yearStart, end), chart);
  return entries.filter((e) => e.date >= period.from && e.date <= period.to);
}

/** What the Comptabilité page shows for a period: counts, the journal's totals, the totals per rate, what is not sealed. */
export async function accountingPreview(db: Executor, period: AccountingPeriod, chart: ChartOfAccounts): Promise<AccountingPreview> {
  const { start, end } = bounds(period);
  const documents = await readDocuments(db, start, end);
  const entries = buildJournal(documents, chart);
  const lines = entries.flatMap((e) => e.lines);
  return {
    period,
    invoices: documents.filter((d) => d.kind === "invoice").length,
    credit_notes: documents.filter((d) => d.kind === "credit_note").length,
    entries: entries.length,
    debit_cents: lines.reduce((a, l) => a + l.debit_cents, 0),
    credit_cents: lines.reduce((a, l) => a + l.credit_cents, 0),
    per_rate: totalsPerRate(salesLedger(documents)),
    unsealed: await unsealedOrders(db, period),
  };
}

export type ExportFile = { fileName: string; contentType: string; body: Uint8Array | string };

/**
 * The FEC of a sealed period of closed days, in ISO 8859-15, checked against the format's rules
 * before it is given (a file that fails them is a fault here, never handed out).
 */
export async function exportFec(
  db: Executor,
  input: { period: AccountingPeriod; chart: ChartOfAccounts; siren: string; now: Date },
): Promise<ExportFile> {
  const { period, chart, now } = input;
  if (period.to >= parisDay(now)) throw invalid("period_not_closed", PERIOD_NOT_CLOSED_MESSAGE, { field: "to" });
  // "123 456 789" as typed in Paramètres; the demo's "000 000 000 (fictif)" gives 000000000.
  const siren = input.siren.replace(/\D/g, "");
  if (!/^\d{9}$/.test(siren)) throw invalid("siren_missing", SIREN_MISSING_MESSAGE);
  await assertSealed(db, period);
  const text = fecFileText(fecLinesOf(await journalOf(db, period, chart)));
  const problems = fecProblems(text);
  if (problems.length > 0) throw new Error(`FEC ${period.from}..${period.to} fails its own checks: ${problems.slice(0, 5).join("; ")}`);
  return { fileName: fecFileName(siren, period.to), contentType: "text/plain; charset=iso-8859-15", body: encodeLatin9(text) };
}

/** The sales ledger's rows of a sealed period. */
export async function salesLedgerOf(db: Executor, period: AccountingPeriod): Promise<LedgerRow[]> {
  await assertSealed(db, period);
  const { start, end } = bounds(period);
  return salesLedger(await readDocuments(db, start, end));
}

export async function exportSalesLedger(db: Executor, period: AccountingPeriod): Promise<ExportFile> {
  return {
    fileName: `journal-des-ventes_${period.from}_${period.to}.csv`,
    contentType: "text/csv; charset=utf-8",
    body: salesLedgerCsv(await salesLedgerOf(db, period)),
  };
}

/** The OSS figures of a sealed quarter. */
export async function ossTotalsOf(db: Executor, quarter: OssQuarter): Promise<{ period: AccountingPeriod; rows: OssRow[] }> {
  const period = quarterPeriod(quarter);
  await assertSealed(db, period);
  const { start, end } = bounds(period);
  return { period, rows: ossTotals(await readDocuments(db, start, end)) };
}

export async function exportOss(db: Executor, quarter: OssQuarter): Promise<ExportFile> {
  const { rows } = await ossTotalsOf(db, quarter);
  return { fileName: `oss_${quarter.year}-T${quarter.quarter}.csv`, contentType: "text/csv; charset=utf-8", body: ossCsv(rows) };
}
