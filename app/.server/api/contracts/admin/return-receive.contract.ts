import { z } from "zod";
import { ReturnSchema } from "~/.server/api/contracts/shared/returns";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import { ApiErrorSchema } from "~/.server/api/schemas";
import { RETURN_REFUSAL_REASONS, ReturnReceptionSchema } from "~/domain/returns/returns";
import type { ApiOperation } from "~/.server/api/api-operation";
import { uuidPathParams } from "~/.server/api/contracts/shared/responses";

const one = z.object({ data: ReturnSchema });

const errors = {
  401: { description: ACCOUNT_MESSAGES.signRequired, schema: ApiErrorSchema },
  404: { description: "Commande ou retour introuvable (ou d'un autre client)", schema: ApiErrorSchema },
};

const admin = { 403: { description: "Accès réservé à l'administrateur", schema: ApiErrorSchema } };

export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/v1/admin/returns/{id}/receive",
    summary: "Administrateur : un retour, tel que la réception l'affiche",
    tags: ["Administration"],
    auth: "admin_api",
    pathParams: uuidPathParams,
    responses: { 200: { description: "Retour", schema: one }, ...errors, ...admin },
  },
  {
    method: "post",
    path: "/api/v1/admin/returns/{id}/receive",
    summary: `Administrateur : réceptionner un colis retour. Chaque ligne acceptée ou refusée (motif : ${Object.keys(RETURN_REFUSAL_REASONS).join(", ")}) ; les lignes acceptées sont remboursées dans la même transaction (avoir, carte bancaire, carte cadeau, points au prorata) et remises en stock.`,
    tags: ["Administration"],
    auth: "admin_api",
    pathParams: uuidPathParams,
    body: ReturnReceptionSchema,
    responses: {
      200: { description: "Retour réceptionné et remboursé (ou refusé)", schema: one },
      400: { description: "Décisions manquantes ou motif de refus absent", schema: ApiErrorSchema },
      409: { description: "Retour déjà réceptionné", schema: ApiErrorSchema },
      ...errors,
      ...admin,
    },
  },
];
