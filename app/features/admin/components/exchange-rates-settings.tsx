import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
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
  type ExchangeRatesAnswer,
} from "~/domain/currency/exchange-rates";

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
  const fetcher = useFetcher<ExchangeRatesAnswer>();
  const [errors, setErrors] = useState<Errors>({});
  const [saved, setSaved] = useState<string | null>(null);
  const handled = useRef<ExchangeRatesAnswer | null>(null);

  useEffect(() => {
    const reply = fetcher.data;
    if (fetcher.state !== "idle" || !reply || handled.current === reply) return;
    handled.current = reply;
    if (reply.ok) {
      setErrors({});
      setSaved(reply.message);
    } else {
      setErrors(reply.errors);
      setSaved(null);
    }
  }, [fetcher.state, fetcher.data]);

  const busy = fetcher.state !== "idle";
  return (
    <section aria-labelledby="settings-exchange-rates" className="max-w-3xl space-y-4">
      <h2 id="settings-exchange-rates" className="font-display text-2xl">
        Taux de change indicatifs
      </h2>
      <p className="text-muted">
        Les commandes sont toujours payées en euros. Un client qui a choisi une autre devise voit, à côté du prix en euros, un montant
        indicatif calculé avec ces taux (1 € = …).
      </p>
      <fetcher.Form
        method="post"
        noValidate
        aria-label="Taux de change indicatifs"
        className="space-y-5 rounded-2xl border border-line bg-white p-6"
        onSubmit={(event) => {
          const found = errorsOf(event.currentTarget);
          if (Object.keys(found).length > 0) {
            event.preventDefault();
            setErrors(found);
            setSaved(null);
            (event.currentTarget.elements.namedItem(Object.keys(found)[0]!) as HTMLElement | null)?.focus?.();
          }
        }}
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
                  onChange={() => {
                    setSaved(null);
                    if (errors[currency]) setErrors((e) => ({ ...e, [currency]: undefined }));
                  }}
                  className="mt-1 w-full"
                />
              </FieldShell>
            );
          })}
        </div>
        <div className="flex flex-wrap items-center gap-4">
          <Button type="submit" variant="ink" disabled={busy}>
            {busy ? "Enregistrement..." : "Enregistrer les taux"}
          </Button>
          <p role="status" className="text-sm font-semibold text-green-800">
            {saved}
          </p>
        </div>
      </fetcher.Form>
    </section>
  );
}
