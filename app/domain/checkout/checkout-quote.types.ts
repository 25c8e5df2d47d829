import type { GiftCardCheckoutQuote } from "~/domain/gift-cards/gift-card-quote.types";
import type { AppliedPromo } from "~/domain/promotions/promotion.types";
import type { ShippingQuote } from "./shipping.rules";
import type { DeliveryMethodCode, DeliveryOption } from "~/domain/delivery/delivery-methods";
import type { RelayPoint } from "~/domain/delivery/relay-points";
import type { StockProblem } from "./stock-problem";
import type { VatCountry } from "~/domain/tax/rates";
import type { TaxRegime } from "~/domain/tax/tax-rules";
import type { TaxNotice } from "~/domain/tax/order-tax";
import type { GiftQuote } from "./gift-options";

/**
 * The VAT the quote is priced under (decision 063). Outside the French VAT territory the lines
 * and totals are already without French VAT; `notice` says which sentence the summary shows.
 */
export type CheckoutTaxQuote = {
  regime: TaxRegime;
  /** False once the address is outside the French VAT territory: prices shown without French VAT. */
  prices_include_french_vat: boolean;
  /** The member state whose VAT the goods carry (FR, or BE/LU under the OSS); null for an exempt order. */
  vat_country: VatCountry | null;
  /**
   * - `duties_recipient`: "Droits et taxes locales à la charge du destinataire" (export, overseas);
   * - `duties_paid`: the shop pays them (DDP in Paramètres);
   * - `reverse_charge`: a business in another member state: exempt, the buyer reverse-charges;
   * - `destination_vat`: the destination's VAT (OSS);
   * - null: French VAT as in the catalogue.
   */
  notice: TaxNotice | null;
  /** The VAT the total includes, in cents (0 for an exempt order). */
  vat_cents: number;
};

export type CheckoutLineQuote = {
  product_id: string;
  /** The variant sold, its label and SKU. */
  variant_id: string;
  variant_label: string | null;
  sku: string | null;
  name: string;
  brand: string | null;
  image_url: string | null;
  category_name: string | null;
  unit_price_cents: number;
  quantity: number;
  line_total_cents: number;
  stock_quantity: number;
  available: boolean;
};

export type CheckoutQuote = GiftCardCheckoutQuote & {
  lines: CheckoutLineQuote[];
  /** French messages: lines that cannot be ordered as they are. */
  problems: string[];
  /** The same problems as data, in the same order, for a page that words them in its language. */
  stock_problems: StockProblem[];
  subtotal_cents: number;
  /** Null until a valid delivery address is chosen. */
  shipping: ShippingQuote | null;
  /** The methods offered for the chosen address, each with its price and date (empty before an address). */
  delivery_options: DeliveryOption[];
  /** The method asked for, its option when offered, and the relay point chosen. */
  delivery_method: DeliveryMethodCode;
  delivery: DeliveryOption | null;
  relay_point: RelayPoint | null;
  /** French reason the chosen method cannot be used as it is (not offered, relay point missing). */
  delivery_error: string | null;
  /** French warnings about delivering these lines to that address (perfumes overseas). */
  shipping_notices: string[];
  points_balance: number;
  max_redeemable_points: number;
  points_to_use: number;
  discount_cents: number;
  /** Promo code: the accepted code and its discount, or the French reason it is refused. */
  promo: AppliedPromo | null;
  promo_error: string | null;
  promo_discount_cents: number;
  total_cents: number;
  /** Gift cards: false when only e-mail gift cards are bought (nothing to deliver). */
  needs_address: boolean;
  /** What the bank card pays: the total minus the gift cards' part (0: no card needed). */
  card_cents: number;
  /** Null until a delivery address is chosen (catalogue prices, French VAT, until then). */
  tax: CheckoutTaxQuote | null;
  /** Gift wrap offered and chosen, its amount in the total (decision 068). */
  gift: GiftQuote;
};
