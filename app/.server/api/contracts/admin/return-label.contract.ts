import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import { ApiErrorSchema } from "~/.server/api/schemas";
import type { ApiOperation } from "~/.server/api/api-operation";
import { uuidPathParams } from "~/.server/api/contracts/shared/responses";

const pdf = { description: "Étiquette de retour prépayée (PDF avec le code-barres du numéro de retour)", binary: "application/pdf" };

const errors = {
  401: { description: ACCOUNT_MESSAGES.signRequired, schema: ApiErrorSchema },
  404: { description: "Commande ou retour introuvable (ou d'un autre client)", schema: ApiErrorSchema },
};

const admin = { 403: { description: "Accès réservé à l'administrateur", schema: ApiErrorSchema } };

export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/v1/admin/returns/{id}/label",
    summary: "Administrateur : l'étiquette de retour d'un retour",
    tags: ["Administration"],
    auth: "admin_api",
    pathParams: uuidPathParams,
    responses: { 200: pdf, ...errors, ...admin },
  },
];
