import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import { ApiErrorSchema } from "~/.server/api/schemas";
import type { ApiOperation } from "~/.server/api/api-operation";

export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/v1/me/export",
    summary: "Toutes les données du compte connecté (droit d'accès et portabilité, RGPD art. 15 et 20), en fichier JSON à télécharger",
    tags: ["Compte"],
    auth: "session",
    responses: {
      200: { description: "Le fichier aurore-mes-donnees-AAAA-MM-JJ.json", binary: "application/json" },
      401: { description: ACCOUNT_MESSAGES.signRequired, schema: ApiErrorSchema },
    },
  },
];
