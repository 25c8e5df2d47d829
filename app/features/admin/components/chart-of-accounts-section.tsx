import { useFetcher } from "react-router";
import { FieldShell, errorIdOf } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import {
  CHART_OF_ACCOUNTS_FIELDS,
  CHART_OF_ACCOUNTS_LABELS,
  ChartOfAccountsSchema,
  DEFAULT_CHART_OF_ACCOUNTS,
  chartOfAccountsFormValues,
  type ChartOfAccounts,
  type ChartOfAccountsField,
} from "~/domain/accounting/chart-of-accounts";
import type { ActionResult } from "~/domain/http/action-result";
import { SettingsSection, SettingsSubmitRow, useSettingsForm } from "./settings-form";

/**
 * Paramètres, "Plan de comptes" (docs/decisions/065-accounting-export.md): the accounts the
 * Comptabilité exports post to. Checked in the browser with the server's schema; each refused
 * account shows its own message.
 */
export function ChartOfAccountsSection({ chart }: { chart: ChartOfAccounts }) {
  const fetcher = useFetcher<ActionResult>();
  const { errors, saved, touched, checkOnSubmit } = useSettingsForm<ChartOfAccountsField>(fetcher);
  const busy = fetcher.state !== "idle";

  function check(form: HTMLFormElement): Partial<Record<ChartOfAccountsField, string>> {
    const parsed = ChartOfAccountsSchema.safeParse(chartOfAccountsFormValues(new FormData(form)));
    if (parsed.success) return {};
    const found: Partial<Record<ChartOfAccountsField, string>> = {};
    for (const issue of parsed.error.issues) found[issue.path[0] as ChartOfAccountsField] ??= issue.message;
    return found;
  }

  return (
    <SettingsSection
      id="settings-chart-of-accounts"
      title="Plan de comptes"
      intro="Les comptes du FEC et du journal des ventes (page Comptabilité). La TVA collectée a un compte par taux : le préfixe suivi du taux sur quatre chiffres (445712000 pour 20 %)."
    >
      <fetcher.Form method="post" noValidate onSubmit={checkOnSubmit(check)} className="space-y-5 rounded-2xl border border-line p-5">
        <input type="hidden" name="intent" value="chart-of-accounts" />
        <div className="grid gap-4 sm:grid-cols-2">
          {CHART_OF_ACCOUNTS_FIELDS.map((field) => {
            const id = `chart-${field}`;
            const error = errors[field];
            return (
              <FieldShell
                key={field}
                id={id}
                label={CHART_OF_ACCOUNTS_LABELS[field]}
                required
                error={error}
                hint={`Par défaut : ${DEFAULT_CHART_OF_ACCOUNTS[field]}`}
              >
                <Input
                  id={id}
                  name={field}
                  inputMode="numeric"
                  autoComplete="off"
                  defaultValue={chart[field]}
                  onChange={() => touched(field)}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={[`${id}-hint`, errorIdOf(id, error)].filter(Boolean).join(" ")}
                  className="mt-1 w-full"
                />
              </FieldShell>
            );
          })}
        </div>
        <SettingsSubmitRow busy={busy} label="Enregistrer le plan de comptes" saved={saved} />
      </fetcher.Form>
    </SettingsSection>
  );
}
