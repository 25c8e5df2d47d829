import { Link } from "react-router";
import type { Route } from "./+types/brands";
import { getDb } from "~/.server/db";
import { absoluteUrl } from "~/.server/http";
import { listBrands } from "~/.server/modules/catalog/brands.service";
import { BRAND_LETTERS, groupBrandsByLetter } from "~/domain/catalog/brand-letters";
import { Breadcrumb } from "~/components/ui/breadcrumb";
import { publicPageHeaders } from "~/lib/http-cache";
import { buildMeta } from "~/lib/seo";
import { useT } from "~/components/ui/i18n";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { metaI18n } from "~/components/ui/meta-i18n";

export async function loader() {
  const brands = await listBrands(await getDb());
  return {
    groups: groupBrandsByLetter(brands.map(({ name, slug, product_count }) => ({ name, slug, product_count }))),
    canonical: absoluteUrl("/marques"),
  };
}

export const headers = publicPageHeaders;

export function meta({ data, matches }: Route.MetaArgs) {
  const { t, ogLocale } = metaI18n(matches);
  return buildMeta({
    title: t("common.meta.brands.title"),
    description: t("common.meta.brands.description"),
    url: data?.canonical ?? "/marques",
    ogLocale,
  });
}

const letterId = (letter: string) => `lettre-${letter === "#" ? "autres" : letter.toLowerCase()}`;

export default function BrandsPage({ loaderData }: Route.ComponentProps) {
  const { groups } = loaderData;
  const present = new Set(groups.map((g) => g.letter));
  const t = useT();
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:py-12">
      <Breadcrumb items={[{ to: "/", label: t("common.breadcrumb.home") }, { label: t("common.header.brands") }]} />
      <h1 className="mt-4 font-display text-3xl sm:text-4xl">{t("shop.brands.title")}</h1>
      <nav aria-label={t("shop.brands.letterIndex")} className="mt-6">
        <ul className="flex flex-wrap gap-1">
          {BRAND_LETTERS.map((letter) => (
            <li key={letter}>
              {present.has(letter) ? (
                <a
                  href={`#${letterId(letter)}`}
                  aria-label={letter === "#" ? t("shop.brands.others") : t("shop.brands.letter", { letter })}
                  className="inline-flex h-10 w-10 items-center justify-center rounded-full border border-line font-semibold hover:border-accent hover:text-accent"
                >
                  {letter}
                </a>
              ) : (
                <span aria-hidden="true" className="inline-flex h-10 w-10 items-center justify-center text-muted/60">
                  {letter}
                </span>
              )}
            </li>
          ))}
        </ul>
      </nav>
      {groups.length === 0 ? (
        <p className="mt-10 rounded-lg bg-cream px-6 py-10 text-center">{t("shop.brands.none")}</p>
      ) : (
        <div className="mt-8 space-y-10">
          {groups.map((group) => (
            <section key={group.letter} aria-labelledby={letterId(group.letter)} className="scroll-mt-24">
              <h2 id={letterId(group.letter)} className="border-b border-line pb-2 font-display text-2xl">
                {group.letter === "#" ? t("shop.brands.others") : group.letter}
              </h2>
              <ul className="mt-4 grid gap-x-8 gap-y-2 sm:grid-cols-2 lg:grid-cols-3">
                {group.brands.map((brand) => (
                  <li key={brand.slug}>
                    <Link to={`/marque/${brand.slug}`} className="inline-flex min-h-10 items-baseline gap-2 hover:text-accent">
                      <span className="font-semibold">{brand.name}</span>
                      <span className="text-sm text-muted">{t("shop.brands.productCount", { count: brand.product_count })}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
