import type { Route } from "./+types/webhook";
import { requireAdminApi } from "~/.server/api/admin-api";
import { apiAction, apiLoader, dataResponse, found, readJsonObject } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { getWebhookEndpointForApi } from "~/.server/modules/webhooks/webhooks-api.service";
import { deleteWebhookEndpoint, updateWebhookEndpoint } from "~/.server/modules/webhooks/webhooks.service";
import { WEBHOOK_MESSAGES } from "~/domain/webhooks/webhooks";

/** The fields a PATCH may change: the endpoint form's. */
const FIELDS = ["url", "description", "events", "active"] as const;

/** GET /api/v1/admin/webhooks/:id (never the secret). */
export const loader = apiLoader(async ({ request, params }: Route.LoaderArgs) => {
  await requireAdminApi(request, "webhooks", "read");
  return dataResponse(found(await getWebhookEndpointForApi(await getDb(), params.id), WEBHOOK_MESSAGES.notFound));
});

export const action = apiAction({
  /** PATCH { url?, description?, events?, active? }: the fields sent over the endpoint as the form shows it. */
  PATCH: async ({ request, params }: Route.ActionArgs) => {
    const { actor } = await requireAdminApi(request, "webhooks", "write");
    const body = await readJsonObject(request);
    const db = await getDb();
    const current = found(await getWebhookEndpointForApi(db, params.id), WEBHOOK_MESSAGES.notFound);
    const merged = Object.fromEntries(FIELDS.map((field) => [field, Object.hasOwn(body, field) ? body[field] : current[field]]));
    await updateWebhookEndpoint(db, params.id, merged, actor);
    return dataResponse(await getWebhookEndpointForApi(db, params.id));
  },
  /** DELETE: the endpoint, its queue and its delivery log. */
  DELETE: async ({ request, params }: Route.ActionArgs) => {
    const { actor } = await requireAdminApi(request, "webhooks", "write");
    await deleteWebhookEndpoint(await getDb(), params.id, actor);
    return dataResponse({ id: params.id, deleted: true });
  },
});
