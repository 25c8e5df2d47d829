import { z } from "zod";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import { ApiErrorSchema, OrderResponseSchema } from "~/.server/api/schemas";
import { ORDER_STATUS_VALUES } from "~/domain/orders/order.types";
import type { ApiOperation } from "~/.server/api/api-operation";

export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/v1/admin/order-status",
    summary: "Administrateur : les statuts de commande et leurs libellés",
    tags: ["Administration"],
    auth: "admin_api",
    responses: {
      200: { description: "Statuts", schema: z.object({ data: z.array(z.object({ value: z.string(), label: z.string() })) }) },
      401: { description: ACCOUNT_MESSAGES.signRequired, schema: ApiErrorSchema },
      403: { description: "Accès réservé à l'administrateur", schema: ApiErrorSchema },
    },
  },
  {
    method: "post",
    path: "/api/v1/admin/order-status",
    summary:
      "Administrateur : changer le statut d'une commande (stock, points Beauty Pass, notification et e-mail dans la même transaction)",
    tags: ["Administration"],
    auth: "admin_api",
    body: z.object({ order_id: z.uuid(), status: z.enum(ORDER_STATUS_VALUES) }),
    responses: {
      200: {
        description: "Commande mise à jour (changed: false si elle avait déjà ce statut)",
        schema: OrderResponseSchema.extend({ changed: z.boolean(), points_credited: z.number().int() }),
      },
      400: { description: "Statut de commande invalide", schema: ApiErrorSchema },
      401: { description: ACCOUNT_MESSAGES.signRequired, schema: ApiErrorSchema },
      403: { description: "Accès réservé à l'administrateur", schema: ApiErrorSchema },
      404: { description: "Commande introuvable", schema: ApiErrorSchema },
      409: { description: "Stock insuffisant ou Points insuffisants pour reprendre une commande annulée", schema: ApiErrorSchema },
    },
  },
];
