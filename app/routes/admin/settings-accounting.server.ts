/** Paramètres, intent "chart-of-accounts": the accounts of the accountant's export (decision 065). */
import { getDb } from "~/.server/db";
import { answerAction } from "~/.server/action-result";
import { adminActorOf } from "~/.server/modules/activity-log/activity-log.service";
import { updateChartOfAccounts } from "~/.server/workflows/accounting";
import { chartOfAccountsFormValues } from "~/domain/accounting/chart-of-accounts";

export async function saveChartOfAccountsIntent(session: { user: { id: string; email: string } }, form: FormData) {
  const values = chartOfAccountsFormValues(form);
  return answerAction(async () => {
    await updateChartOfAccounts(await getDb(), adminActorOf(session), values);
    return { data: null, message: "Plan de comptes enregistré" };
  }, values);
}
