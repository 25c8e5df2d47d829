import { z } from "zod";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import { ApiErrorSchema } from "~/.server/api/schemas";
import { OwnReviewSchema } from "~/.server/api/contracts/shared/reviews";
import type { ApiOperation } from "~/.server/api/api-operation";
import { uuidPathParams } from "~/.server/api/contracts/shared/responses";

const tags = ["Avis clients"];

const one = (schema: z.ZodType) => z.object({ data: schema });

const unauthenticated = { 401: { description: ACCOUNT_MESSAGES.signRequired, schema: ApiErrorSchema } };

export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/v1/products/{id}/reviewable",
    summary:
      "Les variantes de ce produit reçues par le client connecté et pas encore notées (« Donner mon avis »), et ses propres avis du produit avec leur statut",
    tags,
    auth: "session",
    pathParams: uuidPathParams,
    responses: {
      200: {
        description: "Variantes à noter et avis du client",
        schema: one(
          z.object({
            variants: z.array(z.object({ variant_id: z.uuid(), variant_label: z.string().nullable() })),
            own: z.array(OwnReviewSchema),
          }),
        ),
      },
      ...unauthenticated,
    },
  },
];
