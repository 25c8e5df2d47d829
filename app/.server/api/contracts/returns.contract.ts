import { z } from "zod";
import { ReturnSchema } from "~/.server/api/contracts/shared/returns";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import { ApiErrorSchema } from "~/.server/api/schemas";
import type { ApiOperation } from "~/.server/api/api-operation";

const many = z.object({ data: z.array(ReturnSchema) });

const errors = {
  401: { description: ACCOUNT_MESSAGES.signRequired, schema: ApiErrorSchema },
  404: { description: "Commande ou retour introuvable (ou d'un autre client)", schema: ApiErrorSchema },
};

export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/v1/returns",
    summary: "Les retours de l'utilisateur connecté, du plus récent au plus ancien",
    tags: ["Retours"],
    auth: "session",
    responses: { 200: { description: "Retours", schema: many }, 401: errors[401] },
  },
];
