import type { ProductCardView } from "~/domain/catalog/catalog.types";
import { ProductCard } from "~/features/catalog/public/product-card";
import { useT } from "~/components/ui/i18n";

/** 'Vous aimerez aussi': server-rendered cards under the product. */
export function RelatedProducts({ products }: { products: ProductCardView[] }) {
  const t = useT();
  if (products.length === 0) return null;
  return (
    <section aria-labelledby="related-products" className="mt-16">
      <h2 id="related-products" className="font-display text-2xl sm:text-3xl">
        {t("shop.product.related")}
      </h2>
      <ul className="mt-6 grid grid-cols-2 gap-4 sm:gap-6 lg:grid-cols-4">
        {products.map((p) => (
          <li key={p.id}>
            <ProductCard product={p} />
          </li>
        ))}
      </ul>
    </section>
  );
}
