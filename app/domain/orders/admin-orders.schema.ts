import type { PaymentScheduleEntry } from "~/domain/payments/instalments";
import type { OrderSampleView } from "~/domain/samples/samples";
import type { OrderGiftView } from "~/domain/checkout/gift-options";
/** Back-office order list: query, status change and the shapes the page and the API share (isomorphic). */
import type { BusinessBuyer, OrderVatView } from "~/domain/tax/order-tax";
import { z } from "zod";
import { text } from "~/lib/safe-text";
import {
  ORDER_STATUS_VALUES,
  type OrderAddressView,
  type OrderRelayPointView,
  type OrderStatusValue,
  type TrackingEventView,
} from "~/domain/orders/order.types";
import type { ExpressPerk } from "~/domain/delivery/delivery-methods";
import { API_MAX_PAGE_SIZE, ADMIN_ORDERS_PAGE_SIZE } from "~/lib/shop-rules";
import type { OrderDocumentView } from "~/domain/invoices/invoice.types";

export const ADMIN_ORDER_FILTERS = ["all", ...ORDER_STATUS_VALUES] as const;
export type AdminOrderFilter = (typeof ADMIN_ORDER_FILTERS)[number];

export const ADMIN_SEARCH_MAX_LENGTH = 100;
export const INVALID_QUERY_MESSAGE = "Paramètres de recherche invalides";

/**
 * ?search=&status=&page=&page_size= of /admin/commandes and GET /api/v1/admin/orders. Unknown
 * or malformed values fall back to the defaults on the page (a hand-edited URL still shows a
 * list); the API reports them as 400.
 */
export const AdminOrderQuerySchema = z.object({
  search: text().trim().max(ADMIN_SEARCH_MAX_LENGTH, { error: "Recherche trop longue (100 caractères au maximum)" }).default(""),
  status: z.enum(ADMIN_ORDER_FILTERS, { error: "Statut de commande invalide" }).default("all"),
  page: z.coerce.number({ error: "Page invalide" }).int({ error: "Page invalide" }).min(1, { error: "Page invalide" }).default(1),
  page_size: z.coerce
    .number({ error: "Taille de page invalide" })
    .int({ error: "Taille de page invalide" })
    .min(1, { error: "Taille de page invalide" })
    .max(API_MAX_PAGE_SIZE, { error: "Taille de page invalide" })
    .default(ADMIN_ORDERS_PAGE_SIZE),
});
export type AdminOrderQuery = z.infer<typeof AdminOrderQuerySchema>;

/** The page's status selector posts this (intent change-status). */
export const AdminStatusChangeSchema = z.object({
  orderId: text({ error: "Commande introuvable" }).min(1, { error: "Commande introuvable" }),
  status: z.enum(ORDER_STATUS_VALUES, { error: "Statut de commande invalide" }),
});

/** What a status change or a shipment ('Expédier') answers beside its message (decision 056). */
export type OrderChanged = { orderId: string };

export type AdminOrderRow = {
  id: string;
  /** The order number shown everywhere ("AUR-2026-000123"). */
  number: string;
  short_id: string;
  order_number: string;
  item_count: number;
  customer_name: string;
  email: string | null;
  /** "12 rue des Lilas, 69003 Lyon, France" */
  address: string;
  created_at: string;
  total_cents: number;
  status: OrderStatusValue;
  /** "paid", "instalments", "instalment_unpaid" ('Échéance impayée'), ... */
  payment_status: string;
};

export type AdminOrderPage = {
  rows: AdminOrderRow[];
  total: number;
  page: number;
  page_size: number;
  page_count: number;
};

export type AdminOrderLine = {
  id: string;
  product_id: string | null;
  name: string;
  /** The variant bought ("50 ml", "Beige rosé 02") and its SKU, from the order's snapshot. */
  variant_label: string | null;
  sku: string | null;
  quantity: number;
  unit_price_cents: number;
  total_price_cents: number;
};

export type AdminOrderDetail = {
  id: string;
  /** The order number shown everywhere ("AUR-2026-000123"). */
  number: string;
  short_id: string;
  order_number: string;
  status: OrderStatusValue;
  created_at: string;
  subtotal_cents: number;
  shipping_cents: number;
  discount_cents: number;
  promo_code: string | null;
  promo_discount_cents: number;
  total_cents: number;
  customer_name: string;
  email: string | null;
  phone: string | null;
  shipping_address: OrderAddressView;
  /** Null when the order was billed to the shipping address. */
  billing_address: OrderAddressView | null;
  /** How it travels (the same fields as the shopper's order view). */
  delivery_method_label: string;
  relay_point: OrderRelayPointView | null;
  estimated_delivery_date: string | null;
  express_perk: ExpressPerk | null;
  items: AdminOrderLine[];
  /** The invoice, then its credit notes, downloaded through the back-office API. */
  documents: OrderDocumentView[];
  payment_status: string;
  /** Paid in 3: the instalments (docs/decisions/035-instalments.md); empty otherwise. */
  payment_schedule: PaymentScheduleEntry[];
  /** The carrier's events of the parcel, oldest first (docs/decisions/062-carriers.md). */
  tracking_events: TrackingEventView[];
  /** The VAT it was placed under (decision 063); null before. */
  vat_treatment: OrderVatView | null;
  /** The business invoice asked for at checkout, or null. */
  business: BusinessBuyer | null;
  /** The free samples chosen at checkout, at 0 € (decision 067). */
  samples?: OrderSampleView[];
  /** Gift wrap, gift message and hidden prices (decision 068); null: none chosen. */
  gift?: OrderGiftView | null;
};

/** "12 rue des Lilas, 69003 Lyon, France", or the spec's fallback when nothing is known. */
export function formatAdminAddress(a: Partial<OrderAddressView> | null | undefined): string {
  if (!a) return "Adresse non renseignée";
  const cityLine = [a.postal_code, a.city].filter(Boolean).join(" ");
  const parts = [a.street, a.additional_info, cityLine, a.country].filter((p): p is string => Boolean(p && p.trim()));
  return parts.length ? parts.join(", ") : "Adresse non renseignée";
}

/**
 * The page's reading of its URL: each parameter that does not parse takes its default, so a
 * hand-edited or stale link still shows a list.
 */
export function readAdminOrderQuery(params: URLSearchParams): AdminOrderQuery {
  const shape = AdminOrderQuerySchema.shape;
  const pick = <T>(schema: z.ZodType<T>, value: string | null, fallback: T): T => {
    const parsed = schema.safeParse(value ?? undefined);
    return parsed.success ? parsed.data : fallback;
  };
  return {
    search: pick(shape.search, params.get("search"), ""),
    status: pick(shape.status, params.get("status"), "all"),
    page: pick(shape.page, params.get("page"), 1),
    page_size: ADMIN_ORDERS_PAGE_SIZE,
  };
}

export const INVALID_DAY_MESSAGE = "Date invalide : attendue au format AAAA-MM-JJ";
export const DAY_RANGE_MESSAGE = "La date de fin doit suivre la date de début";

/** A real calendar day, "2026-11-01" (the days are Paris days). */
const dayParameter = z
  .string({ error: INVALID_DAY_MESSAGE })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: INVALID_DAY_MESSAGE })
  .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day), {
    error: INVALID_DAY_MESSAGE,
  })
  .optional();

/**
 * GET /api/v1/admin/orders: the back-office's filters, plus the days an order was placed
 * (`created_from`, `created_to`, inclusive). Paging (`page` or `cursor`/`updated_since`/`limit`)
 * is read beside it.
 */
export const AdminOrderApiQuerySchema = AdminOrderQuerySchema.extend({
  created_from: dayParameter,
  created_to: dayParameter,
}).refine((q) => !q.created_from || !q.created_to || q.created_from <= q.created_to, { error: DAY_RANGE_MESSAGE, path: ["created_to"] });
