import { Link } from "react-router";
import type { CategoryView, ProductCardView } from "~/domain/catalog/catalog.types";
import { ProductGrid } from "~/features/catalog/public/product-card";
import { ChevronRightIcon, HeartIcon, LeafIcon, SparklesIcon } from "~/components/ui/icons";
import { buttonClass } from "~/components/ui/button";
import { useLanguage, useT, type MessageKey } from "~/components/ui/i18n";
import { LANGUAGE_LOCALES } from "~/domain/i18n/languages";
import { formatCount } from "~/lib/money";

export type HomeSection = {
  category: Pick<CategoryView, "id" | "name" | "slug" | "description">;
  products: readonly ProductCardView[];
};

export type CategorySectionsProps = {
  sections: readonly HomeSection[];
  /** Number of products in the catalogue, for the closing "Plus de N produits" line. */
  totalProducts: number;
};

/**
 * The tens value strictly below the total, so "Plus de N" stays true: 128 -> 120, 120 -> 110.
 * Below 11 products there is no honest "plus de" figure: returns 0.
 */
export function productCountFloor(total: number): number {
  if (!Number.isFinite(total) || total <= 10) return 0;
  return Math.floor((total - 1) / 10) * 10;
}

const INCLUSIVITY: { Icon: typeof SparklesIcon; title: MessageKey; text: MessageKey }[] = [
  { Icon: SparklesIcon, title: "shop.home.inclusivity.shadesTitle", text: "shop.home.inclusivity.shadesText" },
  { Icon: LeafIcon, title: "shop.home.inclusivity.careTitle", text: "shop.home.inclusivity.careText" },
  { Icon: HeartIcon, title: "shop.home.inclusivity.designTitle", text: "shop.home.inclusivity.designText" },
];

function InclusivityBanner() {
  const t = useT();
  return (
    <div className="mb-8 rounded-2xl border border-line bg-cream p-5 sm:p-6">
      <h3 id="inclusivite-titre" className="font-display text-xl font-semibold text-ink">
        {t("shop.home.inclusivity.title")}
      </h3>
      <ul className="mt-4 grid gap-4 sm:grid-cols-3">
        {INCLUSIVITY.map(({ Icon, title, text }) => (
          <li key={title} className="flex gap-3">
            <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-accent-soft text-accent">
              <Icon className="h-5 w-5" />
            </span>
            <span>
              <span className="block font-semibold text-ink">{t(title)}</span>
              <span className="block text-sm text-muted">{t(text)}</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function BeautyPassPromo() {
  const t = useT();
  return (
    <div className="mt-10 flex flex-col gap-5 rounded-2xl bg-gradient-to-br from-accent to-accent-dark p-6 text-white sm:flex-row sm:items-center sm:justify-between sm:p-8">
      <div>
        <p className="text-xs font-semibold tracking-wider uppercase">{t("shop.home.loyaltyProgramme")}</p>
        <h3 id="beauty-pass-titre" className="mt-1 font-display text-2xl font-semibold">
          Beauty Pass
        </h3>
        <p className="mt-2 max-w-xl text-sm">{t("shop.home.beautyPassText")}</p>
      </div>
      <Link
        to="/beauty-pass"
        className="inline-flex min-h-12 shrink-0 items-center justify-center rounded-full bg-white px-6 text-sm font-semibold text-accent-dark hover:bg-accent-soft"
      >
        {t("shop.home.joinBeautyPass")}
      </Link>
    </div>
  );
}

/** One band per category with up to 4 of its products; empty categories are skipped. */
export function CategorySections({ sections, totalProducts }: CategorySectionsProps) {
  const visible = sections.filter((section) => section.products.length > 0);
  const floor = productCountFloor(totalProducts);
  const t = useT();
  const locale = LANGUAGE_LOCALES[useLanguage()];

  return (
    <>
      {visible.map(({ category, products }, index) => {
        const headingId = `categorie-${category.slug}`;
        return (
          <section key={category.id} aria-labelledby={headingId} className={index % 2 === 0 ? "bg-white" : "bg-band"}>
            <div className="mx-auto max-w-7xl px-4 py-12 sm:py-16">
              <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
                <div className="max-w-2xl">
                  <h2 id={headingId} className="font-display text-2xl font-semibold text-ink sm:text-3xl">
                    {category.name}
                  </h2>
                  {category.description && <p className="mt-2 text-sm text-muted sm:text-base">{category.description}</p>}
                </div>
                <Link
                  to={`/category/${category.slug}`}
                  className="inline-flex min-h-11 items-center gap-1 rounded-full px-2 text-sm font-semibold text-accent hover:text-accent-dark hover:underline"
                >
                  {t("shop.home.seeAll")}
                  <span className="sr-only">{` : ${category.name}`}</span>
                  <ChevronRightIcon className="h-4 w-4" />
                </Link>
              </div>
              {index === 0 && <InclusivityBanner />}
              <ProductGrid products={products} />
              {index === visible.length - 1 && <BeautyPassPromo />}
            </div>
          </section>
        );
      })}

      <section aria-labelledby="catalogue-complet" className="bg-cream">
        <div className="mx-auto flex max-w-7xl flex-col items-center gap-4 px-4 py-12 text-center">
          <h2 id="catalogue-complet" className="font-display text-2xl font-semibold text-ink sm:text-3xl">
            {floor > 0 ? t("shop.home.moreThan", { count: formatCount(floor, locale) }) : t("shop.home.allAwait")}
          </h2>
          <Link to="/products" className={buttonClass({ variant: "accent", size: "lg", className: "text-sm" })}>
            {t("common.error.seeAllProducts")}
          </Link>
        </div>
      </section>
    </>
  );
}
