import type { Route } from "./+types/webhooks";
import { requireAdminApi } from "~/.server/api/admin-api";
import { adminListLoader } from "~/.server/api/admin-api-lists";
import { apiAction, dataResponse, readJsonObject } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { getWebhookEndpointForApi, listWebhookEndpointsForApi } from "~/.server/modules/webhooks/webhooks-api.service";
import { createWebhookEndpoint } from "~/.server/modules/webhooks/webhooks.service";

/** GET /api/v1/admin/webhooks?cursor=&limit=&updated_since=: the endpoints of Paramètres › Webhooks, never their secret. */
export const loader = adminListLoader("webhooks", (_params, db) => ({
  ids: "uuid",
  walk: (window) => listWebhookEndpointsForApi(db, window),
}));

/**
 * POST { url, description, events, active }: 'Ajouter un webhook', the form's rules and French
 * messages (a private or internal address refused on `url`); 201 with the secret, shown this once.
 */
export const action = apiAction({
  POST: async ({ request }: Route.ActionArgs) => {
    const { actor } = await requireAdminApi(request, "webhooks", "write");
    const body = await readJsonObject(request);
    const db = await getDb();
    const { endpoint, secret } = await createWebhookEndpoint(db, body, actor);
    return dataResponse({ ...(await getWebhookEndpointForApi(db, endpoint.id)), secret }, { status: 201 });
  },
});
