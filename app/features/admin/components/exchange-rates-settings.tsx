import { useFetcher } from "react-router";
import { FieldShell } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import {
  DISPLAY_CURRENCIES,
  EXCHANGE_RATE_LABELS,
  ExchangeRatesFormSchema,
  exchangeRatesFormValues,
  rateToInput,
  type ExchangeRateField,
  type ExchangeRates,
} from "~/domain/currency/exchange-rates";
import { SettingsSection, SettingsSubmitRow, useSettingsForm } from "./settings-form";
import type { ActionResult } from "~/domain/http/action-result";

type Errors = Partial<Record<ExchangeRateField, string>>;

function errorsOf(form: HTMLFormElement): Errors {
  const parsed = ExchangeRatesFormSchema.safeParse(exchangeRatesFormValues(new FormData(form)));
  const errors: Errors = {};
  if (!parsed.success) for (const issue of parsed.error.issues) errors[issue.path[0] as ExchangeRateField] ??= issue.message;
  return errors;
}

/**
 * Paramètres, "Taux de change indicatifs" (docs/decisions/043-preferences-that-take-effect.md):
 * how much of each currency one euro buys, for the "≈" prices shown to shoppers who chose it.
 */
export function ExchangeRatesSettings({ rates }: { rates: ExchangeRates }) {
  const fetcher = useFetcher<ActionResult>();
  const { errors, saved, touched, checkOnSubmit } = useSettingsForm<ExchangeRateField>(fetcher, { fallbackField: "USD" });
  const busy = fetcher.state !== "idle";
  return (
    <SettingsSection
      id="settings-exchange-rates"
      title="Taux de change indicatifs"
      intro="Les commandes sont toujours payées en euros. Un client qui a choisi une autre devise voit, à côté du prix en euros, un montant indicatif calculé avec ces taux (1 € = …)."
    >
      <fetcher.Form
        method="post"
        noValidate
        aria-label="Taux de change indicatifs"
        className="space-y-5 rounded-2xl border border-line bg-white p-6"
        onSubmit={checkOnSubmit(errorsOf)}
      >
        <input type="hidden" name="form" value="exchange-rates" />
        <div className="grid gap-5 sm:grid-cols-3">
          {DISPLAY_CURRENCIES.map((currency) => {
            const id = `exchange-rate-${currency}`;
            const error = errors[currency];
            return (
              <FieldShell key={currency} id={id} label={EXCHANGE_RATE_LABELS[currency]} error={error}>
                <Input
                  id={id}
                  name={currency}
                  inputMode="decimal"
                  autoComplete="off"
                  defaultValue={rateToInput(rates[currency])}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-error` : undefined}
                  onChange={() => touched(currency)}
                  className="mt-1 w-full"
                />
              </FieldShell>
            );
          })}
        </div>
        <SettingsSubmitRow busy={busy} label="Enregistrer les taux" saved={saved} />
      </fetcher.Form>
    </SettingsSection>
  );
}
