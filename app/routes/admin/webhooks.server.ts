/** Paramètres > Webhooks: the actions of the list and of one endpoint's page (decision 050). */
import { data, redirect } from "react-router";
import { getDb } from "~/.server/db";
import { fieldMessagesOf, statusOf } from "~/.server/error-responses";
import type { AdminActor } from "~/.server/modules/activity-log/activity-log.service";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  resendWebhookDelivery,
  rotateWebhookSecret,
  setWebhookEndpointActive,
  updateWebhookEndpoint,
} from "~/.server/modules/webhooks/webhooks.service";
import { isDomainError } from "~/domain/errors";
import { webhookEndpointFromForm } from "~/domain/webhooks/webhook-endpoint.schema";
import { WEBHOOK_DELETED_PARAM, WEBHOOKS_SETTINGS_PATH, type WebhookAnswer } from "~/domain/webhooks/webhooks";

const UNKNOWN_INTENT = "Action inconnue";

/** Runs one intent; a domain error becomes the form's refusal with its status and field messages. */
async function answering(run: () => Promise<WebhookAnswer | Response>, values?: Record<string, unknown>) {
  try {
    const answer = await run();
    return answer instanceof Response ? answer : data<WebhookAnswer>(answer);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return data<WebhookAnswer>(
      { ok: false, message: error.message, errors: fieldMessagesOf(error) ?? {}, ...(values ? { values } : {}) },
      { status: statusOf(error) },
    );
  }
}

/** One endpoint's intents; `endpointId` is the page's (or, on the list, the form's). */
export async function webhookIntent(form: FormData, actor: AdminActor, endpointId: string | null) {
  const intent = form.get("intent");
  const id = endpointId ?? (typeof form.get("id") === "string" ? (form.get("id") as string) : "");
  const db = await getDb();
  if (intent === "create") {
    const values = webhookEndpointFromForm(form);
    return answering(async () => {
      const { endpoint, secret } = await createWebhookEndpoint(db, values, actor);
      return { ok: true, message: `Webhook ${endpoint.url} créé`, secret, endpointId: endpoint.id };
    }, values);
  }
  if (intent === "update") {
    const values = webhookEndpointFromForm(form);
    return answering(async () => {
      const endpoint = await updateWebhookEndpoint(db, id, values, actor);
      return { ok: true, message: `Webhook ${endpoint.url} enregistré`, endpointId: endpoint.id };
    }, values);
  }
  if (intent === "activate" || intent === "deactivate") {
    return answering(async () => {
      const endpoint = await setWebhookEndpointActive(db, id, intent === "activate", actor);
      return { ok: true, message: `Webhook ${endpoint.url} ${endpoint.active ? "activé" : "désactivé"}`, endpointId: endpoint.id };
    });
  }
  if (intent === "rotate") {
    return answering(async () => {
      const secret = await rotateWebhookSecret(db, id, actor);
      return { ok: true, message: "Nouveau secret généré : l'ancien ne signe plus", secret, endpointId: id };
    });
  }
  if (intent === "resend") {
    const deliveryId = Number(form.get("deliveryId"));
    return answering(async () => {
      await resendWebhookDelivery(db, id, deliveryId, actor);
      return { ok: true, message: "Événement renvoyé", endpointId: id };
    });
  }
  if (intent === "delete") {
    // The API's DELETE service: the endpoint goes with its queue and delivery log, logged as webhook.delete.
    return answering(async () => {
      await deleteWebhookEndpoint(db, id, actor);
      // Back to the list, which says it is gone: the endpoint's own page no longer exists.
      return redirect(`${WEBHOOKS_SETTINGS_PATH}?${WEBHOOK_DELETED_PARAM}=1`);
    });
  }
  return data<WebhookAnswer>({ ok: false, message: UNKNOWN_INTENT, errors: {} }, { status: 400 });
}
