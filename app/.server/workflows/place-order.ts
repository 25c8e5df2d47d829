/**
 * Checkout: the quote shown before paying, and placing the order.
 *
 * Placing an order is one workflow and one database transaction (decision 005): prices are read
 * from the database (never from the client), stock is decremented with a conditional UPDATE per
 * variant (`stock_quantity >= n`, rows taken in variant-id order so concurrent orders cannot
 * deadlock), points are debited the same way, and the order, its items (with a product
 * snapshot), the stock movements, the status history and the confirmation e-mail (outbox) are
 * written before the shopper's server cart is emptied. Any failure rolls all of it back, so two
 * shoppers can never both buy the last item.
 *
 * The card is charged just before the transaction, through a durable payment attempt (decision
 * 021): recorded `pending` before the provider is called, `charged` once it answers, and linked
 * to the order inside the transaction. If the transaction fails the charge is refunded here; if
 * the process dies first, the reconciliation job refunds it. An Idempotency-Key per attempt makes
 * a double click or a retried request return the first order instead of creating a second one,
 * and never charge the card twice.
 */
import { and, eq } from "drizzle-orm";
import { enqueueWebhookEvent } from "~/.server/modules/webhooks/webhooks.service";
import { orderWebhookResource } from "~/.server/modules/webhooks/webhook-resources";
import type { Database, Executor } from "~/.server/db/client";
import { orders, userProfiles, type OrderAddress } from "~/.server/db/schema";
import { enqueueMail, kickOutbox } from "~/.server/outbox/outbox.service";
import { mailWording, renderMail, type MailWording } from "~/.server/mail/templates";
import { orderPath } from "~/.server/mail/templates/layout";
import { fillEmptyProfilePhone } from "~/.server/modules/accounts/profile.service";
import {
  emptyCart,
  getCart,
  quoteVariants,
  resolveLines,
  resolveLinesCountingMisses,
  type ResolvedLine,
} from "~/.server/modules/cart/cart.service";
import { lineName } from "~/domain/cart/line-name";
import { quoteGiftCardLines, quoteGiftCardPayments } from "~/.server/modules/gift-cards/gift-card-checkout.service";
import {
  giftCardConfirmationLines,
  GIFT_CARD_REDEMPTION_MESSAGES,
  issueGiftCards,
  spendGiftCards,
  type GiftCardAllocation,
} from "~/.server/modules/gift-cards/gift-cards.service";
import type { GiftCardConfig } from "~/domain/gift-cards/gift-card.rules";
import { useLoyaltyPoints } from "~/.server/modules/loyalty/loyalty.service";
import { INSUFFICIENT_POINTS_MESSAGE } from "~/domain/loyalty/loyalty.rules";
import { issueOrderInvoice } from "./invoices";
import {
  insufficientStockMessage,
  insufficientStockProblem,
  recordTakenStock,
  takeStock,
  type TakenStock,
} from "~/.server/modules/inventory/inventory.service";
import { bundleSnapshotOf } from "~/domain/catalog/bundles";
import {
  addOrderItems,
  appendOrderStatus,
  createOrder,
  type NewOrderItem,
  type OrderRowValues,
} from "~/.server/modules/orders/orders.service";
import { chargeableCardOf, savePaymentMethodFromCharge } from "~/.server/modules/payment-methods/payment-methods.service";
import { createPaymentSchedule } from "~/.server/modules/payment-schedules/payment-schedules.service";
import {
  CARD_EXPIRES_BEFORE_LAST_INSTALMENT_MESSAGE,
  cardCoversSchedule,
  INSTALMENTS_NOT_ALLOWED_MESSAGE,
  instalmentsAllowed,
  instalmentSchedule,
  PAYMENT_STATUS_INSTALMENTS,
} from "~/domain/payments/instalments";
import { formatShortDate } from "~/lib/paris-time";
import { orderViews } from "./order-views";
import { checkPromoCode, claimPromoCode, recordPromoRedemption } from "~/.server/modules/promotions/promo-codes.service";
import type { CheckoutLineQuote, CheckoutQuote } from "~/domain/checkout/checkout-quote.types";
import type { AppliedPromo } from "~/domain/promotions/promotion.types";
import {
  getPaymentProvider,
  type AuthenticationResult,
  type ChargeResult,
  type PaymentProvider,
  type PaymentSource,
  WRONG_CVC_MESSAGE,
} from "~/.server/modules/payments/payment-provider";
import { savedCardProviderOf, type SavedCardProvider } from "~/domain/payments/payment-provider";
import { firstNameOfUser, mailLanguageOf } from "~/.server/db/recipients";
import {
  beginPaymentAttempt,
  findAttemptByAuthentication,
  linkPaymentAttempt,
  markAttemptCharged,
  markAttemptFailed,
  markAttemptRequiresAction,
  waitingAuthenticationOf,
  refundOrphanCharge,
  refundPaymentAttempt,
  type BeginAttemptResult,
} from "~/.server/modules/payments/payment-attempts.service";
import { listDeliveryMethods } from "~/.server/modules/delivery/delivery-methods.service";
import { findRelayPoint, pointServes } from "~/.server/modules/delivery/relay-search.service";
import { deliveryPerksOf } from "~/.server/modules/orders/orders.service";
import { lockPointsBalance } from "~/.server/modules/loyalty/loyalty.service";
import {
  DEFAULT_DELIVERY_METHODS,
  DELIVERY_METHOD_NOT_OFFERED_MESSAGE,
  RELAY_POINT_REQUIRED_MESSAGE,
  RELAY_POINT_TOO_FAR_MESSAGE,
  RELAY_POINT_UNKNOWN_MESSAGE,
  deliveryOptionsFor,
  quoteDeliveryOption,
  type DeliveryMethod,
  type DeliveryMethodCode,
  type DeliveryOption,
  type DeliveryPerks,
} from "~/domain/delivery/delivery-methods";
import type { RelayPoint } from "~/domain/delivery/relay-points";
import { formatDeliveryDate } from "~/domain/delivery/delivery-dates";
import { DomainError, isDomainError, type DomainErrorKind } from "~/domain/errors";
import { stockProblemMessage, type StockProblem } from "~/domain/checkout/stock-problem";
import {
  MAX_LINE_QUANTITY_MESSAGE,
  maxRedeemablePoints,
  parseExpiry,
  PlaceOrderSchema,
  type OrderLine,
  type PlaceOrderRequest,
} from "~/domain/checkout/checkout.schema";
import { SHIPPING_ZONES, shippingNotices, shippingZoneOf, type ShippingQuote, type ShippingZone } from "~/domain/checkout/shipping.rules";
import type { OrderView } from "~/domain/orders/order.types";
import { isUuid } from "~/lib/uuid";
import { resolveDeliveryAddress as resolveAddress } from "~/.server/modules/addresses/addresses.service";
import { BEAUTY_PASS_REDEEM_STEP_CENTS, BEAUTY_PASS_REDEEM_STEP_POINTS, CART_MAX_LINE_QUANTITY } from "~/lib/shop-rules";
import { log } from "../logger";
import type { BusinessBuyer } from "~/domain/tax/order-tax";
import { checkoutTaxOf, lineTaxOf, orderTaxOf, prepareTax, priceWithTax, type TaxContext, type TaxPricing } from "./order-tax";
import { countOrderPlaced, countOrderRefused, countPayment } from "../metrics";
import { giftOrderColumns, quoteGift } from "./order-gift";
import { NO_GIFT_OPTIONS, type GiftOptions } from "~/domain/checkout/gift-options";
import * as CHECKOUT_MESSAGES from "~/domain/messages/checkout";
import { checkOrderSamples, reserveSamplesForOrder } from "./order-samples";

/* -------------------------------------------------------------------------------------------- */
/* Quote                                                                                          */
/* -------------------------------------------------------------------------------------------- */

export const EMPTY_CART_MESSAGE = "Votre panier est vide";
export const INVALID_ITEM_MESSAGE = CHECKOUT_MESSAGES.invalidItemCart;
export const INVALID_ADDRESS_MESSAGE = CHECKOUT_MESSAGES.selectValidDeliveryAddress;
export const PRICE_CHANGED_MESSAGE =
  "Le prix de certains articles a changé depuis l'affichage de votre panier. Veuillez vérifier le récapitulatif et réessayer.";

/** 100 points = 10 €: the discount of a number of points (a multiple of 100). */
export function pointsDiscountCents(points: number): number {
  return (points / BEAUTY_PASS_REDEEM_STEP_POINTS) * BEAUTY_PASS_REDEEM_STEP_CENTS;
}

/** The shopper's server-side cart, which follows them across devices (docs/decisions/006-cart-favourites-addresses.md); empty once expired. */
async function serverCartLines(db: Executor, userId: string, now: Date): Promise<OrderLine[]> {
  const cart = await getCart(db, userId, { now });
  return cart.items.map((item) => ({ product_id: item.product_id, variant_id: item.variant_id, quantity: item.quantity }));
}

async function pointsBalance(db: Executor, userId: string): Promise<number> {
  const [row] = await db.select({ points: userProfiles.loyaltyPoints }).from(userProfiles).where(eq(userProfiles.id, userId));
  return row?.points ?? 0;
}

/**
 * What the order would cost now: current prices and stock, the delivery fee of the chosen
 * address's zone and the points discount. Read-only; the checkout page shows it.
 */
export async function quoteCheckout(
  db: Executor,
  input: {
    userId: string;
    lines?: readonly OrderLine[];
    addressId?: string | null;
    pointsToUse?: number;
    promoCode?: string | null;
    now?: Date;
    giftCards?: readonly GiftCardConfig[];
    giftCardCodes?: readonly string[];
    deliveryMethod?: DeliveryMethodCode;
    relayPointId?: string | null;
    /** A business invoice asked for (decision 063): a valid EU VAT number may make it reverse-charged. */
    business?: BusinessBuyer | null;
    /** Gift wrap asked for (decision 068); the message and hidden prices change no figure. */
    giftWrap?: boolean;
  },
): Promise<CheckoutQuote> {
  const now = input.now ?? new Date();
  const requested = (input.lines ?? (await serverCartLines(db, input.userId, now))).filter(
    (l) => Number.isInteger(l.quantity) && l.quantity > 0,
  );
  // Same variant twice: one line with the summed quantity; a foreign variant or a missing choice is refused.
  const wanted = await resolveLines(db, requested);
  let zone: ShippingZone | null = null;
  let address: OrderAddress | null = null;
  if (input.addressId && isUuid(input.addressId)) {
    const resolved = await resolveAddress(db, input.userId, input.addressId);
    if (resolved.ok) ({ shippingZone: zone, address } = resolved.value);
  }
  const extras = {
    promoCode: input.promoCode ?? null,
    cards: input.giftCards ?? [],
    codes: input.giftCardCodes ?? [],
    now,
    gift: { ...NO_GIFT_OPTIONS, wrap: input.giftWrap ?? false },
  };
  const delivery = await prepareDelivery(
    db,
    { method: input.deliveryMethod ?? "standard", relayPointId: input.relayPointId ?? null },
    address,
  );
  const tax = zone
    ? await prepareTax(db, { address, business: input.business ?? null, productIds: wanted.map((l) => l.product_id), now })
    : null;
  const {
    giftCardAllocations: _internal,
    pricing: _pricing,
    ...quote
  } = await priceLines(db, input.userId, wanted, zone, input.pointsToUse ?? 0, delivery, extras, tax);
  return quote;
}

/** The delivery the shopper asked for: a method and, for the relay method, a relay point id. */
type DeliveryChoice = { method: DeliveryMethodCode; relayPointId: string | null };

/** The methods table read once per quote or order, and the relay point checked against the address. */
type PreparedDelivery = { methods: DeliveryMethod[]; choice: DeliveryChoice; relayPoint: RelayPoint | null; relayError: string | null };

/**
 * Reads the methods and checks the relay point: its carrier must know it, and the relay method
 * must deliver to it for the address's zone (the search offers only such points, decision 062).
 * A carrier that does not answer refuses the relay method only.
 */
async function prepareDelivery(db: Executor, choice: DeliveryChoice, address: OrderAddress | null): Promise<PreparedDelivery> {
  const methods = await listDeliveryMethods(db);
  let relayPoint: RelayPoint | null = null;
  let relayError: string | null = null;
  const relayMethod = methods.find((m) => m.code === "relay");
  if (choice.method === "relay" && relayMethod) {
    if (!choice.relayPointId) relayError = RELAY_POINT_REQUIRED_MESSAGE;
    else {
      try {
        const point = await findRelayPoint(relayMethod, choice.relayPointId);
        const zone = address ? shippingZoneOf(address.country, address.postal_code) : null;
        if (!point) relayError = RELAY_POINT_UNKNOWN_MESSAGE;
        else if (address && (zone === null || !pointServes(relayMethod, point, zone))) relayError = RELAY_POINT_TOO_FAR_MESSAGE;
        else relayPoint = point;
      } catch (error) {
        if (!isDomainError(error)) throw error;
        relayError = error.message;
      }
    }
  }
  return { methods, choice, relayPoint, relayError };
}

type ChosenDelivery = { options: DeliveryOption[]; chosen: DeliveryOption | null; shipping: ShippingQuote | null; error: string | null };

/**
 * The methods offered to the zone and the one chosen, priced. A physical gift card alone
 * travels free by the standard method (its 5 € fee is on its line).
 */
function chooseDelivery(
  zone: ShippingZone | null,
  hasProducts: boolean,
  merchandiseCents: number,
  prepared: PreparedDelivery,
  perks: DeliveryPerks | null,
  now: Date,
): ChosenDelivery {
  if (!zone) return { options: [], chosen: null, shipping: null, error: null };
  if (!hasProducts) {
    const standard = prepared.methods.find((m) => m.code === "standard") ?? DEFAULT_DELIVERY_METHODS[0];
    const option = { ...quoteDeliveryOption(standard, zone, merchandiseCents, { now, perks: null }), fee_cents: 0 };
    return { options: [option], chosen: option, shipping: shippingQuoteOf(zone, option), error: null };
  }
  const options = deliveryOptionsFor(prepared.methods, zone, merchandiseCents, { now, perks });
  const chosen = options.find((o) => o.code === prepared.choice.method) ?? null;
  if (!chosen) return { options, chosen: null, shipping: null, error: DELIVERY_METHOD_NOT_OFFERED_MESSAGE };
  return { options, chosen, shipping: shippingQuoteOf(zone, chosen), error: chosen.needs_relay_point ? prepared.relayError : null };
}

function shippingQuoteOf(zone: ShippingZone, option: DeliveryOption): ShippingQuote {
  return {
    zone,
    zoneLabel: SHIPPING_ZONES[zone].label,
    feeCents: option.fee_cents,
    method: option.fee_cents === 0 ? "free_shipping" : "standard",
    freeThresholdCents: option.free_threshold_cents,
  };
}

/** What a quote adds to the lines: the promo code typed, gift cards bought and spent. */
type QuoteExtras = {
  promoCode: string | null;
  cards: readonly GiftCardConfig[];
  codes: readonly string[];
  now: Date;
  /** Gift options (decision 068). */
  gift?: GiftOptions;
};

/** The quote of merged, well-formed lines for a known delivery zone (null: none chosen yet). */
async function priceLines(
  db: Executor,
  userId: string,
  wanted: readonly ResolvedLine[],
  zone: ShippingZone | null,
  pointsToUse: number,
  delivery: PreparedDelivery,
  extras: QuoteExtras,
  tax: TaxContext | null,
): Promise<CheckoutQuote & { giftCardAllocations: GiftCardAllocation[]; pricing: TaxPricing | null }> {
  const stockProblems: StockProblem[] = [];
  // The same current price, stock and availability the cart drawer shows, per variant.
  const byId = new Map(
    (
      await quoteVariants(
        db,
        wanted.map((l) => l.variant_id),
      )
    ).map((q) => [q.variant_id, q]),
  );
  // The VAT of the destination (decision 063): the catalogue's prices turned into what is charged.
  const pricing = tax
    ? priceWithTax(
        tax,
        wanted.flatMap((l) => {
          const p = byId.get(l.variant_id);
          return p ? [{ productId: p.product_id, unitCents: p.price_cents, quantity: Math.min(l.quantity, CART_MAX_LINE_QUANTITY) }] : [];
        }),
      )
    : null;
  const lines: CheckoutLineQuote[] = [];
  for (const l of wanted) {
    const p = byId.get(l.variant_id);
    if (!p) {
      stockProblems.push({ code: "item_unavailable" });
      continue;
    }
    const quantity = Math.min(l.quantity, CART_MAX_LINE_QUANTITY);
    const name = lineName(p.name, p.variant_label);
    const unit = charged(pricing, p.product_id, p.price_cents);
    if (!p.available) stockProblems.push({ code: "sold_out", name });
    else if (quantity > p.stock_quantity) stockProblems.push({ code: "insufficient", name, available: p.stock_quantity });
    lines.push({
      product_id: p.product_id,
      variant_id: p.variant_id,
      variant_label: p.variant_label,
      sku: p.sku,
      name: p.name,
      brand: p.brand,
      image_url: p.image_url,
      category_name: p.category_name,
      unit_price_cents: unit,
      quantity,
      line_total_cents: unit * quantity,
      stock_quantity: p.stock_quantity,
      available: p.available,
    });
  }
  const merchandise = lines.reduce((sum, l) => sum + l.line_total_cents, 0);
  // Gift cards bought: in the subtotal, not in the delivery threshold nor payable by points.
  const giftLines = quoteGiftCardLines(extras.cards);
  const subtotal = merchandise + giftLines.totalCents;
  const needsAddress = lines.length > 0 || giftLines.hasPhysical;
  const balance = await pointsBalance(db, userId);
  const perks = zone && lines.length > 0 ? await deliveryPerksOf(db, userId, balance, extras.now) : null;
  const chosen = needsAddress
    ? taxedDelivery(pricing, chooseDelivery(zone, lines.length > 0, merchandise, delivery, perks, extras.now))
    : { options: [], chosen: null, shipping: null, error: null };
  const shipping = chosen.shipping;
  const maxPoints = maxRedeemablePoints(balance, merchandise, BEAUTY_PASS_REDEEM_STEP_POINTS, BEAUTY_PASS_REDEEM_STEP_CENTS);
  const requested = Math.max(0, Math.floor(pointsToUse / BEAUTY_PASS_REDEEM_STEP_POINTS) * BEAUTY_PASS_REDEEM_STEP_POINTS);
  const points = Math.min(requested, maxPoints);
  const discount = pointsDiscountCents(points);
  // Promo code (docs/decisions/016-promo-codes.md): on the merchandise lines only; its minimum counts merchandise only.
  const promoCheck = extras.promoCode
    ? await checkPromoCode(db, { code: extras.promoCode, userId, lines, subtotalCents: merchandise, pointsUsed: points, now: extras.now })
    : null;
  const promo = promoCheck?.ok ? promoCheck.promo : null;
  const promoDiscount = promo?.discount_cents ?? 0;
  // Gift wrap (decision 068): charged like the delivery fee, never payable by points nor lowered by a promo code.
  const gift = await quoteGift(db, { options: extras.gift, pointsBalance: balance, pricing, ships: lines.length > 0 });
  const total = subtotal - discount - promoDiscount + (shipping?.feeCents ?? 0) + gift.wrap_cents;
  // Gift card codes pay what they can of the total, never the gift-card lines.
  const paid = await quoteGiftCardPayments(db, {
    codes: extras.codes,
    totalCents: total,
    giftCardLinesCents: giftLines.totalCents,
    now: extras.now,
  });
  return {
    lines,
    problems: stockProblems.map(stockProblemMessage),
    stock_problems: stockProblems,
    subtotal_cents: subtotal,
    shipping,
    shipping_notices: shippingNotices(shipping?.zone ?? null, lines),
    delivery_options: chosen.options,
    delivery_method: delivery.choice.method,
    delivery: chosen.chosen,
    relay_point: chosen.chosen?.needs_relay_point ? delivery.relayPoint : null,
    delivery_error: chosen.error,
    points_balance: balance,
    max_redeemable_points: maxPoints,
    points_to_use: points,
    discount_cents: discount,
    promo,
    promo_error: promoCheck && !promoCheck.ok ? promoCheck.message : null,
    promo_discount_cents: promoDiscount,
    total_cents: total,
    needs_address: needsAddress,
    card_cents: total - paid.totalCents,
    gift_card_lines: giftLines.lines,
    gift_card_lines_cents: giftLines.totalCents,
    has_physical_gift_card: giftLines.hasPhysical,
    gift_card_payments: paid.payments,
    gift_card_refusals: paid.refusals,
    gift_card_cents: paid.totalCents,
    giftCardAllocations: paid.allocations,
    tax: pricing
      ? checkoutTaxOf(
          pricing,
          lines.map((l) => ({ productId: l.product_id, unitCents: l.unit_price_cents, quantity: l.quantity })),
          (shipping?.feeCents ?? 0) + giftLines.lines.reduce((sum, l) => sum + l.fee_cents, 0),
          { points: discount, promo: promoDiscount },
          gift.wrap_cents,
        )
      : null,
    gift,
    pricing,
  };
}

/** A line's charged unit price: the catalogue's under French VAT, otherwise the destination's (decision 063). */
function charged(pricing: TaxPricing | null, productId: string | null, catalogUnitCents: number): number {
  return pricing ? pricing.unitCents(productId, catalogUnitCents) : catalogUnitCents;
}

/** The delivery fees as charged to the destination: without French VAT outside its territory. */
function taxedDelivery(pricing: TaxPricing | null, chosen: ChosenDelivery): ChosenDelivery {
  if (!pricing) return chosen;
  const fee = <T extends { fee_cents: number; base_fee_cents: number }>(o: T): T => ({
    ...o,
    fee_cents: pricing.feeCents(o.fee_cents),
    base_fee_cents: pricing.feeCents(o.base_fee_cents),
  });
  return {
    ...chosen,
    options: chosen.options.map(fee),
    chosen: chosen.chosen ? fee(chosen.chosen) : null,
    shipping: chosen.shipping ? { ...chosen.shipping, feeCents: pricing.feeCents(chosen.shipping.feeCents) } : null,
  };
}

/** The order of e-mail gift cards alone keeps the buyer's name and phone in place of an address. */
function contactAsAddress(contact: PlaceOrderRequest["contact"]): OrderAddress {
  return { first_name: contact.name, last_name: "", street: "", city: "", postal_code: "", country: "", phone: contact.phone };
}

/* -------------------------------------------------------------------------------------------- */
/* Place the order                                                                                */
/* -------------------------------------------------------------------------------------------- */

/**
 * The order placed (201) or found again by its Idempotency-Key (200). Refusals are thrown as
 * DomainError with the API's stable codes: a refusal inside the transaction rolls it back.
 */
export type PlacedOrder = { order: OrderView; replayed: boolean };

/** What placeOrder needs: who orders, the attempt's key, the validated request and the provider. */
export type PlaceOrderCommand = {
  userId: string;
  idempotencyKey: string;
  request: PlaceOrderRequest;
  provider?: PaymentProvider;
  now?: Date;
  /**
   * Tests only: called right after the provider charged (`charged_at_provider`) and after the
   * attempt was marked charged (`attempt_charged`), outside any compensation, so a throw here
   * behaves like the process dying between the charge and the order's commit.
   */
  testHooks?: { afterCharge?: (stage: "charged_at_provider" | "attempt_charged") => void | Promise<void> };
};

/** A refusal of the order; its field also goes in the API's `details` as `{ field }`, as it always did. */
function refused(kind: DomainErrorKind, code: string, message: string, field?: string): DomainError {
  return new DomainError(kind, code, message, field ? { field, details: { field } } : {});
}

const POINTS_EXCEED_TOTAL_MESSAGE = "Les points utilisés ne peuvent pas dépasser le montant de vos articles";
const ORDER_FAILED_MESSAGE = "Erreur de création de commande: veuillez réessayer dans un instant.";

async function findByIdempotencyKey(db: Executor, userId: string, key: string): Promise<OrderView | null> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)));
  return (await orderViews(db, rows))[0] ?? null;
}

async function findOrder(db: Executor, orderId: string): Promise<OrderView> {
  const rows = await db.select().from(orders).where(eq(orders.id, orderId));
  const [view] = await orderViews(db, rows);
  if (!view) throw new Error(`order ${orderId} vanished`);
  return view;
}

export const CARD_REQUIRED_MESSAGE = "Veuillez saisir les informations de votre carte bancaire";
export const ORDER_IN_PROGRESS_MESSAGE =
  "Cette commande est déjà en cours de traitement. Patientez un instant puis consultez Mes Commandes avant de réessayer.";
export const PAYMENT_UNAVAILABLE_MESSAGE =
  "Le service de paiement ne répond pas. Si votre carte a été débitée sans commande, elle sera remboursée automatiquement. Veuillez réessayer dans un instant.";
export const PAYMENT_EXPIRED_MESSAGE = "Le paiement n'a pas pu être confirmé à temps : vous ne serez pas débité. Veuillez réessayer.";

/** A request with the key of one still paying waits this long for it before answering "en cours". */
const IN_FLIGHT_WAIT_MS = 15_000;
const IN_FLIGHT_POLL_MS = 100;

/** The attempt of this key, waiting a little while another request with the same key is paying. */
async function beginOrAwaitAttempt(db: Database, args: Parameters<typeof beginPaymentAttempt>[1]): Promise<BeginAttemptResult> {
  const deadline = Date.now() + IN_FLIGHT_WAIT_MS;
  for (;;) {
    const begun = await beginPaymentAttempt(db, args);
    // Waiting for the shopper at the bank is not "in flight": answered at once.
    if (begun.kind !== "busy" || begun.status === "requires_action" || Date.now() >= deadline) return begun;
    await new Promise((resolve) => setTimeout(resolve, IN_FLIGHT_POLL_MS));
  }
}

/** What the checks before payment settle: the lines, where to, and the quote agreed to. */
type CheckedOrder = {
  lines: ResolvedLine[];
  address: OrderAddress;
  shippingZone: ShippingZone | null;
  delivery: PreparedDelivery;
  quote: Awaited<ReturnType<typeof priceLines>>;
  /** The VAT context the quote was priced under (null: nothing shipped, French VAT). */
  tax: TaxContext | null;
  /** Billed elsewhere than delivered (null: the delivery address, or the contact). */
  billingAddress: OrderAddress | null;
};

/** The card's charge, linked to the order inside the transaction. */
type Charge = {
  paymentId: string;
  brand: string;
  lastFour: string;
  attemptId: string;
  saveCard: SavedCard | null;
  /** Paid in 3: the card's token the later instalments are charged with (decision 035). */
  scheduleToken: string | null;
};

/** What the card is charged now: the whole card amount, or the first instalment when paid in 3. */
function amountChargedNow(request: PlaceOrderRequest, cardCents: number, now: Date): number {
  return request.instalments === 3 ? instalmentSchedule(cardCents, now)[0].amount_cents : cardCents;
}

export function placeOrder(db: Database, input: PlaceOrderCommand): Promise<PlacedOrder> {
  return counted(placeOrderSteps(db, input));
}

/**
 * Orders placed and refused, by the refusal's code, for /metrics. A replayed request is not a
 * second order, and a 402 asking for 3-D Secure is not a refusal: the order comes (or is refused)
 * when the shopper answers the bank (completeOrderAuthentication, counted the same way).
 */
async function counted(attempt: Promise<PlacedOrder>): Promise<PlacedOrder> {
  try {
    const placed = await attempt;
    if (!placed.replayed) countOrderPlaced();
    return placed;
  } catch (error) {
    const reason = isDomainError(error) ? error.code : "order_failed";
    if (reason !== "authentication_required") countOrderRefused(reason);
    throw error;
  }
}

async function placeOrderSteps(db: Database, input: PlaceOrderCommand): Promise<PlacedOrder> {
  const { userId, idempotencyKey } = input;
  const now = input.now ?? new Date();
  const provider = input.provider ?? getPaymentProvider(db);

  // 1. The same attempt again (double click, retried request): the first order, not a second.
  const existing = await findByIdempotencyKey(db, userId, idempotencyKey);
  if (existing) return { order: existing, replayed: true };

  const checked = await checkOrder(db, input, now);
  // Free samples, checked once before paying; after 3-D Secure one run out is just not added (decision 067).
  await checkOrderSamples(db, userId, input.request.sample_ids);
  const payment = await chargeCard(db, provider, input, amountChargedNow(input.request, checked.quote.card_cents, now), now);
  if (payment.kind === "replay") return { order: await findOrder(db, payment.orderId), replayed: true };
  return commitOrder(db, { ...input, now, provider, checked, charge: payment.charge });
}

/** Steps 6 to 12 in one transaction; the charge goes back when no order comes of it. */
async function commitOrder(db: Database, input: WriteOrderInput): Promise<PlacedOrder> {
  const { charge, provider } = input;
  const replay = { orderId: null as string | null };
  let orderId: string;
  try {
    orderId = await db.transaction(async (tx) => {
      const written = await writeOrder(tx, input);
      if (written.kind === "replay") {
        replay.orderId = written.orderId;
        tx.rollback();
      }
      return written.orderId;
    });
  } catch (error) {
    if (charge) {
      // No order: the charge goes back now (or, if the provider fails, by the reconciliation job).
      const reason = isDomainError(error) ? `order refused: ${error.code}` : "order transaction failed";
      await refundPaymentAttempt(db, provider, charge.attemptId, reason).catch((e) => log.error({ err: e }, "place-order: refund failed"));
    }
    // A concurrent request with the same Idempotency-Key created the order first.
    if (replay.orderId) return { order: await findOrder(db, replay.orderId), replayed: true };
    if (isDomainError(error)) throw error;
    log.error({ err: error }, "place-order: failed");
    throw refused("failed", "order_failed", ORDER_FAILED_MESSAGE);
  }
  kickOutbox();
  return { order: await committedOrder(db, orderId), replayed: false };
}

/**
 * The order just committed, read back. Past the commit nothing may say the order failed: the
 * read is tried again (a pool briefly out of connections under load), and if it still fails the
 * shopper is told the order exists. The same Idempotency-Key sent again answers the order.
 */
async function committedOrder(db: Database, orderId: string): Promise<OrderView> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await findOrder(db, orderId);
    } catch (error) {
      log.warn({ err: error, orderId, attempt }, "place-order: reading the committed order failed");
      if (attempt >= 3) throw refused("unavailable", "order_saved_unconfirmed", CHECKOUT_MESSAGES.orderSavedUnconfirmed);
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

export const AUTHENTICATION_REQUIRED_MESSAGE =
  "Votre banque demande de confirmer ce paiement (3-D Secure). Validez-le dans la fenêtre de votre banque.";
export const AUTHENTICATION_NOT_FOUND_MESSAGE = "Authentification de paiement introuvable.";
export const AUTHENTICATION_COMPLETED_MESSAGE =
  "Cette authentification a déjà été traitée : le paiement n'est pas repris une seconde fois.";

/**
 * The 402 answer asking the shopper to authenticate; the API adds `next_action` from its details.
 * `client_secret` is what the provider's script needs to show the bank's dialog (Stripe.js
 * `handleNextAction`): sent to this shopper's browser only, never stored by the shop.
 */
function authenticationRequired(authenticationId: string, clientSecret?: string | null): DomainError {
  return new DomainError("payment_declined", "authentication_required", AUTHENTICATION_REQUIRED_MESSAGE, {
    details: {
      next_action: { type: "authenticate", authentication_id: authenticationId, ...(clientSecret ? { client_secret: clientSecret } : {}) },
    },
  });
}

/** The same challenge again (the order submitted again while it waits): its secret asked of the provider. */
async function authenticationAgain(provider: PaymentProvider, authenticationId: string): Promise<DomainError> {
  const secret = provider.authenticationSecretOf ? await provider.authenticationSecretOf(authenticationId) : null;
  return authenticationRequired(authenticationId, secret);
}

/** What an attempt waiting for authentication keeps to finish the order: no card number, no CVC. */
type ResumeRequest = { request: PlaceOrderRequest; save_card: SavedCard | null; schedule_token: string | null };

function resumeRequestOf(request: PlaceOrderRequest, choice: PaymentChoice): Record<string, unknown> {
  const kept: Partial<PlaceOrderRequest> = { ...request };
  delete kept.card;
  delete kept.cvc;
  return { request: kept, save_card: choice.saveCard, schedule_token: choice.scheduleToken };
}

function readResumeRequest(stored: Record<string, unknown> | null): ResumeRequest | null {
  if (!stored) return null;
  const parsed = PlaceOrderSchema.safeParse(stored.request);
  if (!parsed.success) return null;
  const saved = stored.save_card as SavedCard | null | undefined;
  const token = typeof stored.schedule_token === "string" ? stored.schedule_token : null;
  return { request: parsed.data, save_card: saved ?? null, schedule_token: token };
}

/**
 * The bank's page answered (POST /api/v1/payment-authentications/{id}): on success the order is
 * made from the request the attempt kept, with the charge the authentication made, in the same
 * single transaction as any order; on failure nothing is charged. Once: a second answer, or an
 * answer for another shopper's authentication, changes nothing.
 */
export function completeOrderAuthentication(
  db: Database,
  input: { userId: string; authenticationId: string; result: AuthenticationResult; provider?: PaymentProvider; now?: Date },
): Promise<PlacedOrder> {
  return counted(completeAuthenticationSteps(db, input));
}

async function completeAuthenticationSteps(
  db: Database,
  input: { userId: string; authenticationId: string; result: AuthenticationResult; provider?: PaymentProvider; now?: Date },
): Promise<PlacedOrder> {
  const now = input.now ?? new Date();
  const provider = input.provider ?? getPaymentProvider(db);
  const attempt = await findAttemptByAuthentication(db, input.authenticationId);
  if (!attempt || attempt.userId !== input.userId) {
    throw refused("not_found", "authentication_not_found", AUTHENTICATION_NOT_FOUND_MESSAGE);
  }
  // The provider's webhook may have settled the attempt (charged, or failed) before the browser
  // came back from the bank (decision 059): it keeps the request to resume, and the provider's own
  // answer below decides, as when the browser is first.
  const resumable =
    attempt.status === "requires_action" || ((attempt.status === "charged" || attempt.status === "failed") && attempt.resumeRequest);
  const resume = resumable ? readResumeRequest(attempt.resumeRequest) : null;
  if (!resume) throw refused("conflict", "authentication_completed", AUTHENTICATION_COMPLETED_MESSAGE);

  const outcome = await provider.completeAuthentication(input.authenticationId, input.result);
  if (outcome.status === "not_found" || outcome.status === "already_completed") {
    throw refused("conflict", "authentication_completed", AUTHENTICATION_COMPLETED_MESSAGE);
  }
  if (outcome.status === "failed") {
    countPayment("declined");
    await markAttemptFailed(db, attempt.id, "authentication failed");
    throw refused("payment_declined", "payment_declined", outcome.message, "card");
  }
  const paid = outcome.charge;
  countPayment("succeeded");
  if (!(await markAttemptCharged(db, attempt.id, paid.paymentId))) {
    // The same answer sent twice at once: the first made the order, this one answers with it.
    const linked = await findAttemptByAuthentication(db, input.authenticationId);
    if (linked?.status === "linked" && linked.orderId) return { order: await findOrder(db, linked.orderId), replayed: true };
    // The job gave the attempt up meanwhile (authentication too late): the money goes back.
    await refundOrphanCharge(provider, attempt, { paymentId: paid.paymentId, amountCents: attempt.amountCents }).catch((e) =>
      log.error({ err: e }, "place-order: refund of a late authentication failed"),
    );
    throw refused("conflict", "payment_expired", PAYMENT_EXPIRED_MESSAGE, "card");
  }
  const charge: Charge = {
    paymentId: paid.paymentId,
    brand: paid.brand,
    lastFour: paid.lastFour,
    attemptId: attempt.id,
    saveCard: resume.save_card,
    scheduleToken: resume.schedule_token,
  };
  const command: PlaceOrderCommand = {
    userId: input.userId,
    idempotencyKey: attempt.idempotencyKey,
    request: resume.request,
    provider,
    now,
  };
  let checked: CheckedOrder;
  try {
    // The checks again: stock or prices may have moved while the shopper was at the bank.
    checked = await checkOrder(db, command, now);
    if (amountChargedNow(command.request, checked.quote.card_cents, now) !== attempt.amountCents) {
      throw refused("conflict", "price_changed", PRICE_CHANGED_MESSAGE);
    }
  } catch (error) {
    await refundPaymentAttempt(
      db,
      provider,
      attempt.id,
      `order refused after authentication: ${isDomainError(error) ? error.code : "error"}`,
    ).catch((e) => log.error({ err: e }, "place-order: refund failed"));
    throw error;
  }
  return commitOrder(db, { ...command, now, provider, checked, charge });
}

/** Steps 2 to 4, before any payment: what is ordered, where to, and the quote the shopper agreed to. */
async function checkOrder(db: Database, { userId, request }: PlaceOrderCommand, now: Date): Promise<CheckedOrder> {
  // 2. What is ordered: the lines the page shows, or the cart kept on the server.
  // Each line resolved to its variant; lines naming one variant twice (by its id, or by its
  // one-variant product's id) are summed, and the per-line maximum and stock apply to the sum.
  // A foreign variant or a missing choice is refused.
  const requested = request.lines ?? (await serverCartLines(db, userId, now));
  const { lines, missing } = await resolveLinesCountingMisses(db, requested);
  // A line naming no existing variant or product: refused rather than silently dropped.
  if (missing > 0) {
    throw refused("invalid", "invalid_item", "Un article de votre panier n'est plus disponible. Veuillez le retirer de votre panier.");
  }
  const boughtCards = request.gift_cards;
  if (lines.length === 0 && boughtCards.length === 0) throw refused("invalid", "empty_cart", EMPTY_CART_MESSAGE);
  if (lines.some((l) => l.quantity > CART_MAX_LINE_QUANTITY)) {
    throw refused("invalid", "invalid_item", MAX_LINE_QUANTITY_MESSAGE);
  }

  // 3. Where to: one of the shopper's own complete addresses (none for e-mail gift cards alone).
  const needsAddress = lines.length > 0 || boughtCards.some((c) => c.deliveryMode === "physical");
  let address: OrderAddress = contactAsAddress(request.contact);
  let shippingZone: ShippingZone | null = null;
  if (needsAddress || request.address_id) {
    if (!request.address_id) throw refused("invalid", "invalid_address", INVALID_ADDRESS_MESSAGE, "address_id");
    const resolved = await resolveAddress(db, userId, request.address_id);
    if (!resolved.ok) throw refused("invalid", "invalid_address", resolved.message, "address_id");
    ({ address, shippingZone } = resolved.value);
  }

  // 4. The quote the shopper agreed to (prices read now, from the database). The delivery methods
  // are read once: the quote and the order below use the same prices and thresholds.
  const delivery = await prepareDelivery(
    db,
    { method: request.delivery_method, relayPointId: request.relay_point_id ?? null },
    shippingZone ? address : null,
  );
  const extras = { promoCode: request.promo_code ?? null, cards: boughtCards, codes: request.gift_card_codes, now, gift: request.gift };
  // The address billed, when it is not the delivery address (a company's registered office).
  let billingAddress: OrderAddress | null = null;
  if (request.billing_address_id) {
    const billed = await resolveAddress(db, userId, request.billing_address_id);
    if (!billed.ok) {
      // Not one of the shopper's addresses: said of the billing address; an incomplete one names its fields.
      const message = billed.message === INVALID_ADDRESS_MESSAGE ? CHECKOUT_MESSAGES.selectValidBillingAddress : billed.message;
      throw refused("invalid", "invalid_billing_address", message, "billing_address_id");
    }
    billingAddress = billed.value.address;
  }
  const business = request.business_invoice ?? null;
  const tax = shippingZone ? await prepareTax(db, { address, business, productIds: lines.map((l) => l.product_id), now }) : null;
  const quote = await priceLines(db, userId, lines, shippingZone, request.points_to_use, delivery, extras, tax);
  if (quote.delivery_error === DELIVERY_METHOD_NOT_OFFERED_MESSAGE) {
    throw refused("invalid", "delivery_method_not_offered", quote.delivery_error, "delivery_method");
  }
  if (quote.delivery_error) throw refused("invalid", "invalid_relay_point", quote.delivery_error, "relay_point_id");
  if (quote.lines.length < lines.length) throw refused("invalid", "invalid_item", quote.problems[0] ?? INVALID_ITEM_MESSAGE);
  if (quote.problems.length > 0) {
    throw new DomainError("conflict", "insufficient_stock", quote.problems[0]!, { details: { stock_problem: quote.stock_problems[0] } });
  }
  if (request.points_to_use > quote.points_balance) {
    throw refused("invalid", "insufficient_points", INSUFFICIENT_POINTS_MESSAGE, "points_to_use");
  }
  if (request.points_to_use > quote.max_redeemable_points) {
    throw refused("invalid", "points_exceed_total", POINTS_EXCEED_TOTAL_MESSAGE, "points_to_use");
  }
  if (quote.promo_error) throw refused("invalid", "promo_code_refused", quote.promo_error, "promo_code");
  if (quote.gift.error) throw refused("invalid", "gift_options_refused", quote.gift.error, "gift");
  // Gift card codes: every typed code must be usable; they pay gift_card_cents.
  const refusal = quote.gift_card_refusals[0];
  if (refusal) throw refused("invalid", "gift_card_refused", refusal.message, "gift_card_codes");
  // Paid in 3: from 50 € paid by card, before any card is tokenized or charged.
  if (request.instalments === 3 && !instalmentsAllowed(quote.card_cents)) {
    throw refused("invalid", "instalments_not_allowed", INSTALMENTS_NOT_ALLOWED_MESSAGE, "instalments");
  }
  return { lines, address, billingAddress, shippingZone, delivery, quote, tax };
}

/** A card to keep in the shopper's saved cards once the order commits: the provider's token and what we show. */
type SavedCard = { token: string; brand: string; lastFour: string; holder: string; expiry: { month: number; year: number } };

export const PAYMENT_CHOICE_MESSAGE = "Choisissez une carte enregistrée ou une nouvelle carte, pas les deux.";
export const CVC_REQUIRED_MESSAGE = "Saisissez le cryptogramme (3 ou 4 chiffres au dos) de votre carte enregistrée.";

/** How the order pays, and the token the later instalments use when it is paid in 3. */
type PaymentChoice = { source: PaymentSource; saveCard: SavedCard | null; scheduleToken: string | null };

/**
 * What pays: a saved card (its token and the CVC typed again), a new card tokenized first when
 * the shopper wants it kept or pays in 3 (the later instalments need a token: kept only on the
 * schedule when the card is not saved, decision 035), or a new card sent once to the provider.
 * Refusals before any attempt.
 */
async function choosePayment(
  db: Database,
  provider: PaymentProvider,
  userId: string,
  request: PlaceOrderRequest,
  now: Date,
): Promise<PaymentChoice> {
  const inThree = request.instalments === 3;
  const choices = [request.payment_method_id, request.card, request.provider_payment_method].filter((c) => c !== undefined);
  if (choices.length > 1) throw refused("invalid", "payment_choice", PAYMENT_CHOICE_MESSAGE, "card");
  // A provider with its own card form (Stripe) collects the CVC there: the shop never takes one.
  const cards = savedCardProviderOf(provider);
  if (request.payment_method_id) {
    if (cards && request.cvc) throw refused("invalid", "cvc_not_accepted", CHECKOUT_MESSAGES.savedCardCvcNotAccepted, "cvc");
    if (!cards && !request.cvc) throw refused("invalid", "cvc_required", CVC_REQUIRED_MESSAGE, "cvc");
    const saved = await chargeableCardOf(db, userId, request.payment_method_id, now);
    if (inThree && !cardCoversSchedule({ month: saved.expMonth, year: saved.expYear }, now)) {
      throw refused("invalid", "card_expires_before_schedule", CARD_EXPIRES_BEFORE_LAST_INSTALMENT_MESSAGE, "payment_method_id");
    }
    const source: PaymentSource = cards
      ? { type: "token", token: saved.token, present: true }
      : { type: "token", token: saved.token, cvc: request.cvc };
    return { source, saveCard: null, scheduleToken: inThree ? saved.token : null };
  }
  if (request.provider_payment_method) return choosePaymentMethod(cards, userId, request, now);
  const card = request.card;
  if (!card) throw refused("invalid", "card_required", CARD_REQUIRED_MESSAGE, "card");
  const expiry = parseExpiry(card.expiry);
  if (inThree && expiry && !cardCoversSchedule(expiry, now)) {
    throw refused("invalid", "card_expires_before_schedule", CARD_EXPIRES_BEFORE_LAST_INSTALMENT_MESSAGE, "card");
  }
  if ((request.save_card || inThree) && expiry) {
    const made = await provider.tokenize({ number: card.number, expiry, cvc: card.cvc, customerRef: userId });
    if (!made.ok) throw refused("invalid", "invalid_card", made.message, "card");
    return {
      source: { type: "token", token: made.token, cvc: card.cvc },
      saveCard: request.save_card ? { token: made.token, brand: made.brand, lastFour: made.lastFour, holder: card.holder, expiry } : null,
      scheduleToken: inThree ? made.token : null,
    };
  }
  return { source: { type: "card", card }, saveCard: null, scheduleToken: null };
}

/**
 * A card typed in the provider's own form (decision 059). Paid once, it is the browser's payment
 * method as it is. Kept (saved, or paying in 3), it first becomes the shopper's at the provider
 * (attached to their Customer), so the later instalments and the saved card can charge it, and
 * the first payment tells the bank it is kept.
 */
async function choosePaymentMethod(
  cards: SavedCardProvider | null,
  userId: string,
  request: PlaceOrderRequest,
  now: Date,
): Promise<PaymentChoice> {
  const id = request.provider_payment_method!;
  const field = "provider_payment_method";
  if (!cards) throw refused("invalid", "payment_method_unsupported", CHECKOUT_MESSAGES.providerPaymentMethodUnsupported, field);
  const inThree = request.instalments === 3;
  if (!request.save_card && !inThree) return { source: { type: "payment_method", id }, saveCard: null, scheduleToken: null };
  const customerId = await cards.ensureCustomer(userId, request.contact.email);
  const made = await cards.attachPaymentMethod(id, customerId);
  if (!made.ok) throw refused("invalid", "invalid_card", made.message, field);
  const expiry = { month: made.expMonth, year: made.expYear };
  if (inThree && !cardCoversSchedule(expiry, now)) {
    // Not kept after all: the card goes back to being nobody's.
    await releaseKeptCard(cards, made.token);
    throw refused("invalid", "card_expires_before_schedule", CARD_EXPIRES_BEFORE_LAST_INSTALMENT_MESSAGE, field);
  }
  return {
    source: { type: "token", token: made.token, present: true, keep: true },
    saveCard: request.save_card
      ? { token: made.token, brand: made.brand, lastFour: made.lastFour, holder: request.contact.name, expiry }
      : null,
    scheduleToken: inThree ? made.token : null,
  };
}

/**
 * 5. Payment, just before the transaction (decision 021). The attempt is written before the
 * provider is called and marked charged after, each committed on its own: whatever happens
 * next, the shop knows a charge may exist. Nothing to charge when gift cards pay it all.
 * When the bank asks for authentication (decision 034) the attempt waits in `requires_action`
 * and the shopper gets a 402 with the next action; completeOrderAuthentication resumes it.
 * (Attempt timestamps are wall-clock: the reconciliation's grace period counts real time.)
 */
async function chargeCard(
  db: Database,
  provider: PaymentProvider,
  { userId, idempotencyKey, request, testHooks }: PlaceOrderCommand,
  cardCents: number,
  now: Date,
): Promise<{ kind: "replay"; orderId: string } | { kind: "charged"; charge: Charge | null }> {
  if (cardCents <= 0) return { kind: "charged", charge: null };
  // The same order already waiting at the bank: its challenge again, before any new token is made.
  const waiting = await waitingAuthenticationOf(db, userId, idempotencyKey);
  if (waiting) throw await authenticationAgain(provider, waiting);
  const choice = await choosePayment(db, provider, userId, request, now);
  const begun = await beginOrAwaitAttempt(db, { userId, idempotencyKey, amountCents: cardCents, currency: "EUR", provider: provider.name });
  if (begun.kind === "linked") return { kind: "replay", orderId: begun.orderId };
  if (begun.kind === "busy") {
    // The same order is waiting at the bank: the same challenge again, not a second payment.
    if (begun.status === "requires_action" && begun.authenticationId) throw await authenticationAgain(provider, begun.authenticationId);
    throw refused("conflict", "order_in_progress", ORDER_IN_PROGRESS_MESSAGE);
  }
  const attempt = begun.attempt;
  let charged: ChargeResult;
  try {
    charged = await provider.charge({
      amountCents: cardCents,
      currency: "EUR",
      source: choice.source,
      customerRef: userId,
      idempotencyKey: attempt.providerKey,
      description: `Aurore, commande ${idempotencyKey.slice(0, 12)}`,
    });
  } catch (error) {
    // Outcome unknown (provider unreachable, timeout): the attempt stays pending and the
    // reconciliation job asks the provider, refunding a charge that went through.
    countPayment("failed");
    log.error({ err: error }, "place-order: charge failed");
    throw refused("unavailable", "payment_unavailable", PAYMENT_UNAVAILABLE_MESSAGE, "card");
  }
  countPayment(charged.ok ? "succeeded" : charged.code === "authentication_required" ? "authentication_required" : "declined");
  if (!charged.ok && charged.code === "authentication_required") {
    if (!(await markAttemptRequiresAction(db, attempt.id, charged.authenticationId, resumeRequestOf(request, choice)))) {
      throw refused("conflict", "payment_expired", PAYMENT_EXPIRED_MESSAGE, "card");
    }
    throw authenticationRequired(charged.authenticationId, charged.clientSecret);
  }
  if (!charged.ok) {
    await markAttemptFailed(db, attempt.id, charged.message);
    // A card attached for this order only (to keep it) is let go again: nothing keeps it now.
    if (choice.source.type === "token" && choice.source.keep) await releaseKeptCard(savedCardProviderOf(provider), choice.source.token);
    // A saved card's wrong CVC is about the CVC field; any other refusal about the card chosen.
    const field = request.payment_method_id
      ? charged.message === WRONG_CVC_MESSAGE
        ? "cvc"
        : "payment_method_id"
      : request.provider_payment_method
        ? "provider_payment_method"
        : "card";
    throw refused("payment_declined", "payment_declined", charged.message, field);
  }
  await testHooks?.afterCharge?.("charged_at_provider");
  if (!(await markAttemptCharged(db, attempt.id, charged.paymentId))) {
    // The charge took longer than the grace period and the job settled the attempt meanwhile:
    // the money goes back (same refund key as the job's, so once), and no order is made.
    await refundOrphanCharge(provider, attempt, { paymentId: charged.paymentId, amountCents: cardCents }).catch((e) =>
      log.error({ err: e }, "place-order: refund of a late charge failed"),
    );
    throw refused("conflict", "payment_expired", PAYMENT_EXPIRED_MESSAGE, "card");
  }
  await testHooks?.afterCharge?.("attempt_charged");
  return {
    kind: "charged",
    charge: {
      paymentId: charged.paymentId,
      brand: charged.brand,
      lastFour: charged.lastFour,
      attemptId: attempt.id,
      saveCard: choice.saveCard,
      scheduleToken: choice.scheduleToken,
    },
  };
}

/** A card attached only to be kept for this order goes back to being nobody's at the provider. */
async function releaseKeptCard(cards: SavedCardProvider | null, token: string): Promise<void> {
  await cards?.detachPaymentMethod(token).catch((e) => log.warn({ err: e }, "place-order: detach of a card not kept failed"));
}

type WriteOrderInput = PlaceOrderCommand & { now: Date; provider: PaymentProvider; checked: CheckedOrder; charge: Charge | null };

/** Steps 6 to 12, inside the one transaction: each step a call into the module that owns the rows. */
async function writeOrder(tx: Executor, input: WriteOrderInput): Promise<{ kind: "created" | "replay"; orderId: string }> {
  const { userId, request, now, checked, charge } = input;
  // The confirmation speaks the shopper's language, from their Préférences (decision 044).
  const wording = mailWording(await mailLanguageOf(tx, userId));
  const take = await takeOrderedStock(tx, userId, checked.quote.lines);
  const totals = await settleTotals(tx, input, take.bought);
  const created = await createOrder(tx, orderValues(input, totals), now);
  if (created.kind === "replay") return created;
  const { orderId, number: ref } = created;
  // The charge belongs to this order, committed with it; refused if the job already took it back.
  if (charge && !(await linkPaymentAttempt(tx, charge.attemptId, orderId))) {
    throw refused("conflict", "payment_expired", PAYMENT_EXPIRED_MESSAGE, "card");
  }
  await addOrderItems(
    tx,
    orderId,
    take.bought.map((b) => productOrderItem(b, totals.pricing)),
  );
  await recordTakenStock(tx, take.taken, { reason: "order", orderId, actorUserId: userId });
  if (totals.promoClaim) await recordPromoRedemption(tx, totals.promoClaim, { orderId, userId, now });
  await appendOrderStatus(tx, { orderId, from: null, to: "pending", actorUserId: userId, now });
  await spendOrderPoints(tx, { userId, points: request.points_to_use, orderId, ref, now });
  const issued = await settleGiftCards(tx, { ...input, orderId, wording });
  const sampleLines = await reserveSamplesForOrder(tx, { orderId, sampleIds: request.sample_ids, now, wording }); // decision 067
  const schedule = await startPaymentSchedule(tx, { ...input, orderId, cardCents: totals.cardCents, wording });
  await issueOrderInvoice(tx, orderId, now); // numbered in this transaction: no gap (docs/decisions/031-invoices.md)
  await enqueueWebhookEvent(tx, "order.created", orderId, () => orderWebhookResource(tx, orderId));
  // 10. The card, if the shopper asked: the provider's token, brand, last four, holder and expiry.
  if (charge?.saveCard) await savePaymentMethodFromCharge(tx, userId, charge.saveCard);
  // The phone given at checkout fills an empty profile phone, never one already there.
  await fillEmptyProfilePhone(tx, userId, request.contact.phone);
  // 11. The confirmation e-mail, sent by the outbox worker only if this commits.
  const firstName = (await firstNameOfUser(tx, userId)) ?? (checked.address.first_name || null);
  await enqueueMail(tx, {
    to: request.contact.email,
    ...(await confirmationMail(wording, firstName, ref, take.bought, totals, checked, [...issued, ...schedule, ...sampleLines])),
  });
  // 12. Bought: the server cart is emptied (the page empties the browser's).
  await emptyCart(tx, userId);
  return created;
}

type BoughtLine = TakenStock & { line: ResolvedLine };

/**
 * Paid in 3 (decision 035): the schedule, in the order's transaction; its first instalment is
 * the charge just made. Returns the confirmation's lines about it.
 */
async function startPaymentSchedule(
  tx: Executor,
  { request, now, charge, orderId, cardCents, wording: m }: WriteOrderInput & { orderId: string; cardCents: number; wording: MailWording },
): Promise<string[]> {
  if (request.instalments !== 3) return [];
  if (!charge?.scheduleToken) throw new Error("an order paid in 3 needs the card's token");
  const entries = instalmentSchedule(cardCents, now);
  await createPaymentSchedule(tx, { orderId, entries, token: charge.scheduleToken, firstPaymentId: charge.paymentId, now });
  return [
    m.t("emails.orderConfirmation.instalments"),
    ...entries.map((e) =>
      m.t(e.seq === 1 ? "emails.orderConfirmation.instalmentPaid" : "emails.orderConfirmation.instalment", {
        date: formatShortDate(`${e.due_date}T12:00:00Z`, undefined, m.locale),
        amount: m.price(e.amount_cents),
      }),
    ),
  ];
}

/** 6. Stock: one conditional decrement per variant, in id order (no deadlock between orders). The order id is not known yet: the movements are linked to it once it exists. */
async function takeOrderedStock(
  tx: Executor,
  userId: string,
  lines: readonly CheckoutLineQuote[],
): Promise<{ taken: TakenStock[]; bought: BoughtLine[] }> {
  if (lines.length === 0) return { taken: [], bought: [] };
  const take = await takeStock(
    tx,
    lines.map((l) => ({ variantId: l.variant_id, quantity: l.quantity })),
    { reason: "order", actorUserId: userId, requireInStock: true, deferMovements: true },
  );
  if (!take.ok) {
    const problem = take.exists ? insufficientStockProblem(take) : null;
    throw take.exists
      ? new DomainError(
          "conflict",
          "insufficient_stock",
          insufficientStockMessage(take),
          problem ? { details: { stock_problem: problem } } : {},
        )
      : refused("conflict", "invalid_item", INVALID_ITEM_MESSAGE);
  }
  return {
    taken: take.taken,
    // One line per variant asked for: a set is its own line, its components only move stock (decision 070).
    bought: take.lines.map((t) => ({ line: { product_id: t.productId, variant_id: t.variantId, quantity: t.quantity }, ...t })),
  };
}

export const EXPRESS_PERK_USED_MESSAGE =
  "Votre livraison express offerte de ce mois-ci vient d'être utilisée par une autre commande : le récapitulatif a été mis à jour, veuillez vérifier le total.";

type OrderTotals = {
  subtotal: number;
  shipping: ShippingQuote | null;
  delivery: DeliveryOption | null;
  discount: number;
  total: number;
  points: number;
  promo: AppliedPromo | null;
  promoClaim: Extract<Awaited<ReturnType<typeof claimPromoCode>>, { ok: true }> | null;
  cardCents: number;
  /** The VAT the order is priced under (null: nothing shipped, French VAT at the catalogue's prices). */
  pricing: TaxPricing | null;
};

/** 7. Totals from the prices just locked, the promo code's use taken; they must be the ones that were charged. */
async function settleTotals(
  tx: Executor,
  { userId, request, now, checked }: WriteOrderInput,
  bought: readonly BoughtLine[],
): Promise<OrderTotals> {
  const { quote, shippingZone } = checked;
  // The same VAT context as the quote, on the prices just locked (decision 063).
  const pricing = checked.tax
    ? priceWithTax(
        checked.tax,
        bought.map((b) => ({ productId: b.productId, unitCents: b.priceCents, quantity: b.line.quantity })),
      )
    : null;
  const merchandise = bought.reduce((sum, b) => sum + charged(pricing, b.productId, b.priceCents) * b.line.quantity, 0);
  const subtotal = merchandise + quote.gift_card_lines_cents;
  // Express: the perk is decided with the shopper's profile row locked, so two orders cannot
  // both take this month's free express of the Beauty Expert tier.
  const perks =
    quote.delivery?.code === "express" && checked.lines.length > 0
      ? await deliveryPerksOf(tx, userId, await lockPointsBalance(tx, userId), now)
      : null;
  const delivery = taxedDelivery(
    pricing,
    chooseDelivery(shippingZone, checked.lines.length > 0, merchandise, checked.delivery, perks, now),
  );
  if (quote.delivery?.perk && !delivery.chosen?.perk) throw refused("conflict", "express_perk_used", EXPRESS_PERK_USED_MESSAGE);
  const shipping = quote.needs_address ? delivery.shipping : null;
  const discount = pointsDiscountCents(request.points_to_use);
  if (discount > merchandise) throw refused("invalid", "points_exceed_total", POINTS_EXCEED_TOTAL_MESSAGE);
  // One use of the promo code taken in this transaction (limits hold under concurrency).
  const promoCode = request.promo_code ?? null;
  const promoClaim = promoCode
    ? await claimPromoCode(tx, {
        code: promoCode,
        userId,
        lines: bought.map((b) => ({
          product_id: b.line.product_id,
          line_total_cents: charged(pricing, b.productId, b.priceCents) * b.line.quantity,
        })),
        subtotalCents: merchandise,
        pointsUsed: request.points_to_use,
        now,
      })
    : null;
  if (promoClaim && !promoClaim.ok) throw refused("conflict", "promo_code_refused", promoClaim.message, "promo_code");
  const promoDiscount = promoClaim?.promo.discount_cents ?? 0;
  const total = subtotal - discount - promoDiscount + (shipping?.feeCents ?? 0) + quote.gift.wrap_cents;
  if (total !== quote.total_cents) throw refused("conflict", "price_changed", PRICE_CHANGED_MESSAGE);
  const cardCents = quote.total_cents - quote.gift_card_cents;
  return {
    subtotal,
    shipping,
    delivery: quote.needs_address ? delivery.chosen : null,
    discount,
    total,
    points: request.points_to_use,
    promo: promoClaim?.promo ?? null,
    promoClaim,
    cardCents,
    pricing,
  };
}

/** 9. The order row as it is inserted. */
function orderValues(
  { userId, idempotencyKey, request, now, provider, checked, charge }: WriteOrderInput,
  totals: OrderTotals,
): OrderRowValues {
  const { shipping } = totals;
  return {
    userId,
    status: "pending",
    paymentStatus: request.instalments === 3 ? PAYMENT_STATUS_INSTALMENTS : "paid",
    subtotalCents: totals.subtotal,
    shippingCents: shipping?.feeCents ?? 0,
    giftCardCents: checked.quote.gift_card_cents,
    // The VAT the total includes, as the quote worked it out the invoice's way (decision 063).
    taxCents: checked.quote.tax?.vat_cents ?? 0,
    discountCents: totals.discount,
    totalCents: totals.total,
    pointsUsed: request.points_to_use,
    promoCodeId: totals.promo?.id ?? null,
    promoCode: totals.promo?.code ?? null,
    promoDiscountCents: totals.promo?.discount_cents ?? 0,
    currency: "EUR",
    shippingAddress: checked.address,
    billingAddress: checked.billingAddress ?? checked.address,
    shippingMethod: shipping?.method ?? "free_shipping",
    deliveryMethod: totals.delivery?.code ?? "standard",
    relayPoint:
      totals.delivery?.needs_relay_point && checked.delivery.relayPoint
        ? {
            id: checked.delivery.relayPoint.id,
            name: checked.delivery.relayPoint.name,
            street: checked.delivery.relayPoint.street,
            postal_code: checked.delivery.relayPoint.postal_code,
            city: checked.delivery.relayPoint.city,
            opening_hours: checked.delivery.relayPoint.opening_hours,
            // What the label needs: the carrier's own id of the point (decision 062).
            carrier: checked.delivery.relayPoint.carrier ?? "demo",
            carrier_point_id: checked.delivery.relayPoint.carrier_point_id ?? checked.delivery.relayPoint.id,
            country_code: checked.delivery.relayPoint.country_code ?? "FR",
          }
        : null,
    estimatedDeliveryDate: totals.delivery?.estimated_date ?? null,
    expressPerk: totals.delivery?.perk ?? null,
    notes: request.notes || null,
    ...giftOrderColumns(checked.quote.gift),
    tax: totals.pricing ? orderTaxOf(totals.pricing) : null,
    idempotencyKey,
    metadata: {
      customer_info: request.contact,
      order_source: "web",
      ...(shipping
        ? {
            shipping_info: {
              is_free_shipping: shipping.method === "free_shipping",
              shipping_threshold: shipping.freeThresholdCents,
              zone: shipping.zone,
            },
          }
        : {}),
      ...(charge
        ? { payment: { provider: provider.name, payment_id: charge.paymentId, brand: charge.brand, last_four: charge.lastFour } }
        : {}),
    },
    createdAt: now,
    updatedAt: now,
  };
}

/** An order line of a product, with the snapshot the order keeps of it. */
function productOrderItem(b: BoughtLine, pricing: TaxPricing | null): NewOrderItem {
  const unit = charged(pricing, b.productId, b.priceCents);
  const tax = pricing ? lineTaxOf(pricing, b.productId) : null;
  return {
    productId: b.productId,
    variantId: b.variantId,
    quantity: b.line.quantity,
    unitPriceCents: unit,
    totalPriceCents: unit * b.line.quantity,
    vatRateBp: tax?.rate_bp ?? null,
    taxRegime: tax?.regime ?? null,
    productSnapshot: {
      name: b.name,
      price_cents: unit,
      brand: b.brand,
      image_url: b.imageUrl,
      variant_label: b.variantLabel,
      sku: b.sku,
      ...bundleSnapshotOf(b.bundle, unit),
    },
  };
}

/**
 * 8. Points: the spec's use_loyalty_points, a conditional debit in this transaction, so two
 * parallel orders cannot spend the same points.
 */
async function spendOrderPoints(tx: Executor, input: { userId: string; points: number; orderId: string; ref: string; now: Date }) {
  if (input.points <= 0) return;
  const used = await useLoyaltyPoints(tx, {
    userId: input.userId,
    points: input.points,
    description: `Points utilisés pour la commande ${input.ref}`,
    orderId: input.orderId,
    now: input.now,
  });
  if (!used.ok) throw refused("conflict", "insufficient_points", used.message, "points_to_use");
}

/** Gift cards: codes spent under condition (balance >= amount), cards bought issued. Returns the confirmation lines. */
async function settleGiftCards(
  tx: Executor,
  { userId, request, now, checked, orderId, wording: m }: WriteOrderInput & { orderId: string; wording: MailWording },
): Promise<string[]> {
  if (!(await spendGiftCards(tx, { orderId, allocations: checked.quote.giftCardAllocations, now }))) {
    throw refused("conflict", "gift_card_balance_changed", GIFT_CARD_REDEMPTION_MESSAGES.balanceChanged, "gift_card_codes");
  }
  const issued = await issueGiftCardLines(tx, { orderId, userId, buyerName: request.contact.name, cards: request.gift_cards, now });
  return [
    ...giftCardConfirmationLines(issued, m),
    ...checked.quote.gift_card_payments.map((p) =>
      m.t("emails.orderConfirmation.paidByGiftCard", { last4: p.last4, amount: m.price(p.applied_cents) }),
    ),
  ];
}

/** Gift cards bought: one order line each (no product, no stock), then the cards themselves. */
async function issueGiftCardLines(
  tx: Executor,
  input: { orderId: string; userId: string; buyerName: string; cards: readonly GiftCardConfig[]; now: Date },
) {
  if (input.cards.length === 0) return [];
  const quoted = quoteGiftCardLines(input.cards).lines;
  const lines: { orderItemId: string; config: GiftCardConfig }[] = [];
  for (const [i, line] of quoted.entries()) {
    const [orderItemId] = await addOrderItems(tx, input.orderId, [
      {
        productId: null,
        quantity: 1,
        unitPriceCents: line.total_cents,
        totalPriceCents: line.total_cents,
        // A multi-purpose voucher: outside the scope of VAT until it is used (decision 063).
        taxRegime: "out_of_scope",
        productSnapshot: { name: line.name, price_cents: line.total_cents, brand: "Aurore", image_url: null },
      },
    ]);
    lines.push({ orderItemId, config: input.cards[i] });
  }
  return issueGiftCards(tx, { orderId: input.orderId, buyerUserId: input.userId, buyerName: input.buyerName, lines, now: input.now });
}

const TAX_NOTICE_KEYS = {
  duties_recipient: "emails.orderConfirmation.dutiesRecipient",
  duties_paid: "emails.orderConfirmation.dutiesPaid",
  reverse_charge: "emails.orderConfirmation.reverseCharge",
  destination_vat: "emails.orderConfirmation.destinationVat",
} as const;

/** The confirmation says what the checkout said of the VAT (decision 063): notes under the total. */
function taxNotes(m: MailWording, tax: CheckoutQuote["tax"]): { label: string; value: null }[] {
  if (!tax) return [];
  return [
    ...(tax.prices_include_french_vat ? [] : [{ label: m.t("emails.orderConfirmation.pricesWithoutFrenchVat"), value: null }]),
    ...(tax.notice ? [{ label: m.t(TAX_NOTICE_KEYS[tax.notice]), value: null }] : []),
  ];
}

function confirmationMail(
  m: MailWording,
  firstName: string | null,
  ref: string,
  bought: readonly BoughtLine[],
  totals: OrderTotals,
  checked: CheckedOrder,
  giftCardLines: string[],
) {
  const address = totals.shipping ? checked.address : null;
  const relay = totals.delivery?.needs_relay_point ? checked.delivery.relayPoint : null;
  return renderMail(
    "order-confirmation",
    {
      firstName,
      orderNumber: ref,
      orderPath: orderPath(ref),
      lines: bought.map((b) => ({
        name: lineName(b.name, b.variantLabel),
        quantity: b.line.quantity,
        totalCents: charged(totals.pricing, b.productId, b.priceCents) * b.line.quantity,
      })),
      giftCardLines,
      // The delivery method's name, its zone and perk are the shop's own data, kept as written.
      totals: [
        { label: m.t("emails.orderConfirmation.subtotal"), value: m.price(totals.subtotal) },
        ...(totals.shipping
          ? [
              {
                label: m.t("emails.orderConfirmation.shippingLabel", {
                  method: totals.delivery?.name ?? m.t("emails.orderConfirmation.delivery"),
                  zone: totals.shipping.zoneLabel,
                }),
                value: totals.shipping.feeCents === 0 ? m.t("emails.orderConfirmation.free") : m.price(totals.shipping.feeCents),
              },
              ...(totals.delivery?.perk_label ? [{ label: totals.delivery.perk_label, value: null }] : []),
            ]
          : []),
        ...(checked.quote.gift.options.wrap
          ? [
              {
                label: m.t("emails.orderConfirmation.giftWrap"),
                value:
                  checked.quote.gift.wrap_cents === 0
                    ? m.t("emails.orderConfirmation.giftWrapFree")
                    : m.price(checked.quote.gift.wrap_cents),
              },
            ]
          : []),
        ...(totals.points > 0
          ? [{ label: m.t("emails.orderConfirmation.points", { points: totals.points }), value: `-${m.price(totals.discount)}` }]
          : []),
        ...(totals.promo
          ? [
              {
                label: m.t("emails.orderConfirmation.promo", { code: totals.promo.code }),
                value: `-${m.price(totals.promo.discount_cents)}`,
              },
            ]
          : []),
        { label: m.t("emails.layout.total"), value: m.price(totals.total), strong: true },
        ...(totals.cardCents !== totals.total
          ? [{ label: m.t("emails.orderConfirmation.paidByCard"), value: m.price(totals.cardCents) }]
          : []),
        ...taxNotes(m, checked.quote.tax),
      ],
      deliveryNote: totals.delivery
        ? m.t("emails.orderConfirmation.deliveryNote", { date: formatDeliveryDate(totals.delivery.estimated_date, m.locale) })
        : null,
      relayPoint: relay
        ? [
            relay.name,
            relay.street,
            `${relay.postal_code} ${relay.city}`,
            m.t("emails.orderConfirmation.openingHours", { hours: relay.opening_hours }),
          ]
        : null,
      address: address
        ? {
            title: m.t(
              totals.delivery?.needs_relay_point ? "emails.orderConfirmation.recipientAddress" : "emails.orderConfirmation.deliverTo",
            ),
            lines: [
              `${address.first_name} ${address.last_name}`,
              ...(address.company ? [address.company] : []),
              address.street,
              ...(address.additional_info ? [address.additional_info] : []),
              `${address.postal_code} ${address.city}`,
              address.country,
            ],
          }
        : null,
    },
    { language: m.language },
  );
}
