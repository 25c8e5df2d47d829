import { useEffect, useId, useState, type FormEvent } from "react";
import { buttonClass } from "~/components/ui/button";
import { createReview, deleteReview, failureMessage, fetchMyReviews, NETWORK_MESSAGE, updateReview, type MyReviews } from "../review-api";
import { ReviewCreateSchema, ReviewPatchSchema } from "~/domain/reviews/reviews";
import { useT, useTranslateMessage, type MessageKey } from "~/components/ui/i18n";
import {
  REVIEW_AGE_RANGES,
  REVIEW_BODY_MAX,
  REVIEW_PHOTOS_MAX,
  REVIEW_SKIN_TYPE_LABELS,
  REVIEW_SKIN_TYPES,
  REVIEW_TITLE_MAX,
  REVIEW_REJECTION_LABELS,
  type OwnReviewView,
} from "~/domain/reviews/review-rules";
import * as SHOP_MESSAGES from "~/domain/messages/shop";

type Errors = Partial<Record<"rating" | "title" | "body" | "skin_type" | "age_range" | "variant_id" | "photos" | "form", string>>;

const inputClass = "min-h-11 w-full rounded-lg border border-line bg-white px-3 py-2";

/**
 * 'Donner mon avis', shown only to a signed-in shopper who received this product and has not
 * reviewed every variant bought (asked in the browser: the product page is the same for all).
 * Validated with the review schema here and again on the server. Mounted only for a signed-in
 * shopper (LazyReviewForm in product-reviews.tsx).
 */
export function ReviewForm({ productId, productName }: { productId: string; productName: string }) {
  const [mine, setMine] = useState<MyReviews | null>(null);
  const reviewable = mine?.variants ?? null;
  const [open, setOpen] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [photos, setPhotos] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);
  const id = useId();
  const t = useT();
  const translateMessage = useTranslateMessage();

  useEffect(() => {
    let live = true;
    void fetchMyReviews(productId).then((mine) => live && setMine(mine.ok ? mine.data : { variants: [], own: [] }));
    // The address of 'Donner mon avis' from an order opens the form directly.
    if (window.location.hash === "#donner-mon-avis") setOpen(true);
    return () => {
      live = false;
    };
  }, [productId]);

  if (sent) {
    return (
      <p role="status" className="mt-6 rounded-xl bg-cream p-4 text-sm">
        {t("shop.reviewForm.sent")}
      </p>
    );
  }
  if (!mine) return null;
  const own =
    mine.own.length > 0 ? (
      <OwnReviews
        reviews={mine.own}
        onDeleted={(id) => setMine({ ...mine, own: mine.own.filter((r) => r.id !== id) })}
        onEdited={(next) => setMine({ ...mine, own: mine.own.map((r) => (r.id === next.id ? next : r)) })}
      />
    ) : null;
  if (!reviewable || reviewable.length === 0) return own;

  /** Each chosen file goes to the image pipeline at once; the review then names the stored photos. */
  async function addPhotos(files: FileList | null) {
    const chosen = [...(files ?? [])].slice(0, REVIEW_PHOTOS_MAX - photos.length);
    if (chosen.length === 0) return;
    setUploading(true);
    setErrors((e) => ({ ...e, photos: undefined }));
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
          setErrors((e) => ({ ...e, photos: json.error?.message ?? SHOP_MESSAGES.photoCouldNotAdded }));
        }
      } catch {
        setErrors((e) => ({ ...e, photos: NETWORK_MESSAGE }));
      }
    }
    setUploading(false);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const values = Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v)]));
    if (reviewable?.length === 1) values.variant_id = reviewable[0].variant_id;
    delete values.photo_files;
    const parsed = ReviewCreateSchema.safeParse({ ...values, photos });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0]) as keyof Errors;
        next[key] ??= issue.message;
      }
      setErrors(next);
      document.getElementById(`${id}-${Object.keys(next)[0]}`)?.focus();
      return;
    }
    setBusy(true);
    setErrors({});
    const created = await createReview(productId, parsed.data);
    setBusy(false);
    if (created.ok) return setSent(true);
    setErrors({ form: failureMessage(created, SHOP_MESSAGES.reviewCouldNotSavedTry) });
  }

  const describedBy = (field: keyof Errors) => (errors[field] ? `${id}-${field}-error` : undefined);
  const fieldError = (field: keyof Errors) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className="mt-1 text-sm text-danger">
        {translateMessage(errors[field] ?? "")}
      </p>
    ) : null;

  return (
    <div id="donner-mon-avis" className="mt-6 scroll-mt-24">
      {own}
      {!open ? (
        <button type="button" onClick={() => setOpen(true)} className={buttonClass({ variant: "accent" })}>
          {t("shop.reviewForm.open")}
        </button>
      ) : (
        <form
          onSubmit={submit}
          noValidate
          aria-labelledby={`${id}-heading`}
          className="space-y-4 rounded-2xl border border-line bg-white p-5"
        >
          <h3 id={`${id}-heading`} className="font-semibold">
            {t("shop.reviewForm.heading", { name: productName })}
          </h3>
          {reviewable.length > 1 && (
            <div>
              <label htmlFor={`${id}-variant_id`} className="text-sm font-semibold">
                {t("shop.reviewForm.variant")}
              </label>
              <select id={`${id}-variant_id`} name="variant_id" className={inputClass} aria-describedby={describedBy("variant_id")}>
                <option value="">{t("shop.reviewForm.choose")}</option>
                {reviewable.map((v) => (
                  <option key={v.variant_id} value={v.variant_id}>
                    {v.variant_label ?? t("shop.reviewForm.singleFormat")}
                  </option>
                ))}
              </select>
              {fieldError("variant_id")}
            </div>
          )}
          <fieldset aria-describedby={describedBy("rating")}>
            <legend className="text-sm font-semibold">{t("shop.reviewForm.rating")}</legend>
            <div className="mt-1 flex flex-wrap gap-2">
              {[1, 2, 3, 4, 5].map((n) => (
                <label key={n} className="flex min-h-11 items-center gap-1 rounded-lg border border-line px-3">
                  <input type="radio" name="rating" value={n} id={n === 1 ? `${id}-rating` : undefined} />
                  {t("shop.reviews.stars", { count: n })}
                </label>
              ))}
            </div>
            {fieldError("rating")}
          </fieldset>
          <div>
            <label htmlFor={`${id}-title`} className="text-sm font-semibold">
              {t("shop.reviewForm.title")}
            </label>
            <input
              id={`${id}-title`}
              name="title"
              maxLength={REVIEW_TITLE_MAX}
              className={inputClass}
              aria-invalid={Boolean(errors.title)}
              aria-describedby={describedBy("title")}
            />
            {fieldError("title")}
          </div>
          <div>
            <label htmlFor={`${id}-body`} className="text-sm font-semibold">
              {t("shop.reviewForm.body")}
            </label>
            <textarea
              id={`${id}-body`}
              name="body"
              rows={5}
              maxLength={REVIEW_BODY_MAX}
              className={inputClass}
              aria-invalid={Boolean(errors.body)}
              aria-describedby={describedBy("body")}
            />
            {fieldError("body")}
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <label htmlFor={`${id}-skin_type`} className="text-sm font-semibold">
                {t("shop.reviewForm.skinType")}
              </label>
              <select id={`${id}-skin_type`} name="skin_type" className={inputClass}>
                <option value="">{t("shop.reviewForm.notSpecified")}</option>
                {REVIEW_SKIN_TYPES.map((s) => (
                  <option key={s} value={s}>
                    {translateMessage(REVIEW_SKIN_TYPE_LABELS[s])}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor={`${id}-age_range`} className="text-sm font-semibold">
                {t("shop.reviewForm.ageRange")}
              </label>
              <select id={`${id}-age_range`} name="age_range" className={inputClass}>
                <option value="">{t("shop.reviewForm.notSpecifiedFem")}</option>
                {REVIEW_AGE_RANGES.map((a) => (
                  <option key={a} value={a}>
                    {t(`shop.reviews.age.${a}` as MessageKey)}
                  </option>
                ))}
              </select>
            </div>
          </div>
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
              aria-describedby={describedBy("photos")}
              className="mt-1 block w-full text-sm"
            />
            {uploading && (
              <p role="status" className="mt-1 text-sm text-muted">
                {t("shop.reviewForm.uploading")}
              </p>
            )}
            {fieldError("photos")}
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
                    <button
                      type="button"
                      onClick={() => setPhotos((p) => p.filter((u) => u !== url))}
                      className="min-h-11 text-sm underline underline-offset-4"
                    >
                      {t("shop.cart.remove")}
                      <span className="sr-only">{t("shop.reviewForm.removePhotoSuffix", { index: i + 1 })}</span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
          <p className="text-xs text-muted">{t("shop.reviewForm.notice")}</p>
          {errors.form && (
            <p role="alert" className="text-sm text-danger">
              {translateMessage(errors.form)}
            </p>
          )}
          <button type="submit" disabled={busy || uploading} className={buttonClass({ variant: "accent" })}>
            {busy ? t("shop.reviewForm.sending") : t("shop.reviewForm.publish")}
          </button>
        </form>
      )}
    </div>
  );
}

const STATUS_TEXT: Record<OwnReviewView["status"], MessageKey> = {
  pending: "shop.reviewForm.status.pending",
  published: "shop.reviewForm.status.published",
  rejected: "shop.reviewForm.status.rejected",
};

/** The shopper's own reviews of this product: their status, 'Modifier mon avis' until moderated, and 'Supprimer mon avis' (confirmed). */
function OwnReviews({
  reviews,
  onDeleted,
  onEdited,
}: {
  reviews: OwnReviewView[];
  onDeleted: (id: string) => void;
  onEdited: (review: OwnReviewView) => void;
}) {
  const [confirming, setConfirming] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [message, setMessage] = useState("");
  const t = useT();
  const translateMessage = useTranslateMessage();

  async function remove(id: string) {
    const deleted = await deleteReview(id);
    if (deleted.ok) {
      setMessage(t("shop.reviewForm.deleted"));
      onDeleted(id);
    } else {
      setMessage(t("shop.reviewForm.deleteFailed"));
    }
    setConfirming(null);
  }

  return (
    <div className="mt-6 space-y-3">
      <h3 className="font-semibold">{t("shop.reviewForm.yours")}</h3>
      <ul className="space-y-3 text-sm">
        {reviews.map((r) => (
          <li key={r.id} className="rounded-xl border border-line bg-white p-3">
            <p>
              {t("shop.reviewForm.ownLine", {
                title: r.title,
                rating: r.rating,
                variant: r.variant_label ? `, ${r.variant_label}` : "",
                status: t(STATUS_TEXT[r.status]),
              })}
              {r.status === "rejected" && r.rejection_reason ? ` (${translateMessage(REVIEW_REJECTION_LABELS[r.rejection_reason])})` : ""}.
            </p>
            {confirming === r.id ? (
              <div className="mt-2 flex flex-wrap gap-2">
                <button type="button" onClick={() => remove(r.id)} className={buttonClass({ variant: "danger", size: "sm" })}>
                  {t("shop.reviewForm.confirmDelete")}
                </button>
                <button type="button" onClick={() => setConfirming(null)} className={buttonClass({ size: "sm" })}>
                  {t("shop.reviewForm.cancel")}
                </button>
              </div>
            ) : editing === r.id ? (
              <EditOwnReview
                review={r}
                onCancel={() => setEditing(null)}
                onSaved={(next) => {
                  setEditing(null);
                  setMessage(t("shop.reviewForm.edited"));
                  onEdited(next);
                }}
              />
            ) : (
              <div className="mt-2 flex flex-wrap gap-4">
                {r.status === "pending" && (
                  <button
                    type="button"
                    onClick={() => setEditing(r.id)}
                    className="min-h-11 underline underline-offset-4 hover:text-accent"
                  >
                    {t("shop.reviewForm.edit")}
                  </button>
                )}
                <button
                  type="button"
                  onClick={() => setConfirming(r.id)}
                  className="min-h-11 underline underline-offset-4 hover:text-accent"
                >
                  {t("shop.reviewForm.delete")}
                </button>
              </div>
            )}
          </li>
        ))}
      </ul>
      <p role="status" className="text-sm text-muted">
        {message}
      </p>
    </div>
  );
}

/** Editing an own review while it waits for moderation: the note, the title and the text. */
function EditOwnReview({
  review,
  onCancel,
  onSaved,
}: {
  review: OwnReviewView;
  onCancel: () => void;
  onSaved: (r: OwnReviewView) => void;
}) {
  const id = useId();
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const t = useT();
  const translateMessage = useTranslateMessage();

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = Object.fromEntries([...new FormData(event.currentTarget).entries()].map(([k, v]) => [k, String(v)]));
    const parsed = ReviewPatchSchema.safeParse(values);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? SHOP_MESSAGES.invalidReview);
    setBusy(true);
    const updated = await updateReview(review.id, parsed.data);
    setBusy(false);
    if (updated.ok) return onSaved(updated.data);
    setError(failureMessage(updated, SHOP_MESSAGES.reviewCouldNotUpdatedTry));
  }

  return (
    <form onSubmit={save} noValidate className="mt-3 space-y-3" aria-label={t("shop.reviewForm.edit")}>
      <label className="block">
        <span className="font-semibold">{t("shop.reviewForm.rating")}</span>
        <select name="rating" defaultValue={String(review.rating)} className={inputClass}>
          {[1, 2, 3, 4, 5].map((n) => (
            <option key={n} value={n}>
              {t("shop.reviews.stars", { count: n })}
            </option>
          ))}
        </select>
      </label>
      <label className="block" htmlFor={`${id}-title`}>
        <span className="font-semibold">{t("shop.reviewForm.title")}</span>
      </label>
      <input id={`${id}-title`} name="title" defaultValue={review.title} maxLength={REVIEW_TITLE_MAX} className={inputClass} />
      <label className="block" htmlFor={`${id}-body`}>
        <span className="font-semibold">{t("shop.reviewForm.body")}</span>
      </label>
      <textarea id={`${id}-body`} name="body" rows={4} defaultValue={review.body} maxLength={REVIEW_BODY_MAX} className={inputClass} />
      {error && (
        <p role="alert" className="text-danger">
          {translateMessage(error)}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={busy} className={buttonClass({ variant: "accent", size: "sm" })}>
          {t("shop.reviewForm.save")}
        </button>
        <button type="button" onClick={onCancel} className={buttonClass({ size: "sm" })}>
          {t("shop.reviewForm.cancel")}
        </button>
      </div>
    </form>
  );
}
