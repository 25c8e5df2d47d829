import { z } from "zod";
import { ORDER_STATUS_VALUES } from "~/domain/orders/order.types";
import { ApiErrorSchema } from "~/.server/api/schemas";
import { AdminOrderQuerySchema } from "~/domain/orders/admin-orders.schema";
import { ListWindowQuerySchema, listResponse } from "~/.server/api/admin-list.api-schemas";
import type { ApiOperation } from "~/.server/api/api-operation";
import { adminSessionGuard } from "~/.server/api/contracts/shared/responses";

/** Response shapes and operations of /api/v1/admin/orders, for the generated OpenAPI document. */
const status = z.enum(ORDER_STATUS_VALUES);

export const AdminOrderRowSchema = z
  .object({
    id: z.uuid(),
    number: z.string().describe("Numéro de la commande, le même partout (AUR-2026-000123)"),
    short_id: z.string().describe("Les 8 premiers caractères de l'identifiant (ancienne référence du back-office)"),
    order_number: z.string().describe("Identique à number (ancien nom du champ)"),
    item_count: z.int().describe("Nombre d'articles (somme des quantités)"),
    customer_name: z.string(),
    email: z.string().nullable().describe("E-mail de contact de la commande, sinon celui du compte"),
    address: z.string().describe("Adresse de livraison sur une ligne"),
    created_at: z.iso.datetime(),
    total_cents: z.int(),
    status,
    payment_status: z.string().describe("instalment_unpaid : échéance impayée (paiement en 3 fois)"),
  })
  .meta({ id: "AdminOrderRow" });

export const AdminOrderListSchema = z.object({
  data: z.array(AdminOrderRowSchema),
  pagination: z.object({ page: z.int(), page_size: z.int(), total: z.int(), page_count: z.int() }),
});

const tags = ["Administration"];

export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/v1/admin/orders",
    summary:
      "Administrateur : toutes les commandes, les plus récentes d'abord, paginées ; recherche (chaque mot doit figurer) dans l'identifiant, le numéro, les e-mails et l'adresse de livraison ; filtre par statut et par jours de commande (created_from, created_to, AAAA-MM-JJ, inclus). Avec cursor, updated_since ou limit : parcours par date de mise à jour pour la synchronisation ({ data, next_cursor }).",
    tags,
    auth: "admin_api",
    query: AdminOrderQuerySchema.partial()
      .extend({
        created_from: z.string().optional().describe("Premier jour de commande (AAAA-MM-JJ, heure de Paris)"),
        created_to: z.string().optional().describe("Dernier jour de commande, inclus (AAAA-MM-JJ)"),
      })
      .extend(ListWindowQuerySchema.shape),
    responses: {
      200: { description: "Une page de commandes", schema: listResponse(AdminOrderRowSchema, { pages: AdminOrderListSchema }) },
      400: { description: "Paramètres de recherche invalides", schema: ApiErrorSchema },
      ...adminSessionGuard,
    },
  },
];
