import { z } from "zod";
import { ApiErrorSchema } from "~/.server/api/schemas";
import { ListWindowQuerySchema, listResponse } from "~/.server/api/admin-list.api-schemas";
import { VariantStockSchema } from "~/.server/api/contracts/shared/admin-catalog";
import { BulkStockChangeSchema } from "~/domain/catalog/admin-api.schema";
import * as CHECKOUT_MESSAGES from "~/domain/messages/checkout";
import type { ApiOperation } from "~/.server/api/api-operation";
import { adminApiGuard, invalidFieldsBody } from "~/.server/api/contracts/shared/responses";

const StockChangeResultSchema = z.object({
  data: z.object({ variants: z.array(z.object({ id: z.uuid(), product_id: z.uuid(), stock: z.int(), delta: z.int() })) }),
});

const tags = ["Administration : catalogue et stock"];

const auth = "admin_api" as const;

export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/v1/admin/stock",
    summary: "Stock de chaque variante, par SKU (accès stock:read)",
    tags,
    auth,
    query: ListWindowQuerySchema,
    responses: {
      200: { description: "Une page de stocks", schema: listResponse(VariantStockSchema, { id: "AdminApiStockPage" }) },
      ...invalidFieldsBody,
      ...adminApiGuard,
    },
  },
  {
    method: "post",
    path: "/api/v1/admin/stock",
    summary: "Mouvements de stock par SKU (set, add, remove), tout ou rien (accès stock:write)",
    tags,
    auth,
    body: BulkStockChangeSchema,
    responses: {
      200: { description: "Stocks modifiés", schema: StockChangeResultSchema },
      ...invalidFieldsBody,
      ...adminApiGuard,
      404: { description: "Référence inconnue", schema: ApiErrorSchema },
      409: { description: CHECKOUT_MESSAGES.notEnoughStock, schema: ApiErrorSchema },
    },
  },
];
