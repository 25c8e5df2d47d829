import { z } from "zod";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import { ApiErrorSchema } from "~/.server/api/schemas";
import type { ApiOperation } from "~/.server/api/api-operation";
import { reviewNotFound } from "~/.server/api/contracts/shared/reviews";
import { uuidPathParams } from "~/.server/api/contracts/shared/responses";

const tags = ["Avis clients"];

const one = (schema: z.ZodType) => z.object({ data: schema });

const unauthenticated = { 401: { description: ACCOUNT_MESSAGES.signRequired, schema: ApiErrorSchema } };

export const operations: ApiOperation[] = [
  {
    method: "post",
    path: "/api/v1/reviews/{id}/vote",
    summary: "« Utile » : une voix par compte, jamais pour son propre avis",
    tags,
    auth: "session",
    pathParams: uuidPathParams,
    responses: {
      200: {
        description: "Voix comptée (counted: false si déjà donnée)",
        schema: one(z.object({ helpful_count: z.int(), counted: z.boolean() })),
      },
      ...unauthenticated,
      403: { description: "Son propre avis", schema: ApiErrorSchema },
      ...reviewNotFound,
    },
  },
];
