/**
 * What an order keeps of its VAT (docs/decisions/063-vat-by-destination.md), frozen when it is
 * placed: later rate changes, settings or a crossed threshold never re-tax it. Orders placed
 * before this existed have none and were all French VAT at 20 % (gift cards out of scope).
 */
import type { TaxDestination } from "./destinations";
import type { VatCountry } from "./rates";
import type { TaxRegime, VatCategory } from "./tax-rules";

/** A business buyer's invoicing details (checked at checkout, decision 063). */
export type BusinessBuyer = {
  company_name: string;
  /** 9 digits; the SIRET's first nine when only a SIRET was given. Null for a company outside France. */
  siren: string | null;
  siret: string | null;
  /** Normalised: country prefix and characters, no spaces ("FR40303265045"). */
  vat_number: string | null;
};

export type OrderTax = {
  version: 1;
  destination: TaxDestination;
  /** The goods' regime (the lines may differ only by rate between tax classes). */
  regime: TaxRegime;
  vat_country: VatCountry | null;
  /** The delivery fee's regime, rate (percent, 0 exempt) and EN 16931 category. */
  shipping: { regime: TaxRegime; rate_percent: number; category: VatCategory };
  /** Delivered duty paid outside the EU (Paramètres), so the mention says who pays duties. */
  ddp: boolean;
  business: BusinessBuyer | null;
};

/** How an order line keeps its VAT (columns of order_items); both null on orders placed before. */
export type LineTax = { regime: TaxRegime; rate_bp: number | null };

/** The regimes under which the parcel leaves the EU: duties and local taxes are the recipient's (or the shop's, DDP). */
export const isExportRegime = (regime: TaxRegime): boolean => regime === "export" || regime === "overseas";

/** The EU distance sales that count toward the €10,000 threshold. */
export const DISTANCE_SALE_REGIMES: readonly TaxRegime[] = ["distance_fr", "oss"];

/** Which sentence a summary shows of an order's VAT (checkout, order details, confirmation). */
export type TaxNotice = "duties_recipient" | "duties_paid" | "reverse_charge" | "destination_vat";

export function taxNoticeOf(regime: TaxRegime, ddp: boolean): TaxNotice | null {
  if (isExportRegime(regime)) return ddp ? "duties_paid" : "duties_recipient";
  if (regime === "intra_eu_b2b") return "reverse_charge";
  if (regime === "oss") return "destination_vat";
  return null;
}

/** What an order's views say of its VAT; null for an order placed before decision 063 (French VAT). */
export type OrderVatView = { regime: TaxRegime; prices_include_french_vat: boolean; notice: TaxNotice | null };

export function orderVatView(tax: OrderTax | null | undefined): OrderVatView | null {
  if (!tax) return null;
  return { regime: tax.regime, prices_include_french_vat: tax.vat_country === "FR", notice: taxNoticeOf(tax.regime, tax.ddp) };
}
