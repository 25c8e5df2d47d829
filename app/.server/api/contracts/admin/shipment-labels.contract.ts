import { z } from "zod";
import { ApiErrorSchema } from "~/.server/api/schemas";
import type { ApiOperation } from "~/.server/api/api-operation";
import { adminSessionGuard } from "~/.server/api/contracts/shared/responses";

const tags = ["Administration"];

const orderIdsQuery = z.object({ order_ids: z.string().describe("Comma-separated order ids, at most 100") });

export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/v1/admin/shipments/labels",
    summary: "Administrateur : les étiquettes des commandes choisies, en un seul PDF à imprimer",
    tags,
    auth: "admin_api",
    query: orderIdsQuery,
    responses: {
      200: { description: "Étiquettes (PDF)", binary: "application/pdf" },
      400: { description: "Aucune commande, ou plus de 100", schema: ApiErrorSchema },
      ...adminSessionGuard,
      404: { description: "Aucune des commandes n'a d'étiquette", schema: ApiErrorSchema },
    },
  },
];
