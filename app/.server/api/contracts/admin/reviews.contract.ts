import { z } from "zod";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import { ApiErrorSchema } from "~/.server/api/schemas";
import { AdminReviewQuerySchema } from "~/domain/reviews/reviews";
import { ListWindowQuerySchema, listResponse } from "~/.server/api/admin-list.api-schemas";
import { AdminReviewSchema } from "~/.server/api/contracts/shared/reviews";
import type { ApiOperation } from "~/.server/api/api-operation";

const one = (schema: z.ZodType) => z.object({ data: schema });

const unauthenticated = { 401: { description: ACCOUNT_MESSAGES.signRequired, schema: ApiErrorSchema } };

export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/v1/admin/reviews",
    summary:
      "Avis à modérer (en attente d'abord), filtrés par statut, note et produit. Avec cursor, updated_since ou limit : parcours par date de mise à jour ({ data, next_cursor }).",
    tags: ["Administration"],
    auth: "admin_api",
    query: AdminReviewQuerySchema.extend(ListWindowQuerySchema.shape),
    responses: {
      200: {
        description: "Avis",
        schema: listResponse(AdminReviewSchema, {
          pages: one(z.object({ reviews: z.array(AdminReviewSchema), page: z.int(), page_count: z.int(), total: z.int() })),
        }),
      },
      400: { description: "Paramètres invalides", schema: ApiErrorSchema },
      ...unauthenticated,
      403: { description: "Réservé à l'administrateur", schema: ApiErrorSchema },
    },
  },
];
