import { z } from "zod";
import { ProductResponseSchema, ApiErrorSchema } from "~/.server/api/schemas";
import * as SHOP_MESSAGES from "~/domain/messages/shop";
import type { ApiOperation } from "~/.server/api/api-operation";

export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/v1/products/{id}",
    summary: "Un produit avec sa catégorie et ses variantes (tailles, teintes)",
    tags: ["Catalogue"],
    pathParams: z.object({ id: z.uuid() }),
    responses: {
      200: { description: "Le produit", schema: ProductResponseSchema },
      404: { description: SHOP_MESSAGES.productNotFound, schema: ApiErrorSchema },
    },
  },
];
