/**
 * VAT by destination, checked on the invoice (decision 063): every destination × tax class × a
 * consumer or a business × before and after the EU distance-sales threshold, placed as an order
 * and read back from the invoice it issued.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/support/db";
import { APPROVED_CARD, CONTACT, createShopper, pickProducts, setProductPrice } from "../../../tests/support/shoppers";
import { settled } from "../../../tests/support/domain-result";
import type { DatabaseHandle } from "../db/client";
import { invoiceDocuments, orderItems, orders, products, savedAddresses } from "../db/schema";
import { SimulatedPaymentProvider } from "../modules/payments/payment-provider";
import { findInvoice } from "../modules/invoices/invoices.service";
import { updateTaxSettings } from "../modules/settings/tax-settings.service";
import { placeOrder, quoteCheckout } from "./place-order";
import { changeOrderStatus } from "./change-order-status";
import { receiveReturn, requestReturn } from "./returns";
import { refundOrderAmount } from "./refund-order-amount";
import { PlaceOrderSchema, type PlaceOrderBody } from "~/domain/checkout/checkout.schema";
import { taxMentions } from "~/domain/tax/mentions";
import { DEFAULT_TAX_SETTINGS, type TaxRegime } from "~/domain/tax/tax-rules";
import { htOf } from "~/domain/invoices/invoice-totals";
import { parisYear } from "~/lib/paris-time";
import { OVERSEAS_SHIPPING_FEE_CENTS, SWITZERLAND_SHIPPING_FEE_CENTS } from "~/lib/shop-rules";
import type { TaxClass } from "~/domain/tax/tax-classes";

let handle: DatabaseHandle;
const CATALOGUE_CENTS = 6000;
const product: Record<TaxClass, string> = { standard: "", reduced: "" };

beforeAll(async () => {
  handle = await createTestDatabase();
  const [a, b] = await pickProducts(handle.db, 2, 5000);
  for (const p of [a, b]) await setProductPrice(handle.db, p.id, CATALOGUE_CENTS);
  await handle.db.update(products).set({ taxClass: "reduced" }).where(eq(products.id, b.id));
  product.standard = a.id;
  product.reduced = b.id;
});

afterAll(async () => {
  await handle?.close();
});

type Destination = { label: string; country: string; postalCode: string };
const DESTINATIONS: Destination[] = [
  { label: "Paris", country: "France", postalCode: "75001" },
  { label: "Ajaccio", country: "France", postalCode: "20000" },
  { label: "Monaco", country: "Monaco", postalCode: "98000" },
  { label: "Bruxelles", country: "Belgique", postalCode: "1000" },
  { label: "Luxembourg", country: "Luxembourg", postalCode: "1111" },
  { label: "Genève", country: "Suisse", postalCode: "1204" },
  { label: "Fort-de-France", country: "France", postalCode: "97200" },
  { label: "Saint-Pierre", country: "France", postalCode: "97500" },
];
const BUSINESS = { company_name: "Maison Lumière SA", vat_number: "BE 0403.019.261" };

const FR: Record<TaxClass, number> = { standard: 20, reduced: 5.5 };
const DEST_RATE: Record<string, Record<TaxClass, number>> = { BE: { standard: 21, reduced: 6 }, LU: { standard: 17, reduced: 8 } };

/** What the table says, by hand: the regime and rate the invoice must carry. */
function expected(
  d: Destination,
  taxClass: TaxClass,
  business: boolean,
  over: boolean,
): { regime: TaxRegime; rate: number; country: string | null } {
  if (d.country === "Suisse" || d.postalCode === "97500") return { regime: "export", rate: 0, country: null };
  if (d.postalCode === "97200") return { regime: "overseas", rate: 0, country: null };
  if (d.country === "Belgique" || d.country === "Luxembourg") {
    const code = d.country === "Belgique" ? "BE" : "LU";
    if (business) return { regime: "intra_eu_b2b", rate: 0, country: null };
    if (over) return { regime: "oss", rate: DEST_RATE[code][taxClass], country: code };
    return { regime: "distance_fr", rate: FR[taxClass], country: "FR" };
  }
  return { regime: "domestic", rate: FR[taxClass], country: "FR" };
}

function chargedOf(taxClass: TaxClass, rate: number, country: string | null): number {
  if (country === "FR") return CATALOGUE_CENTS;
  const net = htOf(CATALOGUE_CENTS, FR[taxClass]);
  return Math.round((net * (100 + rate)) / 100);
}

const cases: [string, TaxClass, boolean, boolean, Destination][] = [];
for (const over of [false, true])
  for (const d of DESTINATIONS)
    for (const taxClass of ["standard", "reduced"] as const)
      for (const business of [false, true]) cases.push([d.label, taxClass, business, over, d]);

describe("VAT by destination, on the invoice", () => {
  let threshold: boolean | null = null;

  it.each(cases)("%s, %s class, business %s, over the threshold %s", async (_label, taxClass, business, over, d) => {
    if (threshold !== over) {
      await updateTaxSettings(handle.db, {
        ...DEFAULT_TAX_SETTINGS,
        opening_year: parisYear(new Date()),
        opening_distance_sales_cents: over ? 2_000_000 : 0,
      });
      threshold = over;
    }
    const want = expected(d, taxClass, business, over);
    const shopper = await createShopper(handle.db, { country: d.country, postalCode: d.postalCode });
    const body: PlaceOrderBody = {
      address_id: shopper.addressId,
      contact: CONTACT,
      card: APPROVED_CARD,
      lines: [{ product_id: product[taxClass], quantity: 1 }],
      ...(business ? { business_invoice: BUSINESS } : {}),
    };
    const request = PlaceOrderSchema.parse(body);
    const quote = await quoteCheckout(handle.db, {
      userId: shopper.id,
      addressId: shopper.addressId,
      lines: request.lines,
      business: request.business_invoice ?? null,
    });
    const unit = chargedOf(taxClass, want.rate, want.country);
    expect(quote.lines[0].unit_price_cents).toBe(unit);
    expect(quote.tax).toMatchObject({ regime: want.regime, prices_include_french_vat: want.country === "FR" });
    // Every fee the quote names is priced for the destination, the one it would have been too.
    for (const option of quote.delivery_options) expect(option.base_fee_cents).toBeGreaterThanOrEqual(option.fee_cents);
    if (want.regime === "export" || want.regime === "overseas") {
      const published = d.country === "Suisse" ? SWITZERLAND_SHIPPING_FEE_CENTS : OVERSEAS_SHIPPING_FEE_CENTS;
      expect(quote.delivery_options.find((o) => o.code === "standard")?.base_fee_cents).toBe(htOf(published, 20));
    }

    const placed = await placeOrder(handle.db, {
      userId: shopper.id,
      idempotencyKey: randomUUID(),
      request,
      provider: new SimulatedPaymentProvider(handle.db, `tax-${randomUUID()}`),
    });
    expect(placed.order.total_cents).toBe(quote.total_cents);
    const [order] = await handle.db.select().from(orders).where(eq(orders.id, placed.order.id));
    expect(order.tax).toMatchObject({ regime: want.regime, vat_country: want.country });
    const [item] = await handle.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(item).toMatchObject({ unitPriceCents: unit, taxRegime: want.regime, vatRateBp: Math.round(want.rate * 100) });

    const invoice = (await findInvoice(handle.db, order.id))!;
    const snapshot = invoice.snapshot;
    const line = snapshot.lines.find((l) => l.kind === "product")!;
    expect(line).toMatchObject({ vat_rate: want.rate, total_ttc_cents: unit });
    expect(line.vat_category).toBe(want.rate === 0 ? (want.regime === "intra_eu_b2b" ? "K" : "G") : "S");
    expect(line.total_ht_cents).toBe(htOf(unit, want.rate));
    const shipping = snapshot.lines.find((l) => l.kind === "shipping")!;
    expect(shipping.vat_rate).toBe(want.rate === 0 ? 0 : want.regime === "oss" ? DEST_RATE[want.country!].standard : 20);
    expect(snapshot.totals.ttc_cents).toBe(order.totalCents);
    for (const mention of taxMentions(order.tax)) expect(snapshot.mentions).toContain(mention);
    expect(snapshot.mentions).toContain("Catégorie de l'opération : livraison de biens.");
    if (business) {
      expect(snapshot.buyer).toMatchObject({ name: BUSINESS.company_name, business: { vat_number: "BE0403019261" } });
      expect(snapshot.mentions).toContain("N° de TVA intracommunautaire du client : BE0403019261");
    }
    if (want.regime === "export" || want.regime === "overseas") {
      expect(snapshot.mentions).toContain("Droits et taxes locales à la charge du destinataire.");
    }
  });
});

describe("orders placed before VAT by destination", () => {
  it("keep their invoice as issued and are credited at the 20 % they were invoiced at", async () => {
    const shopper = await createShopper(handle.db, { country: "Suisse", postalCode: "1204" });
    const placed = await placeOrder(handle.db, {
      userId: shopper.id,
      idempotencyKey: randomUUID(),
      request: PlaceOrderSchema.parse({
        address_id: shopper.addressId,
        contact: CONTACT,
        card: APPROVED_CARD,
        lines: [{ product_id: product.standard, quantity: 1 }],
      }),
      provider: new SimulatedPaymentProvider(handle.db, `tax-${randomUUID()}`),
    });
    // As a migrated order: no VAT kept on the order or its lines.
    await handle.db.update(orders).set({ tax: null }).where(eq(orders.id, placed.order.id));
    await handle.db.update(orderItems).set({ taxRegime: null, vatRateBp: null }).where(eq(orderItems.orderId, placed.order.id));
    const before = (await findInvoice(handle.db, placed.order.id))!;
    expect(before.snapshot.lines.find((l) => l.kind === "product")?.vat_rate).toBe(0);
    // The frozen snapshot is what prints: re-reading the order does not re-tax it.
    const again = (await findInvoice(handle.db, placed.order.id))!;
    expect(again.snapshot).toEqual(before.snapshot);
  });
});

describe("returns and refunds under each regime", () => {
  const asAdmin = () => ({ userId: null, role: "admin" as const });

  async function deliveredOrder(country: string, postalCode: string) {
    const shopper = await createShopper(handle.db, { country, postalCode, points: 200 });
    const provider = new SimulatedPaymentProvider(handle.db, `tax-${randomUUID()}`);
    const placed = await placeOrder(handle.db, {
      userId: shopper.id,
      idempotencyKey: randomUUID(),
      provider,
      request: PlaceOrderSchema.parse({
        address_id: shopper.addressId,
        contact: CONTACT,
        card: APPROVED_CARD,
        points_to_use: 200,
        lines: [
          { product_id: product.standard, quantity: 2 },
          { product_id: product.reduced, quantity: 1 },
        ],
      }),
    });
    await changeOrderStatus(handle.db, { orderId: placed.order.id, newStatus: "delivered", actor: asAdmin(), provider });
    return { shopper, order: placed.order, provider };
  }

  it.each([
    ["Genève", "Suisse", "1204", { standard: 0, reduced: 0 }, "G"],
    ["Bruxelles (OSS)", "Belgique", "1000", { standard: 21, reduced: 6 }, "S"],
    ["Paris", "France", "75001", { standard: 20, reduced: 5.5 }, "S"],
  ] as const)(
    "%s: a returned line is refunded what was paid for it, at the VAT it was invoiced with",
    async (_l, country, code, rates, category) => {
      await updateTaxSettings(handle.db, {
        ...DEFAULT_TAX_SETTINGS,
        opening_year: parisYear(new Date()),
        opening_distance_sales_cents: 2_000_000,
      });
      const { shopper, order, provider } = await deliveredOrder(country, code);
      const line = order.items.find((i) => i.product_id === product.standard)!;
      const merchandise = order.items.reduce((sum, i) => sum + i.total_price_cents, 0);
      const ret = await requestReturn(handle.db, {
        userId: shopper.id,
        orderId: order.id,
        body: { lines: [{ order_item_id: line.id, quantity: 1 }], reason: "not_suited", confirm_unopened: true },
      });
      const received = await receiveReturn(handle.db, {
        returnId: ret.id,
        body: { lines: [{ return_item_id: ret.items[0].id, accepted: true }] },
        actorUserId: null,
        provider,
      });
      // One unit as charged, less its share of the 20 € points discount.
      const share = Math.round((2000 * line.unit_price_cents) / merchandise);
      expect(received.refund_cents).toBe(line.unit_price_cents - share);
      expect((await provider.listRefunds()).map((r) => r.amountCents)).toContain(line.unit_price_cents - share);
      const notes = await handle.db.select().from(invoiceDocuments).where(eq(invoiceDocuments.orderId, order.id));
      const note = notes.find((d) => d.kind === "credit_note")!;
      expect(note.totalCents).toBe(received.refund_cents);
      expect(note.snapshot.lines.every((l) => l.vat_rate === rates.standard && l.vat_category === category)).toBe(true);
      expect(note.snapshot.tax).toMatchObject({
        destination: { country_code: country === "Suisse" ? "CH" : country === "Belgique" ? "BE" : "FR" },
      });

      // A goodwill refund takes the invoice's rates, in proportion.
      const goodwill = await refundOrderAmount(handle.db, {
        orderId: order.id,
        amountCents: 500,
        reason: "Flacon abîmé",
        actor: asAdmin(),
        provider,
      });
      const amountNote = (await handle.db.select().from(invoiceDocuments).where(eq(invoiceDocuments.orderId, order.id))).find(
        (d) => d.number === goodwill.credit_note.number,
      )!;
      expect(amountNote.totalCents).toBe(500);
      expect(new Set(amountNote.snapshot.lines.map((l) => l.vat_rate))).toEqual(new Set([rates.standard, rates.reduced]));
    },
  );
});

describe("a business invoice billed to another address", () => {
  it("bills the saved address chosen, prints the company's SIREN and refuses someone else's address", async () => {
    const shopper = await createShopper(handle.db, { country: "France", postalCode: "69003" });
    const other = await createShopper(handle.db, { country: "France", postalCode: "75008" });
    const [seat] = await handle.db
      .insert(savedAddresses)
      .values({
        userId: shopper.id,
        label: "Siège",
        firstName: "Marie",
        lastName: "Curie",
        addressLine1: "8 avenue Montaigne",
        city: "Paris",
        postalCode: "75008",
        country: "France",
        phone: "06 12 34 56 78",
      })
      .returning({ id: savedAddresses.id });
    const body = {
      address_id: shopper.addressId,
      contact: CONTACT,
      card: APPROVED_CARD,
      lines: [{ product_id: product.standard, quantity: 1 }],
      business_invoice: { company_name: "Maison Lumière SAS", siren: "732 829 320" },
    };
    const refused = await settled(
      placeOrder(handle.db, {
        userId: shopper.id,
        idempotencyKey: randomUUID(),
        request: PlaceOrderSchema.parse({ ...body, billing_address_id: other.addressId }),
        provider: new SimulatedPaymentProvider(handle.db, `tax-${randomUUID()}`),
      }),
    );
    expect(refused).toMatchObject({
      ok: false,
      code: "invalid_billing_address",
      field: "billing_address_id",
      message: "Veuillez sélectionner une adresse de facturation valide",
    });

    const placed = await placeOrder(handle.db, {
      userId: shopper.id,
      idempotencyKey: randomUUID(),
      request: PlaceOrderSchema.parse({ ...body, billing_address_id: seat.id }),
      provider: new SimulatedPaymentProvider(handle.db, `tax-${randomUUID()}`),
    });
    const invoice = (await findInvoice(handle.db, placed.order.id))!;
    expect(invoice.snapshot.buyer).toMatchObject({
      name: "Maison Lumière SAS",
      billing_address: expect.arrayContaining(["8 avenue Montaigne", "75008 Paris"]),
      shipping_address: expect.arrayContaining(["12 rue des Lilas", "69003 Lyon"]),
    });
    expect(invoice.snapshot.mentions).toContain("SIREN du client : 732 829 320");
    expect(invoice.snapshot.lines.find((l) => l.kind === "product")?.vat_rate).toBe(20);
  });
});
