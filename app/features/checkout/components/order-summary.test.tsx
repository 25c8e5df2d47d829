import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { withI18n } from "../../../../tests/support/i18n";
import type { CheckoutQuote, CheckoutTaxQuote } from "~/domain/checkout/checkout-quote.types";
import type { Language } from "~/domain/i18n/languages";
import { OrderSummary } from "./order-summary";
import { NO_GIFT_OPTIONS } from "~/domain/checkout/gift-options";

function quoteOf(tax: CheckoutTaxQuote | null): CheckoutQuote {
  return {
    lines: [
      {
        product_id: "00000000-0000-4000-8000-0000000000c1",
        variant_id: "00000000-0000-4000-8000-0000000000c2",
        variant_label: null,
        sku: null,
        name: "Sérum éclat",
        brand: null,
        image_url: null,
        category_name: null,
        unit_price_cents: 4167,
        quantity: 1,
        line_total_cents: 4167,
        stock_quantity: 10,
        available: true,
      },
    ],
    problems: [],
    stock_problems: [],
    subtotal_cents: 4167,
    shipping: { zone: "metropole", zoneLabel: "France métropolitaine", feeCents: 490, method: "standard", freeThresholdCents: null },
    delivery_options: [],
    delivery_method: "standard",
    delivery: null,
    relay_point: null,
    delivery_error: null,
    shipping_notices: [],
    points_balance: 0,
    max_redeemable_points: 0,
    points_to_use: 0,
    discount_cents: 0,
    promo: null,
    promo_error: null,
    promo_discount_cents: 0,
    total_cents: 4657,
    needs_address: true,
    card_cents: 4657,
    gift_card_lines: [],
    gift_card_lines_cents: 0,
    has_physical_gift_card: false,
    gift_card_payments: [],
    gift_card_refusals: [],
    gift_card_cents: 0,
    tax,
    gift: { offer: { offered: true, price_cents: 490, free: false }, options: NO_GIFT_OPTIONS, wrap_cents: 0, error: null },
  } as CheckoutQuote;
}

/** The summary's text as read, with the no-break spaces of fr-FR amounts as plain spaces. */
function read(tax: CheckoutTaxQuote | null, language: Language = "fr"): string {
  const html = renderToStaticMarkup(withI18n(<OrderSummary quote={quoteOf(tax)} loading={false} />, language));
  return html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/[\u00a0\u202f]/g, " ")
    .replace(/\s+/g, " ");
}

const exempt = (notice: CheckoutTaxQuote["notice"], regime: CheckoutTaxQuote["regime"]): CheckoutTaxQuote => ({
  regime,
  prices_include_french_vat: false,
  vat_country: null,
  notice,
  vat_cents: 0,
});

describe("the summary's VAT", () => {
  it("shows nothing new before an address (no tax in the quote)", () => {
    const text = read(null);
    expect(text).toContain("46,57 €");
    expect(text).not.toMatch(/HT|TVA/);
  });

  it("under French VAT, says the VAT the total includes", () => {
    const text = read({ regime: "domestic", prices_include_french_vat: true, vat_country: "FR", notice: null, vat_cents: 776 });
    expect(text).toMatch(/dont TVA 7,76 €/);
    expect(text).not.toMatch(/HT|hors TVA/);
  });

  it.each([
    ["duties_recipient", "export", "Droits et taxes locales à la charge du destinataire"],
    ["duties_paid", "export", "Droits et taxes à l'importation pris en charge par Aurore"],
    ["reverse_charge", "intra_eu_b2b", "Autoliquidation : TVA due par l'acheteur (article 262 ter I du CGI)"],
  ] as const)("exempt (%s): amounts HT, prices without French VAT, and the notice", (notice, regime, sentence) => {
    const text = read(exempt(notice, regime));
    expect(text).toContain("Prix hors TVA française");
    expect(text).toContain(sentence);
    expect(text).toContain("Total HT 46,57 €");
    expect(text).not.toContain("TTC");
    expect(text).toContain("41,67 € HT");
    expect(text).not.toContain("dont TVA");
  });

  it("under the destination's VAT: not HT, the notice and the VAT included", () => {
    const text = read({ regime: "oss", prices_include_french_vat: false, vat_country: "BE", notice: "destination_vat", vat_cents: 808 });
    expect(text).toContain("Prix hors TVA française");
    expect(text).toContain("TVA du pays de destination incluse");
    expect(text).toMatch(/dont TVA 8,08 €/);
    expect(text).not.toContain(" HT");
    expect(text).toContain("Total TTC 46,57 €");
  });

  it("in English", () => {
    const text = read(exempt("reverse_charge", "intra_eu_b2b"), "en");
    expect(text).toContain("Prices excluding French VAT");
    expect(text).toContain("Reverse charge: VAT payable by the buyer");
    expect(text).toContain("41,67 € excl. VAT");
    expect(text).toContain("Total excl. VAT");
    expect(read(exempt("duties_recipient", "export"), "en")).toContain("Local duties and taxes payable by the recipient");
  });
});
