import type { Route } from "./+types/home";
import { getDb } from "~/.server/db";
import { absoluteUrl } from "~/.server/http";
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

export async function loader(_: Route.LoaderArgs) {
  const db = await getDb();
  const [sectionsResult, featured, totalProducts, categories] = await Promise.all([
    listHomeSections(db).then(
      async (sections) => ({
        sections: await Promise.all(
          sections.map(async (s) => ({ category: s.category, products: await toCardViews(db, s.products) })),
        ),
        error: null as string | null,
      }),
      (error: unknown) => {
        console.error("[home] products failed to load:", error);
        return { sections: [], error: error instanceof Error ? error.message : "Une erreur est survenue" };
      },
    ),
    listFeaturedProducts(db).then((list) => toCardViews(db, list)),
    countProducts(db),
    listCategories(db),
  ]);
  return {
    ...sectionsResult,
    featured,
    totalProducts,
    categories: categories.map(({ id, name, slug }) => ({ id, name, slug })),
    canonical: absoluteUrl("/"),
  };
}

export const headers = publicPageHeaders;

export function meta({ data }: Route.MetaArgs) {
  return buildMeta({
    title: "Aurore — Parfums, soins et maquillage en ligne",
    description:
      "Parfums, soins du visage et du corps, maquillage et accessoires. Livraison 48H offerte dès 100 €, retours gratuits sous 30 jours et points Beauty Pass.",
    url: data?.canonical ?? "/",
  });
}

export default function HomePage({ loaderData }: Route.ComponentProps) {
  const { sections, error, featured, totalProducts, categories } = loaderData;
  return (
    <>
      <Hero />
      {error ? (
        <p role="alert" className="mx-auto max-w-7xl px-4 py-10 text-danger">
          Erreur lors du chargement des produits: {error}
        </p>
      ) : (
        <CategorySections sections={sections} totalProducts={totalProducts} />
      )}
      <FeaturedProducts products={featured} />
      <CollectionsCarousel categories={categories} />
    </>
  );
}
