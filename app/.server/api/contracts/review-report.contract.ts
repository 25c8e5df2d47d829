import { z } from "zod";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import { ApiErrorSchema } from "~/.server/api/schemas";
import { ReviewReportSchema } from "~/domain/reviews/reviews";
import type { ApiOperation } from "~/.server/api/api-operation";
import { reviewNotFound } from "~/.server/api/contracts/shared/reviews";
import { uuidPathParams } from "~/.server/api/contracts/shared/responses";

const tags = ["Avis clients"];

const one = (schema: z.ZodType) => z.object({ data: schema });

const unauthenticated = { 401: { description: ACCOUNT_MESSAGES.signRequired, schema: ApiErrorSchema } };

export const operations: ApiOperation[] = [
  {
    method: "post",
    path: "/api/v1/reviews/{id}/report",
    summary: "Signaler un avis publié (une fois par compte) ; après plusieurs signalements il repasse en modération",
    tags,
    auth: "session",
    pathParams: uuidPathParams,
    body: ReviewReportSchema,
    responses: {
      200: { description: "Signalement enregistré", schema: one(z.object({ counted: z.boolean() })) },
      ...unauthenticated,
      ...reviewNotFound,
    },
  },
];
