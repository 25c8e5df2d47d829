/**
 * The Factur-X XML of each kind of sale passes both validators: the CII D16B schema (xmllint) and
 * the official EN 16931 CII business rules (schematron, Saxon-JS). The stylesheet loads once for
 * the file.
 */
import { describe, expect, it } from "vitest";
import { buildFacturXml, ciiAmount } from "./cii-xml";
import { creditNoteOf, giftCard, giftCardFee, invoiceSnapshot, orderTax, product, shipping } from "./facturx-fixtures";
import type { InvoiceSnapshot } from "~/domain/invoices/invoice.types";
import { fatalSchematronMessages, schematronFailures, xsdErrors } from "../../../../../tests/support/en16931/validate";

/** Both validators' complaints: none for a valid document. */
function expectValid(xml: string): void {
  expect(xsdErrors(xml), "CII D16B schema").toEqual([]);
  expect(fatalSchematronMessages(xml), "EN 16931 business rules").toEqual([]);
}

/** One monetary total of the header, in cents. */
function total(xml: string, name: string): number {
  const m = new RegExp(`<ram:${name}(?: [^>]*)?>(-?\\d+)\\.(\\d{2})</ram:${name}>`).exec(
    /<ram:SpecifiedTradeSettlementHeaderMonetarySummation>[\s\S]*?<\/ram:SpecifiedTradeSettlementHeaderMonetarySummation>/.exec(xml)?.[0] ??
      "",
  );
  if (!m) throw new Error(`no ${name}`);
  const sign = m[1].startsWith("-") ? -1 : 1;
  return sign * (Math.abs(Number(m[1])) * 100 + Number(m[2]));
}

function all(xml: string, pattern: RegExp): string[] {
  return [...xml.matchAll(pattern)].map((m) => m[1]);
}

/** BT-106..BT-115 add up to the cent, and the grand total is what the snapshot says was invoiced. */
function expectTotalsAddUp(xml: string, expectedGrandTotal: number): void {
  const lineNets = all(
    xml,
    /<ram:LineTotalAmount>(-?[\d.]+)<\/ram:LineTotalAmount>\s*<\/ram:SpecifiedTradeSettlementLineMonetarySummation>/g,
  );
  const lines = lineNets.reduce((a, v) => a + Math.round(Number(v) * 100), 0);
  expect(total(xml, "LineTotalAmount")).toBe(lines);
  const basis = total(xml, "LineTotalAmount") - total(xml, "AllowanceTotalAmount") + total(xml, "ChargeTotalAmount");
  expect(total(xml, "TaxBasisTotalAmount")).toBe(basis);
  expect(total(xml, "GrandTotalAmount")).toBe(basis + total(xml, "TaxTotalAmount"));
  expect(total(xml, "DuePayableAmount")).toBe(total(xml, "GrandTotalAmount") - total(xml, "TotalPrepaidAmount"));
  expect(total(xml, "GrandTotalAmount")).toBe(expectedGrandTotal);
}

const categories = (xml: string) => all(xml, /<ram:CategoryCode>([A-Z]+)<\/ram:CategoryCode>/g);

describe("Factur-X XML (CII D16B, EN 16931)", () => {
  it("states a domestic sale at 20 %, paid by card, nothing left due", () => {
    const snapshot = invoiceSnapshot({
      lines: [product("Eau de parfum Aube 50 ml", 8_900), product("Savon Iris", 1_250, 3), shipping(590)],
    });
    const xml = buildFacturXml(snapshot);
    expectValid(xml);
    expectTotalsAddUp(xml, snapshot.totals.ttc_cents);
    expect(xml).toContain("<ram:TypeCode>380</ram:TypeCode>");
    expect(xml).toContain("<ram:ID>urn:cen.eu:en16931:2017</ram:ID>");
    expect(xml).toContain('<ram:ID schemeID="0002">123456789</ram:ID>');
    expect(xml).toContain('<ram:ID schemeID="VA">FR32123456789</ram:ID>');
    expect(xml).toContain("<ram:Name>Aurore Parfums &amp; Cie</ram:Name>");
    expect(xml).toContain(
      "<ram:PostcodeCode>69002</ram:PostcodeCode><ram:LineOne>8 quai des Brumes</ram:LineOne><ram:CityName>Lyon</ram:CityName>",
    );
    expect(xml).toContain(
      "<ram:PostcodeCode>75002</ram:PostcodeCode><ram:LineOne>12 rue de la Paix</ram:LineOne><ram:CityName>Paris</ram:CityName><ram:CountryID>FR</ram:CountryID>",
    );
    expect(new Set(categories(xml))).toEqual(new Set(["S"]));
    expect(total(xml, "TotalPrepaidAmount")).toBe(snapshot.totals.ttc_cents);
    expect(total(xml, "DuePayableAmount")).toBe(0);
    expect(xml).toContain(`<ram:CalculatedAmount>${ciiAmount(snapshot.totals.vat_cents)}</ram:CalculatedAmount>`);
    // Same address for billing and delivery: no separate ship-to party.
    expect(xml).not.toContain("ShipToTradeParty");
  });

  it("turns a promo code and points into document-level allowances at the lines' rate", () => {
    const snapshot = invoiceSnapshot({
      lines: [product("Crème Rose", 4_500, 2), shipping(590)],
      discounts: [
        { designation: "Code promo BIENVENUE", amount_cents: 1_000 },
        { designation: "Points Beauty Pass", amount_cents: 500 },
      ],
      buyer: { shipping_address: ["Jean Dupont", "3 place Bellecour", "69002 Lyon", "France"] },
    });
    const xml = buildFacturXml(snapshot);
    expectValid(xml);
    expectTotalsAddUp(xml, snapshot.totals.ttc_cents);
    const discounts = snapshot.lines.filter((l) => l.kind === "discount");
    expect(total(xml, "AllowanceTotalAmount")).toBe(-discounts.reduce((a, l) => a + l.total_ht_cents, 0));
    expect(xml).toContain("<ram:Reason>Code promo BIENVENUE</ram:Reason>");
    expect(all(xml, /<ram:LineID>(\d+)<\/ram:LineID>/g)).toEqual(["1", "2"]);
    expect(xml).toContain("<ram:ShipToTradeParty><ram:Name>Jean Dupont</ram:Name>");
  });

  it("exempts an export to Switzerland (G, 0 %) with its reason", () => {
    const tax = orderTax("export", "CH", { category: "G" });
    const snapshot = invoiceSnapshot({
      lines: [product("Eau de parfum Aube 50 ml", 7_417, 1, { rate: 0, category: "G" }), shipping(1_490, { rate: 0, category: "G" })],
      tax,
      buyer: {
        billing_address: ["Lena Meier", "Bahnhofstrasse 1", "8001 Zürich", "Suisse"],
        shipping_address: ["Lena Meier", "Bahnhofstrasse 1", "8001 Zürich", "Suisse"],
        billing_country_code: "CH",
        shipping_country_code: "CH",
      },
    });
    const xml = buildFacturXml(snapshot);
    expectValid(xml);
    expectTotalsAddUp(xml, snapshot.totals.ttc_cents);
    expect(new Set(categories(xml))).toEqual(new Set(["G"]));
    expect(xml).toContain("<ram:ExemptionReasonCode>VATEX-EU-G</ram:ExemptionReasonCode>");
    expect(xml).toContain("<ram:CountryID>CH</ram:CountryID>");
    expect(xml).toContain("<ram:CityName>Zürich</ram:CityName>");
    expect(total(xml, "TaxTotalAmount")).toBe(0);
  });

  it("states an intra-EU B2B supply (K) with both VAT numbers, the delivery country and the date", () => {
    const business = { company_name: "Parfumerie Lumière SRL", siren: null, siret: null, vat_number: "BE0123456749" };
    const tax = orderTax("intra_eu_b2b", "BE", { category: "K", business });
    const snapshot = invoiceSnapshot({
      lines: [product("Coffret Aube", 12_000, 5, { rate: 0, category: "K" }), shipping(990, { rate: 0, category: "K" })],
      tax,
      buyer: {
        name: business.company_name,
        business,
        billing_address: ["Sophie Peeters", "Parfumerie Lumière SRL", "Rue Neuve 10", "1000 Bruxelles", "Belgique"],
        shipping_address: null,
        billing_country_code: "BE",
        shipping_country_code: null,
      },
    });
    const xml = buildFacturXml(snapshot);
    expectValid(xml);
    expectTotalsAddUp(xml, snapshot.totals.ttc_cents);
    expect(new Set(categories(xml))).toEqual(new Set(["K"]));
    expect(xml).toContain('<ram:ID schemeID="VA">BE0123456749</ram:ID>');
    expect(xml).toContain("<ram:ExemptionReasonCode>VATEX-EU-IC</ram:ExemptionReasonCode>");
    expect(xml).toMatch(/<ram:ShipToTradeParty>[\s\S]*<ram:CountryID>BE<\/ram:CountryID>/);
    expect(xml).toContain('<ram:StartDateTime><udt:DateTimeString format="102">20261203</udt:DateTimeString></ram:StartDateTime>');
  });

  it("states a distance sale under OSS at Belgium's 21 %", () => {
    const tax = orderTax("oss", "BE", { category: "S", vatCountry: "BE", shippingRate: 21 });
    const snapshot = invoiceSnapshot({
      lines: [product("Eau de parfum Aube 50 ml", 8_900, 1, { rate: 21 }), shipping(990, { rate: 21 })],
      tax,
      buyer: {
        billing_address: ["Luc Janssens", "Rue Neuve 10", "1000 Bruxelles", "Belgique"],
        shipping_address: ["Luc Janssens", "Rue Neuve 10", "1000 Bruxelles", "Belgique"],
        billing_country_code: "BE",
        shipping_country_code: "BE",
      },
    });
    const xml = buildFacturXml(snapshot);
    expectValid(xml);
    expectTotalsAddUp(xml, snapshot.totals.ttc_cents);
    expect(all(xml, /<ram:RateApplicablePercent>([\d.]+)<\/ram:RateApplicablePercent>/g)).toEqual(["21", "21", "21"]);
    expect(xml).toContain("guichet unique OSS");
  });

  it("leaves a gift card sold with goods out of the invoiced lines, and says so in a note", () => {
    const snapshot = invoiceSnapshot({
      lines: [product("Crème Rose", 4_500), giftCard(5_000), giftCardFee(290), shipping(590)],
      payment: { gift_card_cents: 1_000 },
    });
    const xml = buildFacturXml(snapshot);
    expectValid(xml);
    // The voucher is not a supply (CGI art. 256 ter): the XML invoices the rest, to the cent.
    expectTotalsAddUp(xml, snapshot.totals.ttc_cents - 5_000);
    expect(categories(xml)).not.toContain("O");
    expect(xml).not.toContain("<ram:Name>Carte cadeau Aurore</ram:Name>");
    expect(xml).toContain("<ram:Name>Envoi postal de la carte cadeau</ram:Name>");
    expect(xml).toMatch(/Hors facture : carte\(s\) cadeau vendue\(s\)[^<]*Carte cadeau Aurore \(50,00\s€\)/);
    expect(xml).toMatch(new RegExp(`Montant total de la commande : ${(snapshot.totals.ttc_cents / 100).toFixed(2).replace(".", ",")}`));
    expect(total(xml, "DuePayableAmount")).toBe(0);
  });

  it("states an order of e-mail gift cards alone as outside the scope of VAT, without VAT numbers", () => {
    const snapshot = invoiceSnapshot({ lines: [giftCard(5_000), giftCard(2_500), shipping(0)] });
    const xml = buildFacturXml(snapshot);
    expectValid(xml);
    expectTotalsAddUp(xml, 7_500);
    expect(new Set(categories(xml))).toEqual(new Set(["O"]));
    expect(xml).toContain("<ram:ExemptionReasonCode>VATEX-EU-O</ram:ExemptionReasonCode>");
    expect(xml).not.toContain('schemeID="VA"');
    expect(xml).not.toContain("RateApplicablePercent");
    // The delivery offered (0 €) would be a category S line in an O invoice (BR-O-12): it is left out.
    expect(xml).not.toContain("Livraison");
  });

  it("states a credit note (381) in positive amounts, citing the invoice it corrects", () => {
    const invoice = invoiceSnapshot({
      lines: [product("Eau de parfum Aube 50 ml", 8_900), shipping(590)],
      discounts: [{ designation: "Code promo BIENVENUE", amount_cents: 1_000 }],
    });
    const credit = creditNoteOf(invoice);
    const xml = buildFacturXml(credit);
    expectValid(xml);
    expectTotalsAddUp(xml, -credit.totals.ttc_cents);
    expect(xml).toContain("<ram:TypeCode>381</ram:TypeCode>");
    expect(xml).toContain(
      '<ram:InvoiceReferencedDocument><ram:IssuerAssignedID>FA-2026-000042</ram:IssuerAssignedID><ram:FormattedIssueDateTime><qdt:DateTimeString format="102">20261203</qdt:DateTimeString>',
    );
    expect(xml).toContain("Motif : Commande retournée");
    expect(xml).not.toMatch(/<ram:ChargeAmount>-/);
  });

  it("leaves the instalments still to come due, with their schedule", () => {
    const snapshot: InvoiceSnapshot = invoiceSnapshot({ lines: [product("Coffret Aube", 15_000)] });
    snapshot.payment.instalments = [
      { seq: 1, due_date: "2026-12-03", amount_cents: 5_000 },
      { seq: 2, due_date: "2027-01-03", amount_cents: 5_000 },
      { seq: 3, due_date: "2027-02-03", amount_cents: 5_000 },
    ];
    const xml = buildFacturXml(snapshot);
    expectValid(xml);
    expectTotalsAddUp(xml, 15_000);
    expect(total(xml, "DuePayableAmount")).toBe(10_000);
    expect(xml).toContain('<ram:DueDateDateTime><udt:DateTimeString format="102">20270103</udt:DateTimeString></ram:DueDateDateTime>');
  });

  it("escapes what a name may hold, and drops what XML cannot carry", () => {
    const snapshot = invoiceSnapshot({ lines: [product('Savon "Iris" <bio> & co\u0007', 1_250)] });
    const xml = buildFacturXml(snapshot);
    expectValid(xml);
    expect(xml).toContain("<ram:Name>Savon &quot;Iris&quot; &lt;bio&gt; &amp; co</ram:Name>");
  });

  it("catches what breaks the rules: the validators are not blind", () => {
    const xml = buildFacturXml(invoiceSnapshot({ lines: [product("Savon Iris", 1_250)] }));
    const wrongTotal = xml.replace(/<ram:GrandTotalAmount>[^<]*</, "<ram:GrandTotalAmount>99.99<");
    expect(schematronFailures(wrongTotal).map((f) => `${f.id}:${f.flag}`)).toContain("BR-CO-15:fatal");
    const misplaced = xml
      .replace("<ram:TypeCode>380</ram:TypeCode>", "")
      .replace("</rsm:ExchangedDocument>", "<ram:TypeCode>380</ram:TypeCode></rsm:ExchangedDocument>");
    expect(xsdErrors(misplaced).join("\n")).toMatch(/TypeCode/);
  });
});
