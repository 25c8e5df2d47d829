import type { Route } from "./+types/webhook-resend";
import { requireAdminApi } from "~/.server/api/admin-api";
import { apiAction, dataResponse, methodNotAllowed } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { resendWebhookDelivery } from "~/.server/modules/webhooks/webhooks.service";
import { WEBHOOK_MESSAGES } from "~/domain/webhooks/webhooks";
import { notFound } from "~/domain/errors";

/**
 * POST /api/v1/admin/webhooks/:id/deliveries/:deliveryId/resend: 'Renvoyer', the same event id
 * and body again now, with a fresh 24 h of retries (202: the worker sends it).
 */
export const action = apiAction({
  POST: async ({ request, params }: Route.ActionArgs) => {
    const { actor } = await requireAdminApi(request, "webhooks", "write");
    if (!/^[1-9]\d{0,14}$/.test(params.deliveryId)) throw notFound("webhook_delivery_not_found", WEBHOOK_MESSAGES.deliveryNotFound);
    await resendWebhookDelivery(await getDb(), params.id, Number(params.deliveryId), actor);
    return dataResponse({ id: Number(params.deliveryId), status: "pending" }, { status: 202 });
  },
});
export const loader = methodNotAllowed;
