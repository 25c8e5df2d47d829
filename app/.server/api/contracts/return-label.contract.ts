import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import { ApiErrorSchema } from "~/.server/api/schemas";
import type { ApiOperation } from "~/.server/api/api-operation";
import { uuidPathParams } from "~/.server/api/contracts/shared/responses";

const pdf = { description: "Étiquette de retour prépayée (PDF avec le code-barres du numéro de retour)", binary: "application/pdf" };

const errors = {
  401: { description: ACCOUNT_MESSAGES.signRequired, schema: ApiErrorSchema },
  404: { description: "Commande ou retour introuvable (ou d'un autre client)", schema: ApiErrorSchema },
};

export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/v1/returns/{id}/label",
    summary: "L'étiquette de retour prépayée d'un retour de l'utilisateur connecté",
    tags: ["Retours"],
    auth: "session",
    pathParams: uuidPathParams,
    responses: { 200: pdf, ...errors },
  },
];
