import { MeResponseSchema, ApiErrorSchema } from "~/.server/api/schemas";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import { ProfileUpdateApiSchema } from "~/domain/account/profile.schema";
import type { ApiOperation } from "~/.server/api/api-operation";

export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/v1/me",
    summary: "Le profil de l'utilisateur connecté",
    tags: ["Compte"],
    auth: "session",
    responses: {
      200: { description: "Profil", schema: MeResponseSchema },
      401: { description: ACCOUNT_MESSAGES.signRequired, schema: ApiErrorSchema },
    },
  },
  {
    method: "patch",
    path: "/api/v1/me",
    summary: "Modifier prénom, nom et téléphone (l'e-mail ne se modifie pas ici)",
    tags: ["Compte"],
    auth: "session",
    body: ProfileUpdateApiSchema,
    responses: {
      200: { description: "Profil mis à jour", schema: MeResponseSchema },
      400: { description: "Champs invalides", schema: ApiErrorSchema },
      401: { description: ACCOUNT_MESSAGES.signRequired, schema: ApiErrorSchema },
    },
  },
];
