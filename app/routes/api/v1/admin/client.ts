import type { Route } from "./+types/client";
import { requireAdminApi } from "~/.server/api/admin-api";
import { apiAction, apiLoader, dataResponse, found } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { deleteClient } from "~/.server/workflows/erase-account";
import { getAdminClientProfile } from "~/.server/workflows/admin-client";
import { CLIENT_NOT_FOUND_MESSAGE } from "~/domain/customers/admin-clients.schema";

/** GET /api/v1/admin/clients/{id}: the client's profile, orders, Beauty Pass and addresses (the back-office's 'Voir'). */
export const loader = apiLoader(async ({ request, params }: Route.LoaderArgs) => {
  await requireAdminApi(request, "clients", "read");
  return dataResponse(found(await getAdminClientProfile(await getDb(), params.id), CLIENT_NOT_FOUND_MESSAGE));
});

/**
 * DELETE /api/v1/admin/clients/{id}: the RGPD erasure, as 'Supprimer' in the back-office: orders
 * kept for the accounts with the person's data anonymised, everything else erased, sessions ended.
 */
export const action = apiAction({
  DELETE: async ({ request, params }: Route.ActionArgs) => {
    const { actor } = await requireAdminApi(request, "clients", "write");
    const { anonymisedOrders } = await deleteClient(await getDb(), params.id, actor);
    return dataResponse({ id: params.id, deleted: true, anonymised_orders: anonymisedOrders });
  },
});
