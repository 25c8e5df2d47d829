import { LockIcon, ReturnsIcon, TruckIcon } from "~/components/ui/icons";
import { data, useNavigate } from "react-router";
import { Breadcrumb } from "~/components/ui/breadcrumb";
import type { Route } from "./+types/product";
import { getDb } from "~/.server/db";
import { absoluteUrl } from "~/.server/http";
import { getLowestPricesLast30Days, getProduct } from "~/.server/modules/catalog/catalog.service";
import { ProductGallery } from "~/features/catalog/components/product-gallery";
import { AddToCartForm } from "~/features/catalog/components/add-to-cart-form";
import { FavoriteButton } from "~/components/favorites/favorite-button";
import { Stars } from "~/components/ui/stars";
import { Price } from "~/components/ui/price";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { formatPrice } from "~/lib/money";
import { publicPageHeaders } from "~/lib/http-cache";
import { buildMeta, summarize } from "~/lib/seo";
import { LOW_STOCK_THRESHOLD, RETURNS_DAYS } from "~/lib/shop-rules";
import { useShippingSettings } from "~/components/layout/use-shipping-settings";
import type { ProductView } from "~/domain/catalog/catalog.types";

export async function loader({ params }: Route.LoaderArgs) {
  const db = await getDb();
  const product = await getProduct(db, params.id);
  if (!product) throw data("Produit introuvable", { status: 404 });
  const discounted = product.original_price_cents !== null && product.original_price_cents > product.price_cents;
  const lowest = discounted ? (await getLowestPricesLast30Days(db, [product.id])).get(product.id) : undefined;
  return {
    product,
    lowestPrice30dCents: lowest ?? null,
    canonical: absoluteUrl(`/product/${product.id}`),
    imageUrl: product.image_url ? absoluteUrl(product.image_url) : null,
  };
}

export const headers = publicPageHeaders;

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [{ title: "Produit introuvable | Aurore" }, { name: "robots", content: "noindex" }];
  const { product } = data;
  return buildMeta({
    title: product.brand ? `${product.name} — ${product.brand}` : product.name,
    description: summarize(product.description) || `${product.name} à ${formatPrice(product.price_cents)} chez Aurore.`,
    url: data.canonical,
    image: data.imageUrl,
    type: "product",
  });
}

function productJsonLd(product: ProductView, url: string, image: string | null) {
  const ld: Record<string, unknown> = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    description: product.description ?? undefined,
    sku: product.sku ?? undefined,
    image: image ?? undefined,
    brand: product.brand ? { "@type": "Brand", name: product.brand } : undefined,
    category: product.category?.name,
    offers: {
      "@type": "Offer",
      url,
      priceCurrency: "EUR",
      price: (product.price_cents / 100).toFixed(2),
      availability: product.in_stock && product.stock_quantity > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      itemCondition: "https://schema.org/NewCondition",
    },
  };
  if (product.review_count > 0) {
    ld.aggregateRating = {
      "@type": "AggregateRating",
      ratingValue: product.rating.toFixed(1),
      reviewCount: product.review_count,
      bestRating: "5",
      worstRating: "0",
    };
  }
  // "<" is escaped so a product text can never close the script element.
  return JSON.stringify(ld).replace(/</g, "\\u003c");
}

function StockLine({ stock }: { stock: number }) {
  if (stock <= 0) return <p className="font-semibold text-danger">Rupture de stock</p>;
  if (stock <= LOW_STOCK_THRESHOLD) return <p className="font-semibold text-warning">Plus que {stock} en stock</p>;
  return <p className="font-semibold text-success">En stock ({stock} disponibles)</p>;
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { freeThresholdCents } = useShippingSettings();
  const { product, lowestPrice30dCents, canonical, imageUrl } = loaderData;
  const navigate = useNavigate();
  // The main image first, then the gallery (the seeded gallery already starts with it).
  const images = [...new Set([product.image_url, ...product.images].filter((u): u is string => Boolean(u)))];
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:py-12">
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: productJsonLd(product, canonical, imageUrl) }} />
      <div className="flex flex-wrap items-center justify-between gap-4">
        <Breadcrumb
          items={[
            { to: "/", label: "Accueil" },
            product.category
              ? { to: `/category/${product.category.slug}`, label: product.category.name }
              : { to: "/products", label: "Produits" },
            { label: product.name },
          ]}
        />
        <button
          type="button"
          onClick={() => (window.history.length > 1 ? navigate(-1) : navigate("/products"))}
          className="min-h-10 rounded-full border border-line px-4 text-sm font-semibold hover:border-accent hover:text-accent"
        >
          ← Retour
        </button>
      </div>

      <div className="mt-8 grid gap-10 lg:grid-cols-2">
        <ProductGallery name={product.name} images={images} />
        <div>
          <p className="text-sm font-semibold uppercase tracking-widest text-accent">{product.category?.name ?? "Produit"}</p>
          {product.brand && <p className="mt-2 text-muted">{product.brand}</p>}
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
            <Stars rating={product.rating} reviewCount={product.review_count} />
          </div>
          <div className="mt-5 text-2xl">
            <Price cents={product.price_cents} originalCents={product.original_price_cents} lowestCents={lowestPrice30dCents} />
          </div>
          <div className="mt-6 max-w-prose leading-relaxed text-ink">
            <h2 className="sr-only">Description</h2>
            <p>{product.description || "Aucune description disponible pour ce produit."}</p>
          </div>
          {Object.keys(product.attributes).length > 0 && (
            <dl className="mt-6 grid grid-cols-2 gap-x-6 gap-y-2 text-sm">
              {product.attributes.size && (
                <>
                  <dt className="text-muted">Contenance</dt>
                  <dd>{product.attributes.size}</dd>
                </>
              )}
              {product.attributes.color && (
                <>
                  <dt className="text-muted">Couleur</dt>
                  <dd>{product.attributes.color}</dd>
                </>
              )}
              {product.attributes.skin_type && (
                <>
                  <dt className="text-muted">Type de peau</dt>
                  <dd>{product.attributes.skin_type}</dd>
                </>
              )}
              {product.attributes.usage && (
                <>
                  <dt className="text-muted">Utilisation</dt>
                  <dd>{product.attributes.usage}</dd>
                </>
              )}
            </dl>
          )}
          <div className="mt-6">
            <StockLine stock={product.in_stock ? product.stock_quantity : 0} />
          </div>
          <AddToCartForm product={product} />
          <ul className="mt-8 space-y-2 border-t border-line pt-6 text-sm">
            <li className="flex items-center gap-2">
              <TruckIcon className="h-5 w-5 shrink-0 text-accent" />
              Livraison offerte dès {formatPrice(freeThresholdCents)}
            </li>
            <li className="flex items-center gap-2">
              <ReturnsIcon className="h-5 w-5 shrink-0 text-accent" />
              Retours gratuits sous {RETURNS_DAYS} jours
            </li>
            <li className="flex items-center gap-2">
              <LockIcon className="h-5 w-5 shrink-0 text-accent" />
              Paiement sécurisé
            </li>
          </ul>
        </div>
      </div>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
