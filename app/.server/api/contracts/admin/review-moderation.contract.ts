import { z } from "zod";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import { ApiErrorSchema } from "~/.server/api/schemas";
import { ReviewRejectSchema, ReviewAnswerSchema } from "~/domain/reviews/reviews";
import type { ApiOperation } from "~/.server/api/api-operation";
import { AdminReviewSchema, ReviewSchema, reviewNotFound } from "~/.server/api/contracts/shared/reviews";
import { uuidPathParams } from "~/.server/api/contracts/shared/responses";

const one = (schema: z.ZodType) => z.object({ data: schema });

const unauthenticated = { 401: { description: ACCOUNT_MESSAGES.signRequired, schema: ApiErrorSchema } };

export const operations: ApiOperation[] = [
  ...(
    [
      ["publish", "Publier un avis en attente (l'auteur est prévenu)", undefined],
      ["reject", "Refuser (ou dépublier) un avis avec un motif de la liste (l'auteur est prévenu)", ReviewRejectSchema],
      ["answer", "Réponse publique de la boutique sous un avis publié", ReviewAnswerSchema],
    ] as const
  ).flatMap(([step, summary, body]): ApiOperation[] => [
    {
      method: "get",
      path: `/api/v1/admin/reviews/{id}/${step}`,
      summary: "L'avis tel que le montre la fenêtre de modération",
      tags: ["Administration"],
      auth: "admin_api",
      pathParams: uuidPathParams,
      responses: {
        200: { description: "Avis", schema: one(AdminReviewSchema) },
        ...unauthenticated,
        403: { description: "Réservé à l'administrateur", schema: ApiErrorSchema },
        ...reviewNotFound,
      },
    },
    {
      method: "post",
      path: `/api/v1/admin/reviews/{id}/${step}`,
      summary,
      tags: ["Administration"],
      auth: "admin_api",
      pathParams: uuidPathParams,
      ...(body ? { body } : {}),
      responses: {
        200: { description: "Avis", schema: one(ReviewSchema) },
        400: { description: "Champs invalides", schema: ApiErrorSchema },
        ...unauthenticated,
        403: { description: "Réservé à l'administrateur", schema: ApiErrorSchema },
        ...reviewNotFound,
        409: { description: "Déjà modéré, ou réponse à un avis non publié", schema: ApiErrorSchema },
      },
    },
  ]),
];
