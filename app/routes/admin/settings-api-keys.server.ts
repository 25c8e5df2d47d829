/** Paramètres, intents "api-key-create" and "api-key-revoke": the admin API's keys (decision 049). */
import { getDb } from "~/.server/db";
import { answerAction } from "~/.server/action-result";
import { adminActorOf } from "~/.server/modules/activity-log/activity-log.service";
import { createApiKey, revokeApiKey } from "~/.server/modules/api-keys/api-keys.service";
import { apiKeyFormValues, type CreatedApiKey } from "~/domain/api-keys/api-keys";

type Session = { user: { id: string; email: string } };

export async function apiKeyIntent(session: Session, form: FormData) {
  if (form.get("intent") === "api-key-revoke") {
    return answerAction(async () => {
      const id = form.get("id");
      const key = await revokeApiKey(await getDb(), typeof id === "string" ? id : "", adminActorOf(session));
      return { data: null, message: `Clé « ${key.name} » révoquée` };
    });
  }
  return answerAction<CreatedApiKey>(async () => {
    const { key, secret } = await createApiKey(await getDb(), apiKeyFormValues(form), {
      createdBy: session.user.id,
      actor: adminActorOf(session),
    });
    return { data: { key, secret }, message: `Clé « ${key.name} » créée` };
  });
}
