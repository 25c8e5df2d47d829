/**
 * Invoices and credit notes: one invoice per paid order, numbered without gaps in the order's
 * transaction; the PDF prints what French law asks and is identical on every download; only the
 * order's owner (or the back-office) gets it; a cancellation issues a credit note; an order placed
 * before invoices gets its invoice on first download, once. Runs on PGlite, and on the PostgreSQL
 * server when TEST_DATABASE_URL is set.
 */
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../../tests/support/db";
import { settled } from "../../../../tests/support/domain-result";
import { APPROVED_CARD, CONTACT, createShopper, pickProducts, setProductPrice, type TestShopper } from "../../../../tests/support/shoppers";
import type { DatabaseHandle } from "../../db/client";
import { invoiceDocuments, invoiceNumberCounters } from "../../db/schema";
import { OrderSchema } from "../../api/schemas";
import { SimulatedPaymentProvider } from "../payments/payment-provider";
import { placeOrder } from "../../workflows/place-order";
import { cancelOwnOrder, changeOrderStatus } from "../../workflows/change-order-status";
import { addOrderItems, createOrder } from "../orders/orders.service";
import { getAdminOrder, getOrder } from "../../workflows/order-views";
import { GIFT_CARD_VAT_MENTION } from "./invoices.service";
import { getOrderDocumentPdf, issueOrderCreditNote as issueCreditNote } from "../../workflows/invoices";
import { PlaceOrderSchema, type PlaceOrderBody } from "~/domain/checkout/checkout.schema";
import { formatInvoiceNumber } from "~/domain/invoices/invoice.types";
import { formatPrice } from "~/lib/money";
import { parisYear } from "~/lib/paris-time";

let handle: DatabaseHandle;
let provider: SimulatedPaymentProvider;

beforeAll(async () => {
  handle = await createTestDatabase();
}, 60_000);

afterAll(async () => {
  await handle?.close();
});

beforeEach(() => {
  provider = new SimulatedPaymentProvider(handle.db, `test-${randomUUID()}`);
});

function request(input: Partial<PlaceOrderBody>) {
  return PlaceOrderSchema.parse({ contact: CONTACT, card: APPROVED_CARD, ...input });
}

async function order(shopper: TestShopper, input: Partial<PlaceOrderBody>) {
  const placed = await placeOrder(handle.db, {
    userId: shopper.id,
    idempotencyKey: randomUUID(),
    request: request({ address_id: shopper.addressId, ...input }),
    provider,
  });
  return placed.order;
}

/** The PDF's text, pages merged, every run of white space as one space. */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const { extractText, getDocumentProxy } = await import("unpdf");
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text.replace(/\s+/g, " ");
}

const euros = (cents: number) => formatPrice(cents).replace(/\s/g, " ");

async function documentsOf(orderId: string) {
  return handle.db.select().from(invoiceDocuments).where(eq(invoiceDocuments.orderId, orderId)).orderBy(invoiceDocuments.issuedAt);
}

const year = parisYear(new Date());

describe("invoice numbers", () => {
  // First in the file: the year's counter starts here, so the numbers are exactly 1..n.
  it("numbers the invoices of 50 concurrent orders without gaps; refused orders give theirs back", async () => {
    const [hot] = await pickProducts(handle.db, 1, 30);
    const shoppers = await Promise.all(Array.from({ length: 50 }, () => createShopper(handle.db)));
    const results = await Promise.all(
      shoppers.map((s) =>
        settled(
          placeOrder(handle.db, {
            userId: s.id,
            idempotencyKey: randomUUID(),
            request: request({ address_id: s.addressId, lines: [{ product_id: hot.id, quantity: 1 }] }),
            provider,
          }),
        ),
      ),
    );
    const placed = results.flatMap((r) => (r.ok ? [r.order] : []));
    expect(placed).toHaveLength(30);
    const invoices = await handle.db.select().from(invoiceDocuments).where(eq(invoiceDocuments.kind, "invoice"));
    expect(invoices).toHaveLength(30);
    expect(invoices.map((i) => i.number).sort()).toEqual(Array.from({ length: 30 }, (_, i) => formatInvoiceNumber("invoice", year, i + 1)));
    for (const o of placed) {
      const invoice = invoices.find((i) => i.orderId === o.id);
      expect(invoice?.totalCents).toBe(o.total_cents);
      expect(o.documents).toEqual([
        { kind: "invoice", number: invoice?.number, issued_at: invoice?.issuedAt.toISOString(), url: `/api/v1/orders/${o.id}/invoice` },
      ]);
    }
    const [counter] = await handle.db
      .select()
      .from(invoiceNumberCounters)
      .where(and(eq(invoiceNumberCounters.kind, "invoice"), eq(invoiceNumberCounters.year, year)));
    expect(counter.lastValue).toBe(30);
  }, 120_000);
});

describe("the invoice PDF", () => {
  it("prints the number, the seller's SIREN, the lines with VAT, the discounts and the total TTC", async () => {
    const [a, b] = await pickProducts(handle.db, 2, 20);
    await setProductPrice(handle.db, a.id, 2990);
    await setProductPrice(handle.db, b.id, 1550);
    const shopper = await createShopper(handle.db, { points: 100 });
    const placed = await order(shopper, {
      lines: [
        { product_id: a.id, quantity: 2 },
        { product_id: b.id, quantity: 1 },
      ],
      points_to_use: 100,
    });
    const [invoice] = await documentsOf(placed.id);
    const { bytes, filename } = await getOrderDocumentPdf(handle.db, {
      orderId: placed.id,
      viewer: { userId: shopper.id },
      document: { kind: "invoice" },
    });
    expect(filename).toBe(`${invoice.number}.pdf`);
    expect(bytes.subarray(0, 4).toString("latin1")).toBe("%PDF");
    const text = await pdfText(bytes);
    expect(text).toContain(`Facture ${invoice.number}`);
    expect(text).toContain("SIREN : 000 000 000 (fictif)");
    expect(text).toContain(`Commande ${placed.number}`);
    expect(text).toContain(a.name);
    expect(text).toContain("20 %");
    expect(text).toContain("TVA 20 %");
    expect(text).toContain("Points Beauty Pass (100 points)");
    expect(text).toContain("Marie Curie");
    expect(text).toContain("12 rue des Lilas");
    expect(text).toContain("Pas d'escompte pour paiement anticipé");
    expect(text).toContain(`Total TTC ${euros(placed.total_cents)}`);
    // 2 × 29,90 + 15,50 + 9,90 delivery - 10,00 points = 75,20 TTC, HT = 62,67 by lines.
    expect(placed.total_cents).toBe(7520);
    expect(invoice.snapshot.totals).toEqual({ ht_cents: 6267, vat_cents: 1253, ttc_cents: 7520 });
    expect(text).toContain(`Total HT ${euros(6267)}`);
    expect(text).toContain(`Total TVA ${euros(1253)}`);
    expect(text).toContain("Payé par carte bancaire Visa •••• 4242");
  });

  it("returns the same bytes on every download, and the stored PDF after the first", async () => {
    const [p] = await pickProducts(handle.db, 1, 20);
    const shopper = await createShopper(handle.db);
    const placed = await order(shopper, { lines: [{ product_id: p.id, quantity: 1 }] });
    const download = () =>
      getOrderDocumentPdf(handle.db, { orderId: placed.id, viewer: { userId: shopper.id }, document: { kind: "invoice" } });
    const [before] = await documentsOf(placed.id);
    expect(before.pdf).toBeNull();
    const first = await download();
    const second = await download();
    expect(Buffer.compare(first.bytes, second.bytes)).toBe(0);
    const [after] = await documentsOf(placed.id);
    expect(Buffer.compare(after.pdf!, first.bytes)).toBe(0);
    const admin = await getOrderDocumentPdf(handle.db, { orderId: placed.id, viewer: "admin", document: { kind: "invoice" } });
    expect(Buffer.compare(admin.bytes, first.bytes)).toBe(0);
  });

  it("is not found for another shopper, as their order is", async () => {
    const [p] = await pickProducts(handle.db, 1, 20);
    const owner = await createShopper(handle.db);
    const other = await createShopper(handle.db);
    const placed = await order(owner, { lines: [{ product_id: p.id, quantity: 1 }] });
    const refused = await settled(
      getOrderDocumentPdf(handle.db, { orderId: placed.id, viewer: { userId: other.id }, document: { kind: "invoice" } }),
    );
    expect(refused).toMatchObject({ ok: false, status: 404, code: "not_found", message: "Commande introuvable" });
    const bogus = await settled(
      getOrderDocumentPdf(handle.db, { orderId: "not-a-uuid", viewer: { userId: owner.id }, document: { kind: "invoice" } }),
    );
    expect(bogus).toMatchObject({ ok: false, status: 404, message: "Commande introuvable" });
  });

  it("keeps gift cards bought outside the scope of VAT, with the mention", async () => {
    const [p] = await pickProducts(handle.db, 1, 20);
    const shopper = await createShopper(handle.db);
    const card = {
      amountCents: 5000,
      occasion: "anniversaire",
      deliveryMode: "physical",
      recipientName: "Léa",
      recipientEmail: "",
      message: "",
    } as const;
    const placed = await order(shopper, { lines: [{ product_id: p.id, quantity: 1 }], gift_cards: [card] });
    const [invoice] = await documentsOf(placed.id);
    const outside = invoice.snapshot.vat_breakdown.find((r) => r.vat_rate === null);
    expect(outside).toEqual({ vat_rate: null, base_ht_cents: 5000, vat_cents: 0, total_ttc_cents: 5000 });
    expect(invoice.snapshot.totals.ttc_cents).toBe(placed.total_cents);
    const { bytes } = await getOrderDocumentPdf(handle.db, { orderId: placed.id, viewer: "admin", document: { kind: "invoice" } });
    const text = await pdfText(bytes);
    expect(text).toContain(GIFT_CARD_VAT_MENTION);
    expect(text).toContain("—");
    expect(text).toContain("Envoi postal de la carte cadeau");
  });
});

describe("credit notes", () => {
  it("cancelling a paid order issues a credit note of the whole invoice, listed and downloadable", async () => {
    const [p] = await pickProducts(handle.db, 1, 20);
    const shopper = await createShopper(handle.db);
    const placed = await order(shopper, { lines: [{ product_id: p.id, quantity: 2 }] });
    const cancelled = await cancelOwnOrder(handle.db, shopper.id, placed.id, new Date(), provider);
    const [invoice, credit] = await documentsOf(placed.id);
    expect(credit.kind).toBe("credit_note");
    expect(credit.number).toMatch(new RegExp(`^AV-${year}-\\d{6}$`));
    expect(credit.totalCents).toBe(placed.total_cents);
    expect(credit.snapshot.totals.ttc_cents).toBe(-placed.total_cents);
    expect(credit.snapshot.invoice?.number).toBe(invoice.number);
    expect(cancelled.order.documents.map((d) => [d.kind, d.number])).toEqual([
      ["invoice", invoice.number],
      ["credit_note", credit.number],
    ]);
    const view = await getOrder(handle.db, shopper.id, placed.id);
    expect(OrderSchema.parse(view).documents[1].url).toBe(`/api/v1/orders/${placed.id}/credit-notes/${credit.number}`);
    const admin = await getAdminOrder(handle.db, placed.id);
    expect(admin?.documents[1].url).toBe(`/api/v1/admin/orders/${placed.id}/credit-notes/${credit.number}`);

    const { bytes, filename } = await getOrderDocumentPdf(handle.db, {
      orderId: placed.id,
      viewer: { userId: shopper.id },
      document: { kind: "credit_note", number: credit.number },
    });
    expect(filename).toBe(`${credit.number}.pdf`);
    const text = await pdfText(bytes);
    expect(text).toContain(`Avoir ${credit.number}`);
    expect(text).toContain(`Facture d'origine : ${invoice.number}`);
    expect(text).toContain("Motif : Annulation de la commande");
    expect(text).toContain(`Total TTC ${euros(-placed.total_cents)}`);

    // Restored and cancelled again: no money went back the second time, no second credit note.
    await changeOrderStatus(handle.db, { orderId: placed.id, newStatus: "pending", actor: { userId: shopper.id, role: "admin" } });
    await changeOrderStatus(handle.db, { orderId: placed.id, newStatus: "cancelled", actor: { userId: shopper.id, role: "admin" } });
    expect(await documentsOf(placed.id)).toHaveLength(2);

    const missing = await settled(
      getOrderDocumentPdf(handle.db, {
        orderId: placed.id,
        viewer: { userId: shopper.id },
        document: { kind: "credit_note", number: "AV-2000-000001" },
      }),
    );
    expect(missing).toMatchObject({ ok: false, status: 404, message: "Document introuvable" });
  });

  it("credits some lines with their share of the discounts", async () => {
    const [a, b] = await pickProducts(handle.db, 2, 20);
    await setProductPrice(handle.db, a.id, 4000);
    await setProductPrice(handle.db, b.id, 2000);
    const shopper = await createShopper(handle.db, { points: 300 });
    const placed = await order(shopper, {
      lines: [
        { product_id: a.id, quantity: 2 },
        { product_id: b.id, quantity: 1 },
      ],
      points_to_use: 300,
    });
    const itemA = placed.items.find((i) => i.product_id === a.id)!;
    const credit = await handle.db.transaction((tx) =>
      issueCreditNote(tx, {
        orderId: placed.id,
        lines: [{ orderItemId: itemA.id, quantity: 1 }],
        reason: "Retour d'un article",
        now: new Date(),
      }),
    );
    // 40,00 of 100,00 of merchandise: 40 % of the 30,00 of points comes off.
    expect(credit.snapshot.totals.ttc_cents).toBe(-(4000 - 1200));
    expect(credit.totalCents).toBe(2800);
    await expect(
      handle.db.transaction((tx) =>
        issueCreditNote(tx, { orderId: placed.id, lines: [{ orderItemId: itemA.id, quantity: 3 }], reason: "x", now: new Date() }),
      ),
    ).rejects.toMatchObject({ code: "invalid_credit_note_lines" });
  });
});

describe("orders placed before invoices", () => {
  it("get their invoice on the first download, once under two concurrent downloads", async () => {
    const shopper = await createShopper(handle.db);
    const created = await handle.db.transaction(async (tx) => {
      const made = await createOrder(tx, {
        userId: shopper.id,
        paymentStatus: "paid",
        subtotalCents: 3000,
        shippingCents: 990,
        totalCents: 3990,
        shippingAddress: {
          first_name: "Marie",
          last_name: "Curie",
          street: "12 rue des Lilas",
          city: "Lyon",
          postal_code: "69003",
          country: "France",
          phone: "06 12 34 56 78",
        },
        metadata: { shipping_info: { zone: "metropole", is_free_shipping: false, shipping_threshold: 10000 } },
      });
      if (made.kind !== "created") throw new Error("expected an order");
      await addOrderItems(tx, made.orderId, [
        {
          quantity: 2,
          unitPriceCents: 1500,
          totalPriceCents: 3000,
          productSnapshot: { name: "Crème ancienne", price_cents: 1500, brand: null, image_url: null },
        },
      ]);
      return made;
    });
    const before = await getOrder(handle.db, shopper.id, created.orderId);
    expect(before?.documents).toEqual([
      { kind: "invoice", number: null, issued_at: null, url: `/api/v1/orders/${created.orderId}/invoice` },
    ]);

    const download = () =>
      getOrderDocumentPdf(handle.db, { orderId: created.orderId, viewer: { userId: shopper.id }, document: { kind: "invoice" } });
    const [one, two] = await Promise.all([download(), download()]);
    expect(one.filename).toBe(two.filename);
    expect(Buffer.compare(one.bytes, two.bytes)).toBe(0);
    const docs = await documentsOf(created.orderId);
    expect(docs).toHaveLength(1);
    expect(docs[0].totalCents).toBe(3990);
    expect(await pdfText(one.bytes)).toContain("Crème ancienne");
    const after = await getOrder(handle.db, shopper.id, created.orderId);
    expect(after?.documents[0].number).toBe(docs[0].number);
  });

  it("an order never paid has no invoice", async () => {
    const shopper = await createShopper(handle.db);
    const created = await handle.db.transaction((tx) =>
      createOrder(tx, {
        userId: shopper.id,
        paymentStatus: "pending",
        subtotalCents: 1000,
        totalCents: 1000,
        shippingAddress: {
          first_name: "M",
          last_name: "C",
          street: "1 rue",
          city: "Lyon",
          postal_code: "69003",
          country: "France",
          phone: "0",
        },
      }),
    );
    if (created.kind !== "created") throw new Error("expected an order");
    expect((await getOrder(handle.db, shopper.id, created.orderId))?.documents).toEqual([]);
    const refused = await settled(
      getOrderDocumentPdf(handle.db, { orderId: created.orderId, viewer: { userId: shopper.id }, document: { kind: "invoice" } }),
    );
    expect(refused).toMatchObject({ ok: false, status: 404, message: "Document introuvable" });
  });
});
