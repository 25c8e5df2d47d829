/**
 * The product page's data: the product with its variants, 'Vous aimerez aussi', the page of reviews
 * the address asks for and the reviews given to search engines. Six queries, and most of what a
 * product page costs PostgreSQL; so the answer is remembered a few seconds per process
 * (decision 039, "The product page's data").
 *
 * It is a read memo (read-memo.ts), so it is right within a second everywhere a change is made
 * through the shop: every request that may write (an order, a review, an admin edit, an API key's
 * call) forgets every read memo of its process before it runs and, once done, of every other
 * server process (the "sessions" announcement); a catalogue change made outside a request (the
 * import script) forgets them through "pages". No background job changes what the page shows
 * (stock moves with orders, cancellations and returns, all requests); a change made straight in
 * the database shows within PRODUCT_PAGE_MEMO_TTL_MS. The lifetime is long because a miss is
 * what costs PostgreSQL: measured on the bench's 20 products, 3 s left 15 % of pages reading
 * afresh, and that took most of what a second worker brings on two cores (decision 039). Stock
 * shown is only a display: an order counts stock in its own transaction, whatever the page said.
 */
import type { Executor } from "~/.server/db/client";
import { createReadMemo } from "~/.server/read-memo";
import { getProductPage } from "~/.server/modules/catalog/product-detail.service";
import { listProductReviews, reviewsForStructuredData, type ReviewPage } from "~/.server/modules/reviews/reviews.service";
import { REVIEWS_IN_STRUCTURED_DATA, type ReviewView } from "~/domain/reviews/review-rules";
import type { ReviewListQuery } from "~/domain/reviews/reviews";
import type { ProductCardView, ProductView } from "~/domain/catalog/catalog.types";
import { getBundleViews } from "~/.server/modules/inventory/bundles.service";
import type { BundleContentsView } from "~/domain/catalog/bundles";

export const PRODUCT_PAGE_MEMO_TTL_MS = 30_000;

export type ProductPageData = {
  /** The sets among the product's variants, by variant id, with what one set holds (decision 070). */
  bundles: Record<string, BundleContentsView>;
  product: ProductView;
  related: ProductCardView[];
  reviews: ReviewPage;
  structuredReviews: ReviewView[];
};

/** A few thousand products' first pages: each entry is a few tens of kilobytes at most. */
const productPages = createReadMemo<ProductPageData | null>({ ttlMs: PRODUCT_PAGE_MEMO_TTL_MS, maxEntries: 2_000 });

/** Null for an unknown product. The answer is shared between requests: read it, never change it. */
export function readProductPage(db: Executor, productId: string, reviewQuery: ReviewListQuery): Promise<ProductPageData | null> {
  const key = `${productId}|${reviewQuery.sort}|${reviewQuery.stars ?? ""}|${reviewQuery.with_photos ? 1 : 0}|${reviewQuery.page}`;
  return productPages.get(key, async () => {
    const page = await getProductPage(db, productId);
    if (!page) return null;
    const [reviews, structuredReviews] = await Promise.all([
      listProductReviews(db, page.product.id, reviewQuery, { productKnown: true }),
      reviewsForStructuredData(db, page.product.id, REVIEWS_IN_STRUCTURED_DATA),
    ]);
    const bundles = await bundleContentsOf(
      db,
      (page.product.variants ?? []).map((v) => v.id),
    );
    return { ...page, bundles, reviews, structuredReviews };
  });
}

/** What each set variant of the page holds, worded for the shopper ("2 × Sérum éclat · 30 ml"). */
async function bundleContentsOf(db: Executor, variantIds: string[]): Promise<Record<string, BundleContentsView>> {
  const views = await getBundleViews(db, variantIds);
  return Object.fromEntries(
    [...views].map(([variantId, view]) => [
      variantId,
      {
        components: view.components.map((c) => ({
          product_id: c.productId,
          name: c.name,
          brand: c.brand,
          variant_label: c.variantCount > 1 ? c.variantLabel : null,
          sku: c.sku,
          quantity: c.quantity,
        })),
      },
    ]),
  );
}
