import { ApiErrorSchema } from "~/.server/api/schemas";
import type { ApiOperation } from "~/.server/api/api-operation";
import { adminSessionGuard, uuidPathParams } from "~/.server/api/contracts/shared/responses";

const tags = ["Administration"];
const pdf = { description: "L'étiquette du transporteur (PDF), telle qu'il l'a imprimée", binary: "application/pdf" };

export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/v1/admin/orders/{id}/shipment/label",
    summary: "Administrateur : réimprimer l'étiquette du colis d'une commande",
    tags,
    auth: "admin_api",
    pathParams: uuidPathParams,
    responses: { 200: pdf, ...adminSessionGuard, 404: { description: "Commande sans étiquette", schema: ApiErrorSchema } },
  },
];
