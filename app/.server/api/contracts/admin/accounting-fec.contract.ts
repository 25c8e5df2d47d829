import { ApiErrorSchema } from "~/.server/api/schemas";
import type { ApiOperation } from "~/.server/api/api-operation";
import { adminApiGuard } from "~/.server/api/contracts/shared/responses";
import { AccountingPeriodQuery, unsealedConflict } from "~/.server/api/contracts/shared/accounting";

/** The accountant's FEC (docs/decisions/065-accounting-export.md). */
export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/v1/admin/accounting/fec",
    summary: "Administrateur : le fichier des écritures comptables (FEC, art. A47 A-1 LPF) des ventes d'une période close",
    tags: ["Administration"],
    auth: "admin_api",
    query: AccountingPeriodQuery,
    responses: {
      200: {
        description:
          "Fichier <SIREN>FEC<AAAAMMJJ>.txt en ISO 8859-15 : 18 colonnes séparées par une tabulation, dates AAAAMMJJ, montants avec virgule ; écritures équilibrées, numérotées sans trou dans l'exercice",
        binary: "text/plain",
      },
      400: {
        description: "Période invalide (dates, fin avant le début, plus de 366 jours, fin qui n'est pas close) ou SIREN non renseigné",
        schema: ApiErrorSchema,
      },
      ...adminApiGuard,
      ...unsealedConflict,
    },
  },
];
