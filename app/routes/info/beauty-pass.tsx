import { useState } from "react";
import { useSampleAllowances } from "~/components/layout/use-sample-allowances";
import { data, Link } from "react-router";
import type { Route } from "./+types/beauty-pass";
import { getCurrentSession } from "~/.server/auth/session.server";
import { getDb } from "~/.server/db";
import { getShippingSettings } from "~/.server/modules/delivery/shipping-settings.service";
import { absoluteUrl } from "~/.server/http";
import { buildFaqCategories } from "~/content/faq";
import { requestPageLanguage } from "~/.server/i18n/request-language";
import {
  beautyPassRules,
  conversionRows,
  formatBeautyPassPoints,
  pointsExamples,
  tierBenefits,
  TIER_TAGLINE_KEYS,
} from "~/content/beauty-pass";
import { T, useLanguage, useT, useTranslateMessage, type Translate } from "~/components/ui/i18n";
import { LANGUAGE_LOCALES } from "~/domain/i18n/languages";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { Breadcrumb } from "~/components/ui/breadcrumb";
import { RewardProgress, BEAUTY_PASS_HISTORY_HREF } from "~/features/loyalty/components/beauty-pass-card";
import { BEAUTY_PASS_TIERS, type BeautyPassTier, type BeautyPassTierId } from "~/domain/loyalty/loyalty.rules";
import { LOYALTY_LOAD_ERROR } from "~/domain/loyalty/loyalty.types";
import { primaryLinkClass, secondaryLinkClass, textLinkClass } from "~/features/info/components/info-page-header";
import { PUBLIC_PAGE_CACHE_CONTROL } from "~/lib/http-cache";
import { buildMeta } from "~/lib/seo";
import { BEAUTY_PASS_POINTS_PER_EURO, BEAUTY_PASS_REDEEM_STEP_CENTS, BEAUTY_PASS_REDEEM_STEP_POINTS } from "~/lib/shop-rules";
import { formatEuros } from "~/content/shop-facts";
import { loadLoyaltySummary } from "../account/tab-data/loyalty.server";
import { metaI18n } from "~/components/ui/meta-i18n";

const PATH = "/beauty-pass";
const FAQ_CATEGORY = "beauty-pass-fidelite";
const NO_STORE = "private, no-store";

/**
 * The programme page. A visitor gets the same page as everyone (shared-cached like the other
 * information pages); a signed-in shopper also sees their tier and balance, so their copy is
 * private and never stored.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const page = {
    canonical: absoluteUrl(PATH),
    // Sent with the data so the browser bundle does not carry the whole FAQ content module.
    // In the page's language, with the shipping figures of Paramètres (as /faq shows them).
    faq:
      buildFaqCategories(await getShippingSettings(await getDb()), await requestPageLanguage(request)).find((c) => c.slug === FAQ_CATEGORY)
        ?.questions ?? [],
  };
  const session = await getCurrentSession(request);
  if (!session) return data({ ...page, member: null }, { headers: { "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL } });
  const summary = await loadLoyaltySummary(await getDb(), session.user.id);
  const member = {
    summary: summary && {
      tier: summary.tier,
      balance: summary.balance,
      next_threshold: summary.next_threshold,
      progress_percent: summary.progress_percent,
      points_to_next: summary.points_to_next,
    },
  };
  return data({ ...page, member }, { headers: { "Cache-Control": NO_STORE } });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return { "Cache-Control": loaderHeaders.get("Cache-Control") ?? NO_STORE };
}

export function meta({ data, matches }: Route.MetaArgs) {
  const { t, ogLocale } = metaI18n(matches);
  return buildMeta({
    title: t("common.meta.beautyPass.title"),
    description: t("common.meta.beautyPass.description", {
      points: String(BEAUTY_PASS_POINTS_PER_EURO),
      stepPoints: String(BEAUTY_PASS_REDEEM_STEP_POINTS),
      stepAmount: formatEuros(BEAUTY_PASS_REDEEM_STEP_CENTS),
    }),
    url: data?.canonical ?? PATH,
    ogLocale,
  });
}

type LoaderData = Route.ComponentProps["loaderData"];
type MemberSummary = NonNullable<NonNullable<LoaderData["member"]>["summary"]>;

export default function BeautyPassPage({ loaderData }: Route.ComponentProps) {
  const { member, faq } = loaderData;
  const memberTier = member?.summary?.tier.id ?? null;
  const t = useT();
  return (
    <div>
      <header className="bg-band">
        <div className="mx-auto grid max-w-5xl gap-8 px-4 py-10 sm:px-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-center">
          <div>
            <Breadcrumb items={[{ to: "/", label: t("common.breadcrumb.home") }, { label: "Beauty Pass" }]} />
            <p className="mt-6 text-sm font-semibold tracking-wider text-accent uppercase">{t("shop.beautyPass.eyebrow")}</p>
            <h1 className="mt-1 font-display text-4xl sm:text-5xl">Beauty Pass</h1>
            <p className="mt-4 max-w-2xl text-lg text-muted">
              {t("shop.beautyPass.intro", {
                perEuro: BEAUTY_PASS_POINTS_PER_EURO,
                step: BEAUTY_PASS_REDEEM_STEP_POINTS,
                discount: formatEuros(BEAUTY_PASS_REDEEM_STEP_CENTS),
              })}
            </p>
            <div className="mt-6 flex flex-wrap gap-3">
              {member ? (
                <Link to={BEAUTY_PASS_HISTORY_HREF} className={primaryLinkClass}>
                  {t("shop.beautyPass.seeMyPoints")}
                </Link>
              ) : (
                <Link to="/register" className={primaryLinkClass}>
                  {t("shop.beautyPass.join")}
                </Link>
              )}
              <Link to="/products" className={secondaryLinkClass}>
                {t("shop.beautyPass.discoverProducts")}
              </Link>
            </div>
          </div>
          {member && <MemberPanel summary={member.summary} />}
        </div>
      </header>

      <div className="mx-auto max-w-5xl space-y-16 px-4 py-12 sm:px-6">
        <TierCards key={memberTier ?? "visiteur"} memberTier={memberTier} />
        <PointsSection />
        <RulesSection />
        <FaqSection questions={faq} />

        {!member && (
          <section
            aria-labelledby="beauty-pass-cta"
            className="rounded-2xl bg-gradient-to-br from-accent to-accent-dark px-6 py-10 text-center text-white"
          >
            <h2 id="beauty-pass-cta" className="font-display text-3xl">
              {t("shop.beautyPass.ctaTitle")}
            </h2>
            <p className="mx-auto mt-2 max-w-xl">{t("shop.beautyPass.ctaText")}</p>
            <div className="mt-6 flex flex-wrap justify-center gap-3">
              <Link
                to="/register"
                className="inline-flex min-h-11 items-center justify-center rounded-full bg-white px-6 font-semibold text-accent-dark hover:bg-accent-soft"
              >
                {t("shop.beautyPass.createAccount")}
              </Link>
              <Link
                to="/products"
                className="inline-flex min-h-11 items-center justify-center rounded-full border border-white px-6 font-semibold text-white hover:bg-white hover:text-accent-dark"
              >
                {t("shop.beautyPass.discoverProducts")}
              </Link>
            </div>
          </section>
        )}
      </div>
    </div>
  );
}

/** The signed-in shopper's own tier and balance (or the spec's fallback when it failed to load). */
function MemberPanel({ summary }: { summary: MemberSummary | null }) {
  const t = useT();
  const tm = useTranslateMessage();
  return (
    <section aria-labelledby="mon-beauty-pass" className="rounded-2xl border border-line bg-white p-6">
      <h2 id="mon-beauty-pass" className="font-display text-xl">
        {t("shop.beautyPass.memberTitle")}
      </h2>
      {summary ? (
        <>
          <dl className="mt-4 grid grid-cols-2 gap-4">
            <div>
              <dt className="text-sm text-muted">{t("shop.beautyPass.memberTier")}</dt>
              <dd className="mt-1 font-semibold">{summary.tier.name}</dd>
            </div>
            <div>
              <dt className="text-sm text-muted">{t("shop.beautyPass.memberBalance")}</dt>
              <dd className="mt-1 font-semibold tabular-nums">{formatBeautyPassPoints(t, summary.balance)}</dd>
            </div>
          </dl>
          <RewardProgress summary={summary} />
        </>
      ) : (
        <p role="alert" className="mt-4 text-sm font-semibold text-danger">
          {tm(LOYALTY_LOAD_ERROR)}
        </p>
      )}
    </section>
  );
}

/** "0 à 499 points", "1 000 points et plus", in the page's language. */
function tierRange(tier: BeautyPassTier, t: Translate, locale: string): string {
  return tier.maxPoints === null
    ? t("shop.beautyPass.tierRangeFrom", { points: formatBeautyPassPoints(t, tier.minPoints) })
    : t("shop.beautyPass.tierRange", { min: tier.minPoints.toLocaleString(locale), max: formatBeautyPassPoints(t, tier.maxPoints) });
}

/** Three tier cards; pressing one highlights it (the shopper's own tier is highlighted first). */
function TierCards({ memberTier }: { memberTier: BeautyPassTierId | null }) {
  const [selected, setSelected] = useState<BeautyPassTierId | null>(memberTier);
  const t = useT();
  const samples = useSampleAllowances();
  const locale = LANGUAGE_LOCALES[useLanguage()];
  return (
    <section aria-labelledby="niveaux">
      <h2 id="niveaux" className="font-display text-3xl">
        {t("shop.beautyPass.tiersTitle")}
      </h2>
      <p className="mt-2 text-muted">{t("shop.beautyPass.tiersHint")}</p>
      <ul className="mt-6 grid gap-6 md:grid-cols-3">
        {BEAUTY_PASS_TIERS.map((tier) => {
          const pressed = selected === tier.id;
          return (
            <li
              key={tier.id}
              className={`relative flex flex-col rounded-2xl border-2 p-6 transition-colors ${
                pressed ? "border-accent bg-accent-soft shadow-lg" : "border-line bg-white hover:border-accent/60"
              }`}
            >
              <h3 className="font-display text-2xl">
                {/* The button stretches over the whole card: a click anywhere on it selects the tier. */}
                <button
                  type="button"
                  aria-pressed={pressed}
                  aria-describedby={`niveau-${tier.id}-points`}
                  onClick={() => setSelected(pressed ? null : tier.id)}
                  className="text-left after:absolute after:inset-0 after:rounded-2xl after:content-['']"
                >
                  {tier.name}
                </button>
              </h3>
              <p id={`niveau-${tier.id}-points`} className="mt-1 font-semibold text-accent-dark">
                {tierRange(tier, t, locale)}
              </p>
              {memberTier === tier.id && (
                <p className="mt-2 inline-flex w-fit rounded-full bg-accent px-3 py-0.5 text-xs font-semibold text-white">
                  {t("shop.beautyPass.yourTier")}
                </p>
              )}
              <p className="mt-3 text-sm text-muted">{t(TIER_TAGLINE_KEYS[tier.id])}</p>
              <ul className="mt-4 space-y-2 text-sm">
                {tierBenefits(t, tier.id, samples).map((benefit) => (
                  <li key={benefit} className="flex gap-2">
                    <span aria-hidden="true" className="text-accent">
                      ✓
                    </span>
                    {benefit}
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** How points are earned (worked examples) and what they are worth (conversion table). */
function PointsSection() {
  const t = useT();
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <section aria-labelledby="gagner-points" className="rounded-2xl bg-cream p-6">
        <h2 id="gagner-points" className="font-display text-2xl">
          {t("shop.beautyPass.earnTitle")}
        </h2>
        <p className="mt-2 text-muted">{t("shop.beautyPass.earnText", { perEuro: BEAUTY_PASS_POINTS_PER_EURO })}</p>
        <ul className="mt-4 divide-y divide-line rounded-xl border border-line bg-white">
          {pointsExamples(t).map((example) => (
            <li key={example.order + (example.detail ?? "")} className="flex items-center justify-between gap-4 px-4 py-3">
              <span>
                {example.order}
                {example.detail && <span className="block text-sm text-muted">{example.detail}</span>}
              </span>
              <span className="shrink-0 font-semibold text-accent-dark">= {example.points}</span>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="utiliser-points" className="rounded-2xl bg-cream p-6">
        <h2 id="utiliser-points" className="font-display text-2xl">
          {t("shop.beautyPass.useTitle")}
        </h2>
        <p className="mt-2 text-muted">{t("shop.beautyPass.useText", { step: BEAUTY_PASS_REDEEM_STEP_POINTS })}</p>
        <table className="mt-4 w-full overflow-hidden rounded-xl border border-line bg-white text-left">
          <caption className="sr-only">{t("shop.beautyPass.conversionCaption")}</caption>
          <thead className="bg-band text-sm">
            <tr>
              <th scope="col" className="px-4 py-2">
                {t("shop.beautyPass.colPoints")}
              </th>
              <th scope="col" className="px-4 py-2">
                {t("shop.beautyPass.colDiscount")}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {conversionRows(t).map((row) => (
              <tr key={row.points}>
                <th scope="row" className="px-4 py-3 font-semibold">
                  {row.points}
                </th>
                <td className="px-4 py-3 font-semibold text-accent-dark">{row.discount}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}

function RulesSection() {
  const t = useT();
  return (
    <section aria-labelledby="regles-beauty-pass">
      <h2 id="regles-beauty-pass" className="font-display text-3xl">
        {t("shop.beautyPass.rulesTitle")}
      </h2>
      <ul className="mt-4 list-disc space-y-2 pl-5 text-muted">
        {beautyPassRules(t).map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
      <p className="mt-4 text-sm text-muted">
        <T k="shop.beautyPass.fullTerms" components={{ 0: <Link to="/conditions-generales#beauty-pass" className={textLinkClass} /> }} />
      </p>
    </section>
  );
}

function FaqSection({ questions }: { questions: LoaderData["faq"] }) {
  const t = useT();
  if (questions.length === 0) return null;
  return (
    <section aria-labelledby="faq-beauty-pass">
      <h2 id="faq-beauty-pass" className="font-display text-3xl">
        {t("shop.beautyPass.faqTitle")}
      </h2>
      <ul className="mt-4 divide-y divide-line rounded-2xl border border-line bg-white">
        {questions.map((q) => (
          <li key={q.id}>
            <details className="group">
              <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 font-semibold hover:text-accent [&::-webkit-details-marker]:hidden">
                {q.question}
                <span aria-hidden="true" className="shrink-0 text-xl leading-none text-muted transition-transform group-open:rotate-45">
                  +
                </span>
              </summary>
              <p className="px-5 pb-5 text-muted">{q.answer}</p>
            </details>
          </li>
        ))}
      </ul>
      <p className="mt-4">
        <Link to={`/faq?category=${FAQ_CATEGORY}`} className={textLinkClass}>
          {t("shop.beautyPass.faqAll")}
        </Link>
      </p>
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
