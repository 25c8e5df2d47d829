import { data } from "react-router";
import type { Route } from "./+types/brand";
import { getDb } from "~/.server/db";
import { absoluteUrl } from "~/.server/http";
import { getBrandBySlug } from "~/.server/modules/catalog/brands.service";
import { browseCatalogue } from "~/.server/modules/catalog/catalogue-page.service";
import { parseCatalogueParams } from "~/domain/catalog/catalog.schema";
import { Breadcrumb } from "~/components/ui/breadcrumb";
import type { PinnedFacet } from "~/features/catalog/components/filter-panel";
import { CatalogueListing } from "~/features/catalog/components/catalogue-listing";
import { publicPageHeaders } from "~/lib/http-cache";
import { isSafeText } from "~/lib/safe-text.rules";
import { buildMeta, summarize } from "~/lib/seo";
import { useT } from "~/components/ui/i18n";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { metaI18n } from "~/components/ui/meta-i18n";
import * as SHOP_MESSAGES from "~/domain/messages/shop";

export async function loader({ request, params }: Route.LoaderArgs) {
  if (!isSafeText(params.slug) || params.slug.length > 200) throw data(SHOP_MESSAGES.brandNotFound, { status: 404 });
  const db = await getDb();
  const brand = await getBrandBySlug(db, params.slug);
  if (!brand) throw data(SHOP_MESSAGES.brandNotFound, { status: 404 });
  // The brand is the page's own: a brand in the address is not another filter.
  const query = { ...parseCatalogueParams(new URL(request.url).searchParams), brand: [brand.slug] };
  return {
    brand,
    query,
    result: await browseCatalogue(db, query),
    canonical: absoluteUrl(`/marque/${brand.slug}`),
  };
}

export const headers = publicPageHeaders;

export function meta({ data, matches }: Route.MetaArgs) {
  const { t, ogLocale } = metaI18n(matches);
  if (!data) return [{ title: `${t("common.meta.brand.notFound")} | Aurore` }];
  // The brand's name and description are product data: French in both languages.
  return buildMeta({
    title: data.brand.name,
    description: summarize(data.brand.description) || t("common.meta.brand.description", { name: data.brand.name }),
    url: data.canonical,
    noindex: Boolean(data.query.search) || data.result.page > 1,
    ogLocale,
  });
}

const brandPath = (slug: string) => `/marque/${slug}`;

export default function BrandPage({ loaderData }: Route.ComponentProps) {
  const { brand, query, result } = loaderData;
  const t = useT();
  const pinned: PinnedFacet = { key: "brand", slug: brand.slug, pathFor: brandPath, allLabel: t("shop.catalogue.allBrands") };
  return (
    <div>
      <header className="bg-band">
        <div className="mx-auto flex max-w-7xl items-start gap-6 px-4 py-6 sm:px-6 lg:py-10">
          <div className="min-w-0 flex-1">
            <Breadcrumb
              items={[
                { to: "/", label: t("common.breadcrumb.home") },
                { to: "/marques", label: t("common.header.brands") },
                { label: brand.name },
              ]}
            />
            <h1 className="mt-4 font-display text-3xl sm:text-4xl">{brand.name}</h1>
            {brand.description && <p className="mt-3 max-w-2xl text-muted">{brand.description}</p>}
          </div>
          {brand.logo_url && (
            <img
              src={brand.logo_url}
              alt={t("shop.catalogue.brandLogo", { name: brand.name })}
              width={96}
              height={96}
              className="h-24 w-24 shrink-0 rounded-full bg-white object-contain"
            />
          )}
        </div>
      </header>
      <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:py-8">
        <CatalogueListing result={result} query={query} action={`/marque/${brand.slug}`} pinned={pinned} />
      </div>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
