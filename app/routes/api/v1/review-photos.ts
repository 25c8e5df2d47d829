import type { Route } from "./+types/review-photos";
import { requireApiUser } from "~/.server/auth/session.server";
import { apiAction, dataResponse, methodNotAllowed } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { readBodyWithLimit } from "~/.server/media/product-images";
import { uploadReviewPhoto } from "~/.server/workflows/review-photos";
import { PRODUCT_IMAGE_MAX_BYTES } from "~/domain/catalog/admin-product-form.schema";

/**
 * POST /api/v1/review-photos: a photo for a review, as the raw request body (JPG, PNG or WebP,
 * PRODUCT_IMAGE_MAX_BYTES at most), checked by its bytes and re-encoded like product images;
 * answers its URL (201) to send in the review's `photos`. The photo is the uploader's: only their
 * account can put it in a review. Past the account's upload limits: 429, before the body is read.
 */
export const action = apiAction({
  POST: async ({ request }: Route.ActionArgs) => {
    const session = await requireApiUser(request);
    const stored = await uploadReviewPhoto(await getDb(), session.user.id, () => readBodyWithLimit(request, PRODUCT_IMAGE_MAX_BYTES));
    return dataResponse({ url: stored.url, width: stored.width, height: stored.height }, { status: 201 });
  },
});

export const loader = methodNotAllowed;
