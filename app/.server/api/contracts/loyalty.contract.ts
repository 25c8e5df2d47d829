import { z } from "zod";
import { BEAUTY_PASS_TRANSACTION_TYPES, type LoyaltySummary } from "~/domain/loyalty/loyalty.types";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import { ApiErrorSchema } from "~/.server/api/schemas";
import type { ApiOperation } from "~/.server/api/api-operation";

/** Response shape of GET /api/v1/loyalty, for the generated OpenAPI document. */
export const LoyaltyTransactionSchema = z
  .object({
    id: z.uuid(),
    points: z.int().describe("Positive for a credit, negative for a debit"),
    type: z
      .enum(BEAUTY_PASS_TRANSACTION_TYPES)
      .describe(
        "earned (order delivered), used (checkout), expired (12 months), reversed (earning taken back), refunded (used points given back), adjusted",
      ),
    description: z.string(),
    order_id: z.uuid().nullable(),
    order_reference: z.string().nullable().describe("Le numéro de la commande (AUR-2026-000123)"),
    created_at: z.iso.datetime(),
  })
  .meta({ id: "LoyaltyTransaction" });

export const LoyaltySummarySchema = z
  .object({
    balance: z.int().nonnegative().describe("Points available now"),
    lifetime_points: z.int().nonnegative().describe("Points earned on orders, net of reversals"),
    tier: z.object({
      id: z.enum(["lover", "expert", "vip"]),
      name: z.string(),
      min: z.int().nonnegative(),
      max: z.int().nullable(),
    }),
    next_threshold: z.int().positive().nullable().describe("Next reward threshold (50, 100, 200, 500, 1000) above the balance"),
    progress_percent: z.int().min(0).max(100),
    points_to_next: z.int().positive().nullable(),
    next_expiry: z
      .object({ points: z.int().positive(), expires_at: z.iso.datetime() })
      .nullable()
      .describe("The oldest earned points still in the balance (first in, first out) and when they lapse"),
    transactions: z.array(LoyaltyTransactionSchema).max(20).describe("Latest 20, newest first"),
  })
  .meta({ id: "LoyaltySummary" });

export const LoyaltySummaryResponseSchema = z.object({ data: LoyaltySummarySchema });

type Assert<T extends true> = T;

export type _LoyaltySummaryMatches = Assert<LoyaltySummary extends z.infer<typeof LoyaltySummarySchema> ? true : false>;

export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/v1/loyalty",
    summary:
      "Le Beauty Pass de l'utilisateur connecté : solde, niveau, prochain palier, prochains points à expirer et 20 dernières transactions",
    tags: ["Beauty Pass"],
    auth: "session",
    responses: {
      200: { description: "Beauty Pass", schema: LoyaltySummaryResponseSchema },
      401: { description: ACCOUNT_MESSAGES.signRequired, schema: ApiErrorSchema },
      503: { description: ACCOUNT_MESSAGES.errorWhileLoadingPoints, schema: ApiErrorSchema },
    },
  },
];
