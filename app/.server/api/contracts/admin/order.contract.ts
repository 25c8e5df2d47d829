import { z } from "zod";
import { ORDER_STATUS_VALUES } from "~/domain/orders/order.types";
import { OrderAddressSchema, OrderDocumentSchema, OrderSchema, ApiErrorSchema } from "~/.server/api/schemas";
import type { ApiOperation } from "~/.server/api/api-operation";
import { adminSessionGuard } from "~/.server/api/contracts/shared/responses";

/** Response shapes and operations of /api/v1/admin/orders, for the generated OpenAPI document. */
const status = z.enum(ORDER_STATUS_VALUES);

export const AdminOrderDetailSchema = z
  .object({
    id: z.uuid(),
    number: z.string().describe("Numéro de la commande, le même partout (AUR-2026-000123)"),
    short_id: z.string(),
    order_number: z.string(),
    status,
    created_at: z.iso.datetime(),
    subtotal_cents: z.int(),
    shipping_cents: z.int(),
    discount_cents: z.int(),
    promo_code: z.string().nullable(),
    promo_discount_cents: z.int(),
    total_cents: z.int(),
    customer_name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    shipping_address: OrderAddressSchema,
    billing_address: OrderAddressSchema.nullable().describe("null : facturée à l'adresse de livraison"),
    delivery_method_label: z.string().describe("Mode de livraison choisi (Livraison standard, Point relais, Livraison express)"),
    relay_point: z
      .object({
        id: z.string(),
        name: z.string(),
        street: z.string(),
        postal_code: z.string(),
        city: z.string(),
        opening_hours: z.string(),
      })
      .nullable(),
    estimated_delivery_date: z.string().nullable().describe("Date de livraison estimée à la commande (AAAA-MM-JJ)"),
    express_perk: z.enum(["vip", "expert_monthly"]).nullable(),
    items: z.array(
      z.object({
        id: z.uuid(),
        product_id: z.uuid().nullable(),
        name: z.string(),
        variant_label: z.string().nullable().describe("Libellé de la variante achetée (« 50 ml », « Beige rosé 02 »)"),
        sku: z.string().nullable().describe("Référence (SKU) de la variante achetée"),
        quantity: z.int().positive(),
        unit_price_cents: z.int(),
        total_price_cents: z.int(),
      }),
    ),
    documents: z.array(OrderDocumentSchema).describe("La facture puis les avoirs, à télécharger par /api/v1/admin/orders/{id}/…"),
    payment_status: OrderSchema.shape.payment_status,
    payment_schedule: OrderSchema.shape.payment_schedule,
    tracking_events: OrderSchema.shape.tracking_events,
    samples: OrderSchema.shape.samples,
    gift: OrderSchema.shape.gift,
    vat_treatment: OrderSchema.shape.vat_treatment,
    business: z
      .object({
        company_name: z.string(),
        siren: z.string().nullable(),
        siret: z.string().nullable(),
        vat_number: z.string().nullable(),
      })
      .nullable()
      .describe("Facture professionnelle demandée : raison sociale, SIREN/SIRET, n° de TVA ; null sinon"),
  })
  .meta({ id: "AdminOrderDetail" });

const tags = ["Administration"];

export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/v1/admin/orders/{id}",
    summary: "Administrateur : une commande avec contact, adresses de livraison et de facturation et lignes",
    tags,
    auth: "admin_api",
    pathParams: z.object({ id: z.uuid() }),
    responses: {
      200: { description: "Commande", schema: z.object({ data: AdminOrderDetailSchema }) },
      ...adminSessionGuard,
      404: { description: "Commande introuvable", schema: ApiErrorSchema },
    },
  },
];
