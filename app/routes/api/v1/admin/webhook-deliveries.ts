import { adminListLoader } from "~/.server/api/admin-api-lists";
import { found, methodNotAllowed } from "~/.server/api/route";
import { getWebhookEndpointForApi, listWebhookDeliveriesForApi } from "~/.server/modules/webhooks/webhooks-api.service";
import { WEBHOOK_MESSAGES } from "~/domain/webhooks/webhooks";

/**
 * GET /api/v1/admin/webhooks/:id/deliveries?cursor=&limit=&updated_since=: the endpoint's
 * 'Journal des envois', each delivery with its attempts (time, duration, response code, error),
 * walked by last change: an attempt or a resend moves a delivery to the end.
 */
export const loader = adminListLoader("webhooks", async (_params, db, route) => {
  const endpoint = found(await getWebhookEndpointForApi(db, route.id ?? ""), WEBHOOK_MESSAGES.notFound);
  return { ids: "integer", walk: (window) => listWebhookDeliveriesForApi(db, endpoint.id, window) };
});

export const action = methodNotAllowed;
