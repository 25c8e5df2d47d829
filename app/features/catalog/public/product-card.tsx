import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { isPurchasable, type ProductCardView } from "~/domain/catalog/catalog.types";
import { addToCart } from "~/features/cart/public/cart-store";
import { LOW_STOCK_BADGE_MAX } from "~/lib/shop-rules";
import { BagIcon, SparklesIcon } from "~/components/ui/icons";
import { FavoriteButton } from "~/features/favorites/public/favorite-button";
import { Price } from "~/components/ui/price";
import { Stars } from "~/components/ui/stars";
import { showToast } from "~/components/ui/toast";
import { useT } from "~/components/ui/i18n";
import * as COMMON_MESSAGES from "~/domain/messages/common";

/** Intrinsic size given to card images so the browser reserves the square before loading. */
const IMAGE_SIZE = 600;

export type ProductCardProps = {
  product: ProductCardView;
  /** Above-the-fold card: load its image eagerly with high priority (for the LCP). */
  priority?: boolean;
  /** Heading level of the product name, to follow the page outline (default 3). */
  headingLevel?: 2 | 3 | 4;
  /** Show "· {n} avis" after the rating. */
  showReviewCount?: boolean;
};

export function isLowStock(stock: number): boolean {
  return stock >= 1 && stock <= LOW_STOCK_BADGE_MAX;
}

/** Shown when a product has no image or its image fails: drawn locally, no network. */
function ImagePlaceholder() {
  return (
    <div className="flex h-full w-full items-center justify-center bg-gradient-to-br from-cream via-band to-accent-soft text-accent">
      <SparklesIcon className="h-12 w-12 opacity-60" />
    </div>
  );
}

function ProductImage({ product, priority }: { product: ProductCardView; priority: boolean }) {
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);

  // An image that failed before hydration fired its error event before React listened.
  useEffect(() => {
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0) setFailed(true);
  }, []);

  if (!product.image_url || failed) return <ImagePlaceholder />;
  return (
    <img
      ref={ref}
      src={product.image_url}
      alt={product.name}
      width={IMAGE_SIZE}
      height={IMAGE_SIZE}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding="async"
      onError={() => setFailed(true)}
      className="h-full w-full object-cover transition-transform duration-500 group-hover:scale-105"
    />
  );
}

/** Product card of the grids (home, catalogue, category, favourites). */
export function ProductCard({ product, priority = false, headingLevel = 3, showReviewCount = false }: ProductCardProps) {
  const nameId = useId();
  const purchasable = isPurchasable(product);
  const lowStock = purchasable && isLowStock(product.stock_quantity);
  const Heading = `h${headingLevel}` as const;
  const t = useT();

  function onAdd() {
    const result = addToCart(product);
    if (result === "added") showToast(COMMON_MESSAGES.addedCart);
    else if (result === "limited") showToast(COMMON_MESSAGES.maximumAvailableQuantityAlreadyCart);
  }

  return (
    <article className="group relative grid h-full grid-rows-[auto_1fr_auto] overflow-hidden rounded-2xl border border-line bg-white transition-shadow hover:shadow-lg focus-within:shadow-lg">
      <div className="relative col-start-1 row-start-1 aspect-square overflow-hidden bg-cream">
        <ProductImage product={product} priority={priority} />
        {/* Hover overlay shade (pointer devices only); the controls sit above it. */}
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 hidden bg-gradient-to-t from-ink/40 to-transparent opacity-0 transition-opacity group-hover:opacity-100 group-focus-within:opacity-100 pointer-fine:block"
        />
      </div>

      {(product.featured || lowStock) && (
        <div className="z-20 col-start-1 row-start-1 flex max-w-[calc(100%-3.5rem)] flex-col items-start gap-1 self-start justify-self-start p-2">
          {product.featured && (
            <span className="rounded-md bg-gold px-2 py-0.5 text-[0.65rem] leading-tight font-bold tracking-wide text-white sm:text-[0.7rem]">
              {t("shop.product.badge.bestseller")}
            </span>
          )}
          {lowStock && (
            <span className="rounded-md bg-accent px-2 py-0.5 text-[0.65rem] leading-tight font-bold tracking-wide text-white sm:text-[0.7rem]">
              {t("shop.product.badge.lastItems")}
            </span>
          )}
        </div>
      )}

      <FavoriteButton
        productId={product.id}
        describedBy={nameId}
        className="z-20 col-start-1 row-start-1 m-2 flex h-10 w-10 items-center justify-center self-start justify-self-end rounded-full bg-white/95 shadow-sm transition-colors"
      />

      <div className="col-start-1 row-start-2 flex flex-col gap-1 p-3 sm:p-4">
        <p className="text-[0.7rem] font-semibold uppercase tracking-wider text-accent">
          {product.category?.name ?? t("shop.cart.product")}
        </p>
        {product.brand &&
          (product.brand_slug ? (
            <p className="text-xs text-muted">
              {/* Above the card's stretched link, so it opens the brand page. */}
              <Link to={`/marque/${product.brand_slug}`} className="relative z-20 rounded-sm hover:text-accent hover:underline">
                {product.brand}
              </Link>
            </p>
          ) : (
            <p className="text-xs text-muted">{product.brand}</p>
          ))}
        <Heading id={nameId} className="text-sm font-semibold leading-snug text-ink sm:text-base">
          {/* Stretched link: the whole card opens the product; buttons sit above it. */}
          <Link
            to={`/product/${product.id}`}
            prefetch="intent"
            className="rounded-sm after:absolute after:inset-0 after:z-10 after:content-[''] hover:text-accent"
          >
            {product.name}
          </Link>
        </Heading>
        {product.description && <p className="line-clamp-2 text-xs text-muted sm:text-sm">{product.description}</p>}
        {product.review_count > 0 ? (
          <Stars rating={product.rating} reviewCount={showReviewCount ? product.review_count : undefined} className="mt-1" />
        ) : (
          <p className="mt-1 text-xs text-muted">{t("shop.product.noReviews")}</p>
        )}
        <div className="mt-auto pt-2">
          <Price
            cents={product.price_cents}
            originalCents={product.original_price_cents}
            lowestCents={product.lowest_price_30d_cents}
            size="sm"
          />
          {lowStock && (
            <p className="mt-1 text-xs font-semibold text-warning">{t("shop.product.onlyLeft", { count: product.stock_quantity })}</p>
          )}
        </div>
      </div>

      {/*
        One add button per card. Touch screens: always visible below the text. Fine pointers:
        drawn over the bottom of the image, shown on hover and on keyboard focus (focus-within).
      */}
      <div
        className={`z-20 col-start-1 row-start-3 px-3 pb-3 sm:px-4 sm:pb-4 pointer-fine:row-start-1 pointer-fine:self-end ${
          purchasable
            ? "transition-opacity pointer-fine:opacity-0 pointer-fine:group-hover:opacity-100 pointer-fine:group-focus-within:opacity-100"
            : ""
        }`}
      >
        {purchasable && product.variant_count > 1 ? (
          // Several sizes or shades: the choice is made on the product page.
          <Link
            to={`/product/${product.id}`}
            aria-label={t("shop.product.chooseOptionFor", { name: product.name })}
            className="flex min-h-10 w-full items-center justify-center gap-2 rounded-full bg-accent px-3 py-2 text-xs leading-tight font-semibold text-white transition-colors hover:bg-accent-dark sm:text-sm"
          >
            <BagIcon className="hidden h-4 w-4 shrink-0 sm:block" />
            {t("shop.product.choose")}
          </Link>
        ) : (
          <button
            type="button"
            disabled={!purchasable}
            aria-describedby={nameId}
            onClick={onAdd}
            className="flex min-h-10 w-full items-center justify-center gap-2 rounded-full bg-accent px-3 py-2 text-xs leading-tight font-semibold text-white transition-colors hover:bg-accent-dark disabled:cursor-not-allowed disabled:bg-band disabled:text-muted sm:text-sm"
          >
            {purchasable ? (
              <>
                <BagIcon className="hidden h-4 w-4 shrink-0 sm:block" />
                {t("shop.product.addToCart")}
              </>
            ) : (
              t("shop.product.outOfStockCaps")
            )}
          </button>
        )}
      </div>
    </article>
  );
}

/** Animated stand-in with the card's shape, while products load. Decorative: the list says it is loading. */
export function ProductCardSkeleton() {
  return (
    <div
      aria-hidden="true"
      className="grid h-full animate-pulse grid-rows-[auto_1fr_auto] overflow-hidden rounded-2xl border border-line bg-white"
    >
      <div className="aspect-square bg-band" />
      <div className="flex flex-col gap-2 p-3 sm:p-4">
        <div className="h-3 w-1/3 rounded bg-band" />
        <div className="h-3 w-1/4 rounded bg-band" />
        <div className="h-4 w-4/5 rounded bg-band" />
        <div className="h-3 w-full rounded bg-band" />
        <div className="h-3 w-2/3 rounded bg-band" />
        <div className="h-3 w-1/2 rounded bg-band" />
        <div className="mt-2 h-5 w-1/3 rounded bg-band" />
      </div>
      <div className="px-3 pb-3 sm:px-4 sm:pb-4 pointer-fine:hidden">
        <div className="h-10 rounded-full bg-band" />
      </div>
    </div>
  );
}

export type ProductGridProps = {
  products: readonly ProductCardView[];
  /** How many first cards load their image eagerly (above the fold). */
  priorityCount?: number;
  /** Columns on wide screens: 4 (default) or 3. Always 2 on phones, 3 on tablets. */
  maxColumns?: 3 | 4;
  headingLevel?: 2 | 3 | 4;
  showReviewCount?: boolean;
  /** Accessible name of the list, when the surrounding heading does not give one. */
  label?: string;
};

/** Responsive list of product cards: 2 columns on phones, 3 on tablets, 3 or 4 on desktops. */
export function ProductGrid({
  products,
  priorityCount = 0,
  maxColumns = 4,
  headingLevel = 3,
  showReviewCount = false,
  label,
}: ProductGridProps) {
  return (
    <ul
      role="list"
      aria-label={label}
      className={`grid grid-cols-2 gap-3 sm:gap-5 md:grid-cols-3 ${maxColumns === 4 ? "lg:grid-cols-4" : ""}`}
    >
      {products.map((product, index) => (
        <li key={product.id} className="h-full">
          <ProductCard product={product} priority={index < priorityCount} headingLevel={headingLevel} showReviewCount={showReviewCount} />
        </li>
      ))}
    </ul>
  );
}
