import type { Route } from "./+types/product-reviewable";
import { requireApiUser } from "~/.server/auth/session.server";
import { apiLoader, dataResponse, methodNotAllowed } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { listOwnReviews, reviewableVariants } from "~/.server/modules/reviews/reviews.service";

/**
 * GET /api/v1/products/{id}/reviewable: the variants of this product the signed-in shopper received
 * and has not reviewed yet ('Donner mon avis'), and their own reviews of it with their status. Asked by the page in the browser, so the product
 * page itself stays the same for everyone (and cacheable).
 */
export const loader = apiLoader(async ({ request, params }: Route.LoaderArgs) => {
  const session = await requireApiUser(request);
  const db = await getDb();
  const [variants, own] = await Promise.all([
    reviewableVariants(db, session.user.id, params.id),
    listOwnReviews(db, session.user.id, params.id),
  ]);
  return dataResponse({ variants: variants.map((v) => ({ variant_id: v.variantId, variant_label: v.variantLabel })), own });
});

export const action = methodNotAllowed;
