/**
 * Review photos (docs/decisions/037-reviews.md): the reviews module records who uploaded each
 * photo and which review holds it; the media store keeps the files. An upload is refused past the
 * account's limits before its body is read, and again under the account's lock once the image is
 * re-encoded (then its file is removed). Photos no review took within a day go, rows then files.
 */
import type { Executor } from "~/.server/db/client";
import { removeReviewPhotoFiles, storeReviewPhoto, type StoredProductImage } from "~/.server/media/product-images";
import { checkReviewPhotoUpload, recordReviewPhoto, takeAbandonedReviewPhotos } from "~/.server/modules/reviews/reviews.service";

export async function uploadReviewPhoto(db: Executor, userId: string, readBody: () => Promise<Uint8Array>): Promise<StoredProductImage> {
  await checkReviewPhotoUpload(db, userId);
  const stored = await storeReviewPhoto(await readBody());
  try {
    await recordReviewPhoto(db, userId, stored.key, stored.bytes);
  } catch (error) {
    await removeReviewPhotoFiles([stored.key]);
    throw error;
  }
  return stored;
}

/** One pass of the sweep: the abandoned photos' rows, then their files. */
export async function sweepAbandonedReviewPhotos(db: Executor): Promise<{ removed: number }> {
  let removed = 0;
  for (;;) {
    const keys = await takeAbandonedReviewPhotos(db);
    await removeReviewPhotoFiles(keys);
    removed += keys.length;
    if (keys.length === 0) return { removed };
  }
}
