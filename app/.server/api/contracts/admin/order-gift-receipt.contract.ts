import { ApiErrorSchema } from "~/.server/api/schemas";
import type { ApiOperation } from "~/.server/api/api-operation";
import { adminSessionGuard, uuidPathParams } from "~/.server/api/contracts/shared/responses";

const tags = ["Administration"];

/** The gift receipt put in the parcel (docs/decisions/068-gift-wrap.md): no price at all. */
export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/v1/admin/orders/{id}/gift-receipt",
    summary: "Administrateur : le ticket cadeau d'une commande, sans aucun prix, à joindre au colis",
    tags,
    auth: "admin_api",
    pathParams: uuidPathParams,
    responses: {
      200: { description: "Ticket cadeau (PDF)", binary: "application/pdf" },
      ...adminSessionGuard,
      404: { description: "Commande introuvable, ou commande sans options cadeau", schema: ApiErrorSchema },
    },
  },
];
