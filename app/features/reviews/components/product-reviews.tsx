import { lazy, Suspense, useEffect, useId, useState } from "react";
import { Form, Link, useLocation, useRouteLoaderData } from "react-router";
import { Stars } from "~/components/ui/stars";
import { buttonClass } from "~/components/ui/button";
import { formatRating } from "~/lib/money";
import type { ReviewListQuery } from "~/domain/reviews/reviews";
import {
  REVIEW_PAGE_PARAMS,
  REVIEW_SKIN_TYPE_LABELS,
  REVIEW_SORTS,
  type ReviewSummary,
  type ReviewView,
} from "~/domain/reviews/review-rules";
import { failureMessage, reportReview, voteReview } from "../review-api";
import { useLanguage, useT, useTranslateMessage, type MessageKey } from "~/components/ui/i18n";
import { LANGUAGE_LOCALES } from "~/domain/i18n/languages";
import { SHOP_TIME_ZONE } from "~/lib/paris-time";
import * as SHOP_MESSAGES from "~/domain/messages/shop";

const REVIEW_SORT_KEYS: Record<(typeof REVIEW_SORTS)[number], MessageKey> = {
  recent: "shop.reviews.sort.recent",
  helpful: "shop.reviews.sort.helpful",
  rating_desc: "shop.reviews.sort.ratingDesc",
  rating_asc: "shop.reviews.sort.ratingAsc",
};
/*
 * The form (and the review schema's zod) loads after hydration, for signed-in shoppers only: a
 * visitor's product page ships none of it (the storefront's JavaScript budget).
 */
const ReviewForm = lazy(() => import("./review-form").then((m) => ({ default: m.ReviewForm })));

function LazyReviewForm(props: { productId: string; productName: string }) {
  const root = useRouteLoaderData("root") as { user: { id: string } | null } | undefined;
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (!hydrated || !root?.user) return null;
  return (
    <Suspense fallback={null}>
      <ReviewForm {...props} />
    </Suspense>
  );
}

/** A review as the page shows it: its date already worded in Paris time by the loader. */
export type ShownReview = ReviewView & { date_label: string };
export type ReviewPageData = { summary: ReviewSummary; reviews: ShownReview[]; page: number; page_count: number; total: number };

const pagerClass = "min-h-11 rounded-full border border-line px-5 py-2.5 font-semibold";

/**
 * 'Précédent' / 'Page n sur m' / 'Suivant' for the reviews. Written here rather than the shared
 * Pager so the product page (a storefront landing page) loads one file less.
 */
function ReviewPager({ page, pageCount, hrefFor }: { page: number; pageCount: number; hrefFor: (page: number) => string }) {
  const t = useT();
  return (
    <nav aria-label={t("shop.reviews.pages")} className="flex items-center justify-between gap-4">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} preventScrollReset className={pagerClass}>
          {t("common.pager.previous")}
        </Link>
      ) : (
        <span aria-disabled="true" className={`${pagerClass} text-muted`}>
          {t("common.pager.previous")}
        </span>
      )}
      <p className="text-sm">{t("shop.reviews.pageOf", { page, count: pageCount })}</p>
      {page < pageCount ? (
        <Link to={hrefFor(page + 1)} preventScrollReset className={pagerClass}>
          {t("common.pager.next")}
        </Link>
      ) : (
        <span aria-disabled="true" className={`${pagerClass} text-muted`}>
          {t("common.pager.next")}
        </span>
      )}
    </nav>
  );
}

/**
 * The product page's 'Avis clients' block (docs/decisions/037-reviews.md): the published reviews'
 * average, count and distribution, the reviews sorted and filtered through the address (so a
 * shared link shows the same), 'Utile' and 'Signaler', the shop's answers, and the form for a
 * shopper who received the product.
 */
export function ProductReviews({
  product,
  page,
  query,
}: {
  product: { id: string; name: string };
  page: ReviewPageData;
  query: ReviewListQuery;
}) {
  const { summary } = page;
  const location = useLocation();
  const hrefFor = (n: number) => {
    const params = new URLSearchParams(location.search);
    params.set(REVIEW_PAGE_PARAMS.page, String(n));
    return `${location.pathname}?${params.toString()}#avis`;
  };
  const variant = new URLSearchParams(location.search).get("variant");
  const t = useT();
  const language = useLanguage();
  return (
    <section id="avis" aria-labelledby="avis-title" className="mt-16 scroll-mt-24 border-t border-line pt-10">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="avis-title" className="font-display text-2xl">
          {t("shop.reviews.title")}
        </h2>
        <Link to="/avis-clients" className="text-sm underline underline-offset-4 hover:text-accent">
          {t("shop.reviews.howWeCheck")}
        </Link>
      </div>

      <div className="mt-6 grid gap-8 lg:grid-cols-[18rem_1fr]">
        <div>
          {summary.count === 0 ? (
            <p className="text-muted">{t("shop.reviews.none")}</p>
          ) : (
            <>
              <p className="font-display text-4xl">
                {language === "fr" ? formatRating(summary.average) : summary.average.toFixed(1)}
                <span className="text-lg text-muted"> / 5</span>
              </p>
              <Stars rating={summary.average} reviewCount={summary.count} size="md" className="mt-1" />
              <Distribution summary={summary} />
            </>
          )}
          <LazyReviewForm productId={product.id} productName={product.name} />
        </div>

        <div className="min-w-0">
          {summary.count > 0 && (
            <Form method="get" action={`${location.pathname}#avis`} preventScrollReset className="flex flex-wrap items-end gap-3">
              {variant && <input type="hidden" name="variant" value={variant} />}
              <label className="grid gap-1 text-sm">
                <span className="font-semibold">{t("shop.catalogue.sortBy")}</span>
                <select
                  name={REVIEW_PAGE_PARAMS.sort}
                  defaultValue={query.sort}
                  className="min-h-11 rounded-lg border border-line bg-white px-3"
                >
                  {REVIEW_SORTS.map((s) => (
                    <option key={s} value={s}>
                      {t(REVIEW_SORT_KEYS[s])}
                    </option>
                  ))}
                </select>
              </label>
              <label className="grid gap-1 text-sm">
                <span className="font-semibold">{t("shop.reviews.filterByRating")}</span>
                <select
                  name={REVIEW_PAGE_PARAMS.stars}
                  defaultValue={query.stars ? String(query.stars) : ""}
                  className="min-h-11 rounded-lg border border-line bg-white px-3"
                >
                  <option value="">{t("shop.reviews.allRatings")}</option>
                  {[5, 4, 3, 2, 1].map((n) => (
                    <option key={n} value={n}>
                      {t("shop.reviews.stars", { count: n })}
                    </option>
                  ))}
                </select>
              </label>
              <label className="flex min-h-11 items-center gap-2 text-sm">
                <input type="checkbox" name={REVIEW_PAGE_PARAMS.withPhotos} value="1" defaultChecked={query.with_photos} />
                {t("shop.reviews.withPhotos")}
              </label>
              <button type="submit" className={buttonClass({ size: "md" })}>
                {t("shop.reviews.apply")}
              </button>
            </Form>
          )}

          {summary.count > 0 && page.reviews.length === 0 && <p className="mt-6 text-muted">{t("shop.reviews.noMatch")}</p>}
          <ol className="mt-6 space-y-6">
            {page.reviews.map((r) => (
              <li key={r.id}>
                <ReviewItem review={r} />
              </li>
            ))}
          </ol>
          {page.page_count > 1 && (
            <div className="mt-8">
              <ReviewPager page={page.page} pageCount={page.page_count} hrefFor={hrefFor} />
            </div>
          )}
        </div>
      </div>
    </section>
  );
}

function Distribution({ summary }: { summary: ReviewSummary }) {
  const t = useT();
  return (
    <ul className="mt-4 space-y-1 text-sm" aria-label={t("shop.reviews.distribution")}>
      {([5, 4, 3, 2, 1] as const).map((n) => {
        const count = summary.distribution[n];
        const share = summary.count > 0 ? Math.round((count / summary.count) * 100) : 0;
        return (
          <li key={n} className="flex items-center gap-2">
            <span className="w-16 shrink-0">{t("shop.reviews.stars", { count: n })}</span>
            <span className="h-2 flex-1 overflow-hidden rounded-full bg-line" aria-hidden="true">
              <span className="block h-full bg-gold" style={{ width: `${share}%` }} />
            </span>
            <span className="w-14 shrink-0 text-right text-muted">{t("shop.reviews.count", { count })}</span>
          </li>
        );
      })}
    </ul>
  );
}

type ActionState = { kind: "idle" } | { kind: "busy" } | { kind: "done"; message: string } | { kind: "error"; message: string };

function ReviewItem({ review }: { review: ShownReview }) {
  const root = useRouteLoaderData("root") as { user: { id: string } | null } | undefined;
  const signedIn = Boolean(root?.user);
  const [helpful, setHelpful] = useState(review.helpful_count);
  const [state, setState] = useState<ActionState>({ kind: "idle" });
  const titleId = useId();
  const t = useT();
  const translateMessage = useTranslateMessage();
  const language = useLanguage();
  // The loader words the date in French; another language words it here, still in Paris time.
  const dateLabel =
    language === "fr"
      ? review.date_label
      : new Intl.DateTimeFormat(LANGUAGE_LOCALES[language], {
          day: "numeric",
          month: "long",
          year: "numeric",
          timeZone: SHOP_TIME_ZONE,
        }).format(new Date(review.published_at ?? review.created_at));

  async function vote() {
    if (!signedIn) return setState({ kind: "error", message: t("shop.reviews.signInToVote") });
    setState({ kind: "busy" });
    const voted = await voteReview(review.id);
    if (!voted.ok) return setState({ kind: "error", message: translateMessage(failureMessage(voted, SHOP_MESSAGES.voteCouldNotSaved)) });
    setHelpful(voted.data.helpful_count);
    setState({ kind: "done", message: voted.data.counted ? t("shop.reviews.voteThanks") : t("shop.reviews.alreadyVoted") });
  }

  async function report() {
    if (!signedIn) return setState({ kind: "error", message: t("shop.reviews.signInToReport") });
    setState({ kind: "busy" });
    const reported = await reportReview(review.id);
    if (!reported.ok)
      return setState({ kind: "error", message: translateMessage(failureMessage(reported, SHOP_MESSAGES.reportCouldNotSaved)) });
    setState({ kind: "done", message: t("shop.reviews.reportThanks") });
  }

  const meta = [
    review.variant_label,
    review.skin_type ? t("shop.reviews.skin", { type: translateMessage(REVIEW_SKIN_TYPE_LABELS[review.skin_type]).toLowerCase() }) : null,
    review.age_range ? t(`shop.reviews.age.${review.age_range}` as MessageKey) : null,
  ].filter(Boolean);

  return (
    <article aria-labelledby={titleId} className="rounded-2xl border border-line bg-white p-5">
      <Stars rating={review.rating} />
      <h3 id={titleId} className="mt-2 font-semibold">
        {review.title}
      </h3>
      <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted">
        <span>{review.author}</span>
        {review.verified && (
          <span className="rounded-full bg-success/10 px-2 py-0.5 text-xs font-semibold text-success">{t("shop.reviews.verified")}</span>
        )}
        <span>{t("shop.reviews.publishedOn", { date: dateLabel })}</span>
      </p>
      {meta.length > 0 && <p className="mt-1 text-sm text-muted">{meta.join(" · ")}</p>}
      <p className="mt-3 whitespace-pre-line break-words">{review.body}</p>
      {review.photos.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-2" aria-label={t("shop.reviews.photosOf", { author: review.author })}>
          {review.photos.map((url, i) => (
            <li key={url}>
              <a href={url} target="_blank" rel="noopener noreferrer" className="block rounded-lg">
                <img
                  src={url}
                  alt={t("shop.reviews.photoAlt", { author: review.author, index: i + 1, count: review.photos.length })}
                  width={80}
                  height={80}
                  loading="lazy"
                  className="h-20 w-20 rounded-lg border border-line object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
      {review.shop_answer && (
        <div className="mt-4 rounded-xl bg-cream p-4 text-sm">
          <p className="font-semibold">{t("shop.reviews.shopAnswer")}</p>
          <p className="mt-1 whitespace-pre-line break-words">{review.shop_answer}</p>
        </div>
      )}
      <div className="mt-4 flex flex-wrap items-center gap-3 text-sm">
        <button type="button" onClick={vote} disabled={state.kind === "busy"} className={buttonClass({ size: "sm" })}>
          {t("shop.reviews.helpful", { count: helpful })}
        </button>
        <button
          type="button"
          onClick={report}
          disabled={state.kind === "busy"}
          className="min-h-11 px-2 underline underline-offset-4 hover:text-accent"
        >
          {t("shop.reviews.report")}
        </button>
        <p role="status" className={state.kind === "error" ? "text-danger" : "text-muted"}>
          {state.kind === "done" || state.kind === "error" ? state.message : ""}
        </p>
      </div>
    </article>
  );
}
