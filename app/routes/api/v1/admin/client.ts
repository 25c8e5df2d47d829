import type { Route } from "./+types/client";
import { requireAdminApi } from "~/.server/api/admin-api";
import { requireRecentSecondFactor } from "~/.server/auth/session.server";
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
 * A staff member's session needs clients.erase and a recent second factor (403
 * `second_factor_required`, decision 066).
 */
export const action = apiAction({
  DELETE: async ({ request, params }: Route.ActionArgs) => {
    const { actor, session } = await requireAdminApi(request, "clients", "write", "clients.erase");
    // A session confirms its second factor again for an erasure; a key has none (its
    // clients:write scope is given only by someone who may erase).
    if (session) await requireRecentSecondFactor(session);
    const { anonymisedOrders } = await deleteClient(await getDb(), params.id, actor);
    return dataResponse({ id: params.id, deleted: true, anonymised_orders: anonymisedOrders });
  },
});
