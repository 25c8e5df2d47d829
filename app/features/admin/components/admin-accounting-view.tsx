import { Form, useFetcher, useNavigation } from "react-router";
import { FieldShell, errorIdOf } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Button, buttonClass } from "~/components/ui/button";
import { rateLabel, type AccountingPreview } from "~/domain/accounting/accounting.types";
import { accountingDownloadUrl, quarterOf, type AccountingPeriod } from "~/domain/accounting/period";
import type { ActionResult } from "~/domain/http/action-result";
import { formatPrice } from "~/lib/money";
import { formatDate } from "~/lib/paris-time";

type Props = {
  typed: { from: string; to: string };
  errors: Partial<Record<"from" | "to", string>>;
  preview: AccountingPreview | null;
  today: string;
};

const QUARTERS = [1, 2, 3, 4] as const;

/**
 * Comptabilité (docs/decisions/065-accounting-export.md): the period (du / au), the totals per VAT
 * rate the exports will carry, and the three downloads. A period with paid orders still without
 * their invoice says so and offers to issue them; the downloads wait until then.
 */
export function AdminAccountingView({ typed, errors, preview, today }: Props) {
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/admin/comptabilite";
  return (
    <div className="space-y-8">
      <div>
        <h1 className="font-display text-3xl">Comptabilité</h1>
        <p className="mt-1 text-muted">
          Journal des ventes au format FEC, journal des ventes par taux et destination, et totaux OSS, calculés à partir des factures et des
          avoirs émis.
        </p>
      </div>

      <Form method="get" className="flex flex-wrap items-end gap-4 rounded-2xl border border-line p-5" aria-label="Période">
        <FieldShell id="accounting-from" label="Du" error={errors.from} className="w-full sm:w-auto">
          <Input
            id="accounting-from"
            name="from"
            type="date"
            lang="fr"
            defaultValue={typed.from}
            aria-invalid={errors.from ? true : undefined}
            aria-describedby={errorIdOf("accounting-from", errors.from)}
            className="mt-1 w-full"
          />
        </FieldShell>
        <FieldShell id="accounting-to" label="Au" error={errors.to} className="w-full sm:w-auto">
          <Input
            id="accounting-to"
            name="to"
            type="date"
            lang="fr"
            defaultValue={typed.to}
            aria-invalid={errors.to ? true : undefined}
            aria-describedby={errorIdOf("accounting-to", errors.to)}
            className="mt-1 w-full"
          />
        </FieldShell>
        <Button type="submit" variant="ink" className="w-full sm:w-auto" disabled={loading}>
          {loading ? "Calcul en cours…" : "Afficher la période"}
        </Button>
      </Form>

      <div aria-live="polite" aria-busy={loading}>
        {loading ? (
          <p className="text-muted">Calcul des totaux de la période…</p>
        ) : preview ? (
          <PeriodResult preview={preview} today={today} />
        ) : (
          <p className="text-muted">Corrigez la période pour afficher ses totaux.</p>
        )}
      </div>
    </div>
  );
}

function PeriodResult({ preview, today }: { preview: AccountingPreview; today: string }) {
  const { period } = preview;
  const empty = preview.invoices === 0 && preview.credit_notes === 0;
  const sealed = preview.unsealed.count === 0;
  return (
    <div className="space-y-6">
      <h2 className="font-display text-2xl">
        Du {formatDate(`${period.from}T12:00:00Z`)} au {formatDate(`${period.to}T12:00:00Z`)}
      </h2>
      {!sealed && <UnsealedNotice preview={preview} />}
      {empty ? (
        <p className="rounded-2xl border border-line p-5 text-muted">Aucune facture ni aucun avoir émis sur cette période.</p>
      ) : (
        <>
          <ul aria-label="Totaux de la période" className="grid grid-cols-2 gap-3 md:grid-cols-4">
            <Stat label="Factures" value={preview.invoices.toLocaleString("fr-FR")} />
            <Stat label="Avoirs" value={preview.credit_notes.toLocaleString("fr-FR")} />
            <Stat label="Écritures" value={preview.entries.toLocaleString("fr-FR")} />
            <Stat label="Total débit = crédit" value={formatPrice(preview.debit_cents)} />
          </ul>
          <RateTable preview={preview} />
        </>
      )}
      <Downloads period={period} today={today} sealed={sealed} />
    </div>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <li className="rounded-2xl border border-line p-4">
      <p className="text-sm text-muted">{label}</p>
      <p className="mt-1 text-lg font-semibold tabular-nums">{value}</p>
    </li>
  );
}

function RateTable({ preview }: { preview: AccountingPreview }) {
  return (
    <div className="overflow-x-auto rounded-2xl border border-line">
      <table className="w-full min-w-[36rem] text-sm">
        <caption className="p-4 text-left font-medium">Totaux par taux de TVA (factures moins avoirs)</caption>
        <thead className="text-left text-muted">
          <tr>
            <th scope="col" className="px-4 py-2">
              Taux
            </th>
            <th scope="col" className="px-4 py-2 text-right">
              Base HT facturée
            </th>
            <th scope="col" className="px-4 py-2 text-right">
              Base HT des avoirs
            </th>
            <th scope="col" className="px-4 py-2 text-right">
              Base HT nette
            </th>
            <th scope="col" className="px-4 py-2 text-right">
              TVA nette
            </th>
          </tr>
        </thead>
        <tbody>
          {preview.per_rate.map((r) => (
            <tr key={`${r.vat_rate}-${r.vat_country}`} className="border-t border-line tabular-nums">
              <th scope="row" className="px-4 py-2 text-left font-medium">
                {rateLabel(r.vat_rate)}
                {r.vat_country !== "FR" ? ` (${r.vat_country}, OSS)` : ""}
              </th>
              <td className="px-4 py-2 text-right">{formatPrice(r.invoiced_ht_cents)}</td>
              <td className="px-4 py-2 text-right">{formatPrice(r.credited_ht_cents)}</td>
              <td className="px-4 py-2 text-right">{formatPrice(r.net_ht_cents)}</td>
              <td className="px-4 py-2 text-right">{formatPrice(r.net_vat_cents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function UnsealedNotice({ preview }: { preview: AccountingPreview }) {
  const fetcher = useFetcher<ActionResult<{ issued: number }>>();
  const busy = fetcher.state !== "idle";
  const { count, orders } = preview.unsealed;
  const answer = fetcher.data;
  return (
    <div role="alert" className="space-y-3 rounded-2xl border border-danger p-5">
      <p className="font-medium">
        {count === 1
          ? "1 commande payée de la période n'a pas encore de facture"
          : `${count} commandes payées de la période n'ont pas encore de facture`}{" "}
        ({orders.map((o) => o.number).join(", ")}
        {count > orders.length ? "…" : ""}) : les exports attendent qu'elles soient émises.
      </p>
      <p className="text-sm text-muted">
        Ces commandes datent d'avant les factures ; émises maintenant, leurs factures seront datées d'aujourd'hui.
      </p>
      <fetcher.Form method="post">
        <input type="hidden" name="from" value={preview.period.from} />
        <input type="hidden" name="to" value={preview.period.to} />
        <Button type="submit" variant="ink" disabled={busy}>
          {busy ? "Émission en cours…" : "Émettre les factures manquantes"}
        </Button>
      </fetcher.Form>
      {answer && !answer.ok && <p className="text-sm font-medium text-danger">{answer.message}</p>}
    </div>
  );
}

function Downloads({ period, today, sealed }: { period: AccountingPeriod; today: string; sealed: boolean }) {
  const closed = period.to < today;
  const quarter = quarterOf(period.from);
  const link = buttonClass({ variant: "outline", className: "w-full justify-center sm:w-auto" });
  return (
    <section aria-labelledby="accounting-downloads" className="space-y-4">
      <h2 id="accounting-downloads" className="font-display text-2xl">
        Téléchargements
      </h2>
      {!sealed ? (
        <p className="text-muted">Émettez d'abord les factures manquantes de la période.</p>
      ) : (
        <div className="flex flex-wrap gap-3">
          {closed ? (
            <a href={accountingDownloadUrl({ kind: "fec", period })} download className={link}>
              Télécharger le FEC
            </a>
          ) : (
            <p className="w-full text-sm text-muted">
              Le FEC porte sur des journées closes : choisissez une date de fin au plus tard hier.
            </p>
          )}
          <a href={accountingDownloadUrl({ kind: "ledger", period })} download className={link}>
            Journal des ventes par taux (CSV)
          </a>
        </div>
      )}
      <form method="get" action="/admin/comptabilite/export" className="flex flex-wrap items-end gap-3 rounded-2xl border border-line p-5">
        <input type="hidden" name="type" value="oss" />
        <div className="w-full sm:w-auto">
          <label htmlFor="accounting-oss-quarter" className="block text-sm font-medium">
            Trimestre OSS
          </label>
          <select
            id="accounting-oss-quarter"
            name="quarter"
            defaultValue={String(quarter.quarter)}
            className="mt-1 min-h-11 w-full rounded-lg border border-line bg-surface px-3"
          >
            {QUARTERS.map((q) => (
              <option key={q} value={q}>
                {q === 1 ? "1er trimestre" : `${q}e trimestre`}
              </option>
            ))}
          </select>
        </div>
        <div className="w-full sm:w-auto">
          <label htmlFor="accounting-oss-year" className="block text-sm font-medium">
            Année
          </label>
          <Input
            id="accounting-oss-year"
            name="year"
            type="number"
            inputMode="numeric"
            min={2000}
            max={2100}
            defaultValue={quarter.year}
            className="mt-1 w-full sm:w-28"
          />
        </div>
        <button type="submit" className={link}>
          Totaux OSS par État membre (CSV)
        </button>
      </form>
    </section>
  );
}
