/**
 * Invoice snapshots for the Factur-X tests, built as the invoices module builds them: lines taxed
 * by computeInvoiceDocument, a credit note by negating an invoice's lines. Plain data, no database.
 */
import type { InvoiceSnapshot } from "~/domain/invoices/invoice.types";
import { computeInvoiceDocument, negateLines, summarise, type TaxableLine } from "~/domain/invoices/invoice-totals";
import type { InvoiceDiscount } from "~/domain/invoices/invoice.types";
import { OPERATION_CATEGORY_GOODS, taxMentions } from "~/domain/tax/mentions";
import type { BusinessBuyer, OrderTax } from "~/domain/tax/order-tax";
import type { VatCountry } from "~/domain/tax/rates";
import type { TaxRegime, VatCategory } from "~/domain/tax/tax-rules";

export const SELLER: InvoiceSnapshot["seller"] = {
  name: "Aurore Parfums & Cie",
  legal_form: "SAS",
  address: "8 quai des Brumes, 69002 Lyon, France",
  siren: "123 456 789",
  rcs: "RCS Lyon 123 456 789",
  vat_number: "FR32123456789",
  share_capital: "10 000 €",
  email: "contact@aurore.example",
  phone: "04 00 00 00 00",
};

export function product(
  designation: string,
  unitTtcCents: number,
  quantity = 1,
  vat: { rate: number; category?: VatCategory } = { rate: 20 },
): TaxableLine {
  return {
    kind: "product",
    designation,
    orderItemId: `item-${designation}`,
    quantity,
    unitTtcCents,
    totalTtcCents: unitTtcCents * quantity,
    vatRate: vat.rate,
    vatCategory: vat.category,
    discountable: true,
  };
}

export function shipping(ttcCents: number, vat: { rate: number; category?: VatCategory } = { rate: 20 }): TaxableLine {
  return {
    kind: "shipping",
    designation: "Livraison (Colissimo)",
    orderItemId: null,
    quantity: 1,
    unitTtcCents: ttcCents,
    totalTtcCents: ttcCents,
    vatRate: vat.rate,
    vatCategory: vat.category,
    discountable: false,
  };
}

export function giftCard(valueCents: number): TaxableLine {
  return {
    kind: "gift_card",
    designation: "Carte cadeau Aurore",
    orderItemId: "item-gift-card",
    quantity: 1,
    unitTtcCents: valueCents,
    totalTtcCents: valueCents,
    vatRate: null,
    discountable: false,
  };
}

export function giftCardFee(ttcCents: number): TaxableLine {
  return { ...giftCard(ttcCents), kind: "gift_card_fee", designation: "Envoi postal de la carte cadeau", vatRate: 20 };
}

export function orderTax(
  regime: TaxRegime,
  country: string,
  options: { vatCountry?: VatCountry; shippingRate?: number; category: VatCategory; business?: BusinessBuyer },
): OrderTax {
  return {
    version: 1,
    destination: {
      territory: country === "FR" ? "mainland" : country === "CH" ? "switzerland" : "eu",
      country_code: country,
      vat_country: options.vatCountry ?? null,
    },
    regime,
    vat_country: options.vatCountry ?? null,
    shipping: { regime, rate_percent: options.shippingRate ?? 0, category: options.category },
    ddp: false,
    business: options.business ?? null,
  };
}

type Options = {
  number?: string;
  lines: TaxableLine[];
  discounts?: InvoiceDiscount[];
  buyer?: Partial<InvoiceSnapshot["buyer"]>;
  tax?: OrderTax | null;
  payment?: Partial<InvoiceSnapshot["payment"]>;
};

/** An invoice paid in full by card (less what gift cards paid), issued when the order was placed. */
export function invoiceSnapshot(options: Options): InvoiceSnapshot {
  const computed = computeInvoiceDocument(options.lines, options.discounts ?? []);
  const giftCardCents = options.payment?.gift_card_cents ?? 0;
  return {
    version: 1,
    kind: "invoice",
    number: options.number ?? "FA-2026-000042",
    issued_at: "2026-12-03T10:15:00.000Z",
    order: { id: "00000000-0000-4000-8000-000000000042", number: "CMD-2026-000042", placed_at: "2026-12-03T10:14:00.000Z" },
    invoice: null,
    reason: null,
    seller: SELLER,
    buyer: {
      name: "Marie Dupont",
      email: "marie.dupont@example.com",
      billing_address: ["Marie Dupont", "12 rue de la Paix", "75002 Paris", "France"],
      shipping_address: ["Marie Dupont", "12 rue de la Paix", "75002 Paris", "France"],
      business: null,
      billing_country_code: "FR",
      shipping_country_code: "FR",
      ...options.buyer,
    },
    lines: computed.lines,
    discounts: options.discounts ?? [],
    totals: computed.totals,
    vat_breakdown: computed.vat_breakdown,
    payment: {
      card_label: "Visa •••• 4242",
      card_cents: computed.totals.ttc_cents - giftCardCents,
      gift_card_cents: giftCardCents,
      gift_cards: [],
      ...options.payment,
    },
    mentions: [...taxMentions(options.tax ?? null), OPERATION_CATEGORY_GOODS],
    tax: options.tax ?? null,
  };
}

/** The whole-order credit note of an invoice, refunded on the card. */
export function creditNoteOf(invoice: InvoiceSnapshot): InvoiceSnapshot {
  const lines = negateLines(invoice.lines);
  const { totals, vat_breakdown } = summarise(lines);
  return {
    ...invoice,
    kind: "credit_note",
    number: "AV-2026-000007",
    issued_at: "2026-12-10T09:00:00.000Z",
    invoice: { number: invoice.number, issued_at: invoice.issued_at },
    reason: "Commande retournée",
    lines,
    totals,
    vat_breakdown,
    payment: { ...invoice.payment, card_cents: invoice.payment.card_cents, instalments: undefined },
  };
}
