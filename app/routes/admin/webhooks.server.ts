/** Paramètres > Webhooks: the actions of the list and of one endpoint's page (decision 050). */
import { redirect } from "react-router";
import { getDb } from "~/.server/db";
import { answerAction, refused } from "~/.server/action-result";
import type { AdminActor } from "~/.server/modules/activity-log/activity-log.service";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  resendWebhookDelivery,
  rotateWebhookSecret,
  setWebhookEndpointActive,
  updateWebhookEndpoint,
} from "~/.server/modules/webhooks/webhooks.service";
import { invalid, isDomainError } from "~/domain/errors";
import { webhookEndpointFromForm } from "~/domain/webhooks/webhook-endpoint.schema";
import { WEBHOOK_DELETED_PARAM, WEBHOOKS_SETTINGS_PATH, type WebhookChange } from "~/domain/webhooks/webhooks";

const UNKNOWN_INTENT = "Action inconnue";

/** One endpoint's intents; `endpointId` is the page's (or, on the list, the form's). */
export async function webhookIntent(form: FormData, actor: AdminActor, endpointId: string | null) {
  const intent = form.get("intent");
  const id = endpointId ?? (typeof form.get("id") === "string" ? (form.get("id") as string) : "");
  const db = await getDb();
  if (intent === "create") {
    const values = webhookEndpointFromForm(form);
    return answerAction<WebhookChange>(async () => {
      const { endpoint, secret } = await createWebhookEndpoint(db, values, actor);
      return { data: { secret, endpointId: endpoint.id }, message: `Webhook ${endpoint.url} créé` };
    }, values);
  }
  if (intent === "update") {
    const values = webhookEndpointFromForm(form);
    return answerAction<WebhookChange>(async () => {
      const endpoint = await updateWebhookEndpoint(db, id, values, actor);
      return { data: { endpointId: endpoint.id }, message: `Webhook ${endpoint.url} enregistré` };
    }, values);
  }
  if (intent === "activate" || intent === "deactivate") {
    return answerAction<WebhookChange>(async () => {
      const endpoint = await setWebhookEndpointActive(db, id, intent === "activate", actor);
      return { data: { endpointId: endpoint.id }, message: `Webhook ${endpoint.url} ${endpoint.active ? "activé" : "désactivé"}` };
    });
  }
  if (intent === "rotate") {
    return answerAction<WebhookChange>(async () => {
      const secret = await rotateWebhookSecret(db, id, actor);
      return { data: { secret, endpointId: id }, message: "Nouveau secret généré : l'ancien ne signe plus" };
    });
  }
  if (intent === "resend") {
    const deliveryId = Number(form.get("deliveryId"));
    return answerAction<WebhookChange>(async () => {
      await resendWebhookDelivery(db, id, deliveryId, actor);
      return { data: { endpointId: id }, message: "Événement renvoyé" };
    });
  }
  if (intent === "delete") {
    // The API's DELETE service: the endpoint goes with its queue and delivery log, logged as webhook.delete.
    try {
      await deleteWebhookEndpoint(db, id, actor);
    } catch (error) {
      if (!isDomainError(error)) throw error;
      return refused<WebhookChange>(error);
    }
    // Back to the list, which says it is gone: the endpoint's own page no longer exists.
    return redirect(`${WEBHOOKS_SETTINGS_PATH}?${WEBHOOK_DELETED_PARAM}=1`);
  }
  return refused<WebhookChange>(invalid("unknown_intent", UNKNOWN_INTENT));
}
