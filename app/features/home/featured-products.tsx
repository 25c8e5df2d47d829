import type { ProductCardView } from "~/domain/catalog/catalog.types";
import { ProductGrid } from "~/features/catalog/public/product-card";
import { HOME_FEATURED_COUNT } from "~/lib/shop-rules";
import { useT } from "~/components/ui/i18n";

export type FeaturedProductsProps = { products: readonly ProductCardView[] };

/** Up to 6 featured products, each card with rating and review count, price and badges. */
export function FeaturedProducts({ products }: FeaturedProductsProps) {
  const shown = products.slice(0, HOME_FEATURED_COUNT);
  const t = useT();
  if (shown.length === 0) return null;

  return (
    <section aria-labelledby="best-sellers" className="bg-white">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:py-16">
        <div className="mb-8 text-center">
          <p className="text-xs font-semibold tracking-wider text-accent uppercase">{t("shop.home.featuredTag")}</p>
          <h2 id="best-sellers" className="mt-2 font-display text-3xl font-semibold text-ink sm:text-4xl">
            {t("shop.home.bestSellers")}
          </h2>
        </div>
        <ProductGrid products={shown} maxColumns={3} showReviewCount />
      </div>
    </section>
  );
}
