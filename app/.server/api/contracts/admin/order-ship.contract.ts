import { z } from "zod";
import { ApiErrorSchema, OrderSchema } from "~/.server/api/schemas";
import { ORDER_STATUS_VALUES } from "~/domain/orders/order.types";
import { CARRIERS } from "~/domain/orders/shipping-tracking";
import type { ApiOperation } from "~/.server/api/api-operation";
import { adminSessionGuard } from "~/.server/api/contracts/shared/responses";

const tags = ["Administration"];

export const operations: ApiOperation[] = [
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
      ...adminSessionGuard,
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
      ...adminSessionGuard,
      404: { description: "Commande introuvable", schema: ApiErrorSchema },
      409: { description: "La commande ne peut pas être expédiée (annulée, retournée, livrée)", schema: ApiErrorSchema },
    },
  },
];
