import { z } from "zod";
import { ApiErrorSchema } from "~/.server/api/schemas";
import type { ApiOperation } from "~/.server/api/api-operation";
import { adminApiGuard } from "~/.server/api/contracts/shared/responses";
import { AccountingPeriodSchema, unsealedConflict } from "~/.server/api/contracts/shared/accounting";

const OssRowSchema = z
  .object({
    member_state: z.string().describe("État membre de consommation (code ISO)"),
    vat_rate: z.number().describe("Taux en pour cent"),
    taxable_ht_cents: z.number().int().describe("Base imposable HT, avoirs du trimestre déduits"),
    vat_cents: z.number().int(),
  })
  .meta({ id: "AccountingOssRow" });

export const AccountingOssResponseSchema = z
  .object({
    data: z.object({ year: z.number().int(), quarter: z.number().int(), period: AccountingPeriodSchema, rows: z.array(OssRowSchema) }),
  })
  .meta({ id: "AccountingOssResponse" });

/** The One-Stop Shop's quarterly totals (docs/decisions/065-accounting-export.md). */
export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/v1/admin/accounting/oss",
    summary: "Administrateur : les totaux OSS d'un trimestre par État membre et par taux",
    tags: ["Administration"],
    auth: "admin_api",
    query: z.object({
      year: z.string().describe("Année sur quatre chiffres"),
      quarter: z.string().describe("Trimestre : 1, 2, 3 ou 4"),
    }),
    responses: {
      200: { description: "Ventes à distance déclarées au guichet unique (régime oss)", schema: AccountingOssResponseSchema },
      400: { description: "Année ou trimestre invalide", schema: ApiErrorSchema },
      ...adminApiGuard,
      ...unsealedConflict,
    },
  },
];
