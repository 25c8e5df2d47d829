import { z } from "zod";
import { ReturnSchema } from "~/.server/api/contracts/shared/returns";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import { ApiErrorSchema } from "~/.server/api/schemas";
import { ListWindowQuerySchema, listResponse } from "~/.server/api/admin-list.api-schemas";
import type { ApiOperation } from "~/.server/api/api-operation";

const AdminReturnSchema = ReturnSchema.extend({ customer_name: z.string(), customer_email: z.string().nullable() });

const adminPage = z.object({
  data: z.object({
    returns: z.array(AdminReturnSchema),
    total: z.int(),
    page: z.int(),
    page_count: z.int(),
  }),
});

const errors = {
  401: { description: ACCOUNT_MESSAGES.signRequired, schema: ApiErrorSchema },
  404: { description: "Commande ou retour introuvable (ou d'un autre client)", schema: ApiErrorSchema },
};

const admin = { 403: { description: "Accès réservé à l'administrateur", schema: ApiErrorSchema } };

export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/v1/admin/returns",
    summary:
      "Administrateur : les retours, filtrés par statut (requested, refunded, refused), 25 par page. Avec cursor, updated_since ou limit : parcours par date de mise à jour ({ data, next_cursor }) ; une réception et son remboursement mettent le retour à jour.",
    tags: ["Administration"],
    auth: "admin_api",
    query: z.object({ status: z.string().optional(), page: z.string().optional() }).extend(ListWindowQuerySchema.shape),
    responses: {
      200: { description: "Page de retours", schema: listResponse(ReturnSchema, { pages: adminPage }) },
      400: { description: "Curseur ou paramètres de liste invalides", schema: ApiErrorSchema },
      401: errors[401],
      ...admin,
    },
  },
];
