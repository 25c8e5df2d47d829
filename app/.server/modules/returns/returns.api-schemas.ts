import { z } from "zod";
import { ListWindowQuerySchema, listResponse } from "~/.server/api/admin-list.api-schemas";
import type { ApiOperation } from "~/.server/api/api-operation";
import { ApiErrorSchema } from "~/.server/api/schemas";
import {
  RETURN_REASONS,
  RETURN_REFUSAL_REASONS,
  RETURN_STATUS_LABELS,
  ReturnReceptionSchema,
  ReturnRequestSchema,
} from "~/domain/returns/returns";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";

const ReturnItemSchema = z.object({
  id: z.uuid(),
  order_item_id: z.uuid(),
  name: z.string(),
  variant_label: z.string().nullable(),
  quantity: z.int().positive(),
  unit_price_cents: z.int(),
  decision: z.enum(["pending", "accepted", "refused"]),
  refusal_reason: z.string().nullable(),
});

export const ReturnSchema = z
  .object({
    id: z.uuid(),
    number: z.string().describe("Numéro du retour (RET-2026-000123)"),
    order_id: z.uuid(),
    order_number: z.string(),
    status: z.enum(Object.keys(RETURN_STATUS_LABELS) as [string, ...string[]]),
    status_label: z.string(),
    reason: z.enum(Object.keys(RETURN_REASONS) as [string, ...string[]]),
    reason_label: z.string(),
    comment: z.string().nullable(),
    created_at: z.iso.datetime(),
    received_at: z.iso.datetime().nullable(),
    refund_cents: z.int().describe("Montant remboursé (total de l'avoir)"),
    refund_card_cents: z.int(),
    refund_gift_card_cents: z.int(),
    points_restored: z.int(),
    points_reversed: z.int(),
    credit_note_number: z.string().nullable(),
    items: z.array(ReturnItemSchema),
    label_url: z.string().describe("L'étiquette de retour prépayée (PDF)"),
  })
  .meta({ id: "Return" });

const one = z.object({ data: ReturnSchema });
const many = z.object({ data: z.array(ReturnSchema) });
const AdminReturnSchema = ReturnSchema.extend({ customer_name: z.string(), customer_email: z.string().nullable() });
const adminPage = z.object({
  data: z.object({
    returns: z.array(AdminReturnSchema),
    total: z.int(),
    page: z.int(),
    page_count: z.int(),
  }),
});
const pdf = { description: "Étiquette de retour prépayée (PDF avec le code-barres du numéro de retour)", binary: "application/pdf" };
const errors = {
  401: { description: ACCOUNT_MESSAGES.signRequired, schema: ApiErrorSchema },
  404: { description: "Commande ou retour introuvable (ou d'un autre client)", schema: ApiErrorSchema },
};
const admin = { 403: { description: "Accès réservé à l'administrateur", schema: ApiErrorSchema } };

export function returnOperations(): ApiOperation[] {
  const id = z.object({ id: z.uuid() });
  return [
    {
      method: "post",
      path: "/api/v1/orders/{id}/returns",
      summary: `Retourner des articles d'une commande livrée, dans les 30 jours après la livraison : lignes et quantités (jamais plus que reçu, retours déjà demandés compris), motif (${Object.keys(RETURN_REASONS).join(", ")}), commentaire et confirmation que les produits ne sont pas ouverts. Les cartes cadeaux ne se retournent pas.`,
      tags: ["Retours"],
      auth: "session",
      pathParams: id,
      body: ReturnRequestSchema,
      responses: {
        201: { description: "Retour enregistré, étiquette disponible", schema: one },
        400: { description: "Lignes, quantités, motif ou confirmation invalides", schema: ApiErrorSchema },
        409: { description: "Commande non livrée ou délai de 30 jours dépassé (return_not_allowed)", schema: ApiErrorSchema },
        ...errors,
      },
    },
    {
      method: "get",
      path: "/api/v1/orders/{id}/returns",
      summary: "Les retours d'une commande de l'utilisateur connecté",
      tags: ["Retours"],
      auth: "session",
      pathParams: id,
      responses: { 200: { description: "Retours", schema: many }, ...errors },
    },
    {
      method: "get",
      path: "/api/v1/returns",
      summary: "Les retours de l'utilisateur connecté, du plus récent au plus ancien",
      tags: ["Retours"],
      auth: "session",
      responses: { 200: { description: "Retours", schema: many }, 401: errors[401] },
    },
    {
      method: "get",
      path: "/api/v1/returns/{id}/label",
      summary: "L'étiquette de retour prépayée d'un retour de l'utilisateur connecté",
      tags: ["Retours"],
      auth: "session",
      pathParams: id,
      responses: { 200: pdf, ...errors },
    },
    {
      method: "get",
      path: "/api/v1/admin/returns",
      summary:
        "Administrateur : les retours, filtrés par statut (requested, refunded, refused), 25 par page. Avec cursor, updated_since ou limit : parcours par date de mise à jour ({ data, next_cursor }) ; une réception et son remboursement mettent le retour à jour.",
      tags: ["Administration"],
      auth: "admin_api",
      query: z.object({ status: z.string().optional(), page: z.string().optional() }).extend(ListWindowQuerySchema.shape),
      responses: {
        200: { description: "Page de retours", schema: listResponse(ReturnSchema, { pages: adminPage }) },
        400: { description: "Curseur ou paramètres de liste invalides", schema: ApiErrorSchema },
        401: errors[401],
        ...admin,
      },
    },
    {
      method: "get",
      path: "/api/v1/admin/returns/{id}/receive",
      summary: "Administrateur : un retour, tel que la réception l'affiche",
      tags: ["Administration"],
      auth: "admin_api",
      pathParams: id,
      responses: { 200: { description: "Retour", schema: one }, ...errors, ...admin },
    },
    {
      method: "post",
      path: "/api/v1/admin/returns/{id}/receive",
      summary: `Administrateur : réceptionner un colis retour. Chaque ligne acceptée ou refusée (motif : ${Object.keys(RETURN_REFUSAL_REASONS).join(", ")}) ; les lignes acceptées sont remboursées dans la même transaction (avoir, carte bancaire, carte cadeau, points au prorata) et remises en stock.`,
      tags: ["Administration"],
      auth: "admin_api",
      pathParams: id,
      body: ReturnReceptionSchema,
      responses: {
        200: { description: "Retour réceptionné et remboursé (ou refusé)", schema: one },
        400: { description: "Décisions manquantes ou motif de refus absent", schema: ApiErrorSchema },
        409: { description: "Retour déjà réceptionné", schema: ApiErrorSchema },
        ...errors,
        ...admin,
      },
    },
    {
      method: "get",
      path: "/api/v1/admin/returns/{id}/label",
      summary: "Administrateur : l'étiquette de retour d'un retour",
      tags: ["Administration"],
      auth: "admin_api",
      pathParams: id,
      responses: { 200: pdf, ...errors, ...admin },
    },
  ];
}
