/**
 * The journal of sales, computed from the frozen invoices and credit notes
 * (docs/decisions/065-accounting-export.md). Pure: documents in, entries out.
 *
 * Each document gives up to three entries, in this order:
 * - VE (ventes): the invoice's TTC to the customer's debit, each rate's HT to sales or shipping,
 *   each rate's VAT to its VAT account, gift cards sold (outside the scope of VAT) to 4191; a
 *   credit note the same with every sign turned (its lines are negative already);
 * - BQ (cartes): the part paid by card, from the customer to the payment provider (a refund back);
 * - OD (cartes cadeaux): the part paid with gift cards, from the cards' debt to the customer.
 * Points and promo codes are discount lines of the invoice, per rate: they lower that rate's sales
 * and VAT, as the invoice itself does, and are not journalled apart.
 *
 * Entries are numbered from 1 in each Paris calendar year, in the order (issue time, invoices
 * before credit notes, document number): a document issued later only ever adds numbers after.
 */
import type { InvoiceDocumentKind, InvoiceSnapshot } from "~/domain/invoices/invoice.types";
import { CHART_OF_ACCOUNTS_LABELS, vatAccountLabel, vatAccountOf, type ChartOfAccounts } from "~/domain/accounting/chart-of-accounts";
import { parisDay } from "~/lib/paris-time";
import type { FecLine } from "~/domain/accounting/fec";

export type AccountingDocument = {
  id: string;
  kind: InvoiceDocumentKind;
  number: string;
  issuedAt: Date;
  snapshot: InvoiceSnapshot;
};

export type JournalCode = "VE" | "BQ" | "OD";
export const JOURNAL_LABELS: Record<JournalCode, string> = {
  VE: "Ventes",
  BQ: "Encaissements par carte",
  OD: "Cartes cadeaux",
};

export type LineRole = "customers" | "sales" | "shipping" | "vat" | "gift_cards" | "payment_provider";

export type JournalLine = {
  role: LineRole;
  account: string;
  account_label: string;
  label: string;
  debit_cents: number;
  credit_cents: number;
  /** Sales, shipping and VAT lines: the rate (null outside the scope of VAT) and the member state whose VAT it is. */
  vat_rate?: number | null;
  vat_country?: string;
};

export type JournalEntry = {
  /** "2026-000042". */
  number: string;
  year: number;
  rank: number;
  journal: JournalCode;
  /** Paris day of the document's issue. */
  date: string;
  document: { kind: InvoiceDocumentKind; number: string; order_number: string };
  lines: JournalLine[];
};

/** Issue time, then invoices before credit notes (issued in the same instant with it), then number. */
export function compareDocuments(a: AccountingDocument, b: AccountingDocument): number {
  const time = a.issuedAt.getTime() - b.issuedAt.getTime();
  if (time !== 0) return time;
  if (a.kind !== b.kind) return a.kind === "invoice" ? -1 : 1;
  return a.number.length - b.number.length || (a.number < b.number ? -1 : a.number > b.number ? 1 : 0);
}

/** The member state whose VAT a document's rated lines carry: another one only under OSS. */
export const vatCountryOfDocument = (snapshot: InvoiceSnapshot): string =>
  snapshot.tax?.regime === "oss" && snapshot.tax.vat_country ? snapshot.tax.vat_country : "FR";

const percent = (rate: number) => `${String(rate).replace(".", ",")} %`;

/** A signed amount (positive: credit) as a line, none when zero. */
function lineOf(base: Omit<JournalLine, "debit_cents" | "credit_cents">, signedCredit: number): JournalLine[] {
  if (signedCredit === 0) return [];
  return [{ ...base, debit_cents: signedCredit < 0 ? -signedCredit : 0, credit_cents: signedCredit > 0 ? signedCredit : 0 }];
}

function documentLabel(doc: AccountingDocument): string {
  const s = doc.snapshot;
  return doc.kind === "invoice"
    ? `Facture ${doc.number} commande ${s.order.number}`
    : `Avoir ${doc.number} sur facture ${s.invoice?.number ?? ""} commande ${s.order.number}`.replace(/\s+/g, " ");
}

/** The VE entry's lines: per (account, rate, member state), netted; the customer's TTC opposite. */
function salesLines(doc: AccountingDocument, chart: ChartOfAccounts): JournalLine[] {
  const s = doc.snapshot;
  const country = vatCountryOfDocument(s);
  const label = documentLabel(doc);
  const groups = new Map<string, { base: Omit<JournalLine, "debit_cents" | "credit_cents">; amount: number }>();
  const add = (key: string, base: () => Omit<JournalLine, "debit_cents" | "credit_cents">, amount: number) => {
    const group = groups.get(key) ?? { base: base(), amount: 0 };
    group.amount += amount;
    groups.set(key, group);
  };
  for (const line of s.lines) {
    const rate = line.vat_rate;
    if (rate === null) {
      // A multi-purpose voucher sold: a debt to its holder, no VAT until it is spent.
      add(
        "gift_cards",
        () => ({
          role: "gift_cards",
          account: chart.gift_cards,
          account_label: CHART_OF_ACCOUNTS_LABELS.gift_cards,
          label,
          vat_rate: null,
          vat_country: country,
        }),
        line.total_ht_cents,
      );
      continue;
    }
    // Gift wrap is billed like the delivery fee (decision 068): 7085 "Ports et frais accessoires facturés".
    const role = line.kind === "shipping" || line.kind === "gift_card_fee" || line.kind === "gift_wrap" ? "shipping" : "sales";
    add(
      `${role}|${rate}`,
      () => ({
        role,
        account: chart[role],
        account_label: CHART_OF_ACCOUNTS_LABELS[role],
        label: `${label} HT ${percent(rate)}`,
        vat_rate: rate,
        vat_country: country,
      }),
      line.total_ht_cents,
    );
    if (line.vat_cents !== 0) {
      add(
        `vat|${rate}`,
        () => ({
          role: "vat",
          account: vatAccountOf(chart, rate, country),
          account_label: vatAccountLabel(rate, country),
          label: `${label} TVA ${percent(rate)}`,
          vat_rate: rate,
          vat_country: country,
        }),
        line.vat_cents,
      );
    }
  }
  return [
    ...lineOf(
      { role: "customers", account: chart.customers, account_label: CHART_OF_ACCOUNTS_LABELS.customers, label },
      -s.totals.ttc_cents,
    ),
    ...[...groups.values()].flatMap((g) => lineOf(g.base, g.amount)),
  ];
}

/** A settlement between the customer and `role`'s account: on an invoice the customer is credited. */
function settlementLines(
  doc: AccountingDocument,
  chart: ChartOfAccounts,
  role: "payment_provider" | "gift_cards",
  cents: number,
  label: string,
) {
  const sign = doc.kind === "invoice" ? 1 : -1;
  return [
    ...lineOf({ role, account: chart[role], account_label: CHART_OF_ACCOUNTS_LABELS[role], label }, -sign * cents),
    ...lineOf({ role: "customers", account: chart.customers, account_label: CHART_OF_ACCOUNTS_LABELS.customers, label }, sign * cents),
  ];
}

/**
 * The entries of `documents` (any order: they are sorted here), numbered within each Paris year.
 * To number a period's entries, give every document from its fiscal year's first day on.
 */
export function buildJournal(documents: readonly AccountingDocument[], chart: ChartOfAccounts): JournalEntry[] {
  const sorted = [...documents].sort(compareDocuments);
  const entries: JournalEntry[] = [];
  const ranks = new Map<number, number>();
  const push = (doc: AccountingDocument, journal: JournalCode, lines: JournalLine[]) => {
    if (lines.length === 0) return;
    // One Paris calendar reading per entry: the day, and the fiscal year it falls in.
    const date = parisDay(doc.issuedAt);
    const year = Number(date.slice(0, 4));
    const rank = (ranks.get(year) ?? 0) + 1;
    ranks.set(year, rank);
    entries.push({
      number: `${year}-${String(rank).padStart(6, "0")}`,
      year,
      rank,
      journal,
      date,
      document: { kind: doc.kind, number: doc.number, order_number: doc.snapshot.order.number },
      lines,
    });
  };
  for (const doc of sorted) {
    const { payment } = doc.snapshot;
    const refund = doc.kind === "credit_note";
    push(doc, "VE", salesLines(doc, chart));
    push(
      doc,
      "BQ",
      settlementLines(
        doc,
        chart,
        "payment_provider",
        payment.card_cents,
        `${refund ? "Remboursement carte" : "Paiement carte"} ${doc.number}`,
      ),
    );
    push(
      doc,
      "OD",
      settlementLines(
        doc,
        chart,
        "gift_cards",
        payment.gift_card_cents,
        `${refund ? "Cartes cadeaux recréditées" : "Paiement par cartes cadeaux"} ${doc.number}`,
      ),
    );
  }
  return entries;
}

/** The FEC's lines of entries. */
export function fecLinesOf(entries: readonly JournalEntry[]): FecLine[] {
  return entries.flatMap((e) =>
    e.lines.map((l) => ({
      journal_code: e.journal,
      journal_lib: JOURNAL_LABELS[e.journal],
      entry_number: e.number,
      entry_date: e.date,
      account: l.account,
      account_label: l.account_label,
      piece_ref: e.document.number,
      piece_date: e.date,
      label: l.label,
      debit_cents: l.debit_cents,
      credit_cents: l.credit_cents,
    })),
  );
}
