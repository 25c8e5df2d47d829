import { useFetcher } from "react-router";
import { FieldShell, errorIdOf } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import type { ActionResult } from "~/domain/http/action-result";
import type { TaxRate } from "~/domain/tax/rates";
import { EU_DISTANCE_SALES_THRESHOLD_CENTS, type TaxSettings } from "~/domain/tax/tax-rules";
import { TAX_SETTINGS_CHECKBOXES, taxSettingsFromForm, type TaxSettingsField } from "~/domain/tax/tax-settings-form";
import { centsAsInputText, formatPrice } from "~/lib/money";
import { SettingsSection, SettingsSubmitRow, useSettingsForm } from "./settings-form";
import { TaxRatesForm } from "./tax-settings-rates";

/** This year's EU distance sales recorded by the shop's orders (excluding VAT), before the opening figure. */
export type DistanceSales = { year: number; ordersCents: number };

const wholeEuros = new Intl.NumberFormat("fr-FR", { style: "currency", currency: "EUR", maximumFractionDigits: 0 });

/**
 * Paramètres, "Fiscalité" (docs/decisions/063-vat-by-destination.md): the VAT rate table, the
 * shop's VAT settings and where the year stands against the EU-wide €10,000 threshold.
 */
export function TaxSettingsSection({
  rates,
  settings,
  distanceSales,
  vatNumber,
}: {
  rates: readonly TaxRate[];
  settings: TaxSettings;
  distanceSales: DistanceSales;
  vatNumber: string;
}) {
  return (
    <SettingsSection
      id="settings-tax"
      title="Fiscalité"
      intro="La TVA des ventes aux particuliers de l'Union européenne est celle de la France sous le seuil de 10 000 € de ventes à distance par an, celle du pays de destination au-delà (ou sur option) ; les taux de chaque pays s'appliquent à partir du jour indiqué."
    >
      <p className="text-sm">
        N° de TVA intracommunautaire de la boutique : <strong>{vatNumber || "non renseigné"}</strong>{" "}
        <a href="#settings-identity" className="font-semibold underline">
          Modifier dans Identité de la boutique
        </a>
      </p>
      <TaxRatesForm rates={rates} />
      <TaxOptionsForm settings={settings} distanceSales={distanceSales} />
    </SettingsSection>
  );
}

function TaxOptionsForm({ settings, distanceSales }: { settings: TaxSettings; distanceSales: DistanceSales }) {
  const fetcher = useFetcher<ActionResult>();
  const { errors, saved, touched, checkOnSubmit } = useSettingsForm<TaxSettingsField>(fetcher, {
    fallbackField: "opening_distance_sales_cents",
  });
  const busy = fetcher.state !== "idle";
  // The opening figure counts only for its own year, as the checkout counts it (workflows/order-tax.ts).
  const opening = settings.opening_year === distanceSales.year ? settings.opening_distance_sales_cents : 0;
  const total = distanceSales.ordersCents + opening;
  const over = total > EU_DISTANCE_SALES_THRESHOLD_CENTS || settings.previous_year_over_threshold;
  const amountId = "tax-opening-amount";
  const yearId = "tax-opening-year";

  return (
    <fetcher.Form
      method="post"
      noValidate
      aria-label="Réglages de TVA"
      onSubmit={checkOnSubmit((form) => taxSettingsFromForm(new FormData(form)).fieldErrors)}
      className="space-y-5 rounded-2xl border border-line bg-white p-4 sm:p-6"
    >
      <input type="hidden" name="intent" value="tax-settings" />
      <div className="space-y-2 rounded-xl bg-band px-4 py-3 text-sm">
        <p>
          Ventes à distance dans l'UE en {distanceSales.year} : <strong>{formatPrice(total)}</strong> sur{" "}
          {wholeEuros.format(EU_DISTANCE_SALES_THRESHOLD_CENTS / 100)}
        </p>
        {over && !settings.oss_registered && (
          <p className="font-semibold text-danger">
            Seuil dépassé : la TVA du pays de destination s'applique ; inscrivez-vous au guichet unique OSS.
          </p>
        )}
      </div>

      <fieldset className="min-w-0 space-y-2">
        <legend className="text-lg font-semibold">Régime de TVA</legend>
        {TAX_SETTINGS_CHECKBOXES.map(({ name, label }) => (
          <label key={name} className="flex min-h-11 items-start gap-3 py-1 text-sm">
            <input
              type="checkbox"
              name={name}
              defaultChecked={settings[name]}
              onChange={() => touched(name)}
              className="mt-0.5 h-5 w-5 shrink-0"
            />
            <span>{label}</span>
          </label>
        ))}
      </fieldset>

      <fieldset className="min-w-0 space-y-3" aria-describedby="tax-opening-hint">
        <legend className="text-lg font-semibold">Ventes à distance avant Aurore</legend>
        <p id="tax-opening-hint" className="text-sm text-muted">
          Les ventes à distance dans l'UE de l'année, hors TVA, réalisées avant que la boutique utilise Aurore : elles comptent pour le
          seuil de l'année indiquée seulement.
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          <FieldShell id={amountId} label="Montant hors TVA (€)" error={errors.opening_distance_sales_cents}>
            <Input
              id={amountId}
              name="opening_distance_sales_cents"
              inputMode="decimal"
              autoComplete="off"
              defaultValue={centsAsInputText(settings.opening_distance_sales_cents)}
              onChange={() => touched("opening_distance_sales_cents")}
              aria-invalid={errors.opening_distance_sales_cents ? true : undefined}
              aria-describedby={errorIdOf(amountId, errors.opening_distance_sales_cents)}
              className="mt-1 w-full"
            />
          </FieldShell>
          <FieldShell id={yearId} label="Année de ces ventes" error={errors.opening_year}>
            <Input
              id={yearId}
              name="opening_year"
              inputMode="numeric"
              autoComplete="off"
              defaultValue={String(settings.opening_year)}
              onChange={() => touched("opening_year")}
              aria-invalid={errors.opening_year ? true : undefined}
              aria-describedby={errorIdOf(yearId, errors.opening_year)}
              className="mt-1 w-full"
            />
          </FieldShell>
        </div>
      </fieldset>
      <SettingsSubmitRow busy={busy} label="Enregistrer les réglages de TVA" saved={saved} />
    </fetcher.Form>
  );
}
