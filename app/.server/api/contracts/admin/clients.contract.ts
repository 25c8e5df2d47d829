import { z } from "zod";
import { ApiErrorSchema } from "~/.server/api/schemas";
import { ListWindowQuerySchema, listResponse } from "~/.server/api/admin-list.api-schemas";
import type { ApiOperation } from "~/.server/api/api-operation";
import { adminSessionGuard } from "~/.server/api/contracts/shared/responses";

/**
 * The admin API's clients, promo codes and gift cards in the OpenAPI document (decision 049):
 * the back-office's services and messages, over JSON.
 */
const badList = { 400: { description: "Curseur ou paramètres de liste invalides", schema: ApiErrorSchema } };

const tags = ["Administration"];

const ClientRowSchema = z
  .object({
    id: z.string(),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    email: z.string(),
    phone: z.string().nullable(),
    gender: z.string().nullable(),
    bio: z.string().nullable(),
    date_of_birth: z.string().nullable(),
    created_at: z.iso.datetime(),
    last_login_at: z.iso.datetime().nullable(),
    last_order_at: z.iso.datetime().nullable(),
    order_count: z.int(),
    total_spent_cents: z.int(),
    loyalty_points: z.int(),
    status: z.enum(["active", "inactive"]).describe("Actif : au moins une commande dans la période retenue"),
  })
  .meta({ id: "AdminClientRow" });

const ClientPageSchema = z.object({
  data: z.object({ rows: z.array(ClientRowSchema), total: z.int(), page: z.int(), page_size: z.int(), page_count: z.int() }),
});

export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/v1/admin/clients",
    summary:
      "Administrateur : les clients (hors administrateurs), les comptes les plus récents d'abord, 20 par page ; recherche (nom, e-mail, téléphone), statut (active, inactive). Avec cursor, updated_since ou limit : parcours par date de mise à jour ({ data, next_cursor }).",
    tags,
    auth: "admin_api",
    query: z
      .object({ search: z.string().optional(), status: z.string().optional(), page: z.string().optional() })
      .extend(ListWindowQuerySchema.shape),
    responses: {
      200: { description: "Clients", schema: listResponse(ClientRowSchema, { pages: ClientPageSchema }) },
      ...badList,
      ...adminSessionGuard,
    },
  },
];
