/** What the accounting operations share (docs/decisions/065-accounting-export.md). */
import { z } from "zod";
import { ApiErrorSchema } from "~/.server/api/schemas";

export const AccountingPeriodQuery = z.object({
  from: z.string().describe("Premier jour de la période (AAAA-MM-JJ ou JJ/MM/AAAA, heure de Paris)"),
  to: z.string().describe("Dernier jour de la période, inclus (au plus 366 jours après le premier)"),
});

export const unsealedConflict = {
  409: {
    description:
      "Période non scellée : des commandes payées de la période n'ont pas encore de facture (details.orders) ; émettez-les puis exportez à nouveau",
    schema: ApiErrorSchema,
  },
};

export const AccountingPeriodSchema = z.object({ from: z.string(), to: z.string() });
