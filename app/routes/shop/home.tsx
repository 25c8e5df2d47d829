import { data } from "react-router";
import type { Route } from "./+types/home";
import { getDb } from "~/.server/db";
import { absoluteUrl } from "~/.server/http";
import { logRequestError } from "~/.server/request-id";
import {
  countProducts,
  listCategories,
  listFeaturedProducts,
  listHomeSections,
  toCardViews,
} from "~/.server/modules/catalog/catalog.service";
import { Hero } from "~/features/home/hero";
import { CategorySections } from "~/features/home/category-sections";
import { FeaturedProducts } from "~/features/home/featured-products";
import { CollectionsCarousel } from "~/features/home/collections-carousel";
import { publicPageHeaders } from "~/lib/http-cache";
import { buildMeta } from "~/lib/seo";
import { useT, useTranslateMessage } from "~/components/ui/i18n";
import { metaI18n } from "~/components/ui/meta-i18n";
import * as SHOP_MESSAGES from "~/domain/messages/shop";

export async function loader({ request }: Route.LoaderArgs) {
  const db = await getDb();
  const [sectionsResult, featured, totalProducts, categories] = await Promise.all([
    listHomeSections(db).then(
      async (sections) => ({
        sections: await Promise.all(sections.map(async (s) => ({ category: s.category, products: await toCardViews(db, s.products) }))),
        error: null as string | null,
        errorReference: null as string | null,
      }),
      (error: unknown) => {
        // The detail goes to the log only; the page shows a French message and where to find it.
        const requestId = logRequestError(request, "home", error);
        return { sections: [], error: SHOP_MESSAGES.productsCouldNotLoaded, errorReference: requestId };
      },
    ),
    listFeaturedProducts(db).then((list) => toCardViews(db, list)),
    countProducts(db),
    listCategories(db),
  ]);
  return data(
    {
      ...sectionsResult,
      featured,
      totalProducts,
      categories: categories.map(({ id, name, slug }) => ({ id, name, slug })),
      canonical: absoluteUrl("/"),
    },
    // A page that shows a failure is never replayed to other visitors by the shared cache.
    sectionsResult.error ? { headers: { "Cache-Control": "no-store" } } : undefined,
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs): HeadersInit {
  return loaderHeaders.get("Cache-Control") === "no-store" ? { "Cache-Control": "no-store" } : publicPageHeaders();
}

export function meta({ data, matches }: Route.MetaArgs) {
  const { t, ogLocale } = metaI18n(matches);
  return buildMeta({
    title: t("common.meta.home.title"),
    description: t("common.meta.home.description"),
    url: data?.canonical ?? "/",
    ogLocale,
  });
}

export default function HomePage({ loaderData }: Route.ComponentProps) {
  const { sections, error, errorReference, featured, totalProducts, categories } = loaderData;
  const translateMessage = useTranslateMessage();
  const t = useT();
  return (
    <>
      <Hero />
      {error ? (
        <p role="alert" className="mx-auto max-w-7xl px-4 py-10 text-danger">
          {translateMessage(error)} {errorReference ? t("common.error.reference", { requestId: errorReference }) : null}
        </p>
      ) : (
        <CategorySections sections={sections} totalProducts={totalProducts} />
      )}
      <FeaturedProducts products={featured} />
      <CollectionsCarousel categories={categories} />
    </>
  );
}
