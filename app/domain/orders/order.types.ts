import type { OrderVatView } from "~/domain/tax/order-tax";
import type { OrderSampleView } from "~/domain/samples/samples";
import type { OrderGiftView } from "~/domain/checkout/gift-options";
import type { PaymentScheduleEntry } from "~/domain/payments/instalments";
import type { DeliveryMethodCode, ExpressPerk } from "~/domain/delivery/delivery-methods";
/** Orders as the pages and the API see them (isomorphic, no server code). */
import { ORDER_NUMBER_DIGITS, ORDER_NUMBER_PREFIX } from "~/lib/shop-rules";
import { plural } from "~/lib/plural";
import type { OrderDocumentView } from "~/domain/invoices/invoice.types";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";

export const ORDER_STATUS_VALUES = ["pending", "confirmed", "processing", "shipped", "delivered", "cancelled", "returned"] as const;
export type OrderStatusValue = (typeof ORDER_STATUS_VALUES)[number];

/** French labels of the account area (spec back-office §4); anything else is "Statut inconnu". */
export const ORDER_STATUS_LABELS: Record<OrderStatusValue, string> = {
  pending: ACCOUNT_MESSAGES.pending,
  confirmed: ACCOUNT_MESSAGES.statusConfirmed,
  processing: ACCOUNT_MESSAGES.beingPrepared,
  shipped: ACCOUNT_MESSAGES.statusShipped,
  delivered: ACCOUNT_MESSAGES.statusDelivered,
  cancelled: ACCOUNT_MESSAGES.statusCancelled,
  returned: ACCOUNT_MESSAGES.statusReturned,
};

export function orderStatusLabel(status: string): string {
  return (ORDER_STATUS_LABELS as Record<string, string>)[status] ?? ACCOUNT_MESSAGES.unknownStatus;
}

/**
 * The one order number shoppers, e-mails, the back-office and the API show: "AUR-2026-000123",
 * the order's rank in its Paris calendar year (allocated by the orders module when the order is
 * created; docs/decisions/028-order-numbers.md).
 */
export function formatOrderNumber(year: number, sequence: number): string {
  return `${ORDER_NUMBER_PREFIX}-${year}-${String(sequence).padStart(ORDER_NUMBER_DIGITS, "0")}`;
}

export type OrderAddressView = {
  first_name: string;
  last_name: string;
  company?: string | null;
  street: string;
  additional_info?: string | null;
  city: string;
  state?: string | null;
  postal_code: string;
  country: string;
  phone: string;
};

export type OrderItemView = {
  id: string;
  product_id: string | null;
  /** The variant bought (null once deleted from the catalogue; the snapshot keeps its label). */
  variant_id: string | null;
  quantity: number;
  unit_price_cents: number;
  total_price_cents: number;
  product_snapshot: {
    name: string;
    price_cents: number;
    brand: string | null;
    image_url: string | null;
    /** What was bought ("50 ml", "Beige rosé 02") and its SKU; absent on orders placed before variants. */
    variant_label?: string | null;
    sku?: string | null;
  };
};

export type OrderRelayPointView = { id: string; name: string; street: string; postal_code: string; city: string; opening_hours: string };

export type OrderView = {
  id: string;
  /** The order number ("AUR-2026-000123"); `reference` and `order_number` repeat it for older clients. */
  number: string;
  reference: string;
  order_number: string;
  status: OrderStatusValue;
  payment_status: string;
  subtotal_cents: number;
  shipping_cents: number;
  discount_cents: number;
  tax_cents: number;
  total_cents: number;
  points_used: number;
  /** The promo code used and its discount; null and 0 without one. */
  promo_code: string | null;
  promo_discount_cents: number;
  currency: string;
  shipping_method: "standard" | "free_shipping";
  /** The parcel, once shipped through 'Expédier': carrier name, tracking number and page; null before. */
  carrier: string | null;
  tracking_number: string | null;
  tracking_url: string | null;
  shipped_at: string | null;
  /** How it travels: the method chosen at checkout, the relay point, the earliest day promised. */
  /** When it was delivered, and whether 'Retourner des articles' is offered (within 30 days of it). */
  delivered_at: string | null;
  returnable: boolean;
  delivery_method: DeliveryMethodCode;
  delivery_method_label: string;
  relay_point: OrderRelayPointView | null;
  estimated_delivery_date: string | null;
  express_perk: ExpressPerk | null;
  shipping_address: OrderAddressView;
  metadata: {
    customer_info?: { email: string; name: string; phone: string };
    order_source?: string;
    shipping_info?: { is_free_shipping: boolean; shipping_threshold: number | null; zone: string };
    payment?: { brand: string; last_four: string };
  };
  created_at: string;
  /** True while the shopper may still cancel it (pending and placed less than an hour ago). */
  cancellable: boolean;
  items: OrderItemView[];
  /* Gift cards */
  /** Part of the total paid with gift cards (the rest by bank card). */
  gift_card_cents: number;
  /** Gift cards used to pay, by their last 4 characters. */
  gift_card_payments: { last4: string; amount_cents: number }[];
  /** Gift cards bought in this order (the code itself is never shown again). */
  gift_cards: {
    last4: string;
    amount_cents: number;
    delivery_mode: "email" | "physical";
    recipient_email: string;
    status: "active" | "disabled" | "cancelled";
    expires_at: string;
  }[];
  /** The invoice, then its credit notes, with their download addresses (docs/decisions/031-invoices.md). */
  documents: OrderDocumentView[];
  /** The VAT it was placed under (decision 063); null: placed before, French VAT as in the catalogue. */
  vat_treatment: OrderVatView | null;
  /** Paid in 3 (docs/decisions/035-instalments.md): the instalments; empty for a payment at once. */
  payment_schedule: PaymentScheduleEntry[];
  /** The carrier's events of the parcel, oldest first (decision 062); empty before it moves or when shipped by hand. */
  tracking_events: TrackingEventView[];
  /** The free samples chosen at checkout, at 0 € (decision 067); `added: false` for one that ran out before the payment. */
  samples?: OrderSampleView[];
  /** Gift wrap, gift message and hidden prices (decision 068); null: none chosen. */
  gift?: OrderGiftView | null;
};

export type TrackingEventView = {
  kind: "label_created" | "in_transit" | "out_for_delivery" | "available_for_pickup" | "delivered" | "returned_to_sender" | "exception";
  /** The carrier's French wording. */
  label: string;
  location: string | null;
  occurred_at: string;
};

/** "3 commandes": the count line above an order list. */
export function orderCountLabel(count: number): string {
  return plural(count, "commande", "commandes");
}

const CARD_BRAND_LABELS: Record<string, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
};

/** The card an order was paid with, as parts the page words in its language (decision 044). */
export type OrderPaymentCard = { kind: "card"; brand: string; last4: string };

/** The card's brand and last four digits from the order's payment metadata (only those are stored). */
export function orderPaymentCard(payment: { brand: string; last_four: string } | undefined | null): OrderPaymentCard | null {
  if (!payment?.last_four) return null;
  return { kind: "card", brand: CARD_BRAND_LABELS[payment.brand.toLowerCase()] ?? payment.brand, last4: payment.last_four };
}

/** "Visa •••• 4242": the French wording, for the invoice (which stays French). */
export function orderPaymentLabel(payment: { brand: string; last_four: string } | undefined | null): string | null {
  const card = orderPaymentCard(payment);
  return card ? `${card.brand} •••• ${card.last4}` : null;
}

/** An order that does not exist, or that the reader may not see: both read the same. */
export const ORDER_NOT_FOUND_MESSAGE = "Commande introuvable";
