import { z } from "zod";
import { ApiErrorSchema } from "~/.server/api/schemas";
import type { ApiOperation } from "~/.server/api/api-operation";
import { adminSessionGuard } from "~/.server/api/contracts/shared/responses";
import { ORDER_CHARGE_STATUSES, type OrderPaymentsView } from "~/domain/payments/order-payments";

/** An order's card payments in the back office (docs/decisions/061-order-payments-in-back-office.md). */
const provider = z.string().describe("Prestataire de paiement : stripe ou simulated (l'acquéreur simulé de la démonstration)");
const dashboardUrl = z
  .url()
  .nullable()
  .describe("Page du paiement dans le tableau de bord Stripe (…/test/payments/… avec une clé de test) ; null pour l'acquéreur simulé");

export const OrderChargeSchema = z
  .object({
    id: z.uuid().describe("Tentative de paiement, ou échéance d'un paiement en 3 fois"),
    kind: z
      .enum(["payment", "instalment"])
      .describe("payment : le paiement de la commande (et sa 1re échéance) ; instalment : une échéance suivante"),
    instalment_seq: z.int().min(1).max(3).nullable().describe("Échéance payée (1 à 3), null pour un paiement en une fois"),
    provider,
    provider_payment_id: z.string().nullable().describe("Identifiant du paiement chez le prestataire (PaymentIntent pi_… chez Stripe)"),
    amount_cents: z.int(),
    currency: z.string(),
    status: z
      .enum(ORDER_CHARGE_STATUSES)
      .describe(
        "pending : en attente du prestataire ; requires_action : authentification 3-D Secure ; succeeded : payé ; refunding / refunded : remboursé faute de commande ; failed : refusé ; scheduled : échéance à venir ; retrying : refusée, nouvelle tentative ; unpaid : échéance impayée ; cancelled : échéance annulée",
      ),
    created_at: z.iso.datetime(),
    charged_at: z.iso.datetime().nullable().describe("Date du débit, null tant qu'il n'a pas eu lieu"),
    due_date: z.string().nullable().describe("Échéance prévue (AAAA-MM-JJ) d'un paiement en 3 fois"),
    dashboard_url: dashboardUrl,
  })
  .meta({ id: "OrderCharge" });

export const OrderExternalRefundSchema = z
  .object({
    id: z.string().describe("Identifiant du remboursement chez le prestataire (re_…)"),
    provider,
    provider_payment_id: z.string(),
    amount_cents: z.int(),
    currency: z.string(),
    reason: z.string().nullable().describe("Motif donné chez le prestataire (requested_by_customer, duplicate, fraudulent…)"),
    refunded_at: z.iso.datetime(),
    dashboard_url: dashboardUrl,
  })
  .meta({ id: "OrderExternalRefund" });

export const OrderDisputeSchema = z
  .object({
    id: z.string().describe("Identifiant du litige chez le prestataire (dp_… ou du_…)"),
    provider,
    provider_payment_id: z.string(),
    amount_cents: z.int(),
    currency: z.string(),
    reason: z.string().describe("Motif du prestataire (fraudulent, duplicate, product_not_received, general…)"),
    status: z.string().describe("Statut du litige chez le prestataire, suivi par ses webhooks (needs_response, under_review, won, lost…)"),
    evidence_due_by: z.iso.datetime().nullable().describe("Date limite pour répondre avec des justificatifs"),
    opened_at: z.iso.datetime(),
    needs_response: z.boolean().describe("Le prestataire attend une réponse et la date limite n'est pas passée"),
    response_overdue: z.boolean().describe("Le prestataire attendait une réponse et la date limite est passée"),
    dashboard_url: dashboardUrl,
  })
  .meta({ id: "OrderDispute" });

export const OrderPaymentsSchema = z
  .object({
    order_id: z.uuid(),
    charges: z
      .array(OrderChargeSchema)
      .describe("Paiements par carte, du plus ancien au plus récent ; vide quand les cartes cadeaux ont tout payé"),
    external_refunds: z
      .array(OrderExternalRefundSchema)
      .describe(
        "Remboursements faits hors de la boutique (tableau de bord Stripe) ; ceux de la boutique : GET /api/v1/admin/orders/{id}/refunds",
      ),
    disputes: z.array(OrderDisputeSchema).describe("Litiges (rétrofacturations) ouverts par la banque du titulaire"),
  })
  .meta({ id: "OrderPayments" }) satisfies z.ZodType<OrderPaymentsView>;

const tags = ["Administration"];

export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/v1/admin/orders/{id}/payments",
    summary:
      "Administrateur : les paiements par carte d'une commande (paiement, échéances d'un paiement en 3 fois), les remboursements faits hors de la boutique et les litiges, avec leurs liens vers le tableau de bord Stripe",
    tags,
    auth: "admin_api",
    pathParams: z.object({ id: z.uuid() }),
    responses: {
      200: { description: "Paiements de la commande", schema: z.object({ data: OrderPaymentsSchema }) },
      ...adminSessionGuard,
      404: { description: "Commande introuvable", schema: ApiErrorSchema },
    },
  },
];
