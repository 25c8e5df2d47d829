/**
 * The FEC's format and the journal's entries (docs/decisions/065-accounting-export.md), without a
 * database: documents built the way the invoices module builds them, journalled, written as the
 * FEC and checked against the format's rules.
 */
import { describe, expect, it } from "vitest";
import { computeInvoiceDocument, negateLines, summarise, type TaxableLine } from "~/domain/invoices/invoice-totals";
import type { InvoiceDiscount, InvoiceSnapshot } from "~/domain/invoices/invoice.types";
import { DEFAULT_CHART_OF_ACCOUNTS as CHART, ChartOfAccountsSchema, vatAccountOf } from "~/domain/accounting/chart-of-accounts";
import { FEC_COLUMNS, decodeLatin9, encodeLatin9, fecAmount, fecFileName, fecFileText, fecProblems } from "~/domain/accounting/fec";
import { AccountingPeriodSchema, OssQuarterSchema, PERIOD_ORDER_MESSAGE, quarterPeriod, readDay } from "~/domain/accounting/period";
import { buildJournal, fecLinesOf, type AccountingDocument } from "./journal";
import { ossTotals, salesLedger } from "./ledger";

let seq = 0;
const product = (ttc: number, rate: number, quantity = 1): TaxableLine => ({
  kind: "product",
  designation: `Parfum ${++seq}`,
  orderItemId: `item-${seq}`,
  quantity,
  unitTtcCents: Math.round(ttc / quantity),
  totalTtcCents: ttc,
  vatRate: rate,
  discountable: true,
});
const shipping = (ttc: number, rate = 20): TaxableLine => ({
  kind: "shipping",
  designation: "Livraison",
  orderItemId: null,
  quantity: 1,
  unitTtcCents: ttc,
  totalTtcCents: ttc,
  vatRate: rate,
  discountable: false,
});
const giftCard = (value: number): TaxableLine => ({
  kind: "gift_card",
  designation: "Carte cadeau",
  orderItemId: `card-${++seq}`,
  quantity: 1,
  unitTtcCents: value,
  totalTtcCents: value,
  vatRate: null,
  discountable: false,
});

function invoice(
  number: string,
  issuedAt: string,
  lines: TaxableLine[],
  options: { discounts?: InvoiceDiscount[]; giftCardCents?: number; tax?: InvoiceSnapshot["tax"] } = {},
): AccountingDocument {
  const computed = computeInvoiceDocument(lines, options.discounts ?? []);
  const gift = options.giftCardCents ?? 0;
  return {
    id: number,
    kind: "invoice",
    number,
    issuedAt: new Date(issuedAt),
    snapshot: {
      version: 1,
      kind: "invoice",
      number,
      issued_at: issuedAt,
      order: { id: `order-${number}`, number: `AUR-${number}`, placed_at: issuedAt },
      invoice: null,
      reason: null,
      seller: { name: "", legal_form: "", address: "", siren: "", rcs: "", vat_number: "", share_capital: "", email: "", phone: "" },
      buyer: { name: "Camille", email: null, billing_address: [], shipping_address: null },
      lines: computed.lines,
      discounts: options.discounts ?? [],
      totals: computed.totals,
      vat_breakdown: computed.vat_breakdown,
      payment: { card_label: null, card_cents: computed.totals.ttc_cents - gift, gift_card_cents: gift, gift_cards: [] },
      mentions: [],
      ...(options.tax ? { tax: options.tax } : {}),
    },
  };
}

function creditNote(number: string, issuedAt: string, of: AccountingDocument): AccountingDocument {
  const lines = negateLines(of.snapshot.lines);
  const summary = summarise(lines);
  return {
    id: number,
    kind: "credit_note",
    number,
    issuedAt: new Date(issuedAt),
    snapshot: {
      ...of.snapshot,
      kind: "credit_note",
      number,
      issued_at: issuedAt,
      invoice: { number: of.number, issued_at: of.snapshot.issued_at },
      lines,
      totals: summary.totals,
      vat_breakdown: summary.vat_breakdown,
    },
  };
}

const OSS_BE: InvoiceSnapshot["tax"] = {
  version: 1,
  destination: { territory: "eu", country_code: "BE", vat_country: "BE" },
  regime: "oss",
  vat_country: "BE",
  shipping: { regime: "oss", rate_percent: 21, category: "S" },
  ddp: false,
  business: null,
};

const points: InvoiceDiscount = { designation: "Points Beauty Pass (500 points)", amount_cents: 500 };

const a = invoice("FA-2026-000001", "2026-03-02T09:00:00Z", [product(5990, 20), product(1290, 5.5), shipping(490)], {
  discounts: [points],
});
const b = invoice("FA-2026-000002", "2026-03-02T10:00:00Z", [product(3000, 20), giftCard(5000)], { giftCardCents: 2000 });
const c = invoice("FA-2026-000003", "2026-03-05T10:00:00Z", [product(12100, 21), shipping(605, 21)], { tax: OSS_BE });
const cn = creditNote("AV-2026-000001", "2026-03-06T08:00:00Z", a);
const documents = [cn, c, b, a];

describe("the journal of sales", () => {
  const entries = buildJournal(documents, CHART);

  it("gives each document its entries, numbered from 1 in date order: VE, then BQ, then OD", () => {
    expect(entries.map((e) => `${e.number} ${e.journal} ${e.document.number}`)).toEqual([
      "2026-000001 VE FA-2026-000001",
      "2026-000002 BQ FA-2026-000001",
      "2026-000003 VE FA-2026-000002",
      "2026-000004 BQ FA-2026-000002",
      "2026-000005 OD FA-2026-000002",
      "2026-000006 VE FA-2026-000003",
      "2026-000007 BQ FA-2026-000003",
      "2026-000008 VE AV-2026-000001",
      "2026-000009 BQ AV-2026-000001",
    ]);
  });

  it("balances every entry", () => {
    for (const e of entries) {
      const debit = e.lines.reduce((s, l) => s + l.debit_cents, 0);
      const credit = e.lines.reduce((s, l) => s + l.credit_cents, 0);
      expect(debit, e.number).toBe(credit);
      expect(debit, e.number).toBeGreaterThan(0);
    }
  });

  it("posts an invoice to 411 TTC against sales, shipping and VAT per rate, points netted on their rate", () => {
    const [ve] = entries;
    const byAccount = Object.fromEntries(ve.lines.map((l) => [`${l.account}${l.vat_rate === undefined ? "" : ` ${l.vat_rate}`}`, l]));
    expect(byAccount["411000"].debit_cents).toBe(a.snapshot.totals.ttc_cents);
    const rate20 = a.snapshot.vat_breakdown.find((r) => r.vat_rate === 20)!;
    const productsHt20 = a.snapshot.lines
      .filter((l) => l.vat_rate === 20 && l.kind !== "shipping")
      .reduce((s, l) => s + l.total_ht_cents, 0);
    expect(byAccount["707000 20"].credit_cents).toBe(productsHt20);
    expect(byAccount["708500 20"].credit_cents).toBe(408);
    expect(byAccount["445712000 20"].credit_cents).toBe(rate20.vat_cents);
    expect(byAccount["445710550 5.5"].credit_cents).toBe(a.snapshot.vat_breakdown.find((r) => r.vat_rate === 5.5)!.vat_cents);
    // The points lowered both rates' bases, as on the invoice: no separate discount account.
    expect(ve.lines.some((l) => l.account.startsWith("709"))).toBe(false);
    expect(a.snapshot.lines.filter((l) => l.kind === "discount")).toHaveLength(2);
  });

  it("credits a gift card sold to 4191 without VAT, and a card spent from 4191 to 411", () => {
    const [ve, , od] = entries.filter((e) => e.document.number === "FA-2026-000002");
    expect(ve.lines.find((l) => l.account === "419100")).toMatchObject({ credit_cents: 5000, debit_cents: 0 });
    expect(ve.lines.filter((l) => l.role === "vat").map((l) => l.vat_rate)).toEqual([20]);
    expect(od.lines).toEqual([
      expect.objectContaining({ account: "419100", debit_cents: 2000, credit_cents: 0 }),
      expect.objectContaining({ account: "411000", debit_cents: 0, credit_cents: 2000 }),
    ]);
  });

  it("posts a card payment from 511 to 411, and the credit note's refund the other way", () => {
    const pay = entries.find((e) => e.journal === "BQ" && e.document.number === "FA-2026-000001")!;
    expect(pay.lines.map((l) => [l.account, l.debit_cents, l.credit_cents])).toEqual([
      ["511000", a.snapshot.totals.ttc_cents, 0],
      ["411000", 0, a.snapshot.totals.ttc_cents],
    ]);
    const refund = entries.find((e) => e.journal === "BQ" && e.document.number === "AV-2026-000001")!;
    expect(refund.lines.map((l) => [l.account, l.debit_cents, l.credit_cents])).toEqual([
      ["511000", 0, a.snapshot.totals.ttc_cents],
      ["411000", a.snapshot.totals.ttc_cents, 0],
    ]);
  });

  it("reverses the invoice with its credit note, line for line", () => {
    const [ve] = entries;
    const back = entries.find((e) => e.journal === "VE" && e.document.kind === "credit_note")!;
    expect(back.lines.map((l) => [l.account, l.credit_cents, l.debit_cents])).toEqual(
      ve.lines.map((l) => [l.account, l.debit_cents, l.credit_cents]),
    );
  });

  it("posts OSS VAT to the member state's account", () => {
    const ve = entries.find((e) => e.document.number === "FA-2026-000003")!;
    const vat = ve.lines.filter((l) => l.role === "vat");
    expect(vat.map((l) => [l.account, l.account_label])).toEqual([["445720562100", "TVA OSS BE 21 %"]]);
    expect(vatAccountOf(CHART, 21, "BE")).toBe("445720562100");
  });

  it("never renumbers what was journalled when a later document is issued", () => {
    const later = invoice("FA-2026-000004", "2026-03-09T10:00:00Z", [product(2000, 20)]);
    const again = buildJournal([...documents, later], CHART);
    expect(again.slice(0, entries.length)).toEqual(entries);
    expect(again.at(-1)!.number).toBe("2026-000011");
  });

  it("starts again from 1 in a new fiscal year", () => {
    const newYear = invoice("FA-2027-000001", "2026-12-31T23:30:00Z", [product(2000, 20)]);
    expect(buildJournal([...documents, newYear], CHART).at(-2)!.number).toBe("2027-000001");
  });
});

describe("the FEC file", () => {
  const text = fecFileText(fecLinesOf(buildJournal(documents, CHART)));
  const rows = text.split("\r\n").slice(0, -1);

  it("has the 18 columns of article A47 A-1, separated by tabs, on every line", () => {
    expect(rows[0]).toBe(FEC_COLUMNS.join("\t"));
    expect(FEC_COLUMNS).toHaveLength(18);
    for (const row of rows) expect(row.split("\t")).toHaveLength(18);
  });

  it("writes dates as YYYYMMDD and amounts with a decimal comma", () => {
    const first = rows[1].split("\t");
    expect(first.slice(0, 5)).toEqual(["VE", "Ventes", "2026-000001", "20260302", "411000"]);
    expect(first[9]).toBe("20260302");
    expect(first[11]).toBe(fecAmount(a.snapshot.totals.ttc_cents));
    expect(first[11]).toMatch(/^\d+,\d{2}$/);
    expect(first[12]).toBe("0,00");
    expect(fecAmount(123456)).toBe("1234,56");
    expect(fecAmount(5)).toBe("0,05");
    expect(fecAmount(-310)).toBe("-3,10");
  });

  it("passes the format's checks: balanced entries, no gaps, dates in order", () => {
    expect(fecProblems(text)).toEqual([]);
  });

  it("catches a file that breaks them", () => {
    const unbalanced = text.replace(
      `\t${fecAmount(a.snapshot.totals.ttc_cents)}\t0,00\t`,
      `\t${fecAmount(a.snapshot.totals.ttc_cents + 1)}\t0,00\t`,
    );
    expect(fecProblems(unbalanced).join()).toMatch(/2026-000001 déséquilibrée/);
    const gap = rows.filter((r) => !r.includes("\t2026-000004\t")).join("\r\n") + "\r\n";
    expect(fecProblems(gap).join()).toMatch(/2026-000005 : numéro après 3/);
    const dotted = text.replace("\t0,00\t", "\t0.00\t");
    expect(fecProblems(dotted).join()).toMatch(/n'est pas un montant avec virgule/);
    const shortRow = text.replace("\tVentes\t", "\t");
    expect(fecProblems(shortRow).join()).toMatch(/17 champs au lieu de 18/);
    const badDate = text.replace("\t20260302\t", "\t20260230\t");
    expect(fecProblems(badDate).join()).toMatch(/EcritureDate n'est pas une date AAAAMMJJ/);
  });

  it("is named <SIREN>FEC<closing day>.txt and encoded in ISO 8859-15", () => {
    expect(fecFileName("123456789", "2026-03-31")).toBe("123456789FEC20260331.txt");
    const bytes = encodeLatin9("Crédit € œ");
    expect(Array.from(bytes)).toEqual([0x43, 0x72, 0xe9, 0x64, 0x69, 0x74, 0x20, 0xa4, 0x20, 0xbd]);
    expect(decodeLatin9(bytes)).toBe("Crédit € œ");
    expect(decodeLatin9(encodeLatin9(text))).toBe(text);
  });
});

describe("the sales ledger and the OSS totals", () => {
  it("agree with the documents per rate: invoices minus credit notes", () => {
    const rows = salesLedger(documents);
    const net = (rate: number | null) => rows.filter((r) => r.vat_rate === rate).reduce((s, r) => s + r.net_ht_cents, 0);
    const expected = (rate: number | null) =>
      documents
        .flatMap((d) => d.snapshot.vat_breakdown)
        .filter((r) => r.vat_rate === rate)
        .reduce((s, r) => s + r.base_ht_cents, 0);
    for (const rate of [20, 5.5, 21, null]) expect(net(rate), String(rate)).toBe(expected(rate));
    // A's invoice and its credit note cancel out.
    expect(net(5.5)).toBe(0);
    expect(rows.find((r) => r.vat_rate === 21)).toMatchObject({ vat_country: "BE", destination: "BE", regime: "oss" });
  });

  it("sums OSS sales per member state and rate", () => {
    expect(ossTotals(documents)).toEqual([
      { member_state: "BE", vat_rate: 21, taxable_ht_cents: c.snapshot.totals.ht_cents, vat_cents: c.snapshot.totals.vat_cents },
    ]);
  });
});

describe("the period and the chart of accounts", () => {
  it("refuses an end before the start, in French", () => {
    const parsed = AccountingPeriodSchema.safeParse({ from: "2026-03-31", to: "2026-03-01" });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({ path: ["to"], message: PERIOD_ORDER_MESSAGE });
  });

  it("reads French and ISO days, and refuses days that do not exist", () => {
    expect(readDay("01/03/2026")).toBe("2026-03-01");
    expect(readDay("2026-03-01")).toBe("2026-03-01");
    expect(readDay("2026-02-30")).toBeNull();
    expect(readDay("31/04/2026")).toBeNull();
    expect(AccountingPeriodSchema.safeParse({ from: "2025-01-01", to: "2026-01-02" }).error?.issues[0].message).toMatch(/366 jours/);
  });

  it("gives a quarter's days", () => {
    expect(quarterPeriod({ year: 2028, quarter: 1 })).toEqual({ from: "2028-01-01", to: "2028-03-31" });
    expect(quarterPeriod({ year: 2026, quarter: 4 })).toEqual({ from: "2026-10-01", to: "2026-12-31" });
    expect(OssQuarterSchema.safeParse({ year: "2026", quarter: "5" }).error?.issues[0].message).toBe("Trimestre invalide : 1, 2, 3 ou 4");
  });

  it("accepts the defaults and refuses an account of the wrong class or used twice", () => {
    expect(ChartOfAccountsSchema.safeParse(CHART).success).toBe(true);
    const wrong = ChartOfAccountsSchema.safeParse({ ...CHART, sales: "411000", customers: "41A" });
    const messages = Object.fromEntries(wrong.error!.issues.map((i) => [String(i.path[0]), i.message]));
    expect(messages.sales).toBe("Un compte de ventes commence par 70");
    expect(messages.customers).toBe("Numéro de compte invalide : 3 à 10 chiffres");
    const twice = ChartOfAccountsSchema.safeParse({ ...CHART, shipping: CHART.sales });
    expect(twice.error!.issues[0]).toMatchObject({ path: ["shipping"], message: "Ce compte est déjà utilisé par une autre rubrique" });
  });
});
