import type { Route } from "./+types/review-photos";
import { requireApiUser } from "~/.server/auth/session.server";
import { apiAction, dataResponse, methodNotAllowed } from "~/.server/api/route";
import { readBodyWithLimit, storeReviewPhoto } from "~/.server/media/product-images";
import { PRODUCT_IMAGE_MAX_BYTES } from "~/domain/catalog/admin-product-form.schema";

/**
 * POST /api/v1/review-photos: a photo for a review, as the raw request body (JPG, PNG or WebP,
 * 5 MB at most), checked by its bytes and re-encoded like product images; answers its URL (201)
 * to send in the review's `photos`.
 */
export const action = apiAction({
  POST: async ({ request }: Route.ActionArgs) => {
    await requireApiUser(request);
    const stored = await storeReviewPhoto(await readBodyWithLimit(request, PRODUCT_IMAGE_MAX_BYTES));
    return dataResponse({ url: stored.url, width: stored.width, height: stored.height }, { status: 201 });
  },
});

export const loader = methodNotAllowed;
