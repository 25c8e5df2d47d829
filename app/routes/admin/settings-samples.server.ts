/** Paramètres, intent "samples": the number of free samples per order by Beauty Pass tier (decision 067). */
import { getDb } from "~/.server/db";
import { answerAction } from "~/.server/action-result";
import { adminActorOf } from "~/.server/modules/activity-log/activity-log.service";
import { saveSampleAllowances } from "~/.server/modules/settings/sample-settings.service";

export async function saveSampleAllowancesIntent(session: { user: { id: string; email: string } }, form: FormData) {
  const values = { base: form.get("base"), expert: form.get("expert"), vip: form.get("vip") };
  return answerAction(async () => {
    const saved = await saveSampleAllowances(await getDb(), values, adminActorOf(session));
    return { data: null, message: `Échantillons offerts enregistrés : ${saved.base}, ${saved.expert} et ${saved.vip}` };
  });
}
