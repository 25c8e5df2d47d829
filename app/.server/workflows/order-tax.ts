/**
 * The VAT of a quote or an order (decision 063), composed from the modules that hold its inputs:
 * the rate table (tax module), the shop's tax settings (settings module), this year's EU distance
 * sales (orders module) and each product's tax class (catalog module). Place-order reads a
 * `TaxContext` once per quote or order and prices every line through it, so the quote the shopper
 * sees and the order the server writes are priced by the same function.
 */
import type { Executor } from "~/.server/db/client";
import type { OrderAddress } from "~/.server/db/schema";
import { taxClassesOf } from "~/.server/modules/catalog/tax-classes.service";
import { euDistanceSalesCents } from "~/.server/modules/orders/distance-sales.service";
import { getTaxSettings } from "~/.server/modules/settings/tax-settings.service";
import { listTaxRates } from "~/.server/modules/tax/tax-rates.service";
import type { CheckoutTaxQuote } from "~/domain/checkout/checkout-quote.types";
import { computeInvoiceDocument, htOf, type TaxableLine } from "~/domain/invoices/invoice-totals";
import { taxDestinationOf, type TaxDestination } from "~/domain/tax/destinations";
import { taxNoticeOf, type BusinessBuyer, type LineTax, type OrderTax } from "~/domain/tax/order-tax";
import { rateOn, toBasisPoints, type TaxRate } from "~/domain/tax/rates";
import { DEFAULT_TAX_CLASS, type TaxClass } from "~/domain/tax/tax-classes";
import {
  chargedUnitCents,
  decideTax,
  EU_DISTANCE_SALES_THRESHOLD_CENTS,
  MissingRateError,
  type TaxBuyer,
  type TaxDecision,
  type TaxSettings,
} from "~/domain/tax/tax-rules";
import { parisDay, parisYear } from "~/lib/paris-time";

export type TaxContext = {
  destination: TaxDestination;
  buyer: TaxBuyer;
  business: BusinessBuyer | null;
  settings: TaxSettings;
  rates: readonly TaxRate[];
  day: string;
  /** This year's EU distance sales before this order, excluding VAT (opening figure included). */
  distanceSalesCents: number;
  classes: ReadonlyMap<string, TaxClass>;
};

/** A line to price: its product (for the tax class), catalogue unit price and quantity. */
export type PricedInput = { productId: string | null; unitCents: number; quantity: number };

/** The decisions of one quote or order: one per tax class of its goods, and its delivery fee's. */
export type TaxPricing = {
  context: TaxContext;
  goods(productId: string | null): TaxDecision;
  shipping: TaxDecision;
  /** The charged unit price of a catalogue price of this product. */
  unitCents(productId: string | null, catalogUnitCents: number): number;
  /** The charged delivery fee (or gift-card postage) of a catalogue fee. */
  feeCents(catalogFeeCents: number): number;
};

/**
 * Reads what the VAT of an order to `address` depends on; null when there is no address yet (the
 * catalogue's prices, French VAT) or the country is not one the shop delivers to.
 */
export async function prepareTax(
  db: Executor,
  input: { address: OrderAddress | null; business: BusinessBuyer | null; productIds: readonly string[]; now: Date },
): Promise<TaxContext | null> {
  if (!input.address?.country) return null;
  const destination = taxDestinationOf(input.address.country, input.address.postal_code ?? "");
  if (!destination) return null;
  const [settings, rates, classes] = await Promise.all([getTaxSettings(db), listTaxRates(db), taxClassesOf(db, input.productIds)]);
  const year = parisYear(input.now);
  // The threshold only matters for a consumer in another member state: skip the sum otherwise.
  const needsTotal = destination.territory === "eu" && !input.business?.vat_number;
  const sold = needsTotal ? await euDistanceSalesCents(db, year) : 0;
  const opening = settings.opening_year === year ? settings.opening_distance_sales_cents : 0;
  const business = input.business;
  const buyer: TaxBuyer = business ? { kind: "business", vat_country: business.vat_number?.slice(0, 2) ?? null } : { kind: "consumer" };
  return { destination, buyer, business, settings, rates, day: parisDay(input.now), distanceSalesCents: sold + opening, classes };
}

function frenchRate(ctx: TaxContext, taxClass: TaxClass): number {
  const rate = rateOn(ctx.rates, "FR", taxClass, ctx.day);
  if (rate === null) throw new MissingRateError("FR", taxClass, ctx.day);
  return rate;
}

/**
 * The decisions for lines of these catalogue prices. The threshold is crossed by the sale that
 * goes over it: this order's goods, excluding VAT, count with the year's total (its delivery fee
 * depends on the prices being decided here, so it counts from the next order on).
 */
export function priceWithTax(ctx: TaxContext, lines: readonly PricedInput[]): TaxPricing {
  const classOf = (productId: string | null): TaxClass =>
    productId ? (ctx.classes.get(productId) ?? DEFAULT_TAX_CLASS) : DEFAULT_TAX_CLASS;
  const orderNet = lines.reduce((sum, l) => sum + htOf(l.unitCents, frenchRate(ctx, classOf(l.productId))) * l.quantity, 0);
  const overThreshold = ctx.distanceSalesCents + orderNet > EU_DISTANCE_SALES_THRESHOLD_CENTS;
  const decide = (kind: "goods" | "shipping", taxClass: TaxClass) =>
    decideTax({
      destination: ctx.destination,
      kind,
      taxClass,
      buyer: ctx.buyer,
      settings: ctx.settings,
      overThreshold,
      rates: ctx.rates,
      day: ctx.day,
    });
  const byClass = new Map<TaxClass, TaxDecision>();
  const goods = (productId: string | null) => {
    const taxClass = classOf(productId);
    let decision = byClass.get(taxClass);
    if (!decision) byClass.set(taxClass, (decision = decide("goods", taxClass)));
    return decision;
  };
  const shipping = decide("shipping", DEFAULT_TAX_CLASS);
  return {
    context: ctx,
    goods,
    shipping,
    unitCents: (productId, catalogUnitCents) => chargedUnitCents(catalogUnitCents, frenchRate(ctx, classOf(productId)), goods(productId)),
    feeCents: (catalogFeeCents) => chargedUnitCents(catalogFeeCents, frenchRate(ctx, DEFAULT_TAX_CLASS), shipping),
  };
}

/** What the order keeps of its VAT. */
export function orderTaxOf(pricing: TaxPricing): OrderTax {
  const goods = pricing.goods(null);
  const { context: ctx, shipping } = pricing;
  return {
    version: 1,
    destination: ctx.destination,
    regime: goods.regime,
    vat_country: goods.vat_country,
    shipping: { regime: shipping.regime, rate_percent: shipping.rate_percent ?? 0, category: shipping.category },
    ddp: ctx.settings.ddp,
    business: ctx.business,
  };
}

/** The columns an order line keeps of its VAT. */
export function lineTaxOf(pricing: TaxPricing, productId: string | null): LineTax {
  const decision = pricing.goods(productId);
  return { regime: decision.regime, rate_bp: decision.rate_percent === null ? null : toBasisPoints(decision.rate_percent) };
}

/**
 * The quote's VAT, for the summary: which sentence it shows and how much VAT the total includes,
 * worked out the way the invoice will (same lines, same discounts).
 */
export function checkoutTaxOf(
  pricing: TaxPricing,
  lines: readonly { productId: string | null; unitCents: number; quantity: number }[],
  shippingCents: number,
  discounts: { points: number; promo: number },
  /** Gift wrap (decision 068): its own line, at the delivery fee's VAT, as the invoice prints it. */
  giftWrapCents = 0,
): CheckoutTaxQuote {
  const goods = pricing.goods(null);
  const taxable: TaxableLine[] = lines.map((l) => ({
    kind: "product",
    designation: "",
    orderItemId: null,
    quantity: l.quantity,
    unitTtcCents: l.unitCents,
    totalTtcCents: l.unitCents * l.quantity,
    vatRate: pricing.goods(l.productId).rate_percent,
    discountable: true,
  }));
  if (shippingCents > 0) {
    taxable.push({
      kind: "shipping",
      designation: "",
      orderItemId: null,
      quantity: 1,
      unitTtcCents: shippingCents,
      totalTtcCents: shippingCents,
      vatRate: pricing.shipping.rate_percent,
      discountable: false,
    });
  }
  if (giftWrapCents > 0) {
    taxable.push({
      kind: "gift_wrap",
      designation: "",
      orderItemId: null,
      quantity: 1,
      unitTtcCents: giftWrapCents,
      totalTtcCents: giftWrapCents,
      vatRate: pricing.shipping.rate_percent,
      discountable: false,
    });
  }
  const computed = computeInvoiceDocument(taxable, [
    { designation: "points", amount_cents: discounts.points },
    { designation: "promo", amount_cents: discounts.promo },
  ]);
  const notice = taxNoticeOf(goods.regime, pricing.context.settings.ddp);
  return {
    regime: goods.regime,
    prices_include_french_vat: goods.vat_country === "FR",
    vat_country: goods.vat_country,
    notice,
    vat_cents: computed.totals.vat_cents,
  };
}
