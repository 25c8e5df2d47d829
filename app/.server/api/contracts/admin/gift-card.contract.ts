import { z } from "zod";
import { ApiErrorSchema } from "~/.server/api/schemas";
import { GiftCardSchema } from "~/.server/api/contracts/shared/promotions";
import type { ApiOperation } from "~/.server/api/api-operation";
import { adminSessionGuard } from "~/.server/api/contracts/shared/responses";

/**
 * The admin API's clients, promo codes and gift cards in the OpenAPI document (decision 049):
 * the back-office's services and messages, over JSON.
 */
const tags = ["Administration"];

const LedgerEntrySchema = z.object({
  id: z.int(),
  kind: z.enum(["issue", "use", "refund"]),
  amount_cents: z.int(),
  balance_after_cents: z.int(),
  order_reference: z.string().nullable(),
  note: z.string().nullable(),
  created_at: z.iso.datetime(),
});

const uuidId = z.object({ id: z.uuid() });

export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/v1/admin/gift-cards/{id}",
    summary: "Administrateur : une carte cadeau et son historique (émission, utilisations, remboursements)",
    tags,
    auth: "admin_api",
    pathParams: uuidId,
    responses: {
      200: {
        description: "Carte cadeau",
        schema: z.object({ data: GiftCardSchema.extend({ updated_at: z.iso.datetime(), ledger: z.array(LedgerEntrySchema) }) }),
      },
      ...adminSessionGuard,
      404: { description: "Carte cadeau introuvable", schema: ApiErrorSchema },
    },
  },
];
