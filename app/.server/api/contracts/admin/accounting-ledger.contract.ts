import { z } from "zod";
import { ApiErrorSchema } from "~/.server/api/schemas";
import type { ApiOperation } from "~/.server/api/api-operation";
import { adminApiGuard } from "~/.server/api/contracts/shared/responses";
import { AccountingPeriodQuery, AccountingPeriodSchema, unsealedConflict } from "~/.server/api/contracts/shared/accounting";
import { TAX_REGIMES } from "~/domain/tax/tax-rules";

const LedgerRowSchema = z
  .object({
    vat_rate: z.number().nullable().describe("Taux en pour cent ; null : hors champ (cartes cadeaux)"),
    vat_country: z.string().describe("État membre dont c'est la TVA (FR sauf OSS)"),
    destination: z.string().describe("Code ISO du pays de livraison"),
    regime: z.enum(TAX_REGIMES),
    invoiced_ht_cents: z.number().int(),
    invoiced_vat_cents: z.number().int(),
    credited_ht_cents: z.number().int().describe("Rendu par les avoirs, en positif"),
    credited_vat_cents: z.number().int(),
    net_ht_cents: z.number().int(),
    net_vat_cents: z.number().int(),
    net_ttc_cents: z.number().int(),
  })
  .meta({ id: "AccountingLedgerRow" });

export const AccountingLedgerResponseSchema = z
  .object({ data: z.object({ period: AccountingPeriodSchema, rows: z.array(LedgerRowSchema) }) })
  .meta({ id: "AccountingLedgerResponse" });

/** The sales ledger per VAT rate and destination (docs/decisions/065-accounting-export.md). */
export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/v1/admin/accounting/ledger",
    summary: "Administrateur : le journal des ventes d'une période par taux de TVA et destination (factures moins avoirs)",
    tags: ["Administration"],
    auth: "admin_api",
    query: AccountingPeriodQuery,
    responses: {
      200: { description: "Lignes par taux, État de TVA, pays de livraison et régime", schema: AccountingLedgerResponseSchema },
      400: { description: "Période invalide (dates, fin avant le début, plus de 366 jours)", schema: ApiErrorSchema },
      ...adminApiGuard,
      ...unsealedConflict,
    },
  },
];
