import { z } from "zod";
import { ReviewSchema, OwnReviewSchema } from "~/.server/api/contracts/shared/reviews";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import { ApiErrorSchema } from "~/.server/api/schemas";
import { ReviewListQuerySchema, ReviewCreateSchema } from "~/domain/reviews/reviews";
import * as SHOP_MESSAGES from "~/domain/messages/shop";
import type { ApiOperation } from "~/.server/api/api-operation";
import { uuidPathParams } from "~/.server/api/contracts/shared/responses";

const SummarySchema = z.object({
  average: z.number().describe("Average of published reviews, one decimal; 0 without any"),
  count: z.int(),
  distribution: z.object({ 1: z.int(), 2: z.int(), 3: z.int(), 4: z.int(), 5: z.int() }),
});

const ReviewPageSchema = z.object({
  data: z.object({ summary: SummarySchema, reviews: z.array(ReviewSchema), page: z.int(), page_count: z.int(), total: z.int() }),
});

const tags = ["Avis clients"];

const one = (schema: z.ZodType) => z.object({ data: schema });

const unauthenticated = { 401: { description: ACCOUNT_MESSAGES.signRequired, schema: ApiErrorSchema } };

export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/v1/products/{id}/reviews",
    summary: "Les avis publiés d'un produit : moyenne, nombre et répartition par étoiles, puis une page d'avis triés et filtrés",
    tags,
    auth: "none",
    pathParams: uuidPathParams,
    query: ReviewListQuerySchema,
    responses: {
      200: { description: "Avis", schema: ReviewPageSchema },
      400: { description: "Paramètres invalides", schema: ApiErrorSchema },
      404: { description: SHOP_MESSAGES.productNotFound, schema: ApiErrorSchema },
    },
  },
  {
    method: "post",
    path: "/api/v1/products/{id}/reviews",
    summary: "Donner son avis : réservé aux clients ayant reçu la variante (avis vérifié), un avis par variante, publié après modération",
    tags,
    auth: "session",
    pathParams: uuidPathParams,
    body: ReviewCreateSchema,
    responses: {
      201: { description: "Avis enregistré, en attente de modération", schema: one(OwnReviewSchema) },
      400: {
        description: "Champs invalides, ou photo qui n'a pas été envoyée depuis ce compte ou figure déjà dans un avis (photo_not_owned)",
        schema: ApiErrorSchema,
      },
      ...unauthenticated,
      403: { description: "Produit non acheté ou non reçu (not_a_buyer)", schema: ApiErrorSchema },
      404: { description: SHOP_MESSAGES.productNotFound, schema: ApiErrorSchema },
      409: { description: "Avis déjà donné pour cette variante (review_exists)", schema: ApiErrorSchema },
    },
  },
];
