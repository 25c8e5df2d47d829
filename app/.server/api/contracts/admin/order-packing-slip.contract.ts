import { ApiErrorSchema } from "~/.server/api/schemas";
import type { ApiOperation } from "~/.server/api/api-operation";
import { adminSessionGuard, uuidPathParams } from "~/.server/api/contracts/shared/responses";

const tags = ["Administration"];

/** The parcel's packing slip (docs/decisions/068-gift-wrap.md), with the gift message. */
export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/v1/admin/orders/{id}/packing-slip",
    summary: "Administrateur : le bon de livraison d'une commande, avec le message cadeau ; sans prix si la commande les masque",
    tags,
    auth: "admin_api",
    pathParams: uuidPathParams,
    responses: {
      200: { description: "Bon de livraison (PDF)", binary: "application/pdf" },
      ...adminSessionGuard,
      404: { description: "Commande introuvable", schema: ApiErrorSchema },
    },
  },
];
