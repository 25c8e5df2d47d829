import { useState } from "react";
import { useT } from "~/components/ui/i18n";
import { REVIEW_PHOTOS_MAX } from "~/domain/reviews/review-rules";
import * as SHOP_MESSAGES from "~/domain/messages/shop";
import { NETWORK_MESSAGE } from "../review-api";
import { describedBy, ReviewFieldError, type ReviewFieldProps } from "./review-form-fields";

export type ReviewPhotos = {
  /** The stored photos' addresses, in the order they were added. */
  photos: string[];
  uploading: boolean;
  addPhotos: (files: FileList | null) => Promise<void>;
  removePhoto: (url: string) => void;
};

/**
 * The review's photos, up to REVIEW_PHOTOS_MAX. `onError` receives the photos' message (undefined
 * clears it): it belongs with the form's other messages.
 */
export function useReviewPhotos(onError: (message: string | undefined) => void): ReviewPhotos {
  const [photos, setPhotos] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);

  /** Each chosen file goes to the image pipeline at once; the review then names the stored photos. */
  async function addPhotos(files: FileList | null) {
    const chosen = [...(files ?? [])].slice(0, REVIEW_PHOTOS_MAX - photos.length);
    if (chosen.length === 0) return;
    setUploading(true);
    onError(undefined);
    for (const file of chosen) {
      try {
        const res = await fetch("/api/v1/review-photos", {
          method: "POST",
          headers: { "Content-Type": file.type || "application/octet-stream" },
          body: file,
        });
        const json = (await res.json().catch(() => ({}))) as { data?: { url: string }; error?: { message?: string } };
        if (res.ok && json.data) {
          const url = json.data.url;
          setPhotos((p) => (p.length < REVIEW_PHOTOS_MAX ? [...p, url] : p));
        } else {
          onError(json.error?.message ?? SHOP_MESSAGES.photoCouldNotAdded);
        }
      } catch {
        onError(NETWORK_MESSAGE);
      }
    }
    setUploading(false);
  }

  const removePhoto = (url: string) => setPhotos((p) => p.filter((u) => u !== url));

  return { photos, uploading, addPhotos, removePhoto };
}

/** The photos field: the file input, the upload's progress and the photos added, each removable. */
export function ReviewPhotosField({
  id,
  errors,
  photos: { photos, uploading, addPhotos, removePhoto },
}: ReviewFieldProps & { photos: ReviewPhotos }) {
  const t = useT();
  return (
    <div>
      <label htmlFor={`${id}-photos`} className="text-sm font-semibold">
        {t("shop.reviewForm.photos", { max: REVIEW_PHOTOS_MAX })}
      </label>
      <input
        id={`${id}-photos`}
        name="photo_files"
        type="file"
        accept="image/jpeg,image/png,image/webp"
        multiple
        disabled={uploading || photos.length >= REVIEW_PHOTOS_MAX}
        onChange={(e) => {
          void addPhotos(e.currentTarget.files);
          e.currentTarget.value = "";
        }}
        aria-describedby={describedBy(id, errors, "photos")}
        className="mt-1 block w-full text-sm"
      />
      {uploading && (
        <p role="status" className="mt-1 text-sm text-muted">
          {t("shop.reviewForm.uploading")}
        </p>
      )}
      <ReviewFieldError id={id} errors={errors} field="photos" />
      {photos.length > 0 && (
        <ul className="mt-2 flex flex-wrap gap-3" aria-label={t("shop.reviewForm.addedPhotos")}>
          {photos.map((url, i) => (
            <li key={url} className="flex flex-col items-start gap-1">
              <img
                src={url}
                alt={t("shop.reviewForm.addedPhotoAlt", { index: i + 1, count: photos.length })}
                width={72}
                height={72}
                className="h-18 w-18 rounded-lg border border-line object-cover"
              />
              <button type="button" onClick={() => removePhoto(url)} className="min-h-11 text-sm underline underline-offset-4">
                {t("shop.cart.remove")}
                <span className="sr-only">{t("shop.reviewForm.removePhotoSuffix", { index: i + 1 })}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
