import { z } from "zod";
import type { ApiOperation } from "~/.server/api/api-operation";
import { ApiErrorSchema, OrderAddressSchema, OrderDocumentSchema, OrderSchema } from "../../api/schemas";
import { CARRIERS } from "~/domain/orders/shipping-tracking";
import { AdminOrderQuerySchema } from "~/domain/orders/admin-orders.schema";
import { ListWindowQuerySchema, listResponse } from "~/.server/api/admin-list.api-schemas";
import { ORDER_STATUS_VALUES } from "~/domain/orders/order.types";
import { OrderRefundSchema } from "~/domain/orders/order-refunds";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";

/** Response shapes and operations of /api/v1/admin/orders, for the generated OpenAPI document. */
const status = z.enum(ORDER_STATUS_VALUES);

export const AdminOrderRowSchema = z
  .object({
    id: z.uuid(),
    number: z.string().describe("Numéro de la commande, le même partout (AUR-2026-000123)"),
    short_id: z.string().describe("Les 8 premiers caractères de l'identifiant (ancienne référence du back-office)"),
    order_number: z.string().describe("Identique à number (ancien nom du champ)"),
    item_count: z.int().describe("Nombre d'articles (somme des quantités)"),
    customer_name: z.string(),
    email: z.string().nullable().describe("E-mail de contact de la commande, sinon celui du compte"),
    address: z.string().describe("Adresse de livraison sur une ligne"),
    created_at: z.iso.datetime(),
    total_cents: z.int(),
    status,
    payment_status: z.string().describe("instalment_unpaid : échéance impayée (paiement en 3 fois)"),
  })
  .meta({ id: "AdminOrderRow" });

export const AdminOrderListSchema = z.object({
  data: z.array(AdminOrderRowSchema),
  pagination: z.object({ page: z.int(), page_size: z.int(), total: z.int(), page_count: z.int() }),
});

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
  })
  .meta({ id: "AdminOrderDetail" });

/** Gestion des Commandes (docs/decisions/011-admin-back-office-orders.md). Status changes stay on POST /api/v1/admin/order-status. */
export const OrderRefundViewSchema = z
  .object({
    id: z.uuid(),
    order_id: z.uuid(),
    amount_cents: z.int().describe("Montant remboursé (centimes)"),
    card_cents: z.int().describe("Part remboursée sur la carte bancaire"),
    gift_card_cents: z.int().describe("Part recréditée sur les cartes cadeaux qui ont payé la commande"),
    reduced_cents: z.int().describe("Paiement en 3 fois : part déduite des échéances restant dues"),
    reason: z.string(),
    credit_note_number: z.string().describe("Numéro de l'avoir (AV-2026-000001)"),
    credit_note_url: z.string().describe("Téléchargement de l'avoir (PDF)"),
    created_at: z.iso.datetime(),
  })
  .meta({ id: "OrderRefund" });

export function adminOrderOperations(): ApiOperation[] {
  const guarded = {
    401: { description: ACCOUNT_MESSAGES.signRequired, schema: ApiErrorSchema },
    403: { description: "Accès réservé à l'administrateur", schema: ApiErrorSchema },
  };
  const tags = ["Administration"];
  return [
    {
      method: "get",
      path: "/api/v1/admin/orders",
      summary:
        "Administrateur : toutes les commandes, les plus récentes d'abord, paginées ; recherche (chaque mot doit figurer) dans l'identifiant, le numéro, les e-mails et l'adresse de livraison ; filtre par statut et par jours de commande (created_from, created_to, AAAA-MM-JJ, inclus). Avec cursor, updated_since ou limit : parcours par date de mise à jour pour la synchronisation ({ data, next_cursor }).",
      tags,
      auth: "admin_api",
      query: AdminOrderQuerySchema.partial()
        .extend({
          created_from: z.string().optional().describe("Premier jour de commande (AAAA-MM-JJ, heure de Paris)"),
          created_to: z.string().optional().describe("Dernier jour de commande, inclus (AAAA-MM-JJ)"),
        })
        .extend(ListWindowQuerySchema.shape),
      responses: {
        200: { description: "Une page de commandes", schema: listResponse(AdminOrderRowSchema, { pages: AdminOrderListSchema }) },
        400: { description: "Paramètres de recherche invalides", schema: ApiErrorSchema },
        ...guarded,
      },
    },
    {
      method: "get",
      path: "/api/v1/admin/orders/{id}",
      summary: "Administrateur : une commande avec contact, adresses de livraison et de facturation et lignes",
      tags,
      auth: "admin_api",
      pathParams: z.object({ id: z.uuid() }),
      responses: {
        200: { description: "Commande", schema: z.object({ data: AdminOrderDetailSchema }) },
        ...guarded,
        404: { description: "Commande introuvable", schema: ApiErrorSchema },
      },
    },
    {
      method: "get",
      path: "/api/v1/admin/orders/{id}/ship",
      summary:
        "Administrateur : le statut et le colis d'une commande (transporteur, numéro et lien de suivi, date d'expédition ; null avant l'expédition)",
      tags,
      auth: "admin_api",
      pathParams: z.object({ id: z.uuid() }),
      responses: {
        200: {
          description: "Expédition",
          schema: z.object({
            data: z.object({
              status: z.enum(ORDER_STATUS_VALUES),
              carrier: z.string().nullable(),
              tracking_number: z.string().nullable(),
              tracking_url: z.string().nullable(),
              shipped_at: z.iso.datetime().nullable(),
            }),
          }),
        },
        ...guarded,
        404: { description: "Commande introuvable", schema: ApiErrorSchema },
      },
    },
    {
      method: "post",
      path: "/api/v1/admin/orders/{id}/ship",
      summary:
        "Administrateur : expédier une commande avec le transporteur et le numéro de suivi (format vérifié par transporteur) ; la commande passe à « Expédiée » et le client reçoit le lien de suivi",
      tags,
      auth: "admin_api",
      pathParams: z.object({ id: z.uuid() }),
      body: z.object({
        carrier: z.enum(CARRIERS),
        tracking_number: z.string().max(40).describe("Spaces and dashes are ignored"),
      }),
      responses: {
        200: { description: "Commande expédiée", schema: z.object({ data: OrderSchema, changed: z.boolean() }) },
        400: { description: "Transporteur ou numéro de suivi invalide", schema: ApiErrorSchema },
        ...guarded,
        404: { description: "Commande introuvable", schema: ApiErrorSchema },
        409: { description: "La commande ne peut pas être expédiée (annulée, retournée, livrée)", schema: ApiErrorSchema },
      },
    },
    {
      method: "get",
      path: "/api/v1/admin/orders/{id}/refunds",
      summary: "Administrateur : les remboursements d'un montant d'une commande, avec leurs avoirs, et ce qui reste remboursable",
      tags,
      auth: "admin_api",
      pathParams: z.object({ id: z.uuid() }),
      responses: {
        200: {
          description: "Remboursements",
          schema: z.object({ data: z.object({ refunds: z.array(OrderRefundViewSchema), refundable_cents: z.int() }) }),
        },
        ...guarded,
        404: { description: "Commande introuvable", schema: ApiErrorSchema },
      },
    },
    {
      method: "post",
      path: "/api/v1/admin/orders/{id}/refunds",
      summary:
        "Administrateur (clé : orders:write) : rembourser un montant libre (geste commercial, retard de livraison). Jamais plus que ce qui reste remboursable (total moins les remboursements et ce qui reste dû sur un paiement en 3 fois). Un avoir « Geste commercial » est émis, réparti sur les taux de TVA de la facture ; le remboursement suit le paiement de la commande (cartes cadeaux pour leur part, carte bancaire ou échéances pour le reste). En-tête Idempotency-Key (ou client_reference, 8 à 100 caractères) : le même appel renvoyé répond le premier remboursement (200) sans rembourser deux fois.",
      tags,
      auth: "admin_api",
      pathParams: z.object({ id: z.uuid() }),
      body: OrderRefundSchema,
      responses: {
        201: {
          description: "Remboursement effectué, avec son avoir",
          schema: z.object({
            data: z.object({
              refund: OrderRefundViewSchema,
              credit_note: z.object({ number: z.string(), total_cents: z.int(), url: z.string() }),
              refundable_cents: z.int(),
              replayed: z.boolean(),
            }),
          }),
        },
        200: { description: "Même Idempotency-Key : le remboursement déjà effectué (replayed: true)" },
        400: {
          description: "Montant nul, négatif ou supérieur au reste remboursable ; motif manquant ou de plus de 500 caractères",
          schema: ApiErrorSchema,
        },
        ...guarded,
        404: { description: "Commande introuvable", schema: ApiErrorSchema },
        409: {
          description: "Commande non payée, annulée ou déjà remboursée ; Idempotency-Key déjà utilisée pour un autre remboursement",
          schema: ApiErrorSchema,
        },
      },
    },
  ];
}
