/** Paramètres, intents "api-key-create" and "api-key-revoke": the admin API's keys (decision 049). */
import { data } from "react-router";
import { getDb } from "~/.server/db";
import { statusOf } from "~/.server/error-responses";
import { adminActorOf } from "~/.server/modules/activity-log/activity-log.service";
import { createApiKey, revokeApiKey } from "~/.server/modules/api-keys/api-keys.service";
import { apiKeyFormValues, type ApiKeyAnswer } from "~/domain/api-keys/api-keys";
import { isDomainError } from "~/domain/errors";

type Session = { user: { id: string; email: string } };

export async function apiKeyIntent(session: Session, form: FormData) {
  const intent = form.get("intent") === "api-key-revoke" ? "api-key-revoke" : "api-key-create";
  try {
    if (intent === "api-key-revoke") {
      const id = form.get("id");
      const key = await revokeApiKey(await getDb(), typeof id === "string" ? id : "", adminActorOf(session));
      return data<ApiKeyAnswer>({ intent, ok: true, message: `Clé « ${key.name} » révoquée` });
    }
    const { key, secret } = await createApiKey(await getDb(), apiKeyFormValues(form), {
      createdBy: session.user.id,
      actor: adminActorOf(session),
    });
    return data<ApiKeyAnswer>({ intent, ok: true, message: `Clé « ${key.name} » créée`, secret, key });
  } catch (error) {
    if (!isDomainError(error)) throw error;
    const errors = (error.fieldErrors as Record<string, string> | undefined) ?? { form: error.message };
    return data<ApiKeyAnswer>({ intent, ok: false, message: error.message, errors }, { status: statusOf(error) });
  }
}
