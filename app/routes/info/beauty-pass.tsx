import { useState } from "react";
import { data, Link } from "react-router";
import type { Route } from "./+types/beauty-pass";
import { getCurrentSession } from "~/.server/auth/session.server";
import { getDb } from "~/.server/db";
import { absoluteUrl } from "~/.server/http";
import { FAQ_CATEGORIES } from "~/content/faq";
import { BEAUTY_PASS_RULES, CONVERSION_ROWS, POINTS_EXAMPLES, TIER_BENEFITS, TIER_TAGLINES } from "~/content/beauty-pass";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { Breadcrumb } from "~/components/ui/breadcrumb";
import { RewardProgress, BEAUTY_PASS_HISTORY_HREF } from "~/features/loyalty/components/beauty-pass-card";
import { BEAUTY_PASS_TIERS, type BeautyPassTier, type BeautyPassTierId } from "~/domain/loyalty/loyalty.rules";
import { formatPoints, LOYALTY_LOAD_ERROR } from "~/domain/loyalty/loyalty.types";
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
    faq: FAQ_CATEGORIES.find((c) => c.slug === FAQ_CATEGORY)?.questions ?? [],
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
  return (
    <div>
      <header className="bg-band">
        <div className="mx-auto grid max-w-5xl gap-8 px-4 py-10 sm:px-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-center">
          <div>
            <Breadcrumb items={[{ to: "/", label: "Accueil" }, { label: "Beauty Pass" }]} />
            <p className="mt-6 text-sm font-semibold tracking-wider text-accent uppercase">Programme fidélité</p>
            <h1 className="mt-1 font-display text-4xl sm:text-5xl">Beauty Pass</h1>
            <p className="mt-4 max-w-2xl text-lg text-muted">
              Chaque achat beauté vous rapporte des points : 1 € dépensé = {BEAUTY_PASS_POINTS_PER_EURO} point, et{" "}
              {BEAUTY_PASS_REDEEM_STEP_POINTS} points = {formatEuros(BEAUTY_PASS_REDEEM_STEP_CENTS)} de réduction. Gratuit, ouvert
              automatiquement avec votre compte.
            </p>
            <div className="mt-6 flex flex-wrap gap-3">
              {member ? (
                <Link to={BEAUTY_PASS_HISTORY_HREF} className={primaryLinkClass}>
                  Voir mes points
                </Link>
              ) : (
                <Link to="/register" className={primaryLinkClass}>
                  Rejoindre le Beauty Pass
                </Link>
              )}
              <Link to="/products" className={secondaryLinkClass}>
                Découvrir nos produits
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
              Prête à cumuler vos premiers points ?
            </h2>
            <p className="mx-auto mt-2 max-w-xl">
              Créez votre compte : votre Beauty Pass est ouvert tout de suite, vos points arrivent avec votre première commande livrée.
            </p>
            <div className="mt-6 flex flex-wrap justify-center gap-3">
              <Link
                to="/register"
                className="inline-flex min-h-11 items-center justify-center rounded-full bg-white px-6 font-semibold text-accent-dark hover:bg-accent-soft"
              >
                Créer mon compte
              </Link>
              <Link
                to="/products"
                className="inline-flex min-h-11 items-center justify-center rounded-full border border-white px-6 font-semibold text-white hover:bg-white hover:text-accent-dark"
              >
                Découvrir nos produits
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
  return (
    <section aria-labelledby="mon-beauty-pass" className="rounded-2xl border border-line bg-white p-6">
      <h2 id="mon-beauty-pass" className="font-display text-xl">
        Mon Beauty Pass
      </h2>
      {summary ? (
        <>
          <dl className="mt-4 grid grid-cols-2 gap-4">
            <div>
              <dt className="text-sm text-muted">Mon niveau</dt>
              <dd className="mt-1 font-semibold">{summary.tier.name}</dd>
            </div>
            <div>
              <dt className="text-sm text-muted">Mon solde</dt>
              <dd className="mt-1 font-semibold tabular-nums">{formatPoints(summary.balance)}</dd>
            </div>
          </dl>
          <RewardProgress summary={summary} />
        </>
      ) : (
        <p role="alert" className="mt-4 text-sm font-semibold text-danger">
          {LOYALTY_LOAD_ERROR}
        </p>
      )}
    </section>
  );
}

function tierRange(tier: BeautyPassTier): string {
  return tier.maxPoints === null
    ? `${formatPoints(tier.minPoints)} et plus`
    : `${tier.minPoints.toLocaleString("fr-FR")} à ${formatPoints(tier.maxPoints)}`;
}

/** Three tier cards; pressing one highlights it (the shopper's own tier is highlighted first). */
function TierCards({ memberTier }: { memberTier: BeautyPassTierId | null }) {
  const [selected, setSelected] = useState<BeautyPassTierId | null>(memberTier);
  return (
    <section aria-labelledby="niveaux">
      <h2 id="niveaux" className="font-display text-3xl">
        Trois niveaux, des avantages qui grandissent
      </h2>
      <p className="mt-2 text-muted">Sélectionnez un niveau pour le mettre en avant.</p>
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
                {tierRange(tier)}
              </p>
              {memberTier === tier.id && (
                <p className="mt-2 inline-flex w-fit rounded-full bg-accent px-3 py-0.5 text-xs font-semibold text-white">Votre niveau</p>
              )}
              <p className="mt-3 text-sm text-muted">{TIER_TAGLINES[tier.id]}</p>
              <ul className="mt-4 space-y-2 text-sm">
                {TIER_BENEFITS[tier.id].map((benefit) => (
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
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <section aria-labelledby="gagner-points" className="rounded-2xl bg-cream p-6">
        <h2 id="gagner-points" className="font-display text-2xl">
          Gagnez des points
        </h2>
        <p className="mt-2 text-muted">1 € dépensé = {BEAUTY_PASS_POINTS_PER_EURO} point, crédité quand votre commande est livrée.</p>
        <ul className="mt-4 divide-y divide-line rounded-xl border border-line bg-white">
          {POINTS_EXAMPLES.map((example) => (
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
          Utilisez vos points
        </h2>
        <p className="mt-2 text-muted">
          Dès {BEAUTY_PASS_REDEEM_STEP_POINTS} points, par tranches de {BEAUTY_PASS_REDEEM_STEP_POINTS} points, au moment de la commande.
        </p>
        <table className="mt-4 w-full overflow-hidden rounded-xl border border-line bg-white text-left">
          <caption className="sr-only">Conversion des points en réduction</caption>
          <thead className="bg-band text-sm">
            <tr>
              <th scope="col" className="px-4 py-2">
                Points
              </th>
              <th scope="col" className="px-4 py-2">
                Réduction
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {CONVERSION_ROWS.map((row) => (
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
  return (
    <section aria-labelledby="regles-beauty-pass">
      <h2 id="regles-beauty-pass" className="font-display text-3xl">
        Les règles du Beauty Pass
      </h2>
      <ul className="mt-4 list-disc space-y-2 pl-5 text-muted">
        {BEAUTY_PASS_RULES.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
      <p className="mt-4 text-sm text-muted">
        Conditions complètes dans nos{" "}
        <Link to="/conditions-generales#beauty-pass" className={textLinkClass}>
          conditions générales de vente
        </Link>
        .
      </p>
    </section>
  );
}

function FaqSection({ questions }: { questions: LoaderData["faq"] }) {
  if (questions.length === 0) return null;
  return (
    <section aria-labelledby="faq-beauty-pass">
      <h2 id="faq-beauty-pass" className="font-display text-3xl">
        Questions fréquentes
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
          Toutes les questions sur le Beauty Pass
        </Link>
      </p>
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
