import { z } from "zod";
import { ApiErrorSchema } from "~/.server/api/schemas";
import type { ApiOperation } from "~/.server/api/api-operation";
import { adminSessionGuard } from "~/.server/api/contracts/shared/responses";
import { LABEL_FORMATS } from "~/domain/delivery/carrier";

const tags = ["Administration"];

export const operations: ApiOperation[] = [
  {
    method: "post",
    path: "/api/v1/admin/shipments/batch",
    summary:
      "Administrateur : imprimer chez le transporteur l'étiquette de chaque commande choisie, au poids proposé ; chaque commande réussit ou échoue seule, une commande déjà imprimée garde son étiquette",
    tags,
    auth: "admin_api",
    body: z.object({ order_ids: z.array(z.uuid()).min(1).max(100), format: z.enum(LABEL_FORMATS).optional() }),
    responses: {
      200: {
        description: "Le résultat de chaque commande",
        schema: z.object({
          data: z.array(
            z.object({
              order_id: z.string(),
              order_number: z.string().nullable(),
              ok: z.boolean(),
              tracking_number: z.string().nullable(),
              message: z.string().nullable(),
            }),
          ),
        }),
      },
      400: { description: "Aucune commande, ou plus de 100", schema: ApiErrorSchema },
      ...adminSessionGuard,
    },
  },
];
