import { z } from "zod";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import { ApiErrorSchema } from "~/.server/api/schemas";
import { ReviewPatchSchema } from "~/domain/reviews/reviews";
import { OwnReviewSchema, reviewNotFound } from "~/.server/api/contracts/shared/reviews";
import type { ApiOperation } from "~/.server/api/api-operation";
import { uuidPathParams } from "~/.server/api/contracts/shared/responses";

const tags = ["Avis clients"];

const one = (schema: z.ZodType) => z.object({ data: schema });

const unauthenticated = { 401: { description: ACCOUNT_MESSAGES.signRequired, schema: ApiErrorSchema } };

export const operations: ApiOperation[] = [
  {
    method: "patch",
    path: "/api/v1/reviews/{id}",
    summary: "Modifier son avis tant qu'il n'est pas modéré",
    tags,
    auth: "session",
    pathParams: uuidPathParams,
    body: ReviewPatchSchema,
    responses: {
      200: { description: "Avis modifié", schema: one(OwnReviewSchema) },
      400: { description: "Champs invalides", schema: ApiErrorSchema },
      ...unauthenticated,
      ...reviewNotFound,
      409: { description: "Avis déjà modéré (review_moderated)", schema: ApiErrorSchema },
    },
  },
  {
    method: "delete",
    path: "/api/v1/reviews/{id}",
    summary: "Supprimer son avis (à tout moment) ; la note du produit est recalculée",
    tags,
    auth: "session",
    pathParams: uuidPathParams,
    responses: {
      200: { description: "Supprimé", schema: one(z.object({ id: z.uuid(), deleted: z.literal(true) })) },
      ...unauthenticated,
      ...reviewNotFound,
    },
  },
];
