import type { Route } from "./+types/product-images";
import { requireApiStaff } from "~/.server/auth/session.server";
import { apiAction, apiLoader, dataResponse } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { adminActorOf } from "~/.server/modules/activity-log/activity-log.service";
import { recordAdminChange } from "~/.server/outbox/events";
import { notFound } from "~/domain/errors";
import { readBodyWithLimit, removeUnreferencedProductImages, storeProductImage, uploadKeyOf } from "~/.server/media/product-images";
import {
  IMAGE_TOO_LARGE_MESSAGE,
  IMAGE_TYPE_MESSAGE,
  PRODUCT_IMAGE_MAX_BYTES,
  PRODUCT_IMAGE_MAX_SIDE,
  PRODUCT_IMAGE_TYPES,
} from "~/domain/catalog/admin-product-form.schema";

/**
 * GET /api/v1/admin/product-images: what an upload may be (types, size, resulting box). The
 * product form's uploads, for a staff member's session only: an API key is not read here (the
 * route never served keys; the OpenAPI document offers it the session cookie alone).
 */
export const loader = apiLoader(async ({ request }: Route.LoaderArgs) => {
  await requireApiStaff(request, "catalog.read");
  return dataResponse({
    accepted_types: PRODUCT_IMAGE_TYPES,
    max_bytes: PRODUCT_IMAGE_MAX_BYTES,
    max_side: PRODUCT_IMAGE_MAX_SIDE,
    output_type: "image/webp",
    messages: { type: IMAGE_TYPE_MESSAGE, size: IMAGE_TOO_LARGE_MESSAGE },
  });
});

/**
 * POST: the image file as the raw request body (what XMLHttpRequest.send(file) sends), checked
 * by its bytes, capped at 5 MB while read, re-encoded and stored; answers its URL (201).
 * DELETE ?url=/media/uploads/products/...: discards an upload the form will not save (kept if a
 * product uses it).
 */
const byMethod = apiAction({
  POST: async ({ request }: Route.ActionArgs) => {
    const actor = adminActorOf(await requireApiStaff(request, "catalog.write"));
    const stored = await storeProductImage(await readBodyWithLimit(request, PRODUCT_IMAGE_MAX_BYTES));
    // The file lives outside the database: the entry follows the stored file (decision 048).
    await recordAdminChange(await getDb(), actor, {
      action: "product_image.upload",
      entityType: "product_image",
      entityId: stored.url,
      summary: `Image produit envoyée (${stored.width}×${stored.height})`,
      after: { url: stored.url, bytes: stored.bytes },
    });
    return dataResponse({ url: stored.url, width: stored.width, height: stored.height, bytes: stored.bytes }, { status: 201 });
  },
  DELETE: async ({ request }: Route.ActionArgs) => {
    // The permission first: a role that may not delete learns nothing of which images exist.
    const actor = adminActorOf(await requireApiStaff(request, "catalog.write"));
    const url = new URL(request.url).searchParams.get("url") ?? "";
    if (!uploadKeyOf(url)) throw notFound("not_found", "Image introuvable");
    const removed = await removeUnreferencedProductImages(await getDb(), [url]);
    if (removed.length > 0) {
      await recordAdminChange(await getDb(), actor, {
        action: "product_image.delete",
        entityType: "product_image",
        entityId: url,
        summary: "Image produit supprimée",
        before: { url },
      });
    }
    return dataResponse({ url, deleted: removed.length > 0 });
  },
});

export async function action(args: Route.ActionArgs) {
  // A staff member is checked before the method: anyone else learns nothing of this route. Each
  // method then checks its permission.
  await requireApiStaff(args.request, "staff");
  return byMethod(args);
}
