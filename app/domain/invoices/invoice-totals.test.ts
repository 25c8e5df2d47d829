import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { computeInvoiceDocument, htOf, negateLines, spreadProRata, summarise, type TaxableLine } from "./invoice-totals";
import { formatInvoiceNumber } from "./invoice.types";

const product = (ttc: number, quantity = 1, id = "item"): TaxableLine => ({
  kind: "product",
  designation: "Sérum éclat · 30 ml",
  orderItemId: id,
  quantity,
  unitTtcCents: ttc,
  totalTtcCents: ttc * quantity,
  vatRate: 20,
  discountable: true,
});

describe("invoice numbers", () => {
  it("formats the kind's prefix, the year and at least six digits", () => {
    expect(formatInvoiceNumber("invoice", 2026, 1)).toBe("FA-2026-000001");
    expect(formatInvoiceNumber("credit_note", 2026, 42)).toBe("AV-2026-000042");
    expect(formatInvoiceNumber("invoice", 2026, 1_234_567)).toBe("FA-2026-1234567");
  });
});

describe("htOf", () => {
  it("divides by 1.2 and rounds to the cent", () => {
    expect(htOf(1200, 20)).toBe(1000);
    expect(htOf(2990, 20)).toBe(2492); // 2491.67
    expect(htOf(990, 20)).toBe(825);
    expect(htOf(1, 20)).toBe(1); // 0.83
    expect(htOf(3, 20)).toBe(3); // 2.5 rounds half up
    expect(htOf(-2990, 20)).toBe(-2492);
    expect(htOf(1055, 5.5)).toBe(1000);
  });

  it("leaves amounts outside the scope of VAT as they are", () => {
    expect(htOf(5000, null)).toBe(5000);
  });
});

describe("spreadProRata", () => {
  it("splits exactly, the odd cents to the largest remainders", () => {
    expect(spreadProRata(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(spreadProRata(1000, [3000, 1000])).toEqual([750, 250]);
    expect(spreadProRata(10, [0, 0])).toEqual([0, 0]);
  });
});

describe("computeInvoiceDocument", () => {
  it("prints HT, VAT and TTC per line and in total, with delivery and discounts lowering the base", () => {
    const doc = computeInvoiceDocument(
      [
        product(2990, 2, "a"),
        product(1550, 1, "b"),
        {
          kind: "shipping",
          designation: "Livraison",
          orderItemId: null,
          quantity: 1,
          unitTtcCents: 990,
          totalTtcCents: 990,
          vatRate: 20,
          discountable: false,
        },
      ],
      [
        { designation: "Points Beauty Pass (100 points)", amount_cents: 1000 },
        { designation: "Code promo BIENVENUE", amount_cents: 753 },
      ],
    );
    expect(doc.lines.map((l) => [l.kind, l.total_ht_cents, l.vat_cents, l.total_ttc_cents])).toEqual([
      ["product", 4983, 997, 5980],
      ["product", 1292, 258, 1550],
      ["shipping", 825, 165, 990],
      ["discount", -833, -167, -1000],
      ["discount", -628, -125, -753],
    ]);
    expect(doc.lines[0].unit_ht_cents).toBe(2492);
    expect(doc.totals).toEqual({ ht_cents: 5639, vat_cents: 1128, ttc_cents: 6767 });
    expect(doc.vat_breakdown).toEqual([{ vat_rate: 20, base_ht_cents: 5639, vat_cents: 1128, total_ttc_cents: 6767 }]);
  });

  it("keeps gift cards bought outside the scope of VAT and out of the discounts", () => {
    const doc = computeInvoiceDocument(
      [
        product(4000),
        {
          kind: "gift_card",
          designation: "Carte cadeau 50 €",
          orderItemId: "g",
          quantity: 1,
          unitTtcCents: 5000,
          totalTtcCents: 5000,
          vatRate: null,
          discountable: false,
        },
      ],
      [{ designation: "Code promo", amount_cents: 400 }],
    );
    expect(doc.vat_breakdown).toEqual([
      { vat_rate: 20, base_ht_cents: 3000, vat_cents: 600, total_ttc_cents: 3600 },
      { vat_rate: null, base_ht_cents: 5000, vat_cents: 0, total_ttc_cents: 5000 },
    ]);
    expect(doc.totals.ttc_cents).toBe(8600);
  });

  it("spreads a discount over two rates in proportion", () => {
    const reduced: TaxableLine = { ...product(1055), vatRate: 5.5 };
    const doc = computeInvoiceDocument([product(3000), reduced], [{ designation: "Code promo", amount_cents: 1000 }]);
    const discounts = doc.lines.filter((l) => l.kind === "discount");
    expect(discounts.map((l) => [l.designation, l.vat_rate, l.total_ttc_cents])).toEqual([
      ["Code promo (TVA 20 %)", 20, -740],
      ["Code promo (TVA 5,5 %)", 5.5, -260],
    ]);
  });

  it("always adds up to the amount paid, line by line and rate by rate", () => {
    const line = fc.record({
      price: fc.integer({ min: 1, max: 500_000 }),
      quantity: fc.integer({ min: 1, max: 10 }),
      rate: fc.constantFrom<number | null>(20, 10, 5.5, 2.1, null),
    });
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 8 }), fc.nat({ max: 100 }), (raw, discountPercent) => {
        const lines: TaxableLine[] = raw.map((r, i) => ({
          ...product(r.price, r.quantity, String(i)),
          vatRate: r.rate,
          discountable: r.rate !== null,
        }));
        const base = lines.filter((l) => l.discountable).reduce((a, l) => a + l.totalTtcCents, 0);
        const discount = Math.floor((base * discountPercent) / 100);
        const doc = computeInvoiceDocument(lines, [{ designation: "Remise", amount_cents: discount }]);
        const paid = lines.reduce((a, l) => a + l.totalTtcCents, 0) - discount;
        expect(doc.totals.ttc_cents).toBe(paid);
        expect(doc.totals.ht_cents + doc.totals.vat_cents).toBe(paid);
        for (const l of doc.lines) expect(l.total_ht_cents + l.vat_cents).toBe(l.total_ttc_cents);
        expect(doc.vat_breakdown.reduce((a, r) => a + r.vat_cents, 0)).toBe(doc.totals.vat_cents);
        expect(doc.vat_breakdown.reduce((a, r) => a + r.total_ttc_cents, 0)).toBe(paid);
      }),
    );
  });

  it("negates a document into its credit note", () => {
    const doc = computeInvoiceDocument([product(2990, 2)], []);
    const credit = summarise(negateLines(doc.lines));
    expect(credit.totals).toEqual({ ht_cents: -4983, vat_cents: -997, ttc_cents: -5980 });
    expect(Object.is(negateLines([{ ...doc.lines[0], vat_cents: 0 }])[0].vat_cents, 0)).toBe(true);
  });
});
