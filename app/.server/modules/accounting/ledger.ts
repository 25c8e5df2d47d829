/**
 * The sales ledger per VAT rate and destination, and the One-Stop Shop's quarterly totals per
 * member state (docs/decisions/065-accounting-export.md), summed from the documents' own lines:
 * what an invoice printed is what the ledger counts. Pure.
 */
import type { InvoiceLine, InvoiceSnapshot } from "~/domain/invoices/invoice.types";
import type { TaxRegime } from "~/domain/tax/tax-rules";
import { CSV_BOM, CSV_LINE_END, CSV_SEPARATOR, csvField } from "~/lib/csv";
import { fecAmount } from "~/domain/accounting/fec";
import type { LedgerRow, OssRow, RateTotal } from "~/domain/accounting/accounting.types";
import { vatCountryOfDocument, type AccountingDocument } from "./journal";

export type { LedgerRow, OssRow, RateTotal };

export const REGIME_LABELS: Record<TaxRegime, string> = {
  domestic: "TVA française",
  distance_fr: "Vente à distance UE, TVA française",
  oss: "Vente à distance UE, TVA du pays (OSS)",
  intra_eu_b2b: "Livraison intracommunautaire exonérée",
  export: "Exportation exonérée",
  overseas: "Outre-mer, exonérée",
  out_of_scope: "Hors champ (cartes cadeaux)",
};

/** Documents issued before decision 063 carry no `tax`: French VAT, delivered in France. */
function regimeOf(snapshot: InvoiceSnapshot, line: InvoiceLine): TaxRegime {
  if (line.vat_rate === null) return "out_of_scope";
  const tax = snapshot.tax;
  if (!tax) return "domestic";
  return line.kind === "shipping" || line.kind === "gift_card_fee" || line.kind === "gift_wrap" ? tax.shipping.regime : tax.regime;
}

const destinationOf = (s: InvoiceSnapshot) =>
  s.tax?.destination.country_code ?? s.buyer.shipping_country_code ?? s.buyer.billing_country_code ?? "FR";

const compareRates = (a: number | null, b: number | null) => (b ?? -1) - (a ?? -1);

/** The ledger's rows, highest rate first, then by member state, destination and regime. */
export function salesLedger(documents: readonly AccountingDocument[]): LedgerRow[] {
  const rows = new Map<string, LedgerRow>();
  for (const doc of documents) {
    const s = doc.snapshot;
    const country = vatCountryOfDocument(s);
    const destination = destinationOf(s);
    for (const line of s.lines) {
      const regime = regimeOf(s, line);
      const key = `${line.vat_rate}|${country}|${destination}|${regime}`;
      const row = rows.get(key) ?? {
        vat_rate: line.vat_rate,
        vat_country: country,
        destination,
        regime,
        invoiced_ht_cents: 0,
        invoiced_vat_cents: 0,
        credited_ht_cents: 0,
        credited_vat_cents: 0,
        net_ht_cents: 0,
        net_vat_cents: 0,
        net_ttc_cents: 0,
      };
      if (doc.kind === "invoice") {
        row.invoiced_ht_cents += line.total_ht_cents;
        row.invoiced_vat_cents += line.vat_cents;
      } else {
        row.credited_ht_cents -= line.total_ht_cents;
        row.credited_vat_cents -= line.vat_cents;
      }
      row.net_ht_cents += line.total_ht_cents;
      row.net_vat_cents += line.vat_cents;
      row.net_ttc_cents += line.total_ttc_cents;
      rows.set(key, row);
    }
  }
  return [...rows.values()].sort(
    (a, b) =>
      compareRates(a.vat_rate, b.vat_rate) ||
      a.vat_country.localeCompare(b.vat_country) ||
      a.destination.localeCompare(b.destination) ||
      a.regime.localeCompare(b.regime),
  );
}

/** The ledger summed per rate and member state: the page's preview. */
export function totalsPerRate(rows: readonly LedgerRow[]): RateTotal[] {
  const out = new Map<string, RateTotal>();
  for (const r of rows) {
    const key = `${r.vat_rate}|${r.vat_country}`;
    const t = out.get(key) ?? {
      vat_rate: r.vat_rate,
      vat_country: r.vat_country,
      invoiced_ht_cents: 0,
      invoiced_vat_cents: 0,
      credited_ht_cents: 0,
      credited_vat_cents: 0,
      net_ht_cents: 0,
      net_vat_cents: 0,
      net_ttc_cents: 0,
    };
    t.invoiced_ht_cents += r.invoiced_ht_cents;
    t.invoiced_vat_cents += r.invoiced_vat_cents;
    t.credited_ht_cents += r.credited_ht_cents;
    t.credited_vat_cents += r.credited_vat_cents;
    t.net_ht_cents += r.net_ht_cents;
    t.net_vat_cents += r.net_vat_cents;
    t.net_ttc_cents += r.net_ttc_cents;
    out.set(key, t);
  }
  return [...out.values()];
}

/**
 * The OSS return's figures: the documents issued under the `oss` regime, per member state of
 * consumption and rate, credit notes deducted in the quarter they are issued in.
 */
export function ossTotals(documents: readonly AccountingDocument[]): OssRow[] {
  const rows = new Map<string, OssRow>();
  for (const doc of documents) {
    const s = doc.snapshot;
    if (s.tax?.regime !== "oss" || !s.tax.vat_country) continue;
    for (const line of s.lines) {
      if (line.vat_rate === null || regimeOf(s, line) !== "oss") continue;
      const key = `${s.tax.vat_country}|${line.vat_rate}`;
      const row = rows.get(key) ?? { member_state: s.tax.vat_country, vat_rate: line.vat_rate, taxable_ht_cents: 0, vat_cents: 0 };
      row.taxable_ht_cents += line.total_ht_cents;
      row.vat_cents += line.vat_cents;
      rows.set(key, row);
    }
  }
  return [...rows.values()].sort((a, b) => a.member_state.localeCompare(b.member_state) || b.vat_rate - a.vat_rate);
}

const rateText = (rate: number | null) => (rate === null ? "hors champ" : String(rate).replace(".", ","));

/** A CSV line for Excel in French; amounts are written by us ("-12,30"), never taken for formulas. */
const csvLine = (text: readonly string[], amounts: readonly number[]) =>
  [...text.map(csvField), ...amounts.map(fecAmount)].join(CSV_SEPARATOR) + CSV_LINE_END;

export const LEDGER_CSV_HEADER = [
  "Taux de TVA (%)",
  "TVA de l'État",
  "Pays de livraison",
  "Régime",
  "Base HT facturée",
  "TVA facturée",
  "Base HT des avoirs",
  "TVA des avoirs",
  "Base HT nette",
  "TVA nette",
  "TTC net",
];

export function salesLedgerCsv(rows: readonly LedgerRow[]): string {
  return (
    CSV_BOM +
    LEDGER_CSV_HEADER.map(csvField).join(CSV_SEPARATOR) +
    CSV_LINE_END +
    rows
      .map((r) =>
        csvLine(
          [rateText(r.vat_rate), r.vat_country, r.destination, REGIME_LABELS[r.regime]],
          [
            r.invoiced_ht_cents,
            r.invoiced_vat_cents,
            r.credited_ht_cents,
            r.credited_vat_cents,
            r.net_ht_cents,
            r.net_vat_cents,
            r.net_ttc_cents,
          ],
        ),
      )
      .join("")
  );
}

export const OSS_CSV_HEADER = ["État membre de consommation", "Taux de TVA (%)", "Base imposable HT", "TVA due"];

export function ossCsv(rows: readonly OssRow[]): string {
  return (
    CSV_BOM +
    OSS_CSV_HEADER.map(csvField).join(CSV_SEPARATOR) +
    CSV_LINE_END +
    rows.map((r) => csvLine([r.member_state, rateText(r.vat_rate)], [r.taxable_ht_cents, r.vat_cents])).join("")
  );
}
