import { Icon } from "~/components/ui/icons";
import { getSampleAllowances } from "~/.server/modules/settings/sample-settings.service";
import { useT } from "~/components/ui/i18n";
import { useEffect } from "react";
import { Form, Link, useLocation } from "react-router";
import type { Route } from "./+types/faq";
import { absoluteUrl } from "~/.server/http";
import { getDb } from "~/.server/db";
import { getShippingSettings } from "~/.server/modules/delivery/shipping-settings.service";
import { requestPageLanguage } from "~/.server/i18n/request-language";
import { buildFaqCategories, FAQ_SEARCH_MAX_LENGTH, parseFaqFilters, searchFaq, type FaqFilters } from "~/content/faq";
import { getShopIdentity } from "~/.server/modules/settings/shop-identity.service";
import { contactDetailsOf } from "~/domain/settings/shop-contact";
import { InfoPageHeader, primaryLinkClass, secondaryLinkClass, textLinkClass } from "~/features/info/components/info-page-header";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { publicPageHeaders } from "~/lib/http-cache";
import { buildMeta } from "~/lib/seo";
import { metaI18n } from "~/components/ui/meta-i18n";

/**
 * The filters live in the address (?q, ?category): the page works without JavaScript. The questions
 * come in the page's language only (decision 044), and a search looks through that language's texts.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const filters = parseFaqFilters(new URL(request.url).searchParams);
  const db = await getDb();
  // The delivery figures and the free samples per order, as Paramètres sets them (decision 067).
  const settings = { ...(await getShippingSettings(db)), samples: await getSampleAllowances(db) };
  const faq = buildFaqCategories(settings, await requestPageLanguage(request));
  const results = searchFaq(filters, faq);
  return {
    filters,
    results,
    total: results.reduce((n, c) => n + c.questions.length, 0),
    categories: faq.map(({ slug, name, icon }) => ({ slug, name, icon })),
    // Sent with the data so the browser bundle does not carry the whole FAQ content module.
    searchMaxLength: FAQ_SEARCH_MAX_LENGTH,
    canonical: absoluteUrl("/faq"),
    contact: contactDetailsOf(await getShopIdentity(await getDb())),
  };
}

export const headers = publicPageHeaders;

export function meta({ data, matches }: Route.MetaArgs) {
  const { t, ogLocale } = metaI18n(matches);
  if (!data) return [{ title: `${t("common.meta.faq.heading")} | Aurore` }];
  return buildMeta({
    title: t("common.meta.faq.title"),
    description: t("common.meta.faq.description"),
    url: data.canonical,
    noindex: Boolean(data.filters.q || data.filters.category),
    ogLocale,
  });
}

/** The /faq address for a set of filters (empty ones left out). */
function faqHref(filters: FaqFilters): string {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.category) params.set("category", filters.category);
  const search = params.toString();
  return search ? `/faq?${search}` : "/faq";
}

function FaqJsonLd({ results }: { results: Route.ComponentProps["loaderData"]["results"] }) {
  const ld = {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: results.flatMap((c) =>
      c.questions.map((q) => ({
        "@type": "Question",
        name: q.question,
        acceptedAnswer: { "@type": "Answer", text: q.answer },
      })),
    ),
  };
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(ld).replace(/</g, "\\u003c") }} />;
}

const filterClass = "inline-flex min-h-11 items-center gap-2 rounded-full border px-4 text-sm font-semibold transition-colors";

export default function FaqPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { filters, results, total, categories, searchMaxLength } = loaderData;
  const filtered = Boolean(filters.q || filters.category);
  const activeCategory = categories.find((c) => c.slug === filters.category);
  const location = useLocation();

  // A link to /faq#question-id (the customer-service teasers) opens that answer.
  useEffect(() => {
    const target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    if (target instanceof HTMLDetailsElement) target.open = true;
  }, [location.hash, location.search]);

  return (
    <div>
      {!filtered && <FaqJsonLd results={results} />}
      <InfoPageHeader title={t("shop.info.faqTitle")}>
        <p>{t("shop.faq.intro")}</p>
      </InfoPageHeader>

      <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
        <Form
          method="get"
          action="/faq"
          role="search"
          aria-label={t("shop.faq.searchLabel")}
          className="flex flex-col gap-3 sm:flex-row sm:items-end"
        >
          <div className="flex-1">
            <label htmlFor="faq-search" className="text-sm font-semibold">
              {t("shop.faq.searchField")}
            </label>
            <input
              id="faq-search"
              type="search"
              name="q"
              // Re-mount on each new search so the box shows the address's query.
              key={filters.q}
              defaultValue={filters.q}
              maxLength={searchMaxLength}
              placeholder={t("shop.faq.searchPlaceholder")}
              className="mt-1 block min-h-11 w-full rounded-xl border border-line bg-white px-3 py-2 text-ink placeholder:text-muted focus:border-accent"
            />
          </div>
          {filters.category && <input type="hidden" name="category" value={filters.category} />}
          <button type="submit" className={primaryLinkClass}>
            {t("shop.faq.searchButton")}
          </button>
        </Form>

        <nav aria-label={t("shop.faq.categoriesLabel")} className="mt-6">
          <ul className="flex flex-wrap gap-2">
            <li>
              <Link
                to={faqHref({ q: filters.q, category: null })}
                aria-current={filters.category ? undefined : "true"}
                preventScrollReset
                className={`${filterClass} ${filters.category ? "border-line hover:border-accent hover:text-accent" : "border-accent bg-accent text-white"}`}
              >
                {t("shop.faq.allCategories")}
              </Link>
            </li>
            {categories.map((c) => {
              const current = c.slug === filters.category;
              return (
                <li key={c.slug}>
                  <Link
                    to={faqHref({ q: filters.q, category: c.slug })}
                    aria-current={current ? "true" : undefined}
                    preventScrollReset
                    className={`${filterClass} ${current ? "border-accent bg-accent text-white" : "border-line hover:border-accent hover:text-accent"}`}
                  >
                    <Icon name={c.icon} className="h-4 w-4" />
                    {c.name}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>

        <p role="status" className="mt-6 text-sm text-muted">
          {total === 0
            ? t("shop.faq.noMatch")
            : t(
                filters.q
                  ? activeCategory
                    ? "shop.faq.countForIn"
                    : "shop.faq.countFor"
                  : activeCategory
                    ? "shop.faq.countIn"
                    : "shop.faq.count",
                {
                  count: total,
                  q: filters.q,
                  category: activeCategory?.name ?? "",
                },
              )}
        </p>

        {total === 0 ? (
          <div className="mt-6 rounded-2xl border border-line bg-cream px-6 py-10 text-center">
            <h2 className="font-display text-2xl">{t("shop.faq.noResultTitle")}</h2>
            <p className="mt-2 text-muted">{t("shop.faq.noResultText")}</p>
            <Form method="get" action="/faq" className="mt-6">
              <button type="submit" className={secondaryLinkClass}>
                {t("shop.faq.reset")}
              </button>
            </Form>
          </div>
        ) : (
          // Re-mount on each search so answers open for a previous search close again.
          <div key={faqHref(filters)} className="mt-6 space-y-10">
            {results.map((category) => (
              <section key={category.slug} aria-labelledby={`faq-${category.slug}`}>
                <h2 id={`faq-${category.slug}`} className="flex flex-wrap items-center gap-3 font-display text-2xl">
                  <Icon name={category.icon} className="h-6 w-6 text-accent" />
                  {category.name}{" "}
                  <span className="rounded-full bg-band px-3 py-0.5 font-sans text-sm font-semibold text-ink">
                    {t("shop.faq.categoryCount", { count: category.questions.length })}
                  </span>
                </h2>
                <ul className="mt-4 divide-y divide-line rounded-2xl border border-line bg-white">
                  {category.questions.map((q) => (
                    <li key={q.id}>
                      <details id={q.id} open={Boolean(filters.q)} className="group">
                        <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 font-semibold hover:text-accent [&::-webkit-details-marker]:hidden">
                          {q.question}
                          <span
                            aria-hidden="true"
                            className="shrink-0 text-xl leading-none text-muted transition-transform group-open:rotate-45"
                          >
                            +
                          </span>
                        </summary>
                        <div className="px-5 pb-5 text-muted">
                          <p>{q.answer}</p>
                          {q.link && (
                            <p className="mt-3">
                              <Link to={q.link.to} className={textLinkClass}>
                                {q.link.label}
                              </Link>
                            </p>
                          )}
                        </div>
                      </details>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        )}

        <section aria-labelledby="faq-contact" className="mt-16 rounded-2xl bg-band px-6 py-10 text-center">
          <h2 id="faq-contact" className="font-display text-2xl">
            {t("shop.faq.contactTitle")}
          </h2>
          <p className="mt-2 text-muted">
            {t("shop.faq.contactText")}{" "}
            <a href={loaderData.contact.phoneHref} className={textLinkClass}>
              {loaderData.contact.phone}
            </a>
          </p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <Link to="/service-client" className={primaryLinkClass}>
              {t("shop.faq.contactLink")}
            </Link>
          </div>
        </section>
      </div>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
