import { z } from "zod";
import { ApiErrorSchema } from "~/.server/api/schemas";
import type { ApiOperation } from "~/.server/api/api-operation";
import { adminSessionGuard } from "~/.server/api/contracts/shared/responses";

const tags = ["Administration"];

const orderIdsQuery = z.object({ order_ids: z.string().describe("Comma-separated order ids, at most 100") });

export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/v1/admin/shipments/picking-list",
    summary: "Administrateur : la liste de préparation des commandes choisies (articles par commande, puis total par référence)",
    tags,
    auth: "admin_api",
    query: orderIdsQuery,
    responses: {
      200: { description: "Liste de préparation (PDF)", binary: "application/pdf" },
      400: { description: "Aucune commande, ou plus de 100", schema: ApiErrorSchema },
      ...adminSessionGuard,
      404: { description: "Aucune commande trouvée", schema: ApiErrorSchema },
    },
  },
];
