import type { Route } from "./+types/webhook-resend";
import { requireAdminApi } from "~/.server/api/admin-api";
import { apiAction, apiLoader, dataResponse, found } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { getWebhookDeliveryForApi } from "~/.server/modules/webhooks/webhooks-api.service";
import { resendWebhookDelivery } from "~/.server/modules/webhooks/webhooks.service";
import { WEBHOOK_MESSAGES } from "~/domain/webhooks/webhooks";

/** GET /api/v1/admin/webhooks/:id/deliveries/:deliveryId/resend: the delivery 'Renvoyer' would send again. */
export const loader = apiLoader(async ({ request, params }: Route.LoaderArgs) => {
  await requireAdminApi(request, "webhooks", "read");
  return dataResponse(
    found(await getWebhookDeliveryForApi(await getDb(), params.id, params.deliveryId), WEBHOOK_MESSAGES.deliveryNotFound),
  );
});

/**
 * POST /api/v1/admin/webhooks/:id/deliveries/:deliveryId/resend: 'Renvoyer', the same event id
 * and body again now, with a fresh 24 h of retries (202: the worker sends it).
 */
export const action = apiAction({
  POST: async ({ request, params }: Route.ActionArgs) => {
    const { actor } = await requireAdminApi(request, "webhooks", "write");
    const db = await getDb();
    const delivery = found(await getWebhookDeliveryForApi(db, params.id, params.deliveryId), WEBHOOK_MESSAGES.deliveryNotFound);
    await resendWebhookDelivery(db, params.id, delivery.id, actor);
    return dataResponse({ id: delivery.id, status: "pending" }, { status: 202 });
  },
});
