/**
 * The Factur-X XML of an invoice or credit note: UN/CEFACT Cross Industry Invoice D16B, profile
 * EN 16931 (guideline `urn:cen.eu:en16931:2017`), drawn from the frozen snapshot alone
 * (docs/decisions/064-factur-x.md). Pure and deterministic: one snapshot, one XML.
 *
 * Amounts: the snapshot's integer cents, VAT-inclusive lines already split into HT and VAT, so
 * every total here is a sum of those cents and BT-106..BT-115 add up exactly. A credit note (381)
 * states its amounts positive, as CII expects; the snapshot stores them negative.
 */
import { centsAsDecimal } from "~/lib/money";
import { withoutUnsafeText } from "~/lib/safe-text.rules";
import { vatCategoryOf, type InvoiceLine, type InvoiceSnapshot } from "~/domain/invoices/invoice.types";
import { EXPORT_MENTION, INTRA_EU_B2B_MENTION, OVERSEAS_MENTION } from "~/domain/tax/mentions";
import type { VatCategory } from "~/domain/tax/tax-rules";
import { formatPrice } from "~/lib/money";
import { formatDate, parisDay } from "~/lib/paris-time";

export const FACTURX_FILE_NAME = "factur-x.xml";
export const EN16931_GUIDELINE = "urn:cen.eu:en16931:2017";

const NS =
  'xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" ' +
  'xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" ' +
  'xmlns:qdt="urn:un:unece:uncefact:data:standard:QualifiedDataType:100" ' +
  'xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100"';

/** UNTDID 4461: 48 bank card. */
const PAYMENT_MEANS_BANK_CARD = "48";
/** UN/ECE Recommendation 20: C62 "one" (a unit). */
const UNIT_CODE = "C62";
/** SIREN, ISO 6523 ICD 0002 (the French registry's identifier). */
const SIREN_SCHEME = "0002";

function escapeXml(text: string): string {
  // What the shop's text rule refuses is what XML 1.0 does not allow at all (safe-text.rules.ts).
  return withoutUnsafeText(text).replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c] ?? c,
  );
}

/** Cents as a CII amount: EUR with two decimals ("-12.30"). */
export const ciiAmount = (cents: number): string => centsAsDecimal(cents, ".");

const ciiDate = (instant: string) => parisDay(instant).replaceAll("-", "");
const dateTime = (instant: string) => `<udt:DateTimeString format="102">${ciiDate(instant)}</udt:DateTimeString>`;
const el = (name: string, content: string) => `<ram:${name}>${content}</ram:${name}>`;
const text = (name: string, value: string | null | undefined) => (value && value.trim() !== "" ? el(name, escapeXml(value.trim())) : "");
const compact = (id: string) => id.replace(/\s+/g, "");

/** A postal address from printed lines: "75011 Paris" (or "L-1234 Luxembourg") is the town line, the lines above it the street. */
export function postalAddress(lines: readonly string[], countryCode: string): string {
  const townAt = lines.findLastIndex((l) => /^(?:[A-Z]{1,2}-)?\d{4,5}\s+\S/.test(l.trim()));
  const streetLines = (townAt >= 0 ? lines.slice(0, townAt) : lines.slice()).map((l) => l.trim()).filter(Boolean);
  const [first, second, ...rest] = streetLines;
  const third = rest.length > 0 ? rest.join(", ") : undefined;
  const town = townAt >= 0 ? /^(\S+)\s+(.+)$/.exec(lines[townAt].trim()) : null;
  return el(
    "PostalTradeAddress",
    [
      text("PostcodeCode", town?.[1]),
      text("LineOne", first),
      text("LineTwo", second),
      text("LineThree", third),
      text("CityName", town?.[2]),
      el("CountryID", escapeXml(countryCode)),
    ].join(""),
  );
}

/** The snapshot's lines as the XML states them: its sign turned on a credit note. */
type OrientedLine = InvoiceLine & { category: VatCategory };

/**
 * The lines the XML carries, and those it leaves out. EN 16931 forbids an invoice mixing the
 * category O (outside the scope of VAT) with any other (BR-O-11..14). In this shop the O lines are
 * the face values of gift cards sold, multi-purpose vouchers whose sale is not a supply (CGI art.
 * 256 ter): when a document also invoices taxable lines, the vouchers are left out of the XML's
 * lines and totals and stated in a note instead (decision 064). A document of vouchers alone keeps
 * them, all O.
 */
export function splitOutOfScope(snapshot: Pick<InvoiceSnapshot, "kind" | "lines">): { kept: OrientedLine[]; excluded: OrientedLine[] } {
  const sign = snapshot.kind === "credit_note" ? -1 : 1;
  const orient = (n: number) => (n === 0 ? 0 : sign * n);
  const lines = snapshot.lines.map((l): OrientedLine => ({
    ...l,
    category: vatCategoryOf(l),
    unit_ttc_cents: orient(l.unit_ttc_cents),
    unit_ht_cents: orient(l.unit_ht_cents),
    total_ht_cents: orient(l.total_ht_cents),
    vat_cents: orient(l.vat_cents),
    total_ttc_cents: orient(l.total_ttc_cents),
  }));
  const outOfScope = lines.filter((l) => l.category === "O");
  const taxable = lines.filter((l) => l.category !== "O");
  if (outOfScope.length === 0 || taxable.length === 0) return { kept: lines, excluded: [] };
  // Nothing taxable but lines of 0 € (a delivery offered): those go, and the vouchers stay, all O.
  if (taxable.every((l) => l.total_ttc_cents === 0)) return { kept: outOfScope, excluded: [] };
  return { kept: taxable, excluded: outOfScope };
}

/** The exemption reason of a 0 % or out-of-scope category (BR-IC-10, BR-G-10, BR-O-10). */
function exemption(category: VatCategory, snapshot: InvoiceSnapshot): { code: string; reason: string } | null {
  switch (category) {
    case "K":
      return { code: "VATEX-EU-IC", reason: INTRA_EU_B2B_MENTION };
    case "G":
      return { code: "VATEX-EU-G", reason: snapshot.tax?.regime === "overseas" ? OVERSEAS_MENTION : EXPORT_MENTION };
    case "O":
      return { code: "VATEX-EU-O", reason: "Hors champ de la TVA : bon à usages multiples (article 256 ter du CGI)." };
    default:
      return null;
  }
}

const rateOf = (l: Pick<OrientedLine, "category" | "vat_rate">) => (l.category === "O" ? null : (l.vat_rate ?? 0));

/** Category and rate of a line, allowance or charge (no rate for O: BR-O-05..07). */
function tradeTax(category: VatCategory, rate: number | null): string {
  return [el("TypeCode", "VAT"), el("CategoryCode", category), rate === null ? "" : el("RateApplicablePercent", String(rate))].join("");
}

function lineItem(line: OrientedLine, id: number): string {
  // BR-27: a net price is never negative; a negative line is a negative quantity at a positive price.
  const flip = line.unit_ht_cents < 0 || (line.unit_ht_cents === 0 && line.total_ht_cents < 0);
  const quantity = flip ? -line.quantity : line.quantity;
  const price = flip ? -line.unit_ht_cents : line.unit_ht_cents;
  return el(
    "IncludedSupplyChainTradeLineItem",
    [
      el("AssociatedDocumentLineDocument", el("LineID", String(id))),
      el("SpecifiedTradeProduct", text("Name", line.designation) || el("Name", "-")),
      el("SpecifiedLineTradeAgreement", el("NetPriceProductTradePrice", el("ChargeAmount", ciiAmount(price)))),
      el("SpecifiedLineTradeDelivery", `<ram:BilledQuantity unitCode="${UNIT_CODE}">${quantity}</ram:BilledQuantity>`),
      el(
        "SpecifiedLineTradeSettlement",
        el("ApplicableTradeTax", tradeTax(line.category, rateOf(line))) +
          el("SpecifiedTradeSettlementLineMonetarySummation", el("LineTotalAmount", ciiAmount(line.total_ht_cents))),
      ),
    ].join(""),
  );
}

/** A discount line as a document-level allowance (or a charge, should its sign be turned). */
function allowanceCharge(line: OrientedLine): string {
  const isCharge = line.total_ht_cents > 0;
  return el(
    "SpecifiedTradeAllowanceCharge",
    [
      el("ChargeIndicator", `<udt:Indicator>${isCharge}</udt:Indicator>`),
      el("ActualAmount", ciiAmount(Math.abs(line.total_ht_cents))),
      text("Reason", line.designation) || el("Reason", "Remise"),
      el("CategoryTradeTax", tradeTax(line.category, rateOf(line))),
    ].join(""),
  );
}

type BreakdownRow = { category: VatCategory; rate: number | null; basis: number; vat: number };

function breakdown(lines: readonly OrientedLine[]): BreakdownRow[] {
  const rows = new Map<string, BreakdownRow>();
  for (const l of lines) {
    const rate = rateOf(l);
    const key = `${l.category}:${rate ?? ""}`;
    const row = rows.get(key) ?? { category: l.category, rate, basis: 0, vat: 0 };
    row.basis += l.total_ht_cents;
    row.vat += l.vat_cents;
    rows.set(key, row);
  }
  return [...rows.values()].sort((a, b) => (b.rate ?? -1) - (a.rate ?? -1) || a.category.localeCompare(b.category));
}

function party(input: {
  name: string;
  description?: string | null;
  siren?: string | null;
  address: string;
  email?: string | null;
  vatNumber?: string | null;
}): string {
  return [
    text("Name", input.name) || el("Name", "-"),
    text("Description", input.description),
    input.siren ? el("SpecifiedLegalOrganization", `<ram:ID schemeID="${SIREN_SCHEME}">${escapeXml(compact(input.siren))}</ram:ID>`) : "",
    input.address,
    input.email ? el("URIUniversalCommunication", `<ram:URIID schemeID="EM">${escapeXml(input.email.trim())}</ram:URIID>`) : "",
    input.vatNumber ? el("SpecifiedTaxRegistration", `<ram:ID schemeID="VA">${escapeXml(compact(input.vatNumber))}</ram:ID>`) : "",
  ].join("");
}

const note = (content: string, subjectCode?: string) =>
  el("IncludedNote", text("Content", content) + (subjectCode ? el("SubjectCode", subjectCode) : ""));

/** What the XML states of the document's payment: still due (instalments to come), already paid, and how. */
function settlement(snapshot: InvoiceSnapshot, grandTotal: number) {
  const isInvoice = snapshot.kind === "invoice";
  const p = snapshot.payment;
  const issuedDay = parisDay(snapshot.issued_at);
  const upcoming = isInvoice ? (p.instalments ?? []).filter((e) => e.due_date > issuedDay) : [];
  const due = Math.max(
    0,
    Math.min(
      grandTotal,
      upcoming.reduce((a, e) => a + e.amount_cents, 0),
    ),
  );
  const parts: string[] = [];
  if (p.card_cents !== 0) parts.push(`carte bancaire${p.card_label ? ` ${p.card_label}` : ""} ${formatPrice(Math.abs(p.card_cents))}`);
  if (p.gift_card_cents !== 0) parts.push(`cartes cadeaux ${formatPrice(Math.abs(p.gift_card_cents))}`);
  const how = parts.length > 0 ? ` (${parts.join(", ")})` : "";
  let terms: string;
  if (!isInvoice) terms = `Avoir remboursé${how}.`;
  else if (p.instalments?.length) {
    const schedule = p.instalments.map(
      (e) => `échéance ${e.seq} le ${formatDate(`${e.due_date}T12:00:00Z`)} : ${formatPrice(e.amount_cents)}`,
    );
    terms = `Paiement en ${p.instalments.length} fois sans frais par carte bancaire : ${schedule.join(" ; ")}.`;
  } else terms = `Facture acquittée le ${formatDate(snapshot.order.placed_at)}${how}.`;
  return {
    due,
    prepaid: grandTotal - due,
    nextDueDate: upcoming[0]?.due_date ?? null,
    terms: terms.replace(/[\u202f\u00a0]/g, " "),
    byCard: p.card_cents !== 0,
  };
}

/** The CII XML of a document, UTF-8 text with its XML declaration. */
export function buildFacturXml(snapshot: InvoiceSnapshot): string {
  const { kept, excluded } = splitOutOfScope(snapshot);
  const items = kept.filter((l) => l.kind !== "discount");
  const adjustments = kept.filter((l) => l.kind === "discount");
  const rows = breakdown(kept);
  const outOfScope = kept.some((l) => l.category === "O");

  const lineTotal = items.reduce((a, l) => a + l.total_ht_cents, 0);
  const allowances = adjustments.filter((l) => l.total_ht_cents <= 0).reduce((a, l) => a - l.total_ht_cents, 0);
  const charges = adjustments.filter((l) => l.total_ht_cents > 0).reduce((a, l) => a + l.total_ht_cents, 0);
  const taxBasis = lineTotal - allowances + charges;
  const taxTotal = rows.reduce((a, r) => a + r.vat, 0);
  const grandTotal = taxBasis + taxTotal;
  const pay = settlement(snapshot, grandTotal);

  const s = snapshot.seller;
  const b = snapshot.buyer;
  const buyerCountry = b.billing_country_code ?? "FR";
  const shippingCountry = b.shipping_country_code ?? buyerCountry;
  const intraEu = kept.some((l) => l.category === "K");
  const shipsElsewhere = b.shipping_address !== null && b.shipping_address.join("\n") !== b.billing_address.join("\n");

  const notes: string[] = [];
  if (snapshot.reason) notes.push(note(`Motif : ${snapshot.reason}`));
  if (excluded.length > 0) {
    const value = excluded.reduce((a, l) => a + l.total_ttc_cents, 0);
    const names = excluded.map((l) => `${l.designation} (${formatPrice(l.total_ttc_cents)})`).join(", ");
    const verb = snapshot.kind === "invoice" ? "vendue(s)" : "remboursée(s)";
    notes.push(
      note(
        `Hors facture : carte(s) cadeau ${verb} avec la commande ${snapshot.order.number}, bons à usages multiples hors champ de la TVA ` +
          `(article 256 ter du CGI) : ${names}, soit ${formatPrice(value)}. Montant total de la commande : ${formatPrice(grandTotal + value)}.`,
      ),
    );
  }
  for (const mention of snapshot.mentions) notes.push(note(mention, "REG"));

  const sellerDescription = [s.legal_form, s.share_capital ? `capital social ${s.share_capital}` : "", s.rcs].filter(Boolean).join(", ");
  const sellerAddress = postalAddress(
    s.address.split(",").map((x) => x.trim()),
    "FR",
  );
  const buyerAddressLines = b.billing_address.length > 1 ? b.billing_address.slice(1) : b.billing_address;
  const shipTo = b.shipping_address ?? b.billing_address;

  const xml = [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<rsm:CrossIndustryInvoice ${NS}>`,
    `<rsm:ExchangedDocumentContext>${el("GuidelineSpecifiedDocumentContextParameter", el("ID", EN16931_GUIDELINE))}</rsm:ExchangedDocumentContext>`,
    `<rsm:ExchangedDocument>`,
    text("ID", snapshot.number),
    el("TypeCode", snapshot.kind === "invoice" ? "380" : "381"),
    el("IssueDateTime", dateTime(snapshot.issued_at)),
    ...notes,
    `</rsm:ExchangedDocument>`,
    `<rsm:SupplyChainTradeTransaction>`,
    ...items.map((l, i) => lineItem(l, i + 1)),
    el(
      "ApplicableHeaderTradeAgreement",
      [
        el(
          "SellerTradeParty",
          party({
            name: s.name,
            description: sellerDescription,
            siren: s.siren,
            address: sellerAddress,
            email: s.email,
            // BR-O-02: a document outside the scope of VAT states no VAT identifier.
            vatNumber: outOfScope ? null : s.vat_number,
          }),
        ),
        el(
          "BuyerTradeParty",
          party({
            name: b.name,
            siren: b.business?.siren ?? null,
            address: postalAddress(buyerAddressLines, buyerCountry),
            email: b.email,
            vatNumber: outOfScope ? null : (b.business?.vat_number ?? null),
          }),
        ),
        el("SellerOrderReferencedDocument", text("IssuerAssignedID", snapshot.order.number)),
      ].join(""),
    ),
    el(
      "ApplicableHeaderTradeDelivery",
      // BR-IC-12: an intra-EU supply names the country it is delivered to.
      shipsElsewhere || intraEu
        ? el(
            "ShipToTradeParty",
            (text("Name", shipTo[0]) || el("Name", "-")) + postalAddress(shipTo.length > 1 ? shipTo.slice(1) : shipTo, shippingCountry),
          )
        : "",
    ),
    el(
      "ApplicableHeaderTradeSettlement",
      [
        el("InvoiceCurrencyCode", "EUR"),
        pay.byCard
          ? el("SpecifiedTradeSettlementPaymentMeans", el("TypeCode", PAYMENT_MEANS_BANK_CARD) + text("Information", "Carte bancaire"))
          : "",
        ...rows.map((r) => {
          const ex = exemption(r.category, snapshot);
          return el(
            "ApplicableTradeTax",
            [
              el("CalculatedAmount", ciiAmount(r.vat)),
              el("TypeCode", "VAT"),
              ex ? text("ExemptionReason", ex.reason) : "",
              el("BasisAmount", ciiAmount(r.basis)),
              el("CategoryCode", r.category),
              ex ? el("ExemptionReasonCode", ex.code) : "",
              r.rate === null ? "" : el("RateApplicablePercent", String(r.rate)),
            ].join(""),
          );
        }),
        // BR-IC-11: an intra-EU supply states its date; the sale's day, the parcel's not being known when it is issued.
        intraEu
          ? el(
              "BillingSpecifiedPeriod",
              el("StartDateTime", dateTime(snapshot.order.placed_at)) + el("EndDateTime", dateTime(snapshot.order.placed_at)),
            )
          : "",
        ...adjustments.map(allowanceCharge),
        el(
          "SpecifiedTradePaymentTerms",
          text("Description", pay.terms) + (pay.nextDueDate ? el("DueDateDateTime", dateTime(`${pay.nextDueDate}T12:00:00Z`)) : ""),
        ),
        el(
          "SpecifiedTradeSettlementHeaderMonetarySummation",
          [
            el("LineTotalAmount", ciiAmount(lineTotal)),
            el("ChargeTotalAmount", ciiAmount(charges)),
            el("AllowanceTotalAmount", ciiAmount(allowances)),
            el("TaxBasisTotalAmount", ciiAmount(taxBasis)),
            `<ram:TaxTotalAmount currencyID="EUR">${ciiAmount(taxTotal)}</ram:TaxTotalAmount>`,
            el("GrandTotalAmount", ciiAmount(grandTotal)),
            el("TotalPrepaidAmount", ciiAmount(pay.prepaid)),
            el("DuePayableAmount", ciiAmount(pay.due)),
          ].join(""),
        ),
        snapshot.invoice
          ? el(
              "InvoiceReferencedDocument",
              text("IssuerAssignedID", snapshot.invoice.number) +
                el(
                  "FormattedIssueDateTime",
                  `<qdt:DateTimeString format="102">${ciiDate(snapshot.invoice.issued_at)}</qdt:DateTimeString>`,
                ),
            )
          : "",
      ].join(""),
    ),
    `</rsm:SupplyChainTradeTransaction>`,
    `</rsm:CrossIndustryInvoice>`,
  ].join("\n");
  return `${xml}\n`;
}
