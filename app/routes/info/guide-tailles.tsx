import { useId, useRef, useState, type FormEvent, type ReactNode, type Ref } from "react";
import { useT } from "~/components/ui/i18n";
import { Link } from "react-router";
import type { Route } from "./+types/guide-tailles";
import { absoluteUrl } from "~/.server/http";
import {
  CALCULATOR_MONTHS,
  CALCULATOR_SPRAYS,
  DAYS_PER_MONTH,
  MAKEUP_CAPACITIES,
  ML_PER_SPRAY,
  PERFUME_SIZES,
  SKINCARE_CAPACITIES,
  suggestPerfumeSize,
  type PerfumeSuggestion,
} from "~/content/size-guide";
import { InfoPageHeader, primaryLinkClass, secondaryLinkClass, textLinkClass } from "~/features/info/components/info-page-header";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { publicPageHeaders } from "~/lib/http-cache";
import { buildMeta } from "~/lib/seo";
import { metaI18n } from "~/components/ui/meta-i18n";

export async function loader(_: Route.LoaderArgs) {
  return { canonical: absoluteUrl("/guide-tailles") };
}

export const headers = publicPageHeaders;

export function meta({ data, matches }: Route.MetaArgs) {
  const { t, ogLocale } = metaI18n(matches);
  if (!data) return [{ title: `${t("common.meta.sizeGuide.heading")} | Aurore` }];
  return buildMeta({
    title: t("common.meta.sizeGuide.title"),
    description: t("common.meta.sizeGuide.description"),
    url: data.canonical,
    ogLocale,
  });
}

const decimal = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 1 });

export default function SizeGuidePage() {
  const t = useT();
  return (
    <div>
      <InfoPageHeader title={t("shop.info.sizeGuideTitle")}>
        <p>
          Formats de parfum, contenances du maquillage et des soins, durée de conservation après ouverture : choisissez le bon format pour
          votre usage.
        </p>
      </InfoPageHeader>

      <div className="mx-auto max-w-5xl space-y-14 px-4 py-10 sm:px-6">
        <section aria-labelledby="parfums">
          <h2 id="parfums" className="font-display text-2xl">
            Parfums
          </h2>
          <GuideTable
            caption="Contenances de parfum : description, usage conseillé et durée indicative"
            columns={["Contenance", "Description", "Usage conseillé", "Durée indicative"]}
            rows={PERFUME_SIZES.map((p) => [p.size, p.description, p.usage, p.duration])}
          />
          <p className="mt-3 text-sm text-muted">
            Durées estimées pour 3 vaporisations par jour, à raison d'environ {decimal.format(ML_PER_SPRAY)} ml par vaporisation.
          </p>
          <PerfumeCalculator />
        </section>

        <section aria-labelledby="maquillage">
          <h2 id="maquillage" className="font-display text-2xl">
            Maquillage
          </h2>
          <GuideTable
            caption="Maquillage : contenances courantes et durée de conservation après ouverture"
            columns={["Produit", "Contenances courantes", "Après ouverture", "Conseil"]}
            rows={MAKEUP_CAPACITIES.map((m) => [m.category, m.sizes, m.shelfLife, m.info])}
          />
        </section>

        <section aria-labelledby="soins">
          <h2 id="soins" className="font-display text-2xl">
            Soins
          </h2>
          <GuideTable
            caption="Soins : contenances, durée d'utilisation et conservation après ouverture"
            columns={["Type de soin", "Contenances", "Durée d'utilisation", "Après ouverture"]}
            rows={SKINCARE_CAPACITIES.map((s) => [s.type, s.sizes, s.usage, s.shelfLife])}
          />
          <p className="mt-3 text-sm text-muted">
            La durée de conservation après ouverture figure sur l'emballage, à côté du symbole du pot ouvert (par exemple « 12M » pour 12
            mois).
          </p>
        </section>

        <section aria-labelledby="guide-aide" className="rounded-2xl bg-band px-6 py-10 text-center">
          <h2 id="guide-aide" className="font-display text-2xl">
            Besoin d'un conseil personnalisé ?
          </h2>
          <p className="mt-2 text-muted">Nos conseillères beauté vous aident à choisir le format adapté, 7j/7.</p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <Link to="/service-client" className={primaryLinkClass}>
              Contacter le service client
            </Link>
            <Link to="/category/parfums" className={`inline-flex min-h-11 items-center ${textLinkClass}`}>
              Découvrir nos parfums
            </Link>
          </div>
        </section>
      </div>
    </div>
  );
}

function GuideTable({ caption, columns, rows }: { caption: string; columns: string[]; rows: ReactNode[][] }) {
  return (
    <>
      <p className="mt-4 text-xs text-muted sm:hidden">Faites défiler le tableau vers la droite pour voir toutes les colonnes.</p>
      <div role="region" aria-label={caption} tabIndex={0} className="mt-2 overflow-x-auto rounded-2xl border border-line sm:mt-4">
        <table className="w-full min-w-[36rem] border-collapse text-left text-sm">
          <caption className="px-4 pt-3 pb-2 text-left text-sm text-muted">{caption}</caption>
          <thead className="bg-band">
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col" className="px-4 py-3 font-semibold">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-line bg-white">
            {rows.map(([head, ...cells], index) => (
              <tr key={index}>
                <th scope="row" className="px-4 py-3 font-semibold whitespace-nowrap">
                  {head}
                </th>
                {cells.map((cell, i) => (
                  <td key={i} className="px-4 py-3">
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

type CalculatorErrors = { sprays?: string; months?: string };

function readWhole(value: string, min: number, max: number): number | null {
  const n = Number(value.trim().replace(",", "."));
  return Number.isInteger(n) && n >= min && n <= max ? n : null;
}

/** Suggests a perfume size from sprays a day and the months a bottle should last (client-side). */
function PerfumeCalculator() {
  const id = useId();
  const panelId = `${id}-calculateur`;
  const [open, setOpen] = useState(false);
  const [result, setResult] = useState<(PerfumeSuggestion & { sprays: number; months: number }) | null>(null);
  const [errors, setErrors] = useState<CalculatorErrors>({});
  const firstFieldRef = useRef<HTMLInputElement>(null);

  function toggle() {
    const next = !open;
    setOpen(next);
    if (next) requestAnimationFrame(() => firstFieldRef.current?.focus());
  }

  function calculate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const sprays = readWhole(String(form.get("sprays") ?? ""), CALCULATOR_SPRAYS.min, CALCULATOR_SPRAYS.max);
    const months = readWhole(String(form.get("months") ?? ""), CALCULATOR_MONTHS.min, CALCULATOR_MONTHS.max);
    const nextErrors: CalculatorErrors = {};
    if (sprays === null)
      nextErrors.sprays = `Indiquez un nombre entier de vaporisations entre ${CALCULATOR_SPRAYS.min} et ${CALCULATOR_SPRAYS.max}.`;
    if (months === null) nextErrors.months = `Indiquez une durée en mois entre ${CALCULATOR_MONTHS.min} et ${CALCULATOR_MONTHS.max}.`;
    setErrors(nextErrors);
    if (sprays === null || months === null) {
      setResult(null);
      event.currentTarget.querySelector<HTMLInputElement>(`[name="${sprays === null ? "sprays" : "months"}"]`)?.focus();
      return;
    }
    setResult({ ...suggestPerfumeSize(sprays, months), sprays, months });
  }

  const field = (
    name: "sprays" | "months",
    label: string,
    range: { min: number; max: number; default: number },
    ref?: Ref<HTMLInputElement>,
  ) => (
    <div>
      <label htmlFor={`${id}-${name}`} className="text-sm font-semibold">
        {label}
      </label>
      <input
        ref={ref}
        id={`${id}-${name}`}
        name={name}
        type="number"
        inputMode="numeric"
        min={range.min}
        max={range.max}
        step={1}
        defaultValue={range.default}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-erreur` : undefined}
        className={`mt-1 block min-h-11 w-full rounded-xl border bg-white px-3 py-2 text-ink focus:border-accent ${errors[name] ? "border-danger" : "border-line"}`}
      />
      {errors[name] && (
        <p id={`${id}-${name}-erreur`} className="mt-1 text-sm font-medium text-danger">
          {errors[name]}
        </p>
      )}
    </div>
  );

  return (
    <div className="mt-8 rounded-2xl bg-cream p-6">
      <h3 className="text-xl font-semibold">Quelle contenance choisir ?</h3>
      <p className="mt-2 text-muted">
        Indiquez combien de vaporisations vous utilisez par jour et combien de temps votre flacon doit durer : nous vous suggérons le format
        adapté.
      </p>
      <button type="button" onClick={toggle} aria-expanded={open} aria-controls={panelId} className={`mt-4 ${secondaryLinkClass}`}>
        {open ? "Fermer le calculateur" : "Lancer le calculateur"}
      </button>
      <div id={panelId} hidden={!open} className="mt-6">
        <form
          onSubmit={calculate}
          noValidate
          aria-label="Calculateur de contenance de parfum"
          className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-start"
        >
          {field("sprays", "Vaporisations par jour", CALCULATOR_SPRAYS, firstFieldRef)}
          {field("months", "Durée souhaitée (en mois)", CALCULATOR_MONTHS)}
          <button type="submit" className={`${primaryLinkClass} sm:mt-6`}>
            Calculer
          </button>
        </form>
        <div role="status" className="mt-4">
          {result && (
            <div className="rounded-xl border border-line bg-white p-4">
              <p>
                Besoin estimé : <strong>{decimal.format(result.neededMl)} ml</strong> ({result.sprays} vaporisation
                {result.sprays > 1 ? "s" : ""} × {DAYS_PER_MONTH} jours × {result.months} mois × {decimal.format(ML_PER_SPRAY)} ml).
              </p>
              <p className="mt-2 text-lg">
                Format conseillé : <strong className="text-accent">{result.suggestedMl} ml</strong>
              </p>
              {result.exceedsLargest && (
                <p className="mt-2 text-sm text-muted">
                  Votre besoin dépasse notre plus grand format : prévoyez un second flacon, ou réduisez la durée.
                </p>
              )}
            </div>
          )}
        </div>
      </div>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
