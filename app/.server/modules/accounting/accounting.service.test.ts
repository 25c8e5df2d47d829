/**
 * The accountant's export over a generated year (docs/decisions/065-accounting-export.md): a few
 * hundred orders of 2023 invoiced through the invoices module (several rates, OSS sales to
 * Belgium, delivery, Beauty Pass points, gift cards sold and spent), whole, partial and free-amount
 * credit notes; the journal must agree with the documents per VAT rate, balance, and number its
 * entries without gaps, the same numbers whatever is issued later. Runs on PGlite, and on the
 * PostgreSQL server when TEST_DATABASE_URL is set.
 */
import { randomUUID } from "node:crypto";
import { and, eq, gte, lt } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../../tests/support/db";
import type { DatabaseHandle, Executor } from "../../db/client";
import { invoiceDocuments, orders, type OrderAddress } from "../../db/schema";
import { createOrder } from "../orders/orders.service";
import { issueAmountCreditNote, issueCreditNote, issueInvoice, type InvoiceDocumentRow } from "../invoices/invoices.service";
import { defaultShopIdentity } from "../settings/shop-identity.service";
import { issueMissingInvoices } from "../../workflows/accounting";
import { DEFAULT_CHART_OF_ACCOUNTS as CHART, vatAccountOf } from "~/domain/accounting/chart-of-accounts";
import { decodeLatin9, fecProblems } from "~/domain/accounting/fec";
import { isDomainError } from "~/domain/errors";
import type { OrderTax } from "~/domain/tax/order-tax";
import type { TaxRegime } from "~/domain/tax/tax-rules";
import { accountingPreview, exportFec, journalOf, ossTotalsOf, salesLedgerOf } from "./accounting.service";

let handle: DatabaseHandle;
const seller = defaultShopIdentity();
const SIREN = "123456789";
const AFTER = new Date("2024-02-01T10:00:00Z");
const YEAR = { from: "2023-01-01", to: "2023-12-31" };

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s / 2 ** 31;
  };
}
const rand = random(65);
const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)];
const int = (min: number, max: number) => min + Math.floor(rand() * (max - min + 1));

const address = (country: string, postalCode: string): OrderAddress => ({
  first_name: "Camille",
  last_name: "Durand",
  street: "1 rue des Lilas",
  city: country === "Belgique" ? "Bruxelles" : "Lyon",
  postal_code: postalCode,
  country,
  phone: "0600000000",
});

const OSS_BE: OrderTax = {
  version: 1,
  destination: { territory: "eu", country_code: "BE", vat_country: "BE" },
  regime: "oss",
  vat_country: "BE",
  shipping: { regime: "oss", rate_percent: 21, category: "S" },
  ddp: false,
  business: null,
};

type Spec = {
  at: Date;
  products: { ttc: number; rateBp: number; regime: TaxRegime | null; quantity: number }[];
  giftCard: { value: number; fee: number } | null;
  shippingCents: number;
  pointsDiscount: number;
  giftCardPaid: number;
  tax: OrderTax | null;
};

/** The order row (for its id and number) and its invoice, issued at `spec.at` through the invoices module. */
async function invoicedOrder(tx: Executor, spec: Spec): Promise<InvoiceDocumentRow> {
  const merchandise = spec.products.reduce((s, p) => s + p.ttc, 0);
  const card = spec.giftCard ? spec.giftCard.value + spec.giftCard.fee : 0;
  const total = merchandise + card + spec.shippingCents - spec.pointsDiscount;
  const oss = spec.tax !== null;
  const made = await createOrder(
    tx,
    {
      userId: null,
      status: "delivered",
      paymentStatus: "paid",
      subtotalCents: merchandise + card,
      shippingCents: spec.shippingCents,
      discountCents: spec.pointsDiscount,
      pointsUsed: spec.pointsDiscount,
      giftCardCents: spec.giftCardPaid,
      totalCents: total,
      shippingAddress: oss ? address("Belgique", "1000") : address("France", "69001"),
      metadata: { customer_info: { email: "camille@example.com", name: "Camille Durand" } },
      tax: spec.tax,
      createdAt: spec.at,
      updatedAt: spec.at,
    },
    spec.at,
  );
  const [order] = await tx.select().from(orders).where(eq(orders.id, made.orderId));
  const items = spec.products.map((p) => ({
    id: randomUUID(),
    orderId: order.id,
    productId: null,
    variantId: null,
    quantity: p.quantity,
    unitPriceCents: Math.round(p.ttc / p.quantity),
    totalPriceCents: p.ttc,
    vatRateBp: p.regime ? p.rateBp : null,
    taxRegime: p.regime,
    productSnapshot: { name: "Eau de parfum", price_cents: p.ttc, brand: null, image_url: null },
  }));
  const cardValues = new Map<string, number>();
  if (spec.giftCard) {
    const id = randomUUID();
    cardValues.set(id, spec.giftCard.value);
    items.push({
      id,
      orderId: order.id,
      productId: null,
      variantId: null,
      quantity: 1,
      unitPriceCents: card,
      totalPriceCents: card,
      vatRateBp: null,
      taxRegime: null,
      productSnapshot: { name: "Carte cadeau", price_cents: card, brand: null, image_url: null },
    });
  }
  return issueInvoice(
    tx,
    {
      order,
      items,
      cardValues,
      paidWithCards: spec.giftCardPaid > 0 ? [{ last4: "AB12", amount_cents: spec.giftCardPaid }] : [],
      schedule: [],
      seller,
    },
    spec.at,
  );
}

function spec(at: Date): Spec {
  const oss = rand() < 0.12;
  const products = Array.from({ length: int(1, 3) }, () => {
    if (oss) return { ttc: int(8, 150) * 100 + int(0, 99), rateBp: pick([2100, 600]), regime: "oss" as const, quantity: int(1, 2) };
    // Orders of before decision 063 (no regime) are French VAT at 20 %.
    const legacy = rand() < 0.2;
    return {
      ttc: int(5, 200) * 100 + int(0, 99),
      rateBp: legacy ? 2000 : pick([2000, 2000, 1000, 550]),
      regime: legacy ? null : ("domestic" as const),
      quantity: int(1, 3),
    };
  });
  const merchandise = products.reduce((s, p) => s + p.ttc, 0);
  const giftCard = rand() < 0.1 ? { value: pick([2000, 5000, 10000]), fee: pick([0, 0, 350]) } : null;
  const shippingCents = pick([0, 490, 690]);
  const pointsDiscount = rand() < 0.3 ? Math.min(int(1, 10) * 100, Math.floor(merchandise / 2)) : 0;
  const total = merchandise + (giftCard ? giftCard.value + giftCard.fee : 0) + shippingCents - pointsDiscount;
  const giftCardPaid = rand() < 0.15 ? Math.min(int(10, 60) * 100, total) : 0;
  return { at, products, giftCard, shippingCents, pointsDiscount, giftCardPaid, tax: oss ? OSS_BE : null };
}

const ORDERS = 240;

beforeAll(async () => {
  handle = await createTestDatabase();
  const start = Date.parse("2023-01-01T08:00:00Z");
  const span = Date.parse("2023-12-20T08:00:00Z") - start;
  const times = Array.from({ length: ORDERS }, () => new Date(start + Math.floor(rand() * span))).sort((a, b) => a.getTime() - b.getTime());
  // Issued as the shop would: one document after the other, in time.
  const later: { at: Date; invoice: InvoiceDocumentRow; kind: "whole" | "partial" | "amount" }[] = [];
  for (const at of times) {
    const invoice = await handle.db.transaction((tx) => invoicedOrder(tx, spec(at)));
    const r = rand();
    const kind = r < 0.08 ? "whole" : r < 0.14 ? "partial" : r < 0.22 ? "amount" : null;
    if (kind)
      later.push({ at: new Date(Math.min(at.getTime() + int(1, 20) * 86_400_000, Date.parse("2023-12-31T10:00:00Z"))), invoice, kind });
  }
  later.sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const { at, invoice, kind } of later) {
    await handle.db.transaction(async (tx) => {
      const basis = { invoice, seller };
      if (kind === "whole") return issueCreditNote(tx, { orderId: invoice.orderId, reason: "Annulation de la commande", now: at }, basis);
      if (kind === "partial") {
        const line = invoice.snapshot.lines.find((l) => l.kind === "product")!;
        return issueCreditNote(
          tx,
          { orderId: invoice.orderId, lines: [{ orderItemId: line.order_item_id!, quantity: 1 }], reason: "Retour", now: at },
          basis,
        );
      }
      const amount = Math.max(100, Math.floor(invoice.snapshot.totals.ttc_cents / 3));
      return issueAmountCreditNote(
        tx,
        {
          orderId: invoice.orderId,
          amountCents: amount,
          designation: "Geste commercial",
          reason: "Colis abîmé",
          payment: { cardCents: amount, giftCardCents: 0 },
          now: at,
        },
        basis,
      );
    });
  }
}, 300_000);

afterAll(async () => {
  await handle?.close();
});

async function documentsOf(from: string, to: string) {
  return handle.db
    .select()
    .from(invoiceDocuments)
    .where(
      and(
        gte(invoiceDocuments.issuedAt, new Date(`${from}T00:00:00+01:00`)),
        lt(invoiceDocuments.issuedAt, new Date(`${to}T00:00:00+01:00`)),
      ),
    );
}

async function refusal(run: () => Promise<unknown>) {
  try {
    await run();
  } catch (error) {
    if (isDomainError(error)) return error;
    throw error;
  }
  throw new Error("not refused");
}

const fecText = async (period: { from: string; to: string }) =>
  decodeLatin9((await exportFec(handle.db, { period, chart: CHART, siren: SIREN, now: AFTER })).body as Uint8Array);

describe("a period with orders not yet invoiced", () => {
  it("is refused with the orders named and the fix, then sealed by issuing their invoices today", async () => {
    // Two orders of March 2023 paid before invoices existed: numbered on their first download.
    const unsealed: string[] = [];
    for (const day of ["2023-03-10T10:00:00Z", "2023-03-11T10:00:00Z"]) {
      const at = new Date(day);
      const made = await handle.db.transaction((tx) =>
        createOrder(
          tx,
          {
            userId: null,
            status: "delivered",
            paymentStatus: "paid",
            subtotalCents: 0,
            shippingCents: 490,
            totalCents: 490,
            shippingAddress: address("France", "69001"),
            createdAt: at,
            updatedAt: at,
          },
          at,
        ),
      );
      if (made.kind === "created") unsealed.push(made.number);
    }
    const march = { from: "2023-03-01", to: "2023-03-31" };
    const before = await documentsOf("2023-01-01", "2025-01-01");
    const error = await refusal(() => exportFec(handle.db, { period: march, chart: CHART, siren: SIREN, now: AFTER }));
    expect(error.code).toBe("unsealed_invoices");
    expect(error.message).toContain(`2 commandes de la période sont payées mais n'ont pas encore de facture (${unsealed.join(", ")})`);
    expect(error.message).toContain("Émettre les factures manquantes");
    expect((await refusal(() => salesLedgerOf(handle.db, march))).code).toBe("unsealed_invoices");
    expect((await refusal(() => ossTotalsOf(handle.db, { year: 2023, quarter: 1 }))).code).toBe("unsealed_invoices");
    expect((await accountingPreview(handle.db, march, CHART)).unsealed.count).toBe(2);
    // Nothing was written by the refusals.
    expect(await documentsOf("2023-01-01", "2025-01-01")).toHaveLength(before.length);

    expect(await issueMissingInvoices(handle.db, march, AFTER)).toBe(2);
    expect(await issueMissingInvoices(handle.db, march, AFTER)).toBe(0);
    expect((await accountingPreview(handle.db, march, CHART)).unsealed.count).toBe(0);
    // Dated the day they are issued: journalled in 2024, not in March 2023.
    expect(await documentsOf("2024-02-01", "2024-02-02")).toHaveLength(2);
  });
});

describe("the journal of a generated year", () => {
  it("agrees with the invoices and credit notes per VAT rate, for HT and VAT", async () => {
    const docs = await documentsOf("2023-01-01", "2024-01-01");
    expect(docs.filter((d) => d.kind === "invoice")).toHaveLength(ORDERS);
    expect(docs.filter((d) => d.kind === "credit_note").length).toBeGreaterThan(20);
    const entries = await journalOf(handle.db, YEAR, CHART);
    const lines = entries.filter((e) => e.journal === "VE").flatMap((e) => e.lines);
    const rates = [...new Set(docs.flatMap((d) => d.snapshot.vat_breakdown.map((r) => r.vat_rate)))];
    expect(rates.sort()).toEqual([10, 20, 21, 5.5, 6, null].sort());
    for (const rate of rates) {
      const expected = docs.flatMap((d) => d.snapshot.vat_breakdown).filter((r) => r.vat_rate === rate);
      const journalled = (roles: string[]) =>
        lines.filter((l) => roles.includes(l.role) && l.vat_rate === rate).reduce((s, l) => s + l.credit_cents - l.debit_cents, 0);
      expect(journalled(["sales", "shipping", "gift_cards"]), `HT ${rate}`).toBe(expected.reduce((s, r) => s + r.base_ht_cents, 0));
      expect(journalled(["vat"]), `TVA ${rate}`).toBe(expected.reduce((s, r) => s + r.vat_cents, 0));
    }
    // Sales minus credit notes: the customers' account in the sales journal.
    const ttc = (kind: string) => docs.filter((d) => d.kind === kind).reduce((s, d) => s + d.snapshot.totals.ttc_cents, 0);
    const customers = lines.filter((l) => l.role === "customers").reduce((s, l) => s + l.debit_cents - l.credit_cents, 0);
    expect(customers).toBe(ttc("invoice") + ttc("credit_note"));
    // The ledger and the page's preview say the same.
    const preview = await accountingPreview(handle.db, YEAR, CHART);
    const ledger = await salesLedgerOf(handle.db, YEAR);
    for (const rate of rates) {
      const base = docs
        .flatMap((d) => d.snapshot.vat_breakdown)
        .filter((r) => r.vat_rate === rate)
        .reduce((s, r) => s + r.base_ht_cents, 0);
      expect(ledger.filter((r) => r.vat_rate === rate).reduce((s, r) => s + r.net_ht_cents, 0)).toBe(base);
      expect(preview.per_rate.filter((r) => r.vat_rate === rate).reduce((s, r) => s + r.net_ht_cents, 0)).toBe(base);
    }
    expect(preview.debit_cents).toBe(preview.credit_cents);
  });

  it("exports a FEC that passes the format's rules, its VAT accounts matching the documents", async () => {
    const text = await fecText(YEAR);
    expect(fecProblems(text)).toEqual([]);
    const rows = text
      .split("\r\n")
      .slice(1, -1)
      .map((r) => r.split("\t"));
    expect(rows[0][2]).toBe("2023-000001");
    const numbers = [...new Set(rows.map((r) => r[2]))];
    expect(numbers.map((n) => Number(n.slice(5)))).toEqual(numbers.map((_, i) => i + 1));
    const cents = (v: string) => Number(v.replace(",", "."));
    const docs = await documentsOf("2023-01-01", "2024-01-01");
    const vat = docs
      .flatMap((d) => d.snapshot.vat_breakdown)
      .filter((r) => r.vat_rate === 20)
      .reduce((s, r) => s + r.vat_cents, 0);
    const account = vatAccountOf(CHART, 20, "FR");
    const fromFile = rows.filter((r) => r[4] === account).reduce((s, r) => s + Math.round((cents(r[12]) - cents(r[11])) * 100), 0);
    expect(fromFile).toBe(vat);
    const oss = await ossTotalsOf(handle.db, { year: 2023, quarter: 2 });
    expect(oss.rows.map((r) => `${r.member_state} ${r.vat_rate}`).sort()).toEqual(["BE 21", "BE 6"]);
  });

  it("keeps the numbers of an exported period when later documents are issued", async () => {
    const spring = { from: "2023-04-01", to: "2023-06-30" };
    const first = await fecText(spring);
    const inYear = (await fecText(YEAR)).split("\r\n").filter((r) => r.includes("\t2023") && /\t2023(04|05|06)\d\d\t/.test(r));
    expect(first.split("\r\n").slice(1, -1)).toEqual(inYear);
    await handle.db.transaction((tx) =>
      invoicedOrder(tx, { ...spec(new Date("2023-12-30T15:00:00Z")), tax: null, giftCardPaid: 0, giftCard: null }),
    );
    await handle.db.transaction((tx) => invoicedOrder(tx, { ...spec(new Date("2024-01-20T15:00:00Z")), tax: null }));
    expect(await fecText(spring)).toBe(first);
  });
});

describe("bad periods", () => {
  it("refuses a FEC whose last day is not closed yet, and one without the shop's SIREN", async () => {
    const today = { from: "2024-01-01", to: "2024-02-01" };
    const open = await refusal(() => exportFec(handle.db, { period: today, chart: CHART, siren: SIREN, now: AFTER }));
    expect(open).toMatchObject({ code: "period_not_closed", field: "to" });
    expect(open.message).toMatch(/au plus tard hier/);
    const noSiren = await refusal(() => exportFec(handle.db, { period: YEAR, chart: CHART, siren: "", now: AFTER }));
    expect(noSiren.code).toBe("siren_missing");
  });
});
