/**
 * The amounts an invoice prints, in integer cents (docs/decisions/031-invoices.md). Prices are
 * VAT-inclusive: each line's HT is its TTC divided by (1 + rate), rounded to the cent, and its VAT
 * is what is left, so every line, every rate and the whole document add up to the TTC the shopper
 * paid, to the cent. Pure: no server, no React.
 */
import type { InvoiceDiscount, InvoiceLine, InvoiceLineKind, InvoiceTotals, VatBreakdownRow } from "./invoice.types";
import type { VatCategory } from "~/domain/tax/tax-rules";

/** A line as the order holds it, before taxes are worked out. */
export type TaxableLine = {
  kind: Exclude<InvoiceLineKind, "discount">;
  designation: string;
  orderItemId: string | null;
  quantity: number;
  unitTtcCents: number;
  totalTtcCents: number;
  /** Percent; null outside the scope of VAT. */
  vatRate: number | null;
  /** Whether the order's discounts (points, promo code) apply to it: the merchandise lines. */
  discountable: boolean;
  /** Its EN 16931 category (decision 063); absent: S for a rate, O for none. */
  vatCategory?: VatCategory;
};

const categoryOf = (rate: number | null, category: VatCategory | undefined): VatCategory => category ?? (rate === null ? "O" : "S");

export type ComputedDocument = { lines: InvoiceLine[]; totals: InvoiceTotals; vat_breakdown: VatBreakdownRow[] };

/** Integer division rounded half away from zero (den > 0). */
function divRound(num: number, den: number): number {
  const sign = num < 0 ? -1 : 1;
  return sign * Math.floor((2 * Math.abs(num) + den) / (2 * den));
}

/** HT of a VAT-inclusive amount: round(TTC / (1 + rate)); the amount itself outside the scope of VAT. */
export function htOf(ttcCents: number, vatRate: number | null): number {
  if (vatRate === null) return ttcCents;
  // Rates in hundredths of a percent keep 5.5 % and 2.1 % in integers too.
  const basisPoints = Math.round(vatRate * 100);
  return divRound(ttcCents * 10_000, 10_000 + basisPoints);
}

/** `total` split over `weights` in proportion, the rounding cents going to the largest remainders (sum is exact). */
export function spreadProRata(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, w) => a + w, 0);
  if (sum <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (total * w) / sum);
  const shares = exact.map((x) => Math.floor(x));
  let left = total - shares.reduce((a, s) => a + s, 0);
  const byRemainder = exact.map((x, i) => ({ i, r: x - Math.floor(x) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of byRemainder) {
    if (left <= 0) break;
    shares[i] += 1;
    left -= 1;
  }
  return shares;
}

function taxed(line: Omit<InvoiceLine, "unit_ht_cents" | "total_ht_cents" | "vat_cents">): InvoiceLine {
  const totalHt = htOf(line.total_ttc_cents, line.vat_rate);
  return {
    ...line,
    unit_ht_cents: htOf(line.unit_ttc_cents, line.vat_rate),
    total_ht_cents: totalHt,
    vat_cents: line.total_ttc_cents - totalHt,
  };
}

const rateLabel = (rate: number | null) => (rate === null ? "hors champ" : `TVA ${String(rate).replace(".", ",")} %`);

/**
 * The document's lines with HT and VAT, its totals and its VAT breakdown. Each discount becomes
 * negative lines that lower the VAT base of the discountable lines, one per rate among them,
 * spread in proportion to what each rate weighs.
 */
export function computeInvoiceDocument(input: readonly TaxableLine[], discounts: readonly InvoiceDiscount[]): ComputedDocument {
  const lines: InvoiceLine[] = input.map((l) =>
    taxed({
      kind: l.kind,
      designation: l.designation,
      order_item_id: l.orderItemId,
      quantity: l.quantity,
      unit_ttc_cents: l.unitTtcCents,
      vat_rate: l.vatRate,
      vat_category: categoryOf(l.vatRate, l.vatCategory),
      total_ttc_cents: l.totalTtcCents,
    }),
  );
  const byRate = new Map<number | null, number>();
  // A rate's discount lines take the category of the lines they lower (one per rate in an order).
  const categoryOfRate = new Map<number | null, VatCategory>();
  for (const l of input) {
    if (!l.discountable) continue;
    byRate.set(l.vatRate, (byRate.get(l.vatRate) ?? 0) + l.totalTtcCents);
    if (!categoryOfRate.has(l.vatRate)) categoryOfRate.set(l.vatRate, categoryOf(l.vatRate, l.vatCategory));
  }
  const rates = [...byRate.keys()];
  for (const discount of discounts) {
    if (discount.amount_cents === 0) continue;
    const shares = spreadProRata(
      discount.amount_cents,
      rates.map((r) => byRate.get(r) ?? 0),
    );
    rates.forEach((rate, i) => {
      if (shares[i] === 0) return;
      lines.push(
        taxed({
          kind: "discount",
          designation: rates.length > 1 ? `${discount.designation} (${rateLabel(rate)})` : discount.designation,
          order_item_id: null,
          quantity: 1,
          unit_ttc_cents: -shares[i],
          vat_rate: rate,
          vat_category: categoryOfRate.get(rate) ?? categoryOf(rate, undefined),
          total_ttc_cents: -shares[i],
        }),
      );
    });
  }
  return { lines, ...summarise(lines) };
}

/** Totals and VAT breakdown of lines already taxed: sums of the lines, so they always agree. */
export function summarise(lines: readonly InvoiceLine[]): { totals: InvoiceTotals; vat_breakdown: VatBreakdownRow[] } {
  const rows = new Map<number | null, VatBreakdownRow>();
  for (const l of lines) {
    const row = rows.get(l.vat_rate) ?? { vat_rate: l.vat_rate, base_ht_cents: 0, vat_cents: 0, total_ttc_cents: 0 };
    row.base_ht_cents += l.total_ht_cents;
    row.vat_cents += l.vat_cents;
    row.total_ttc_cents += l.total_ttc_cents;
    rows.set(l.vat_rate, row);
  }
  // Highest rate first, outside the scope of VAT last.
  const vat_breakdown = [...rows.values()]
    .filter((r) => r.total_ttc_cents !== 0 || r.base_ht_cents !== 0)
    .sort((a, b) => (b.vat_rate ?? -1) - (a.vat_rate ?? -1));
  const sum = (pick: (l: InvoiceLine) => number) => lines.reduce((a, l) => a + pick(l), 0);
  return {
    totals: { ht_cents: sum((l) => l.total_ht_cents), vat_cents: sum((l) => l.vat_cents), ttc_cents: sum((l) => l.total_ttc_cents) },
    vat_breakdown,
  };
}

/** The same lines with every amount's sign turned: a credit note of what they invoiced. */
export function negateLines(lines: readonly InvoiceLine[]): InvoiceLine[] {
  // 0 stays 0 (not -0) so stored snapshots compare equal.
  const neg = (n: number) => (n === 0 ? 0 : -n);
  return lines.map((l) => ({
    ...l,
    unit_ttc_cents: neg(l.unit_ttc_cents),
    unit_ht_cents: neg(l.unit_ht_cents),
    total_ht_cents: neg(l.total_ht_cents),
    vat_cents: neg(l.vat_cents),
    total_ttc_cents: neg(l.total_ttc_cents),
  }));
}
