import { z } from "zod";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import { ApiErrorSchema } from "~/.server/api/schemas";
import type { ApiOperation } from "~/.server/api/api-operation";
import { orderDocumentNotFound } from "~/.server/api/contracts/shared/responses";

const idAndNumber = z.object({ id: z.uuid(), number: z.string().describe("Numéro de l'avoir (AV-2026-000001)") });

const pdf = (description: string) => ({
  description: `${description} (PDF, Content-Disposition: attachment; filename="<numéro>.pdf"), identique à chaque téléchargement`,
  binary: "application/pdf",
});

const unauthenticated = { 401: { description: ACCOUNT_MESSAGES.signRequired, schema: ApiErrorSchema } };

/** The invoice and credit note downloads (docs/decisions/031-invoices.md), for the generated OpenAPI document. */
export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/v1/orders/{id}/credit-notes/{number}",
    summary: "Un avoir d'une commande de l'utilisateur connecté (émis à l'annulation ou au retour d'une commande payée)",
    tags: ["Commandes"],
    auth: "session",
    pathParams: idAndNumber,
    responses: { 200: pdf("Avoir AV-…"), ...unauthenticated, ...orderDocumentNotFound },
  },
];
