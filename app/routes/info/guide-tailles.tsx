import { useId, useRef, useState, type FormEvent, type ReactNode, type Ref } from "react";
import { T, useLanguage, useT } from "~/components/ui/i18n";
import { LANGUAGE_LOCALES, type Language } from "~/domain/i18n/languages";
import { Link } from "react-router";
import type { Route } from "./+types/guide-tailles";
import { absoluteUrl } from "~/.server/http";
import { requestPageLanguage } from "~/.server/i18n/request-language";
import {
  CALCULATOR_MONTHS,
  CALCULATOR_SPRAYS,
  DAYS_PER_MONTH,
  ML_PER_SPRAY,
  SIZE_GUIDE_TABLES_FR,
  suggestPerfumeSize,
  type PerfumeSuggestion,
  type SizeGuideTables,
} from "~/content/size-guide";
import { SIZE_GUIDE_TABLES_EN } from "~/content/size-guide.en";
import { InfoPageHeader, primaryLinkClass, secondaryLinkClass, textLinkClass } from "~/features/info/components/info-page-header";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { publicPageHeaders } from "~/lib/http-cache";
import { buildMeta } from "~/lib/seo";
import { metaI18n } from "~/components/ui/meta-i18n";

const SIZE_GUIDE_TABLES: Record<Language, SizeGuideTables> = { fr: SIZE_GUIDE_TABLES_FR, en: SIZE_GUIDE_TABLES_EN };

/** The tables come in the page's language only (decision 044); the rest of the page is in the catalogs. */
export async function loader({ request }: Route.LoaderArgs) {
  return { canonical: absoluteUrl("/guide-tailles"), tables: SIZE_GUIDE_TABLES[await requestPageLanguage(request)] };
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

/** Millilitres with at most one decimal, in the page's language ("0,1" / "0.1"). */
function useDecimal(): (value: number) => string {
  const format = new Intl.NumberFormat(LANGUAGE_LOCALES[useLanguage()], { maximumFractionDigits: 1 });
  return (value) => format.format(value);
}

export default function SizeGuidePage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const decimal = useDecimal();
  const { perfumes, makeup, skincare } = loaderData.tables;
  return (
    <div>
      <InfoPageHeader title={t("shop.info.sizeGuideTitle")}>
        <p>{t("shop.sizeGuide.intro")}</p>
      </InfoPageHeader>

      <div className="mx-auto max-w-5xl space-y-14 px-4 py-10 sm:px-6">
        <section aria-labelledby="parfums">
          <h2 id="parfums" className="font-display text-2xl">
            {t("shop.sizeGuide.perfumes.title")}
          </h2>
          <GuideTable
            caption={t("shop.sizeGuide.perfumes.caption")}
            columns={[
              t("shop.sizeGuide.perfumes.size"),
              t("shop.sizeGuide.perfumes.description"),
              t("shop.sizeGuide.perfumes.usage"),
              t("shop.sizeGuide.perfumes.duration"),
            ]}
            rows={perfumes.map((p) => [p.size, p.description, p.usage, p.duration])}
          />
          <p className="mt-3 text-sm text-muted">{t("shop.sizeGuide.perfumes.note", { ml: decimal(ML_PER_SPRAY) })}</p>
          <PerfumeCalculator />
        </section>

        <section aria-labelledby="maquillage">
          <h2 id="maquillage" className="font-display text-2xl">
            {t("shop.sizeGuide.makeup.title")}
          </h2>
          <GuideTable
            caption={t("shop.sizeGuide.makeup.caption")}
            columns={[
              t("shop.sizeGuide.makeup.product"),
              t("shop.sizeGuide.makeup.sizes"),
              t("shop.sizeGuide.makeup.afterOpening"),
              t("shop.sizeGuide.makeup.advice"),
            ]}
            rows={makeup.map((m) => [m.category, m.sizes, m.shelfLife, m.info])}
          />
        </section>

        <section aria-labelledby="soins">
          <h2 id="soins" className="font-display text-2xl">
            {t("shop.sizeGuide.skincare.title")}
          </h2>
          <GuideTable
            caption={t("shop.sizeGuide.skincare.caption")}
            columns={[
              t("shop.sizeGuide.skincare.type"),
              t("shop.sizeGuide.skincare.sizes"),
              t("shop.sizeGuide.skincare.usage"),
              t("shop.sizeGuide.skincare.afterOpening"),
            ]}
            rows={skincare.map((s) => [s.type, s.sizes, s.usage, s.shelfLife])}
          />
          <p className="mt-3 text-sm text-muted">{t("shop.sizeGuide.skincare.note")}</p>
        </section>

        <section aria-labelledby="guide-aide" className="rounded-2xl bg-band px-6 py-10 text-center">
          <h2 id="guide-aide" className="font-display text-2xl">
            {t("shop.sizeGuide.helpTitle")}
          </h2>
          <p className="mt-2 text-muted">{t("shop.sizeGuide.helpText")}</p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <Link to="/service-client" className={primaryLinkClass}>
              {t("shop.sizeGuide.contactLink")}
            </Link>
            <Link to="/category/parfums" className={`inline-flex min-h-11 items-center ${textLinkClass}`}>
              {t("shop.sizeGuide.perfumesLink")}
            </Link>
          </div>
        </section>
      </div>
    </div>
  );
}

function GuideTable({ caption, columns, rows }: { caption: string; columns: string[]; rows: ReactNode[][] }) {
  const t = useT();
  return (
    <>
      <p className="mt-4 text-xs text-muted sm:hidden">{t("shop.sizeGuide.scrollHint")}</p>
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
  const t = useT();
  const decimal = useDecimal();
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
    if (sprays === null) nextErrors.sprays = t("shop.sizeGuide.calculator.spraysError", CALCULATOR_SPRAYS);
    if (months === null) nextErrors.months = t("shop.sizeGuide.calculator.monthsError", CALCULATOR_MONTHS);
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
      <h3 className="text-xl font-semibold">{t("shop.sizeGuide.calculator.title")}</h3>
      <p className="mt-2 text-muted">{t("shop.sizeGuide.calculator.intro")}</p>
      <button type="button" onClick={toggle} aria-expanded={open} aria-controls={panelId} className={`mt-4 ${secondaryLinkClass}`}>
        {open ? t("shop.sizeGuide.calculator.close") : t("shop.sizeGuide.calculator.open")}
      </button>
      <div id={panelId} hidden={!open} className="mt-6">
        <form
          onSubmit={calculate}
          noValidate
          aria-label={t("shop.sizeGuide.calculator.label")}
          className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-start"
        >
          {field("sprays", t("shop.sizeGuide.calculator.sprays"), CALCULATOR_SPRAYS, firstFieldRef)}
          {field("months", t("shop.sizeGuide.calculator.months"), CALCULATOR_MONTHS)}
          <button type="submit" className={`${primaryLinkClass} sm:mt-6`}>
            {t("shop.sizeGuide.calculator.submit")}
          </button>
        </form>
        <div role="status" className="mt-4">
          {result && (
            <div className="rounded-xl border border-line bg-white p-4">
              <p>
                <T
                  k="shop.sizeGuide.calculator.needed"
                  values={{
                    needed: decimal(result.neededMl),
                    sprays: result.sprays,
                    days: DAYS_PER_MONTH,
                    months: result.months,
                    ml: decimal(ML_PER_SPRAY),
                  }}
                  components={{ 0: <strong /> }}
                />
              </p>
              <p className="mt-2 text-lg">
                <T
                  k="shop.sizeGuide.calculator.suggested"
                  values={{ size: result.suggestedMl }}
                  components={{ 0: <strong className="text-accent" /> }}
                />
              </p>
              {result.exceedsLargest && <p className="mt-2 text-sm text-muted">{t("shop.sizeGuide.calculator.exceeds")}</p>}
            </div>
          )}
        </div>
      </div>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
