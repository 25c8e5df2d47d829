import { z } from "zod";
import type { ApiOperation } from "~/.server/api/api-operation";
import { ApiErrorSchema } from "../../api/schemas";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";

/** The invoice and credit note downloads (docs/decisions/031-invoices.md), for the generated OpenAPI document. */
export function invoiceOperations(): ApiOperation[] {
  const pdf = (description: string) => ({
    description: `${description} (PDF, Content-Disposition: attachment; filename="<numéro>.pdf"), identique à chaque téléchargement`,
    binary: "application/pdf",
  });
  const id = z.object({ id: z.uuid() });
  const idAndNumber = z.object({ id: z.uuid(), number: z.string().describe("Numéro de l'avoir (AV-2026-000001)") });
  const unauthenticated = { 401: { description: ACCOUNT_MESSAGES.signRequired, schema: ApiErrorSchema } };
  const forbidden = { 403: { description: "Accès réservé à l'administrateur", schema: ApiErrorSchema } };
  const notFound = {
    404: {
      description: "Commande introuvable (ou d'un autre client), ou document introuvable (commande jamais payée, avoir inconnu)",
      schema: ApiErrorSchema,
    },
  };
  return [
    {
      method: "get",
      path: "/api/v1/orders/{id}/invoice",
      summary:
        "La facture d'une commande de l'utilisateur connecté ; une commande passée avant les factures reçoit la sienne (numérotée) au premier téléchargement",
      tags: ["Commandes"],
      auth: "session",
      pathParams: id,
      responses: { 200: pdf("Facture FA-…"), ...unauthenticated, ...notFound },
    },
    {
      method: "get",
      path: "/api/v1/orders/{id}/credit-notes/{number}",
      summary: "Un avoir d'une commande de l'utilisateur connecté (émis à l'annulation ou au retour d'une commande payée)",
      tags: ["Commandes"],
      auth: "session",
      pathParams: idAndNumber,
      responses: { 200: pdf("Avoir AV-…"), ...unauthenticated, ...notFound },
    },
    {
      method: "get",
      path: "/api/v1/admin/orders/{id}/invoice",
      summary: "Administrateur : la facture d'une commande",
      tags: ["Administration"],
      auth: "admin_api",
      pathParams: id,
      responses: { 200: pdf("Facture FA-…"), ...unauthenticated, ...forbidden, ...notFound },
    },
    {
      method: "get",
      path: "/api/v1/admin/orders/{id}/credit-notes/{number}",
      summary: "Administrateur : un avoir d'une commande",
      tags: ["Administration"],
      auth: "admin_api",
      pathParams: idAndNumber,
      responses: { 200: pdf("Avoir AV-…"), ...unauthenticated, ...forbidden, ...notFound },
    },
  ];
}
