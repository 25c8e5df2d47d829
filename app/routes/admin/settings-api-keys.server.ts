/** Paramètres, intents "api-key-create" and "api-key-revoke": the admin API's keys (decisions 049, 066). */
import { getDb } from "~/.server/db";
import { answerAction } from "~/.server/action-result";
import { requireRecentSecondFactor, type StaffSession } from "~/.server/auth/session.server";
import { adminActorOf } from "~/.server/modules/activity-log/activity-log.service";
import { createApiKey, revokeApiKey } from "~/.server/modules/api-keys/api-keys.service";
import { ApiKeyFormSchema, apiKeyFormValues, type CreatedApiKey } from "~/domain/api-keys/api-keys";
import { forbidden } from "~/domain/errors";
import { mayGrantScope, SCOPE_BEYOND_MAKER_MESSAGE } from "~/domain/staff/api-scopes";

/**
 * A key is a standing access that outlives the session: both intents ask for the second factor
 * again when it is older than a few minutes, and a key never gets a scope its maker's role lacks.
 */
export async function apiKeyIntent(session: StaffSession, form: FormData) {
  if (form.get("intent") === "api-key-revoke") {
    return answerAction(async () => {
      await requireRecentSecondFactor(session);
      const id = form.get("id");
      const key = await revokeApiKey(await getDb(), typeof id === "string" ? id : "", adminActorOf(session));
      return { data: null, message: `Clé « ${key.name} » révoquée` };
    });
  }
  const values = apiKeyFormValues(form);
  return answerAction<CreatedApiKey>(async () => {
    await requireRecentSecondFactor(session);
    // A form that does not parse is the service's to refuse, with its messages per field.
    const parsed = ApiKeyFormSchema.safeParse(values);
    if (parsed.success && !parsed.data.scopes.every((scope) => mayGrantScope(session.user.staff.permissions, scope))) {
      throw forbidden("scope_beyond_maker", SCOPE_BEYOND_MAKER_MESSAGE, { fieldErrors: { scopes: SCOPE_BEYOND_MAKER_MESSAGE } });
    }
    const { key, secret } = await createApiKey(await getDb(), values, { createdBy: session.user.id, actor: adminActorOf(session) });
    return { data: { key, secret }, message: `Clé « ${key.name} » créée` };
  });
}
