import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import { ApiErrorSchema } from "~/.server/api/schemas";
import type { ApiOperation } from "~/.server/api/api-operation";
import { orderDocumentNotFound, uuidPathParams } from "~/.server/api/contracts/shared/responses";

const pdf = (description: string) => ({
  description: `${description} (PDF, Content-Disposition: attachment; filename="<numéro>.pdf"), identique à chaque téléchargement`,
  binary: "application/pdf",
});

const unauthenticated = { 401: { description: ACCOUNT_MESSAGES.signRequired, schema: ApiErrorSchema } };

const forbidden = { 403: { description: "Accès réservé à l'administrateur", schema: ApiErrorSchema } };

/** The invoice and credit note downloads (docs/decisions/031-invoices.md), for the generated OpenAPI document. */
export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/v1/admin/orders/{id}/invoice",
    summary: "Administrateur : la facture d'une commande",
    tags: ["Administration"],
    auth: "admin_api",
    pathParams: uuidPathParams,
    responses: { 200: pdf("Facture FA-…"), ...unauthenticated, ...forbidden, ...orderDocumentNotFound },
  },
];
