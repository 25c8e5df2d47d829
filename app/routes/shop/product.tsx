import { LockIcon, ReturnsIcon, TruckIcon } from "~/components/ui/icons";
import { data, Link, useNavigate, useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import { Breadcrumb } from "~/components/ui/breadcrumb";
import type { Route } from "./+types/product";
import { getDb } from "~/.server/db";
import { absoluteUrl } from "~/.server/http";
import { readProductPage } from "~/.server/workflows/product-page";
import { ProductGallery } from "~/features/catalog/components/product-gallery";
import { AddToCartForm } from "~/features/catalog/components/add-to-cart-form";
import { VariantSelector } from "~/features/catalog/components/variant-selector";
import { ProductSections } from "~/features/catalog/components/product-sections";
import { BundleContents } from "~/features/catalog/components/bundle-contents";
import { RelatedProducts } from "~/features/catalog/components/related-products";
import { RecentlyViewed } from "~/features/catalog/components/recently-viewed";
import { RestockAlertForm } from "~/features/catalog/components/restock-alert-form";
import { FavoriteButton } from "~/features/favorites/public/favorite-button";
import { Stars } from "~/components/ui/stars";
import { Price } from "~/components/ui/price";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { formatPrice } from "~/lib/money";
import { publicPageHeaders } from "~/lib/http-cache";
import { buildMeta, summarize } from "~/lib/seo";
import { LOW_STOCK_THRESHOLD, METROPOLITAN_DELIVERY_WORKING_DAYS, RETURNS_DAYS } from "~/lib/shop-rules";
import { estimateDeliveryDate, formatDeliveryDate } from "~/domain/delivery/delivery-dates";
import { useShippingSettings } from "~/components/layout/use-shipping-settings";
import { toProductCardView, type ProductVariantView, type ProductView } from "~/domain/catalog/catalog.types";
import { pickVariant, variantImages } from "~/domain/catalog/variant-choice";
import { formatUnitPrice } from "~/domain/catalog/unit-price";
import { formatDate } from "~/lib/paris-time";
import { readReviewPageQuery } from "~/domain/reviews/reviews";
import type { ReviewView } from "~/domain/reviews/review-rules";
import { lazy, Suspense } from "react";
import { T, useLanguage, useT } from "~/components/ui/i18n";
import { LANGUAGE_LOCALES } from "~/domain/i18n/languages";
import { metaI18n } from "~/components/ui/meta-i18n";
import * as SHOP_MESSAGES from "~/domain/messages/shop";

/*
 * The review block is below the fold: its code loads on its own (the server still renders it in
 * full, so the page shows it at once and search engines read it), off the page's first-load budget.
 */
const ProductReviews = lazy(() => import("~/features/reviews/components/product-reviews").then((m) => ({ default: m.ProductReviews })));

export async function loader({ params, request }: Route.LoaderArgs) {
  const reviewQuery = readReviewPageQuery(new URL(request.url).searchParams);
  const page = await readProductPage(await getDb(), params.id, reviewQuery);
  if (!page) throw data(SHOP_MESSAGES.productNotFound, { status: 404 });
  const { product, related, reviews, structuredReviews, bundles } = page;
  return {
    product,
    bundles,
    related,
    // Dates worded here, in Paris time: the page ships no date code for them.
    reviews: { ...reviews, reviews: reviews.reviews.map((r) => ({ ...r, date_label: formatDate(r.published_at ?? r.created_at) })) },
    reviewQuery,
    structuredReviews,
    origin: absoluteUrl("/").replace(/\/$/, ""),
    imageUrl: product.image_url ? absoluteUrl(product.image_url) : null,
    // Computed once on the server so the page and its hydration show the same day.
    deliveryFrom: estimateDeliveryDate({ now: new Date(), workingDays: METROPOLITAN_DELIVERY_WORKING_DAYS }),
  };
}

/**
 * The variant an address names (`?variant=SKU`) on a multi-variant product. An unknown SKU shows
 * the default variant, and the canonical address then names none. Read from the address, not the
 * loader's data: choosing a variant changes only the address (no reload), and the title and
 * canonical link must follow it as a fresh load of that address would render them.
 */
function variantNamedIn(product: ProductView, search: string): ProductVariantView | undefined {
  const sku = new URLSearchParams(search).get("variant");
  return sku && product.variant_count > 1 ? product.variants?.find((v) => v.sku === sku) : undefined;
}

/** Choosing a variant only changes `?variant=`: the page already holds every variant, so no reload. */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== "GET") return defaultShouldRevalidate;
  if (currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const rest = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete("variant");
    params.sort();
    return params.toString();
  };
  return rest(currentUrl) === rest(nextUrl) ? false : defaultShouldRevalidate;
}

export const headers = publicPageHeaders;

export function meta({ data, location, matches }: Route.MetaArgs) {
  const { t, ogLocale } = metaI18n(matches);
  if (!data) return [{ title: `${t("common.meta.product.notFound")} | Aurore` }, { name: "robots", content: "noindex" }];
  const { product } = data;
  const chosen = variantNamedIn(product, location.search);
  return buildMeta({
    title: `${product.name}${chosen ? ` ${chosen.label}` : ""}${product.brand ? ` — ${product.brand}` : ""}`,
    description:
      summarize(product.description) ||
      t("common.meta.product.description", { name: product.name, price: formatPrice(product.price_cents) }),
    url: `${data.origin}/product/${product.id}${chosen ? `?variant=${encodeURIComponent(chosen.sku)}` : ""}`,
    image: data.imageUrl,
    type: "product",
    ogLocale,
  });
}

const availability = (stock: number) => (stock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock");

function offer(url: string, priceCents: number, stock: number) {
  return {
    "@type": "Offer",
    url,
    priceCurrency: "EUR",
    price: (priceCents / 100).toFixed(2),
    availability: availability(stock),
    itemCondition: "https://schema.org/NewCondition",
  };
}

/**
 * schema.org data: a Product for a one-variant product (as before variants), a ProductGroup with
 * `hasVariant` and `variesBy` for a product sold in several sizes or shades.
 */
function productJsonLd(product: ProductView, origin: string, image: string | null, reviews: ReviewView[]) {
  const productUrl = `${origin}/product/${product.id}`;
  const absolute = (u: string | null) => (u ? new URL(u, `${origin}/`).href : undefined);
  const variants = product.variants ?? [];
  const common = {
    "@context": "https://schema.org",
    name: product.name,
    description: product.description ?? undefined,
    image: image ?? undefined,
    brand: product.brand ? { "@type": "Brand", name: product.brand } : undefined,
    category: product.category?.name,
    aggregateRating:
      product.review_count > 0
        ? {
            "@type": "AggregateRating",
            ratingValue: product.rating.toFixed(1),
            reviewCount: product.review_count,
            bestRating: "5",
            worstRating: "1",
          }
        : undefined,
    // Published reviews only, as the page shows them (docs/decisions/037-reviews.md).
    review:
      reviews.length > 0
        ? reviews.map((r) => ({
            "@type": "Review",
            author: { "@type": "Person", name: r.author },
            datePublished: (r.published_at ?? r.created_at).slice(0, 10),
            name: r.title,
            reviewBody: r.body,
            reviewRating: { "@type": "Rating", ratingValue: String(r.rating), bestRating: "5", worstRating: "1" },
          }))
        : undefined,
  };
  const ld =
    variants.length > 1
      ? {
          ...common,
          "@type": "ProductGroup",
          productGroupID: product.id,
          url: productUrl,
          variesBy: [
            ...(variants.some((v) => v.options.size) ? ["https://schema.org/size"] : []),
            ...(variants.some((v) => v.options.shade) ? ["https://schema.org/color"] : []),
          ],
          hasVariant: variants.map((v) => {
            const url = `${productUrl}?variant=${encodeURIComponent(v.sku)}`;
            return {
              "@type": "Product",
              sku: v.sku,
              name: `${product.name} ${v.label}`,
              image: absolute(v.image_url) ?? image ?? undefined,
              size: v.options.size,
              color: v.options.shade,
              url,
              offers: offer(url, v.price_cents, v.stock_quantity),
            };
          }),
        }
      : {
          ...common,
          "@type": "Product",
          sku: variants[0]?.sku ?? product.sku ?? undefined,
          offers: offer(productUrl, product.price_cents, product.in_stock ? product.stock_quantity : 0),
        };
  // "<" is escaped so a product text can never close the script element.
  return JSON.stringify(ld).replace(/</g, "\\u003c");
}

function StockLine({ stock }: { stock: number }) {
  const t = useT();
  if (stock <= 0) return <p className="font-semibold text-danger">{t("shop.product.outOfStock")}</p>;
  if (stock <= LOW_STOCK_THRESHOLD) return <p className="font-semibold text-warning">{t("shop.product.onlyLeft", { count: stock })}</p>;
  return <p className="font-semibold text-success">{t("shop.product.inStock", { count: stock })}</p>;
}

/** "mardi 1 décembre" / "Tuesday 1 December": the delivery day in the page's language. */
function useDeliveryDateFormat(): (day: string) => string {
  const language = useLanguage();
  if (language === "fr") return formatDeliveryDate;
  const format = new Intl.DateTimeFormat(LANGUAGE_LOCALES[language], { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" });
  return (day) => format.format(new Date(`${day}T12:00:00Z`));
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { freeThresholdCents } = useShippingSettings();
  const { product, related, origin, imageUrl, deliveryFrom, reviews, reviewQuery, structuredReviews, bundles } = loaderData;
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const variants = product.variants ?? [];
  const variant: ProductVariantView | undefined = pickVariant(variants, searchParams.get("variant"));
  const several = variants.length > 1;
  const images = variantImages(product, variant);
  const priceCents = variant?.price_cents ?? product.price_cents;
  const originalCents = variant ? variant.original_price_cents : product.original_price_cents;
  const stock = variant ? variant.stock_quantity : product.in_stock ? product.stock_quantity : 0;
  const unitPrice = variant ? formatUnitPrice(variant.price_cents, variant.content_amount, variant.content_unit) : null;
  const t = useT();
  const formatDay = useDeliveryDateFormat();

  const choose = (next: ProductVariantView) =>
    setSearchParams(
      (params) => {
        params.set("variant", next.sku);
        return params;
      },
      { replace: true, preventScrollReset: true },
    );

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:py-12">
      <script
        type="application/ld+json"
        dangerouslySetInnerHTML={{ __html: productJsonLd(product, origin, imageUrl, structuredReviews) }}
      />
      <div className="flex flex-wrap items-center justify-between gap-4">
        <Breadcrumb
          items={[
            { to: "/", label: t("common.breadcrumb.home") },
            product.category
              ? { to: `/category/${product.category.slug}`, label: product.category.name }
              : { to: "/products", label: t("common.search.group.products") },
            { label: product.name },
          ]}
        />
        <button
          type="button"
          onClick={() => (window.history.length > 1 ? navigate(-1) : navigate("/products"))}
          className="min-h-10 rounded-full border border-line px-4 text-sm font-semibold hover:border-accent hover:text-accent"
        >
          {t("shop.product.back")}
        </button>
      </div>

      <div className="mt-8 grid gap-10 lg:grid-cols-2">
        <ProductGallery key={images.join("|")} name={product.name} images={images} />
        <div className="min-w-0">
          <p className="text-sm font-semibold uppercase tracking-widest text-accent">{product.category?.name ?? t("shop.cart.product")}</p>
          {product.brand &&
            (product.brand_slug ? (
              <Link
                to={`/marque/${product.brand_slug}`}
                className="mt-2 inline-block text-muted underline-offset-4 hover:text-accent hover:underline"
              >
                {product.brand}
              </Link>
            ) : (
              <p className="mt-2 text-muted">{product.brand}</p>
            ))}
          <div className="mt-1 flex items-start justify-between gap-4">
            <h1 id="product-name" className="font-display text-3xl sm:text-4xl">
              {product.name}
            </h1>
            <FavoriteButton
              productId={product.id}
              describedBy="product-name"
              className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full border border-line bg-white transition-colors hover:border-accent"
              iconClassName="h-6 w-6"
            />
          </div>
          <div className="mt-3">
            {product.review_count > 0 ? (
              <a href="#avis" className="inline-block rounded-sm hover:text-accent">
                <Stars rating={product.rating} reviewCount={product.review_count} />
              </a>
            ) : (
              <a href="#avis" className="text-sm text-muted underline-offset-4 hover:text-accent hover:underline">
                {t("shop.product.noReviews")}
              </a>
            )}
          </div>
          <div className="mt-5 text-2xl" aria-live="polite">
            <Price cents={priceCents} originalCents={originalCents} lowestCents={variant?.lowest_price_30d_cents ?? null} />
            {unitPrice && <p className="mt-1 text-sm text-muted">{unitPrice}</p>}
          </div>
          {several && variant && (
            <>
              <VariantSelector variants={variants} current={variant} onChoose={choose} />
              <p className="mt-3 text-xs text-muted">{t("shop.product.variantRef", { label: variant.label, sku: variant.sku })}</p>
            </>
          )}
          <div className="mt-6 max-w-prose leading-relaxed text-ink">
            <h2 className="sr-only">{t("shop.product.description")}</h2>
            <p>{product.description || t("shop.product.noDescription")}</p>
          </div>
          <ProductAttributes product={product} several={several} />
          <BundleContents bundle={variant ? bundles[variant.id] : undefined} />
          <div className="mt-6" aria-live="polite">
            <StockLine stock={stock} />
          </div>
          <AddToCartForm key={variant?.id} product={product} variant={variant} />
          {variant && stock <= 0 && (
            <RestockAlertForm key={variant.id} variantId={variant.id} variantLabel={several ? variant.label : null} />
          )}
          <ProductSections ingredients={product.ingredients ?? null} usageTips={product.usage_tips ?? null} />
          <ul className="mt-8 space-y-2 border-t border-line pt-6 text-sm">
            {stock > 0 && (
              <li className="flex items-center gap-2">
                <TruckIcon className="h-5 w-5 shrink-0 text-accent" />
                <span>
                  <T k="shop.product.deliveredFrom" values={{ date: formatDay(deliveryFrom) }} components={{ 0: <strong /> }} />
                </span>
              </li>
            )}
            <li className="flex items-center gap-2">
              <TruckIcon className="h-5 w-5 shrink-0 text-accent" />
              {t("common.header.freeDeliveryFrom", { freeFrom: formatPrice(freeThresholdCents) })}
            </li>
            <li className="flex items-center gap-2">
              <ReturnsIcon className="h-5 w-5 shrink-0 text-accent" />
              {t("common.footer.promise.freeReturns", { days: RETURNS_DAYS })}
            </li>
            <li className="flex items-center gap-2">
              <LockIcon className="h-5 w-5 shrink-0 text-accent" />
              {t("shop.home.securePayment")}
            </li>
          </ul>
        </div>
      </div>
      <Suspense fallback={null}>
        <ProductReviews product={{ id: product.id, name: product.name }} page={reviews} query={reviewQuery} />
      </Suspense>
      <RelatedProducts products={related} />
      <RecentlyViewed viewing={toProductCardView(product)} />
    </div>
  );
}

/** The product's attributes; its size only for a one-size product (the selector shows the others). */
function ProductAttributes({ product, several }: { product: ProductView; several: boolean }) {
  const a = product.attributes;
  const t = useT();
  const rows = [
    { label: t("shop.product.attr.size"), value: several ? undefined : a.size },
    { label: t("shop.product.attr.color"), value: several ? undefined : a.color },
    { label: t("shop.product.attr.skinType"), value: a.skin_type },
    { label: t("shop.product.attr.usage"), value: a.usage },
  ].filter((r): r is { label: string; value: string } => Boolean(r.value));
  if (rows.length === 0) return null;
  return (
    <dl className="mt-6 grid grid-cols-2 gap-x-6 gap-y-2 text-sm">
      {rows.map((r) => (
        <div key={r.label} className="contents">
          <dt className="text-muted">{r.label}</dt>
          <dd>{r.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
