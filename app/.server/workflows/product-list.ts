/**
 * A page of the catalogue as `GET /api/v1/products` gives it: the products with their variants.
 * Two queries a call (the page, then the page's variants), and on two cores the database's share
 * of that call was what a second worker could not gain (decision 039, "The API's pages"): so the
 * answer is remembered a few seconds per process, like the product page's data (product-page.ts).
 *
 * It is a read memo (read-memo.ts) and is right within a second in the same way: every request
 * that may write forgets every read memo of its process before it runs and, once done, of every
 * other server process; the import script's catalogue change forgets them through "pages"; a
 * change made straight in the database shows within PRODUCT_LIST_MEMO_TTL_MS. The response itself
 * tells clients they may keep it 30 s (`Cache-Control: max-age=30`), so the memo never serves an
 * answer older than the one a client is allowed to hold.
 */
import type { Executor } from "~/.server/db/client";
import { createReadMemo } from "~/.server/read-memo";
import { listProductsWithVariants } from "~/.server/modules/catalog/product-detail.service";
import type { ProductListResult } from "~/.server/modules/catalog/catalog.service";
import type { ProductListQuery } from "~/domain/catalog/catalog.schema";

export const PRODUCT_LIST_MEMO_TTL_MS = 30_000;

/**
 * Searches make many keys; each entry is one page of at most 100 products (tens of kilobytes), so
 * the memo holds at most a few tens of megabytes.
 */
const productLists = createReadMemo<ProductListResult>({ ttlMs: PRODUCT_LIST_MEMO_TTL_MS, maxEntries: 1_000 });

/**
 * One page of the catalogue for a validated query, each product with its `variants`. The answer is
 * shared between requests: read it, never change it.
 */
export function readProductList(db: Executor, query: ProductListQuery): Promise<ProductListResult> {
  return productLists.get(memoKey(query), () => listProductsWithVariants(db, query, { clampPage: false }));
}

/** The same query, whatever order its parameters came in, gives the same key. */
export function memoKey(query: ProductListQuery): string {
  return JSON.stringify(
    Object.keys(query)
      .sort()
      .map((name) => [name, query[name as keyof ProductListQuery]]),
  );
}
