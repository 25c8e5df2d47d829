import type { Route } from "./+types/product-images";
import { requireApiAdmin } from "~/.server/auth/session.server";
import { apiAction } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { jsonError, jsonOk } from "~/.server/http";
import { readBodyWithLimit, removeUnreferencedProductImages, storeProductImage, uploadKeyOf } from "~/.server/media/product-images";
import {
  IMAGE_TOO_LARGE_MESSAGE,
  IMAGE_TYPE_MESSAGE,
  PRODUCT_IMAGE_MAX_BYTES,
  PRODUCT_IMAGE_MAX_SIDE,
  PRODUCT_IMAGE_TYPES,
} from "~/domain/catalog/admin-product-form.schema";

/** GET /api/v1/admin/product-images: what an upload may be (types, size, resulting box). */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireApiAdmin(request);
  return jsonOk({
    data: {
      accepted_types: PRODUCT_IMAGE_TYPES,
      max_bytes: PRODUCT_IMAGE_MAX_BYTES,
      max_side: PRODUCT_IMAGE_MAX_SIDE,
      output_type: "image/webp",
      messages: { type: IMAGE_TYPE_MESSAGE, size: IMAGE_TOO_LARGE_MESSAGE },
    },
  });
}

const byMethod = apiAction({ POST: handlePost, DELETE: handleDelete });

/**
 * POST: the image file as the raw request body (what XMLHttpRequest.send(file) sends), checked
 * by its bytes, capped at 5 MB while read, re-encoded and stored; answers its URL (201).
 * DELETE ?url=/media/uploads/products/...: discards an upload the form will not save (kept if a
 * product uses it).
 */
export async function action(args: Route.ActionArgs) {
  // The administrator is checked before the method: anyone else learns nothing of this route.
  await requireApiAdmin(args.request);
  return byMethod(args);
}

async function handleDelete({ request }: Route.ActionArgs) {
  const url = new URL(request.url).searchParams.get("url") ?? "";
  if (!uploadKeyOf(url)) return jsonError(404, "not_found", "Image introuvable");
  const removed = await removeUnreferencedProductImages(await getDb(), [url]);
  return jsonOk({ data: { url, deleted: removed.length > 0 } });
}

async function handlePost({ request }: Route.ActionArgs) {
  const body = await readBodyWithLimit(request, PRODUCT_IMAGE_MAX_BYTES);
  if (!body.ok) return jsonError(body.status, body.status === 413 ? "image_too_large" : "unsupported_image", body.message);
  const stored = await storeProductImage(body.data);
  if (!stored.ok) return jsonError(stored.status, stored.status === 413 ? "image_too_large" : "unsupported_image", stored.message);
  return jsonOk({ data: { url: stored.url, width: stored.width, height: stored.height, bytes: stored.bytes } }, { status: 201 });
}
